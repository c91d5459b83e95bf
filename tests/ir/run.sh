#!/bin/sh
# `typetree annotate` on real rustc output: tests/ir/run.sh [--keep DIR] TYPETREE_BIN
#
# Each case is fixtures/ir/NAME.rs (a library crate) beside fixtures/ir/NAME.types.json (its
# functions) and tests/ir/NAME.check (FileCheck lines). A first line `//@ needs-nightly`
# compiles it with `rustc +nightly` and annotates with `-r nightly`; without nightly the
# case prints SKIP and why. For -C opt-level=0 and 3, the crate is compiled with
#   rustc --crate-type=lib --emit=llvm-ir -C opt-level=N -C codegen-units=1
# and annotated twice, as text (NAME.ll -> NAME.tt.ll, the streaming rewriter) and as
# bitcode (llvm-as NAME.ll -> NAME.bc -> NAME.tt.bc, the LLVM-C backend, read back with
# llvm-dis). Each of the 4 runs passes when:
#   - `TYPETREE_BIN annotate --types NAME.types.json IN -o OUT --stats` exits 0;
#   - FileCheck --check-prefixes=CHECK,ON --implicit-check-not='"enzyme_type"' NAME.check
#     accepts the output: the exact trees on the exact parameters, and no attribute that no
#     CHECK line expects;
#   - `opt -passes=verify` accepts it;
#   - removing every ` "enzyme_type"="{...}"` gives back the input text exactly (for
#     bitcode: llvm-dis of the input), i.e. nothing else changed.
# Prints PASS/FAIL/SKIP per run and ends with "N passed, N failed"; exit 1 on a failure.
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
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
for tool in FileCheck opt llvm-as llvm-dis; do
    if [ ! -x "$LLVM_BIN/$tool" ]; then
        echo "SKIP: ir: $LLVM_BIN/$tool not found (Debian: llvm-22-tools / llvm-22)"
        echo "0 passed, 0 failed"
        exit 0
    fi
done
if [ -n "$keep" ]; then
    mkdir -p "$keep" && work=$keep || exit 2
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/ir-tests.XXXXXX") || exit 2
    trap 'rm -rf "$work"' EXIT INT TERM
fi

passed=0
failed=0
pass() {
    echo "PASS $1"
    passed=$((passed + 1))
}
# fail CASE REASON [LOG]: prints the reason and the log's first lines
fail() {
    echo "FAIL $1: $2"
    [ -n "${3:-}" ] && [ -s "$3" ] && sed -n '1,40p' "$3" | sed 's/^/    /'
    failed=$((failed + 1))
}
# strip_attrs FILE: the module text without our attributes and without the ModuleID
# comment (llvm-dis writes the name of the file it read there)
strip_attrs() {
    sed -e '1{/^; ModuleID = /d;}' -e 's/ "enzyme_type"="{[^"]*}"//g' "$1"
}

# check CASE PREFIX CHECKFILE IN_TEXT OUT_TEXT: FileCheck, verifier, nothing else changed
check() {
    c=$1 prefix=$2 checkfile=$3 in_text=$4 out_text=$5
    if ! "$LLVM_BIN/FileCheck" --allow-unused-prefixes --check-prefixes="CHECK,$prefix" \
        --implicit-check-not='"enzyme_type"' "$checkfile" --input-file "$out_text" \
        >"$work/fc.log" 2>&1; then
        fail "$c" "FileCheck $checkfile (prefixes CHECK,$prefix)" "$work/fc.log"
        return
    fi
    if ! "$LLVM_BIN/opt" -passes=verify -disable-output "$out_text" >"$work/verify.log" 2>&1; then
        fail "$c" "opt -passes=verify rejects the output" "$work/verify.log"
        return
    fi
    strip_attrs "$in_text" >"$work/in.ll"
    strip_attrs "$out_text" >"$work/stripped.ll"
    if ! diff "$work/in.ll" "$work/stripped.ll" >"$work/diff.log" 2>&1; then
        fail "$c" "the output differs from the input beyond \"enzyme_type\" attributes" \
            "$work/diff.log"
        return
    fi
    pass "$c"
}

nightly_ok=""
if "$RUSTC" +nightly --version >/dev/null 2>&1; then
    nightly_ok=yes
fi

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
        [ -f "$f" ] || { fail "$name" "missing $f"; continue 2; }
    done
    for o in 0 3; do
        d=$work/$name.O$o
        mkdir -p "$d"
        # $toolchain is empty or +nightly: unquoted on purpose
        if ! "$RUSTC" $toolchain --crate-type=lib --emit=llvm-ir -C opt-level=$o \
            -C codegen-units=1 --crate-name "$name" -o "$d/$name.ll" "$rs" \
            >"$d/rustc.log" 2>&1; then
            fail "$name O$o" "rustc $toolchain failed" "$d/rustc.log"
            continue
        fi

        c="$name O$o ll"
        if "$bin" annotate -r "$rflag" --types "$types" "$d/$name.ll" -o "$d/$name.tt.ll" \
            --stats >"$d/annotate-ll.log" 2>&1; then
            check "$c" "O$o" "$checkfile" "$d/$name.ll" "$d/$name.tt.ll"
        else
            fail "$c" "typetree annotate failed" "$d/annotate-ll.log"
        fi

        c="$name O$o bc"
        if ! "$LLVM_BIN/llvm-as" "$d/$name.ll" -o "$d/$name.bc" >"$d/as.log" 2>&1 ||
            ! "$LLVM_BIN/llvm-dis" "$d/$name.bc" -o "$d/$name.bc.ll" >>"$d/as.log" 2>&1; then
            fail "$c" "llvm-as/llvm-dis of rustc's output failed" "$d/as.log"
        elif "$bin" annotate -r "$rflag" --types "$types" "$d/$name.bc" -o "$d/$name.tt.bc" \
            --stats >"$d/annotate-bc.log" 2>&1 &&
            "$LLVM_BIN/llvm-dis" "$d/$name.tt.bc" -o "$d/$name.tt.bc.ll" \
            >>"$d/annotate-bc.log" 2>&1; then
            check "$c" "O$o" "$checkfile" "$d/$name.bc.ll" "$d/$name.tt.bc.ll"
        else
            fail "$c" "typetree annotate (bitcode) failed" "$d/annotate-bc.log"
        fi
    done
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
