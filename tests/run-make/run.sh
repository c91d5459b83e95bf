#!/bin/sh
# tests/run-make: real Rust in, annotated IR out, in the manner of rustc's
# tests/run-make/autodiff/type-trees. Each <case>/test.rs is compiled with rustc
# (-C debuginfo=2, opt-level 0, one codegen unit), exported (typetree export), annotated
# (typetree annotate --stats), then <case>/test.check is run through FileCheck on the
# annotated IR and the IR through opt -passes=verify.
# Header lines in test.rs: //@ needs-nightly, //@ compile-flags: ..., //@ annotate-flags: ...,
# //@ explain-body: SYMBOL (also FileCheck <case>/explain.check on `typetree explain --body`),
# //@ optimized (annotate as tools/rustc-typetree does for -O1..3: returned pairs without
# byte-offset trees; otherwise as it does at -O0, with --pair-offsets)
# With RUN_MAKE_WRAPPER=1 and tools/rustc-typetree present, the wrapper does the
# compile/export/annotate steps instead (its <crate>.tt.ll is checked; RUSTC_TYPETREE=PATH
# names another wrapper). Cases that need nightly run with RUSTUP_TOOLCHAIN=nightly.
# usage: tests/run-make/run.sh TYPETREE_BIN [CASE...]
T=${1:?usage: tests/run-make/run.sh TYPETREE_BIN [CASE...]}
shift
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/suite.sh"
wrapper=${RUSTC_TYPETREE:-$here/../../tools/rustc-typetree}
use_wrapper=0
if [ "${RUN_MAKE_WRAPPER:-0}" = 1 ]; then
    if [ -x "$wrapper" ]; then use_wrapper=1; else echo "note: RUN_MAKE_WRAPPER=1 but $wrapper is missing; driving the pipeline directly"; fi
fi
command -v rustc >/dev/null 2>&1 || suite_skip "no rustc on PATH"
# with_toolchain CMD...: run CMD under rustup's nightly toolchain when the case needs it.
with_toolchain() {
    if [ -n "$toolchain" ]; then RUSTUP_TOOLCHAIN=$toolchain "$@"; else "$@"; fi
}
have_nightly=0
rustc +nightly --version >/dev/null 2>&1 && have_nightly=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
skip=0

cases=$*
[ -n "$cases" ] || cases=$(cd "$here" && for d in */; do [ -f "$d/test.rs" ] && echo "${d%/}"; done)
for c in $cases; do
    rs=$here/$c/test.rs check=$here/$c/test.check
    w=$tmp/$c log=$tmp/$c/log
    mkdir -p "$w"
    if [ ! -f "$rs" ] || [ ! -f "$check" ]; then fail "$c: missing test.rs or test.check"; continue; fi
    toolchain=
    if grep -q '^//@ needs-nightly' "$rs"; then
        if [ "$have_nightly" = 0 ]; then echo "SKIP $c: needs nightly"; skip=$((skip + 1)); continue; fi
        toolchain=nightly
    fi
    cflags=$(sed -n 's|^//@ compile-flags: *||p' "$rs")
    aflags=$(sed -n 's|^//@ annotate-flags: *||p' "$rs")
    pairs=--pair-offsets
    ! grep -q '^//@ optimized' "$rs" || pairs=
    crate=$(echo "$c" | tr - _)
    if [ "$use_wrapper" = 1 ]; then
        # shellcheck disable=SC2086
        if ! TYPETREE=$T with_toolchain "$wrapper" $aflags --crate-type=lib \
                -C opt-level=0 -C codegen-units=1 $cflags --crate-name "$crate" --out-dir "$w" "$rs" >"$log" 2>&1; then
            fail "$c: tools/rustc-typetree" "$log" 30; continue
        fi
        out=$w/$crate.tt.ll
    else
        out=$w/out.ll
        # shellcheck disable=SC2086
        if ! with_toolchain rustc --crate-type=lib --emit=llvm-ir \
                -C debuginfo=2 -C opt-level=0 -C codegen-units=1 $cflags --crate-name "$crate" \
                "$rs" -o "$w/test.ll" >"$log" 2>&1; then
            fail "$c: rustc" "$log" 30; continue
        fi
        if ! "$T" export "$w/test.ll" -o "$w/types.json" >"$log" 2>&1; then fail "$c: typetree export" "$log" 30; continue; fi
        # the engine must agree with every offset rustc's debuginfo states (-W: a
        # disagreement is an error)
        if ! "$T" layout -W "$w/types.json" >/dev/null 2>"$log"; then fail "$c: typetree layout -W (engine vs rustc debuginfo)" "$log" 30; continue; fi
        # shellcheck disable=SC2086
        if ! "$T" annotate --types "$w/types.json" "$w/test.ll" -o "$out" --stats $pairs $aflags >>"$log" 2>&1; then
            fail "$c: typetree annotate" "$log" 30; continue
        fi
    fi
    if ! "$FILECHECK" --input-file "$out" "$check" >>"$log" 2>&1; then fail "$c: FileCheck test.check" "$log" 30; continue; fi
    if ! "$OPT" -passes=verify -disable-output "$out" >>"$log" 2>&1; then fail "$c: opt -passes=verify" "$log" 30; continue; fi
    # //@ explain-body: SYMBOL: `typetree explain --body` on the input, FileChecked
    # against <case>/explain.check (what each in-body annotation says and where it came from)
    sym=$(sed -n 's|^//@ explain-body: *||p' "$rs")
    if [ -n "$sym" ] && [ "$use_wrapper" = 0 ]; then
        if ! "$T" explain "$w/types.json" "$sym" --body "$w/test.ll" >"$w/explain.txt" 2>>"$log"; then
            fail "$c: typetree explain --body" "$log" 30; continue
        fi
        if ! "$FILECHECK" --input-file "$w/explain.txt" "$here/$c/explain.check" >>"$log" 2>&1; then
            fail "$c: FileCheck explain.check" "$log" 30; continue
        fi
    fi
    pass "$c"
done
[ "$skip" -eq 0 ] || echo "($skip skipped)"
suite_end
