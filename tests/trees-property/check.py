#!/usr/bin/env python3
"""Property tests of `typetree tree` over random types.

    check.py [--seeds "1 2 3"] [--count 200] [--doc DOC.json ...] [--typetree PATH]
             [--rustc stable|nightly] [--max-offset 500] [--max-depth 6] [--keep DIR] [-v]
    check.py --self-test

For each type expression E of a document that has a layout (every named type, plus the
lines of DOC.exprs beside the document), the tree of `&E` is requested from typetree
(`typetree tree DOC '&E1' '&E2' ...`, batched) and checked against a byte model of E
built here, independently of typetree's tree code: the type structure comes from the
document and schema/prelude.json (parsed here), the numbers (sizes, field and variant
offsets, strides, direct tags, uninhabitedness) from `typetree layout`, whose numbers the
conformance suite proves equal to rustc's.

Per byte of E the model says which scalar covers it: a float (width, byte inside it), an
integer (integers, bool, char, direct tag bytes), a pointer (byte inside it, possible
pointees), a struct's or tuple's padding (a byte no field covers), nothing (an enum's or
union's own padding, ZST, dyn tail) or a conflict (two inhabited enum variants or two union
fields that cover the byte with different scalars). Checked, per entry
[-1, off, ...]:Kind of the tree of &E:
  (a) off lies inside E (off = -1 only when E is an array/slice/str, elements non-empty);
  (b) the kind matches the scalar at off: Float@X at the first byte of a float of that
      width, Integer on an integer byte, Pointer at the first byte of a pointer;
  (c) no entry on nothing, and on a struct's or tuple's padding Anything only (Anything
      nowhere else); (d) no entry on a byte where variants/fields disagree, and no
      float/pointer entry whose later bytes are disputed;
  (e) entries sorted as Enzyme prints them, unique, string well formed;
  (f) path length <= max depth, every offset <= max offset;
  (g) [-1]:Pointer present; every deeper path's prefix is a Pointer entry.
Deeper levels (below a Pointer entry) are checked against the model of every pointee the
pointer may have (including `points_to`), by the rules of docs/typetree-rules.md: -1 there
only for a heap buffer (`points_to` [T]) whose element is homogeneous for the kind; a
slice or str pointee has only its first element (its length is unknown); a fixed array
its elements; bytes (u8/i8 and size-1 wrappers of them) in runs or behind a pointer
nothing at all.
One test = one type expression. Prints one line per violation, then "N passed, N failed";
exit 1 on any failure. Expressions whose layout (or tree) typetree rejects are skipped with
the reason. Python 3 standard library only.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
GEN = os.path.join(ROOT, "tests", "conformance", "gen_types.py")
PRELUDE = os.path.join(ROOT, "schema", "prelude.json")

PTR = 8
CAP = 520                     # bytes of a type modelled (entries beyond max_offset fail (f))
INT_SIZE = {"u8": 1, "u16": 2, "u32": 4, "u64": 8, "u128": 16, "usize": 8,
            "i8": 1, "i16": 2, "i32": 4, "i64": 8, "i128": 16, "isize": 8}
FLOAT_SIZE = {"f16": 2, "f32": 4, "f64": 8, "f128": 16}
FLOAT_KIND = {2: "Float@half", 4: "Float@float", 8: "Float@double", 16: "Float@fp128"}
KIND_FLOAT = {v: k for k, v in FLOAT_KIND.items()}
KINDS = {"Integer", "Pointer", "Anything"} | set(FLOAT_KIND.values())


class Skip(Exception):
    pass


# ------------------------------------------------------------------ type expressions
TOKEN = re.compile(r"\s*(?:('[A-Za-z_]\w*)|([A-Za-z_]\w*)|(\d+)|(\"[^\"]*\")|(::|->|[&*\[\];(),<>+!=:?]))")


def tokenize(s):
    out, i = [], 0
    s = s.rstrip()
    while i < len(s):
        m = TOKEN.match(s, i)
        if not m or m.end() == i:
            raise Skip("cannot tokenize %r at %d" % (s, i))
        i = m.end()
        lt, ident, num, string, punct = m.groups()
        if lt:
            out.append(("lt", lt))
        elif ident:
            out.append(("id", ident))
        elif num:
            out.append(("num", int(num)))
        elif string:
            out.append(("str", string))
        else:
            out.append(("p", punct))
    return out


class Parser:
    """Rust type expressions -> tuples:
    ('path', name, [args]) ('ref', T) ('ptr', T) ('array', T, n) ('slice', T)
    ('tuple', [T]) ('fn',) ('dyn', name) ('never',)"""

    def __init__(self, s):
        self.s, self.t, self.i = s, tokenize(s), 0

    def peek(self, k=0):
        return self.t[self.i + k] if self.i + k < len(self.t) else ("eof", None)

    def next(self):
        tok = self.peek()
        self.i += 1
        return tok

    def eat(self, kind, val=None):
        tok = self.peek()
        if tok[0] == kind and (val is None or tok[1] == val):
            self.i += 1
            return True
        return False

    def expect(self, kind, val=None):
        if not self.eat(kind, val):
            raise Skip("parse error in %r near token %d %r" % (self.s, self.i, self.peek()))

    def whole(self):
        ty = self.type_()
        if self.peek()[0] != "eof":
            raise Skip("trailing tokens in %r" % self.s)
        return ty

    def path(self):
        tok = self.next()
        if tok[0] != "id":
            raise Skip("expected a path in %r" % self.s)
        name = tok[1]
        while self.peek() == ("p", "::") and self.peek(1)[0] == "id":
            self.i += 1
            name += "::" + self.next()[1]
        args = []
        if self.eat("p", "<"):
            while not self.eat("p", ">"):
                if self.peek()[0] == "lt":
                    self.i += 1
                else:
                    args.append(self.type_())
                self.eat("p", ",")
        return name, args

    def type_(self):
        tok = self.peek()
        if tok == ("p", "&"):
            self.i += 1
            if self.peek()[0] == "lt":
                self.i += 1
            self.eat("id", "mut")
            return ("ref", self.type_())
        if tok == ("p", "*"):
            self.i += 1
            if not (self.eat("id", "const") or self.eat("id", "mut")):
                raise Skip("bad raw pointer in %r" % self.s)
            return ("ptr", self.type_())
        if tok == ("p", "["):
            self.i += 1
            elem = self.type_()
            if self.eat("p", ";"):
                n = self.next()
                if n[0] != "num":
                    raise Skip("bad array length in %r" % self.s)
                self.expect("p", "]")
                return ("array", elem, n[1])
            self.expect("p", "]")
            return ("slice", elem)
        if tok == ("p", "("):
            self.i += 1
            if self.eat("p", ")"):
                return ("tuple", [])
            first = self.type_()
            if self.eat("p", ")"):
                return first                       # parenthesised, e.g. (dyn Tr + Send)
            items = [first]
            while self.eat("p", ","):
                if self.peek() == ("p", ")"):
                    break
                items.append(self.type_())
            self.expect("p", ")")
            return ("tuple", items)
        if tok == ("p", "!"):
            self.i += 1
            return ("never",)
        if tok in (("id", "unsafe"), ("id", "extern"), ("id", "fn")):
            self.eat("id", "unsafe")
            if self.eat("id", "extern"):
                self.eat("str")
            self.expect("id", "fn")
            self.expect("p", "(")
            while not self.eat("p", ")"):
                self.type_()
                self.eat("p", ",")
            if self.eat("p", "->"):
                self.type_()
            return ("fn",)
        if tok == ("id", "dyn"):
            self.i += 1
            name, _ = self.path()
            self.fn_sugar()
            while self.eat("p", "+"):
                if self.peek()[0] == "lt":
                    self.i += 1
                else:
                    self.path()
                    self.fn_sugar()
            return ("dyn", name)
        name, args = self.path()
        return ("path", name, args)

    def fn_sugar(self):
        if self.eat("p", "("):
            while not self.eat("p", ")"):
                self.type_()
                self.eat("p", ",")
            if self.eat("p", "->"):
                self.type_()


def parse_ty(s):
    return Parser(s).whole()


def split_top(s):
    """Splits at commas outside <>, (), []."""
    parts, depth, cur = [], 0, ""
    for i, ch in enumerate(s):
        if ch in "<([":
            depth += 1
        elif ch in ">)]" and not (ch == ">" and i > 0 and s[i - 1] == "-"):
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


PARAM = re.compile(r"^([A-Za-z_]\w*)\s*(:\s*\?\s*Sized)?\s*(?:=\s*(.*))?$", re.S)


def parse_generics(items):
    out = []
    for it in items:
        m = PARAM.match(it.strip())
        if not m:
            raise Skip("bad generic parameter %r" % it)
        out.append((m.group(1), m.group(3).strip() if m.group(3) else None))
    return out


# ------------------------------------------------------------------ definitions, types
class Def:
    def __init__(self, key, body, prelude):
        k = key.strip()
        if "<" in k:
            self.name = k[:k.index("<")].strip()
            gens = parse_generics(split_top(k[k.index("<") + 1:k.rindex(">")]))
        else:
            self.name = k
            gens = parse_generics(body.get("generics", []))
        self.generics = gens
        self.kind = body["kind"]
        self.prelude = prelude
        self.fields = body.get("fields", [])
        self.variants = body.get("variants", [])


class Ty:
    """A resolved, interned type. kind: int bool char float str never tuple array slice
    ref ptr fn dyn adt."""
    __slots__ = ("kind", "canon", "size", "items", "elem", "n", "d", "args", "_fields",
                 "layout", "model_", "unsized_")

    def __init__(self, kind, canon):
        self.kind, self.canon = kind, canon
        self.size = None
        self.items = []
        self.elem = None
        self.n = 0
        self.d = None
        self.args = []
        self._fields = None
        self.layout = None
        self.model_ = None
        self.unsized_ = None

    def __repr__(self):
        return self.canon


class Universe:
    def __init__(self, doc, prelude):
        self.defs = {}
        self.user_last = {}
        self.prelude_last = {}
        for key, body in prelude.get("types", {}).items():
            d = Def(key, body, True)
            self.defs[d.name] = d
            self.prelude_last.setdefault(d.name.split("::")[-1], d)
        for key, body in doc.get("types", {}).items():
            d = Def(key, body, False)
            self.defs[d.name] = d
            self.user_last.setdefault(d.name.split("::")[-1], []).append(d)
        self.interned = {}

    def intern(self, kind, canon, **kw):
        t = self.interned.get(canon)
        if t is None:
            t = Ty(kind, canon)
            for k, v in kw.items():
                setattr(t, k, v)
            self.interned[canon] = t
        return t

    def find_def(self, name):
        if name in self.defs:
            return self.defs[name]
        last = name.split("::")[-1]
        if name.split("::")[0] in ("std", "core", "alloc") and last in self.prelude_last:
            return self.prelude_last[last]
        cands = self.user_last.get(last, [])
        if len(cands) == 1:
            return cands[0]
        if len(cands) > 1:
            raise Skip("ambiguous type name %s" % name)
        if last in self.prelude_last:
            return self.prelude_last[last]
        raise Skip("unknown type name %s" % name)

    def resolve_str(self, s, env=None):
        return self.resolve(parse_ty(s), env or {})

    def resolve(self, a, env):
        k = a[0]
        if k == "path":
            name, args = a[1], a[2]
            if not args and "::" not in name:
                if name in env:
                    return env[name]
                if name in INT_SIZE:
                    return self.intern("int", name, size=INT_SIZE[name])
                if name in FLOAT_SIZE:
                    return self.intern("float", name, size=FLOAT_SIZE[name])
                if name == "bool":
                    return self.intern("bool", name, size=1)
                if name == "char":
                    return self.intern("char", name, size=4)
                if name == "str":
                    return self.intern("str", name)
            d = self.find_def(name)
            targs = [self.resolve(x, env) for x in args]
            if len(targs) > len(d.generics):
                raise Skip("too many generic arguments for %s" % name)
            if len(targs) < len(d.generics):
                env2 = {}
                for (p, _), t in zip(d.generics, targs):
                    env2[p] = t
                for p, dflt in d.generics[len(targs):]:
                    if dflt is None:
                        raise Skip("missing generic argument %s of %s" % (p, name))
                    t = self.resolve_str(dflt, env2)
                    env2[p] = t
                    targs.append(t)
            canon = d.name + ("<%s>" % ", ".join(t.canon for t in targs) if targs else "")
            return self.intern("adt", canon, d=d, args=targs)
        if k == "ref" or k == "ptr":
            e = self.resolve(a[1], env)
            canon = ("&" if k == "ref" else "*const ") + e.canon
            if e.kind == "dyn" and k == "ref":
                canon = "&(%s)" % e.canon
            return self.intern(k, canon, elem=e)
        if k == "array":
            e = self.resolve(a[1], env)
            return self.intern("array", "[%s; %d]" % (e.canon, a[2]), elem=e, n=a[2])
        if k == "slice":
            e = self.resolve(a[1], env)
            return self.intern("slice", "[%s]" % e.canon, elem=e)
        if k == "tuple":
            items = [self.resolve(x, env) for x in a[1]]
            if len(items) == 1:
                canon = "(%s,)" % items[0].canon
            else:
                canon = "(%s)" % ", ".join(t.canon for t in items)
            return self.intern("tuple", canon, items=items)
        if k == "fn":
            return self.intern("fn", "fn()", size=PTR)
        if k == "dyn":
            return self.intern("dyn", "dyn " + a[1])
        if k == "never":
            return self.intern("never", "!", size=0)
        raise Skip("unhandled type %r" % (a,))

    def fields(self, t):
        """adt struct/union: [(name, Ty, points_to Ty|None)];
        adt enum: [(variant name, [(name, Ty, points_to)])]; tuple: items."""
        if t._fields is not None:
            return t._fields
        d = t.d
        env = {p: a for (p, _), a in zip(d.generics, t.args)}

        def flist(fs):
            out = []
            for i, f in enumerate(fs):
                ft = self.resolve_str(f["ty"], env)
                pt = self.resolve_str(f["points_to"], env) if f.get("points_to") else None
                out.append((f.get("name", str(i)), ft, pt))
            return out

        if d.kind == "enum":
            t._fields = [(v["name"], flist(v.get("fields", []))) for v in d.variants]
        else:
            t._fields = flist(d.fields)
        return t._fields

    def unsized(self, t):
        if t.unsized_ is None:
            if t.kind in ("str", "slice", "dyn"):
                t.unsized_ = True
            elif t.kind == "adt" and t.d.kind == "struct":
                fs = self.fields(t)
                t.unsized_ = bool(fs) and self.unsized(fs[-1][1])
            else:
                t.unsized_ = False
        return t.unsized_

    def meta(self, t):
        """Pointer metadata of a pointee: None (thin), 'len', 'vtable'."""
        if t.kind in ("str", "slice"):
            return "len"
        if t.kind == "dyn":
            return "vtable"
        if t.kind == "adt" and t.d.kind == "struct" and self.unsized(t):
            return self.meta(self.fields(t)[-1][1])
        return None

    def by_value(self, t):
        """Types whose layout t's model needs (directly)."""
        if t.kind in ("array", "slice"):
            return [t.elem]
        if t.kind == "tuple":
            return list(t.items)
        if t.kind == "adt":
            if t.d.kind == "enum":
                return [ft for _, fs in self.fields(t) for _, ft, _ in fs]
            return [ft for _, ft, _ in self.fields(t)]
        return []

    def pointees(self, t):
        """Pointee types reachable from t's own pointer fields (one level)."""
        out = []
        if t.kind in ("ref", "ptr"):
            out.append(t.elem)
        elif t.kind == "adt":
            fs = self.fields(t)
            if t.d.kind == "enum":
                fs = [f for _, v in fs for f in v]
            out += [pt for _, _, pt in fs if pt is not None]
        return out


