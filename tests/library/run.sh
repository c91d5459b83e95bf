#!/bin/sh
# tests/library/run.sh: the library as a C user gets it. `make install PREFIX=<tmp>`, then:
#  - libtypetree.a defines no global symbol outside the public tt_ names of the header;
#  - the header compiles on its own as C11 and as C++ (-Wall -Wextra -Werror);
#  - the example of docs/library.md, extracted from it, builds with the installed
#    header and library only (flags from the installed typetree.pc) and its layout, tree
#    and annotated IR equal the CLI's (`typetree layout`, `tree`, `annotate`), the
#    annotated IR passes LLVM's verifier, and bad input gives exit 1 naming the file;
#  - a program defining its own map_get/buf_put links with the library.
# Prints [PASS]/[FAIL] per check and "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/lib/suite.sh
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

if ! make -s install PREFIX="$w/prefix" > "$w/install.log" 2>&1; then
    fail "make install" "$w/install.log"
    suite_end
fi
pass "make install PREFIX=..."
export PKG_CONFIG_PATH="$w/prefix/lib/pkgconfig"
lib=$w/prefix/lib/libtypetree.a

# public symbols only
nm -g --defined-only "$lib" | awk 'NF == 3 && $2 ~ /[A-Z]/ {print $3}' | sort > "$w/globals"
grep -v '^tt_' "$w/globals" > "$w/foreign"
declared=$(grep -oE '\btt_[a-z_]+ ?\(' include/typetree.h | tr -d ' (' | sort -u | wc -l)
if [ -s "$w/foreign" ] || [ ! -s "$w/globals" ]; then
    fail "libtypetree.a exports only tt_ names" "$w/foreign"
else
    pass "libtypetree.a exports only tt_ names ($(wc -l < "$w/globals") symbols, $declared functions declared)"
fi
grep -oE '\btt_[a-z_]+ ?\(' include/typetree.h | tr -d ' (' | sort -u > "$w/declared"
if comm -23 "$w/declared" "$w/globals" | grep . > "$w/missing"; then
    fail "every function the header declares is defined" "$w/missing"
else
    pass "every function the header declares is defined"
fi

# the header alone
printf '#include <typetree.h>\nint main(void) { return tt_ctx_new() == 0; }\n' > "$w/h.c"
# shellcheck disable=SC2046
if cc -std=c11 -Wall -Wextra -Wpedantic -Werror $(pkg-config --cflags typetree) -c "$w/h.c" \
        -o "$w/h.o" > "$w/h.log" 2>&1; then
    pass "the installed header compiles alone (C11, -Wpedantic -Werror)"
else
    fail "the installed header compiles alone" "$w/h.log"
fi
if command -v g++ > /dev/null 2>&1 || command -v clang++-22 > /dev/null 2>&1; then
    cxx=$(command -v g++ || command -v clang++-22)
    # shellcheck disable=SC2046
    if "$cxx" -x c++ -Wall -Wextra -Werror $(pkg-config --cflags typetree) -c "$w/h.c" \
            -o "$w/hpp.o" > "$w/hpp.log" 2>&1; then
        pass "the installed header compiles as C++"
    else
        fail "the installed header compiles as C++" "$w/hpp.log"
    fi
fi

# The documented example: the first ```c block of docs/library.md.
awk '/^```c$/ {c = 1; next} c && /^```$/ {exit} c {print}' docs/library.md > "$w/tt-demo.c"
if [ ! -s "$w/tt-demo.c" ]; then
    fail "docs/library.md's example found"
    suite_end
fi
# shellcheck disable=SC2046
if cc -std=c11 -Wall -Wextra -Werror "$w/tt-demo.c" $(pkg-config --cflags --libs typetree) \
        -o "$w/tt-demo" > "$w/cc.log" 2>&1; then
    pass "docs/library.md's example builds against the installed header and library"
else
    fail "docs/library.md's example builds against the installed header and library" "$w/cc.log"
    suite_end
fi

tt=build/typetree
for ty in Particle 'Option<Vec<f64>>' '&[geo::Point]' '(u8, f64, u16)'; do
    if ! "$w/tt-demo" fixtures/example.json "$ty" > "$w/demo.out" 2> "$w/demo.err"; then
        fail "example on $ty" "$w/demo.err"
        continue
    fi
    "$tt" tree fixtures/example.json "$ty" > "$w/cli.tree" 2>&1
    "$tt" layout fixtures/example.json "$ty" > "$w/cli.layout" 2>&1
    want=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); v=d[sys.argv[2]]
