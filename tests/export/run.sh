#!/bin/sh
# The debuginfo exporter on real rustc output: each fixtures/export/*.rs is compiled with
# -C debuginfo=2, exported, and must then (1) load with typetree's layout engine agreeing
# with every "layout" block rustc's debuginfo gave (-W: a disagreement fails), (2) annotate
# every #[no_mangle] function of the crate without a signature mismatch, (3) verify; the
# whole programs' exports must also validate against the JSON Schema.
# usage: tests/export/run.sh TYPETREE_BIN
T=${1:?usage: tests/export/run.sh TYPETREE_BIN}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/suite.sh"
fixtures=$here/../../fixtures/export
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# reexport NAME JSON ANNOTATED_LL: annotated-ir-reexport (issue 11, item 1): the export of
# annotated IR describes the same functions and types as the export of the original (our
# return attribute "{[-1]:Float@double}" puts an '@' before the function's name).
reexport() {
    if ! "$T" export "$3" -o "$tmp/re.json" 2>"$tmp/re.log"; then
        fail "$1: annotated-ir-reexport: export of the annotated IR" "$tmp/re.log"; return
    fi
    grep -v '"doc": ' "$2" > "$tmp/re.a"
    grep -v '"doc": ' "$tmp/re.json" > "$tmp/re.b"
    if cmp -s "$tmp/re.a" "$tmp/re.b"; then
        pass "$1: annotated-ir-reexport: the annotated IR exports the same functions and types"
    else
        diff "$tmp/re.a" "$tmp/re.b" > "$tmp/re.diff"
        fail "$1: annotated-ir-reexport: the annotated IR exports differently" "$tmp/re.diff"
    fi
}

# The programs the example and the wrapper tests build: whole binaries, std included,
# whose exported layouts must also agree with the engine.
for rs in "$fixtures"/../example/*.rs "$fixtures"/../wrapper/*.rs; do
    n=bin-$(basename "$rs" .rs)
    ll=$tmp/$n.ll json=$tmp/$n.json log=$tmp/$n.log
    kind=lib
    grep -q '^fn main' "$rs" && kind=bin
    if ! rustc --crate-type=$kind --emit=llvm-ir -C debuginfo=2 -C opt-level=0 \
            --crate-name "${n#bin-}" "$rs" -o "$ll" 2>"$log"; then
        fail "$n: rustc" "$log"; continue
    fi
    if ! "$T" export "$ll" -o "$json" 2>"$log"; then fail "$n: export" "$log"; continue; fi
    if "$T" layout -W "$json" >/dev/null 2>"$log"; then
        pass "$n: export + layout -W (the engine agrees with rustc's offsets, std included)"
    else
        fail "$n: layout -W" "$log"
    fi
    if "$T" annotate --types "$json" "$ll" -o "$tmp/$n.out.ll" 2>"$log"; then
        reexport "$n" "$json" "$tmp/$n.out.ll"
    else
        fail "$n: annotate" "$log"
    fi
    # what export writes (locals included) is what the schema describes
    if /usr/bin/python3 "$here/../schema/validate.py" "$here/../../schema/rust-types.schema.json" \
            "$json" >"$log" 2>&1; then
        pass "$n: the exported file validates against schema/rust-types.schema.json"
    else
        fail "$n: schema" "$log"
    fi
done

for rs in "$fixtures"/*.rs; do
    n=$(basename "$rs" .rs)
    ll=$tmp/$n.ll json=$tmp/$n.json out=$tmp/$n.out.ll log=$tmp/$n.log
    if ! rustc --crate-type=lib --emit=llvm-ir -C debuginfo=2 -C opt-level=0 \
            --crate-name "$n" "$rs" -o "$ll" 2>"$log"; then
        fail "$n: rustc" "$log"; continue
    fi
    if "$T" export "$ll" -o "$json" 2>"$log"; then pass "$n: export"; else fail "$n: export" "$log"; continue; fi
    if "$T" layout -W "$json" >/dev/null 2>"$log"; then
        pass "$n: layout -W (the engine agrees with rustc's offsets)"
    else
        fail "$n: layout -W" "$log"
    fi
    # -O0 IR, annotated as the wrapper does at -O0 (pairs get byte-offset trees)
    if ! "$T" annotate --types "$json" --pair-offsets "$ll" -o "$out" --stats 2>"$log"; then
        fail "$n: annotate" "$log"; continue
    fi
    stats=$(grep 'annotate:' "$log")
    annotated=$(echo "$stats" | sed -n 's/.*: \([0-9]*\) annotated.*/\1/p')
    # Every #[no_mangle] function must be annotated, none skipped for a mismatch.
    missing=
    for f in $(sed -n 's/^#\[no_mangle\] pub fn \([a-z_0-9]*\).*/\1/p' "$rs"); do
        grep -q "^define .*\"enzyme_type\".*@$f(" "$out" || missing="$missing $f"
        grep -v 'annotate: [0-9]* functions' "$log" | grep -qw "$f" && missing="$missing $f(diagnostic)"
    done
    if [ -z "$missing" ] && [ "${annotated:-0}" -gt 0 ]; then
        pass "$n: annotate ($stats)"
    else
        echo "    not annotated:$missing" >>"$log"
        fail "$n: annotate" "$log"
    fi
    if "$OPT" -passes=verify -disable-output "$out" 2>"$log"; then
        pass "$n: opt -passes=verify"
    else
        fail "$n: opt -passes=verify" "$log"
    fi
    reexport "$n" "$json" "$out"