def needs_layout(t):
    return t.kind in ("adt", "tuple", "array", "slice")


# ------------------------------------------------------------------ typetree calls
def run(cmd, timeout=300):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=timeout, errors="replace")
    return p.returncode, p.stdout, p.stderr


EXPR_ERR = re.compile(r"type expression (\d+)\b")


def batch_call(fn, items, chunk=4000):
    """fn(list) -> (ok, result, stderr). Calls in chunks; on failure drops the items
    the messages name ('type expression N') or bisects. Returns (results per item,
    errors per item): results is a dict item -> result piece from fn."""
    results, errors = {}, {}

    def go(lst):
        if not lst:
            return
        ok, res, err = fn(lst)
        if ok:
            results.update(res)
            return
        named = sorted({int(m.group(1)) for m in EXPR_ERR.finditer(err)})
        named = [n for n in named if 1 <= n <= len(lst)]
        if len(lst) == 1:
            errors[lst[0]] = first_line(err)
            return
        if named:
            bad = set()
            for n in named:
                item = lst[n - 1]
                bad.add(item)
                msgs = [l for l in err.splitlines() if ("type expression %d " % n) in l or
                        ("type expression %d:" % n) in l]
                errors[item] = (msgs[0] if msgs else first_line(err)).strip()[:300]
            go([x for x in lst if x not in bad])
            return
        half = len(lst) // 2
        go(lst[:half])
        go(lst[half:])

    for i in range(0, len(items), chunk):
        go(items[i:i + chunk])
    return results, errors


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:300]
    return "(no message)"


