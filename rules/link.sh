#!/bin/sh
# rules/link.sh MODULE.ll: adds the rules of rules/rust-alloc.ll to a fat-LTO module that
# calls Enzyme (tools/rustc-typetree runs it on the module Enzyme gets, with or without
# trees), in place. The module's own __rust_realloc (std's allocator shim, under the name
# the wrapper gives it) is renamed away and the rule's definition takes its place; the
# rule file's declarations are added where the module lacks them. Stops (exit 1, a message
# naming the module) when the module does not have what the rules replace: a rule that
# does not apply must not leave the program to fail in Enzyme, or worse. A module that
# never names __rust_realloc is left as it is.
# docs/std-rules.md: what each rule says and why it is true.
me=rules/link.sh
if [ $# -ne 1 ] || [ ! -f "$1" ]; then echo "usage: $me MODULE.ll" >&2; exit 2; fi
m=$1
rules=$(cd "$(dirname "$0")" && pwd)/rust-alloc.ll
[ -f "$rules" ] || { echo "$me: $rules: not found" >&2; exit 1; }
defines() { grep -Eq "^define [^@]*@$1\\(" "$m"; }
# A module that never reallocates (no std, no alloc) has nothing for the rules to replace.
grep -q '@__rust_realloc\b' "$m" || exit 0
for f in __rust_alloc __rust_dealloc __rust_realloc; do
    defines "$f" || {
        echo "$me: $m: no definition of $f (std's allocator shim under the name rustc-typetree gives it): the reallocation rule cannot replace it" >&2
        exit 1
    }
done
if grep -q '@__typetree_move\b\|@__typetree_std_realloc\b' "$m"; then
    echo "$me: $m: already holds the rules (or a symbol of theirs)" >&2
    exit 1
fi
# Trees for std's precompiled functions (no debuginfo types, so no trees from export):
# RawVecInner's growth methods return Result<(), TryReserveError> as { i64, i64 }, two
# integers in every variant (Ok is a niche of the error's Layout.align), which Enzyme
# cannot deduce ("Cannot deduce type of insertvalue" in grow_amortized at -O0). The
# pattern names them in v0 mangling (11RawVecInner<len><name>); a return that already
# has a tree keeps it.
integer_result='11RawVecInner[A-Za-z0-9_]*(14grow_amortized|10grow_exact|11try_reserve|17try_reserve_exact|6shrink|16shrink_unchecked)'
# Rule 4: the sunk stores of std's precompiled finish_grow, one per offset (rules/unsink.awk).
awk -f "${rules%/*}/unsink.awk" "$m" >"$m.unsunk" || { echo "$me: cannot rewrite $m" >&2; exit 1; }
{
    sed -E -e 's/^(define [^@]*)@__rust_realloc\(/\1@__typetree_std_realloc(/' \
        -e "/^define [^@\"]*\{ i64, i64 \} @[^(]*${integer_result}[^(]*\(/s/\{ i64, i64 \} @/\"enzyme_type\"=\"{[-1]:Integer}\" { i64, i64 } @/" "$m.unsunk"
    echo
    sed '/^; DECLARATIONS/,$d' "$rules"
    sed -n '/^; DECLARATIONS/,$p' "$rules" | grep '^declare ' | while IFS= read -r d; do
        name=$(printf '%s\n' "$d" | sed -E 's/^[^@]*@([A-Za-z0-9_.]+)\(.*/\1/')
        grep -Eq "^(declare|define) [^@]*@$name\\(" "$m" || printf '%s\n' "$d"
    done
} >"$m.rules" && mv "$m.rules" "$m" && rm -f "$m.unsunk" || { echo "$me: cannot rewrite $m" >&2; exit 1; }
