#!/bin/sh
# tools/rustc-typetree end to end: a binary crate through a stand-in Enzyme plugin (built
# here against llvm-22-dev; like Enzyme it adds itself at LLVM's OptimizerEarly point and
# lists the functions that carry trees there), a build stopped by a signal (nothing left in
# TMPDIR), the same without a plugin (rustc builds the program), a library crate (no tree
# work unless --lib-trees), which crates go straight to rustc and with which flags (a
# stand-in rustc records them), a cargo workspace under RUSTC_WRAPPER; then with the real Enzyme (tools/enzyme-plugin): a
# cargo workspace whose binary differentiates a library crate's function (gradient checked
# by the program), the fallback without trees where Enzyme rejects true trees (and
# --no-fallback), Enzyme's warnings on a build it finishes (rotate.rs, --keep-memmove), the
# memory attributes deleted before Enzyme (passes.rs, and --keep-memory-attrs), the times
# RUSTC_TYPETREE_TIMES reports of Enzyme's pass and its post-optimization, Enzyme's
# limit of type offsets and the segment lists of long copies (big_mixed.rs),
# the stage errors of a program Enzyme rejects and of one that calls Enzyme
# without a plugin, rand's float from integer bits right with trees (rand_bits.rs), the
# refusal of floats' bytes moved one by one (byte_swap.rs), of a
# function of floats passed as enzyme_const (const_fn.rs), of a reference and a float
# returned together in reverse mode (pointer_float.rs) and of a memmove of enums whose
# variants disagree (enum_moves.rs).
# usage: tests/wrapper/run.sh TYPETREE_BIN
T=${1:?usage: tests/wrapper/run.sh TYPETREE_BIN}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/tests/lib/suite.sh"
W=$root/tools/rustc-typetree
fx=$root/fixtures/wrapper
for tool in rustc cargo clang-22 clang++-22 llvm-config-22; do
    command -v $tool >/dev/null 2>&1 || suite_skip "$tool not found"
done
suite_need_tools "$OPT"
export TYPETREE=$T
out=$root/build/tests/wrapper
rm -rf "$out" && mkdir -p "$out"
check() { if eval "$2"; then pass "$1"; else fail_tail "$1" "${3:-}"; fi; }
# RUSTC_TYPETREE_TIMES: one "CRATE enzyme S" and one "CRATE enzyme-postopt P" line, 0 < P < S
enzyme_times() {  # crate times-file
    awk -v c="$1" '$1 == c && $2 == "enzyme" { s = $3; n++ } $1 == c && $2 == "enzyme-postopt" { p = $3; m++ }
        END { exit !(n == 1 && m == 1 && p > 0 && p < s) }' "$2"
}
expected="square(3) = 9
dot = 14
scale = [2.0, 5.0]"

stub=$root/build/tests/enzyme_stub.so
# shellcheck disable=SC2046
clang++-22 -shared -fPIC $(llvm-config-22 --cxxflags) "$root/tests/wrapper/enzyme_stub.cpp" \
    $(llvm-config-22 --ldflags) -o "$stub" 2>"$out/stub.log"
check "enzyme stub plugin builds" '[ -f "$stub" ]' "$out/stub.log"

# (a) binary crate through the plugin
mkdir -p "$out/a"
ENZYME_STUB_REPORT=$out/a/report "$W" --enzyme "$stub" -O "$fx/hello.rs" -o "$out/a/hello" 2>"$out/a/log"
check "bin+enzyme: wrapper succeeds" '[ -x "$out/a/hello" ]' "$out/a/log"
check "bin+enzyme: program prints the right output" '[ "$("$out/a/hello" 2>&1)" = "$expected" ]' "$out/a/log"
check "bin+enzyme: plugin saw square, dot, scale annotated" \
    'grep -q "^enzyme-stub: square " "$out/a/report" && grep -q "^enzyme-stub: dot " "$out/a/report" && grep -q "^enzyme-stub: scale " "$out/a/report"' "$out/a/log"
check "bin+enzyme: a plugin without EnzymeNewPM: memory attributes kept, said once" \
    '[ "$(grep -c "warning: enzyme: no EnzymeNewPM in clang.s pipeline" "$out/a/log")" = 1 ]' "$out/a/log"
