#!/bin/sh
# Small LLVM modules run through the real Enzyme (tests/enzyme-rules, tests/enzyme-bugs).
# Each FILE.ll has a main that differentiates something and prints "right" or "wrong"
# first on its output; it may hold the placeholder TREE (an "enzyme_type" attribute value),
# and has lines
#     ; CASE <label> [-O<level>] [--enzyme-flags=F1,F2] [--attach=KIND:N] [--opt]
#            [--rewrite=R1,R2] [<tree>] right|wrong|error <text Enzyme prints>
# Each case substitutes its tree for TREE, attaches `, !KIND !N` to the instruction of each
# line that ends with the comment "; ATTACH" (--attach: metadata the file defines), compiles with clang-22 -O<level> (default -O0)
# and the plugin (the same pipeline as `opt -load-pass-plugin=P -passes='default<ON>'`, then
# code generation), with Enzyme's options as tools/rustc-typetree sets them (or the case's
# --enzyme-flags, e.g. Enzyme's defaults where the wrapper works around a bug), and checks the
# outcome: "right"/"wrong" is what the program prints, "error TEXT" a failed compile whose
# messages contain TEXT.
# --opt: Enzyme as the wrapper's second half runs it instead, `opt -passes=enzyme
# -enzyme-postopt=1` on the module as written (no -O<level>), then clang -O0's code
# generation. --rewrite=R1,R2: `typetree rewrite R1 R2` on the module first (options of the
# wrapper's rewrites, e.g. --rewrite=--strip-dead-on-return; TYPETREE, default
# build/typetree).
# usage: tests/lib/enzyme-cases.sh FILE.ll...   (ENZYME_PLUGIN: see tools/enzyme-plugin)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/suite.sh"
command -v "$CLANG" >/dev/null 2>&1 || suite_skip "$CLANG not found"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# clang leaves its half-written object in TMPDIR when Enzyme aborts it: keep that in ours
TMPDIR=$tmp
export TMPDIR
plugin=$("$root/tools/enzyme-plugin" 2>"$tmp/why") || suite_skip "$(cat "$tmp/why")"
# The options the wrapper gives Enzyme by default (one place: the wrapper).
flags=$(env -u RUSTC_TYPETREE_ENZYME_FLAGS "$root/tools/rustc-typetree" --print-enzyme-flags)
TT=${TYPETREE:-$root/build/typetree}
for ll in "$@"; do
    name=$(basename "$ll" .ll)
    grep '^; CASE ' "$ll" >"$tmp/cases"
    [ -s "$tmp/cases" ] || { fail "$name: no CASE line"; continue; }
    while IFS= read -r line; do
        set -f
        # shellcheck disable=SC2086
        set -- ${line#; CASE }
        set +f
        label=$1; shift
        O=-O0 cflags=$flags attach= viaopt= rewrite=
        while [ $# -gt 0 ]; do
            case $1 in
                -O?) O=$1 ;;
                --enzyme-flags=*) cflags=$(printf '%s' "${1#--enzyme-flags=}" | tr , ' ') ;;
                --attach=*:*) a=${1#--attach=}; attach=", !${a%%:*} !${a#*:}" ;;
                --opt) viaopt=1 ;;
                --rewrite=*) rewrite=$(printf '%s' "${1#--rewrite=}" | tr , ' ') ;;
                *) break ;;
            esac
            shift
        done
        rest=$*
        case $rest in
            '{'*) tree=${rest%\} *}\}; expect=${rest##*\} } ;;
            *) tree=; expect=$rest ;;
        esac
        what=${expect%% *}
        text=${expect#"$what"}; text=${text# }
        # the tree goes in a sed replacement: escape its metacharacters
        esc=$(printf '%s' "$tree" | sed 's/[&/\]/\\&/g')
        sed -e "s/TREE/$esc/g" -e "s/ *; ATTACH\$/$attach/" "$ll" >"$tmp/$name.ll"
        : >"$tmp/$name.log"
        if [ -n "$rewrite" ]; then
            # shellcheck disable=SC2086 # the option list: word splitting wanted
            "$TT" rewrite $rewrite "$tmp/$name.ll" -i 2>"$tmp/$name.log" ||
                { fail "$name $label: typetree rewrite $rewrite" "$tmp/$name.log"; continue; }
        fi
        mflags=
        for f in $cflags; do mflags="$mflags -mllvm $f"; done
        if [ -n "$viaopt" ]; then
            # shellcheck disable=SC2086
            "$OPT" -load-pass-plugin="$plugin" -passes=enzyme -enzyme-postopt=1 $cflags \
                "$tmp/$name.ll" -o "$tmp/$name.bc" 2>"$tmp/$name.log" &&
                "$CLANG" -O0 -Wno-override-module "$tmp/$name.bc" -o "$tmp/$name" -lm \
                    2>>"$tmp/$name.log"
        else
            # shellcheck disable=SC2086
            "$CLANG" $O -fpass-plugin="$plugin" $mflags -Wno-override-module -fno-crash-diagnostics "$tmp/$name.ll" \
                -o "$tmp/$name" -lm 2>"$tmp/$name.log"
        fi
        if [ $? -eq 0 ]; then
            got=$("$tmp/$name" 2>&1 | head -n 1)
            got=${got%% *}
            ok=
            [ "$what" = "$got" ] && ok=1
            detail="program prints '$got'"
        else
            ok=
            [ "$what" = error ] && grep -qF "$text" "$tmp/$name.log" && ok=1
            detail="compile failed: $(grep -E 'error|Illegal|bad enzyme_type|Canonicalization' "$tmp/$name.log" | head -n 1 | cut -c1-200)"
        fi
        if [ -n "$ok" ]; then
            pass "$name $label $O: $expect"
        else
            fail "$name $label $O: expected $expect; $detail"
        fi
    done <"$tmp/cases"
done
suite_end
