#!/bin/sh
# `typetree annotate --optnone-checks` (the wrapper's debug builds): on rustc's -O0 IR of
# fixtures/optnone-checks/checks.rs, every define of std's `...::precondition_check` and no other gets
# `noinline optnone`, as text and as bitcode; the result verifies; nothing else changes;
# annotating the result again changes nothing.
# usage: tests/ir/optnone_checks.sh TYPETREE_BIN     Environment: RUSTC, LLVM_BIN.
bin=$1
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
cd "$(dirname "$0")/../.." || exit 2
RUSTC=${RUSTC:-rustc}
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
for t in opt llvm-as llvm-dis; do
    [ -x "$LLVM_BIN/$t" ] || { echo "SKIP: $LLVM_BIN/$t not found"; echo "0 passed, 0 failed"; exit 0; }
done
"$RUSTC" --version >/dev/null 2>&1 || { echo "SKIP: $RUSTC not found"; echo "0 passed, 0 failed"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "[PASS] $1"; pass=$((pass + 1)); }
bad() { echo "[FAIL] $1"; fail=$((fail + 1)); }
"$RUSTC" --crate-type=lib --emit=llvm-ir -C opt-level=0 -C codegen-units=1 \
    fixtures/optnone-checks/checks.rs -o "$tmp/in.ll" || { bad "rustc"; echo "$pass passed, $fail failed"; exit 1; }
echo '{"format": "rust-types/1", "types": {}, "functions": []}' >"$tmp/none.json"
ann() { "$bin" annotate --types "$tmp/none.json" --no-typetree --optnone-checks "$@"; }
# the define lines of precondition checks, and the others
defs() { grep '^define' "$1" | grep -c "$2"; }
checks=$(grep '^define' "$tmp/in.ll" | grep -c 'precondition_check')
[ "$checks" -ge 2 ] && ok "rustc's -O0 IR has $checks precondition checks" ||
    bad "rustc's -O0 IR has precondition checks ($checks)"
ann "$tmp/in.ll" -o "$tmp/out.ll" 2>"$tmp/err" && ok "text: annotate exits 0" || bad "text: annotate: $(cat "$tmp/err")"
frozen=$(grep '^define.*precondition_check.*) .*noinline optnone ' "$tmp/out.ll" | grep -c .)
[ "$frozen" = "$checks" ] && ok "text: every check gets noinline optnone ($frozen)" ||
    bad "text: $frozen of $checks checks get noinline optnone"
others=$(grep '^define' "$tmp/out.ll" | grep -v precondition_check | grep -c 'optnone')
[ "$others" = 0 ] && ok "text: no other function gets it" || bad "text: $others other functions get it"
sed 's/ noinline optnone / /' "$tmp/out.ll" | cmp -s - "$tmp/in.ll" &&
    ok "text: nothing else changes" || bad "text: more than the checks' attributes changed"
"$LLVM_BIN/opt" -passes=verify -disable-output "$tmp/out.ll" 2>"$tmp/err" &&
    ok "text: the result verifies" || bad "text: verify: $(head -3 "$tmp/err")"
ann "$tmp/out.ll" -o "$tmp/again.ll" && cmp -s "$tmp/out.ll" "$tmp/again.ll" &&
    ok "text: annotating again changes nothing" || bad "text: not idempotent"
"$LLVM_BIN/llvm-as" "$tmp/in.ll" -o "$tmp/in.bc" &&
    ann "$tmp/in.bc" -o "$tmp/out.bc" 2>"$tmp/err" && "$LLVM_BIN/llvm-dis" "$tmp/out.bc" -o "$tmp/outbc.ll" &&
    ok "bitcode: annotate exits 0" || bad "bitcode: annotate: $(cat "$tmp/err")"
# in bitcode the attributes land in attribute groups: count the checks whose group has both
n=0
for g in $(grep '^define.*precondition_check' "$tmp/outbc.ll" | sed -n 's/.* #\([0-9]*\) .*/\1/p'); do
    grep "^attributes #$g = " "$tmp/outbc.ll" | grep -q 'noinline.*optnone' && n=$((n + 1))
done
[ "$n" = "$checks" ] && ok "bitcode: every check gets noinline optnone ($n)" ||
    bad "bitcode: $n of $checks checks get noinline optnone"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