check "bin+enzyme: hello.tt.ll verifies" '"$OPT" -passes=verify -disable-output "$out/a/hello.tt.ll" 2>"$out/a/vlog"' "$out/a/vlog"

# (a1) a build stopped by a signal (timeout's SIGTERM to the process group, as Ctrl-C's SIGINT)
# leaves nothing in TMPDIR: a stand-in rustc records the TMPDIR it is given (the wrapper's
# directory) and sleeps until it is stopped
mkdir -p "$out/a1/tmp"
printf '#!/bin/sh\necho "$TMPDIR" >"%s"\nexec sleep 60\n' "$out/a1/seen" >"$out/a1/rustc"
chmod +x "$out/a1/rustc"
TMPDIR=$out/a1/tmp RUSTC_TYPETREE_RUSTC=$out/a1/rustc timeout 2 "$W" --enzyme "$stub" "$fx/hello.rs" \
    -o "$out/a1/hello" >"$out/a1/log" 2>&1
echo "exit $?" >>"$out/a1/log"
check "signals: a build stopped by SIGTERM exits 124 and leaves no directory in TMPDIR" \
    'grep -q "^exit 124$" "$out/a1/log" && grep -q "^$out/a1/tmp/rustc-typetree\." "$out/a1/seen" && [ -z "$(ls -A "$out/a1/tmp")" ]' "$out/a1/log"
# the same without a plugin, where rustc's build of the program runs beside stage 1
mkdir -p "$out/a1/tmp2"
rm -f "$out/a1/seen"
TMPDIR=$out/a1/tmp2 RUSTC_TYPETREE_RUSTC=$out/a1/rustc timeout 2 "$W" "$fx/hello.rs" \
    -o "$out/a1/hello2" >"$out/a1/log2" 2>&1
echo "exit $?" >>"$out/a1/log2"
sleep 1
check "signals: without a plugin too (the build beside stage 1 stopped with it)" \
    'grep -q "^exit 124$" "$out/a1/log2" && grep -q "^$out/a1/tmp2/rustc-typetree\." "$out/a1/seen" && [ -z "$(ls -A "$out/a1/tmp2")" ]' "$out/a1/log2"

# (a2) overlapping moves: with a plugin every memmove goes through a temporary (Enzyme
# differentiates memmove as memcpy); the program computes what rustc's own build does
mkdir -p "$out/a2"
rustc -O "$fx/moves.rs" -o "$out/a2/ref" 2>"$out/a2/log" && "$out/a2/ref" >"$out/a2/expected"
"$W" --enzyme "$stub" -O "$fx/moves.rs" -o "$out/a2/moves" 2>>"$out/a2/log"
check "memmove: rewritten through __typetree_memmove, none left, the module verifies" \
    'grep -q "call void @__typetree_memmove(" "$out/a2/moves.tt.ll" && ! grep -q "call void @llvm.memmove.p0.p0.i64(" "$out/a2/moves.tt.ll" && "$OPT" -passes=verify -disable-output "$out/a2/moves.tt.ll" 2>>"$out/a2/log"' "$out/a2/log"
check "memmove: the program prints what rustc's build prints" \
    '[ -s "$out/a2/expected" ] && [ "$("$out/a2/moves" 2>&1)" = "$(cat "$out/a2/expected")" ]' "$out/a2/log"
mkdir -p "$out/a2/kept"
"$W" --enzyme "$stub" --keep-memmove -O "$fx/moves.rs" -o "$out/a2/kept/moves" 2>>"$out/a2/log"
check "memmove: --keep-memmove leaves them" \
    'grep -q "call void @llvm.memmove.p0.p0.i64(" "$out/a2/kept/moves.tt.ll" && ! grep -q "__typetree_memmove" "$out/a2/kept/moves.tt.ll" && [ "$("$out/a2/kept/moves" 2>&1)" = "$(cat "$out/a2/expected")" ]' "$out/a2/log"

