#!/bin/sh
# Golden tests of the wrapper's IR rewrites (emit/rewrite/ir_rewrite.c): tests/rewrite/run.sh TYPETREE_BIN
#
#   NAME.ll         a module; its line "; ARGS: ..." gives the `typetree rewrite` options.
#   NAME.expected   the module rewritten: byte for byte what `typetree rewrite ARGS` writes
#                   (made by the wrapper's former sed and awk programs, which the C rewrites
#                   replace, before they were removed); it must pass LLVM's verifier.
#                   The options annotate takes too (--rename-allocator, --split-memmove)
#                   give the same bytes through `annotate --no-typetree`; --strip-memory,
#                   --strip-dead-on-return, --strip-captures, --rename-enzyme-locals, --float-loads, --range-loads, --pointer-selects, --inner-first, --join-loops, --loop-exits,
#                   --quiet-checks, --float-from-bits, --pair-returns, --loop-starts, --entry-trees, --copy-segments, --byte-moves,
#                   --const-fn-pointers, --pointer-float-returns, --enum-moves, --std-rules and
#                   --strong-zero
#                   (the last four checks: .expected is the input) are
#                   for the module between LLVM's passes and Enzyme, rewrite's only.
#                   A line "; REWRITE-ONLY: why" skips the annotate comparison.
#                   A line "; SAME-OUTPUT" in NAME.ll: lli runs NAME.ll and NAME.expected
#                   (their @main), which must print the same, and something.
#   NAME.err        instead of .expected: the run fails with exactly this message, no output.
#   pipeline-NAME.txt  clang's pass pipeline as -print-pipeline-passes prints it (with the
#                   Enzyme plugin); .expected: the two halves `typetree split-pipeline`
#                   prints (made by the former awk program); with the plugin here, each half
#                   must be a pipeline opt runs. .err: as above.
#   calls-enzyme.ll `typetree calls-enzyme` says 0 (declares __enzyme_*), and so for the
#                   inner-first*.ll, byte-moves*.ll, const-fn-pointers*.ll, entry-trees*.ll,
#                   pointer-float-returns*.ll, enum-moves*.ll and strong-zero*.ll, which call
#                   Enzyme; every other .ll 3.
# Prints [PASS]/[FAIL] per check and ends with "N passed, N failed".
[ $# -eq 1 ] || { echo "usage: $0 TYPETREE_BIN" >&2; exit 2; }
T=$1
case $T in /*) ;; *) T=$PWD/$T ;; esac
cd "$(dirname "$0")" || exit 2
OPT=${OPT:-/usr/lib/llvm-22/bin/opt}
LLI=${LLI:-/usr/lib/llvm-22/bin/lli}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pass=0 fail=0
ok() { echo "[PASS] $1"; pass=$((pass + 1)); }
bad() { echo "[FAIL] $1"; [ -z "${2:-}" ] || sed 's/^/    /' "$2" | head -20; fail=$((fail + 1)); }
echo '{"format": "rust-types/1", "types": {}, "functions": []}' >"$out/none.json"

for f in *.ll; do
    name=${f%.ll}
    [ "$name" != calls-enzyme ] || continue
    args=$(grep '^; ARGS: ' "$f" | cut -c9-)
    rm -f "$out/o.ll"
    # shellcheck disable=SC2086
    "$T" rewrite $args "$f" -o "$out/o.ll" 2>"$out/err"
    st=$?
    if [ -f "$name.err" ]; then
        if [ $st -eq 1 ] && [ ! -e "$out/o.ll" ] && cmp -s "$out/err" "$name.err"; then
            ok "$name: refused with its message, nothing written"
        else
            diff "$name.err" "$out/err" >"$out/d" 2>&1; bad "$name: expected the refusal of $name.err (exit $st)" "$out/d"
        fi
        continue
    fi
    if [ $st -eq 0 ] && cmp -s "$out/o.ll" "$name.expected"; then
        ok "$name: rewrite $args"
    else
        { cat "$out/err"; diff "$name.expected" "$out/o.ll"; } >"$out/d" 2>&1
        bad "$name: rewrite $args differs from $name.expected" "$out/d"
    fi
    if "$OPT" -passes=verify -disable-output "$name.expected" 2>"$out/v"; then
        ok "$name: the rewritten module verifies"
    else
        bad "$name: the rewritten module does not verify" "$out/v"
    fi
    if grep -q '^; SAME-OUTPUT' "$f"; then
        if "$LLI" "$f" >"$out/before" 2>&1 && "$LLI" "$name.expected" >"$out/after" 2>&1 &&
            [ -s "$out/before" ] && cmp -s "$out/before" "$out/after"; then
            ok "$name: the module and its rewrite print the same under lli"
        else
            diff "$out/before" "$out/after" >"$out/d" 2>&1
            bad "$name: the module and its rewrite print differently under lli" "$out/d"
        fi
    fi
    case " $args " in *" --strip-memory "* | *" --strip-dead-on-return "* | *" --float-loads "* | *" --range-loads "* | *" --pointer-selects "* | \
        *" --inner-first "* | *" --join-loops "* | *" --loop-exits "* | *" --quiet-checks "* | \
        *" --float-from-bits "* | *" --pair-returns "* | *" --byte-moves "* | *" --const-fn-pointers "* | \
        *" --pointer-float-returns "* | *" --copy-segments "* | *" --loop-starts "* | *" --entry-trees "* | \
        *" --enum-moves "* | *" --std-rules "* | *" --strong-zero "*)
        continue ;; # rewrite's only
    esac
    grep -q '^; REWRITE-ONLY' "$f" && continue
    # shellcheck disable=SC2086
    if "$T" annotate --types "$out/none.json" --no-typetree $args "$f" -o "$out/a.ll" \
        2>"$out/err" && cmp -s "$out/a.ll" "$name.expected"; then
        ok "$name: annotate --no-typetree $args writes the same"
    else
        { cat "$out/err"; diff "$name.expected" "$out/a.ll"; } >"$out/d" 2>&1
        bad "$name: annotate $args differs" "$out/d"
    fi
done

plugin=$(../../tools/enzyme-plugin 2>/dev/null)
for f in pipeline-*.txt; do
    name=${f%.txt}
    "$T" split-pipeline "$f" >"$out/halves" 2>"$out/err"
    st=$?
    if [ -f "$name.err" ]; then
        if [ $st -eq 1 ] && [ ! -s "$out/halves" ] && cmp -s "$out/err" "$name.err"; then
            ok "$name: refused with its message"
        else
            bad "$name: expected the refusal of $name.err (exit $st)" "$out/err"
        fi
        continue
    fi
    if [ $st -eq 0 ] && cmp -s "$out/halves" "$name.expected"; then
        ok "$name: split-pipeline"
    else
        { cat "$out/err"; diff "$name.expected" "$out/halves"; } >"$out/d" 2>&1
        bad "$name: split-pipeline differs from $name.expected" "$out/d"
    fi
    [ -n "$plugin" ] || continue
    k=0
    while IFS= read -r half; do
        k=$((k + 1))
        if "$OPT" -load-pass-plugin="$plugin" -passes="$half" -disable-output strip-memory.ll \
            2>"$out/v"; then
            ok "$name: half $k is a pipeline opt runs with the plugin"
        else
            bad "$name: half $k does not run" "$out/v"
        fi
    done <"$out/halves"
done

for f in *.ll; do
    want=3
    case $f in calls-enzyme.ll | inner-first*.ll | byte-moves*.ll | const-fn-pointers*.ll | entry-trees*.ll | \
        pointer-float-returns*.ll | enum-moves*.ll | strong-zero*.ll) want=0 ;; esac
    "$T" calls-enzyme "$f" 2>"$out/err"
    st=$?
    if [ $st -eq $want ]; then ok "calls-enzyme $f: $st"; else bad "calls-enzyme $f: $st, not $want" "$out/err"; fi
done

# bitcode is refused by name (the rewrites read text)
"$OPT" strip-memory.ll -o "$out/m.bc" 2>/dev/null
rm -f "$out/o.ll"
if ! "$T" rewrite --strip-memory "$out/m.bc" -o "$out/o.ll" 2>"$out/err" &&
    grep -q "m.bc: error: this is bitcode" "$out/err" && [ ! -e "$out/o.ll" ]; then
    ok "rewrite: bitcode refused, by file name"
else
    bad "rewrite: bitcode not refused" "$out/err"
fi
if ! "$T" annotate --types "$out/none.json" --split-memmove "$out/m.bc" -o "$out/o.bc" 2>"$out/err" &&
    grep -q "text in and out" "$out/err"; then
    ok "annotate: --split-memmove on bitcode refused"
else
    bad "annotate: --split-memmove on bitcode not refused" "$out/err"
fi
# the table of Enzyme workarounds: docs print what the wrapper reads
sed -n '/^<!-- workarounds-table -->$/,/^<!-- \/workarounds-table -->$/p' \
    ../../docs/enzyme-workarounds.md | sed '1d;$d' >"$out/doc-table"
if ../../tools/workarounds-table >"$out/table" && [ -s "$out/table" ] &&
    cmp -s "$out/table" "$out/doc-table"; then
    ok "docs/enzyme-workarounds.md prints tools/enzyme-workarounds.tsv"
else
    diff "$out/doc-table" "$out/table" >"$out/d" 2>&1
    bad "docs/enzyme-workarounds.md's table differs from tools/workarounds-table (rerun it)" "$out/d"
fi
flags=$(env -u RUSTC_TYPETREE_ENZYME_FLAGS ../../tools/rustc-typetree --print-enzyme-flags | tr '\n' ' ')
want=$(awk -F'\t' '!/^#/ && $2 == "enzyme-flag" { printf "%s ", $3 }' ../../tools/enzyme-workarounds.tsv)
if [ -n "$want" ] && [ "$flags" = "$want" ]; then
    ok "the wrapper's Enzyme options are the table's enzyme-flag rows: $flags"
else
    echo "wrapper: $flags; table: $want" >"$out/d"
    bad "the wrapper's Enzyme options differ from the table's" "$out/d"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
