#!/bin/sh
# tests/autodiff/gradients.sh: the autodiff macros' derivatives are right. Builds the two
# programs of tests/autodiff/ through tools/cargo-autodiff with the real Enzyme at each opt
# level given (default 0 1 2 3), runs them, and counts their [PASS]/[FAIL] lines:
#   gradients        (tests/autodiff/gradients/) every activity the macros lower, and
#                    higher-order derivatives;
#   rustc-programs   (tests/autodiff/rustc/) rust-lang/rust's own autodiff test programs
#                    written with the macros.
# Every check compares derivatives with central finite differences (and primal results, and
# inputs left unchanged). A failure listed in known-bugs.txt (level, check, the Enzyme bug's
# reproducer in tests/enzyme-bugs/) counts as passed and is shown as [KNOWN]; one that no
# longer fails is shown as [FIXED] (update the list).
# --plain is a comparison, not a test: the same programs without trees
# (RUSTC_TYPETREE_NO_TYPETREE=1, the wrapper's --no-typetree), into
# build/tests/autodiff/plain-O<level>. What plain Enzyme refuses or gets wrong is printed
# ([REFUSED], [PLAIN-WRONG]) and counts as neither passed nor failed; only a program that
# does not build for another reason fails. (Plain Enzyme refuses both programs at every
# level today: one refusal stops a program's whole build. The gradient suite, which builds
# its cases apart when Enzyme refuses one, has the plain column case by case.)
# usage: tests/autodiff/gradients.sh [--plain] [LEVEL...]
cd "$(dirname "$0")/../.." || exit 2
root=$(pwd)
plain=
[ "${1:-}" = --plain ] && { plain=plain-; shift; }
levels=${*:-0 1 2 3}
out=build/tests/autodiff
. tests/autodiff/needs.sh
plugin=$(tools/enzyme-plugin 2>&1) || suite_skip "$plugin"
[ -x build/typetree ] || { fail "build/typetree missing: run make"; suite_end; }
mkdir -p "$out"
host=$(rustc -vV | sed -n 's/^host: //p')
for level in $levels; do
    log=$out/gradients-${plain}O$level.log
    target=$root/$out/${plain}O$level
    t0=$(date +%s)
    # cargo does not see the wrapper, the plugin or typetree change: the programs' crates are
    # built again each time (the host's, syn and the macros, stay).
    (cd tests/autodiff && CARGO_TARGET_DIR=$target cargo clean --offline -q --release \
        --target "$host" -p autodiff-tests -p typetree-autodiff) >/dev/null 2>&1
    (cd tests/autodiff && RUSTC_TYPETREE_ENZYME=$plugin CARGO_TARGET_DIR=$target \
        CARGO_PROFILE_RELEASE_OPT_LEVEL=$level RUSTC_TYPETREE_NO_FALLBACK=1 \
        RUSTC_TYPETREE_NO_TYPETREE=${plain:+1} \
        "$root/tools/cargo-autodiff" build --offline --locked --release -q) >"$log" 2>&1
    status=$?
    for bin in gradients rustc-programs; do
        [ $status -eq 0 ] && "$target/$host/release/$bin" >>"$log" 2>&1
    done
    if [ -n "$plain" ] && [ $status -ne 0 ] && grep -q '^rustc-typetree: enzyme: error' "$log"; then
        echo "[REFUSED] -O$level plain: Enzyme stopped (log $log):"
        grep '^rustc-typetree: enzyme: error' "$log" | cut -c1-240 | sed 's/^/    /'
        continue
    fi
    if [ "$(grep -Ec '^[0-9]+ passed, [0-9]+ failed$' "$log")" != 2 ]; then
        fail "-O$level${plain:+ (plain)}: a program did not build or run (status $status; log $log):"
        grep -v '^;' "$log" | grep -E 'error|enzyme:|panicked' | cut -c1-300 | tail -n 8 | sed 's/^/    /'
        continue
    fi
    echo "== -O$level${plain:+ (plain)} ($(($(date +%s) - t0)) s)"
    # Each [PASS]/[FAIL] line, with the known Enzyme bugs marked.
    counts=$(awk -v level="${plain}O$level" -v label="O$level${plain:+ plain}" -v plain="$plain" -F '\t' '
        NR == FNR { if ($0 !~ /^#/ && NF >= 3) known[$1 "\t" $2] = $3; next }
        /^\[PASS\] / { name = substr($0, 8)
                       if ((level "\t" name) in known) { print "[FIXED] -" label " " name " (was " known[level "\t" name] ": update known-bugs.txt)" }
                       else print "[PASS] -" label " " name
                       p++; next }
        /^\[FAIL\] / { name = substr($0, 8); sub(/ -- .*$/, "", name)
                       if ((level "\t" name) in known) { print "[KNOWN] -" label " " substr($0, 8) " (Enzyme bug: " known[level "\t" name] ")"; p++ }
                       else if (plain) print "[PLAIN-WRONG] -" label " " substr($0, 8)
                       else { print "[FAIL] -" label " " substr($0, 8); f++ }
                       next }
        END { printf "COUNTS %d %d\n", p, f }' tests/autodiff/known-bugs.txt "$log")
    echo "$counts" | grep -v '^COUNTS '
    p=$(echo "$counts" | sed -n 's/^COUNTS \([0-9]*\) \([0-9]*\)$/\1/p')
    f=$(echo "$counts" | sed -n 's/^COUNTS \([0-9]*\) \([0-9]*\)$/\2/p')
    suite_passed=$((suite_passed + p))
    suite_failed=$((suite_failed + f))
done
suite_end
