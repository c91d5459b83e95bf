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
suite_end
