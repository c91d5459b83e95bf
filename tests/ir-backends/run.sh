#!/bin/sh
# run.sh TYPETREE_BIN: proves the two IR backends agree and fail cleanly, on real rustc
# output of tests/ir-backends/*.rs (stable rustc, -C opt-level=0 and 3):
#  (a) .ll->.ll (streaming rewriter), .ll->.bc, .bc->.bc, .bc->.ll, stdin and stdout (LLVM-C)
#      put exactly the same "enzyme_type" attributes on the same parameters and returns, and
#      change nothing else in the module (compared after llvm-dis);
#  (b) every output passes `opt -passes=verify`;
#  (c) annotating annotated IR (also IR carrying stale trees) gives the same attributes,
#      and --no-typetree gives back the module without any; a types file that no longer
#      fits a function (or no longer describes it) removes the trees an earlier run put
#      on it: annotated IR gives what the original gives (issue 11, item 7);
#  (e) text and bitcode piped to standard input give what the file path gives, whatever
#      the output (bitcode is told by its magic, not by -o's extension; issue 11, item 7);
#  (d) truncated or byte-flipped .ll/.bc inputs give exit status 1, a message naming the
#      file, no output file and no sanitizer or LLVM crash report.
# Every run uses --no-body: in-body trees are written by the text backend only (see the
# docs/limits.md), so the backends are compared on what both write.
# Prints [PASS]/[FAIL] per check and "N passed, N failed"; exits 1 on any failure.
set -u
tt=${1:?usage: tests/ir-backends/run.sh TYPETREE_BIN}
cd "$(dirname "$0")/../.." || exit 2
case $tt in /*) ;; *) tt=$PWD/$tt ;; esac
here=tests/ir-backends
. tests/lib/suite.sh
suite_need_tools "$LLVM_DIS" "$LLVM_AS" "$OPT"
command -v rustc > /dev/null 2>&1 || suite_skip "ir-backends: no rustc"

w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

# Crash reports: a sanitizer, LLVM's fatal error handler or its stack dump.
crashed() { grep -qE 'Sanitizer|runtime error|LLVM ERROR|Stack dump|PLEASE submit' "$1"; }

# dis FILE OUT: the module as llvm-dis prints it, without the ModuleID comment, blank
# lines and the ThinLTO summary rustc puts in its bitcode (^N = ... lines): LLVM-C reads
# and writes modules without their summary.
dis() {
    if [ "$(head -c 2 "$1")" = "BC" ]; then
        "$LLVM_DIS" "$1" -o - 2> "$w/dis.err"
    else
        "$LLVM_AS" "$1" -o - 2> "$w/dis.err" | "$LLVM_DIS" -o - 2>> "$w/dis.err"
    fi | grep -v -e '^; ModuleID' -e '^$' -e '^\^[0-9]' > "$2"
}

# key NAME: a file name for a check's name
key() { echo "$1" | tr -c 'A-Za-z0-9.\n-' '_'; }

# annotate NAME EXPECT_STATUS ARGS...: runs typetree annotate; its standard output and
# error in $last.stdout and $last.err
annotate() {
    name=$1
    want=$2
    shift 2
    last=$w/$(key "$name")
    if [ -n "${pipe_in:-}" ]; then # standard input from a pipe, not a file
        cat "$pipe_in" | "$tt" annotate --no-body "$@" > "$last.stdout" 2> "$last.err"
    else
        "$tt" annotate --no-body "$@" > "$last.stdout" 2> "$last.err"
    fi
    st=$?
    if crashed "$last.err" || [ "$st" != "$want" ]; then
        echo "exit status $st, expected $want" >> "$last.err"
        fail "$name: typetree annotate $*" "$last.err"
        return 1
    fi
    return 0
}

# check_output NAME FILE REF_ATTRS INPUT_DIS: (b) verifies, (a) same attributes as
# REF_ATTRS, and nothing else changed compared with INPUT_DIS. Leaves $k.attrs.
check_output() {
    name=$1
    file=$2
    k=$w/$(key "$name")
    if "$OPT" -passes=verify -disable-output "$file" 2> "$k.verify"; then
        pass "$name: opt -passes=verify"
    else
        fail "$name: opt -passes=verify" "$k.verify"
    fi
    dis "$file" "$k.dis"
    python3 "$here/attrs.py" "$k.dis" > "$k.attrs"
    if [ -n "$3" ]; then
        if cmp -s "$k.attrs" "$3"; then
            pass "$name: same attributes as .ll->.ll ($(wc -l < "$3") attributes)"
        else
            diff "$3" "$k.attrs" > "$k.diff"
            fail "$name: attributes differ from .ll->.ll" "$k.diff"
        fi
    fi
    sed 's/ "enzyme_type"="[^"]*"//g' "$k.dis" > "$k.rest"
    if cmp -s "$k.rest" "$4"; then
        pass "$name: the rest of the module unchanged"
    else
        diff "$4" "$k.rest" > "$k.diff"
        fail "$name: the module changed beyond enzyme_type attributes" "$k.diff"
    fi
}

for src in "$here"/*.rs; do
    crate=$(basename "$src" .rs)
    types=$here/$crate.json
    for opt in 0 3; do
        c=$crate-O$opt
        d=$w/$c
        mkdir -p "$d"
        if ! rustc --crate-type=lib --emit=llvm-ir,llvm-bc -C opt-level=$opt --out-dir "$d" \
            "$src" 2> "$w/$c.rustc"; then
            fail "$c: rustc" "$w/$c.rustc"
            continue
        fi
        ll=$d/$crate.ll
        bc=$d/$crate.bc
        dis "$ll" "$w/$c.in.dis"
        dis "$bc" "$w/$c.inbc.dis"

        # (a) the streaming rewriter is the reference
        annotate "$c ll->ll" 0 --types "$types" "$ll" -o "$d/a.ll" || continue
        dis "$d/a.ll" "$w/$c.ref.dis"
        python3 "$here/attrs.py" "$w/$c.ref.dis" > "$w/$c.ref"
        if [ -s "$w/$c.ref" ]; then
            pass "$c ll->ll: $(wc -l < "$w/$c.ref") attributes set"
        else
            fail "$c ll->ll: no attribute set"
        fi
        check_output "$c ll->ll" "$d/a.ll" "" "$w/$c.in.dis"
        annotate "$c ll->bc" 0 --types "$types" "$ll" -o "$d/b.bc" &&
            check_output "$c ll->bc" "$d/b.bc" "$w/$c.ref" "$w/$c.in.dis"
        annotate "$c bc->bc" 0 --types "$types" "$bc" -o "$d/c.bc" &&
            check_output "$c bc->bc" "$d/c.bc" "$w/$c.ref" "$w/$c.inbc.dis"
        annotate "$c bc->ll" 0 --types "$types" "$bc" -o "$d/d.ll" &&
            check_output "$c bc->ll" "$d/d.ll" "$w/$c.ref" "$w/$c.inbc.dis"
        annotate "$c stdin(bc)->bc" 0 --types "$types" - -o "$d/e.bc" < "$bc" &&
            check_output "$c stdin(bc)->bc" "$d/e.bc" "$w/$c.ref" "$w/$c.inbc.dis"
        if annotate "$c bc->stdout" 0 --types "$types" "$bc" -o -; then
            cp "$last.stdout" "$d/f.ll"
            check_output "$c bc->stdout" "$d/f.ll" "$w/$c.ref" "$w/$c.inbc.dis"
        fi
        if annotate "$c ll->stdout --emit=bc" 0 --types "$types" --emit=bc "$ll" -o -; then
            cp "$last.stdout" "$d/g.bc"
            check_output "$c ll->stdout --emit=bc" "$d/g.bc" "$w/$c.ref" "$w/$c.in.dis"
        fi

        # (e) stdin-pipe: a pipe, not a file, on standard input
        if pipe_in=$ll annotate "$c stdin-pipe(ll)->stdout" 0 --types "$types" - -o -; then
            cp "$last.stdout" "$d/p.ll"
            check_output "$c stdin-pipe(ll)->stdout" "$d/p.ll" "$w/$c.ref" "$w/$c.in.dis"
        fi
        if pipe_in=$bc annotate "$c stdin-pipe(bc)->stdout" 0 --types "$types" - -o -; then
            cp "$last.stdout" "$d/q.ll"
            check_output "$c stdin-pipe(bc)->stdout" "$d/q.ll" "$w/$c.ref" "$w/$c.inbc.dis"
        fi
        pipe_in=$bc annotate "$c stdin-pipe(bc)->ll" 0 --types "$types" - -o "$d/r.ll" &&
            check_output "$c stdin-pipe(bc)->ll" "$d/r.ll" "$w/$c.ref" "$w/$c.inbc.dis"

        # (c) idempotence, stale trees replaced, --no-typetree
        for out in a.ll b.bc c.bc d.ll; do
            base=$w/$c.in.dis
            case $out in c.bc | d.ll) base=$w/$c.inbc.dis ;; esac
            annotate "$c again $out" 0 --types "$types" "$d/$out" -o "$d/again-$out" &&
                check_output "$c again $out" "$d/again-$out" "$w/$c.ref" "$base"
            if annotate "$c --no-typetree $out" 0 --no-typetree --types "$types" "$d/$out" \
                -o "$d/strip-$out"; then
                check_output "$c --no-typetree $out" "$d/strip-$out" "" "$base"
                if [ -s "$k.attrs" ]; then
                    fail "$c --no-typetree $out: attributes left" "$k.attrs"
                else
                    pass "$c --no-typetree $out: no attribute left"
                fi
            fi
        done
        # types-changed: the first function gains a parameter (a signature mismatch now),
        # the second is no longer described; annotated IR must give what the original gives
        python3 -c 'import json, sys
t = json.load(open(sys.argv[1]))
t["functions"][0]["args"].append({"name": "extra", "ty": "u64"})
del t["functions"][1]
json.dump(t, open(sys.argv[2], "w"))' "$types" "$d/changed.json"
        if annotate "$c types-changed ll->ll" 0 --types "$d/changed.json" "$ll" -o "$d/t.ll"; then
            dis "$d/t.ll" "$w/$c.changed.dis"
            python3 "$here/attrs.py" "$w/$c.changed.dis" > "$w/$c.changed"
            for out in a.ll c.bc; do
                base=$w/$c.in.dis
                [ "$out" = c.bc ] && base=$w/$c.inbc.dis
                annotate "$c types-changed on annotated $out" 0 --types "$d/changed.json" \
                    "$d/$out" -o "$d/changed-$out" &&
                    check_output "$c types-changed on annotated $out" "$d/changed-$out" \
                        "$w/$c.changed" "$base"
            done
        fi
        # stale trees: every annotated tree replaced by a wrong one, in text and bitcode
        sed 's/"enzyme_type"="[^"]*"/"enzyme_type"="{[-1]:Integer}"/g' "$w/$c.ref.dis" > "$d/stale.ll"
        "$LLVM_AS" "$d/stale.ll" -o "$d/stale.bc"
        for ext in ll bc; do
            annotate "$c stale $ext->ll" 0 --types "$types" "$d/stale.$ext" -o "$d/unstale-$ext.ll" &&
                check_output "$c stale $ext->ll" "$d/unstale-$ext.ll" "$w/$c.ref" "$w/$c.in.dis"
            annotate "$c stale $ext->bc" 0 --types "$types" "$d/stale.$ext" -o "$d/unstale-$ext.bc" &&
                check_output "$c stale $ext->bc" "$d/unstale-$ext.bc" "$w/$c.ref" "$w/$c.in.dis"
        done
    done
done

# (d) damaged inputs, from the first crate at opt-level 0
crate=$(basename "$(ls "$here"/*.rs | head -n 1)" .rs)
types=$here/$crate.json
d=$w/damaged
mkdir -p "$d"
cp "$w/$crate-O0/$crate.ll" "$d/good.ll"
cp "$w/$crate-O0/$crate.bc" "$d/good.bc"

# flip FILE OFFSET OUT: OUT is FILE with the byte at OFFSET xor 0xff.
flip() {
    python3 -c 'import sys
b = bytearray(open(sys.argv[1], "rb").read())
b[int(sys.argv[2])] ^= 0xFF
open(sys.argv[3], "wb").write(b)' "$1" "$2" "$3"
}

# damaged NAME MUST_FAIL: annotates $d/NAME to .ll and .bc; with MUST_FAIL=0 a success is
# accepted when its output verifies (a flipped byte inside a name can leave valid IR).
damaged() {
    for to in ll bc; do
        rm -rf "$d/out"
        mkdir "$d/out"
        label="damaged $1 -> $to"
        # --verify: the streaming .ll path checks structure only by default; with it, any
        # invalid input is an error on both paths.
        "$tt" annotate --verify --types "$types" "$d/$1" -o "$d/out/r.$to" > /dev/null 2> "$w/dmg.err"
        st=$?
        left=$(ls "$d/out")
        if crashed "$w/dmg.err" || [ "$st" -gt 1 ]; then
            echo "exit status $st" >> "$w/dmg.err"
            fail "$label: crashed" "$w/dmg.err"
        elif [ "$st" = 1 ]; then
            if ! grep -qF "$1" "$w/dmg.err"; then
                fail "$label: the message does not name the file" "$w/dmg.err"
            elif [ -n "$left" ]; then
                echo "left: $left" > "$w/dmg.left"
                fail "$label: an output file was left" "$w/dmg.left"
            else
                pass "$label: exit 1, $(head -n 1 "$w/dmg.err" | cut -c 1-100)"
            fi
        elif [ "$2" = 1 ]; then
            fail "$label: accepted (exit 0)" "$w/dmg.err"
        elif "$OPT" -passes=verify -disable-output "$d/out/r.$to" 2> "$w/dmg.v"; then
            pass "$label: still valid IR, accepted, output verifies"
        else
            fail "$label: accepted, output does not verify" "$w/dmg.v"
        fi
    done
}

for ext in ll bc; do
    size=$(wc -c < "$d/good.$ext")
    points="1 4 100 $((size / 4)) $((size / 2)) $((size * 3 / 4)) $((size - 40)) $((size - 2))"
    for n in $points; do
        head -c "$n" "$d/good.$ext" > "$d/trunc-$n.$ext"
        damaged "trunc-$n.$ext" 1
    done
    : > "$d/empty.$ext"
    damaged "empty.$ext" 1
done
# text cut at line ends: what is left lacks the attribute groups and metadata it names
lines=$(wc -l < "$d/good.ll")
for n in $((lines / 2)) $((lines - 3)); do
    head -n "$n" "$d/good.ll" > "$d/lines-$n.ll"
    damaged "lines-$n.ll" 1
done
# IR that parses but fails the verifier: with current debug info LLVM's reader itself
# aborts ("Broken module found"), without it our verification must catch it.
printf '%s\n' 'define double @add_f64(double %a, double %b) {' 'start:' \
    '  %x = fadd double %y, 1.0' '  %y = fadd double %a, %b' '  ret double %x' '}' \
    > "$d/broken.ll"
cp "$d/broken.ll" "$d/broken-dbg.ll"
printf '%s\n' '!llvm.module.flags = !{!0}' '!0 = !{i32 2, !"Debug Info Version", i32 3}' \
    >> "$d/broken-dbg.ll"
damaged broken.ll 1
damaged broken-dbg.ll 1
for off in 0 1 2 3; do
    flip "$d/good.bc" "$off" "$d/flip-$off.bc"
    damaged "flip-$off.bc" 1
done
for ext in ll bc; do
    size=$(wc -c < "$d/good.$ext")
    for off in 20 $((size / 5)) $((size / 3)) $((size / 2)) $((size * 2 / 3)) $((size - 3)); do
        flip "$d/good.$ext" "$off" "$d/flip-$off.$ext"
        damaged "flip-$off.$ext" 0
    done
done

suite_end