done

# symbol-names (issue 11, item 1): quoted names with '@', ' ', '"' and '\\' in them are
# exported as LLVM names them (unescaped), so both backends find every function.
n=symbol_names
if [ -f "$tmp/$n.json" ] && "$T" annotate --types "$tmp/$n.json" "$tmp/$n.ll" -o "$tmp/$n.bc" \
        2>"$tmp/$n.log"; then
    "$LLVM_DIS" "$tmp/$n.bc" -o "$tmp/$n.bc.ll"
    for out in out.ll bc.ll; do
        backend="the text backend (.ll)"
        [ "$out" = bc.ll ] && backend="the LLVM-C backend (.bc)"
        got=$(grep -c '^define "enzyme_type"=' "$tmp/$n.$out")
        if [ "$got" = 4 ]; then
            pass "$n: symbol-names: $backend annotates all 4 functions"
        else
            grep '^define' "$tmp/$n.$out" > "$tmp/$n.defs"
            fail "$n: symbol-names: $backend annotates $got of 4 functions" "$tmp/$n.defs"
        fi
    done
else
    fail "$n: symbol-names: export or annotate to .bc" "$tmp/$n.log"
fi

# unsigned-discriminants (issue 11, item 2): the values the source gave, not LLVM's
# signed reading of their bits.
n=unsigned_discriminants
if python3 - "$tmp/$n.json" >"$tmp/$n.log" 2>&1 <<'PY'
import json, sys
types = json.load(open(sys.argv[1]))["types"]
want = {"G": ["3", "200"], "W": ["1", "65535"], "H": ["3", "18446744073709551600"],
        "I": ["-3", "100"]}
bad = 0
for name, values in want.items():
    got = [str(v.get("discriminant")) for v in types["unsigned_discriminants::" + name]["variants"]]
    if got != values:
        print("%s: discriminants %s, expected %s" % (name, got, values))
        bad += 1
sys.exit(bad)
PY
then
    pass "$n: unsigned-discriminants: u8 200, u16 65535, u64 2^64-16 as written, i8 -3 signed"
else
    fail "$n: unsigned-discriminants" "$tmp/$n.log"
fi
# repr-c-inference (issue 11, item 3): repr(C) inferred beside align(N) and packed(N), and
# through a chain of 120 nested structs in one go (the old pass stopped after 64 rounds of
# one struct each); layout -W above has checked every offset against rustc's.
n=repr_c_inference
if python3 - "$tmp/$n.json" >"$tmp/$n.log" 2>&1 <<'PY'
import json, sys
types = json.load(open(sys.argv[1]))["types"]
want = {"CAlign": ["C", "align(16)"], "CPacked2": ["C", "packed(2)"], "Plain": ["C"],
        "Rusty": None, "L0": ["C"], "L64": ["C"], "L119": ["C"]}
bad = 0
for name, repr_ in want.items():
    got = types["repr_c_inference::" + name].get("repr")
    if got != repr_:
        print("%s: repr %s, expected %s" % (name, got, repr_))
        bad += 1
