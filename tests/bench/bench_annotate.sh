#!/bin/sh
# bench_annotate.sh: what `typetree annotate` costs next to the compiler (issue 4, "Speed").
# Generates a Rust library crate of N functions with varied signatures and its rust-types/1
# description (tests/bench/bench_annotate_gen.py N SEED, in build/bench/annotate-N-SEED/),
# then measures in the same run, best of REPS (wall seconds; peak RSS from /usr/bin/time):
#   1. rustc emitting that crate's IR: --emit=llvm-ir and --emit=llvm-bc
#      (-C opt-level=0 -C codegen-units=1);
#   2. LLVM parsing and printing it: llvm-as X.ll -o X.bc, llvm-dis X.bc -o X2.ll;
#   3. typetree annotate --types T.json X.ll -o OUT.ll --stats (streaming text path) and
#      X.bc -o OUT.bc (the LLVM-C path, on rustc's bitcode);
# and prints a table and the ratios against the targets: annotate(.ll) < 10% of rustc's
# time to emit the .ll; annotate(.ll) peak RSS below llvm-as's; annotate(.bc) next to
# llvm-as + llvm-dis. Also the number of functions annotated (from --stats) and the number
# of "enzyme_type" attributes each path wrote, so it is visible that the run did real work.
# Figures only: timing never fails the run; the exit status is non-zero only when one of
# the commands itself fails. About 40 s on 2 cores with the default N.
#   tests/bench/bench_annotate.sh [--n N] [--seed S] [--reps R]
set -u
cd "$(dirname "$0")/../.." || exit 1

tt=build/typetree
llvm=/usr/lib/llvm-22/bin
n=4000
seed=1
reps=3
while [ $# -gt 0 ]; do
    case $1 in
    --n) n=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    *) echo "usage: $0 [--n N] [--seed S] [--reps R]" >&2; exit 2 ;;
    esac
done

if [ ! -x "$tt" ]; then
    echo "SKIP: bench_annotate: $tt not built (run make)"
    exit 0
fi
if "$tt" annotate 2>&1 | grep -q 'unknown command'; then
    echo "SKIP: bench_annotate: $tt has no 'annotate' command"
    exit 0
fi
if ! command -v rustc > /dev/null 2>&1; then
    echo "SKIP: bench_annotate: no rustc on PATH"
    exit 0
fi
have_llvm=1
if [ ! -x "$llvm/llvm-as" ] || [ ! -x "$llvm/llvm-dis" ]; then
    have_llvm=0
    echo "note: bench_annotate: $llvm/llvm-as or llvm-dis missing: no LLVM figures"
fi

out=build/bench/annotate-$n-$seed
mkdir -p "$out" || exit 1
rs=$out/annot_bench.rs
types=$out/annot_bench.json
gen=tests/bench/bench_annotate_gen.py
if [ ! -s "$rs" ] || [ ! -s "$types" ] || [ "$gen" -nt "$rs" ]; then
    python3 "$gen" "$n" "$seed" "$out" || { echo "FAIL: $gen $n $seed $out"; exit 1; }
fi

. "$(dirname "$0")/measure.sh"

failed=0
# row NAME FILE: prints one table row from $wall/$rss/$rc and records a failure.
row() {
    mb=$(awk -v k="$rss" 'BEGIN { printf "%.1f", k / 1024 }')
    printf '  %-34s %9s %9s' "$1" "$wall" "$mb"
    if [ "$rc" != 0 ]; then
        printf '   FAILED (exit %s: see %s.err)' "$rc" "$2"
        failed=1
    fi
    echo
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
# verdict A OP B: "yes" when A OP B holds (OP: lt), else "NO"
below() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }' && echo yes || echo NO; }

ll=$out/x.ll
bc=$out/x.bc
echo "typetree annotate on rustc's IR of a generated crate: N = $n functions (seed $seed);"
echo "wall seconds best of $reps, peak RSS MB the largest; files in $out"
echo "  $(rustc --version)"
printf '  %-34s %9s %9s\n' command seconds "RSS MB"

