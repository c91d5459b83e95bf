#!/bin/sh
# `typetree annotate` on real rustc output: tests/ir/run.sh [--keep DIR] TYPETREE_BIN
#
# Each case is fixtures/ir/NAME.rs (a library crate) beside fixtures/ir/NAME.types.json (its
# functions) and tests/ir/NAME.check (FileCheck lines). A first line `//@ needs-nightly`
# compiles it with `rustc +nightly` and annotates with `-r nightly`; without nightly the
# case prints SKIP and why. For -C opt-level=0 and 3, the crate is compiled with
#   rustc --crate-type=lib --emit=llvm-ir -C opt-level=N -C codegen-units=1
# and annotated twice: as text (NAME.ll -> NAME.tt.ll, the streaming rewriter) and as
# bitcode (llvm-as NAME.ll -> NAME.bc -> NAME.tt.bc, the LLVM-C backend; read back with
# llvm-dis). Each of the 4 runs passes when
#   - `TYPETREE_BIN annotate --types NAME.types.json IN -o OUT --stats` exits 0;
#   - FileCheck --check-prefixes=CHECK,ON --implicit-check-not='"enzyme_type"' NAME.check
#     accepts OUT: the exact trees on the exact parameters, and no attribute that no CHECK
#     line expects;
#   - `opt -passes=verify` accepts OUT;
#   - OUT without its ` "enzyme_type"="{...}"` attributes is IN's text: nothing else changed;
#   - annotating OUT again gives OUT (idempotent), and `--no-typetree` on OUT gives IN.
# These runs use --no-body: the CHECK lines are about signatures, and the LLVM-C backend
# writes signature trees only. The text runs are then annotated once more with bodies
# (NAME.body.ll), which passes when opt verifies it, it differs from IN only by "enzyme_type"
# attributes, `, !enzyme_type !N` attachments and `; typetree` metadata lines, annotating it
# again gives it back and `--no-typetree` on it gives IN. What the body trees say is checked
# by tests/run-make (FileCheck) and by the gradient suite (the real Enzyme).
# Prints [PASS]/[FAIL]/SKIP per run and ends with "N passed, N failed"; exit 1 on a failure.
# Environment: RUSTC (default rustc), LLVM_BIN (default /usr/lib/llvm-22/bin).
usage() {
    echo "usage: $0 [--keep DIR] TYPETREE_BIN" >&2
    exit 2
}
keep=""
while [ $# -gt 0 ]; do
    case $1 in
    --keep) [ $# -ge 2 ] || usage; keep=$2; shift 2 ;;
    -*) usage ;;
    *) break ;;
    esac
