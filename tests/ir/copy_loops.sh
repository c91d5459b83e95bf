#!/bin/sh
# `typetree annotate --typed-copy-loops` (the wrapper's builds that call Enzyme): on rustc's
# -O0 IR of fixtures/copy-loops/copies.rs, every memcpy/memmove of run-time length over
# elements of mixed type (floats beside integers, padding, pointers) becomes a call to a
# function of the module that copies element by element with typed loads and stores
# (emit/body/ir_body_loops.c says why); copies over elements of one kind stay memcpys; the result
# verifies, stays a loop through LLVM's -O3, and annotating it again changes nothing; without
# the option nothing of it happens; bitcode output is refused with the reason.
# usage: tests/ir/copy_loops.sh TYPETREE_BIN     Environment: RUSTC, LLVM_BIN (tests/lib/suite.sh).
bin=$1
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
cd "$(dirname "$0")/../.." || exit 2
. tests/lib/suite.sh
suite_need_tools "$OPT" "$FILECHECK"
suite_rust_tmp
suite_rust_types "$bin" fixtures/copy-loops/copies.rs
ann() { "$bin" annotate --types "$tmp/types.json" "$@"; }
ann --typed-copy-loops "$tmp/in.ll" -o "$tmp/out.ll" 2>"$tmp/err" &&
    pass "annotate --typed-copy-loops exits 0" || fail "annotate: $(head -3 "$tmp/err")"
# copy_points, copy_padded, copy_headers (memcpy) and move_points (memmove)
calls=$(grep -c '^  call void @__typetree_copy\.' "$tmp/out.ll")
[ "$calls" = 4 ] && pass "the four copies of mixed elements are calls to loops" ||
    fail "$calls calls to loops, expected 4"
left=$(grep -c 'call void @llvm\.mem\(cpy\|move\)' "$tmp/out.ll")
[ "$left" = 1 ] && pass "the copy of f64s stays a memcpy" || fail "$left memcpy/memmove left, expected 1"
defs=$(grep -c '^define internal void @__typetree_copy\.' "$tmp/out.ll")
[ "$defs" = 4 ] && pass "one loop function per element shape and kind of copy ($defs)" ||
    fail "$defs loop functions, expected 4"
