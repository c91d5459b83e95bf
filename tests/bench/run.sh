#!/bin/sh
# run.sh: how `typetree layout` scales with the number of types (1k, 10k, 100k generated
# by gen_bench.py, seed 1), and whether an array's length costs time ([f32; 10^12] against
# [f32; 4]). Prints figures and ratios; never fails on timing (a ratio near 1 means
# linear growth). Needs build/typetree (`make bench` builds it).
set -u
cd "$(dirname "$0")/../.." || exit 1

tt=build/typetree
out=build/bench
seed=1
if [ ! -x "$tt" ]; then
    echo "SKIP: bench: $tt not built (run make)"
    exit 0
fi
mkdir -p "$out"

# measure FILE CMD...: runs CMD with stdout to /dev/null and stderr to FILE.err; sets
# $wall (seconds), $rss (peak RSS, KiB) and $rc. /usr/bin/time gives the RSS; the wall
# time comes from date's nanoseconds when it has them (time's %e has 10 ms steps).
measure() {
    file=$1
    shift
    if [ -x /usr/bin/time ]; then
        t0=$(date +%s%N)
        /usr/bin/time -f '%e %M' -o "$file.time" "$@" > /dev/null 2> "$file.err"
        rc=$?
        t1=$(date +%s%N)
        # the last line: time puts "Command exited with non-zero status N" before it
        read -r wall rss <<EOF
$(tail -n 1 "$file.time")
EOF
        case $t0$t1 in
        *N*) ;;
        *) wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }') ;;
        esac
    else
        set -- "$(python3 -c '
import os, subprocess, sys, time
t = time.perf_counter()
with open(sys.argv[1] + ".err", "wb") as err:
    p = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=err)
    _, status, ru = os.wait4(p.pid, 0)
print("%.4f %d %d" % (time.perf_counter() - t, ru.ru_maxrss, os.waitstatus_to_exitcode(status)))
' "$file" "$@")"
        read -r wall rss rc <<EOF
$1
EOF
    fi
}

# best REPS FILE CMD...: the fastest of REPS runs of measure (less noise from other load).
best() {
    reps=$1
    shift
    bwall=
    brss=0
    brc=0
    while [ "$reps" -gt 0 ]; do
        measure "$@"
        if [ -z "$bwall" ] || awk -v a="$wall" -v b="$bwall" 'BEGIN { exit !(a < b) }'; then
            bwall=$wall
        fi
        [ "$rss" -gt "$brss" ] && brss=$rss
        [ "$rc" = 0 ] || brc=$rc
        reps=$((reps - 1))
    done
    wall=$bwall
    rss=$brss
    rc=$brc
}

echo "typetree layout of N generated types (tests/bench/gen_bench.py N $seed; best of 5, 3, 1 runs)"
printf '%8s %10s %10s %10s %8s\n' N seconds "RSS MB" "us/type" ratio
base=
for n in 1000 10000 100000; do
    doc=$out/types-$n-$seed.json
    if [ ! -s "$doc" ] || [ tests/bench/gen_bench.py -nt "$doc" ]; then
        python3 tests/bench/gen_bench.py "$n" "$seed" > "$doc.tmp" && mv "$doc.tmp" "$doc"
    fi
    case $n in 1000) reps=5 ;; 10000) reps=3 ;; *) reps=1 ;; esac
    best "$reps" "$out/layout-$n" "$tt" layout "$doc"
    per=$(awk -v w="$wall" -v n="$n" 'BEGIN { printf "%.2f", w * 1e6 / n }')
    [ -n "$base" ] || base=$per
    ratio=$(awk -v p="$per" -v b="$base" 'BEGIN { printf "%.2f", (b > 0 ? p / b : 0) }')
    mb=$(awk -v k="$rss" 'BEGIN { printf "%.1f", k / 1024 }')
    printf '%8s %10s %10s %10s %8s' "$n" "$wall" "$mb" "$per" "$ratio"
    [ "$rc" = 0 ] || printf '   (exit %s: see %s.err)' "$rc" "$out/layout-$n"
    echo
done

# The length of an array must not cost time: rustc's layout is arithmetic, not a loop.
min=$out/min.json
echo '{"format": "rust-types/1"}' > "$min"
echo
echo "one type expression per run (wall seconds, best of 5; equal within noise)"
for e in '[f32; 4]' '[f32; 1000000000000]'; do
    best 5 "$out/expr" "$tt" layout "$min" "$e"
    printf '  %-24s %8s s' "$e" "$wall"
    [ "$rc" = 0 ] || printf '   (exit %s: see %s.err)' "$rc" "$out/expr"
    echo
done

# TypeTrees: 100k types, huge arrays, a recursive graph (figures only).
echo
sh tests/bench/bench_trees.sh

# typetree annotate on rustc's IR of a generated crate of 4000 functions, next to rustc's
# time to emit it and llvm-as/llvm-dis (figures only; fails only if a command fails).
echo
sh tests/bench/bench_annotate.sh
