#!/bin/sh
# bench_wrapper.sh: tools/rustc-typetree against plain rustc with the same -C lto=fat
# -C codegen-units=1 -C debuginfo=2 at the same opt-level, measured in the same run (ratios
# from one run), with the wrapper's stages timed separately (RUSTC_TYPETREE_TIMES), CPU
# time (user + system of every process) and peak memory (the largest process's RSS,
# /usr/bin/time):
#   plain   without Enzyme, on the example program and a generated binary of 1000
#           functions, at -O0 and -O2 (issue 36's table; best of BENCH_REPS=3)
#   enzyme  with Enzyme and trees, on the example and the gradient suite's program, at -O0
#           and -O2: the stages around Enzyme's own pass against rustc's build of the same
#           program (its __enzyme_* calls left unresolved at its link; BENCH_ENZYME_REPS=1)
#   trees   Enzyme's own pass time on the example with trees and without (best of 3)
#   debug   debug builds with Enzyme by --enzyme-preopt (SUITE_REPS=N its repeats on the
#           suite's program)
# `bench_wrapper.sh [SECTION...]` runs those sections (default: all). Prints figures and
# ratios; never fails on timing. docs/build-time.md quotes its output.
set -u
cd "$(dirname "$0")/../.." || exit 1
tt=$PWD/build/typetree
W=$PWD/tools/rustc-typetree
out=$PWD/build/bench/wrapper
for t in rustc clang-22; do
    command -v $t >/dev/null 2>&1 || { echo "SKIP: bench_wrapper: $t not found"; exit 0; }
done
[ -x "$tt" ] || { echo "SKIP: bench_wrapper: $tt not built (run make)"; exit 0; }
mkdir -p "$out"
. tests/bench/measure.sh
sections=${*:-plain enzyme trees debug}
want() { case " $sections " in *" $1 "*) return 0 ;; esac; return 1; }
reps=${BENCH_REPS:-3}
plugin=$(tools/enzyme-plugin 2>/dev/null)

gen=$out/gen
if [ ! -s "$gen/bench_bin.rs" ] || [ tests/bench/bench_annotate_gen.py -nt "$gen/bench_bin.rs" ]; then
    mkdir -p "$gen"
    python3 tests/bench/bench_annotate_gen.py 1000 1 "$gen" >/dev/null &&
        { cat "$gen/annot_bench.rs"; echo 'fn main() {}'; } >"$gen/bench_bin.rs"
fi
# The gradient suite's program (every case of tests/gradients/cases in one binary, as
# tests/gradients/run.py builds it), less the cases Enzyme rejects at -O0 in some mode:
# copy_from_slice, f32_normalize, matrix_vector, vec_collect and rustc's adbench gmm and
# lstm stop in std's Vec growth or on a phi with --enzyme-preopt=0, 1 or 2; hashmap_values
# on threadlocal in all; rustc_abi_fnptr is refused by the wrapper's --const-fn-pointers
# check (its Const fn pointer would get a derivative of 0).
python3 - "$out/suite.rs" <<'PY'
import sys
sys.path.insert(0, "tests/gradients")
import run
run.write_main(run.list_cases("suite"), sys.argv[1], run.CASE_DIRS["suite"])
PY
suite_args="--edition=2021 --crate-name suite --cfg tt_skip_copy_from_slice
    --cfg tt_skip_f32_normalize --cfg tt_skip_matrix_vector --cfg tt_skip_vec_collect
    --cfg tt_skip_hashmap_values --cfg tt_skip_rustc_adbench_gmm_safe
    --cfg tt_skip_rustc_adbench_gmm_unsafe --cfg tt_skip_rustc_adbench_lstm_safe
    --cfg tt_skip_rustc_adbench_lstm_unsafe --cfg tt_skip_rustc_abi_fnptr $out/suite.rs"

