#!/bin/sh
# Small LLVM modules run through the real Enzyme (tests/enzyme-rules, tests/enzyme-bugs).
# Each FILE.ll has a main that differentiates something and prints "right" or "wrong"
# first on its output; it may hold the placeholder TREE (an "enzyme_type" attribute value),
# and has lines
#     ; CASE <label> [-O<level>] [--enzyme-flags=F1,F2] [--attach=KIND:N] [<tree>] right|wrong|error <text Enzyme prints>
# Each case substitutes its tree for TREE, attaches `, !KIND !N` to the instruction of each
# line that ends with the comment "; ATTACH" (--attach: metadata the file defines), compiles with clang-22 -O<level> (default -O0)
# and the plugin (the same pipeline as `opt -load-pass-plugin=P -passes='default<ON>'`, then
# code generation), with Enzyme's options as tools/rustc-typetree sets them (or the case's
# --enzyme-flags, e.g. Enzyme's defaults where the wrapper works around a bug), and checks the
# outcome: "right"/"wrong" is what the program prints, "error TEXT" a failed compile whose
# messages contain TEXT.
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
        O=-O0
        case $1 in -O?) O=$1; shift ;; esac
        cflags=$flags
        case $1 in --enzyme-flags=*) cflags=$(printf '%s' "${1#--enzyme-flags=}" | tr , ' '); shift ;; esac
        attach=
        case $1 in --attach=*:*) a=${1#--attach=}; attach=", !${a%%:*} !${a#*:}"; shift ;; esac
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
        mflags=
        for f in $cflags; do mflags="$mflags -mllvm $f"; done
        # shellcheck disable=SC2086
        if "$CLANG" $O -fpass-plugin="$plugin" $mflags -Wno-override-module -fno-crash-diagnostics "$tmp/$name.ll" \
            -o "$tmp/$name" -lm 2>"$tmp/$name.log"; then
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
