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
wrapper=${RUSTC_TYPETREE:-$here/../../tools/rustc-typetree}
FILECHECK=/usr/lib/llvm-22/bin/FileCheck
OPT=/usr/lib/llvm-22/bin/opt
use_wrapper=0
if [ "${RUN_MAKE_WRAPPER:-0}" = 1 ]; then
    if [ -x "$wrapper" ]; then use_wrapper=1; else echo "note: RUN_MAKE_WRAPPER=1 but $wrapper is missing; driving the pipeline directly"; fi
fi
if ! command -v rustc >/dev/null 2>&1; then
    echo "SKIP: no rustc on PATH"
    echo "0 passed, 0 failed"
    exit 0
fi
# with_toolchain CMD...: run CMD under rustup's nightly toolchain when the case needs it.
with_toolchain() {
    if [ -n "$toolchain" ]; then RUSTUP_TOOLCHAIN=$toolchain "$@"; else "$@"; fi
}
have_nightly=0
rustc +nightly --version >/dev/null 2>&1 && have_nightly=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 skip=0
bad() { echo "[FAIL] $1"; [ -s "$2" ] && sed 's/^/    /' "$2" | head -30; fail=$((fail + 1)); }

cases=$*
[ -n "$cases" ] || cases=$(cd "$here" && for d in */; do [ -f "$d/test.rs" ] && echo "${d%/}"; done)
for c in $cases; do
    rs=$here/$c/test.rs check=$here/$c/test.check
    w=$tmp/$c log=$tmp/$c/log
    mkdir -p "$w"
    if [ ! -f "$rs" ] || [ ! -f "$check" ]; then bad "$c: missing test.rs or test.check" ""; continue; fi
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
            bad "$c: tools/rustc-typetree" "$log"; continue
        fi
        out=$w/$crate.tt.ll
    else
        out=$w/out.ll
        # shellcheck disable=SC2086
        if ! with_toolchain rustc --crate-type=lib --emit=llvm-ir \
                -C debuginfo=2 -C opt-level=0 -C codegen-units=1 $cflags --crate-name "$crate" \
                "$rs" -o "$w/test.ll" >"$log" 2>&1; then
            bad "$c: rustc" "$log"; continue
        fi
        if ! "$T" export "$w/test.ll" -o "$w/types.json" >"$log" 2>&1; then bad "$c: typetree export" "$log"; continue; fi
        # the engine must agree with every offset rustc's debuginfo states (-W: a
        # disagreement is an error)
        if ! "$T" layout -W "$w/types.json" >/dev/null 2>"$log"; then bad "$c: typetree layout -W (engine vs rustc debuginfo)" "$log"; continue; fi
        # shellcheck disable=SC2086
        if ! "$T" annotate --types "$w/types.json" "$w/test.ll" -o "$out" --stats $pairs $aflags >>"$log" 2>&1; then
            bad "$c: typetree annotate" "$log"; continue
        fi
    fi
    if ! "$FILECHECK" --input-file "$out" "$check" >>"$log" 2>&1; then bad "$c: FileCheck test.check" "$log"; continue; fi
    if ! "$OPT" -passes=verify -disable-output "$out" >>"$log" 2>&1; then bad "$c: opt -passes=verify" "$log"; continue; fi
    # //@ explain-body: SYMBOL: `typetree explain --body` on the input, FileChecked
    # against <case>/explain.check (what each in-body annotation says and where it came from)
    sym=$(sed -n 's|^//@ explain-body: *||p' "$rs")
    if [ -n "$sym" ] && [ "$use_wrapper" = 0 ]; then
        if ! "$T" explain "$w/types.json" "$sym" --body "$w/test.ll" >"$w/explain.txt" 2>>"$log"; then
            bad "$c: typetree explain --body" "$log"; continue
        fi
        if ! "$FILECHECK" --input-file "$w/explain.txt" "$here/$c/explain.check" >>"$log" 2>&1; then
            bad "$c: FileCheck explain.check" "$log"; continue
        fi
    fi
    echo "[PASS] $c"
    pass=$((pass + 1))
done
[ "$skip" -eq 0 ] || echo "($skip skipped)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