# stage SECONDS from the times file ($1) for stage $2 (summed over crates; - when absent)
stage() { awk -v s="$2" '$2 == s { t += $3; n++ } END { if (n) printf "%.2f", t; else printf "-" }' "$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
mib() { echo $(($1 / 1024)); }

if want plain; then
    echo "tools/rustc-typetree without Enzyme vs rustc -C lto=fat -C codegen-units=1 -C debuginfo=2"
    echo "(wall seconds, best of $reps; CPU: user+system seconds of that run, every process;"
    echo " RSS: peak of the largest process, MiB; stages of the wrapper's best run: rustc = stage"
    echo " 1, the module for the trees; build = rustc's build of the program beside it; wait ="
    echo " the wait for that build after annotate)"
    printf '%-8s %4s %6s %7s %5s | %6s %7s %5s | %5s %5s | %6s %6s %6s %6s %6s %7s %5s\n' \
        program opt rustc wrapper ratio "cpu:r" "cpu:w" ratio "rss:r" "rss:w" \
        rustc build wait export annot. compile link
    for prog in example gen; do
        case $prog in
            example) src=fixtures/example/particles.rs ;;
            gen) src=$gen/bench_bin.rs ;;
        esac
        for O in 0 2; do
            best "$reps" "$out/plain" rustc -A warnings -C opt-level=$O -C lto=fat \
                -C codegen-units=1 -C debuginfo=2 "$src" -o "$out/plain.bin"
            pw=$wall pc=$cpu pr=$rss
            bw= bc= br=0
            for i in $(seq "$reps"); do
                rm -f "$out/times"
                measure "$out/w" env TYPETREE="$tt" RUSTC_TYPETREE_TIMES="$out/times" "$W" \
                    -A warnings -C opt-level=$O "$src" -o "$out/w.bin"
                [ "$rc" = 0 ] || { echo "  wrapper failed: see $out/w.err"; continue 2; }
                [ "$rss" -le "$br" ] || br=$rss
                if [ -z "$bw" ] || awk -v a="$wall" -v b="$bw" 'BEGIN { exit !(a < b) }'; then
                    bw=$wall bc=$cpu
                    cp "$out/times" "$out/times.best"
                fi
            done
            t=$out/times.best
            printf '%-8s %4s %6.2f %7.2f %5s | %6.2f %7.2f %5s | %5s %5s | %6s %6s %6s %6s %6s %7s %5s\n' \
                "$prog" "-O$O" "$pw" "$bw" "$(ratio "$bw" "$pw")" "$pc" "$bc" "$(ratio "$bc" "$pc")" \
                "$(mib "$pr")" "$(mib "$br")" "$(stage "$t" rustc)" "$(stage "$t" rustc-build)" \
                "$(stage "$t" build-wait)" "$(stage "$t" export)" "$(stage "$t" annotate)" \
                "$(stage "$t" compile)" "$(stage "$t" link)"
        done
    done
fi

if want enzyme && [ -n "$plugin" ]; then
    ereps=${BENCH_ENZYME_REPS:-1}
    echo
    echo "With Enzyme and trees vs rustc's build of the same program (its __enzyme_* calls left"
    echo "unresolved at link); around = the wrapper's wall time less Enzyme's own pass (seconds,"
    echo "best of $ereps; RSS MiB; stages of that run)"
    printf '%-8s %4s %6s %7s %6s %6s %5s | %5s %5s | %6s %6s %6s %7s %6s %7s %5s\n' \
        program opt rustc wrapper enzyme around ratio "rss:r" "rss:w" \
        rustc export annot. compile enzyme postopt link
    for prog in example suite; do
        for O in 0 2; do
            case $prog in
                # shellcheck disable=SC2086
                example) set -- --cfg enzyme fixtures/example/particles.rs ;;
                # shellcheck disable=SC2086
                suite) set -- $suite_args ;;
            esac
            best "$ereps" "$out/plain" rustc -A warnings -C opt-level=$O -C lto=fat \
                -C codegen-units=1 -C debuginfo=2 -C link-arg=-Wl,--unresolved-symbols=ignore-all \
                "$@" -o "$out/plain.bin"
            pw=$wall pr=$rss
            bw= br=0
            for i in $(seq "$ereps"); do
                rm -f "$out/times"
                measure "$out/z" env TYPETREE="$tt" RUSTC_TYPETREE_NO_FALLBACK=1 \
                    RUSTC_TYPETREE_TIMES="$out/times" "$W" --enzyme "$plugin" -A warnings \
                    -C opt-level=$O "$@" -o "$out/z.bin"
                [ "$rc" = 0 ] || { echo "  wrapper failed: see $out/z.err"; continue 2; }
                [ "$rss" -le "$br" ] || br=$rss
                if [ -z "$bw" ] || awk -v a="$wall" -v b="$bw" 'BEGIN { exit !(a < b) }'; then
                    bw=$wall
                    cp "$out/times" "$out/times.best"
                fi
            done
            t=$out/times.best
            z=$(stage "$t" enzyme)
            around=$(awk -v w="$bw" -v z="$z" 'BEGIN { printf "%.2f", w - z }')
            printf '%-8s %4s %6.2f %7.2f %6s %6s %5s | %5s %5s | %6s %6s %6s %7s %6s %7s %5s\n' \
                "$prog" "-O$O" "$pw" "$bw" "$z" "$around" "$(ratio "$around" "$pw")" \
                "$(mib "$pr")" "$(mib "$br")" "$(stage "$t" rustc)" "$(stage "$t" export)" \
                "$(stage "$t" annotate)" "$(stage "$t" compile)" "$z" \
                "$(stage "$t" enzyme-postopt)" "$(stage "$t" link)"
        done
    done
