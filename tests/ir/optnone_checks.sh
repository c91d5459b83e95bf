#!/bin/sh
# `typetree annotate --optnone-checks` (the wrapper's debug builds): on rustc's -O0 IR of
# fixtures/optnone-checks/checks.rs, every define of std's `...::precondition_check` and no other gets
# `noinline optnone`, as text and as bitcode; the result verifies; nothing else changes;
# annotating the result again changes nothing.
# usage: tests/ir/optnone_checks.sh TYPETREE_BIN     Environment: RUSTC, LLVM_BIN.
bin=$1
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
cd "$(dirname "$0")/../.." || exit 2
. tests/lib/suite.sh
suite_need_tools "$OPT" "$LLVM_AS" "$LLVM_DIS"
suite_rust_tmp
"$RUSTC" --crate-type=lib --emit=llvm-ir -C opt-level=0 -C codegen-units=1 \
    fixtures/optnone-checks/checks.rs -o "$tmp/in.ll" || { fail "rustc"; suite_end; }
echo '{"format": "rust-types/1", "types": {}, "functions": []}' >"$tmp/none.json"
ann() { "$bin" annotate --types "$tmp/none.json" --no-typetree --optnone-checks "$@"; }
# the define lines of precondition checks, and the others
defs() { grep '^define' "$1" | grep -c "$2"; }
checks=$(grep '^define' "$tmp/in.ll" | grep -c 'precondition_check')
[ "$checks" -ge 2 ] && pass "rustc's -O0 IR has $checks precondition checks" ||
    fail "rustc's -O0 IR has precondition checks ($checks)"
ann "$tmp/in.ll" -o "$tmp/out.ll" 2>"$tmp/err" && pass "text: annotate exits 0" || fail "text: annotate: $(cat "$tmp/err")"
frozen=$(grep '^define.*precondition_check.*) .*noinline optnone ' "$tmp/out.ll" | grep -c .)
[ "$frozen" = "$checks" ] && pass "text: every check gets noinline optnone ($frozen)" ||
    fail "text: $frozen of $checks checks get noinline optnone"
others=$(grep '^define' "$tmp/out.ll" | grep -v precondition_check | grep -c 'optnone')
[ "$others" = 0 ] && pass "text: no other function gets it" || fail "text: $others other functions get it"
sed 's/ noinline optnone / /' "$tmp/out.ll" | cmp -s - "$tmp/in.ll" &&
    pass "text: nothing else changes" || fail "text: more than the checks' attributes changed"
"$OPT" -passes=verify -disable-output "$tmp/out.ll" 2>"$tmp/err" &&
    pass "text: the result verifies" || fail "text: verify: $(head -3 "$tmp/err")"
ann "$tmp/out.ll" -o "$tmp/again.ll" && cmp -s "$tmp/out.ll" "$tmp/again.ll" &&
    pass "text: annotating again changes nothing" || fail "text: not idempotent"
"$LLVM_AS" "$tmp/in.ll" -o "$tmp/in.bc" &&
    ann "$tmp/in.bc" -o "$tmp/out.bc" 2>"$tmp/err" && "$LLVM_DIS" "$tmp/out.bc" -o "$tmp/outbc.ll" &&
    pass "bitcode: annotate exits 0" || fail "bitcode: annotate: $(cat "$tmp/err")"
# in bitcode the attributes land in attribute groups: count the checks whose group has both
n=0
for g in $(grep '^define.*precondition_check' "$tmp/outbc.ll" | sed -n 's/.* #\([0-9]*\) .*/\1/p'); do
    grep "^attributes #$g = " "$tmp/outbc.ll" | grep -q 'noinline.*optnone' && n=$((n + 1))
done
[ "$n" = "$checks" ] && pass "bitcode: every check gets noinline optnone ($n)" ||
    fail "bitcode: $n of $checks checks get noinline optnone"
suite_end
