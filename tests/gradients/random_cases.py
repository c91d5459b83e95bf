#!/usr/bin/env python3
"""Random layouts and signatures, differentiated by the real Enzyme and checked by gradients.

    random_cases.py [--seed S] [--cases N] [--levels 0,1,2,3] [--keep DIR] [run.py options]

Writes N gradient-suite cases (tests/gradients/harness.rs: every derivative against finite
differences, inputs unchanged, reverse and forward mode) generated from the seed, into
DIR/cases (default build/tests/gradients-random/cases), and runs tests/gradients/run.py over
them (--case-dir): one program per level and build mode, with trees, with --no-typetree and
the baseline, the same verdicts ([WORSE], [SILENT]) as the suite's own cases.

Each case draws a few Copy types: structs (rustc's layout or repr(C); fields f64, f32,
integers of every width, bool, arrays, tuples, Option<f64>/Option<f32>, earlier structs and
enums) and enums with float, integer and unit variants; then a function over one to three of
them passed the ways Rust passes data (a reference, a slice, by value, &mut to a copy, &Vec,
&Box, constant scalars beside them), returning f64 or a struct by value, whose body reads
every field (floats through smooth nonlinear terms, integers and bools as coefficients) and
moves the data the ways ordinary code does (to_vec, push, swap, reverse, windows, zip,
copy_from_slice, clone_from_slice, copy_within, sort_by, rotate_left, by-value calls and
struct returns). The same seed writes the same cases (Python's random, version-stable for
integers and choices). A failure is reproduced by the seed and the case name; the case file
is in DIR/cases.

Not in `make check`: every seed is new code, and a wrong tree it finds becomes a case of the
suite (docs/testing.md, "Random cases").
"""
import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

INTS = ["u8", "u16", "u32", "u64", "i32", "i64", "usize", "bool"]
FLOATS = ["f64", "f32"]