done
[ $# -eq 1 ] || usage
bin=$1
case $bin in
/*) ;;
*) bin=$PWD/$bin ;;
esac
cd "$(dirname "$0")/../.." || exit 2
[ -x "$bin" ] || { echo "$0: $bin: not an executable" >&2; exit 2; }
RUSTC=${RUSTC:-rustc}
. tests/lib/suite.sh
suite_need_tools "$FILECHECK" "$OPT" "$LLVM_AS" "$LLVM_DIS"
"$RUSTC" --version >/dev/null 2>&1 || suite_skip "ir: $RUSTC not found (rustup: https://rustup.rs)"
nightly_ok=""
if "$RUSTC" +nightly --version >/dev/null 2>&1; then
    nightly_ok=yes
fi
if [ -n "$keep" ]; then
    mkdir -p "$keep" && work=$keep || exit 2
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/ir-tests.XXXXXX") || exit 2
    trap 'rm -rf "$work"' EXIT INT TERM
fi


# text FILE: FILE as LLVM text without the ModuleID comment (llvm-dis writes the name of
# the file it read there)
text() {
    case $1 in
    *.bc) "$LLVM_DIS" "$1" -o - ;;
    *) cat "$1" ;;
    esac | sed '1{/^; ModuleID = /d;}'
}

# run_case CASE DIR IN OUT CHECKFILE PREFIX: annotate IN (.ll or .bc) into OUT, then check
# (sh has no local variables: rc_*)
run_case() {
    rc_c=$1 rc_d=$2 rc_in=$3 rc_out=$4 rc_check=$5 rc_prefix=$6
    rc_ext=${rc_out##*.}
    if ! "$bin" annotate -r "$rflag" --no-body --types "$types" --pair-offsets "$rc_in" -o "$rc_out" --stats \
        >"$rc_d/annotate.log" 2>&1; then
        fail "$rc_c: typetree annotate failed" "$rc_d/annotate.log"
        return
    fi
    text "$rc_in" >"$rc_d/in.txt" && text "$rc_out" >"$rc_d/out.txt" || {
        fail "$rc_c: llvm-dis cannot read the output"
        return
    }
    if ! "$FILECHECK" --allow-unused-prefixes --check-prefixes="CHECK,$rc_prefix" \
        --implicit-check-not='"enzyme_type"' --dump-input=never "$rc_check" \
        --input-file "$rc_d/out.txt" >"$rc_d/filecheck.log" 2>&1; then
        fail "$rc_c: FileCheck $rc_check (prefixes CHECK,$rc_prefix)" "$rc_d/filecheck.log"
        return
    fi
    if ! "$OPT" -passes=verify -disable-output "$rc_out" >"$rc_d/verify.log" 2>&1; then
        fail "$rc_c: opt -passes=verify rejects the output" "$rc_d/verify.log"
        return
    fi
    sed 's/ "enzyme_type"="{[^"]*}"//g' "$rc_d/out.txt" >"$rc_d/stripped.txt"
    if ! diff "$rc_d/in.txt" "$rc_d/stripped.txt" >"$rc_d/diff.log" 2>&1; then
        fail "$rc_c: the output differs from the input beyond \"enzyme_type\" attributes" \
            "$rc_d/diff.log"
        return
    fi
    if ! "$bin" annotate -r "$rflag" --no-body --types "$types" --pair-offsets "$rc_out" -o "$rc_d/again.$rc_ext" \
        >"$rc_d/again.log" 2>&1 || ! text "$rc_d/again.$rc_ext" >"$rc_d/again.txt" ||
        ! diff "$rc_d/out.txt" "$rc_d/again.txt" >>"$rc_d/again.log" 2>&1; then
        fail "$rc_c: annotating the output again changes it (not idempotent)" "$rc_d/again.log"
        return
    fi
    if ! "$bin" annotate -r "$rflag" --no-typetree --types "$types" "$rc_out" \
        -o "$rc_d/nott.$rc_ext" >"$rc_d/nott.log" 2>&1 || ! text "$rc_d/nott.$rc_ext" >"$rc_d/nott.txt" ||
        ! diff "$rc_d/in.txt" "$rc_d/nott.txt" >>"$rc_d/nott.log" 2>&1; then
        fail "$rc_c: --no-typetree on the output does not give the input back" "$rc_d/nott.log"
        return
    fi
    if [ "$rc_ext" = ll ] && ! body_case "$rc_c" "$rc_d" "$rc_in"; then
        return
    fi
    pass "$rc_c"
}

# body_case CASE DIR IN: the same with in-body annotations (text only); 0 when it passes
body_case() {
    bc_c=$1 bc_d=$2 bc_in=$3
    bc_out=$bc_d/body.ll
    if ! "$bin" annotate -r "$rflag" --types "$types" --pair-offsets "$bc_in" -o "$bc_out" \
        >"$bc_d/body.log" 2>&1; then
        fail "$bc_c: typetree annotate (with bodies) failed" "$bc_d/body.log"
        return 1
    fi
    if ! "$OPT" -passes=verify -disable-output "$bc_out" >"$bc_d/body-verify.log" 2>&1; then
        fail "$bc_c: opt -passes=verify rejects the output with bodies" "$bc_d/body-verify.log"
        return 1
    fi
    sed -e 's/ "enzyme_type"="{[^"]*}"//g' -e 's/ "typetree_segments"="[^"]*"//g' \
        -e 's/, !enzyme_type ![0-9]*//' -e 's/, !typetree_segments ![0-9]*//' \
        -e '/^![0-9]* = .* ; typetree$/d' "$bc_out" | sed '1{/^; ModuleID = /d;}' \
        >"$bc_d/body-stripped.txt"
    if ! diff "$bc_d/in.txt" "$bc_d/body-stripped.txt" >"$bc_d/body-diff.log" 2>&1; then
        fail "$bc_c: the output with bodies differs from the input beyond typetree's annotations" \
            "$bc_d/body-diff.log"
        return 1
    fi
    if ! "$bin" annotate -r "$rflag" --types "$types" --pair-offsets "$bc_out" -o "$bc_d/body-again.ll" \
        >"$bc_d/body-again.log" 2>&1 || ! cmp "$bc_out" "$bc_d/body-again.ll" >>"$bc_d/body-again.log" 2>&1; then
        fail "$bc_c: annotating the output with bodies again changes it" "$bc_d/body-again.log"
        return 1
    fi
    if ! "$bin" annotate -r "$rflag" --no-typetree --types "$types" "$bc_out" \
        -o "$bc_d/body-nott.ll" >"$bc_d/body-nott.log" 2>&1 ||
        ! text "$bc_d/body-nott.ll" | diff "$bc_d/in.txt" - >>"$bc_d/body-nott.log" 2>&1; then
        fail "$bc_c: --no-typetree on the output with bodies does not give the input back" \
            "$bc_d/body-nott.log"
        return 1
    fi
    return 0
}

for rs in fixtures/ir/*.rs; do
    name=$(basename "$rs" .rs)
    types=fixtures/ir/$name.types.json
    checkfile=tests/ir/$name.check
    toolchain=""
    rflag=stable
    if head -n 1 "$rs" | grep -q '^//@ needs-nightly'; then
        if [ -z "$nightly_ok" ]; then
            echo "SKIP $name: needs rustc +nightly (rustup toolchain install nightly)"
            continue
        fi
        toolchain=+nightly
        rflag=nightly
    fi
    for f in "$types" "$checkfile"; do
        [ -f "$f" ] || { fail "$name: missing $f"; continue 2; }
    done
    for o in 0 3; do
        d=$work/$name.O$o
        mkdir -p "$d/ll" "$d/bc"
        # $toolchain is empty or +nightly: unquoted on purpose
        if ! "$RUSTC" $toolchain --crate-type=lib --emit=llvm-ir -C opt-level=$o \
            -C codegen-units=1 --crate-name "$name" -o "$d/$name.ll" "$rs" \
            >"$d/rustc.log" 2>&1; then
            fail "$name O$o: rustc $toolchain failed" "$d/rustc.log"
            continue
        fi
        run_case "$name O$o ll" "$d/ll" "$d/$name.ll" "$d/ll/$name.tt.ll" "$checkfile" "O$o"
        if "$LLVM_AS" "$d/$name.ll" -o "$d/$name.bc" >"$d/as.log" 2>&1; then
            run_case "$name O$o bc" "$d/bc" "$d/$name.bc" "$d/bc/$name.tt.bc" "$checkfile" \
                "O$o"
        else
            fail "$name O$o bc: llvm-as cannot read rustc's output" "$d/as.log"
        fi
    done
done

suite_end
