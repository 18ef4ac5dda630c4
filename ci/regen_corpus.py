"""Regenerate the committed corpus manifests (corpus/) and the JSON Schemas the package ships
(src/ruleproof/data/schema/) from the vectors, the vocabularies and the reference engine.

    .venv/bin/python ci/regen_corpus.py

The suite fails when they are out of date (tests/conform/test_corpus.py): a change of vocabulary, of a
vector, of the clause coverage or of the reference engine's behaviour on a vector shows up as a diff here.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from ruleproof.vectors.corpus import books_with_vectors, export

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SCHEMAS = ROOT / "src" / "ruleproof" / "data" / "schema"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "corpus"
        top = export(out, books_with_vectors(None))
        if CORPUS.exists():
            shutil.rmtree(CORPUS)
        CORPUS.mkdir()
        SCHEMAS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(out / "manifest.json", CORPUS / "manifest.json")
        for b in top["books"]:
            (CORPUS / b["key"]).mkdir()
            shutil.copyfile(out / b["key"] / "manifest.json", CORPUS / b["key"] / "manifest.json")
            shutil.copyfile(out / b["key"] / "schema.json", SCHEMAS / f"{b['key']}.schema.json")
    print("corpus manifests and schemas regenerated")


if __name__ == "__main__":
    main()