# Point's copy: the function of copy_from_slice whose first parameter points to Points
# calls a loop; that loop, cut out of the module, goes to FileCheck
point=$(awk '/^define .*copy_from_slice_impl.*\[-1,8\]:Float@double, \[-1,16\]:Integer/ { f = 1 }
    f && /call void @__typetree_copy\./ { sub(/.*call void @/, ""); sub(/\(.*/, ""); print; exit }
    /^}/ { f = 0 }' "$tmp/out.ll")
sed -n "/^define internal void @$point(/,/^}/p" "$tmp/out.ll" >"$tmp/point"
[ -n "$point" ] && "$FILECHECK" --input-file="$tmp/point" tests/ir/copy_loops.check 2>"$tmp/err" &&
    pass "FileCheck: Point's loop (double, double, i32, float, then the byte tail)" ||
    fail "FileCheck of Point's loop (${point:-not found}): $(head -5 "$tmp/err")"
# Padded { v: f64, flag: u8 }: the byte and its seven bytes of padding are one i64
sed -n '/^define internal void @__typetree_copy\.copy\.16\./,/^}/p' "$tmp/out.ll" >"$tmp/padded"
grep -q 'load double' "$tmp/padded" && grep -q 'load i64' "$tmp/padded" &&
    [ "$(grep -c '^  %u[a-z0-9]* = load ' "$tmp/padded")" = 3 ] &&
    pass "Padded: a double and an i64 per element (and the byte tail)" || fail "Padded's loop: $(grep load "$tmp/padded")"
# Header { data: *const f64, len: usize, w: f32 }: the pointer is copied as a pointer
grep -A200 '^define internal void @__typetree_copy\.copy\.24\.' "$tmp/out.ll" | grep -q 'load ptr' &&
    pass "Header: the pointer is loaded as ptr" || fail "Header: no ptr load in any loop"
# the memmove's function goes down when the destination lies above the source
sed -n '/^define internal void @__typetree_copy\.move\.24\./,/^}/p' "$tmp/out.ll" >"$tmp/move"
grep -q 'icmp ule ptr %d, %s' "$tmp/move" && grep -q '^dloop:' "$tmp/move" &&
    pass "the move has an upward and a downward loop" || fail "the move's loop: $(head -12 "$tmp/move")"
"$OPT" -passes=verify -disable-output "$tmp/out.ll" 2>"$tmp/err" &&
    pass "the result verifies" || fail "verify: $(head -3 "$tmp/err")"
ann --typed-copy-loops "$tmp/out.ll" -o "$tmp/again.ll" && cmp -s "$tmp/out.ll" "$tmp/again.ll" &&
    pass "annotating again changes nothing" || fail "not idempotent"
# LLVM's -O3 keeps each loop a loop of typed loads (no memcpy comes back in them)
"$OPT" -O3 -S "$tmp/out.ll" -o "$tmp/o3.ll" 2>"$tmp/err" || fail "opt -O3: $(head -3 "$tmp/err")"
o3=$(awk '/^define internal .*@__typetree_copy\./ { f = 1 } f && /llvm\.mem(cpy|move)/ { n++ } /^}/ { f = 0 } END { print n + 0 }' "$tmp/o3.ll")
o3defs=$(grep -c '^define internal .*@__typetree_copy\.' "$tmp/o3.ll")
[ "$o3" = 0 ] && [ "$o3defs" = 4 ] && pass "after -O3 the four loops are there, with no memcpy in them" ||
    fail "after -O3: $o3defs loop functions, $o3 memcpy/memmove in them"
ann "$tmp/in.ll" -o "$tmp/plain.ll" && ! grep -q '__typetree_copy' "$tmp/plain.ll" &&
    pass "without the option no copy changes" || fail "loops without --typed-copy-loops"
if ann --typed-copy-loops "$tmp/in.ll" -o "$tmp/out.bc" 2>"$tmp/err"; then
    fail "bitcode output with --typed-copy-loops accepted"
else
    grep -q 'typed-copy-loops needs text IR' "$tmp/err" && [ ! -e "$tmp/out.bc" ] &&
        pass "bitcode output is refused, nothing written: $(head -1 "$tmp/err")" || fail "bitcode: $(cat "$tmp/err")"
fi
# A copy from a scratch of MaybeUninit<Rec> into Recs (std's stable sorts): the two
# operands' element types differ by name, their bytes are alike; at -O2 rustc's MIR
# inlining puts the memcpy between the two slices' pointers (no LLVM pass runs).
"$RUSTC" --crate-type=lib --emit=llvm-ir -C opt-level=2 -C no-prepopulate-passes -C codegen-units=1 \
    -C debuginfo=2 fixtures/copy-loops/scratch.rs -o "$tmp/scratch.ll" &&
    "$bin" export "$tmp/scratch.ll" -o "$tmp/scratch.json" 2>"$tmp/err" &&
    "$bin" annotate --types "$tmp/scratch.json" --typed-copy-loops "$tmp/scratch.ll" \
        -o "$tmp/scratch-out.ll" 2>>"$tmp/err" ||
    fail "scratch.rs: rustc, export, annotate" "$tmp/err"
awk '/^define .*from_scratch/ { f = 1 } f { print } f && /^}/ { exit }' "$tmp/scratch-out.ll" >"$tmp/fs"
grep -q 'call void @__typetree_copy\.copy\.24\.' "$tmp/fs" && ! grep -q 'llvm\.memcpy' "$tmp/fs" &&
    pass "a copy from MaybeUninit<Rec> scratch into Recs is a loop (alike bytes, other names)" ||
    fail "from_scratch: $(grep -E 'memcpy|__typetree_copy' "$tmp/fs" | head -2)"
# A memmove of a constant length over a mixed struct longer than a copy of a few bytes
# (ptr::swap::<Big>, 136 bytes): a call to the move loop with that length, where the
# wrapper's memmove helper (--split-memmove, given alongside) would take the length as a
# run-time one; its two memcpys keep their trees.
"$RUSTC" --crate-type=lib --emit=llvm-ir -C codegen-units=1 -C debuginfo=2 \
    fixtures/copy-loops/swap_big.rs -o "$tmp/big.ll" &&
    "$bin" export "$tmp/big.ll" -o "$tmp/big.json" 2>"$tmp/err" &&
    "$bin" annotate --types "$tmp/big.json" --typed-copy-loops --typed-small-copies --split-memmove \
        "$tmp/big.ll" -o "$tmp/big-out.ll" 2>>"$tmp/err" ||
    fail "swap_big.rs: rustc, export, annotate" "$tmp/err"
awk '/^define .*ptr4swap/ { f = 1 } f { print } f && /^}/ { exit }' "$tmp/big-out.ll" >"$tmp/sw"
grep -q 'call void @__typetree_copy\.move\.136\.[0-9a-f]*(ptr align 8 %x, ptr align 8 %y, i64 136)' "$tmp/sw" &&
    ! grep -q '__typetree_memmove' "$tmp/sw" &&
    [ "$(grep -c 'call void @llvm\.memcpy.*"enzyme_type"=.*i64 136' "$tmp/sw")" = 2 ] &&
    pass "ptr::swap::<Big>'s 136-byte memmove is a call to the move loop, its memcpys typed" ||
    fail "swap::<Big>: $(grep -E 'memmove|memcpy|__typetree_copy' "$tmp/sw" | cut -c1-120 | head -3)"
# The program computes what it did: moves.rs checks copies and overlapping moves both ways
# of the same element types against copies made field by field, and swaps of runs of them
# (std's swap_nonoverlapping_bytes, a typed swap function after annotate, for f64 and
# [f32; 3] as for the mixed types: swap functions of 8 and 12 bytes), and of enums whose
# variants disagree on a byte's kind (each element copied by the variant it holds: a tag and a
# niche, two .variant functions at least; their memmoves of run-time length, not copied by
# variant, marked
# "typetree_disputed_move" for the wrapper's check, which passes them: Enzyme reaches none
# of them here), and of a struct holding such an enum (its copies call the enum's .variant
# function for the enum's bytes; its memmoves marked too), each .variant copy with the rule
# Enzyme differentiates it by; it calls Enzyme, so the
# wrapper builds it from its annotated module with --typed-copy-loops, at -O0 and -O2; its
# loops counted in its .tt.ll.
if plugin=$(tools/enzyme-plugin 2>"$tmp/why"); then
    for O in 0 2; do
        mkdir -p "$tmp/m$O"
        TYPETREE=$bin tools/rustc-typetree --enzyme "$plugin" -C opt-level=$O \
            fixtures/copy-loops/moves.rs -o "$tmp/m$O/moves" 2>"$tmp/m$O/log"
        n=$(grep -c '^  call void @__typetree_copy\.' "$tmp/m$O/moves.tt.ll" 2>/dev/null)
        sw=$(grep -c '^  call void @__typetree_copy\.swap\.' "$tmp/m$O/moves.tt.ll" 2>/dev/null)
        one=$(grep -c '^define .*@__typetree_copy\.swap\.\(8\|12\)\.' "$tmp/m$O/moves.tt.ll" 2>/dev/null)
        var=$(grep -c '^define internal void @__typetree_copy\..*\.variant(' "$tmp/m$O/moves.tt.ll" 2>/dev/null)
        niche=$(grep -c '^  switch i64 %rel' "$tmp/m$O/moves.tt.ll" 2>/dev/null)
        # each .variant copy goes through a function with a rule registered for Enzyme
        # (emit/body/ir_body_variant.c), and one function stops a copy without a right rule
        rules=$(grep -c '^@__enzyme_register_gradient___typetree_copy\.[^ ]*\.variant = ' "$tmp/m$O/moves.tt.ll" 2>/dev/null)
        lost=$(grep -c '^define internal void @__typetree_copy\.lost()' "$tmp/m$O/moves.tt.ll" 2>/dev/null)
        held=$(grep -c '^  call void @__typetree_copy\.[^ ]*\.variant(ptr %[ud]d[0-9]' "$tmp/m$O/moves.tt.ll" 2>/dev/null)
        marks=$(grep -o '"typetree_disputed_move"="[^"]*"' "$tmp/m$O/moves.tt.ll" 2>/dev/null |
            sort -u | grep -c 'moves::\(Value\|Cell\|Holder\)"')
        got=$("$tmp/m$O/moves" 2>&1 | tail -n 1)
        [ "${n:-0}" -ge 3 ] && [ "${sw:-0}" -ge 2 ] && [ "${one:-0}" -eq 2 ] && [ "$got" = ok ] &&
            [ "${var:-0}" -ge 2 ] && [ "${niche:-0}" -ge 1 ] && [ "${marks:-0}" -eq 3 ] &&
            [ "${held:-0}" -ge 1 ] && [ "${rules:-0}" -eq "${var:-0}" ] && [ "${lost:-0}" -eq 1 ] &&
            pass "-O$O: moves.rs built through the loops ($n calls, $sw swaps, $var by variant, $held enums held in a struct, each with its rule, memmoves of both enums and of the struct marked) computes what it did" ||
            fail "-O$O: moves.rs: ${n:-0} calls to loops (${sw:-0} swaps, ${one:-0} of f64 and [f32; 3], ${var:-0} by variant, ${niche:-0} by niche, ${held:-0} held enums, ${rules:-0} rules, ${lost:-0} stops, ${marks:-0} of 3 types' memmoves marked), prints '$got'" "$tmp/m$O/log"
    done
else
    echo "SKIP: moves.rs not built: $(cat "$tmp/why")"
fi
suite_end
