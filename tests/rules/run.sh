#!/bin/sh
# tests/rules: the wrapper's rules for std's runtime (rules/, docs/std-rules.md) on small
# modules, through the real Enzyme: each NAME.ll gets the rules (rules/link.sh, as the
# wrapper adds them) and runs as a tests/lib/enzyme-cases.sh case file.
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for ll in "$here"/*.ll; do
    cp "$ll" "$tmp/" && sh "$root/rules/link.sh" "$tmp/$(basename "$ll")" || {
        echo "[FAIL] $(basename "$ll" .ll): rules/link.sh failed"; echo "0 passed, 1 failed"; exit 1; }
done
sh "$root/tests/lib/enzyme-cases.sh" "$tmp"/*.ll
