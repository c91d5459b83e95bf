#!/bin/sh
# Builds build/tests/enzyme_check from tests/trees/enzyme_check.c when it is missing or
# older than its source. Run from anywhere; prints nothing unless it compiles or fails.
cd "$(dirname "$0")/../.." || exit 2
src=tests/trees/enzyme_check.c
bin=build/tests/enzyme_check
if [ ! -x "$bin" ] || [ -n "$(find "$src" -newer "$bin")" ]; then
    mkdir -p build/tests || exit 2
    echo "cc -std=c11 -Wall -Wextra -O2 $src -o $bin"
    ${CC:-cc} -std=c11 -Wall -Wextra -O2 "$src" -o "$bin" || exit 2
fi
