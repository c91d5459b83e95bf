"""byte_model.py: the byte side of check.py's property test: per byte of a type, which
scalar covers it (a float, an integer, a pointer and its pointees, padding, nothing, a
byte in dispute), built from rust_types.py's Ty and `typetree layout`'s numbers; and the
parser of tree strings the model is checked against."""
import re

from rust_types import CAP, FLOAT_KIND, FLOAT_SIZE, KINDS, PTR, Skip, Ty, needs_layout


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

