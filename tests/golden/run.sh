#!/bin/sh
# Golden tests of `typetree tree`: tests/golden/run.sh TYPETREE_BIN
#
# Each case is tests/golden/trees/NAME.args beside NAME.expected:
#   NAME.args      optional header lines, then one type expression per line:
#                    fixture: PATH     the rust-types/1 file (default fixtures/trees/types.json)
#                    options: OPTS     extra options for `typetree tree` (--max-depth N ...)
#                  lines starting with '#' and empty lines are ignored
#   NAME.expected  the tree of each type, one line each, in the same order; written by
#                  hand from issue 3 and .notes/tree-rules.md (the spec, not a snapshot)
#   NAME.rustc     optional, not checked: "TYPE<TAB>rustc: STRING<TAB>reason" where rustc's
#                  autodiff emits something else
# A case passes when `TYPETREE_BIN tree OPTS FIXTURE TYPE...` (run from the repository root)
# exits 0, prints exactly NAME.expected, and every printed line passes
# build/tests/enzyme_check (Enzyme's grammar and rules, with the same --max-depth and
# --max-offset); the checker is built first when missing or stale.
# Prints [PASS]/[FAIL] per case and ends with "N passed, N failed".

if [ $# -ne 1 ]; then
    echo "usage: $0 TYPETREE_BIN" >&2
    exit 2
fi
bin=$1
case $bin in
/*) ;;
*) bin=$PWD/$bin ;;
esac
cd "$(dirname "$0")/../.." || exit 2
. tests/lib/suite.sh
sh tests/trees/build-checker.sh || exit 2
check=build/tests/enzyme_check
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# type_at N TYPE...: prints the N-th type expression (empty when there is none)
type_at() {
    n=$1
    shift
    if [ "$n" -ge 1 ] && [ "$n" -le $# ]; then
        eval "printf '%s' \"\${$n}\""
    fi
}

for args in tests/golden/trees/*.args; do
    set -f # type expressions and options are never globbed
    name=$(basename "$args" .args)
    expected=tests/golden/trees/$name.expected
    fixture=fixtures/trees/types.json
    options=""
    set --
    while IFS= read -r line || [ -n "$line" ]; do
        case $line in
        'fixture: '*) fixture=${line#fixture: } ;;
        'options: '*) options=${line#options: } ;;
        '#'* | '') ;;
        *) set -- "$@" "$line" ;;
        esac
    done <"$args"

    # the checker gets the same limits as typetree
    checkopts=""
    want=""
    for w in $options; do
        if [ -n "$want" ]; then
            checkopts="$checkopts $want $w"
            want=""
        fi
        case $w in
        --max-depth | --max-offset) want=$w ;;
        --max-depth=* | --max-offset=*) checkopts="$checkopts $w" ;;
        esac
    done

    why=""
    # shellcheck disable=SC2086 # options are split on spaces on purpose (globbing is off)
    "$bin" tree $options "$fixture" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ ! -f "$expected" ]; then
        why="$expected is missing"
    elif [ "$status" -ne 0 ]; then
        why="typetree tree exited with status $status"
    else
        if ! diff -u "$expected" "$tmp/out" >"$tmp/diff"; then
            why="output differs from $name.expected (- expected, + got; lines cut at 300 characters)"
        fi
        # shellcheck disable=SC2086
        if ! "$check" -q $checkopts <"$tmp/out" >"$tmp/check"; then
            why="${why:+$why; }enzyme_check rejects the output"
        else
            rm -f "$tmp/check"
        fi
    fi

    if [ -z "$why" ]; then
        pass "$name"
    else
        fail "$name: $why"
        if [ -s "$tmp/err" ]; then
            head -n 20 "$tmp/err" | sed 's/^/    stderr: /'
        fi
        if [ -s "$tmp/diff" ]; then
            # name the type of each differing line (the first 10), then show the diff
            awk 'NR == FNR { e[FNR] = $0; ne = FNR; next } { g[FNR] = $0; ng = FNR }
                 END { n = ne > ng ? ne : ng; for (i = 1; i <= n; i++) if (e[i] != g[i]) print i }' \
                "$expected" "$tmp/out" | head -n 10 >"$tmp/lines"
            while read -r n; do
                echo "    differs at line $n: $(type_at "$n" "$@")"
            done <"$tmp/lines"
            head -n 40 "$tmp/diff" | cut -c1-300 | sed 's/^/    /'
        fi
        if [ -s "$tmp/check" ]; then
            # "FAIL line N: reason" -> "enzyme_check: TYPE: reason" (the first 10)
            grep '^FAIL line ' "$tmp/check" | head -n 10 | while IFS= read -r l; do
                n=$(echo "$l" | sed 's/^FAIL line \([0-9]*\):.*/\1/')
                echo "    enzyme_check: $(type_at "$n" "$@"): ${l#FAIL line *: }" | cut -c1-300
            done
        fi
    fi
    rm -f "$tmp/diff" "$tmp/check" "$tmp/lines"
done
suite_end
