#!/bin/sh
# run.sh SECONDS: builds the libFuzzer targets (fuzz_ingest: rust-types/1 documents;
# fuzz_tyexpr: type expressions; fuzz_ir: LLVM IR through the LLVM-C backend) with
# clang-22 under ASan+UBSan and runs each for SECONDS/3 seconds. Prints [PASS]/[FAIL] per
# target and "N passed, N failed" (tests/lib/suite.sh); exits 1 when a target crashed,
# leaked, hung or failed to build. Reproducers land in
# tests/fuzz/crashes-found/ (replayed as seeds on later runs, so a known crash stays red).
# FUZZ_CFLAGS adds compiler flags, e.g. -fno-sanitize=nonnull-attribute to look past a
# known report.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/lib/suite.sh

secs=${1:-20}
each=$((secs / 3))
[ "$each" -ge 1 ] || each=1

clang=$CLANG
[ -x "$clang" ] || suite_skip "fuzz: clang-22 not found (apt-get install clang-22 libclang-rt-22-dev)"
llvm_config=$LLVM_BIN/llvm-config
[ -x "$llvm_config" ] || { fail "fuzz: llvm-config-22 not found (apt-get install llvm-22-dev; tools/setup)"; suite_end; }
llvm_cflags=$($llvm_config --cflags)
# Every target links the whole library, so each needs LLVM and libiberty.
libs="-ljson-c -liberty $($llvm_config --ldflags --libs core bitreader bitwriter irreader \
      analysis --system-libs)"

out=build/fuzz
found=tests/fuzz/crashes-found
mkdir -p "$out/obj" "$found"
flags="-std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fno-omit-frame-pointer
       -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Iinclude
       ${FUZZ_CFLAGS:-}"

# The library, compiled directly (not via the Makefile) so coverage and sanitizers reach it.
sh tools/embed.sh prelude_json schema/prelude.json > "$out/prelude.c" || exit 1
sh tools/embed.sh std_rules_ll rules/rust-alloc.ll > "$out/std_rules.c" || exit 1
build_log=$out/build.log
: > "$build_log"
pids=
objs=
for src in layout/*.c emit/*.c emit/*/*.c export/*.c api/*.c "$out/prelude.c" "$out/std_rules.c"; do
    obj=$out/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')
    objs="$objs $obj"
    extra=
    [ "$src" = emit/annotate/ir_bitcode.c ] && extra=$llvm_cflags
    # shellcheck disable=SC2086
    $clang $flags $extra -Wno-overlength-strings -c "$src" -o "$obj" >> "$build_log" 2>&1 &
    pids="$pids $!"
done
build_ok=1
for p in $pids; do wait "$p" || build_ok=0; done
for t in fuzz_ingest fuzz_tyexpr fuzz_ir; do
    # shellcheck disable=SC2086
    [ "$build_ok" = 1 ] && $clang $flags "tests/fuzz/$t.c" $objs $libs -o "$out/$t" \
        >> "$build_log" 2>&1 || build_ok=0
done
if [ "$build_ok" != 1 ]; then
    fail "fuzz: build failed (log: $build_log)" "$build_log" 100
    suite_end
fi

# Seeds: the shared fixtures and negative schema cases; type expressions from seeds-tyexpr.
rm -rf "$out/seeds-ingest"
mkdir -p "$out/seeds-ingest" "$out/corpus-fuzz_ingest" "$out/corpus-fuzz_tyexpr"
cp fixtures/*.json tests/schema/invalid/*.json "$out/seeds-ingest/"
for f in "$found"/fuzz_ingest-*; do [ -f "$f" ] && cp "$f" "$out/seeds-ingest/"; done
rm -rf "$out/seeds-tyexpr"
cp -R tests/fuzz/seeds-tyexpr "$out/seeds-tyexpr"
for f in "$found"/fuzz_tyexpr-*; do [ -f "$f" ] && cp "$f" "$out/seeds-tyexpr/"; done
# IR seeds: the .ll files of seeds-ir, and each as bitcode.
rm -rf "$out/seeds-ir"
mkdir -p "$out/seeds-ir" "$out/corpus-fuzz_ir"
cp tests/fuzz/seeds-ir/*.ll "$out/seeds-ir/"
for f in tests/fuzz/seeds-ir/*.ll; do
    "$LLVM_AS" "$f" -o "$out/seeds-ir/$(basename "$f" .ll).bc" || exit 1
done
for f in "$found"/fuzz_ir-*; do [ -f "$f" ] && cp "$f" "$out/seeds-ir/"; done

# run_target NAME MAX_LEN SEED_DIR DICT [ASAN_OPTIONS...]: the first corpus dir collects
# what the fuzzer finds.
run_target() {
    name=$1
    log=$out/$name.log
    before=$(ls "$found")
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:suppressions=tests/fuzz/llvm-asan.supp${5:+:$5} \
    LSAN_OPTIONS=suppressions=tests/fuzz/llvm-lsan.supp \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$out/$name" -max_total_time="$each" -rss_limit_mb=2048 -max_len="$2" -timeout=10 \
        -dict="$4" -print_final_stats=1 -artifact_prefix="$found/$name-" \
        "$out/corpus-$name" "$3" > "$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    [ -n "$runs" ] || runs=$(sed -n 's/^#\([0-9]*\).*/\1/p' "$log" | tail -n 1)
    [ -n "$runs" ] || runs=0
    # The fuzzer's own report comes last: earlier ones come from the child processes in
    # which ir_annotate_llvm lets LLVM try damaged bitcode, and are handled there.
    unit=$(sed -n 's/.*Test unit written to //p' "$log" | tail -n 1)
    [ "$rc" = 0 ] && unit=
    for f in "$found/$name"-*; do
        [ -f "$f" ] && [ "$f" != "$unit" ] || continue
        echo "$before" | grep -qxF "$(basename "$f")" || rm -f "$f"
    done
    if [ "$rc" = 0 ]; then
        pass "$name: $runs runs, no crash"
    else
        what=$(grep -E '^==[0-9]+== ?ERROR|runtime error|ALARM|out-of-memory' "$log" | tail -n 1)
        fail "$name: exit $rc after $runs runs: ${what:-see log}"
        echo "    reproducer: ${unit:-none written}; log: $log"
        echo "    replay: $out/$name ${unit:-FILE}"
    fi
}
run_target fuzz_ingest 65536 "$out/seeds-ingest" tests/fuzz/json.dict
run_target fuzz_tyexpr 4096 "$out/seeds-tyexpr" tests/fuzz/json.dict
# fuzz_ir: the slow unwinder, so that LLVM's leaks get a stack llvm-lsan.supp can match
run_target fuzz_ir 16384 "$out/seeds-ir" tests/fuzz/ir.dict fast_unwind_on_malloc=0

rmdir "$found" 2>/dev/null # only kept when it holds reproducers
suite_end