class Gen:
    """The types and code of one case, drawn from its own random.Random."""

    def __init__(self, rng):
        self.r = rng
        self.types = []  # (name, kind, body): kind "struct" or "enum"
        self.items = []  # Rust items in order
        self.has_f32 = False

    # ---- field types: ("f64",) ("u8",) ("arr", t, n) ("tup", [t..]) ("opt", f) ("ty", name)
    def field_type(self, depth):
        r = self.r
        pick = r.random()
        if pick < 0.35:
            t = ("f64",) if r.random() < 0.7 else ("f32",)
        elif pick < 0.6:
            t = (r.choice(INTS),)
        elif pick < 0.72 and depth < 2:
            t = ("arr", self.field_type(depth + 1), r.choice([1, 2, 3, 4]))
        elif pick < 0.8 and depth < 2:
            t = ("tup", [self.field_type(depth + 1) for _ in range(r.choice([2, 3]))])
        elif pick < 0.87:
            t = ("opt", r.choice(FLOATS))
        elif self.types and depth < 2:
            t = ("ty", r.choice(self.types)[0])
        else:
            t = ("f64",)
        return t

    def floaty(self, t):
        """Whether a value of t holds a differentiable float."""
        k = t[0]
        if k in FLOATS:
            return True
        if k == "arr":
            return self.floaty(t[1])
        if k == "tup":
            return any(self.floaty(x) for x in t[1])
        if k == "opt":
            return True
        if k == "ty":
            return True  # every generated type holds a float (see new_struct, new_enum)
        return False

    def rust(self, t):
        k = t[0]
        if k == "arr":
            return "[%s; %d]" % (self.rust(t[1]), t[2])
        if k == "tup":
            return "(%s)" % ", ".join(self.rust(x) for x in t[1])
        if k == "opt":
            return "Option<%s>" % t[1]
        if k == "ty":
            return t[1]
        return k

    def mark(self, t):
        if t[0] == "f32" or (t[0] == "opt" and t[1] == "f32"):
            self.has_f32 = True
        for x in ([t[1]] if t[0] == "arr" else t[1] if t[0] == "tup" else []):
            self.mark(x)

    def new_struct(self):
        r = self.r
        name = "S%d" % len(self.types)
        fields = [("f%d" % i, self.field_type(0)) for i in range(r.randint(1, 6))]
        if not any(self.floaty(t) for _, t in fields):
            fields.append(("f%d" % len(fields), ("f64",)))
        for _, t in fields:
            self.mark(t)
        repr_c = r.random() < 0.3
        self.types.append((name, "struct", (fields, repr_c)))
        return name

    def new_enum(self):
        r = self.r
        name = "E%d" % len(self.types)
        variants = []
        for i in range(r.randint(2, 4)):
            shape = r.random()
            if shape < 0.2 and i > 0:
                variants.append(("V%d" % i, []))
            else:
                fs = [self.field_type(1) for _ in range(r.randint(1, 3))]
                variants.append(("V%d" % i, fs))
        if not any(self.floaty(t) for _, fs in variants for t in fs):
            variants[0] = ("V0", [("f64",)])
        for _, fs in variants:
            for t in fs:
                self.mark(t)
        self.types.append((name, "enum", variants))
        return name

    def ty(self, name):
        return next(t for t in self.types if t[0] == name)

    # ---- values
    def value(self, t):
        r = self.r
        k = t[0]
        if k in FLOATS:
            v = r.choice([-1, 1]) * r.uniform(0.2, 1.4)
            return "%.6f%s" % (v, "f32" if k == "f32" else "")
        if k == "bool":
            return r.choice(["true", "false"])
        if k in INTS:
            return "%d%s" % (r.randint(-5 if k[0] == "i" else 0, 9), k)
        if k == "arr":
            return "[%s]" % ", ".join(self.value(t[1]) for _ in range(t[2]))
        if k == "tup":
            return "(%s%s)" % (", ".join(self.value(x) for x in t[1]), "," if len(t[1]) == 1 else "")
        if k == "opt":
            return "None" if r.random() < 0.3 else "Some(%s)" % self.value((t[1],))
        name, kind, body = self.ty(t[1])
        if kind == "struct":
            return "%s { %s }" % (name, ", ".join("%s: %s" % (f, self.value(ft)) for f, ft in body[0]))
        vname, fs = r.choice(body)
        return "%s::%s%s" % (name, vname, "(%s)" % ", ".join(self.value(x) for x in fs) if fs else "")

    # ---- Params::visit, the reduction and the scaling, per field type
    def visit(self, e, t, ind):
        k = t[0]
        if not self.floaty(t):
            return []
        if k in FLOATS or k == "ty":
            return [ind + "Params::visit(%s, f);" % e]
        if k == "opt":
            return [ind + "if let Some(v) = %s { Params::visit(v, f); }" % e]
        if k == "arr":
            return [ind + "for x in (%s).iter_mut() {" % e] + self.visit("x", t[1], ind + "    ") + [ind + "}"]
        out = []
        for i, x in enumerate(t[1]):
            out += self.visit("&mut (%s).%d" % (e, i), x, ind)
        return out

    def reduce(self, e, t, ind):
        """Statements adding the value at place e (of type t) into `acc`."""
        r = self.r
        k = t[0]
        if k == "f64" or k == "f32":
            x = "(%s as f64)" % e if k == "f32" else "(%s)" % e
            if k == "f32" and r.random() < 0.4:
                x = "(((%s) * (%s) * 0.5f32 + %s) as f64)" % (e, e, e)
            g = r.choice(["%s * %s", "%s.sin()", "(0.4 * %s).exp()", "1.3 * %s", "%s.tanh()",
                          "%s * acc.cos()"])
            return [ind + "acc = acc * 0.93 + %s;" % (g.replace("%s", x))]
        if k == "bool":
            return [ind + "if %s { acc *= 1.1; } else { acc += 0.25; }" % e]
        if k in INTS:
            return [ind + "acc *= 1.0 + 0.01 * (%s as f64);" % e]
        if k == "opt":
            return [ind + "if let Some(v) = %s {" % e] + self.reduce("v", (t[1],), ind + "    ") + \
                   [ind + "} else { acc += 0.5; }"]
        if k == "arr":
            return [ind + "for x in (%s).iter() {" % e] + self.reduce("*x", t[1], ind + "    ") + [ind + "}"]
        if k == "tup":
            out = []
            for i, x in enumerate(t[1]):
                out += self.reduce("(%s).%d" % (e, i), x, ind)
            return out
        return [ind + "acc = acc * 0.9 + red_%s(&%s);" % (t[1], e)]

    def scale(self, e, t, ind):
        """Statements multiplying every float of the place e by k (e is a place of type t)."""
        k = t[0]
        if not self.floaty(t):
            return []
        if k == "f64":
            return [ind + "%s *= k;" % e]
        if k == "f32":
            return [ind + "%s *= k as f32;" % e]
        if k == "opt":
            return [ind + "if let Some(v) = &mut %s { *v *= k%s; }" % (e, " as f32" if t[1] == "f32" else "")]
        if k == "arr":
            return [ind + "for x in (%s).iter_mut() {" % e] + self.scale("*x", t[1], ind + "    ") + [ind + "}"]
        if k == "tup":
            out = []
            for i, x in enumerate(t[1]):
                out += self.scale("(%s).%d" % (e, i), x, ind)
            return out
        return [ind + "scale_%s(&mut %s, k);" % (t[1], e)]

    def type_items(self, name):
        _, kind, body = self.ty(name)
        never = "#[inline(never)]\n" if self.r.random() < 0.5 else ""
        out = []
        if kind == "struct":
            fields, repr_c = body
            out.append("#[derive(Clone, Copy, Debug)]%s\npub struct %s {\n%s\n}" % (
                "\n#[repr(C)]" if repr_c else "", name,
                "\n".join("    %s: %s," % (f, self.rust(t)) for f, t in fields)))
            vis = [l for f, t in fields for l in self.visit("&mut self.%s" % f, t, "        ")]
            red = [l for f, t in fields for l in self.reduce("s.%s" % f, t, "    ")]
            sc = [l for f, t in fields for l in self.scale("s.%s" % f, t, "    ")]
        else:
            out.append("#[derive(Clone, Copy, Debug)]\npub enum %s {\n%s\n}" % (name, "\n".join(
                "    %s%s," % (v, "(%s)" % ", ".join(self.rust(t) for t in fs) if fs else "")
                for v, fs in body)))
            vis, red, sc = ["        match self {"], ["    match s {"], ["    match s {"]
            for v, fs in body:
                binds = "(%s)" % ", ".join("p%d" % i for i in range(len(fs))) if fs else ""
                vis.append("            %s::%s%s => {" % (name, v, binds))
                red.append("        %s::%s%s => {" % (name, v, binds))
                sc.append("        %s::%s%s => {" % (name, v, binds))
                for i, t in enumerate(fs):
                    vis += self.visit("p%d" % i, t, "                ")
                    red += self.reduce("*p%d" % i, t, "            ")
                    sc += self.scale("*p%d" % i, t, "            ")
                if not fs:
                    red.append("            acc += 0.75;")
                vis.append("            }")
                red.append("        }")
                sc.append("        }")
            vis.append("        }")
            red.append("    }")
            sc.append("    }")
        out.append("impl Params for %s {\n    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {\n%s\n"
                   "        let _ = f;\n    }\n}" % (name, "\n".join(vis)))
        out.append("%sfn red_%s(s: &%s) -> f64 {\n    let mut acc = 0.1f64;\n%s\n    acc\n}"
                   % (never, name, name, "\n".join(red)))
        out.append("fn scale_%s(s: &mut %s, k: f64) {\n%s\n    let _ = (s, k);\n}"
                   % (name, name, "\n".join(sc)))
        out.append("#[inline(never)]\nfn by_value_%s(s: %s) -> f64 {\n    red_%s(&s) * 0.5 + 0.1\n}"
                   % (name, name, name))
        out.append("#[inline(never)]\nfn returned_%s(s: &%s, k: f64) -> %s {\n    let mut c = *s;\n"
                   "    scale_%s(&mut c, k);\n    c\n}" % (name, name, name, name))
        return out


