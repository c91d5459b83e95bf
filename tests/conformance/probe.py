#!/usr/bin/env python3
"""Turn a rust-types/1 document plus type expressions into a Rust program that prints what
rustc itself says about them: size_of, align_of, offset_of! of every field and, on nightly,
of every enum variant field. compare.py holds our layout engine against these numbers.

    probe.py DOC.json [EXPR...] [--exprs FILE] [--stable] [-o PROBE.rs]   write the program
    probe.py DOC.json [EXPR...] [--exprs FILE] [--stable] --run           compile, run, print JSON

Tested: every sized, non-generic named type of DOC (by its name) and every extra expression.
Program output, one line per number:  IDX<TAB>size|align|stride|count<TAB>N,
IDX<TAB>field<TAB>NAME<TAB>N, IDX<TAB>variant<TAB>VARIANT<TAB>FIELD<TAB>N.
--stable drops enum variant offsets and every type that needs f16/f128 (compiled with plain
`rustc`); `!` becomes std::convert::Infallible there (same layout, stable).
Python 3 standard library only.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rust_exprs import ProbeError, parse_type, split_top  # noqa: E402,F401 (users call probe.parse_type)

PRIMITIVES = {"bool", "char", "str", "i8", "i16", "i32", "i64", "i128", "isize",
              "u8", "u16", "u32", "u64", "u128", "usize", "f16", "f32", "f64", "f128"}
FLOAT_16_128 = {"f16", "f128"}
# std prelude of the format -> real path; used for short names and for std::/core::/alloc:: paths
STD_TYPES = {
    "Box": "::std::boxed::Box", "Vec": "::std::vec::Vec", "String": "::std::string::String",
    "Option": "::std::option::Option", "Result": "::std::result::Result",
    "Rc": "::std::rc::Rc", "Arc": "::std::sync::Arc", "NonNull": "::std::ptr::NonNull",
    "NonZero": "::std::num::NonZero", "PhantomData": "::std::marker::PhantomData",
    "ManuallyDrop": "::std::mem::ManuallyDrop", "MaybeUninit": "::std::mem::MaybeUninit",
    "Cell": "::std::cell::Cell", "UnsafeCell": "::std::cell::UnsafeCell",
    "RefCell": "::std::cell::RefCell",
}
STD_ENUM_VARIANTS = {"Option": [("None", []), ("Some", ["0"])],
                     "Result": [("Ok", ["0"]), ("Err", ["0"])]}
STD_TRAITS = {"Send": "::std::marker::Send", "Sync": "::std::marker::Sync",
              "Unpin": "::std::marker::Unpin", "Any": "::std::any::Any",
              "Debug": "::std::fmt::Debug", "Display": "::std::fmt::Display",
              "Fn": "Fn", "FnMut": "FnMut", "FnOnce": "FnOnce"}
RUST_KEYWORDS = set("""as break const continue crate else enum extern false fn for if impl in let
loop match mod move mut pub ref return self Self static struct super trait true type unsafe use
where while async await dyn abstract become box do final macro override priv typeof unsized
virtual yield try gen union""".split())


# ---------------------------------------------------------------- the document

class Param:
    def __init__(self, name, unsized=False, default=None):
        self.name, self.unsized, self.default = name, unsized, default


class Def:
    """One entry of "types", parsed."""

    def __init__(self, key, body):
        if not isinstance(body, dict) or body.get("kind") not in ("struct", "enum", "union"):
            raise ProbeError("%s: missing or bad \"kind\"" % key)
        self.key = key
        self.name = key.split("<", 1)[0].strip()
        self.kind = body["kind"]
        self.repr = list(body.get("repr", []))
        self.body = body
        plist = []
        if "<" in key:
            inner = key[key.index("<") + 1:key.rindex(">")]
            plist = split_top(inner)
        if not plist:
            plist = list(body.get("generics", []))
        self.params = []
        for g in plist:
            if g.startswith("'"):
                continue                       # lifetimes are all 'static in the probe
            default = None
            if "=" in g:
                g, d = g.split("=", 1)
                default = parse_type(d.strip())
            bounds = ""
            if ":" in g:
                g, bounds = g.split(":", 1)
            self.params.append(Param(g.strip(), "?Sized" in bounds.replace(" ", ""), default))
        self.generic = bool(self.params)

        def fields_of(lst, where):
            out = []
            for i, f in enumerate(lst):
                if not isinstance(f, dict) or "ty" not in f:
                    raise ProbeError("%s: %s: field %d has no \"ty\"" % (key, where, i))
                out.append((str(f["name"]) if "name" in f else str(i), parse_type(f["ty"]),
                            "name" in f))
            return out

        self.fields, self.variants = [], []
        if self.kind == "enum":
            for v in body.get("variants", []):
                self.variants.append((v["name"], fields_of(v.get("fields", []), v["name"]),
                                      v.get("discriminant")))
        else:
            self.fields = fields_of(body.get("fields", []), "fields")

    def all_field_types(self):
        if self.kind == "enum":
            return [t for _, fs, _ in self.variants for _, t, _ in fs]
        return [t for _, t, _ in self.fields]


def walk(t):
    """Yield t and every type inside it."""
    yield t
    k = t[0]
    if k == "tuple":
        for e in t[1]:
            yield from walk(e)
    elif k in ("array", "slice"):
        yield from walk(t[1])
    elif k in ("ref", "ptr"):
        yield from walk(t[2])
    elif k == "fn":
        for a in t[2]:
            yield from walk(a)
        if t[3] is not None:
            yield from walk(t[3])
    elif k == "dyn":
        for b in t[1]:
            if b[0] == "path":
                for a in b[2]:
                    yield from walk(a)
    elif k == "path":
        for a in t[2]:
            if a[0] not in ("lifetime", "const"):
                yield from walk(a)


def path_name(t):
    return "::".join(t[1])


def substitute(t, env):
    k = t[0]
    if k == "path":
        if len(t[1]) == 1 and not t[2] and t[1][0] in env:
            return env[t[1][0]]
        return ("path", t[1], [a if a[0] in ("lifetime", "const") else substitute(a, env)
                               for a in t[2]])
    if k == "tuple":
        return ("tuple", [substitute(e, env) for e in t[1]])
    if k == "array":
        return ("array", substitute(t[1], env), t[2])
    if k == "slice":
        return ("slice", substitute(t[1], env))
    if k in ("ref", "ptr"):
        return (k, t[1], substitute(t[2], env))
    if k == "fn":
        return ("fn", t[1], [substitute(a, env) for a in t[2]],
                None if t[3] is None else substitute(t[3], env))
    return t


class Doc:
    def __init__(self, doc):
        if not isinstance(doc, dict) or doc.get("format") != "rust-types/1":
            raise ProbeError("not a rust-types/1 document")
        self.defs = [Def(k, v) for k, v in doc.get("types", {}).items()]
        self.by_name = {d.name: d for d in self.defs}
        self.mangled = {}
        used = set()
        for d in self.defs:
            m = "__".join(d.name.split("::"))
            if m in RUST_KEYWORDS or m in used:
                m = "Ty_" + m
            while m in used:
                m += "_"
            used.add(m)
            self.mangled[d.name] = m

    def user_refs(self, t, params=()):
        """Names of user types used inside t (not counting generic parameters)."""
        out = set()
        for s in walk(t):
            if s[0] == "path":
                n = path_name(s)
                if n in self.by_name and not (len(s[1]) == 1 and n in params):
                    out.add(n)
            elif s[0] == "dyn":
                pass
        return out

    def uses_f16_128(self, t, params=()):
        return any(s[0] == "path" and len(s[1]) == 1 and s[1][0] in FLOAT_16_128
                   and s[1][0] not in params and s[1][0] not in self.by_name for s in walk(t))

    def instantiate(self, d, args):
        """Field types of d with args substituted (defaults filled in)."""
        env = {}
        targs = [a for a in args if a[0] != "lifetime"]
        for i, p in enumerate(d.params):
            if i < len(targs):
                env[p.name] = targs[i]
            elif p.default is not None:
                env[p.name] = substitute(p.default, env)
            else:
                raise ProbeError("%s needs %d generic arguments" % (d.name, len(d.params)))
        return env

    def is_sized(self, t, seen=None):
        seen = seen or set()
        k = t[0]
        if k in ("slice", "dyn"):
            return False
        if k == "tuple":
            return not t[1] or self.is_sized(t[1][-1], seen)
        if k != "path":
            return True
        n = path_name(t)
        if n == "str" and n not in self.by_name:
            return False
        d = self.by_name.get(n)
        if d is None or d.kind != "struct" or not d.fields:
            return True
        key = repr(t)
        if key in seen:
            return True
        seen.add(key)
        env = self.instantiate(d, t[2])
        return self.is_sized(substitute(d.fields[-1][1], env), seen)


# ---------------------------------------------------------------- rendering Rust

class Renderer:
    def __init__(self, doc, stable):
        self.doc, self.stable = doc, stable
        self.traits = {}        # trait path -> (rust ident, number of generic args)

    def ident(self, name):
        return "r#" + name if name in RUST_KEYWORDS else name

    def ty(self, t, params=()):
        k = t[0]
        r = lambda x: self.ty(x, params)
        if k == "never":
            return "::std::convert::Infallible" if self.stable else "!"
        if k == "tuple":
            if len(t[1]) == 1:
                return "(%s,)" % r(t[1][0])
            return "(%s)" % ", ".join(r(e) for e in t[1])
        if k == "array":
            return "[%s; %d]" % (r(t[1]), t[2])
        if k == "slice":
            return "[%s]" % r(t[1])
        if k == "ref":
            return "&'static %s%s" % ("mut " if t[1] else "", r(t[2]))
        if k == "ptr":
            return "*%s %s" % ("mut" if t[1] else "const", r(t[2]))
        if k == "fn":
            s = (t[1] + " " if t[1] else "") + "fn(%s)" % ", ".join(r(a) for a in t[2])
            if t[3] is not None:
                s += " -> " + r(t[3])
            return s
        if k == "dyn":
            bounds = [self.trait(b, params) for b in t[1]]
            if len(bounds) == 1:
                return "dyn " + bounds[0]
            return "(dyn %s)" % " + ".join(bounds)
        if k == "path":
            return self.path(t, params)
        raise ProbeError("cannot render %r" % (t,))

    def args(self, args, params):
        out = []
        for a in args:
            if a[0] == "lifetime":
                continue
            out.append(str(a[1]) if a[0] == "const" else self.ty(a, params))
        return "<%s>" % ", ".join(out) if out else ""

    def path(self, t, params):
        segs, args = t[1], t[2]
        name = "::".join(segs)
        if len(segs) == 1 and name in params:
            return name
        if name in self.doc.by_name:
            return self.doc.mangled[name] + self.args(args, params)
        if len(segs) == 1 and name in PRIMITIVES:
            return name
        last = segs[-1]
        if last in STD_TYPES and (len(segs) == 1 or segs[0] in ("std", "core", "alloc")):
            return STD_TYPES[last] + self.args(args, params)
        if len(segs) == 1 and re.match(r"NonZero(U|I)(8|16|32|64|128|size)$", name):
            return "::std::num::" + name
        if segs[0] in ("std", "core", "alloc") and len(segs) > 1:
            return "::std::" + "::".join(segs[1:]) + self.args(args, params)
        raise ProbeError("unknown type name %r" % name)

    def trait(self, b, params):
        if b[0] == "lifetime":
            return "'static"
        if b[0] == "maybe":
            return "?" + self.trait(b[1], params)
        name = path_name(b)
        if len(b[1]) == 1 and name in STD_TRAITS:
            return STD_TRAITS[name] + self.args(b[2], params)
        if b[1][0] in ("std", "core", "alloc") and b[1][-1] in STD_TRAITS:
            return STD_TRAITS[b[1][-1]] + self.args(b[2], params)
        nargs = len([a for a in b[2] if a[0] != "lifetime"])
        if name not in self.traits:
            self.traits[name] = ("Trait_" + "__".join(b[1]), nargs)
        return self.traits[name][0] + self.args(b[2], params)

    def trait_decls(self):
        out = []
        for ident, nargs in self.traits.values():
            ps = ", ".join("P%d: ?Sized" % i for i in range(nargs))
            out.append("trait %s%s {}" % (ident, "<%s>" % ps if ps else ""))
        return out

    def definition(self, d):
        params = [p.name for p in d.params]
        gens = []
        for p in d.params:
            s = p.name + (": ?Sized + 'static" if p.unsized else ": 'static")
            if p.default is not None:
                s += " = " + self.ty(p.default, params)
            gens.append(s)
        head = self.doc.mangled[d.name] + ("<%s>" % ", ".join(gens) if gens else "")
        attrs = []
        reprs = [r for r in d.repr]
        if reprs:
            attrs.append("#[repr(%s)]" % ", ".join(reprs))
        ranged = None                       # (field index, pattern)
        if "valid_range_start" in d.body or "valid_range_end" in d.body:
            ranged = valid_range_field(d)

        def field_ty(i, t):
            if ranged is not None and ranged[0] == i:
                return "::std::pat::pattern_type!(%s is %s)" % (self.ty(t, params), ranged[1])
            return self.ty(t, params)

        def field_list(fs, union=False):
            named = any(n for _, _, n in fs)
            if not fs:
                return "{}", False
            if named or union:
                return "{ %s }" % ", ".join(
                    "%s: %s" % (self.field_ident(nm, named_flag, union), field_ty(i, t))
                    for i, (nm, t, named_flag) in enumerate(fs)), True
            return "(%s)" % ", ".join(field_ty(i, t) for i, (_, t, _) in enumerate(fs)), False

        lines = attrs[:]
        if d.kind == "struct":
            body, braces = field_list(d.fields)
            lines.append("struct %s %s%s" % (head, body, "" if braces or body == "{}" else ";"))
        elif d.kind == "union":
            body, _ = field_list(d.fields, union=True)
            lines.append("union %s %s" % (head, body))
        else:
            vs = []
            for vname, fs, disc in d.variants:
                s = self.ident(vname)
                if fs:
                    s += " " + field_list(fs)[0]
                if disc is not None:
                    s += " = %d" % int(str(disc), 0)
                vs.append(s)
            lines.append("enum %s { %s }" % (head, ", ".join(vs)))
        return "\n".join(lines)

    def field_ident(self, name, named, union=False):
        if named:
            return self.ident(name)
        return "_%s" % name if union else name


INT_TYPES = {"u8": (8, False), "u16": (16, False), "u32": (32, False), "u64": (64, False),
             "u128": (128, False), "usize": (64, False), "i8": (8, True), "i16": (16, True),
             "i32": (32, True), "i64": (64, True), "i128": (128, True), "isize": (64, True)}


def valid_range_field(d):
    """rustc's old #[rustc_layout_scalar_valid_range_*] is gone from nightly; a pattern type
    on the first field gives the same scalar range. Returns (field index, "S..=E") or None
    when that cannot be written (not an integer field, or a wrapping range)."""
    if d.kind != "struct" or not d.fields:
        return None
    t = d.fields[0][1]
    if t[0] != "path" or len(t[1]) != 1 or t[1][0] not in INT_TYPES or t[2]:
        return None
    bits, signed = INT_TYPES[t[1][0]]
    mask = (1 << bits) - 1
    start = int(str(d.body.get("valid_range_start", 0)), 0) & mask
    end = int(str(d.body.get("valid_range_end", mask)), 0) & mask
    if signed:
        sx = lambda v: v - (1 << bits) if v >> (bits - 1) else v
        start, end = sx(start), sx(end)
    if start > end:
        return None
    return 0, "%d..=%d" % (start, end)


# ---------------------------------------------------------------- the probe plan

class Test:
    def __init__(self, expr, t):
        self.expr, self.t = expr, t
        self.fields = []          # (name, rust offset_of path)
        self.variants = []        # (variant, field, rust path)
        self.array = None         # (count, element type)


class Plan:
    def __init__(self):
        self.source = ""
        self.tests = []
        self.skipped = []         # (expr, reason)


def build(doc_json, exprs, stable=False):
    """Plan the probe: which expressions get tested, and the Rust source that measures them."""
    doc = Doc(doc_json)
    rnd = Renderer(doc, stable)
    plan = Plan()

    # which named types can appear in the program at all
    bad = {}
    for d in doc.defs:
        params = [p.name for p in d.params]
        if "no_niche" in d.repr:
            bad[d.name] = "repr(no_niche) cannot be written in Rust"
        elif "valid_range_start" in d.body or "valid_range_end" in d.body:
            if stable:
                bad[d.name] = "valid_range needs nightly pattern types"
            elif valid_range_field(d) is None:
                bad[d.name] = "valid_range: needs an integer first field and no wrap-around"
        elif stable and any(doc.uses_f16_128(t, params) for t in d.all_field_types() +
                            [p.default for p in d.params if p.default is not None]):
            bad[d.name] = "uses f16/f128 (nightly only)"
    changed = True
    while changed:
        changed = False
        for d in doc.defs:
            if d.name in bad:
                continue
            params = [p.name for p in d.params]
            refs = set()
            for t in d.all_field_types() + [p.default for p in d.params if p.default]:
                refs |= doc.user_refs(t, params)
            hit = [r for r in refs if r in bad]
            if hit:
                bad[d.name] = "uses %s (%s)" % (hit[0], bad[hit[0]])
                changed = True

    defs_src = []
    for d in doc.defs:
        if d.name not in bad:
            defs_src.append(rnd.definition(d))

    candidates = [(d.name, ("path", d.name.split("::"), [])) for d in doc.defs
                  if not d.generic]
    for e in exprs:
        try:
            candidates.append((e, parse_type(e)))
        except ProbeError as err:
            plan.skipped.append((e, str(err)))

    for expr, t in candidates:
        refs = doc.user_refs(t)
        hit = [r for r in refs if r in bad]
        if hit:
            plan.skipped.append((expr, "%s: %s" % (hit[0], bad[hit[0]])))
            continue
        if stable and doc.uses_f16_128(t):
            plan.skipped.append((expr, "uses f16/f128 (nightly only)"))
            continue
        try:
            if not doc.is_sized(t):
                plan.skipped.append((expr, "unsized: size_of cannot measure it"))
                continue
            rnd.ty(t)
        except ProbeError as err:
            plan.skipped.append((expr, str(err)))
            continue
        test = Test(expr, t)
        describe_fields(doc, rnd, test, stable)
        plan.tests.append(test)

    # aliases must not collide with the document's own names
    prefix = "Probe_t"
    while any(m.startswith(prefix) for m in doc.mangled.values()):
        prefix += "_"
    labels, values, aliases = [], [], []
    for i, test in enumerate(plan.tests):
        alias = "%s%d" % (prefix, i)
        aliases.append("type %s = %s;" % (alias, rnd.ty(test.t)))
        labels += ["%d\tsize" % i, "%d\talign" % i]
        values += ["size_of::<%s>()" % alias, "align_of::<%s>()" % alias]
        for name, path in test.fields:
            labels.append("%d\tfield\t%s" % (i, name))
            values.append("offset_of!(%s, %s)" % (alias, path))
        for vname, fname, path in test.variants:
            labels.append("%d\tvariant\t%s\t%s" % (i, vname, fname))
            values.append("offset_of!(%s, %s)" % (alias, path))
        if test.array is not None:
            labels += ["%d\tcount" % i, "%d\tstride" % i]
            values += ["%d" % test.array[0], "size_of::<%s>()" % rnd.ty(test.array[1])]

    src = ["// generated by tests/conformance/probe.py; do not edit", "#![allow(warnings)]"]
    if not stable:
        src.append("#![feature(offset_of_enum, never_type, f16, f128, pattern_types, "
                   "pattern_type_macro)]")
    src.append("use std::mem::{align_of, offset_of, size_of};")
    src += rnd.trait_decls()
    src += defs_src
    src += aliases
    src.append("static LABELS: [&str; %d] = [\n%s];" % (
        len(labels), "".join("    %s,\n" % json.dumps(l) for l in labels)))
    src.append("static VALUES: [usize; %d] = [\n%s];" % (
        len(values), "".join("    %s,\n" % v for v in values)))
    src.append('fn main() {\n    for i in 0..LABELS.len() {\n'
               '        println!("{}\\t{}", LABELS[i], VALUES[i]);\n    }\n}')
    plan.source = "\n".join(src) + "\n"
    return plan


def describe_fields(doc, rnd, test, stable):
    t = test.t
    if t[0] == "tuple":
        test.fields = [(str(i), str(i)) for i in range(len(t[1]))]
    elif t[0] == "array":
        test.array = (t[2], t[1])
    elif t[0] == "path":
        name = path_name(t)
        d = doc.by_name.get(name)
        if d is not None:
            if d.kind == "enum":
                if not stable:
                    for vname, fs, _ in d.variants:
                        for fname, _, named in fs:
                            test.variants.append((vname, fname, "%s.%s" % (
                                rnd.ident(vname), rnd.field_ident(fname, named))))
            else:
                for fname, _, named in d.fields:
                    test.fields.append((fname, rnd.field_ident(fname, named,
                                                               d.kind == "union")))
        elif t[1][-1] in STD_ENUM_VARIANTS and not stable and (
                len(t[1]) == 1 or t[1][0] in ("std", "core", "alloc")):
            for vname, fs in STD_ENUM_VARIANTS[t[1][-1]]:
                for fname in fs:
                    test.variants.append((vname, fname, "%s.%s" % (vname, fname)))


# ---------------------------------------------------------------- compile and run

def rustc_command(stable):
    rustc = os.environ.get("RUSTC", "rustc")
    return [rustc] + ([] if stable else ["+nightly"]) + ["-O", "--edition", "2021"]


def run(plan, stable=False, workdir=None, timeout=600):
    """Compile and run the probe; returns one dict per test in plan.tests:
    {"size", "align", "fields": {name: off}, "variants": {v: {f: off}}, "count", "stride"}."""
    own = workdir is None
    tmp = tempfile.mkdtemp(prefix="probe-") if own else workdir
    try:
        src = os.path.join(tmp, "probe.rs")
        exe = os.path.join(tmp, "probe")
        with open(src, "w") as f:
            f.write(plan.source)
        cmd = rustc_command(stable) + [src, "-o", exe]
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               universal_newlines=True, timeout=timeout, cwd=tmp)
        except (OSError, subprocess.TimeoutExpired) as err:
            raise ProbeError("rustc failed to run: %s" % err)
        if p.returncode != 0:
            raise ProbeError("rustc rejected the probe (%s):\n%s" % (src, p.stderr[-6000:]))
        p = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=timeout)
        if p.returncode != 0:
            raise ProbeError("probe program failed: %s" % p.stderr[-2000:])
        return parse_output(p.stdout, len(plan.tests))
    finally:
        if own:
            for n in ("probe.rs", "probe"):
                try:
                    os.unlink(os.path.join(tmp, n))
                except OSError:
                    pass
            try:
                os.rmdir(tmp)
            except OSError:
                pass


def parse_output(text, n):
    res = [{"fields": {}, "variants": {}} for _ in range(n)]
    for line in text.splitlines():
        parts = line.split("\t")
        r = res[int(parts[0])]
        what, value = parts[1], int(parts[-1])
        if what == "field":
            r["fields"][parts[2]] = value
        elif what == "variant":
            r["variants"].setdefault(parts[2], {})[parts[3]] = value
        else:
            r[what] = value
    return res


def read_exprs(path):
    """One type expression per line; blank lines and lines starting with # are ignored."""
    with open(path) as f:
        return [l.strip() for l in f if l.strip() and not l.lstrip().startswith("#")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("doc")
    ap.add_argument("exprs", nargs="*", help="extra type expressions to measure")
    ap.add_argument("--exprs", dest="exprs_file", help="file with one type expression a line")
    ap.add_argument("--stable", action="store_true", help="stable rustc: no variant offsets, "
                    "no f16/f128")
    ap.add_argument("-o", "--output", help="write the Rust program here (default: stdout)")
    ap.add_argument("--run", action="store_true", help="compile, run, print the results as JSON")
    a = ap.parse_args()
    try:
        with open(a.doc) as f:
            doc = json.load(f)
        exprs = (read_exprs(a.exprs_file) if a.exprs_file else []) + a.exprs
        plan = build(doc, exprs, a.stable)
        for e, why in plan.skipped:
            print("probe: skipped %s: %s" % (e, why), file=sys.stderr)
        if a.run:
            res = run(plan, a.stable)
            json.dump({t.expr: r for t, r in zip(plan.tests, res)}, sys.stdout, indent=1)
            print()
        elif a.output:
            with open(a.output, "w") as f:
                f.write(plan.source)
        else:
            sys.stdout.write(plan.source)
    except (OSError, ValueError, ProbeError) as err:
        print("probe: %s" % err, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

