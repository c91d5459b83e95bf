# tests/lib/suite.sh: what the shell suites share. Sourced, not run:
#     . "$(dirname "$0")/../lib/suite.sh"       (from tests/<suite>/run.sh)
#
# Counting. Every suite ends with the line "N passed, N failed" (tests/run-all.sh adds them
# up) and exits 1 when something failed:
#     pass NAME                  prints "[PASS] NAME"
#     fail NAME [LOG [LINES]]    prints "[FAIL] NAME", then LOG's first LINES lines (20)
#                                indented, when LOG is a non-empty file
#     fail_tail NAME [LOG [LINES]]  the same with LOG's last lines (a tool's log whose
#                                error comes at its end)
#     suite_add_log LOG          adds the last "N passed, N failed" line of LOG (a sub-run:
#                                another runner, a Python checker); returns 1 when it held a
#                                failure, 2 when it has no such line (counted as 1 failure)
#     suite_end                  prints "N passed, N failed" and exits (1 on any failure)
#     suite_skip WHY             prints "SKIP: WHY" and "0 passed, 0 failed", exits 0: for a
#                                suite that cannot run here (no rustc, no LLVM 22)
# The counts are suite_passed and suite_failed.
#
# Tools, resolved one way: LLVM 22's binaries from LLVM_BIN (default /usr/lib/llvm-22/bin,
# where Debian's llvm-22 and llvm-22-tools put them; /usr/bin/opt-22 and the like point
# there). Each may be overridden by its own variable:
#     OPT, FILECHECK, LLVM_AS, LLVM_DIS, LLVM_LINK, CLANG
#     suite_need_tools PATH...   suite_skip unless each PATH is an executable file
#
# Suites over rustc's IR of a fixture (tests/ir):
#     suite_rust_tmp             RUSTC (default rustc) must run, else suite_skip; makes the
#                                directory $tmp, removed when the suite exits
#     suite_rust_types BIN SRC   rustc's -O0 IR of the library SRC, with debuginfo, as
#                                $tmp/in.ll and `BIN export`'s types of it as
#                                $tmp/types.json; on failure "[FAIL] rustc and export" and
#                                suite_end
# shellcheck shell=sh

suite_passed=0
suite_failed=0

pass() {
    suite_passed=$((suite_passed + 1))
    echo "[PASS] $1"
}

fail() {
    suite_failed=$((suite_failed + 1))
    echo "[FAIL] $1"
    if [ -n "${2:-}" ] && [ -s "$2" ]; then
        head -n "${3:-20}" "$2" | sed 's/^/    /'
    fi
}

fail_tail() {
    suite_failed=$((suite_failed + 1))
    echo "[FAIL] $1"
    if [ -n "${2:-}" ] && [ -s "$2" ]; then
        tail -n "${3:-20}" "$2" | sed 's/^/    /'
    fi
}

suite_add_log() {
    _line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
    if [ -z "$_line" ]; then
        suite_failed=$((suite_failed + 1))
        return 2
    fi
    _p=${_line%% passed*}
    _f=${_line#*passed, }
    _f=${_f%% failed*}
    suite_passed=$((suite_passed + _p))
    suite_failed=$((suite_failed + _f))
    [ "$_f" -eq 0 ]
}

suite_end() {
    echo "$suite_passed passed, $suite_failed failed"
    [ "$suite_failed" -eq 0 ]
    exit $?
}

suite_skip() {
    echo "SKIP: $1"
    echo "0 passed, 0 failed"
    exit 0
}

LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
OPT=${OPT:-$LLVM_BIN/opt}
FILECHECK=${FILECHECK:-$LLVM_BIN/FileCheck}
LLVM_AS=${LLVM_AS:-$LLVM_BIN/llvm-as}
LLVM_DIS=${LLVM_DIS:-$LLVM_BIN/llvm-dis}
LLVM_LINK=${LLVM_LINK:-$LLVM_BIN/llvm-link}
CLANG=${CLANG:-$LLVM_BIN/clang}

suite_need_tools() {
    for _t in "$@"; do
        [ -x "$_t" ] || suite_skip "$_t not found (LLVM 22: tools/setup)"
    done
}

suite_rust_tmp() {
    RUSTC=${RUSTC:-rustc}
    "$RUSTC" --version >/dev/null 2>&1 || suite_skip "$RUSTC not found"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
}

suite_rust_types() {
    "$RUSTC" --crate-type=lib --emit=llvm-ir -C opt-level=0 -C codegen-units=1 -C debuginfo=2 \
        "$2" -o "$tmp/in.ll" && "$1" export "$tmp/in.ll" -o "$tmp/types.json" 2>"$tmp/err" ||
        { fail "rustc and export" "$tmp/err"; suite_end; }
}
