#!/bin/sh
# `typetree annotate --drop-unused` (the wrapper leaves out what nothing live refers to,
# docs/build-time.md) against LLVM's own globaldce, the reference: on the hand-made module
# fixtures/drop-unused/module.ll (a dead cycle, a dead vtable, names live by linkage, by
# llvm.used, by metadata and by Enzyme's naming, a quoted name, a string that looks like a
# reference) and on rustc's fat-LTO module of fixtures/drop-unused/main.rs as the wrapper
# writes it, with trees and without: the output verifies, LLVM's globaldce makes the same
# module of the output as of the annotate run without --drop-unused, what is left out is
# what it should be, and annotating the output again changes nothing. Bitcode is refused;
# a module with `module asm` is kept whole.
# usage: tests/ir/drop_unused.sh TYPETREE_BIN     Environment: RUSTC, LLVM_BIN.
bin=$1
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
cd "$(dirname "$0")/../.." || exit 2
. tests/lib/suite.sh
suite_need_tools "$OPT" "$LLVM_AS"
suite_rust_tmp
echo '{"format": "rust-types/1", "types": {}, "functions": []}' >"$tmp/none.json"
# globaldce's module of a file, its ModuleID line aside
dce() { "$OPT" -passes=globaldce -S "$1" -o "$tmp/dce.ll" && tail -n +2 "$tmp/dce.ll"; }
defined() { sed -n 's/^define [^@]*@\("[^"]*"\|[-a-zA-Z$._0-9]*\)(.*/\1/p' "$1" | sort | tr '\n' ' '; }

m=fixtures/drop-unused/module.ll
"$bin" annotate --types "$tmp/none.json" --no-typetree --drop-unused "$m" -o "$tmp/m.ll" \
    2>"$tmp/err" && pass "module.ll: annotate --drop-unused exits 0" ||
    { fail "module.ll: annotate --drop-unused" "$tmp/err"; suite_end; }
"$OPT" -passes=verify -disable-output "$tmp/m.ll" 2>"$tmp/err" &&
    pass "module.ll: the output verifies" || fail "module.ll: verify" "$tmp/err"
want='"quoted live" held_live kept_used main not_local rule_f used '
got=$(defined "$tmp/m.ll")
[ "$got" = "$want" ] && pass "module.ll: the functions left: $got" ||
    fail "module.ll: the functions left: $got (want $want)"
for g in vt_live __enzyme_register_gradient_f exported in_metadata llvm.used; do
    grep -q "^@$g = " "$tmp/m.ll" || { fail "module.ll: @$g left out"; continue; }
    pass "module.ll: @$g kept"
done
for g in vt_dead str_dead; do
    grep -q "^@$g = " "$tmp/m.ll" && fail "module.ll: @$g kept" || pass "module.ll: @$g left out"
done
got=$(sed -n 's/^!\([0-9]*\) = .*/\1/p' "$tmp/m.ll" | tr '\n' ' ')
[ "$got" = "0 1 2 3 4 5 7 10 " ] && pass "module.ll: metadata nodes kept: $got" ||
    fail "module.ll: metadata nodes kept: $got (want 0 1 2 3 4 5 7 10)"
dce "$m" >"$tmp/ref" && dce "$tmp/m.ll" >"$tmp/got" && cmp -s "$tmp/ref" "$tmp/got" &&
    pass "module.ll: globaldce makes the same module of both" ||
    { diff "$tmp/ref" "$tmp/got" >"$tmp/d"; fail "module.ll: globaldce differs" "$tmp/d"; }
{ echo 'module asm ".globl x"'; cat "$m"; } >"$tmp/asm.ll"
"$bin" annotate --types "$tmp/none.json" --no-typetree --drop-unused "$tmp/asm.ll" \
    -o "$tmp/asm.out.ll" && cmp -s "$tmp/asm.ll" "$tmp/asm.out.ll" &&
    pass "module asm: the module is kept whole" || fail "module asm: something was left out"