# How a parameter reaches the differentiated function f, and from the harness through top.
PASS = ["ref", "slice", "value", "mutref", "vecref", "boxref"]


def slice_ops(g, t, a):
    """Statements over the slice a: &[t] (at least two elements) adding into acc."""
    r = g.r
    wsum = ("acc += v.iter().enumerate().map(|(i, e)| red_%s(e) * (1.0 + 0.1 * i as f64))"
            ".sum::<f64>();" % t)
    ops = {
        "iter": ["acc += %s.iter().map(|e| red_%s(e)).sum::<f64>();" % (a, t)],
        "index": ["for i in 0..%s.len() { acc = acc * 0.9 + red_%s(&%s[i]) * (i as f64 + 1.0); }"
                  % (a, t, a)],
        "swap_reverse": ["let mut v = %s.to_vec();" % a, "let n = v.len();", "v.swap(0, n - 1);",
                         "v.reverse();", wsum],
        "push": ["let mut v: Vec<%s> = Vec::new();" % t,
                 "for e in %s.iter() { v.push(*e); v.push(*e); }" % a, wsum],
        "windows": ["for w in %s.windows(2) { acc += red_%s(&w[0]) * red_%s(&w[1]); }" % (a, t, t)],
        "zip": ["acc += %s.iter().zip(%s.iter().skip(1)).map(|(p, q)| red_%s(p) - 0.5 * red_%s(q))"
                ".sum::<f64>();" % (a, a, t, t)],
        "copy_from_slice": ["let mut v = vec![%s[0]; %s.len() + 1];" % (a, a),
                            "v[1..].copy_from_slice(%s);" % a, wsum],
        "clone_from_slice": ["let mut v = vec![%s[1]; %s.len()];" % (a, a),
                             "v.clone_from_slice(%s);" % a, wsum],
        "copy_within": ["let mut v = %s.to_vec();" % a, "v.copy_within(1.., 0);", wsum],
        "sort": ["let mut v = %s.to_vec();" % a,
                 "v.sort_by(|p, q| red_%s(p).partial_cmp(&red_%s(q)).unwrap());" % (t, t), wsum],
        "scale": ["let mut v = %s.to_vec();" % a,
                  "for e in v.iter_mut() { scale_%s(e, 1.1); }" % t, wsum],
        "rotate": ["let mut v = %s.to_vec();" % a, "v.rotate_left(1);", wsum],
        "by_value": ["for e in %s.iter() { acc += by_value_%s(*e); }" % (a, t)],
    }
    names = sorted(ops)
    out = []
    for name in r.sample(names, r.choice([1, 2])):
        out += ["{"] + ["    " + l for l in ops[name]] + ["}"]
    return out


