#!/bin/sh
# bench_runtime.sh: run time of programs built by tools/rustc-typetree at -O3 (no Enzyme)
# against the same programs built as `cargo build --release` with lto = "fat" builds them
# (rustc -C opt-level=3 -C lto=fat, cargo's default 16 codegen units), on compute-heavy
# programs (tests/bench/runtime/). Both must print the same result. Prints seconds (best of
# 5 runs) and the ratio; never fails on timing.
set -u
cd "$(dirname "$0")/../.." || exit 1
tt=$PWD/build/typetree
out=$PWD/build/bench/runtime
command -v rustc >/dev/null 2>&1 && command -v clang-22 >/dev/null 2>&1 ||
    { echo "SKIP: bench_runtime: rustc or clang-22 not found"; exit 0; }
[ -x "$tt" ] || { echo "SKIP: bench_runtime: $tt not built (run make)"; exit 0; }
mkdir -p "$out"
. tests/bench/measure.sh
echo "run time: wrapper -O3 vs rustc -C opt-level=3 -C lto=fat (seconds, best of 5)"
printf '%-10s %10s %10s %7s\n' program "lto=fat" wrapper ratio
for src in tests/bench/runtime/*.rs; do
    p=$(basename "$src" .rs)
    rustc -A warnings -C opt-level=3 -C lto=fat -C codegen-units=16 "$src" -o "$out/$p.ref" 2>"$out/$p.ref.err" ||
        { echo "  $p: rustc failed (see $out/$p.ref.err)"; continue; }
    TYPETREE=$tt tools/rustc-typetree -A warnings -C opt-level=3 "$src" -o "$out/$p.tt" 2>"$out/$p.tt.err" ||
        { echo "  $p: wrapper failed (see $out/$p.tt.err)"; continue; }
    if [ "$("$out/$p.ref")" != "$("$out/$p.tt")" ]; then
        echo "  $p: the two builds print different results"; continue
    fi
    best 5 "$out/$p.run" "$out/$p.ref"; ref=$wall
    best 5 "$out/$p.run" "$out/$p.tt"; tt_=$wall
    printf '%-10s %10.3f %10.3f %7.3f\n' "$p" "$ref" "$tt_" "$(awk -v a="$tt_" -v b="$ref" 'BEGIN { printf "%.3f", a / b }')"
done
