"""rust_types.py: the type side of check.py's property test (its docstring says what is
checked). Parses type expressions and the document's definitions (with
schema/prelude.json's) into Ty values, independently of typetree's own parser; the
numbers of a layout come from `typetree layout` (byte_model.py asks)."""
import re

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