# (b) the same without a plugin, with --out-dir
mkdir -p "$out/b"
"$W" -O "$fx/hello.rs" --crate-name hello --out-dir "$out/b" 2>"$out/b/log"
check "bin: program prints the right output" '[ "$("$out/b/hello" 2>&1)" = "$expected" ]' "$out/b/log"
check "bin: hello.tt.ll annotated" 'grep -q "^define.*enzyme_type.*@dot(" "$out/b/hello.tt.ll"' "$out/b/log"
"$W" --no-typetree "$fx/hello.rs" --out-dir "$out/b/plain" 2>"$out/b/log2"
check "bin --no-typetree: runs, IR unannotated" \
    '[ "$("$out/b/plain/hello" 2>&1)" = "$expected" ] && ! grep -q enzyme_type "$out/b/plain/hello.tt.ll"' "$out/b/log2"

# (c) library crate: no tree work of its own by default, its module with --lib-trees
mkdir -p "$out/c/trees"
"$W" --crate-type lib "$fx/mathlib.rs" --out-dir "$out/c" 2>"$out/c/log"
check "lib: rlib produced, no .tt.ll of its own" \
    '[ -f "$out/c/libmathlib.rlib" ] && [ ! -e "$out/c/mathlib.tt.ll" ]' "$out/c/log"
"$W" --lib-trees --crate-type lib "$fx/mathlib.rs" --out-dir "$out/c/trees" 2>"$out/c/log"
check "lib --lib-trees: norm2 and lerp annotated, IR verifies" \
    'grep -q "^define.*enzyme_type.*@norm2(" "$out/c/trees/mathlib.tt.ll" && grep -q "^define.*enzyme_type.*@lerp(" "$out/c/trees/mathlib.tt.ll" && "$OPT" -passes=verify -disable-output "$out/c/trees/mathlib.tt.ll" 2>>"$out/c/log"' "$out/c/log"

# (c0) a library whose type only its #![crate_type] attribute gives (rustc's own tests
# write them so) is built as one, not as a program
mkdir -p "$out/c0"
{ echo '#![crate_type = "lib"]'; cat "$fx/mathlib.rs"; } >"$out/c0/attrlib.rs"
"$W" "$out/c0/attrlib.rs" --out-dir "$out/c0" 2>"$out/c0/log"
check "lib by #![crate_type]: rlib produced" '[ -f "$out/c0/libattrlib.rlib" ]' "$out/c0/log"

# (c1) which crates go straight to rustc, seen by a stand-in rustc that records the
# arguments it is given (compared as sets: the wrapper spells "-C x" as "-Cx" and moves
# --emit): proc-macros and build scripts with cargo's arguments, -C embed-bitcode=no too; a
# library with the flags a binary's fat LTO needs from it (its bitcode, unoptimized, full
# debuginfo, one codegen unit) in place of cargo's; no module, no temporary directory
mkdir -p "$out/c1/tmp"
printf '#!/bin/sh\nfor a in "$@"; do echo "$a"; done | sort >"%s"\n' "$out/c1/args" >"$out/c1/rustc"
chmod +x "$out/c1/rustc"
host() {  # "expected arguments" rustc arguments...
    printf '%s\n' $1 | sort >"$out/c1/want"
    shift
    rm -f "$out/c1/args"
    TMPDIR=$out/c1/tmp RUSTC_TYPETREE_RUSTC=$out/c1/rustc "$W" "$@" >"$out/c1/log" 2>&1 &&
        [ -z "$(ls -A "$out/c1/tmp")" ] && diff "$out/c1/want" "$out/c1/args" >>"$out/c1/log" 2>&1
}
check "host: a proc-macro goes to rustc with cargo's arguments" \
    'host "--crate-name serde_derive --edition=2021 x.rs --crate-type proc-macro --emit=dep-info,link -Cprefer-dynamic -Cembed-bitcode=no -Cdebuginfo=2" --crate-name serde_derive --edition=2021 x.rs --crate-type proc-macro --emit=dep-info,link -C prefer-dynamic -C embed-bitcode=no -C debuginfo=2' "$out/c1/log"
check "host: a build script goes to rustc with cargo's arguments" \
    'host "--crate-name build_script_build --edition=2021 build.rs --crate-type bin --emit=dep-info,link -Copt-level=0 -Cembed-bitcode=no" --crate-name build_script_build --edition=2021 build.rs --crate-type bin --emit=dep-info,link -C opt-level=0 -C embed-bitcode=no' "$out/c1/log"
