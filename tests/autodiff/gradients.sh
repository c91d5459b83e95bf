#!/bin/sh
# tests/autodiff/gradients.sh: the autodiff macros' derivatives are right. Builds
# tests/autodiff/gradients/ (every activity the macros lower, checked against central finite
# differences) through tools/cargo-autodiff with the real Enzyme at each opt level given
# (default 0 1 2 3), runs it, and counts its [PASS]/[FAIL] lines. A failure listed in
# known-bugs.txt (level, check, the Enzyme bug's reproducer in tests/enzyme-bugs/) counts as
# passed and is shown as [KNOWN]; one that no longer fails is shown as [FIXED] (update the list).
# usage: tests/autodiff/gradients.sh [LEVEL...]
cd "$(dirname "$0")/../.." || exit 2
root=$(pwd)
levels=${*:-0 1 2 3}
out=build/tests/autodiff
. tests/autodiff/needs.sh
plugin=$(tools/enzyme-plugin 2>&1) || suite_skip "$plugin"
[ -x build/typetree ] || { fail "build/typetree missing: run make"; suite_end; }
mkdir -p "$out"
host=$(rustc -vV | sed -n 's/^host: //p')
for level in $levels; do
    log=$out/gradients-O$level.log
    t0=$(date +%s)
    # cargo does not see the wrapper, the plugin or typetree change: the program's crates are
    # built again each time (the host's, syn and the macros, stay).
    (cd tests/autodiff && CARGO_TARGET_DIR=$root/$out/O$level cargo clean --offline -q --release \
        --target "$host" -p autodiff-tests -p typetree-autodiff) >/dev/null 2>&1
    (cd tests/autodiff && RUSTC_TYPETREE_ENZYME=$plugin CARGO_TARGET_DIR=$root/$out/O$level \
        CARGO_PROFILE_RELEASE_OPT_LEVEL=$level RUSTC_TYPETREE_NO_FALLBACK=1 \
        "$root/tools/cargo-autodiff" run --offline --locked --release -q) >"$log" 2>&1
    status=$?
    if ! grep -Eq '^[0-9]+ passed, [0-9]+ failed$' "$log"; then
        fail "-O$level: the program did not build or run (status $status; log $log):"
        grep -v '^;' "$log" | grep -E 'error|enzyme:|panicked' | cut -c1-300 | tail -n 8 | sed 's/^/    /'
        continue
    fi
    echo "== -O$level ($(($(date +%s) - t0)) s)"
    # Each [PASS]/[FAIL] line, with the known Enzyme bugs marked.
    counts=$(awk -v level="O$level" -F '\t' '
        NR == FNR { if ($0 !~ /^#/ && NF >= 3) known[$1 "\t" $2] = $3; next }
        /^\[PASS\] / { name = substr($0, 8)
                       if ((level "\t" name) in known) { print "[FIXED] -" level " " name " (was " known[level "\t" name] ": update known-bugs.txt)" }
                       else print "[PASS] -" level " " name
                       p++; next }
        /^\[FAIL\] / { name = substr($0, 8); sub(/ -- .*$/, "", name)
                       if ((level "\t" name) in known) { print "[KNOWN] -" level " " substr($0, 8) " (Enzyme bug: " known[level "\t" name] ")"; p++ }
                       else { print "[FAIL] -" level " " substr($0, 8); f++ }
                       next }
        END { printf "COUNTS %d %d\n", p, f }' tests/autodiff/known-bugs.txt "$log")
    echo "$counts" | grep -v '^COUNTS '
    p=$(echo "$counts" | sed -n 's/^COUNTS \([0-9]*\) \([0-9]*\)$/\1/p')
    f=$(echo "$counts" | sed -n 's/^COUNTS \([0-9]*\) \([0-9]*\)$/\2/p')
    suite_passed=$((suite_passed + p))
    suite_failed=$((suite_failed + f))
done
suite_end
