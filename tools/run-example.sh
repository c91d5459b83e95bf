#!/bin/sh
# The README's first command ends here: build the bundled example program
# (fixtures/example/particles.rs) through the rustc wrapper, which compiles it with
# debuginfo, exports its types, annotates every function's IR with Enzyme TypeTrees and
# builds the program from the annotated IR through LLVM's pipeline with Enzyme in it; then
# show each of the program's own functions with its annotated LLVM signature, and run the
# program, which prints Enzyme's gradients beside finite differences. Without an Enzyme
# plugin (tools/enzyme-plugin finds none) the program is built without its gradient part.
# Then the macro example (fixtures/autodiff-example), when there is a plugin and cargo.
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
if plugin=$(tools/enzyme-plugin 2>build/example/why); then
    set -- --enzyme "$plugin" --cfg enzyme
else
    echo "No Enzyme plugin: $(cat build/example/why)"
    echo "(tools/build-enzyme builds one from upstream Enzyme; then run make example again.)"
    echo "Building the example without its gradients: the annotated IR is still shown."
    echo
    set --
fi
echo "tools/rustc-typetree $* -O fixtures/example/particles.rs -o build/example/particles"
TYPETREE=build/typetree tools/rustc-typetree "$@" -O fixtures/example/particles.rs \
    -o build/example/particles || exit 1
echo
echo "The example's functions in build/example/particles.tt.ll (the IR Enzyme receives),"
echo "with their enzyme_type attributes (other LLVM attributes left out):"
echo
python3 - build/example/particles.tt.ll <<'PY'
import re, sys
sys.path.insert(0, "tests/lib")
from llvm_text import ATTR, matching_close, split_params

def short(tree):
    n = tree.count("]:")
    return tree if len(tree) <= 110 else tree[:100] + "... (%d entries)}" % n

for line in open(sys.argv[1]):
    # the name: the @ that opens the parameter list (an attribute may hold "Float@double")
    m = re.search(r'@(_ZN9particles[^(" ]*)\(', line) if line.startswith("define ") else None
    if not m or "closure" in line or "gradients" in line:
        continue
    close = matching_close(line, m.end() - 1)
    if close is None:
        continue
    name = re.sub(r'17h[0-9a-f]{16}E$', '', m.group(1))
    name = re.sub(r'^_ZN9particles\d+', 'particles::', name)
    ret = ATTR.findall(line[:m.start()])
    print(name + (" -> " + ret[0] if ret else ""))
    for p in split_params(line[m.end():close]):
        trees = ATTR.findall(p)
        words = ATTR.sub("", p).split()
        print("    %-8s %-7s %s" % (words[-1] if len(words) > 1 else "", words[0] if words else "",
                                   short(trees[0]) if trees else "(no attribute)"))
PY
echo
echo "build/example/particles (built from the annotated IR):"
build/example/particles
# The same kind of program in the form users write (std::autodiff's #[autodiff_reverse] and
# #[autodiff_forward], typetree's macro crate; docs/autodiff-macros.md), built by cargo through
# tools/cargo-autodiff in the debug profile, the one a first `cargo run` uses. It needs the
# plugin and cargo with Debian's packaged syn/quote/proc-macro2 (tools/setup installs them).
[ -n "${plugin:-}" ] || exit 0
command -v cargo >/dev/null 2>&1 || { echo; echo "cargo not found: the macro example is not built."; exit 0; }
echo
echo "fixtures/autodiff-example (the macro form), built and run by"
echo "tools/cargo-autodiff run --offline --locked (cargo's debug profile):"
cd fixtures/autodiff-example &&
    CARGO_TARGET_DIR=../../build/autodiff-example \
        ../../tools/cargo-autodiff run --offline --locked --quiet
