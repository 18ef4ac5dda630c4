#!/usr/bin/env bash
# The optional compiled build (setup.py, RULEPROOF_MYPYC=1) on this machine: build it in a fresh virtualenv
# with the README's commands, check that the engine really is compiled, and that every engine plays
# exactly as the pure-Python one (ci/engine_fingerprint.py: seeded games and every vector, per book).
# .ci/run runs it after the tests; a failure fails CI.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$root/build"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q -U "setuptools>=77" wheel mypy
RULEPROOF_MYPYC=1 "$tmp/venv/bin/pip" install -q --no-build-isolation .
(cd "$tmp" && "$tmp/venv/bin/python" -c "
import ruleproof.runtime.game as g, ruleproof.specs.fanhanglu.engine.game as f
assert not g.__file__.endswith('.py') and not f.__file__.endswith('.py'), (g.__file__, f.__file__)
print('compiled:', g.__file__.rsplit('/', 1)[-1], f.__file__.rsplit('/', 1)[-1])")
want=$(.venv/bin/python ci/engine_fingerprint.py --games 60)
got=$(cd "$tmp" && "$tmp/venv/bin/python" "$root/ci/engine_fingerprint.py" --games 60)
echo "$got"
if [ "$want" != "$got" ]; then
  echo "compiled build plays differently from the pure-Python engine:" >&2
  diff <(echo "$want") <(echo "$got") >&2 || true
  exit 1
fi
(cd "$tmp" && "$tmp/venv/bin/python" "$root/ci/bench_study.py" engine --games 500)
echo "compiled build: same fingerprints as pure Python"