best "$reps" "$out/rustc-ll" rustc --crate-type=lib --crate-name=annot_bench --emit=llvm-ir \
    -C opt-level=0 -C codegen-units=1 "$rs" -o "$ll"
rustc_ll=$wall rustc_ll_rc=$rc
row "rustc --emit=llvm-ir" "$out/rustc-ll"
best "$reps" "$out/rustc-bc" rustc --crate-type=lib --crate-name=annot_bench --emit=llvm-bc \
    -C opt-level=0 -C codegen-units=1 "$rs" -o "$bc"
rustc_bc=$wall rustc_bc_rc=$rc
row "rustc --emit=llvm-bc" "$out/rustc-bc"
if [ "$rustc_ll_rc" != 0 ] || [ "$rustc_bc_rc" != 0 ]; then
    echo "FAIL: rustc could not compile the generated crate $rs"
    exit 1
fi

as_wall= as_rss= dis_wall= dis_rss=
if [ "$have_llvm" = 1 ]; then
    best "$reps" "$out/llvm-as" "$llvm/llvm-as" "$ll" -o "$out/x.as.bc"
    as_wall=$wall as_rss=$rss
    row "llvm-as x.ll" "$out/llvm-as"
    best "$reps" "$out/llvm-dis" "$llvm/llvm-dis" "$out/x.as.bc" -o "$out/x2.ll"
    dis_wall=$wall dis_rss=$rss
    row "llvm-dis x.bc" "$out/llvm-dis"
    wall=$(awk -v a="$as_wall" -v b="$dis_wall" 'BEGIN { printf "%.4f", a + b }')
    rss=$as_rss
    [ "$dis_rss" -gt "$rss" ] && rss=$dis_rss
    rc=0
    asdis_wall=$wall asdis_rss=$rss
    row "llvm-as + llvm-dis (RSS: max)" "$out/llvm-as"
fi

best "$reps" "$out/annotate-ll" "$tt" annotate --types "$types" "$ll" -o "$out/out.ll" --stats
ann_ll=$wall ann_ll_rss=$rss ann_ll_rc=$rc
row "typetree annotate x.ll -o out.ll" "$out/annotate-ll"
best "$reps" "$out/annotate-bc" "$tt" annotate --types "$types" "$bc" -o "$out/out.bc" --stats
ann_bc=$wall ann_bc_rss=$rss ann_bc_rc=$rc
row "typetree annotate x.bc -o out.bc" "$out/annotate-bc"
# the fixed cost: the same types file, an IR module without functions (informative: its
# exit status is not checked, since a types file that matches nothing may be an error)
printf 'source_filename = "empty"\n' > "$out/empty.ll"
best "$reps" "$out/annotate-empty" "$tt" annotate --types "$types" "$out/empty.ll" \
    -o "$out/empty.out.ll"
rc=0
row "  of which: types file, empty .ll" "$out/annotate-empty"

echo
echo "work done (--stats):"
for p in ll bc; do
    line=$(grep 'functions in the IR' "$out/annotate-$p.err" | tail -n 1)
    echo "  .$p: ${line:-(no --stats line: see $out/annotate-$p.err)}"
done
# "enzyme_type" attributes written by each path (the .bc one read back with llvm-dis)
if [ "$ann_ll_rc" = 0 ]; then
    # on define lines (the signatures): the .ll path also writes in-body trees
    a_ll=$(grep '^define' "$out/out.ll" | grep -o '"enzyme_type"=' | wc -l)
    a_bc='?'
    if [ "$have_llvm" = 1 ] && [ "$ann_bc_rc" = 0 ] &&
        "$llvm/llvm-dis" "$out/out.bc" -o "$out/out.bc.ll" 2> "$out/out.bc.err"; then
        a_bc=$(grep '^define' "$out/out.bc.ll" | grep -o '"enzyme_type"=' | wc -l)
    fi
    note=
    [ "$a_bc" = '?' ] || [ "$a_ll" = "$a_bc" ] || note="   (the two paths differ)"
    echo "  \"enzyme_type\" attributes on signatures: .ll path $a_ll, .bc path $a_bc$note" \
        "(of $n functions described)"