check "host: a library goes to rustc with -C no-prepopulate-passes, full debuginfo, one codegen unit, its bitcode kept" \
    'host "--crate-name syn --edition=2021 lib.rs --crate-type lib -Copt-level=3 --emit=dep-info,metadata,link -Cdebuginfo=2 -Ccodegen-units=1 -Cno-prepopulate-passes -Cincremental=/i" --crate-name syn --edition=2021 lib.rs --crate-type lib -C opt-level=3 --emit=dep-info,metadata,link -C embed-bitcode=no -C codegen-units=16 -C debuginfo=0 -C incremental=/i' "$out/c1/log"

# (d) cargo workspace under RUSTC_WRAPPER (copied: cargo writes into the workspace)
cp -r "$fx/ws" "$out/ws"
(cd "$out/ws" && RUSTC_WRAPPER=$W CARGO_TARGET_DIR=$out/target cargo build --offline --locked -q) >"$out/ws.log" 2>&1
check "cargo: workspace builds" '[ -x "$out/target/debug/app" ]' "$out/ws.log"
check "cargo: app runs" '[ "$("$out/target/debug/app" 2>&1)" = "norm = 5
spread = 0.5" ]' "$out/ws.log"
check "cargo: mathlib has no module of its own; its norm is annotated in app's" \
    '! ls "$out"/target/debug/deps/mathlib-*.tt.ll >/dev/null 2>&1 && grep -q "^define.*enzyme_type.*mathlib.*norm" "$out"/target/debug/deps/app-*.tt.ll' "$out/ws.log"
check "cargo: app has annotated IR" 'grep -q "^define.*enzyme_type.*app.*spread" "$out"/target/debug/deps/app-*.tt.ll' "$out/ws.log"

# errors name their stage
printf 'fn main() { let x: u32 = "no"; }\n' >"$out/broken.rs"
"$W" "$out/broken.rs" --out-dir "$out" >/dev/null 2>"$out/e.log"
printf 'fn main() {}\n' >"$out/ok.rs"
"$W" --enzyme "$out/missing.so" "$out/ok.rs" --out-dir "$out" >/dev/null 2>"$out/e2.log"
check "errors: a missing plugin is reported by stage" 'grep -q "^rustc-typetree: enzyme: " "$out/e2.log"' "$out/e2.log"