chain = sum(1 for k, v in types.items() if k.startswith("repr_c_inference::L") and "C" in v.get("repr", []))
if chain != 120:
    print("%d of the 120 chained structs marked repr(C)" % chain)
    bad += 1
sys.exit(bad)
PY
then
    pass "$n: repr-c-inference: C beside align(16) and packed(2), 120 nested structs, Rust left alone"
else
    fail "$n: repr-c-inference" "$tmp/$n.log"
fi
# std-niches (issue 11, item 4): with the valid-range types' niches, Option<OwnedFd> is
# rustc's 4 bytes, Option<Duration> 16 and Holder 32 (layout -W above has checked the
# engine against every layout block rustc gave, these included).
n=std_niches
if "$T" layout -W "$tmp/$n.json" 'core::option::Option<std::os::fd::owned::OwnedFd>' \
        'core::option::Option<core::time::Duration>' 'std_niches::Holder' >"$tmp/$n.lay" 2>"$tmp/$n.log" &&
   python3 -c '
import json, sys
got = [v["size"] for v in json.load(open(sys.argv[1])).values()]
print("sizes", got, "expected [4, 16, 32]")
sys.exit(got != [4, 16, 32])' "$tmp/$n.lay" >>"$tmp/$n.log" 2>&1; then
    pass "$n: std-niches: Option<OwnedFd> 4 bytes, Option<Duration> 16, Holder 32 (rustc's)"
else
    fail "$n: std-niches" "$tmp/$n.log"
fi
# dyn-types (issue 11, item 5): trait objects with auto traits ("(dyn Tr + Send)" in
# debuginfo) behind &, Box, Rc, Arc, and structs with a dyn or slice tail export without a
# warning (the loop above has checked that every #[no_mangle] function is annotated);
# sized-tail: Tail<u64>, whose generic last field is `T: ?Sized`, is marked so that the
# engine keeps that field last as rustc does (layout -W above agrees).
n=dyn_types
"$T" export "$tmp/$n.ll" -o /dev/null 2>"$tmp/$n.warn"
if [ ! -s "$tmp/$n.warn" ]; then
    pass "$n: dyn-types: &(dyn Debug + Send), Box<dyn Error + Send + Sync>, Rc/Arc<dyn ..>, dyn tails: no warning"
else
    fail "$n: dyn-types: export warnings" "$tmp/$n.warn"