fi

echo
echo "ratios (targets from issue 4; figures only):"
r=$(ratio "$ann_ll" "$rustc_ll")
echo "  annotate(.ll) / rustc --emit=llvm-ir time:   $r   (target < 0.10: $(below "$r" 0.10))"
r=$(ratio "$ann_bc" "$rustc_bc")
echo "  annotate(.bc) / rustc --emit=llvm-bc time:   $r"
if [ "$have_llvm" = 1 ]; then
    r=$(ratio "$ann_ll_rss" "$as_rss")
    echo "  annotate(.ll) / llvm-as peak RSS:            $r   (target < 1: $(below "$r" 1))"
    r=$(ratio "$ann_bc" "$asdis_wall")
    echo "  annotate(.bc) / (llvm-as + llvm-dis) time:   $r"
    r=$(ratio "$ann_bc_rss" "$asdis_rss")
    echo "  annotate(.bc) / max(llvm-as, llvm-dis) RSS:  $r"
    r=$(ratio "$ann_ll" "$as_wall")
    echo "  annotate(.ll) / llvm-as time:                $r"
fi

# As the wrapper works: the crate with -C debuginfo=2, its own export (locals included), and
# annotate with in-body trees (issue 9's target: under 15% of rustc's --emit=llvm-ir).
echo
echo "with -C debuginfo=2 and in-body trees, as tools/rustc-typetree runs it:"
printf '  %-34s %9s %9s\n' command seconds "RSS MB"
dll=$out/xd.ll
best "$reps" "$out/rustc-dbg" rustc --crate-type=lib --crate-name=annot_bench --emit=llvm-ir \
    -C opt-level=0 -C codegen-units=1 -C debuginfo=2 "$rs" -o "$dll"
rustc_dbg=$wall
row "rustc -C debuginfo=2 --emit=llvm-ir" "$out/rustc-dbg"
best "$reps" "$out/export-dbg" "$tt" export "$dll" -o "$out/xd.json"
export_dbg=$wall
row "typetree export xd.ll" "$out/export-dbg"
best "$reps" "$out/annotate-dbg" "$tt" annotate --types "$out/xd.json" "$dll" -o "$out/xd.out.ll" --stats
ann_dbg=$wall ann_dbg_rss=$rss
row "typetree annotate xd.ll (bodies)" "$out/annotate-dbg"
best "$reps" "$out/annotate-dbg-nobody" "$tt" annotate --no-body --types "$out/xd.json" "$dll" \
    -o "$out/xd.nobody.ll"
ann_nobody=$wall
row "typetree annotate --no-body xd.ll" "$out/annotate-dbg-nobody"
if [ "$have_llvm" = 1 ]; then
    best "$reps" "$out/llvm-as-dbg" "$llvm/llvm-as" "$dll" -o "$out/xd.as.bc"
    as_dbg_rss=$rss
    row "llvm-as xd.ll" "$out/llvm-as-dbg"
fi
echo "  $(grep 'in bodies' "$out/annotate-dbg.err" | tail -n 1)"
r=$(ratio "$ann_dbg" "$rustc_dbg")
echo "  annotate with bodies / rustc --emit=llvm-ir:  $r   (target < 0.15: $(below "$r" 0.15))"
r=$(ratio "$ann_nobody" "$rustc_dbg")
echo "  annotate --no-body / rustc --emit=llvm-ir:    $r"
r=$(awk -v a="$export_dbg" -v b="$ann_dbg" -v c="$rustc_dbg" 'BEGIN { printf "%.3f", (c > 0 ? (a + b) / c : 0) }')
echo "  (export + annotate) / rustc --emit=llvm-ir:   $r"
if [ "$have_llvm" = 1 ]; then
    r=$(ratio "$ann_dbg_rss" "$as_dbg_rss")
    echo "  annotate with bodies / llvm-as peak RSS:      $r   (target < 1: $(below "$r" 1))"
fi

[ "$failed" = 0 ] || echo "FAIL: a command failed (see the .err files above)"
exit "$failed"
