#!/bin/sh
# Conformance: `typetree layout` must agree with rustc (sizes, aligns, field and variant
# offsets) on the layout fixtures and on seeded random documents.
#   tests/conformance/run.sh [--seeds "1 2 3 4"] [--count 150] [--typetree PATH] [--keep DIR]
# Needs `rustc +nightly`; also probes the first seed with stable `rustc` when present.
# Ends with "N passed, N failed"; exit 1 on any failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seeds="1 2 3 4 5 6 7 8"
count=200
typetree="$root/build/typetree"
keep=""
while [ $# -gt 0 ]; do
    case "$1" in
    --seeds) seeds=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --typetree) typetree=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    *) echo "usage: $0 [--seeds \"1 2 3\"] [--count N] [--typetree PATH] [--keep DIR]" >&2
       exit 2 ;;
    esac
done
PY=${PYTHON:-python3}
. "$root/tests/lib/suite.sh"

rustc +nightly --version >/dev/null 2>&1 || suite_skip "conformance: rustc +nightly not found"
if [ -n "$keep" ]; then
    mkdir -p "$keep" && work=$keep
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/conformance.XXXXXX") || exit 1
    trap 'rm -rf "$work"' EXIT INT TERM
fi

# compare LABEL ARGS...: runs compare.py, adds its "N passed, N failed" to the totals
compare() {
    label=$1
    shift
    echo "== $label"
    "$PY" "$here/compare.py" --typetree "$typetree" "$@" >"$work/log" 2>&1
    cat "$work/log"
    suite_add_log "$work/log"
    [ $? -ne 2 ] || echo "compare.py gave no summary: counted as 1 failure"
}

for fx in layout-rules example; do
    if [ -f "$root/fixtures/$fx.json" ]; then
        set -- "$root/fixtures/$fx.json"
        [ -f "$here/fixtures/$fx.exprs" ] && set -- --exprs "$here/fixtures/$fx.exprs" "$@"
        compare "fixtures/$fx.json" "$@"
    else
        echo "== fixtures/$fx.json: does not exist yet, skipped"
    fi
done

first=""
for s in $seeds; do
    doc="$work/seed$s.json"
    if ! "$PY" "$here/gen_types.py" --seed "$s" --count "$count" -o "$doc"; then
        fail "seed $s: gen_types.py"
        continue
    fi
    compare "seed $s ($count types; gen_types.py --seed $s --count $count)" "$doc"
    [ -z "$first" ] && first=$s
done

if [ -n "$first" ] && rustc --version >/dev/null 2>&1; then
    compare "seed $first, stable rustc" --stable "$work/seed$first.json"
fi

# Known divergences: expected to differ; reported, not counted (XPASS means fixed).
kd="$here/known-divergences.json"
if [ -f "$kd" ]; then
    echo "== known divergences ($kd)"
    "$PY" "$here/compare.py" --typetree "$typetree" "$kd" >"$work/log" 2>&1
    sed 's/^/   /' "$work/log"
    kf=$(sed -nE 's/^[0-9]+ passed, ([0-9]+) failed$/\1/p' "$work/log" | tail -n 1)
    if [ "${kf:-0}" -gt 0 ]; then
        echo "XFAIL: $kf type(s) still differ from rustc, as recorded (not counted)"
    else
        echo "XPASS: the known divergences now agree with rustc: move them into the suite"
    fi
fi

suite_end
