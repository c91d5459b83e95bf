#!/bin/sh
# The CLI's bad-input suite: tests/errors/run.sh TYPETREE_BIN
#
# Each case is NAME.expect, usually beside an input NAME.json. NAME.expect holds
#   # what the case proves (a comment)
#   args: layout -t x NAME.json     optional; default "layout NAME.json"
#   exit: 1                         1 for input errors, 2 for usage errors
#   stderr: TEXT                    one or more; each must occur in stderr
# The command runs inside tests/errors, so messages name the file as NAME.json. A case
# passes when the exit status is the expected one, stdout is empty, stderr holds every
# TEXT and, for input errors on a NAME.json, that file name; and when, run again with
# "-o OUT", it leaves neither OUT nor a temporary file behind.
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
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/../lib/suite.sh"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

for expect in "$dir"/*.expect; do
    name=$(basename "$expect" .expect)
    args=$(sed -n 's/^args: //p' "$expect")
    [ -n "$args" ] || args="layout $name.json"
    want=$(sed -n 's/^exit: //p' "$expect")
    sed -n 's/^stderr: //p' "$expect" >"$tmp/patterns"
    why=""

    set -f # args are split on spaces, never globbed
    set -- $args
    set +f
    cmd=$1
    shift
    (cd "$dir" && "$bin" "$cmd" "$@") >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ -z "$want" ] || [ ! -s "$tmp/patterns" ]; then
        why="$name.expect needs an 'exit:' and a 'stderr:' line"
    elif [ "$got" -ne "$want" ]; then
        why="exit status $got, expected $want"
    elif [ -s "$tmp/out" ]; then
        why="stdout is not empty"
    elif [ "$want" -eq 1 ] && [ -f "$dir/$name.json" ] && ! grep -qF -- "$name.json" "$tmp/err"; then
        why="stderr does not name $name.json"
    else
        while IFS= read -r text; do
            if ! grep -qF -- "$text" "$tmp/err"; then
                why="stderr lacks: $text"
                break
            fi
        done <"$tmp/patterns"
    fi

    # Again with -o: a failed run must not leave the output file (or its temporary).
    if [ -z "$why" ]; then
        rm -rf "$tmp/o"
        mkdir "$tmp/o"
        (cd "$dir" && "$bin" "$cmd" -o "$tmp/o/out.json" "$@") >"$tmp/out" 2>"$tmp/err"
        got=$?
        if [ "$got" -ne "$want" ]; then
            why="with -o OUT: exit status $got, expected $want"
        elif [ -s "$tmp/out" ]; then
            why="with -o OUT: stdout is not empty"
        elif [ -n "$(ls -A "$tmp/o")" ]; then
            why="with -o OUT: left $(ls -A "$tmp/o" | tr '\n' ' ')behind"
        fi
    fi

    if [ -z "$why" ]; then
        pass "$name"
    else
        fail "$name: $why"
        sed 's/^/    stderr: /' "$tmp/err"
    fi
done

# Output targets that are not a regular file (emit/atomic_file.c). The reference is the
# same command's stdout.
doc=$dir/../../fixtures/example.json
"$bin" layout "$doc" >"$tmp/want" 2>"$tmp/err" || fail "output targets: layout of fixtures/example.json failed"
# A FIFO is written in place, not replaced by a regular file (as /dev/null was, run as root).
mkfifo "$tmp/fifo"
timeout 20 cat "$tmp/fifo" >"$tmp/fifo.got" &
reader=$!
if timeout 20 "$bin" layout -o "$tmp/fifo" "$doc" 2>"$tmp/err" && wait "$reader" &&
    [ -p "$tmp/fifo" ] && cmp -s "$tmp/want" "$tmp/fifo.got"; then
    pass "output targets: -o FIFO: written in place, still a FIFO"
else
    fail "output targets: -o FIFO: $( [ -p "$tmp/fifo" ] || echo 'replaced by a file; ')$(cat "$tmp/err")"
    kill "$reader" 2>/dev/null
fi
# annotate's bitcode goes through LLVM, which writes by path: to the FIFO too.
LLVM_DIS=${LLVM_DIS:-/usr/lib/llvm-22/bin/llvm-dis}
if [ -x "$LLVM_DIS" ]; then
    ll=$dir/../rewrite/entry-trees.ll
    mkfifo "$tmp/fifo.bc"
    timeout 20 cat "$tmp/fifo.bc" >"$tmp/fifo.bc.got" &
    reader=$!
    if "$bin" export "$ll" -o "$tmp/types.json" 2>"$tmp/err" &&
        timeout 20 "$bin" annotate --types "$tmp/types.json" "$ll" -o "$tmp/fifo.bc" 2>>"$tmp/err" &&
        wait "$reader" && [ -p "$tmp/fifo.bc" ] && "$LLVM_DIS" "$tmp/fifo.bc.got" -o /dev/null 2>>"$tmp/err"; then
        pass "output targets: annotate -o FIFO.bc: LLVM's bitcode reaches the FIFO"
    else
        fail "output targets: annotate -o FIFO.bc: $(cat "$tmp/err")"
        kill "$reader" 2>/dev/null
    fi
else
    echo "SKIP: output targets: annotate -o FIFO.bc: $LLVM_DIS not found"
fi
# A symbolic link stays a link; the file it names gets the output, the temporary beside it.
mkdir "$tmp/a" "$tmp/b"
ln -s ../b/real.json "$tmp/a/link.json"
if "$bin" layout -o "$tmp/a/link.json" "$doc" 2>"$tmp/err" && [ -L "$tmp/a/link.json" ] &&
    cmp -s "$tmp/want" "$tmp/b/real.json" && [ "$(ls -A "$tmp/a")" = link.json ] &&
    [ "$(ls -A "$tmp/b")" = real.json ]; then
    pass "output targets: -o LINK: the link kept, the file it names written"
else
    fail "output targets: -o LINK: $(ls -lA "$tmp/a" "$tmp/b" | tr '\n' ' ')$(cat "$tmp/err")"
fi
# A directory: an error naming it, exit 1, nothing written into it.
mkdir "$tmp/d"
"$bin" layout -o "$tmp/d" "$doc" >"$tmp/out" 2>"$tmp/err"
got=$?
if [ "$got" = 1 ] && grep -qF -- "$tmp/d" "$tmp/err" && grep -q 'Is a directory' "$tmp/err" &&
    [ -z "$(ls -A "$tmp/d")" ]; then
    pass "output targets: -o DIRECTORY: refused, naming it"
else
    fail "output targets: -o DIRECTORY: exit $got: $(cat "$tmp/err")"
fi
suite_end
