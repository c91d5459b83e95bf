#!/usr/bin/env python3
"""bench_annotate_gen.py N SEED OUTDIR: writes OUTDIR/annot_bench.rs, a Rust library crate
with N functions, and OUTDIR/annot_bench.json, its rust-types/1 description (the crate's
structs under "types", one "functions" entry per function, by symbol).

Each function is `#[no_mangle] #[inline(never)] pub fn f_<i>(...)` with 1 to 6 arguments
drawn from a mix that covers the Rust ABI's pass modes: scalars (bool as i1, char, u128),
`&[f64]`, `&mut [f32]`, `&str`, `&dyn Fn(f64) -> f64`, `&f64`, `&mut f64`, small tuples
(scalar pairs, and a 3-tuple passed in memory), `[f32; 2]` / `[u8; 3]` (cast to an
integer), `Option<f64>`, `&Vec<f64>`, `&mut Vec<f64>`, `Box<[f32]>`, and the crate's own
structs (some `#[repr(C)]`, some nesting another one) by value, `&` and `&mut`. Returns
are `()`, scalars, pairs, `Option<f64>`, and sret ones (`[f64; 4]`, `Vec<f64>`, large
structs). Every body uses every argument and differs from the others (constants and
operators are drawn per function), so rustc cannot merge functions. Same N and SEED, same
output. Python 3 standard library only.
"""
import json
import os
import random
import sys

CRATE = "annot_bench"

INTS = ["u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize"]
FLOATS = ["f32", "f64"]


def conv(ty, e):
    """A Rust f64 expression from the scalar expression e of type ty."""
    if ty == "f64":
        return e
    if ty == "bool":
        return "(%s as u8 as f64)" % e
    if ty == "char":
        return "(%s as u32 as f64)" % e
    return "(%s as f64)" % e


