#!/bin/sh
# tests/bench/profile-compile.sh: the wrapper's compile stage piece by piece, each piece run
# alone on what a build kept (RUSTC_TYPETREE_KEEP=1): parsing the module, LLVM's pipeline,
# code generation; with Enzyme the first half of the pipeline, the memory-attribute rewrite,
# the second half (Enzyme and the rest) and code generation. Prints CPU seconds (user +
# system: load moves them less than wall time) and peak RSS per piece. Never fails on
# timing (docs/build-time.md quotes it).
# usage: tests/bench/profile-compile.sh plain TT.ll LEVEL
#        tests/bench/profile-compile.sh enzyme TT.ll LEVEL KEPT-DIR   (a build with a plugin)
mode=$1 tt=$2 O=$3 kept=${4:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
B=${LLVM_BIN:-/usr/lib/llvm-22/bin}
plugin=$("$root/tools/enzyme-plugin" 2>/dev/null)
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
piece() {  # label command...
    label=$1; shift
    if /usr/bin/time -f '%U %S %M' -o "$w/t" "$@" >/dev/null 2>"$w/err"; then
        awk -v l="$label" '{ printf "  %-52s %7.2f s %6d MiB\n", l, $1 + $2, $3 / 1024 }' "$w/t"
    else
        echo "  $label: failed ($(head -n 1 "$w/err"))"
    fi
}
mb() { echo $(($(stat -c %s "$1") / 1048576)); }
piece "parse + verify the text ($(mb "$tt") MB)" "$B/opt" -passes=no-op-module -disable-output "$tt"
"$B/llvm-as" "$tt" -o "$w/m.bc"
piece "parse + verify the same as bitcode ($(mb "$w/m.bc") MB)" "$B/opt" -passes=no-op-module -disable-output "$w/m.bc"
if [ "$mode" = plain ]; then
    piece "clang -O$O -c: the whole compile stage (before)" "$B/clang" -O"$O" -Wno-override-module -c "$tt" -o "$w/o.o"
    piece "of it: default<O$O> (opt, text in)" "$B/opt" -passes="default<O$O>" "$tt" -o "$w/p.bc"
    piece "of it: code generation -O$O (no passes, bitcode in)" "$B/clang" -O"$O" -Wno-override-module -Xclang -disable-llvm-optzns -c "$w/p.bc" -o "$w/o.o"
    exit 0
fi
[ -n "$plugin" ] || { echo "  (no Enzyme plugin)"; exit 0; }
pre=$kept/pipe.pre-O$O
[ "$O" != 0 ] || pre=$kept/pipe.pre-O2
post=$kept/pipe.post-O$O
piece "opt first half (text out)" "$B/opt" -load-pass-plugin="$plugin" -passes="$(cat "$pre")" "$tt" -S -o "$w/pre.ll"
piece "opt first half (bitcode out)" "$B/opt" -load-pass-plugin="$plugin" -passes="$(cat "$pre")" "$tt" -o "$w/pre.bc"
piece "typetree rewrite --strip-memory ($(mb "$w/pre.ll") MB)" "$root/build/typetree" rewrite --strip-memory "$w/pre.ll" -o "$w/nomem.ll"
set -- $(env -u RUSTC_TYPETREE_ENZYME_FLAGS "$root/tools/rustc-typetree" --print-enzyme-flags)
piece "opt second half: Enzyme, then the rest" "$B/opt" -load-pass-plugin="$plugin" -passes="$(cat "$post")" -enzyme-postopt=1 "$@" "$w/nomem.ll" -o "$w/post.bc"
piece "of it: parse + verify its text input" "$B/opt" -passes=no-op-module -disable-output "$w/nomem.ll"
"$B/llvm-as" "$w/nomem.ll" -o "$w/nomem.bc"
piece "of it: parse + verify the same as bitcode" "$B/opt" -passes=no-op-module -disable-output "$w/nomem.bc"
piece "code generation -O$O (clang, no passes)" "$B/clang" -O"$O" -Wno-override-module -Xclang -disable-llvm-optzns -c "$w/post.bc" -o "$w/o.o"
