#!/bin/sh
# bench_strong_zero.sh: what the wrapper's NaN guards cost in the derivative's run time.
# tests/bench/gradient/kernels.rs (a perceptron, a pairwise energy of square roots and
# divisions, a clamped polynomial; each differentiated in reverse mode 20000 times) built
# through tools/rustc-typetree with the real Enzyme at -O0 and -O2 three ways: the default
# (keep-branches on), --fold-branches (LLVM and Enzyme fold branches into selects, as
# before keep-branches) and --strong-zero (Enzyme's marker on every call). Prints seconds
# (best of 5) per kernel and the ratio of each build to the default, measured in this run;
# the three builds must print the same checksum. Never fails on timing.
#   tests/bench/bench_strong_zero.sh   (ENZYME_PLUGIN: see tools/enzyme-plugin)
set -u
cd "$(dirname "$0")/../.." || exit 1
tt=$PWD/build/typetree
out=$PWD/build/bench/strong-zero
plugin=$(tools/enzyme-plugin 2>/dev/null) || { echo "SKIP: bench_strong_zero: no Enzyme plugin (tools/enzyme-plugin)"; exit 0; }
[ -x "$tt" ] || { echo "SKIP: bench_strong_zero: $tt not built (run make)"; exit 0; }
mkdir -p "$out"
. tests/bench/measure.sh
src=tests/bench/gradient/kernels.rs
iters=20000
echo "derivative run time (seconds, best of 5; $iters reverse passes per kernel); ratio: to the default build"
printf '%-4s %-8s %10s %10s %7s %10s %7s\n' opt kernel default fold ratio strong ratio
for O in 0 2; do
    for mode in default fold strong; do
        case $mode in default) flag= ;; fold) flag=--fold-branches ;; strong) flag=--strong-zero ;; esac
        # shellcheck disable=SC2086 # $flag is empty or one word
        TYPETREE=$tt tools/rustc-typetree $flag --enzyme "$plugin" -A warnings -C opt-level=$O \
            "$src" -o "$out/k$O-$mode" 2>"$out/k$O-$mode.err" ||
            { echo "  -O$O $mode: the build failed (see $out/k$O-$mode.err)"; continue 2; }
    done
    a=$("$out/k$O-default" 100) b=$("$out/k$O-fold" 100) c=$("$out/k$O-strong" 100)
    [ "$a" = "$b" ] && [ "$a" = "$c" ] ||
        echo "  -O$O: the builds print different checksums ($a, $b, $c)"
    for k in m e p mep; do
        best 5 "$out/run" "$out/k$O-default" $iters $k; d=$bwall
        best 5 "$out/run" "$out/k$O-fold" $iters $k; f=$bwall
        best 5 "$out/run" "$out/k$O-strong" $iters $k; s=$bwall
        case $k in m) name=mlp ;; e) name=energy ;; p) name=poly ;; *) name=all ;; esac
        printf '%-4s %-8s %10.3f %10.3f %7.2f %10.3f %7.2f\n' "-O$O" "$name" "$d" "$f" \
            "$(awk -v a="$f" -v b="$d" 'BEGIN { printf "%.2f", a / b }')" "$s" \
            "$(awk -v a="$s" -v b="$d" 'BEGIN { printf "%.2f", a / b }')"
    done
done
