#!/bin/sh
# `typetree annotate --typed-small-copies` (the wrapper's builds that call Enzyme): on
# rustc's -O0 IR of fixtures/small-copies/swaps.rs, every memcpy/memmove of at most 64 bytes
# (128 of pieces of more than one type) of a constant length that moves a float or a
# pointer becomes typed loads and stores in
# place, every load before any store (emit/body/ir_body_loops.c says why); copies of integers
# alone, or longer, stay calls; LLVM's instcombine and SROA keep the float loads (the copies
# would have become `load i64`); the result verifies and annotating it again changes
# nothing; without the option nothing of it happens; bitcode output is refused.
# usage: tests/ir/small_copies.sh TYPETREE_BIN     Environment: RUSTC, LLVM_BIN (tests/lib/suite.sh).
bin=$1
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
cd "$(dirname "$0")/../.." || exit 2
. tests/lib/suite.sh
suite_need_tools "$OPT" "$FILECHECK"
suite_rust_tmp
suite_rust_types "$bin" fixtures/small-copies/swaps.rs
ann() { "$bin" annotate --types "$tmp/types.json" "$@"; }
ann --typed-small-copies "$tmp/in.ll" -o "$tmp/out.ll" 2>"$tmp/err" &&
    pass "annotate --typed-small-copies exits 0" || fail "annotate: $(head -3 "$tmp/err")"
# core::ptr::swap::<T> for each T, cut out of the module by the tree of its first parameter
swap_of() {  # TREE-SUBSTRING -> $tmp/swap (the function's text)
    awk -v t="$1" 'index($0, "define ") == 1 && index($0, "ptr4swap") && index($0, t) { f = 1 }
        f { print } f && /^}/ { exit }' "$tmp/out.ll" >"$tmp/swap"
}
check_swap() {  # NAME TREE-SUBSTRING CHECK-PREFIX
    swap_of "$2"
    [ -s "$tmp/swap" ] && "$FILECHECK" --input-file="$tmp/swap" --check-prefix="$3" \
        tests/ir/small_copies.check 2>"$tmp/err" &&
        pass "FileCheck: $1" || fail "FileCheck of $1: $(head -5 "$tmp/err")"
}
check_swap "ptr::swap::<f64>: three copies of one double, loads before stores" \
    '"{[-1]:Pointer, [-1,0]:Float@double}" %x' F64
check_swap "ptr::swap::<Mixed>: a float and an i32 per copy" '[-1,0]:Float@float, [-1,4]:Integer' MIXED
check_swap "ptr::swap::<Link>: the pointer as ptr, the double as double" \
    '[-1,0]:Pointer, [-1,0,0]:Float@double, [-1,8]:Float@double}"' LINK
check_swap "ptr::swap::<u64>: integers alone stay memcpy/memmove" '[-1,0]:Integer, [-1,1]:Integer' INT
check_swap "ptr::swap::<[f64; 16]>: 128 bytes stay memcpy/memmove" '[-1,120]:Float@double' LONG
check_swap "ptr::swap::<Wide>: 72 bytes of doubles, a u32 and an f32 become typed loads" \
    '[-1,56]:Float@double, [-1,64]:Integer' WIDE
check_swap "ptr::swap::<Pair>: two doubles per copy, the second at +8" \
    '"{[-1]:Pointer, [-1,0]:Float@double, [-1,8]:Float@double}" %x' PAIR
"$OPT" -passes=verify -disable-output "$tmp/out.ll" 2>"$tmp/err" &&
    pass "the result verifies" || fail "verify: $(head -3 "$tmp/err")"
ann --typed-small-copies "$tmp/out.ll" -o "$tmp/again.ll" && cmp -s "$tmp/out.ll" "$tmp/again.ll" &&
    pass "annotating again changes nothing" || fail "not idempotent"
# what LLVM's simplification makes of them before Enzyme: swap::<f64> keeps its doubles
"$OPT" -passes='function(sroa,instcombine,sroa)' "$tmp/out.ll" -S -o "$tmp/opt.ll" 2>"$tmp/err" &&
    awk 'index($0, "define ") == 1 && index($0, "ptr4swap") &&
        index($0, "\"{[-1]:Pointer, [-1,0]:Float@double}\" %x") { f = 1 } f { print } f && /^}/ { exit }' \
        "$tmp/opt.ll" >"$tmp/swap" && grep -q 'load double' "$tmp/swap" &&
    ! grep -q 'load i64\|llvm.mem' "$tmp/swap" &&
    pass "after instcombine and SROA, swap::<f64> moves doubles (no i64)" ||
    fail "after instcombine and SROA: $(grep 'load\|llvm.mem' "$tmp/swap" | head -4)"
# the same module without the option: instcombine makes the copies integers (the bug)
ann "$tmp/in.ll" -o "$tmp/plain.ll" 2>/dev/null && ! grep -q 'tt\.copy' "$tmp/plain.ll" &&
    "$OPT" -passes='function(sroa,instcombine,sroa)' "$tmp/plain.ll" -S -o "$tmp/plain-opt.ll" &&
    awk 'index($0, "define ") == 1 && index($0, "ptr4swap") &&
        index($0, "\"{[-1]:Pointer, [-1,0]:Float@double}\" %x") { f = 1 } f { print } f && /^}/ { exit }' \
        "$tmp/plain-opt.ll" | grep -q 'load i64' &&
    pass "without the option: nothing rewritten, and instcombine moves the double as i64" ||
    fail "without the option"
ann --typed-small-copies "$tmp/in.ll" -o "$tmp/out.bc" 2>"$tmp/err"
st=$?
[ "$st" -ne 0 ] && grep -q -- '--typed-small-copies needs text IR' "$tmp/err" && [ ! -e "$tmp/out.bc" ] &&
    pass "bitcode output: refused with the reason, no file" ||
    fail "bitcode output: exit $st, $(head -2 "$tmp/err")"
suite_end
