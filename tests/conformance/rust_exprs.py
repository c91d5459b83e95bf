"""rust_exprs.py: probe.py's parser of Rust type expressions ("Option<S3>", "(E1, u8)",
"&dyn Tr", "[T2; 3]") into the tuples the probe renders, and split_top. Python 3 standard
library only."""
import re


class ProbeError(Exception):
    pass


_TOKEN = re.compile(r"""\s*(?:
    (?P<life>'[A-Za-z_][A-Za-z0-9_]*) |
    (?P<ident>[A-Za-z_][A-Za-z0-9_]*) |
    (?P<num>0[xX][0-9a-fA-F_]+|[0-9][0-9_]*) |
    (?P<str>"[^"]*") |
    (?P<punct>::|->|[<>()\[\];,&*!+=:?])
    )""", re.X)


def tokenize(text):
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise ProbeError("cannot read type expression %r at %r" % (text, text[pos:]))
        pos = m.end()
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
    return out


class _Parser:
    """Type expressions as nested tuples:
    ('never',) ('tuple', [t]) ('array', t, n) ('slice', t) ('ref', mut, t) ('ptr', mut, t)
    ('fn', header, [t], ret|None) ('dyn', [bound]) ('path', [segment], [arg]) ('lifetime', s)
    ('const', n)."""

    def __init__(self, text):
        self.text = text
        self.toks = tokenize(text)
        self.i = 0

    def peek(self, k=0):
        j = self.i + k
        return self.toks[j][1] if j < len(self.toks) else None

    def kind(self):
        return self.toks[self.i][0] if self.i < len(self.toks) else None

    def take(self, want=None):
        if self.i >= len(self.toks):
            raise ProbeError("unexpected end of %r" % self.text)
        tok = self.toks[self.i][1]
        if want is not None and tok != want:
            raise ProbeError("expected %r, got %r in %r" % (want, tok, self.text))
        self.i += 1
        return tok

    def done(self):
        if self.i != len(self.toks):
            raise ProbeError("trailing %r in %r" % (self.peek(), self.text))

    def ty(self):
        t = self.peek()
        if t == "!":
            self.take()
            return ("never",)
        if t == "(":
            self.take()
            elems, trailing_comma = [], False
            while self.peek() != ")":
                elems.append(self.ty())
                trailing_comma = False
                if self.peek() == ",":
                    self.take()
                    trailing_comma = True
                elif self.peek() != ")":
                    raise ProbeError("expected ',' or ')' in %r" % self.text)
            self.take(")")
            if len(elems) == 1 and not trailing_comma:
                return elems[0]          # parenthesised type
            return ("tuple", elems)
        if t == "[":
            self.take()
            elem = self.ty()
            if self.peek() == ";":
                self.take()
                n = self.take()
                try:
                    n = int(n.replace("_", ""), 0)
                except ValueError:
                    raise ProbeError("array length %r is not a number in %r" % (n, self.text))
                self.take("]")
                return ("array", elem, n)
            self.take("]")
            return ("slice", elem)
        if t == "&":
            self.take()
            if self.kind() == "life":
                self.take()
            mut = self.peek() == "mut"
            if mut:
                self.take()
            return ("ref", mut, self.ty())
        if t == "*":
            self.take()
            q = self.take()
            if q not in ("const", "mut"):
                raise ProbeError("expected const or mut after * in %r" % self.text)
            return ("ptr", q == "mut", self.ty())
        if t in ("fn", "unsafe", "extern", "for"):
            return self.fnptr()
        if t == "dyn":
            self.take()
            bounds = [self.bound()]
            while self.peek() == "+":
                self.take()
                bounds.append(self.bound())
            return ("dyn", bounds)
        if t == "_":
            raise ProbeError("'_' is not a type in %r" % self.text)
        return self.path()

    def bound(self):
        if self.kind() == "life":
            return ("lifetime", self.take())
        if self.peek() == "?":
            self.take()
            return ("maybe", self.path())
        return self.path()

    def fnptr(self):
        header = []
        if self.peek() == "for":              # for<'a> fn(&'a u8)
            self.take()
            self.take("<")
            while self.take() != ">":
                pass
        if self.peek() == "unsafe":
            header.append(self.take())
        if self.peek() == "extern":
            header.append(self.take())
            if self.kind() == "str":
                header.append(self.take())
        self.take("fn")
        self.take("(")
        args = []
        while self.peek() != ")":
            if self.kind() == "ident" and self.peek(1) == ":" and self.peek(2) != ":":
                self.take()
                self.take(":")
            args.append(self.ty())
            if self.peek() == ",":
                self.take()
        self.take(")")
        ret = None
        if self.peek() == "->":
            self.take()
            ret = self.ty()
        return ("fn", " ".join(header), args, ret)

    def path(self):
        if self.peek() == "::":
            self.take()
        if self.kind() != "ident":
            raise ProbeError("expected a type in %r, got %r" % (self.text, self.peek()))
        segs = [self.take()]
        args = []
        while True:
            if self.peek() == "::" and self.peek(1) == "<":
                self.take()
            if self.peek() == "<":
                self.take()
                while self.peek() != ">":
                    args.append(self.generic_arg())
                    if self.peek() == ",":
                        self.take()
                    elif self.peek() != ">":
                        raise ProbeError("expected ',' or '>' in %r" % self.text)
                self.take(">")
                break
            if self.peek() == "::" and self.kind() is not None:
                self.take()
                segs.append(self.take())
                continue
            break
        return ("path", segs, args)

    def generic_arg(self):
        if self.kind() == "life":
            return ("lifetime", self.take())
        if self.kind() == "num":
            return ("const", int(self.take().replace("_", ""), 0))
        return self.ty()


def parse_type(text):
    p = _Parser(text)
    t = p.ty()
    p.done()
    return t


def split_top(text, sep=","):
    """Split at top-level separators (outside <>, (), [])."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        if ch == sep and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return [s.strip() for s in out]