# (e) the real Enzyme
if plugin=$("$root/tools/enzyme-plugin" 2>"$out/why"); then
    # The builds run two at a time (the machine's two cores; each in a directory of its
    # own), their checks after both end, in this order.
    cp -r "$fx/ws-grad" "$out/ws-grad"
    mkdir -p "$out/fb" "$out/fn" "$out/rot" "$out/rot2" "$out/mem" "$out/mem2" "$out/mo" \
        "$out/mo2" "$out/mo3" "$out/mo4" "$out/f"
    (cd "$out/ws-grad" && RUSTC_WRAPPER=$W RUSTC_TYPETREE_ENZYME=$plugin RUSTC_TYPETREE_NO_FALLBACK=1 \
        CARGO_TARGET_DIR=$out/target-grad \
        cargo build --offline --locked -q --release) >"$out/wsg.log" 2>&1 &
    # rand_bits: rand's float from integer bits, right with trees (--float-from-bits)
    mkdir -p "$out/rb"
    "$W" --enzyme "$plugin" --no-fallback -A warnings -C opt-level=1 "$fx/rand_bits.rs" \
        -o "$out/rb/rb" >/dev/null 2>"$out/rb/log" &
    # float_bits: true trees, an Enzyme bug (float-from-int-bits) at -O1; plain Enzyme is right
    "$W" --enzyme "$plugin" -A warnings -C opt-level=1 "$fx/float_bits.rs" -o "$out/fb/fb" \
        >/dev/null 2>"$out/fb/log"
    wait
    check "cargo+enzyme: workspace differentiating a library function builds" \
        '[ -x "$out/target-grad/release/fit" ]' "$out/wsg.log"
    check "cargo+enzyme: Enzyme's gradient of physics::energy matches finite differences" \
        '"$out/target-grad/release/fit" | grep -q "^gradient right"' "$out/wsg.log"
    check "cargo+enzyme: fit.tt.ll (what Enzyme receives) has physics::energy annotated" \
        'grep -q "^define.*enzyme_type.*physics.*energy" "$out"/target-grad/release/deps/fit-*.tt.ll' "$out/wsg.log"
    check "cargo+enzyme: release build, 95% of the user crates' functions carry trees in fit.tt.ll" \
        'python3 "$root/tests/lib/tree_coverage.py" "$out"/target-grad/release/deps/fit-*.tt.ll "$out"/target-grad/release/deps/fit-*.types.json --min 95 >"$out/cov.log"' "$out/cov.log"
    check "fallback: Enzyme's rejection of the trees is shown, with its reason and log" \
        'grep -q "^rustc-typetree: warning: enzyme: Illegal updateAnalysis" "$out/fb/log" && grep -q "^rustc-typetree: warning: Enzyme failed on float_bits with trees (full log: $out/fb/float_bits.enzyme.log" "$out/fb/log" && grep -q "Illegal updateAnalysis" "$out/fb/float_bits.enzyme.log"' "$out/fb/log"
    check "fallback: the program built without trees computes the right gradient" \
        'grep -q "^rustc-typetree: warning: float_bits built without trees" "$out/fb/log" && "$out/fb/fb" | grep -q "^gradient right"' "$out/fb/log"
    "$W" --enzyme "$plugin" --no-fallback -A warnings -C opt-level=1 "$fx/float_bits.rs" -o "$out/fn/fb" \
        >/dev/null 2>"$out/fn/log" &
    # byte_swap: bytes of floats swapped one by one; refused (both modes), or built anyway
    mkdir -p "$out/bs"
    ("$W" --enzyme "$plugin" -A warnings "$fx/byte_swap.rs" -o "$out/bs/refused" \
        >/dev/null 2>"$out/bs/log"; echo $? >"$out/bs/st"
     "$W" --enzyme "$plugin" --allow-byte-moves -A warnings "$fx/byte_swap.rs" \
        -o "$out/bs/allowed" >/dev/null 2>"$out/bs/allow.log") &
    # const_fn: a function of floats passed as enzyme_const; refused, or built anyway
    mkdir -p "$out/cf"
    ("$W" --enzyme "$plugin" -A warnings "$fx/const_fn.rs" -o "$out/cf/refused" \
        >/dev/null 2>"$out/cf/log"; echo $? >"$out/cf/st"
     "$W" --enzyme "$plugin" --allow-const-fn-pointers -A warnings "$fx/const_fn.rs" \
        -o "$out/cf/allowed" >/dev/null 2>"$out/cf/allow.log") &
    # pointer_float: (&f64, f64) returned inside reverse mode; refused, or built anyway
    mkdir -p "$out/pf"
    ("$W" --enzyme "$plugin" -A warnings "$fx/pointer_float.rs" -o "$out/pf/refused" \
        >/dev/null 2>"$out/pf/log"; echo $? >"$out/pf/st"
     "$W" --enzyme "$plugin" --allow-pointer-float-returns -A warnings "$fx/pointer_float.rs" \
        -o "$out/pf/allowed" >/dev/null 2>"$out/pf/allow.log") &
    # enum_moves: copy_within over an enum whose variants disagree; refused, or built anyway
    mkdir -p "$out/em"
    ("$W" --enzyme "$plugin" -A warnings "$fx/enum_moves.rs" -o "$out/em/refused" \
        >/dev/null 2>"$out/em/log"; echo $? >"$out/em/st"
     "$W" --enzyme "$plugin" --allow-enum-moves -A warnings "$fx/enum_moves.rs" \
        -o "$out/em/allowed" >/dev/null 2>"$out/em/allow.log") &
    # rotate: Enzyme's warnings on a build it finishes reach the user
    "$W" --enzyme "$plugin" --keep-memmove -A warnings "$fx/rotate.rs" -o "$out/rot/kept" \
        >/dev/null 2>"$out/rot/kept.log"
    wait
    check "const fn pointers: a function of floats passed as enzyme_const is refused, named, no program; one of integers passes" \
        '[ "$(cat "$out/cf/st")" = 1 ] && grep -q "^rustc-typetree: const-fn-pointers: error: @.*(const_fn::square) is passed to Enzyme as enzyme_const" "$out/cf/log" && ! grep -q "const_fn::twice" "$out/cf/log" && grep -q "^rustc-typetree: const-fn-pointers: refused to differentiate const_fn" "$out/cf/log" && ! grep -q "without trees\|without them" "$out/cf/log" && [ ! -e "$out/cf/refused" ]' "$out/cf/log"
    check "const fn pointers: --allow-const-fn-pointers builds it, and Enzyme's gradient is the wrong one the check prevents (6, not 12)" \
        '"$out/cf/allowed" | grep -q "^gradient wrong (6, want 12)"' "$out/cf/allow.log"
    check "pointer-float returns: a reference and a float returned together inside reverse mode is refused, named, no program" \
        '[ "$(cat "$out/pf/st")" = 1 ] && grep -q "^rustc-typetree: pointer-float-returns: error: @.*(pointer_float::pick), which Enzyme differentiates in reverse mode, returns a pointer and a float" "$out/pf/log" && grep -q "^rustc-typetree: pointer-float-returns: refused to differentiate pointer_float" "$out/pf/log" && ! grep -q "without trees\|without them" "$out/pf/log" && [ ! -e "$out/pf/refused" ]' "$out/pf/log"
    check "pointer-float returns: --allow-pointer-float-returns builds it, and Enzyme's gradient is the wrong one the check prevents (1, not 1.693)" \
        '"$out/pf/allowed" | grep -q "^gradient wrong (1, want 1.69314718"' "$out/pf/allow.log"
    check "enum moves: copy_within over an enum whose variants put a float and an integer at one byte is refused, function and type named, no program" \
        '[ "$(cat "$out/em/st")" = 1 ] && grep -q "^rustc-typetree: enum-moves: error: @.*(enum_moves::f), which Enzyme differentiates, moves values of enum_moves::Value by a memmove" "$out/em/log" && grep -q "^rustc-typetree: enum-moves: refused to differentiate enum_moves" "$out/em/log" && ! grep -q "without trees\|without them" "$out/em/log" && [ ! -e "$out/em/refused" ]' "$out/em/log"
    check "enum moves: --allow-enum-moves builds it, and Enzyme's gradient is the wrong one the check prevents (0, not 6)" \
        '"$out/em/allowed" | grep -q "^gradient wrong (0, want 6)"' "$out/em/allow.log"
    check "byte moves: swapping a float's bytes one by one is refused, the function named, no program" \
        '[ "$(cat "$out/bs/st")" = 1 ] && grep -q "^rustc-typetree: byte-moves: error: @.*(byte_swap::swap_bytes), which Enzyme differentiates, moves bytes one at a time" "$out/bs/log" && grep -q "^rustc-typetree: byte-moves: refused to differentiate byte_swap" "$out/bs/log" && ! grep -q "without trees\|without them" "$out/bs/log" && [ ! -e "$out/bs/refused" ]' "$out/bs/log"
    check "byte moves: --allow-byte-moves hands the same module to Enzyme" \
        '! grep -q "byte-moves" "$out/bs/allow.log" && grep -q "^rustc-typetree: .*[Ee]nzyme" "$out/bs/allow.log"' "$out/bs/allow.log"
    check "float from bits: rand's f64 from a u64 state builds with trees (--no-fallback), gradient right" \
        '! grep -q "warning" "$out/rb/log" && "$out/rb/rb" | grep -q "^gradient right"' "$out/rb/log"
    check "--no-fallback: the same build stops at Enzyme's rejection, no program" \
        'grep -q "^rustc-typetree: enzyme: Illegal updateAnalysis" "$out/fn/log" && ! grep -q "without them" "$out/fn/log" && [ ! -e "$out/fn/fb" ]' "$out/fn/log"
    check "warnings: Enzyme's warning on a finished build is shown once, its log kept" \
        '[ "$(grep -c "^rustc-typetree: warning: enzyme: didn.t implement memmove" "$out/rot/kept.log")" = 1 ] && grep -q "implement memmove" "$out/rot/rotate.enzyme.log" && [ -x "$out/rot/kept" ]' "$out/rot/kept.log"
    RUSTC_TYPETREE_TIMES=$out/rot2/times "$W" --enzyme "$plugin" -A warnings "$fx/rotate.rs" \
        -o "$out/rot2/split" >/dev/null 2>"$out/rot2/split.log" &
    # passes: `s = step(s)` twice, then a read-only score; -O2 infers memory(argmem: read)
    RUSTC_TYPETREE_TIMES=$out/mem/times "$W" --enzyme "$plugin" -A warnings -C opt-level=2 \
        "$fx/passes.rs" -o "$out/mem/drop" >/dev/null 2>"$out/mem/drop.log"
    wait
    check "warnings: none where Enzyme gives none (memmove through a temporary), gradient right" \
        '! grep -q "warning: enzyme" "$out/rot2/split.log" && "$out/rot2/split" | grep -q "^gradient right"' "$out/rot2/split.log"
    check "times: -O0 (one clang run) reports Enzyme's pass and the post-optimization inside it, 0 < postopt < pass" \
        'enzyme_times rotate "$out/rot2/times"' "$out/rot2/times"
    check "memory attributes deleted before Enzyme (default): the loop's gradient is right" \
        '"$out/mem/drop" | grep -q "^gradient right"' "$out/mem/drop.log"
    check "times: -O2 (opt halves around Enzyme) reports Enzyme's pass and the post-optimization inside it, 0 < postopt < pass" \
        'enzyme_times passes "$out/mem/times"' "$out/mem/times"
    # big_mixed: 896 bytes of floats and integers copied whole. Enzyme keeps no type past
    # its limit of type offsets (500) and loses the last elements' derivatives: the copies'
    # segment lists (!enzyme_truetype) make it right at that limit, and so does the limit
    # raised to the largest mixed type (=auto); without the in-body trees (and so without
    # the lists) the same build is wrong.
    "$W" --enzyme "$plugin" --keep-memory-attrs -A warnings -C opt-level=2 "$fx/passes.rs" \
        -o "$out/mem2/keep" >/dev/null 2>"$out/mem2/keep.log" &
    "$W" --enzyme "$plugin" -A warnings -C opt-level=2 "$fx/big_mixed.rs" -o "$out/mo/default" \
        >/dev/null 2>"$out/mo/default.log"
    wait
    check "--keep-memory-attrs: Enzyme's readonly-callee bug makes the same build wrong" \
        '"$out/mem2/keep" | grep -q "^gradient wrong"' "$out/mem2/keep.log"
    check "max type offset: Enzyme's 500, trees stop there, the three 896-byte copies carry segment lists, gradient right" \
        '! grep -Eq "\[-1,(50[1-9]|5[1-9][0-9]|[6-9][0-9][0-9])\]:" "$out/mo/big_mixed.tt.ll" && [ "$(grep -c "i64 896, i1 false), !dbg ![0-9]*, !enzyme_truetype ![0-9]*$" "$out/mo/big_mixed.tt.ll")" = 3 ] && "$out/mo/default" | grep -q "^gradient right"' "$out/mo/default.log"
    RUSTC_TYPETREE_ANNOTATE_FLAGS=--no-body "$W" --enzyme "$plugin" -A warnings -C opt-level=2 \
        "$fx/big_mixed.rs" -o "$out/mo2/no-body" >/dev/null 2>"$out/mo2/no-body.log" &
    RUSTC_TYPETREE_ENZYME_FLAGS="$("$W" --print-enzyme-flags | tr '\n' ' ') -enzyme-max-type-offset=auto" \
        "$W" --enzyme "$plugin" -A warnings -C opt-level=2 "$fx/big_mixed.rs" -o "$out/mo3/auto" \
        >/dev/null 2>"$out/mo3/auto.log"
    wait
    check "max type offset: without the in-body trees and their segment lists the same build is wrong" \
        '! grep -q "enzyme_truetype" "$out/mo2/big_mixed.tt.ll" && "$out/mo2/no-body" | grep -q "^gradient wrong"' "$out/mo2/no-body.log"
    check "max type offset: =auto raises it to the largest mixed type (896) for Enzyme and the trees, no list needed, gradient right" \
        '[ "$("$T" max-offset "$out/mo3/big_mixed.types.json")" = 896 ] && grep -q "\[-1,8[0-9][0-9]\]:Float" "$out/mo3/big_mixed.tt.ll" && ! grep -q "enzyme_truetype" "$out/mo3/big_mixed.tt.ll" && "$out/mo3/auto" | grep -q "^gradient right"' "$out/mo3/auto.log"
    RUSTC_TYPETREE_ENZYME_FLAGS="-enzyme-max-type-offset=5x0" "$W" --enzyme "$plugin" -A warnings \
        "$fx/big_mixed.rs" -o "$out/mo4/bad" >"$out/mo4/bad.log" 2>&1
    check "max type offset: a value that is neither a number nor auto is refused, by name" \
        'grep -q "RUSTC_TYPETREE_ENZYME_FLAGS: -enzyme-max-type-offset=5x0: a number of bytes or auto" "$out/mo4/bad.log" && [ ! -e "$out/mo4/bad" ]' "$out/mo4/bad.log"
    "$W" --enzyme "$plugin" -A warnings "$fx/enzyme_fails.rs" -o "$out/f/tl" >/dev/null 2>"$out/f/log"
    check "errors: an Enzyme failure with and without trees names the stage, shows Enzyme's reason, keeps both logs" \
        'grep -q "^rustc-typetree: enzyme: .*Assertion" "$out/f/log" && grep -q "full log: $out/f/enzyme_fails.enzyme.log" "$out/f/log" && grep -q "without trees too (full log: $out/f/enzyme_fails.no-typetree.enzyme.log)" "$out/f/log" && [ -s "$out/f/enzyme_fails.enzyme.log" ] && [ -s "$out/f/enzyme_fails.no-typetree.enzyme.log" ] && [ ! -e "$out/f/tl" ] && [ "$(wc -l <"$out/f/log")" -lt 40 ]' "$out/f/log"
    # staticlib: a static library a C program links, its derivative Enzyme's (debug build)
    mkdir -p "$out/sl"
    RUSTC_TYPETREE_NO_FALLBACK=1 "$W" --enzyme "$plugin" -A warnings "$fx/staticlib.rs" \
        --out-dir "$out/sl" >/dev/null 2>"$out/sl/log" &&
        cc "$fx/staticlib.c" "$out/sl/libstaticlib.a" -lm -lpthread -ldl -o "$out/sl/c" 2>>"$out/sl/log"
    check "staticlib: the archive rustc writes gets the wrapper's object; a C program linking it gets the right gradient" \
        '[ -f "$out/sl/staticlib.tt.ll" ] && "$out/sl/c" | grep -q "^gradient right"' "$out/sl/log"