def make_scalar(ty, acc):
    """A Rust expression of scalar type ty made from the f64 expression acc."""
    if ty == "f64":
        return acc
    if ty == "bool":
        return "(%s > 0.0)" % acc
    if ty == "char":
        return "'x'"
    return "(%s as %s)" % (acc, ty)


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.structs = []    # (name, repr_c, [(field, kind, ty_rust, ty_json, extra)])
        self.types = {}

    def num(self):
        return "%d.%d" % (self.rng.randrange(1, 50), self.rng.randrange(0, 1000))

    def op(self):
        return self.rng.choice(["+", "-", "*"])

    # -- the crate's structs ------------------------------------------------------------
    def gen_structs(self, count):
        for k in range(count):
            name = "S%d" % k
            repr_c = self.rng.random() < 0.4
            nfields = self.rng.randint(1, 5)
            fields = []
            for j in range(nfields):
                r = self.rng.random()
                fname = "f%d" % j
                if r < 0.35:
                    ty = self.rng.choice(FLOATS)
                    fields.append((fname, "scalar", ty, ty, None))
                elif r < 0.6:
                    ty = self.rng.choice(INTS + ["bool", "char"])
                    fields.append((fname, "scalar", ty, ty, None))
                elif r < 0.75:
                    el = self.rng.choice(FLOATS + ["i32", "u8"])
                    n = self.rng.randint(2, 6)
                    ty = "[%s; %d]" % (el, n)
                    fields.append((fname, "array", ty, ty, (el, n)))
                elif r < 0.85:
                    fields.append((fname, "option", "Option<f64>", "Option<f64>", None))
                elif k > 0:
                    # an earlier struct by value (at most one level of nesting below)
                    inner = self.rng.randrange(k)
                    iname = self.structs[inner][0]
                    if any(f[1] == "struct" for f in self.structs[inner][2]):
                        ty = self.rng.choice(FLOATS)
                        fields.append((fname, "scalar", ty, ty, None))
                    else:
                        fields.append((fname, "struct", iname, "%s::%s" % (CRATE, iname),
                                       inner))
                else:
                    fields.append((fname, "scalar", "f64", "f64", None))
            self.structs.append((name, repr_c, fields))
            d = {"kind": "struct",
                 "fields": [{"name": f[0], "ty": f[3]} for f in fields]}
            if repr_c:
                d["repr"] = ["C"]
            self.types["%s::%s" % (CRATE, name)] = d

    def struct_src(self):
        out = []
        for name, repr_c, fields in self.structs:
            if repr_c:
                out.append("#[repr(C)]")
            out.append("pub struct %s {" % name)
            for f in fields:
                out.append("    pub %s: %s," % (f[0], f[2]))
            out.append("}")
        return "\n".join(out)

    def read_struct(self, k, p):
        """f64 expression using every field of struct k at place p."""
        parts = []
        for fname, kind, ty, _, extra in self.structs[k][2]:
            q = "%s.%s" % (p, fname)
            if kind == "scalar":
                parts.append(conv(ty, q))
            elif kind == "array":
                el, n = extra
                parts.append(conv(el, "%s[%d]" % (q, self.rng.randrange(n))))
            elif kind == "option":
                parts.append("%s.unwrap_or(%s)" % (q, self.num()))
            else:
                parts.append(self.read_struct(extra, q))
        return "(" + " + ".join(parts) + ")"

    def build_struct(self, k, acc):
        """Expression constructing struct k from the f64 expression acc."""
        name, _, fields = self.structs[k]
        parts = []
        for fname, kind, ty, _, extra in fields:
            if kind == "scalar":
                v = make_scalar(ty, acc)
            elif kind == "array":
                el, n = extra
                v = "[%s; %d]" % (make_scalar(el, acc), n)
            elif kind == "option":
                v = "Some(%s)" % acc
            else:
                v = self.build_struct(extra, acc)
            parts.append("%s: %s" % (fname, v))
        return "%s { %s }" % (name, ", ".join(parts))

    def float_field(self, k):
        for fname, kind, ty, _, _ in self.structs[k][2]:
            if kind == "scalar" and ty in FLOATS:
                return fname, ty
        return None

    # -- arguments ------------------------------------------------------------------------
    def arg(self, x):
        """-> (rust type, json type, statements using x (a list of lines))."""
        r = self.rng.random()
        c = self.num()
        o = self.op()
        if r < 0.22:
            ty = self.rng.choice(FLOATS + INTS + ["bool", "char", "u128", "i128"])
            return ty, ty, ["acc = acc %s %s * %s;" % (o, conv(ty, x), c)]
        if r < 0.30:
            return "&[f64]", "&[f64]", [
                "acc %s= %s.len() as f64;" % (o, x),
                "if let Some(v) = %s.first() { acc += *v * %s; }" % (x, c)]
        if r < 0.37:
            return "&mut [f32]", "&mut [f32]", [
                "if let Some(v) = %s.first_mut() { *v += (acc * %s) as f32; }" % (x, c),
                "acc %s= %s.len() as f64;" % (o, x)]
        if r < 0.40:
            return "&str", "&str", ["acc %s= %s.len() as f64 * %s;" % (o, x, c)]
        if r < 0.42:
            return "&dyn Fn(f64) -> f64", "&dyn Fn(f64) -> f64", [
                "acc = acc %s %s(%s);" % (o, x, c)]
        if r < 0.46:
            return "&f64", "&f64", ["acc = acc %s *%s * %s;" % (o, x, c)]
        if r < 0.49:
            return "&mut f64", "&mut f64", ["*%s += acc * %s;" % (x, c),
                                            "acc = acc %s *%s;" % (o, x)]
        if r < 0.58:
            a = self.rng.choice(FLOATS + INTS + ["bool"])
            b = self.rng.choice(FLOATS + INTS)
            if self.rng.random() < 0.25:
                t = "(%s, %s, %s)" % (a, b, "f64")
                return t, t, ["acc = acc %s %s + %s * %s + %s.2;" % (
                    o, conv(a, x + ".0"), conv(b, x + ".1"), c, x)]
            t = "(%s, %s)" % (a, b)
            return t, t, ["acc = acc %s %s + %s * %s;" % (
                o, conv(a, x + ".0"), conv(b, x + ".1"), c)]
        if r < 0.62:
            if self.rng.random() < 0.5:
                return "[f32; 2]", "[f32; 2]", [
                    "acc = acc %s (%s[0] as f64 - %s[1] as f64) * %s;" % (o, x, x, c)]
            return "[u8; 3]", "[u8; 3]", [
                "acc = acc %s (%s[0] as f64 + %s[2] as f64 - %s[1] as f64);" % (o, x, x, x)]
        if r < 0.67:
            return "Option<f64>", "Option<f64>", [
                "acc = acc %s %s.unwrap_or(%s);" % (o, x, c)]
        if r < 0.71:
            return "&Vec<f64>", "&Vec<f64>", [
                "acc %s= %s.len() as f64;" % (o, x),
                "if let Some(v) = %s.first() { acc += *v * %s; }" % (x, c)]
        if r < 0.73:
            return "&mut Vec<f64>", "&mut Vec<f64>", [
                "%s.push(acc * %s);" % (x, c), "acc %s= %s.len() as f64;" % (o, x)]
        if r < 0.77:
            return "Box<[f32]>", "Box<[f32]>", [
                "if let Some(v) = %s.first() { acc %s= *v as f64 * %s; }" % (x, o, c),
                "acc += %s.len() as f64;" % x]
        # one of the crate's structs, by value, & or &mut
        k = self.rng.randrange(len(self.structs))
        name = self.structs[k][0]
        jname = "%s::%s" % (CRATE, name)
        how = self.rng.random()
        use = "acc = acc %s %s * %s;" % (o, self.read_struct(k, x), c)
        if how < 0.45:
            return name, jname, [use]
        if how < 0.8 or self.float_field(k) is None:
            return "&" + name, "&" + jname, [use]
        fname, fty = self.float_field(k)
        return "&mut " + name, "&mut " + jname, [
            use, "%s.%s += acc as %s;" % (x, fname, fty)]

    def ret(self):
        """-> (rust type or None, json type or None, final expression from acc)."""
        r = self.rng.random()
        c = self.num()
        if r < 0.15:
            return None, None, "core::hint::black_box(acc);"
        if r < 0.45:
            ty = self.rng.choice(FLOATS + INTS + ["bool", "u128"])
            return ty, ty, make_scalar(ty, "acc")
        if r < 0.55:
            a, b = self.rng.choice([("f64", "f64"), ("f32", "u32"), ("f64", "u8"),
                                    ("i64", "f64")])
            t = "(%s, %s)" % (a, b)
            return t, t, "(%s, %s)" % (make_scalar(a, "acc"),
                                       make_scalar(b, "(acc * %s)" % c))
        if r < 0.62:
            return "Option<f64>", "Option<f64>", \
                "if acc > %s { Some(acc) } else { None }" % c
        if r < 0.69:
            return "[f64; 4]", "[f64; 4]", "[acc, acc + %s, acc * %s, -acc]" % (c, c)
        if r < 0.74:
            return "Vec<f64>", "Vec<f64>", "vec![acc; %d]" % self.rng.randint(1, 4)
        if r < 0.77:
            return "Box<[f32]>", "Box<[f32]>", \
                "vec![acc as f32; %d].into_boxed_slice()" % self.rng.randint(1, 4)
        k = self.rng.randrange(len(self.structs))
        name = self.structs[k][0]
        return name, "%s::%s" % (CRATE, name), self.build_struct(k, "acc")

    def function(self, i):
        nargs = self.rng.randint(1, 6)
        params, jargs, body = [], [], []
        for j in range(nargs):
            x = "a%d" % j
            rty, jty, stmts = self.arg(x)
            params.append("%s: %s" % (x, rty))
            jargs.append({"name": x, "ty": jty})
            body.extend(stmts)
        rty, jty, tail = self.ret()
        src = ["#[no_mangle]", "#[inline(never)]",
               "pub fn f_%d(%s)%s {" % (i, ", ".join(params),
                                        " -> " + rty if rty else "")]
        src.append("    let mut acc: f64 = %s;" % self.num())
        src.extend("    " + s for s in body)
        src.append("    " + tail)
        src.append("}")
        entry = {"symbol": "f_%d" % i, "path": "%s::f_%d" % (CRATE, i), "args": jargs}
        if jty:
            entry["ret"] = jty
        return "\n".join(src), entry


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: bench_annotate_gen.py N SEED OUTDIR")
    n, seed, outdir = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    g = Gen(random.Random(seed))
    g.gen_structs(48)
    fns, entries = [], []
    for i in range(n):
        s, e = g.function(i)
        fns.append(s)
        entries.append(e)
    rs = os.path.join(outdir, CRATE + ".rs")
    js = os.path.join(outdir, CRATE + ".json")
    with open(rs + ".tmp", "w") as f:
        f.write("// generated by tests/bench/bench_annotate_gen.py %d %d\n" % (n, seed))
        f.write("#![allow(unused)]\n\n")
        f.write(g.struct_src() + "\n\n" + "\n\n".join(fns) + "\n")
    with open(js + ".tmp", "w") as f:
        json.dump({"format": "rust-types/1",
                   "doc": "generated by tests/bench/bench_annotate_gen.py %d %d" % (n, seed),
                   "types": g.types, "functions": entries}, f, indent=None)
        f.write("\n")
    os.replace(rs + ".tmp", rs)
    os.replace(js + ".tmp", js)


if __name__ == "__main__":
    main()