# ------------------------------------------------------------------ byte model
# cells: None (padding / nothing), "I", ("F", width, k), ("P", k, frozenset(pointees)), "X",
# "U" (untyped bytes: present, of any type, so they dispute every other alternative)
# pointee descriptors: Ty, or "VTABLE", "NOTHING" (fn pointers, dyn data)

def merge_cell(a, b):
    if a is None:
        return b
    if b is None or a == b:
        return a
    if a == "X" or b == "X" or a == "U" or b == "U":
        return "X"
    if isinstance(a, tuple) and isinstance(b, tuple) and a[0] == "P" and b[0] == "P" \
            and a[1] == b[1]:
        return ("P", a[1], a[2] | b[2])
    return "X"


class Heap:
    """A pointee that is a heap buffer owned by Vec/Box<[T]>/String (`points_to`): the
    allocation holds its elements and nothing else."""
    def __init__(self, t):
        self.t = t

    def __eq__(self, o):
        return isinstance(o, Heap) and o.t is self.t

    def __hash__(self):
        return hash(("heap", id(self.t)))

    def __str__(self):
        return "heap %s" % self.t


class Model:
    def __init__(self, uni, layouts):
        self.u = uni
        self.lay = layouts

    def size(self, t):
        if t.size is not None:
            return t.size
        if t.kind in ("slice", "str", "dyn"):
            return None
        if t.kind in ("ref", "ptr"):
            return 2 * PTR if self.u.meta(t.elem) else PTR
        l = self.lay.get(t.canon)
        if l is None:
            raise Skip("no layout for %s" % t.canon)
        if t.kind in ("slice", "str", "dyn") or (l.get("sized") is False):
            return None
        return l["size"]

    def is_byte(self, t):
        """u8/i8, or a struct/union of size 1 made of them (MaybeUninit<u8>, Cell<u8>)."""
        if t.kind == "int":
            return t.size == 1
        if t.kind != "adt" or t.d.kind == "enum":
            return False
        try:
            if self.size(t) != 1:
                return False
        except Skip:
            return False
        return all(self.size(ft) == 0 or self.is_byte(ft) for _, ft, _ in self.u.fields(t))

    def bytes_run(self, t):
        """Bytes, or arrays/slices of them: untyped memory."""
        while t.kind in ("array", "slice"):
            t = t.elem
        return self.is_byte(t)

    def uninhabited(self, t):
        if t.kind == "never":
            return True
        if needs_layout(t):
            l = self.lay.get(t.canon)
            if l is None:
                raise Skip("no layout for %s" % t.canon)
            return bool(l.get("uninhabited"))
        return False

    def place(self, cells, off, sub, points_to=None):
        for k, c in enumerate(sub):
            if off + k >= len(cells):
                break
            if points_to is not None and isinstance(c, tuple) and c[0] == "P":
                c = ("P", c[1], frozenset([Heap(points_to) if points_to.kind == "slice"
                                           else points_to]))
            cells[off + k] = merge_cell(cells[off + k], c)

    def pad(self, cells, fields):
        """Marks a struct's or tuple's padding: the bytes outside every field's range."""
        used = [False] * len(cells)
        for off, size in fields:
            for k in range(off, min(off + size, len(cells))):
                used[k] = True
        for k, u in enumerate(used):
            if not u:
                cells[k] = "A"

    def model(self, t):
        """List of cells for t's bytes (at most CAP; unsized tails tiled up to CAP)."""
        if t.model_ is not None:
            return t.model_
        k = t.kind
        u = self.u
        if k in ("int", "bool", "char"):
            m = ["I"] * t.size
        elif k == "float":
            m = [("F", t.size, i) for i in range(t.size)]
        elif k in ("ref", "ptr"):
            m = [("P", i, frozenset([t.elem])) for i in range(PTR)]
            meta = u.meta(t.elem)
            if meta == "len":
                m += ["I"] * PTR
            elif meta == "vtable":
                m += [("P", i, frozenset(["VTABLE"])) for i in range(PTR)]
        elif k == "fn":
            m = [("P", i, frozenset(["NOTHING"])) for i in range(PTR)]
        elif k == "never":
            m = []
        elif k == "dyn":
            m = [None] * CAP
        elif k == "str":
            m = ["I"]                       # only the first byte is certain
        elif k in ("array", "slice") and self.is_byte(t.elem):
            m = ["U"] * min(CAP, t.n if k == "array" else 1)
        elif k in ("array", "slice"):
            em = self.model(t.elem)
            es = self.size(t.elem)
            n = t.n if k == "array" else 1  # a slice: only its first element is certain
            l = self.lay.get(t.canon) or {}
            stride = l.get("stride", es)
            total = min(CAP, n * stride)
            m = [None] * total
            if stride:
                for i in range(min(n, CAP // stride + 1)):
                    self.place(m, i * stride, em)
        else:
            l = self.lay.get(t.canon)
            if l is None:
                raise Skip("no layout for %s" % t.canon)
            size = l["size"]
            sized = l.get("sized", True)
            m = [None] * (min(size, CAP) if sized else CAP)
            if k == "tuple":
                offs = [f["offset"] for f in l.get("fields", [])]
                if len(offs) != len(t.items):
                    raise Skip("layout of %s: %d field offsets for %d items"
                               % (t.canon, len(offs), len(t.items)))
                for it, off in zip(t.items, offs):
                    self.place(m, off, self.model(it))
                if sized:
                    self.pad(m, [(off, self.size(it)) for it, off in zip(t.items, offs)])
            elif t.d.kind in ("struct", "union"):
                fs = u.fields(t)
                lf = l.get("fields", [])
                if len(lf) != len(fs):
                    raise Skip("layout of %s: %d field offsets for %d fields"
                               % (t.canon, len(lf), len(fs)))
                for (name, ft, pt), f in zip(fs, lf):
                    if f["name"] != name:
                        raise Skip("layout of %s: field %s is named %s"
                                   % (t.canon, name, f["name"]))
                    self.place(m, f["offset"], self.model(ft), pt)
                if t.d.kind == "struct" and sized:
                    self.pad(m, [(f["offset"], self.size(ft)) for (_, ft, _), f in zip(fs, lf)])
            else:
                vs = u.fields(t)
                lv = l.get("variants", [])
                if len(lv) != len(vs):
                    raise Skip("layout of %s: %d variants for %d" % (t.canon, len(lv), len(vs)))
                for (vname, fs), v in zip(vs, lv):
                    if v["name"] != vname or len(v.get("fields", [])) != len(fs):
                        raise Skip("layout of %s: variant %s mismatch" % (t.canon, vname))
                    if any(self.uninhabited(ft) for _, ft, _ in fs):
                        continue                        # never exists: covers nothing
                    vm = [None] * len(m)
                    for (name, ft, pt), f in zip(fs, v["fields"]):
                        self.place(vm, f["offset"], self.model(ft), pt)
                    self.place(m, 0, vm)
                tag = l.get("tag")
                if tag and tag.get("encoding") == "direct":
                    self.place(m, tag["offset"], ["I"] * tag["size"])
        t.model_ = m
        if needs_layout(t):
            self.abi_check(t, m)
        return m

    def abi_check(self, t, m):
        """The model must agree with the layout's scalar / scalar pair (a cross-check of
        this script's type resolution against typetree's)."""
        l = self.lay.get(t.canon) or {}
        if l.get("uninhabited"):
            return
        if l.get("abi") == "scalar":
            parts = [(0, l["scalar"])]
        elif l.get("abi") == "scalar_pair":
            parts = [(0, l["pair"][0]), (l["pair_b_offset"], l["pair"][1])]
        else:
            return
        for off, sc in parts:
            prim = sc["prim"]
            if off >= len(m):
                continue
            c = m[off]
            if prim == "ptr":
                ok = isinstance(c, tuple) and c[0] == "P" and c[1] == 0
            elif prim in FLOAT_SIZE:
                ok = c == ("F", FLOAT_SIZE[prim], 0)
            else:
                ok = c == "I"
            # a union may mix kinds in one scalar; then the model says X
            if not ok and not (c == "X" or c is None):
                raise Skip("model of %s says %s at %d, layout says %s (checker bug?)"
                           % (t.canon, cell_desc(c), off, prim))


# ------------------------------------------------------------------ tree strings
ENTRY = re.compile(r"\[(-?\d+(?:,-?\d+)*)\]:([A-Za-z@0-9]+)")


def parse_tree(s):
    """-> (entries [(path tuple, kind)], list of format problems)."""
    probs = []
    if not (s.startswith("{") and s.endswith("}")):
        return [], ["not enclosed in {}: %r" % s[:80]]
    body = s[1:-1]
    if body == "":
        return [], []
    entries = []
    parts = body.split(", ")
    for p in parts:
        m = ENTRY.fullmatch(p)
        if not m:
            probs.append("malformed entry %r" % p[:80])
            continue
        path = tuple(int(x) for x in m.group(1).split(","))
        if m.group(2) not in KINDS:
            probs.append("kind %r is not one we may emit" % m.group(2))
            continue
        if any(x < -1 for x in path) or any(str(int(x)) != x for x in m.group(1).split(",")):
            probs.append("bad index in %r" % p)
        entries.append((path, m.group(2)))
    return entries, probs


def cell_desc(c):
    if c is None:
        return "nothing (an enum's or union's padding, ZST, dyn tail)"
    if c == "A":
        return "padding"
    if c == "X":
        return "disputed (variants/fields disagree)"
    if c == "I":
        return "integer byte"
    if c == "U":
        return "untyped byte"
    if c[0] == "F":
        return "byte %d of a %s" % (c[1], FLOAT_KIND[c[1]]) if c[2] else "start of %s" % FLOAT_KIND[c[1]]
    return "byte %d of a pointer" % c[1] if c[1] else "start of a pointer"


class Checker:
    def __init__(self, model, max_offset=500, max_depth=6):
        self.m = model
        self.max_offset, self.max_depth = max_offset, max_depth

    def check_at(self, cells, off, kind, extent):
        """Problems of 'kind' at byte off of cells; extent = bytes that exist.
        Returns (list of (letter, message), pointees or None)."""
        if off >= extent:
            return [("a", "offset %d is outside the pointee (%d bytes)" % (off, extent))], None
        c = cells[off] if off < len(cells) else None
        if c is None:
            return [("c", "entry on nothing (an enum's or union's padding, ZST, dyn tail)")], None
        if c == "A" or kind == "Anything":
            if c == "A" and kind == "Anything":
                return [], None
            return [("c", "%s on %s" % (kind, cell_desc(c)))], None
        if c == "X":
            return [("d", "entry on a byte where variants/fields disagree")], None
        if c == "U":
            return [("c", "entry on untyped bytes")], None
        if kind == "Integer":
            if c != "I":
                return [("b", "Integer on %s" % cell_desc(c))], None
            return [], None
        if kind == "Pointer":
            if not (c[0] == "P" and c[1] == 0):
                return [("b", "Pointer on %s" % cell_desc(c))], None
            pointees = set(c[2])
            for j in range(1, PTR):
                cj = cells[off + j] if off + j < len(cells) else None
                if not (isinstance(cj, tuple) and cj[0] == "P" and cj[1] == j):
                    return [("d", "Pointer at %d but byte %d is %s" % (off, off + j,
                                                                      cell_desc(cj)))], None
                pointees |= cj[2]
            return [], pointees
        w = KIND_FLOAT[kind]
        if not (c[0] == "F" and c[2] == 0 and c[1] == w):
            return [("b", "%s on %s" % (kind, cell_desc(c)))], None
        for j in range(1, w):
            cj = cells[off + j] if off + j < len(cells) else None
            if cj != ("F", w, j):
                return [("d", "%s at %d but byte %d is %s" % (kind, off, off + j,
                                                             cell_desc(cj)))], None
        return [], None

    def elem_homog(self, t, kind):
        """-1 inside pointee t: t must be a heap buffer of a non-empty element whose every
        byte is the kind. -> (problems, pointees)."""
        mm = self.m
        if not isinstance(t, Heap):
            return [("a", "-1 under a pointer to %s, which is not a heap buffer (only the "
                     "first element of a slice is certain, an array lists its elements)"
                     % t.canon)], None
        t = t.t
        if t.kind == "str":
            em, es = ["I"], 1
        elif t.kind in ("array", "slice"):
            if t.kind == "array" and t.n == 0:
                return [("a", "-1 on an empty array %s" % t.canon)], None
            em, es = mm.model(t.elem), mm.size(t.elem)
        elif t.kind == "adt" and t.d.kind == "struct" and mm.u.unsized(t):
            # a struct that is only an unsized tail at offset 0 (ZSTs beside it) has the
            # bytes of that tail: OsStr { inner: Slice { inner: [u8] } }
            fs = mm.u.fields(t)
            l = mm.lay.get(t.canon)
            if (l and l.get("fields") and l["fields"][-1]["offset"] == 0
                    and all(mm.size(f[1]) == 0 for f in fs[:-1])):
                return self.elem_homog(fs[-1][1], kind)
            return [("a", "-1 on %s, which is not an array/slice/str" % t.canon)], None
        else:
            return [("a", "-1 on %s, which is not an array/slice/str" % t.canon)], None
        if not es:
            return [("a", "-1 on %s, whose element is zero-sized" % t.canon)], None
        if es > len(em):
            # the model stops at CAP bytes; an element that large is homogeneous when it
            # is an array of a homogeneous element (recursively)
            e = t.elem
            if e.kind == "array" and e.n > 0:
                return self.elem_homog(Heap(e), kind)
            raise Skip("element of %s is larger than the model (%d bytes)" % (t.canon, CAP))
        em = list(em[:es])
        if kind == "Integer":
            if all(c == "I" for c in em):
                return [], None
            bad = [c for c in em if c != "I"][0]
            return [("b", "-1:Integer but an element of %s has %s" % (t.canon, cell_desc(bad)))], None
        if kind == "Pointer":
            if es % PTR == 0 and all(isinstance(c, tuple) and c[0] == "P" and c[1] == i % PTR
                                     for i, c in enumerate(em)):
                ps = set()
                for c in em:
                    ps |= c[2]
                return [], ps
            return [("b", "-1:Pointer but the element of %s is not all pointers" % t.canon)], None
        w = KIND_FLOAT[kind]
        if es % w == 0 and all(c == ("F", w, i % w) for i, c in enumerate(em)):
            return [], None
        return [("b", "-1:%s but the element of %s is not all %s" % (kind, t.canon, kind))], None

    def check_level(self, t, idx, kind, first):
        """One index inside pointee descriptor t. -> (problems, next pointees)."""
        if isinstance(t, Heap):
            if self.m.bytes_run(t.t):
                return [("b" if first else "g", "entry below a pointer to untyped bytes "
                         "(%s)" % t.t.canon)], None
            if idx == -1:
                return self.elem_homog(t, kind)
            # mixed elements: listed one by one, every element a copy of the first
            e = t.t.elem
            em, es = self.m.model(e), self.m.size(e)
            cells = [None] * CAP
            for i in range(CAP // es + 1 if es else 0):
                self.m.place(cells, i * es, em)
            return self.check_at(cells, idx, kind, CAP)
        if isinstance(t, Ty) and self.m.bytes_run(t):
            return [("b" if first else "g", "entry below a pointer to untyped bytes (%s)"
                     % t.canon)], None
        if not isinstance(t, Ty):
            return [("b" if first else "g", "entry below a pointer that has nothing below "
                     "(%s)" % ("vtable" if t == "VTABLE" else "fn pointer / dyn data"))], None
        if t.kind == "dyn":
            return [("g", "entry inside dyn data (%s)" % t.canon)], None
        if idx == -1:
            return self.elem_homog(t, kind)
        cells = self.m.model(t)
        size = self.m.size(t)
        extent = len(cells) if size is None else min(size, len(cells))
        if size is not None and size > len(cells):
            extent = size
        return self.check_at(cells, idx, kind, extent)

    def check(self, E, tree_str):
        """-> list of (letter, path, message)."""
        out = []
        entries, probs = parse_tree(tree_str)
        for p in probs:
            out.append(("e", None, p))
        paths = [p for p, _ in entries]
        if paths != sorted(paths):
            for a, b in zip(paths, paths[1:]):
                if a >= b:
                    out.append(("e", b, "not sorted/unique: %s after %s" % (fmt(b), fmt(a))))
                    break
        if len(set(paths)) != len(paths):
            out.append(("e", None, "duplicate paths"))
        kinds = {}
        for p, k in entries:
            kinds.setdefault(p, k)
        self.last_entries = entries
        if kinds.get((-1,)) != "Pointer":
            out.append(("g", (-1,), "no [-1]:Pointer for a reference"))
        # pointee sets per path prefix, computed level by level
        ptees = {(-1,): {E}}
        for p, k in sorted(entries, key=lambda e: (len(e[0]), e[0])):
            if len(p) > self.max_depth:
                out.append(("f", p, "path longer than max depth %d" % self.max_depth))
            if any(x > self.max_offset for x in p):
                out.append(("f", p, "offset beyond max offset %d" % self.max_offset))
            if p[0] != -1:
                out.append(("g", p, "first index of a reference's tree is not -1"))
                continue
            if len(p) == 1:
                continue
            for i in range(2, len(p)):
                if kinds.get(p[:i]) != "Pointer":
                    out.append(("g", p, "prefix %s is not a Pointer entry" % fmt(p[:i])))
                    break
            else:
                ts = ptees.get(p[:-1])
                if ts is None:
                    continue                   # prefix invalid: already reported
                first = len(p) == 2
                nxt = set()
                bad = False
                for t in sorted(ts, key=str):
                    try:
                        probs, ps = self.check_level(t, p[-1], k, first)
                    except Skip as e:
                        probs, ps = [("s", "cannot model %s: %s" % (t, e))], None
                    for letter, msg in probs:
                        where = "" if first else " (pointee %s)" % (t.canon if isinstance(t, Ty) else t)
                        out.append((letter if first else letter + "'", p, msg + where))
                        bad = True
                    if ps:
                        nxt |= ps
                if k == "Pointer" and not bad:
                    ptees[p] = nxt
        return out


def fmt(p):
    return "[%s]" % ",".join(str(x) for x in p)


def synth_tree(model, E, max_offset):
    """--dry-run: a first-level tree straight from the model (exercises the pipeline
    before `typetree tree` exists)."""
    cells = model.model(E)
    ents = ["[-1]:Pointer"]
    for off, c in enumerate(cells[:max_offset + 1]):
        if c == "I":
            ents.append("[-1,%d]:Integer" % off)
        elif isinstance(c, tuple) and c[0] == "F" and c[2] == 0 and \
                all(off + j < len(cells) and cells[off + j] == ("F", c[1], j) for j in range(c[1])):
            ents.append("[-1,%d]:%s" % (off, FLOAT_KIND[c[1]]))
        elif isinstance(c, tuple) and c[0] == "P" and c[1] == 0 and \
                all(off + j < len(cells) and isinstance(cells[off + j], tuple) and
                    cells[off + j][0] == "P" and cells[off + j][1] == j for j in range(PTR)):
            ents.append("[-1,%d]:Pointer" % off)
    return "{" + ", ".join(ents) + "}"


# ------------------------------------------------------------------ one document
def load_exprs(path):
    out = []
    if path and os.path.isfile(path):
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    out.append(line)
    return out


def check_document(doc_path, exprs_files, a):
    """Returns (passed, failed, skipped, lines)."""
    lines = []
    with open(doc_path) as f:
        doc = json.load(f)
    with open(PRELUDE) as f:
        prelude = json.load(f)
    u = Universe(doc, prelude)
    exprs = []
    for key, body in doc.get("types", {}).items():
        d = Def(key, body, False)
        if not d.generics:
            exprs.append(d.name)
    for ef in exprs_files:
        exprs += load_exprs(ef)
    given = []
    if getattr(a, "given", None):
        with open(a.given) as f:
            given = json.load(f)            # [[label, E, tree of a pointer to E], ...]
        exprs = [e for _, e, _ in given]
    seen = set()
    exprs = [e for e in exprs if not (e in seen or seen.add(e))]

    skipped = {}
    top = {}
    for e in exprs:
        try:
            top[e] = u.resolve_str(e)
        except Skip as err:
            skipped[e] = "cannot resolve here: %s" % err
    # closure of types whose layouts the models need (by value), and pointees to a depth
    need = {}
    frontier = list(top.values())
    depth = 0
    while frontier and depth <= a.max_depth:
        nxt = []
        stack = list(frontier)
        while stack:
            t = stack.pop()
            if t.canon in need:
                continue
            need[t.canon] = t
            try:
                stack += u.by_value(t)
                nxt += u.pointees(t)
            except Skip:
                pass
        frontier = [t for t in nxt if t.canon not in need]
        depth += 1
    query = [c for c, t in need.items() if needs_layout(t)]
    rflag = ["-r", a.rustc] if a.rustc else []

    def lay_fn(lst):
        rc, out, err = run([a.typetree, "layout"] + rflag + [doc_path] + lst)
        if rc != 0:
            return False, None, err
        return True, json.loads(out), err

    layouts, lerr = batch_call(lay_fn, query)
    for e, t in list(top.items()):
        if t.canon in lerr:
            skipped[e] = "no layout: " + lerr[t.canon]
            del top[e]
    model = Model(u, layouts)
    # trees of &E
    todo = list(top)

    def tree_fn(lst):
        args = ["&" + (("(%s)" % e) if e.startswith("dyn ") else e) for e in lst]
        cmd = [a.typetree, "tree"] + rflag
        if a.max_offset != 500:
            cmd += ["--max-offset", str(a.max_offset)]
        if a.max_depth != 6:
            cmd += ["--max-depth", str(a.max_depth)]
        rc, out, err = run(cmd + [doc_path] + args)
        if rc != 0:
            return False, None, err
        got = out.splitlines()
        if len(got) != len(lst):
            return False, None, "typetree tree printed %d lines for %d types" % (len(got), len(lst))
        return True, dict(zip(lst, got)), err

    if given:
        # trees written by someone else (annotate's in-body trees): each checked as &E's
        checker = Checker(model, a.max_offset, a.max_depth)
        passed = failed = 0
        for label, e, tree in given:
            if e not in top:
                lines.append("SKIP %s: %s: %s" % (label, e, skipped.get(e, "not modelled")))
                continue
            try:
                viol = checker.check(top[e], tree)
            except Skip as err:
                lines.append("SKIP %s: %s: cannot model: %s" % (label, e, err))
                continue
            if viol:
                failed += 1
                for letter, p, msg in viol:
                    lines.append("FAIL %s: %s: (%s) %s%s\n     tree: %s" % (
                        label, e, letter, fmt(p) + ": " if p else "", msg, tree[:600]))
            else:
                passed += 1
                if a.verbose:
                    lines.append("ok   %s: %s: %s" % (label, e, tree[:200]))
        return passed, failed, 0, lines
    if a.dry_run:
        trees, terr = {}, {}
        for e in todo:
            try:
                trees[e] = synth_tree(model, top[e], a.max_offset)
            except Skip as err:
                skipped[e] = "cannot model: %s" % err
        todo = [e for e in todo if e in trees]
    else:
        trees, terr = batch_call(tree_fn, todo, chunk=a.batch)
    passed = failed = 0
    cov_have = cov_all = 0
    missing = []
    checker = Checker(model, a.max_offset, a.max_depth)
    for e in todo:
        if e in terr:
            failed += 1
            lines.append("FAIL %s: &%s: typetree tree failed although the layout exists: %s"
                         % (os.path.basename(doc_path), e, terr[e]))
            continue
        try:
            viol = checker.check(top[e], trees[e])
        except Skip as err:
            skipped[e] = "cannot model: %s" % err
            continue
        try:
            want = {p: k for p, k in (parse_tree(synth_tree(model, top[e], a.max_offset))[0])
                    if len(p) == 2}
            if model.uninhabited(top[e]):
                want = {}                       # no value exists: nothing to describe
        except Skip:
            want = {}
        got = {p: k for p, k in checker.last_entries if len(p) == 2}
        if (-1, -1) in got:
            have = len(want)
        else:
            have = sum(1 for p in want if p in got)
        cov_have += have
        cov_all += len(want)
        if have < len(want) and a.coverage:
            lines.append("COVERAGE &%s: %d of %d describable first-level entries; missing %s" % (
                e, have, len(want), ", ".join("%s:%s" % (fmt(p), k) for p, k in sorted(want.items())
                                               if p not in got)[:300]))
        if viol:
            failed += 1
            for letter, p, msg in viol:
                lines.append("FAIL %s: &%s: (%s) %s%s\n     tree: %s" % (
                    os.path.basename(doc_path), e, letter, fmt(p) + ": " if p else "", msg,
                    trees[e] if len(trees[e]) < 600 else trees[e][:600] + "..."))
        else:
            passed += 1
            if a.verbose:
                lines.append("ok   &%s: %s" % (e, trees[e][:200]))
    for e, why in skipped.items():
        lines.append("SKIP %s: %s: %s" % (os.path.basename(doc_path), e, why))
    lines.insert(0, "coverage: %d of %d describable first-level entries emitted (%.1f%%)" % (
        cov_have, cov_all, 100.0 * cov_have / cov_all if cov_all else 100.0))
    return passed, failed, len(skipped), lines


# ------------------------------------------------------------------ self test
SELF_DOC = {
    "format": "rust-types/1",
    "types": {
        "P": {"kind": "struct", "repr": ["C"],
              "fields": [{"name": "a", "ty": "u8"}, {"name": "b", "ty": "f64"},
                         {"name": "c", "ty": "&f32"}]},
        "E": {"kind": "enum", "variants": [
            {"name": "A", "fields": [{"ty": "f64"}]},
            {"name": "B", "fields": [{"ty": "u64"}]},
            {"name": "C", "fields": [{"ty": "f32"}, {"ty": "f32"}]}]},
        "Ov": {"kind": "enum", "repr": ["C"], "variants": [
            {"name": "A", "fields": [{"ty": "f64"}]},
            {"name": "B", "fields": [{"ty": "[u8; 8]"}]}]},
        "Un": {"kind": "union", "fields": [{"name": "a", "ty": "f32"}, {"name": "b", "ty": "u32"},
                                            {"name": "c", "ty": "(f32, u16)"}]},
        "V": {"kind": "enum", "variants": [
            {"name": "A", "fields": [{"ty": "u8"}, {"ty": "!"}]},
            {"name": "B", "fields": [{"ty": "f32"}]}]},
        "Raw": {"kind": "struct", "fields": [
            {"name": "p", "ty": "*mut f64", "points_to": "[f64]"}, {"name": "n", "ty": "usize"}]},
        "Dst": {"kind": "struct", "fields": [{"name": "a", "ty": "u16"}, {"name": "t", "ty": "[f32]"}]},
        "Pk": {"kind": "struct", "repr": ["packed"],
               "fields": [{"name": "x", "ty": "u8"}, {"name": "y", "ty": "f32"}]},
        "Lap": {"kind": "enum", "variants": [{"name": "A", "fields": [{"ty": "Pk"}]},
                                             {"name": "B", "fields": [{"ty": "u32"}]}]},
    },
}
# (type, tree, expected violation letters (set), note)
SELF_CASES = [
    ("P", "{[-1]:Pointer, [-1,0]:Integer, [-1,8]:Float@double, [-1,16]:Pointer, "
          "[-1,16,0]:Float@float}", set(), "repr(C) struct"),
    ("P", "{[-1]:Pointer, [-1,1]:Integer}", {"c"}, "padding byte"),
    ("P", "{[-1]:Pointer, [-1,1]:Anything, [-1,7]:Anything}", set(), "Anything on padding"),
    ("P", "{[-1]:Pointer, [-1,0]:Anything}", {"c"}, "Anything on an integer"),
    ("Ov", "{[-1]:Pointer, [-1,5]:Anything}", {"c"}, "Anything on an enum's own padding"),
    ("P", "{[-1]:Pointer, [-1,8]:Float@float}", {"b"}, "wrong float width"),
    ("P", "{[-1]:Pointer, [-1,12]:Float@double}", {"b"}, "middle of a float"),
    ("P", "{[-1]:Pointer, [-1,8]:Integer}", {"b"}, "integer on a float"),
    ("P", "{[-1]:Pointer, [-1,17]:Pointer}", {"b"}, "middle of a pointer"),
    ("P", "{[-1]:Pointer, [-1,24]:Integer}", {"a"}, "outside"),
    ("P", "{[-1]:Pointer, [-1,-1]:Integer}", {"a"}, "-1 on a struct"),
    ("P", "{[-1]:Pointer, [-1,16,0]:Float@float}", {"g"}, "no prefix Pointer"),
    ("P", "{[-1]:Pointer, [-1,16]:Pointer, [-1,16,0]:Float@double}", {"b'"}, "deeper kind"),
    ("P", "{[-1]:Pointer, [-1,16]:Pointer, [-1,16,4]:Float@float}", {"a'"}, "deeper outside"),
    ("P", "{[-1]:Pointer, [-1,8]:Float@double, [-1,0]:Integer}", {"e"}, "unsorted"),
    ("P", "{[-1]:Pointer, [-1,0]:Integer, [-1,0]:Integer}", {"e"}, "duplicate"),
    ("P", "{[-1]:Pointer,[-1,0]:Integer}", {"e", "g"}, "separator"),
    ("P", "{[-1]:Pointer, [-1,0]:Float}", {"e"}, "bare Float"),
    ("P", "{[-1]:Pointer, [-1,0]:Unknown}", {"e"}, "Unknown"),
    ("P", "{[-1,0]:Integer}", {"g"}, "no [-1]:Pointer"),
    ("E", "{[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,2]:Integer, [-1,3]:Integer}",
     set(), "enum tag bytes"),
    ("E", "{[-1]:Pointer, [-1,8]:Float@double}", {"d"}, "variants disagree"),
    ("E", "{[-1]:Pointer, [-1,4]:Float@float}", set(), "only C covers 4..8"),
    ("E", "{[-1]:Pointer, [-1,8]:Float@float}", {"d"}, "C f32 vs A f64 at 8"),
    ("Ov", "{[-1]:Pointer, [-1,0]:Integer, [-1,4]:Integer}", {"c"}, "tag padding"),
    ("Ov", "{[-1]:Pointer, [-1,8]:Float@double}", {"d"}, "array of u8 vs f64"),
    ("Ov", "{[-1]:Pointer, [-1,9]:Integer}", {"d"}, "bytes of [u8; 8] are untyped"),
    ("[u8; 4]", "{[-1]:Pointer, [-1,0]:Integer}", {"b"}, "a byte array behind a pointer"),
    ("P", "{[-1]:Pointer, [-1,0]:Integer, [-1,8]:Float@double}", set(), "a lone u8 is an integer"),
    ("&u8", "{[-1]:Pointer, [-1,0]:Pointer, [-1,0,0]:Integer}", {"g'"}, "below a pointer to bytes"),
    ("Vec<u8>", "{[-1]:Pointer, [-1,8]:Pointer, [-1,8,-1]:Integer}", {"g'"}, "a byte buffer is untyped"),
    ("Un", "{[-1]:Pointer, [-1,0]:Float@float}", {"d"}, "union disagreement"),
    ("Un", "{[-1]:Pointer, [-1,4]:Integer, [-1,5]:Integer}", set(), "union: only c covers 4..6"),
    ("Un", "{[-1]:Pointer, [-1,6]:Integer}", {"c"}, "union tail padding"),
    ("V", "{[-1]:Pointer, [-1,0]:Integer, [-1,4]:Float@float}", set(), "uninhabited variant ignored"),
    ("Raw", "{[-1]:Pointer, [-1,0]:Pointer, [-1,0,-1]:Float@double, [-1,8]:Integer}", set(),
     "points_to"),
    ("Raw", "{[-1]:Pointer, [-1,0]:Pointer, [-1,0,-1]:Integer}", {"b'"}, "points_to kind"),
    ("[f64; 5]", "{[-1]:Pointer, [-1,-1]:Float@double}", {"a"}, "no -1 under a pointer to an array"),
    ("[f64; 5]", "{[-1]:Pointer, [-1,0]:Float@double, [-1,32]:Float@double}", set(), "array elements"),
    ("[f64; 5]", "{[-1]:Pointer, [-1,40]:Float@double}", {"a"}, "past the array"),
    ("Vec<f64>", "{[-1]:Pointer, [-1,8]:Pointer, [-1,8,-1]:Float@double}", set(), "heap buffer -1"),
    ("Vec<(f32, u8)>", "{[-1]:Pointer, [-1,8]:Pointer, [-1,8,-1]:Float@float}", {"b'"},
     "heap buffer -1 not homogeneous"),
    ("Vec<(f32, u8)>", "{[-1]:Pointer, [-1,8]:Pointer, [-1,8,0]:Float@float, [-1,8,8]:Float@float}",
     set(), "heap buffer element by element"),
    ("[(f32, u8); 2]", "{[-1]:Pointer, [-1,0]:Float@float, [-1,4]:Integer, [-1,8]:Float@float, "
                       "[-1,12]:Integer}", set(), "array element by element"),
    ("&[f32]", "{[-1]:Pointer, [-1,0]:Pointer, [-1,0,0]:Float@float, [-1,8]:Integer, "
               "[-1,9]:Integer}", set(), "wide pointer in memory"),
    ("&[f32]", "{[-1]:Pointer, [-1,0]:Pointer, [-1,0,-1]:Float@float}", {"a'"}, "no -1 under a slice pointer"),
    ("&[f32]", "{[-1]:Pointer, [-1,0]:Pointer, [-1,0,4]:Float@float}", {"a'"}, "past a slice's first element"),
    ("&str", "{[-1]:Pointer, [-1,0]:Pointer, [-1,0,0]:Integer}", set(), "str: the first byte"),
    ("&str", "{[-1]:Pointer, [-1,0]:Pointer, [-1,0,1]:Integer}", {"a'"}, "str: past the first byte"),
    ("&[f32]", "{[-1]:Pointer, [-1,8]:Pointer}", {"b"}, "length is not a pointer"),
    ("&dyn Tr", "{[-1]:Pointer, [-1,0]:Pointer, [-1,8]:Pointer}", set(), "dyn"),
    ("&dyn Tr", "{[-1]:Pointer, [-1,8]:Pointer, [-1,8,0]:Integer}", {"g'"}, "below a vtable"),
    ("Dst", "{[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,4]:Float@float}", set(),
     "unsized tail: its first element"),
    ("Dst", "{[-1]:Pointer, [-1,8]:Float@float}", {"c"}, "unsized tail: past its first element"),
    ("[f32; 200]", "{[-1]:Pointer, [-1,504]:Float@float}", {"f"}, "max offset"),
    ("Option<&f64>", "{[-1]:Pointer, [-1,0]:Pointer, [-1,0,0]:Float@double}", set(), "niche"),
    ("Option<f64>", "{[-1]:Pointer, [-1,0]:Integer, [-1,7]:Integer, [-1,8]:Float@double}", set(),
     "Option<f64>"),
    ("Lap", "{[-1]:Pointer, [-1,0]:Integer, [-1,1]:Integer, [-1,6]:Integer, [-1,7]:Integer}",
     set(), "A's f32 at 2..6, B's u32 at 4..8: only bytes nobody disputes"),
    ("Lap", "{[-1]:Pointer, [-1,2]:Float@float}", {"d"}, "float start undisputed, tail disputed"),
    ("[u64; 0]", "{[-1]:Pointer, [-1,-1]:Integer}", {"a"}, "-1 on an empty array"),
    ("[(); 3]", "{[-1]:Pointer, [-1,-1]:Integer}", {"a"}, "-1 on a ZST element"),
    ("Vec<[[f32; 1000]; 1000]>", "{[-1]:Pointer, [-1,8]:Pointer, [-1,8,-1]:Float@float}", set(),
     "element beyond the model"),
    ("Raw", "{[-1]:Pointer, [-1,0]:Integer, [-1,8,-1]:Float@double}", {"b", "g"},
     "child of a pointer entry that is absent"),
    ("Option<Box<Option<Box<Option<Box<Option<Box<Option<Box<Option<Box<f64>>>>>>>>>>>>",
     "{[-1]:Pointer, [-1,0]:Pointer, [-1,0,0]:Pointer, [-1,0,0,0]:Pointer, [-1,0,0,0,0]:Pointer, "
     "[-1,0,0,0,0,0]:Pointer, [-1,0,0,0,0,0,0]:Pointer}", {"f"}, "depth"),
]


def self_test():
    with open(PRELUDE) as f:
        prelude = json.load(f)
    fd, path = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(SELF_DOC, f)
    try:
        u = Universe(SELF_DOC, prelude)
        tys = {e: u.resolve_str(e) for e, _, _, _ in SELF_CASES}
        need, stack = {}, list(tys.values())
        while stack:
            t = stack.pop()
            if t.canon in need:
                continue
            need[t.canon] = t
            stack += u.by_value(t) + u.pointees(t)
        query = [c for c, t in need.items() if needs_layout(t)]
        rc, out, err = run([ARGS.typetree, "layout", path] + query)
        if rc != 0:
            print("self-test: typetree layout failed: %s" % first_line(err))
            return 1
        checker = Checker(Model(u, json.loads(out)))
        bad = 0
        for e, tree, want, note in SELF_CASES:
            got = {l for l, _, _ in checker.check(tys[e], tree)}
            if got != want:
                bad += 1
                print("self-test FAIL: %s %s (%s): expected %s, got %s: %s" % (
                    e, tree, note, sorted(want) or "no violation", sorted(got) or "none",
                    checker.check(tys[e], tree)))
        print("%d passed, %d failed" % (len(SELF_CASES) - bad, bad))
        return 1 if bad else 0
    finally:
        os.unlink(path)


# ------------------------------------------------------------------ main
def main():
    global ARGS
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="1 2 3 4 5 6 7 8")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--doc", action="append", default=[],
                    help="extra document (its sibling .exprs is used too)")
    ap.add_argument("--fixtures", action="store_true",
                    help="also fixtures/layout-rules.json and fixtures/example.json")
    ap.add_argument("--typetree", default=os.path.join(ROOT, "build", "typetree"))
    ap.add_argument("--rustc", choices=["stable", "nightly"], default=None)
    ap.add_argument("--max-offset", type=int, default=500)
    ap.add_argument("--max-depth", type=int, default=6)
    ap.add_argument("--batch", type=int, default=2000)
    ap.add_argument("--keep", help="keep generated documents in this directory")
    ap.add_argument("--self-test", action="store_true",
                    help="check the checker on hand-written trees (needs typetree layout only)")
    ap.add_argument("--coverage", action="store_true",
                    help="list types whose tree leaves describable first-level bytes out")
    ap.add_argument("--dry-run", action="store_true",
                    help="check trees synthesised from the model instead of typetree's")
    ap.add_argument("--given", help="check these trees instead of typetree tree's: a JSON list "
                    "of [label, E, tree of a pointer to E], E a type of the one --doc")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    ARGS = a
    if not (os.path.isfile(a.typetree) and os.access(a.typetree, os.X_OK)):
        print("typetree binary not found: %s" % a.typetree)
        print("0 passed, 1 failed")
        return 1
    if a.self_test:
        return self_test()
    t0 = time.time()
    work = a.keep or tempfile.mkdtemp(prefix="trees-property.")
    os.makedirs(work, exist_ok=True)
    jobs = []
    for s in a.seeds.split():
        doc = os.path.join(work, "seed%s.json" % s)
        rc, _, err = run([sys.executable, GEN, "--seed", s, "--count", str(a.count), "-o", doc])
        if rc != 0:
            print("FAIL seed %s: gen_types.py failed: %s" % (s, first_line(err)))
            jobs.append(None)
            continue
        jobs.append(("seed %s (gen_types.py --seed %s --count %d)" % (s, s, a.count), doc,
                     [doc[:-5] + ".exprs"]))
    if a.fixtures:
        for fx in ("layout-rules", "example"):
            doc = os.path.join(ROOT, "fixtures", fx + ".json")
            if os.path.isfile(doc):
                jobs.append(("fixtures/%s.json" % fx, doc,
                             [os.path.join(ROOT, "tests", "conformance", "fixtures", fx + ".exprs")]))
    for d in a.doc:
        jobs.append((d, d, [d[:-5] + ".exprs" if d.endswith(".json") else d + ".exprs"]))
    passed = failed = 0
    failed += sum(1 for j in jobs if j is None)
    jobs = [j for j in jobs if j is not None]
    with ThreadPoolExecutor(max_workers=min(8, os.cpu_count() or 2)) as ex:
        futs = [(j, ex.submit(check_document, j[1], j[2], a)) for j in jobs]
        for (label, _, _), fut in futs:
            try:
                p, f, sk, lines = fut.result()
            except Exception as err:                  # a bug here: count, keep going
                import traceback
                print("== %s\nFAIL: checker crashed: %s" % (label, err))
                traceback.print_exc(file=sys.stdout)
                failed += 1
                continue
            print("== %s: %d passed, %d failed, %d skipped" % (label, p, f, sk))
            for line in lines:
                print(line)
            passed += p
            failed += f
    if not a.keep:
        for fn in os.listdir(work):
            os.unlink(os.path.join(work, fn))
        os.rmdir(work)
    print("(%.1f s)" % (time.time() - t0))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


ARGS = None
if __name__ == "__main__":
    sys.exit(main())