else
    echo "SKIP: real Enzyme cases: $(cat "$out/why")"
fi
# A library and a binary built by the wrapper as plain rustc commands (no cargo): the
# binary's link names rustc's temporary copy of the rlib, which rustc removes before the
# wrapper links.
mkdir -p "$out/lk"
printf 'pub fn g(v: &[f64], i: usize) -> f64 { v[i] * 2.0 }\n' >"$out/lk/a.rs"
printf 'fn main() { println!("{}", a::g(&[1.0, 2.5], 1)); }\n' >"$out/lk/m.rs"
("$W" --crate-type=lib --crate-name a "$out/lk/a.rs" -o "$out/lk/liba.rlib" &&
    "$W" --crate-name m "$out/lk/m.rs" --extern a="$out/lk/liba.rlib" -o "$out/lk/m") \
    >"$out/lk/log" 2>&1
check "rustc lib + bin: the binary links against the library and runs" \
    '[ "$("$out/lk/m" 2>&1)" = 5 ]' "$out/lk/log"
mkdir -p "$out/g"
"$W" -A warnings "$fx/enzyme_fails.rs" -o "$out/g/tl" >/dev/null 2>"$out/g/log"
check "errors: calling Enzyme without a plugin fails at link and says what to do" \
    'grep -q "^rustc-typetree: link: .*give --enzyme PLUGIN" "$out/g/log" && [ ! -e "$out/g/tl" ]' "$out/g/log"
suite_end
