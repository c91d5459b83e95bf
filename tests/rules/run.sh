#!/bin/sh
# tests/rules: the wrapper's rules for std's runtime (rules/, docs/std-rules.md) on small
# modules, through the real Enzyme: each NAME.ll gets the rules (`typetree rewrite
# --std-rules`, as the wrapper adds them) and runs as a tests/lib/enzyme-cases.sh case file.
#   tests/rules/run.sh [TYPETREE_BIN]   (default build/typetree)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
T=${1:-$root/build/typetree}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for ll in "$here"/*.ll; do
    "$T" rewrite --std-rules "$ll" -o "$tmp/$(basename "$ll")" || {
        echo "[FAIL] $(basename "$ll" .ll): typetree rewrite --std-rules failed"; echo "0 passed, 1 failed"; exit 1; }
done
sh "$root/tests/lib/enzyme-cases.sh" "$tmp"/*.ll
