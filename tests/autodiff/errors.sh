#!/bin/sh
# tests/autodiff/errors.sh: the autodiff macros' mistakes are compile errors like a compiler's,
# on the attribute or the type at fault. Compiles each tests/autodiff/errors/*.rs, which must
# fail, and compares rustc's stderr with the .stderr file beside it (paths shown as $DIR).
# A `// build:` line at the top of each .rs says how it is built:
#   // build: rustc              rustc, as through the wrapper with a plugin
#                                (RUSTC_TYPETREE_AUTODIFF=enzyme): the macros' own errors
#   // build: rustc-no-wrapper   plain rustc
#   // build: wrapper-no-plugin  tools/rustc-typetree without --enzyme (a binary)
# usage: tests/autodiff/errors.sh [--bless]   (--bless writes the .stderr files)
cd "$(dirname "$0")/../.." || exit 2
root=$(pwd)
bless=
[ "${1:-}" != --bless ] || bless=1
. tests/autodiff/needs.sh
out=$root/build/tests/autodiff
# The macro crate, built by plain cargo (expansion needs no wrapper).
(cd tests/autodiff && cargo build --offline --locked -q -p typetree-autodiff --target-dir "$out/plain") ||
    { fail "cargo build of typetree-autodiff"; suite_end; }
rlib=$out/plain/debug/libtypetree_autodiff.rlib
deps=$out/plain/debug/deps
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for rs in tests/autodiff/errors/*.rs; do
    name=$(basename "$rs" .rs)
    dir=$(cd "$(dirname "$rs")" && pwd)
    mode=$(sed -n '1,5s/^\/\/ build: *//p' "$rs" | head -n 1)
    set -- --edition 2021 --extern "typetree_autodiff=$rlib" -L "dependency=$deps" "$dir/$name.rs"
    case $mode in
        rustc)
            RUSTC_TYPETREE_AUTODIFF=enzyme rustc --crate-type lib --emit=metadata -o "$tmp/$name.rmeta" "$@" \
                >"$tmp/out" 2>"$tmp/err" ;;
        rustc-no-wrapper)
            env -u RUSTC_TYPETREE_AUTODIFF rustc -o "$tmp/$name" "$@" >"$tmp/out" 2>"$tmp/err" ;;
        wrapper-no-plugin)
            env -u RUSTC_TYPETREE_ENZYME tools/rustc-typetree -o "$tmp/$name" "$@" >"$tmp/out" 2>"$tmp/err" ;;
        *)
            fail "$name: no '// build:' line"
            continue ;;
    esac
    status=$?
    sed -e "s|$dir|\$DIR|g" -e 's/[[:space:]]*$//' "$tmp/err" >"$tmp/stderr"
    expected=tests/autodiff/errors/$name.stderr
    if [ -n "$bless" ]; then
        cp "$tmp/stderr" "$expected"
    fi
    if [ "$status" -eq 0 ]; then
        fail "$name: compiled, expected errors"
    elif [ ! -f "$expected" ]; then
        fail "$name: no $expected (run with --bless to write it)"
    elif cmp -s "$tmp/stderr" "$expected"; then
        pass "$name"
    else
        diff -u "$expected" "$tmp/stderr" > "$tmp/diff"
        fail "$name: stderr differs from $expected:" "$tmp/diff" 40
    fi
done
suite_end
