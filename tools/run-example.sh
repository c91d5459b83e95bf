#!/bin/sh
# The README's first command ends here: build the bundled example program
# (fixtures/example/particles.rs) through the rustc wrapper, which compiles it with
# debuginfo, exports its types, annotates every function's IR with Enzyme TypeTrees and
# links the program from the annotated IR; then show each of the program's own functions
# with its annotated LLVM signature, and run the program.
cd "$(dirname "$0")/.." || exit 2
if ! command -v rustc >/dev/null 2>&1 || ! command -v clang-22 >/dev/null 2>&1; then
    # Debian 12 has no Rust recent enough; rustup installs it (see README).
    echo "rustc (1.95, e.g. from rustup) or clang-22 not found: showing the type-level part only."
    echo
    build/typetree layout fixtures/example.json || exit 1
    build/typetree explain fixtures/example.json _ZN7numeric3sum17h5c0e8a41d2b7f903E
    exit
fi
mkdir -p build/example
echo "tools/rustc-typetree fixtures/example/particles.rs -o build/example/particles"
TYPETREE=build/typetree tools/rustc-typetree fixtures/example/particles.rs \
    -o build/example/particles || exit 1
echo
echo "The example's functions in build/example/particles.tt.ll, with their enzyme_type"
echo "attributes (other LLVM attributes left out):"
echo
python3 - build/example/particles.tt.ll <<'PY'
import re, sys
ATTR = re.compile(r'"enzyme_type"="([^"]*)"')
NOISE = re.compile(r'\b(noundef|noalias|nonnull|readonly|writeonly|writable|dead_on_unwind|'
                   r'captures\([^)]*\)|dereferenceable\(\d+\)|align \d+|range\([^)]*\)|'
                   r'sret\(\[\d+ x i8\]\)|zeroext)\s*')
for line in open(sys.argv[1]):
    m = re.match(r'define .*?@(_ZN9particles\S*?|_RN\S*9particles\S*?)\((.*)\) ', line)
    if not m or "closure" in line:
        continue
    name = re.sub(r'17h[0-9a-f]{16}E$', '', m.group(1))
    name = re.sub(r'^_ZN9particles\d+', 'particles::', name)
    head = line[:m.start(1)]
    ret = ATTR.findall(head)
    print(name + (" -> " + ret[0] if ret else ""))
    params = re.split(r', (?=(?:[^"]*"[^"]*")*[^"]*$)', m.group(2)) if m.group(2) else []
    for p in params:
        trees = ATTR.findall(p)
        plain = NOISE.sub("", ATTR.sub("", p)).split()
        print("    %-8s %-7s %s" % (plain[-1] if len(plain) > 1 else "", plain[0] if plain else "",
                                   trees[0] if trees else "(no attribute)"))
PY
echo
echo "build/example/particles (linked from the annotated IR):"
build/example/particles