fi

if want trees && [ -n "$plugin" ]; then
    echo
    echo "Enzyme's own pass time on the example (--cfg enzyme; seconds, best of 3), trees vs none"
    printf '%4s %12s %12s %7s\n' opt "with trees" "--no-typetree" ratio
    for O in 0 2; do
        for mode in trees plain; do
            bestz=
            for i in 1 2 3; do
                rm -f "$out/times"
                flag=
                [ "$mode" = plain ] && flag=--no-typetree
                # shellcheck disable=SC2086
                RUSTC_TYPETREE_TIMES=$out/times TYPETREE=$tt "$W" --enzyme "$plugin" $flag \
                    --cfg enzyme -A warnings -C opt-level=$O fixtures/example/particles.rs \
                    -o "$out/z.bin" 2>"$out/z.err" || { bestz=fail; break; }
                z=$(stage "$out/times" enzyme)
                if [ -z "$bestz" ] || awk -v a="$z" -v b="$bestz" 'BEGIN { exit !(a < b) }'; then
                    bestz=$z
                fi
            done
            eval "z_$mode=\$bestz"
        done
        # shellcheck disable=SC2154
        printf '%4s %12s %12s %7s\n' "-O$O" "$z_trees" "$z_plain" \
            "$(awk -v a="$z_trees" -v b="$z_plain" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')"
    done
fi

# Debug builds with Enzyme: at -O0 the wrapper runs the first half of LLVM's -O2 pipeline
# before Enzyme (--enzyme-preopt=2, the default), where it used to hand Enzyme rustc's -O0
# IR (--enzyme-preopt=0); -O1 before Enzyme is the alternative measured. The whole build's
# wall time (rustc to link), best of 3 (the suite: of 2), with trees, on the example and on
# the gradient suite's program (above).
if want debug && [ -n "${plugin:-}" ]; then
    echo
    echo "Debug builds (-O0) with Enzyme and trees: whole build, wall seconds (peak RSS MiB)"
    printf '%-8s %16s %16s %16s %8s %8s\n' program "preopt=0 (old)" "preopt=1" \
        "preopt=2 (default)" "2 vs 0" "1 vs 0"
    for prog in example suite; do
        case $prog in
            example) set -- --cfg enzyme fixtures/example/particles.rs; reps=3 ;;
            # shellcheck disable=SC2086
            suite) set -- $suite_args; reps=${SUITE_REPS:-2} ;;
        esac
        row=
        for p in 0 1 2; do
            best $reps "$out/dbg" env TYPETREE="$tt" RUSTC_TYPETREE_NO_FALLBACK=1 "$W" \
                --enzyme "$plugin" --enzyme-preopt=$p -A warnings -C opt-level=0 "$@" \
                -o "$out/dbg.bin"
            [ "$rc" = 0 ] || { wall=fail; rss=0; }
            eval "w$p=\$wall"
            row="$row $(printf '%16s' "$wall ($((rss / 1024)))")"
        done
        # shellcheck disable=SC2154
        printf '%-8s%s %8s %8s\n' "$prog" "$row" \
            "$(awk -v a="$w2" -v b="$w0" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')" \
            "$(awk -v a="$w1" -v b="$w0" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')"
    done
fi
