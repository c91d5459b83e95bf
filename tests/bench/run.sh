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

. "$(dirname "$0")/measure.sh"

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

# In-body trees: the share of copies typed inside the gradient programs' functions at -O0.
echo
python3 tests/bench/bench_bodies.py

# The rustc wrapper's stages against plain rustc, and Enzyme's time with and without trees.
echo
sh tests/bench/bench_wrapper.sh

# Run time of wrapper-built release programs against rustc's own fat-LTO builds.
echo
sh tests/bench/bench_runtime.sh
