#!/bin/sh
# tests/run-all.sh: every test suite, in pipeline order, each printing its own
# "N passed, N failed"; this script adds them up and prints the total last.
# Suites that cannot run here (no rustc +nightly, no clang-22) say SKIP and why.
cd "$(dirname "$0")/.." || exit 2
total_pass=0
total_fail=0
failed_suites=""
timings=""
log=$(mktemp)

# The Rust suites write some GB under build/ (a fresh checkout's `make check` and
# `make check-crates` peaked at about 3.5 GB, most of it the crates test) and a few hundred
# MB at a time under TMPDIR; a full disk shows up deep in a suite as a failed copy, so say it
# first.
free_mb=$(df -Pm build 2>/dev/null | awk 'NR == 2 { print $4 }')
if [ -n "$free_mb" ] && [ "$free_mb" -lt 5000 ]; then
    echo "NOTE: $free_mb MB free under build/; the suites with rustc need about 4 GB"
fi

# The accounting of one suite that has run: its log shown, its "N passed, N failed" added.
account() {  # name status elapsed log
    name=$1 status=$2 elapsed=$3
    cat "$4"
    line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$4" | tail -n 1)
    p=$(echo "$line" | sed -nE 's/^([A-Za-z-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\2/p')
    f=$(echo "$line" | sed -nE 's/^([A-Za-z-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\3/p')
    [ -n "$p" ] || p=0
    [ -n "$f" ] || f=0
    if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1 # a suite that crashed or exited non-zero without counting counts as one failure
        echo "$name: exited with status $status"
    fi
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
    [ "$f" -eq 0 ] || failed_suites="$failed_suites $name"
    echo "== $name: ${elapsed} s"
    timings="$timings
$(printf '%6d s  %s' "$elapsed" "$name")"
}

run_suite() {
    name=$1
    shift
    echo "== $name: $*"
    start=$(date +%s)
    "$@" >"$log" 2>&1
    account "$name" $? $(($(date +%s) - start)) "$log"
}

# The suites that use one core each and share no files run two at a time (the machine's
# two cores; the README's test command should stay under ~30 minutes): run_pooled starts
# one when fewer than two run, pool_end waits for all and shows them in the order they
# were started. Each writes its own log; the wall seconds shown are each suite's own.
pool=$(mktemp -d)
trap 'rm -f "$log"; rm -rf "$pool"' EXIT
pooled=""
pool_running() {
    n=0
    for b in $pooled; do [ -e "$pool/$b.status" ] || n=$((n + 1)); done
    echo "$n"
}
run_pooled() {
    name=$1
    shift
    while [ "$(pool_running)" -ge 2 ]; do sleep 1; done
    echo "$*" >"$pool/$name.cmd"
    (
        start=$(date +%s)
        "$@" >"$pool/$name.log" 2>&1
        st=$?
        echo $(($(date +%s) - start)) >"$pool/$name.time"
        echo $st >"$pool/$name.status"
    ) &
    pooled="$pooled $name"
}
pool_end() {
    wait
    for b in $pooled; do
        echo "== $b: $(cat "$pool/$b.cmd")"
        account "$b" "$(cat "$pool/$b.status")" "$(cat "$pool/$b.time")" "$pool/$b.log"
    done
    pooled=""
}

run_pooled unit sh tests/run-unit.sh build/tests/test_*
run_pooled unit-asan-ubsan sh tests/run-unit.sh build/san/tests/test_*
run_pooled circles python3 tests/structure/circles.py build
run_pooled library sh tests/library/run.sh
run_pooled errors sh tests/errors/run.sh build/san/typetree
run_pooled schema /usr/bin/python3 tests/schema/validate.py schema/rust-types.schema.json \
    fixtures/*.json fixtures/trees/*.json schema/prelude.json \
    --expect-invalid tests/schema/invalid/*.json
run_pooled enzyme-grammar-checker sh tests/trees/run.sh
run_pooled trees-golden sh tests/golden/run.sh build/san/typetree
run_pooled explain-golden python3 tests/golden/explain.py build/san/typetree build/tests/enzyme_check
run_pooled conformance sh tests/conformance/run.sh --typetree build/san/typetree
run_pooled trees-property sh tests/trees-property/run.sh --typetree build/san/typetree
run_pooled ir sh tests/ir/run.sh build/san/typetree
run_pooled ir-optnone-checks sh tests/ir/optnone_checks.sh build/san/typetree
run_pooled ir-copy-loops sh tests/ir/copy_loops.sh build/san/typetree
run_pooled ir-small-copies sh tests/ir/small_copies.sh build/san/typetree
run_pooled ir-drop-unused sh tests/ir/drop_unused.sh build/san/typetree
run_pooled ir-random-copies python3 tests/ir/random_copies.py build/san/typetree --seed 1
run_pooled ir-random python3 tests/ir/random.py build/san/typetree --seed 1
run_pooled ir-random-nightly python3 tests/ir/random.py build/san/typetree --nightly --seed 1
run_pooled ir-random-bodies python3 tests/ir/random_bodies.py build/san/typetree --seed 1
run_pooled ir-random-bodies-2 python3 tests/ir/random_bodies.py build/san/typetree --seed 2
run_pooled ir-backends sh tests/ir-backends/run.sh build/san/typetree
run_pooled rewrite sh tests/rewrite/run.sh build/san/typetree
run_pooled export sh tests/export/run.sh build/san/typetree
run_pooled run-make sh tests/run-make/run.sh build/san/typetree
pool_end
run_suite wrapper sh tests/wrapper/run.sh build/typetree
run_suite autodiff-errors sh tests/autodiff/errors.sh
run_suite autodiff-gradients sh tests/autodiff/gradients.sh 0 2
run_pooled autodiff-signatures python3 tests/autodiff/signatures.py
run_pooled enzyme-rules sh tests/enzyme-rules/run.sh
run_pooled enzyme-bugs sh tests/enzyme-bugs/run.sh
run_pooled std-rules sh tests/rules/run.sh
run_pooled gradients-bookkeeping python3 tests/gradients/test_run.py
run_pooled bench-tables python3 tests/bench/test_enzyme_table.py
run_pooled bench-learned python3 tests/bench/test_enzyme_learned.py
run_pooled fuzz sh tests/fuzz/run.sh 20
pool_end
run_suite gradients python3 tests/gradients/run.py --levels 0,2 --table build/gradients-table-check.txt

echo
echo "time per suite (wall seconds; the README's test command should stay under ~30 minutes):$timings"
[ -z "$failed_suites" ] || echo "failing suites:$failed_suites"
echo "total: $total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