def one_ops(g, t, a, mutable):
    """Statements over a: &t (or &mut t) adding into acc."""
    r = g.r
    ops = {
        "red": ["acc += red_%s(%s);" % (t, a)],
        "copy_scale": ["let mut c = *%s;" % a, "scale_%s(&mut c, 0.9);" % t,
                       "acc += red_%s(&c) * red_%s(%s);" % (t, t, a)],
        "by_value": ["acc += by_value_%s(*%s);" % (t, a)],
        "returned": ["let c = returned_%s(%s, 1.1);" % (t, a), "acc += red_%s(&c);" % t],
    }
    if mutable:
        ops["mutate"] = ["scale_%s(%s, 1.2);" % (t, a), "acc += red_%s(%s);" % (t, a)]
    out = []
    for name in r.sample(sorted(ops), r.choice([1, 2])):
        out += ["{"] + ["    " + l for l in ops[name]] + ["}"]
    return out


def gen_case(seed, index):
    rng = random.Random("%d/%d" % (seed, index))
    g = Gen(rng)
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.3 and g.types:
            g.new_enum()
        else:
            g.new_struct()
    nparams = rng.choice([1, 1, 2, 2, 3])
    params = []  # (name, type, pass)
    for i in range(nparams):
        t = rng.choice(g.types)[0]
        params.append(("a%d" % i, t, rng.choice(PASS)))
    consts = [c for c in ("k", "m") if rng.random() < 0.3]
    ret = g.ty(params[0][1])[0] if rng.random() < 0.25 else None

    items = []
    for name, _, _ in g.types:
        items += g.type_items(name)

    # f: the differentiated function (inline(never): its own signature gets trees)
    sig, body, top_sig, top_args = [], [], [], []
    for a, t, how in params:
        if how == "ref":
            sig.append("%s: &%s" % (a, t))
            body += one_ops(g, t, a, False)
            top_sig.append("%s: *const %s" % (a, t))
            top_args.append("&*%s" % a)
        elif how == "value":
            sig.append("%s: %s" % (a, t))
            body += one_ops(g, t, "&" + a, False)
            top_sig.append("%s: *const %s" % (a, t))
            top_args.append("*%s" % a)
        elif how == "mutref":
            sig.append("%s: &mut %s" % (a, t))
            body += one_ops(g, t, a, True)
            top_sig.append("%s: *const %s" % (a, t))
            top_args.append("&mut { *%s }" % a)
        elif how == "slice":
            sig.append("%s: &[%s]" % (a, t))
            body += slice_ops(g, t, a)
            top_sig += ["%s: *const %s" % (a, t), "%s_n: usize" % a]
            top_args.append("std::slice::from_raw_parts(%s, %s_n)" % (a, a))
        elif how == "vecref":
            sig.append("%s: &Vec<%s>" % (a, t))
            body += ["let %s_s: &[%s] = &%s[..];" % (a, t, a)] + slice_ops(g, t, "%s_s" % a)
            top_sig.append("%s: *const Vec<%s>" % (a, t))
            top_args.append("&*%s" % a)
        else:  # boxref
            sig.append("%s: &Box<%s>" % (a, t))
            body += one_ops(g, t, "&**%s" % a, False)
            top_sig.append("%s: *const Box<%s>" % (a, t))
            top_args.append("&*%s" % a)
    if "k" in consts:
        sig.append("k: f64")
        body.append("acc *= k;")
        top_sig.append("k: f64")
        top_args.append("k")
    if "m" in consts:
        sig.append("m: usize")
        body.append("acc += 0.01 * m as f64;")
        top_sig.append("m: usize")
        top_args.append("m")
    body.append("acc = acc + 0.05 * acc * acc;")
    first_a, first_t, first_how = params[0]
    if ret:
        # a struct returned by value: the first parameter's value scaled by acc
        src = {"ref": first_a, "value": "&" + first_a, "mutref": first_a, "slice": "&%s[0]" % first_a,
               "vecref": "&%s[0]" % first_a, "boxref": "&**%s" % first_a}[first_how]
        body += ["let mut out = *%s;" % src, "scale_%s(&mut out, 1.0 + 0.1 * acc.tanh());" % first_t,
                 "out"]
        rtype, top_body = ret, "red_%s(&f(%s))" % (ret, ", ".join(top_args))
    else:
        body.append("acc")
        rtype, top_body = "f64", "f(%s)" % ", ".join(top_args)
    items.append("#[inline(never)]\nfn f(%s) -> %s {\n    let mut acc = 0.0f64;\n%s\n}" % (
        ", ".join(sig), rtype, "\n".join("    " + l for l in body)))
    items.append("#[inline(never)]\nfn top(%s) -> f64 {\n    unsafe { %s }\n}" % (
        ", ".join(top_sig), top_body))

    # the harness's input: the duplicated parameters, one value or a tuple of two or three
    xs, xtypes, rev, fwd, fcall = [], [], [], [], []
    for i, (a, t, how) in enumerate(params):
        # the closures take references: one value is reached through them, a tuple's fields
        # by auto-deref
        x = "(*x)" if nparams == 1 else "x.%d" % i
        d = "(*d)" if nparams == 1 else "d.%d" % i
        tt = "(*t)" if nparams == 1 else "t.%d" % i
        if how in ("slice", "vecref"):
            n = rng.randint(2, 5)
            xs.append("vec![%s]" % ", ".join(g.value(("ty", t)) for _ in range(n)))
            xtypes.append("Vec<%s>" % t)
        elif how == "boxref":
            xs.append("Box::new(%s)" % g.value(("ty", t)))
            xtypes.append("Box<%s>" % t)
        else:
            xs.append(g.value(("ty", t)))
            xtypes.append(t)
        if how == "slice":
            rev.append("dup(), %s.as_ptr(), %s.as_mut_ptr(), cnst(), %s.len()" % (x, d, x))
            fwd.append("dup(), %s.as_ptr(), %s.as_ptr(), cnst(), %s.len()" % (x, tt, x))
            fcall.append("&%s[..]" % x)
        else:
            rev.append("dup(), &%s as *const %s, &mut %s as *mut %s" % (x, xtypes[-1], d, xtypes[-1]))
            fwd.append("dup(), &%s as *const %s, &%s as *const %s" % (x, xtypes[-1], tt, xtypes[-1]))
            fcall.append({"ref": "&%s", "value": "%s", "mutref": "&mut { %s }", "vecref": "&%s",
                          "boxref": "&%s"}[how] % x)
    kv = "%.3f" % rng.uniform(0.5, 1.5)
    mv = str(rng.randint(0, 9))
    for c, v in (("k", kv), ("m", mv)):
        if c in consts:
            rev.append("cnst(), %s%s" % (v, "f64" if c == "k" else "usize"))
            fwd.append("cnst(), %s%s" % (v, "f64" if c == "k" else "usize"))
            fcall.append(v + ("f64" if c == "k" else "usize"))
    fx = "f(%s)" % ", ".join(fcall)
    if ret:
        fx = "red_%s(&%s)" % (ret, fx)
    xval = xs[0] if nparams == 1 else "(%s)" % ", ".join(xs)
    xty = xtypes[0] if nparams == 1 else "(%s)" % ", ".join(xtypes)
    tol = "TOL_F32" if g.has_f32 else "TOL"
    run = [
        "pub fn run() -> Result<(), String> {",
        "    let x: %s = %s;" % (xty, xval),
        "    reverse(\"reverse\", &x, |x| %s, |x, d| unsafe {" % fx,
        "        __enzyme_autodiff(top as usize, %s);" % ", ".join(rev),
        "    }, %s)?;" % tol,
        "    forward(\"forward\", &x, |x| %s, |x, t| unsafe {" % fx,
        "        __enzyme_fwddiff(top as usize, %s)" % ", ".join(fwd),
        "    }, %s)" % tol,
        "}",
    ]
    desc = ", ".join("%s %s" % (how, t) for _, t, how in params)
    head = ["//! Generated by tests/gradients/random_cases.py, seed %d, case %d: f(%s)%s."
            % (seed, index, desc, " -> " + ret if ret else ""),
            "use crate::harness::*;", ""]
    return "\n".join(head + ["\n\n".join(items), ""] + run) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=12)
    ap.add_argument("--keep", default=os.path.join(ROOT, "build", "tests", "gradients-random"))
    ap.add_argument("--write-only", action="store_true", help="write the cases, build nothing")
    args, rest = ap.parse_known_args()
    cases = os.path.join(args.keep, "cases")
    os.makedirs(cases, exist_ok=True)
    for f in os.listdir(cases):
        if f.endswith(".rs"):
            os.remove(os.path.join(cases, f))
    for i in range(args.cases):
        with open(os.path.join(cases, "rnd_%d_%d.rs" % (args.seed, i)), "w") as f:
            f.write(gen_case(args.seed, i))
    print("seed %d: %d cases in %s" % (args.seed, args.cases, cases), flush=True)
    if args.write_only:
        return 0
    env = dict(os.environ, GRADIENTS_OUT=os.path.join(args.keep, "out"))
    return subprocess.call([sys.executable, os.path.join(HERE, "run.py"), "--case-dir", cases] + rest,
                           env=env)


if __name__ == "__main__":
    sys.exit(main())