fi
if [ "$(grep -o '"dyn_types::[^"]*": {"kind": "struct", "maybe_unsized_tail": true,' "$tmp/$n.json")" = \
     '"dyn_types::Tail_u64": {"kind": "struct", "maybe_unsized_tail": true,' ]; then
    pass "$n: sized-tail: Tail<u64> keeps its ?Sized last field last (maybe_unsized_tail)"
else
    grep 'Tail' "$tmp/$n.json" > "$tmp/$n.tail"
    fail "$n: sized-tail: Tail<u64> not marked maybe_unsized_tail" "$tmp/$n.tail"
fi
# abi-probes (issue 11, item 6): random repr(C) structs (tests/export/abi_probes.py, fixed
# seeds) passed and returned by extern "C" and by Rust-ABI functions, eight at a time so
# that registers run out. rustc's define lines are the reference: with what export infers
# (repr(C) of single-field structs, "abi": "C") every function must be annotated, none a
# signature mismatch (--strict), and the engine must agree with every layout block.
for seed in 1 2 3 4; do
    n=abi_probes_$seed
    /usr/bin/python3 "$here/abi_probes.py" "$seed" 80 > "$tmp/$n.rs"
    if ! rustc --crate-type=lib --emit=llvm-ir -C debuginfo=2 -C opt-level=0 \
            --crate-name "$n" "$tmp/$n.rs" -o "$tmp/$n.ll" 2>"$tmp/$n.log"; then
        fail "$n: rustc" "$tmp/$n.log"; continue
    fi
    if "$T" export "$tmp/$n.ll" -o "$tmp/$n.json" 2>"$tmp/$n.log" &&
       "$T" layout -W "$tmp/$n.json" >/dev/null 2>>"$tmp/$n.log" &&
       "$T" annotate --strict --stats --types "$tmp/$n.json" "$tmp/$n.ll" -o "$tmp/$n.out.ll" \
           2>>"$tmp/$n.log" &&
       grep -q 'annotate: 172 functions in the IR: 172 annotated' "$tmp/$n.log"; then
        pass "$n: abi-probes: 172 functions (extern \"C\" and Rust) agree with rustc's define lines"
    else
        fail "$n: abi-probes" "$tmp/$n.log"
    fi
done
# counted-once (issue 11, targets): every define is counted once by --stats, and every
# function with an entry as annotated or skipped. std's precondition_check (inlined from
# get_unchecked's ub_checks) has an entry but is left without trees by rule: skipped.
n=counted_once
printf 'pub fn first(v: &[f64]) -> f64 { unsafe { *v.get_unchecked(0) } }\n' > "$tmp/$n.rs"
if rustc --crate-type=lib --emit=llvm-ir -C debuginfo=2 -C opt-level=0 --crate-name "$n" \
        "$tmp/$n.rs" -o "$tmp/$n.ll" 2>"$tmp/$n.log" &&
   "$T" export "$tmp/$n.ll" -o "$tmp/$n.json" 2>>"$tmp/$n.log" &&
   "$T" annotate --stats --types "$tmp/$n.json" "$tmp/$n.ll" -o "$tmp/$n.out.ll" 2>>"$tmp/$n.log"; then
    defines=$(grep -c '^define ' "$tmp/$n.ll")
    entries=$(grep -c '"symbol": ' "$tmp/$n.json")
    set -- $(sed -n 's/.*: \([0-9]*\) functions in the IR: \([0-9]*\) annotated .*, \([0-9]*\) skipped (.* \([0-9]*\) left without trees by rule.*), \([0-9]*\) not described.*/\1 \2 \3 \4 \5/p' "$tmp/$n.log") x x x x x
    if [ "$1" = "$defines" ] && [ $(($2 + $3 + $5)) -eq "$defines" ] && [ $(($2 + $3)) -eq "$entries" ] &&
       [ "$4" -ge 1 ] && grep -q 'precondition_check' "$tmp/$n.json"; then
        pass "$n: counted once: $defines defines = $2 annotated + $3 skipped ($4 precondition checks) + $5 not described; $entries entries"
    else
        fail "$n: counted once ($defines defines, $entries entries)" "$tmp/$n.log"
    fi
else
    fail "$n: rustc, export or annotate" "$tmp/$n.log"
fi
# type-copies: a fat-LTO module keeps each crate's copy of a type's debuginfo (one binary
# of tests/crates held core::panic::Location 13 times), all with the type's identifier:
# one definition for all of them, not Option_f64, Option_f64_2, ... Here two crates are
# linked and fb's signature is made to name a second copy of Option<f64>'s node.
n=type_copies
printf 'pub fn fa(o: Option<f64>) -> f64 { o.unwrap_or(0.0) }\n' > "$tmp/${n}_a.rs"
printf 'pub fn fb(o: Option<f64>) -> f64 { o.unwrap_or(1.0) }\n' > "$tmp/${n}_b.rs"
if rustc --crate-type=lib --emit=llvm-ir -C debuginfo=2 --crate-name "${n}_a" "$tmp/${n}_a.rs" \
        -o "$tmp/${n}_a.ll" 2>"$tmp/$n.log" &&
   rustc --crate-type=lib --emit=llvm-ir -C debuginfo=2 --crate-name "${n}_b" "$tmp/${n}_b.rs" \
        -o "$tmp/${n}_b.ll" 2>>"$tmp/$n.log" &&
   "$LLVM_LINK" -S "$tmp/${n}_a.ll" "$tmp/${n}_b.ll" -o "$tmp/$n.linked.ll" 2>>"$tmp/$n.log" &&
   /usr/bin/python3 - "$tmp/$n.linked.ll" "$tmp/$n.ll" <<'PY' 2>>"$tmp/$n.log"
import re, sys
text = open(sys.argv[1]).read()
node = {m.group(1): m.group(2) for m in re.finditer(r"^!(\d+) = (.*)$", text, re.M)}
opt = next(k for k, v in node.items() if 'name: "Option<f64>"' in v and "identifier:" in v)
fb = next(k for k, v in node.items() if 'DISubprogram(name: "fb"' in v)
sub = re.search(r"type: !(\d+)", node[fb]).group(1)
types = re.search(r"types: !(\d+)", node[sub]).group(1)
top = max(int(k) for k in node) + 1
copy, nsub, ntypes = top, top + 1, top + 2
extra = ["!%d = %s" % (copy, node[opt].replace("distinct ", "")),
         "!%d = !DISubroutineType(types: !%d)" % (nsub, ntypes),
         "!%d = %s" % (ntypes, re.sub(r"!%s\b" % opt, "!%d" % copy, node[types]))]
text = text.replace("!%s = %s" % (fb, node[fb]),
                    "!%s = %s" % (fb, node[fb].replace("type: !%s," % sub, "type: !%d," % nsub)))
open(sys.argv[2], "w").write(text.rstrip("\n") + "\n" + "\n".join(extra) + "\n")
PY
then
    if "$T" export "$tmp/$n.ll" -o "$tmp/$n.json" 2>>"$tmp/$n.log" &&
       [ "$(grep -c '"core::option::Option_f64[_0-9]*": {' "$tmp/$n.json")" = 1 ] &&
       grep -q '"ty": "core::option::Option_f64"}], "ret": "f64"' "$tmp/$n.json"; then
        pass "$n: type-copies: two debuginfo copies of Option<f64> are one definition"
    else
        grep 'Option_f64' "$tmp/$n.json" >>"$tmp/$n.log" 2>/dev/null
        fail "$n: type-copies" "$tmp/$n.log"
    fi
else
    fail "$n: rustc, llvm-link or the copy" "$tmp/$n.log"
fi
# left-out-fields: rustc sometimes writes a struct's debuginfo with no field and its full
# size (`elements: !{}`: one 232-byte instance of a generic struct nested 11 deep in the
# stress program generic_compose). Exported as written it is all padding, and trees mark
# padding `Anything` byte by byte: its f64 too, which stopped Enzyme there ("cannot handle
# unknown binary operator") and could mislead it elsewhere. Here a struct's fields are
# taken out of rustc's output: export must warn, write it as untyped bytes (a raw-buffer
# union of its size and alignment), keep the trees of what holds it, and give its bytes
# no entry.
n=left_out
printf 'pub struct Inner { pub x: f64, pub n: u32 }\npub struct Outer { pub a: Inner, pub w: f64 }\n#[no_mangle]\npub fn outer(o: &Outer) -> f64 { o.a.x * o.w + o.a.n as f64 }\n' > "$tmp/$n.rs"
if rustc --crate-type=lib --emit=llvm-ir -C debuginfo=2 -C opt-level=0 --crate-name "$n" \
        "$tmp/$n.rs" -o "$tmp/$n.orig.ll" 2>"$tmp/$n.log" &&
   sed '/DICompositeType(tag: DW_TAG_structure_type, name: "Inner"/s/elements: ![0-9]*/elements: !{}/' \
        "$tmp/$n.orig.ll" > "$tmp/$n.ll" && ! cmp -s "$tmp/$n.orig.ll" "$tmp/$n.ll" &&
   "$T" export "$tmp/$n.ll" -o "$tmp/$n.json" 2>"$tmp/$n.warn" &&
   "$T" annotate --types "$tmp/$n.json" "$tmp/$n.ll" -o "$tmp/$n.out.ll" 2>>"$tmp/$n.log"; then
    tree=$(sed -n 's/^define .*@outer(ptr[^"]*"enzyme_type"="\([^"]*\)".*/\1/p' "$tmp/$n.out.ll")
    if grep -q "'left_out::Inner' is 16 bytes and its debuginfo lists no field (rustc left them out): exported as untyped bytes" "$tmp/$n.warn" &&
       [ "$tree" = "{[-1]:Pointer, [-1,16]:Float@double}" ] &&
       "$T" layout -W "$tmp/$n.json" >/dev/null 2>>"$tmp/$n.log"; then
        pass "$n: left-out-fields: a struct without its fields is untyped bytes (&Outer: $tree)"
    else
        { cat "$tmp/$n.warn"; echo "tree of &Outer: $tree"; } >>"$tmp/$n.log"
        fail "$n: left-out-fields" "$tmp/$n.log"
    fi
else
    fail "$n: rustc, the edit, export or annotate" "$tmp/$n.log"
fi
suite_end