"$LLVM_AS" "$m" -o "$tmp/m.bc" &&
    ! "$bin" annotate --types "$tmp/none.json" --drop-unused "$tmp/m.bc" -o "$tmp/o.ll" \
        2>"$tmp/err" && grep -q 'drop-unused reads and writes LLVM IR text' "$tmp/err" &&
    [ ! -e "$tmp/o.ll" ] && pass "bitcode: refused with a message, nothing written" ||
    fail "bitcode: not refused" "$tmp/err"

# rustc's module as the wrapper's stage 1 writes it (fat LTO, no LLVM passes)
"$RUSTC" -C opt-level=0 -C lto=fat -C codegen-units=1 -C debuginfo=2 -C no-prepopulate-passes \
    -C llvm-args=-stop-before=x86-isel -C linker=true --emit=link,llvm-ir="$tmp/in.ll" \
    fixtures/drop-unused/main.rs -o "$tmp/main" 2>"$tmp/err" ||
    { fail "rustc" "$tmp/err"; suite_end; }
"$bin" export "$tmp/in.ll" -o "$tmp/types.json" 2>"$tmp/err" || { fail "export" "$tmp/err"; suite_end; }
for mode in trees none; do
    case $mode in
        trees) set -- --types "$tmp/types.json" --typed-copy-loops --typed-small-copies ;;
        none) set -- --types "$tmp/none.json" --no-typetree ;;
    esac
    "$bin" annotate "$@" --rename-allocator "$tmp/in.ll" -o "$tmp/all.ll" 2>"$tmp/err" &&
        "$bin" annotate "$@" --rename-allocator --drop-unused "$tmp/in.ll" -o "$tmp/live.ll" \
            2>"$tmp/err" || { fail "main.rs, $mode: annotate" "$tmp/err"; continue; }
    "$OPT" -passes=verify -disable-output "$tmp/live.ll" 2>"$tmp/err" &&
        pass "main.rs, $mode: the output verifies" || fail "main.rs, $mode: verify" "$tmp/err"
    all=$(grep -c '^define' "$tmp/all.ll") live=$(grep -c '^define' "$tmp/live.ll")
    [ $((2 * live)) -lt "$all" ] && pass "main.rs, $mode: $live of $all functions left" ||
        fail "main.rs, $mode: $live of $all functions left (less than half expected)"
    dce "$tmp/all.ll" >"$tmp/ref" && dce "$tmp/live.ll" >"$tmp/got" && cmp -s "$tmp/ref" "$tmp/got" &&
        pass "main.rs, $mode: globaldce makes the same module of both" ||
        { diff "$tmp/ref" "$tmp/got" | head -20 >"$tmp/d"; fail "main.rs, $mode: globaldce differs" "$tmp/d"; }
done
# export --drop-unused describes the functions annotate --drop-unused keeps (the wrapper
# runs both): the same types file as the export of annotate's output; and the trees'
# metadata numbers start past the highest node kept, so annotating the output again (the
# crates test's idempotence) changes no byte
"$bin" export --drop-unused "$tmp/in.ll" -o "$tmp/live.json" 2>/dev/null &&
    "$bin" annotate --types "$tmp/live.json" --rename-allocator --drop-unused "$tmp/in.ll" \
        -o "$tmp/once.ll" 2>"$tmp/err" || { fail "main.rs: export and annotate" "$tmp/err"; suite_end; }
all=$(grep -c '"symbol"' "$tmp/types.json") live=$(grep -c '"symbol"' "$tmp/live.json")
"$bin" export "$tmp/once.ll" -o "$tmp/again.json" 2>/dev/null &&
    grep -v '"doc"' "$tmp/live.json" >"$tmp/a" && grep -v '"doc"' "$tmp/again.json" >"$tmp/b" &&
    cmp -s "$tmp/a" "$tmp/b" && [ "$live" -lt "$all" ] &&
    pass "main.rs: export --drop-unused ($live of $all functions) = the export of the output" ||
    fail "main.rs: export --drop-unused ($live of $all functions) differs from the export of the output"
"$bin" annotate --types "$tmp/live.json" "$tmp/once.ll" -o "$tmp/twice.ll" 2>"$tmp/err" &&
    cmp -s "$tmp/once.ll" "$tmp/twice.ll" &&
    pass "main.rs: annotating the output again changes nothing" ||
    fail "main.rs: annotating the output again changes it" "$tmp/err"
suite_end