print("%s: size %d, align %d, %s" % (sys.argv[2], v["size"], v["align"], v["abi"]))' \
        "$w/cli.layout" "$ty" 2>&1)
    got=$(sed -n 1p "$w/demo.out")
    if [ "$got" = "$want" ] && [ "$(sed -n 2p "$w/demo.out")" = "$(cat "$w/cli.tree")" ]; then
        pass "example on $ty: layout and tree equal the CLI's"
    else
        printf 'library:\n%s\nCLI:\n%s\n%s\n' "$(cat "$w/demo.out")" "$want" \
            "$(cat "$w/cli.tree")" > "$w/diff"
        fail "example on $ty: layout and tree equal the CLI's" "$w/diff"
    fi
done

# bad input: exit 1, the file named, nothing written
printf '{"format": "rust-types/1", "types": {"S": {"kind": "struct", "fields": [{"name": "a", "ty": "Nope"}]}}}\n' \
    > "$w/bad.json"
"$w/tt-demo" "$w/bad.json" S > "$w/bad.out" 2> "$w/bad.err"
st=$?
if [ "$st" -eq 1 ] && grep -q "bad.json: \$.types\[\"S\"\].fields\[0\]" "$w/bad.err"; then
    pass "example on a bad types file: exit 1, file and JSON path named"
else
    fail "example on a bad types file: exit 1, file and JSON path named (status $st)" "$w/bad.err"
fi

# annotation through the library equals the CLI's
if command -v rustc > /dev/null 2>&1 && [ -x "$OPT" ]; then
    rustc --crate-type=lib --emit=llvm-ir -C opt-level=0 -C codegen-units=1 \
        fixtures/ir/modes.rs -o "$w/modes.ll" > "$w/rustc.log" 2>&1 || fail "rustc modes.rs" "$w/rustc.log"
    if "$w/tt-demo" fixtures/ir/modes.types.json f64 "$w/modes.ll" "$w/lib.ll" \
            > "$w/ann.out" 2> "$w/ann.err" &&
        "$tt" annotate --types fixtures/ir/modes.types.json "$w/modes.ll" -o "$w/cli.ll" \
            2> "$w/cli.err" && cmp -s "$w/lib.ll" "$w/cli.ll" &&
        grep -q '"enzyme_type"=' "$w/lib.ll" &&
        "$OPT" -passes=verify -disable-output "$w/lib.ll" 2> "$w/opt.err"; then
        pass "example annotates modes.rs as the CLI does ($(sed -n 3p "$w/ann.out")), verifier clean"
    else
        cat "$w/ann.err" "$w/cli.err" "$w/opt.err" > "$w/all.err" 2> /dev/null
        diff "$w/lib.ll" "$w/cli.ll" | head -n 10 >> "$w/all.err" 2>&1
        fail "example annotates modes.rs as the CLI does" "$w/all.err"
    fi
else
    echo "SKIP: library annotate check: needs rustc and $OPT"
fi

# a program with names the library uses inside
cat > "$w/clash.c" << 'EOF'
#include <stdio.h>
#include <typetree.h>
void *map_get(void *m, const char *k) { (void)k; return m; }
void buf_put(void *b, const char *s) { (void)b; (void)s; }
int align_up(int x) { return x; }
int main(void)
{
    tt_ctx *c = tt_ctx_new();
    const char *t = tt_tree_of(c, "&[f64]", NULL);
    puts(t ? t : "-");
    tt_ctx_free(c);
    return map_get(0, "") != 0 || align_up(0) != 0;
}
EOF
# shellcheck disable=SC2046
if cc -std=c11 "$w/clash.c" $(pkg-config --cflags --libs typetree) -o "$w/clash" \
        > "$w/clash.log" 2>&1 && "$w/clash" > "$w/clash.out" 2>> "$w/clash.log" &&
    [ "$(cat "$w/clash.out")" = "$("$tt" tree fixtures/example.json '&[f64]')" ]; then
    pass "a program defining map_get, buf_put, align_up links and runs"
else
    fail "a program defining map_get, buf_put, align_up links and runs" "$w/clash.log"
fi
suite_end
