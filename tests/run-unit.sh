#!/bin/sh
# Runs cmocka unit-test binaries: tests/run-unit.sh BIN...
# Prints one line per binary (its full output too when something went wrong) and ends
# with "N passed, N failed", summing cmocka's test counts over all binaries. Exit 1 when
# a test failed or a binary crashed (no cmocka summary, or a non-zero exit status that
# its failures do not explain, e.g. a sanitizer report at exit).

CMOCKA_MESSAGE_OUTPUT=STDOUT # the plain format whose summary lines we parse
export CMOCKA_MESSAGE_OUTPUT

passed=0
failed=0
status=0
for bin in "$@"; do
    name=$(basename "$bin")
    out=$("$bin" 2>&1)
    rc=$?
    # "[  PASSED  ] N test(s)." and "[  FAILED  ] N test(s), listed below:"
    p=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9][0-9]*\) test(s)\..*/\1/p' | tail -n 1)
    f=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9][0-9]*\) test(s).*/\1/p' | tail -n 1)
    if [ -z "$p" ] && [ -z "$f" ]; then
        echo "[CRASH] $name: exit status $rc, no cmocka summary"
        printf '%s\n' "$out" | sed 's/^/    /'
        failed=$((failed + 1))
        status=1
        continue
    fi
    p=${p:-0}
    f=${f:-0}
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$f" -gt 0 ]; then
        echo "[FAIL] $name: $p passed, $f failed"
        printf '%s\n' "$out" | sed 's/^/    /'
        status=1
    elif [ "$rc" -ne 0 ]; then
        echo "[CRASH] $name: $p passed, but exit status $rc"
        printf '%s\n' "$out" | sed 's/^/    /'
        failed=$((failed + 1))
        status=1
    else
        echo "[PASS] $name: $p passed"
    fi
done
echo "$passed passed, $failed failed"
exit $status
