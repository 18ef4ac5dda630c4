#!/usr/bin/env bash
# The optional compiled build (setup.py, RULEPROOF_MYPYC=1) on this machine: build it in a fresh virtualenv
# with the README's commands, check that the engine really is compiled, and that every engine plays
# exactly as the pure-Python one (ci/engine_fingerprint.py: seeded games and every vector, per book).
# .ci/run starts it in the background at its beginning (it needs nothing the quickstart installs) and
# waits for it at its end; a failure fails CI.
#
# It builds from a copy of the tree, so that it can run beside the tests (the heavy job builds a wheel from
# the checkout, and both builds would share its build/ folder), and it plays the pure-Python games with the
# same virtualenv's interpreter on the checkout's sources (PYTHONPATH=src), so that it waits for no other
# step.  BENCH_GAMES (default 200) sets the size of the speed figure it prints at the end (a figure, not a
# check; docs/studies.md has the measured ones).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/tree"
# GNU tar exits 1 when a file changed while it was read (.ci/run's quickstart installs beside it): the
# sources it copies do not change; 2 is an error.
tar -C "$root" --exclude=./.git --exclude='./.venv*' --exclude=./build --exclude='*.egg-info' \
  --exclude=__pycache__ --exclude=./.mypy_cache --exclude=./.ruff_cache --exclude=./.pytest_cache \
  --exclude=./.hypothesis --warning=no-file-changed -cf "$tmp/tree.tar" . || [ $? -eq 1 ]
tar -C "$tmp/tree" -xf "$tmp/tree.tar"
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q -U "setuptools>=77" wheel mypy
RULEPROOF_MYPYC=1 "$tmp/venv/bin/pip" install -q --no-build-isolation "$tmp/tree"
which() {
  "$tmp/venv/bin/python" -c "
import ruleproof.runtime.game as g, ruleproof.specs.fanhanglu.engine.game as f
print(g.__file__.rsplit('/', 1)[-1], f.__file__.rsplit('/', 1)[-1])"
}
compiled=$(cd "$tmp" && which)
pure=$(cd "$tmp" && PYTHONPATH="$root/src" which)
echo "compiled: $compiled; pure Python: $pure"
case "$compiled" in *.py | *.py\ *) echo "the compiled build is not compiled: $compiled" >&2 && exit 1 ;; esac
[ "$pure" = "game.py game.py" ] || { echo "the pure-Python run does not load the sources: $pure" >&2 && exit 1; }
want=$(cd "$tmp" && PYTHONPATH="$root/src" "$tmp/venv/bin/python" "$root/ci/engine_fingerprint.py" --games 60)
got=$(cd "$tmp" && "$tmp/venv/bin/python" "$root/ci/engine_fingerprint.py" --games 60)
echo "$got"
if [ "$want" != "$got" ]; then
  echo "compiled build plays differently from the pure-Python engine:" >&2
  diff <(echo "$want") <(echo "$got") >&2 || true
  exit 1
fi
(cd "$tmp" && "$tmp/venv/bin/python" "$root/ci/bench_study.py" engine --games "${BENCH_GAMES:-200}")
echo "compiled build: same fingerprints as pure Python"
