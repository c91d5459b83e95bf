#!/bin/sh
# Property tests of `typetree tree` (check.py): the checker's own self-test on
# hand-written trees, then the trees of `&E` for every type of the layout fixtures, of
# cases.json (hand-picked), of seeded random documents (tests/conformance/gen_types.py)
# and of a tests/bench/gen_bench.py document (Vec/points_to-heavy), checked against a byte
# model built from the documents and `typetree layout`; then a few of them again with
# small limits (--max-offset 64 --max-depth 4) so that the limits are crossed often.
#   tests/trees-property/run.sh [--seeds "1 2 3"] [--count 200] [--typetree PATH] [CHECK.PY ARGS...]
# Ends with "N passed, N failed"; exit 1 on any failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
PY=${PYTHON:-python3}
typetree="$root/build/typetree"
seeds="1 2 3 4 5 6 7 8"
count=200
while [ $# -gt 0 ]; do
    case "$1" in
    --typetree) typetree=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    *) break ;;
    esac
done
. "$root/tests/lib/suite.sh"
log=$(mktemp "${TMPDIR:-/tmp}/trees-property.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT INT TERM

# suite LABEL ARGS...: runs check.py, adds its "N passed, N failed" to the totals
suite() {
    label=$1
    shift
    echo "== $label"
    "$PY" "$here/check.py" --typetree "$typetree" "$@" >"$log" 2>&1
    cat "$log"
    suite_add_log "$log"
    [ $? -ne 2 ] || echo "check.py gave no summary: counted as 1 failure"
}

gb="$log.gen_bench.json"
trap 'rm -f "$log" "$gb"' EXIT INT TERM
if ! "$PY" "$root/tests/bench/gen_bench.py" 150 3 >"$gb"; then
    fail "gen_bench.py 150 3"
fi

suite "checker self-test (hand-written trees)" --self-test
suite "trees of &E: fixtures, cases.json, gen_bench.py 150 3, seeds $seeds x $count types" \
    --fixtures --doc "$here/cases.json" --doc "$gb" --seeds "$seeds" --count "$count" "$@"
suite "the same with --max-offset 64 --max-depth 4 (cases.json, gen_bench.py 150 3, seeds 1 2)" \
    --doc "$here/cases.json" --doc "$gb" --seeds "1 2" --count "$count" \
    --max-offset 64 --max-depth 4 "$@"
suite_end
