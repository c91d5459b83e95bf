#!/bin/sh
# bench_trees.sh: how long `typetree tree` takes and how much memory it needs: trees of
# 100k generated types (tests/bench/gen_bench.py, 2000 type names per call, summed; the
# document is reused from build/bench/ when there), and single expressions: &[f64; 2^40],
# &[[f32; 1000]; 1000], and a recursive graph that reaches the depth limit (6).
# Prints wall time and peak RSS per case; never fails on figures.
#   tests/bench/bench_trees.sh [--count N] [--batch B] [--reps R]
set -u
cd "$(dirname "$0")/../.." || exit 1
tt=build/typetree
if [ ! -x "$tt" ]; then
    echo "SKIP: bench_trees: $tt not built (run make)"
    exit 0
fi
if "$tt" tree build/bench/none.json u8 2>&1 | grep -q 'unknown command'; then
    echo "SKIP: bench_trees: $tt has no 'tree' command"
    exit 0
fi
python3 tests/bench/bench_trees.py "$tt" build/bench "$@" || echo "bench_trees.py exited with status $?"
exit 0
