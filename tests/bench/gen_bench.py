#!/usr/bin/env python3
"""gen_bench.py N SEED: prints a valid rust-types/1 document with N generated types.

The mix is meant to look like a real crate: structs (some repr(C), packed, aligned,
tuple structs, linked through Option<Box<Self>>), C-like and data-carrying enums (some
with an integer repr and explicit discriminants), repr(C) unions, and generic structs and
enums instantiated by later types. Types refer only to earlier ones (or to themselves
behind a pointer), and embed an earlier type by value only while its estimated size
stays small, so sizes stay realistic however large N is. Same N and SEED, same output.
"""
import json
import random
import sys

PRIMS = [("u8", 1), ("u16", 2), ("u32", 4), ("u64", 8), ("usize", 8), ("i32", 4),
         ("i64", 8), ("isize", 8), ("f32", 4), ("f64", 8), ("bool", 1), ("char", 4),
         ("u128", 16), ("i8", 1), ("i16", 2)]
INT_REPRS = ["u8", "u16", "u32", "i32", "i64"]
SMALL = 96  # bytes: an earlier type above this is referred to through a pointer


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.types = {}
        self.sized = []      # (name, estimated size) of non-generic types, for by-value use
        self.generic1 = []   # (name, fields per T) of generics with one required param
        self.unsized = []    # names of generics whose last field is T: ?Sized

    def prim(self):
        return self.rng.choice(PRIMS)

    def earlier(self, small_only):
        """An earlier non-generic type, preferring recent ones as real code does."""
        if not self.sized:
            return None
        for _ in range(4):
            k = len(self.sized) - 1 - int(self.rng.expovariate(1 / 40.0))
            if k < 0:
                k = self.rng.randrange(len(self.sized))
            name, size = self.sized[k]
            if not small_only or size <= SMALL:
                return name, size
        return None

    def field_ty(self, self_name=None):
        """A field type expression and its estimated size in bytes."""
        r = self.rng.random()
        if r < 0.35:
            return self.prim()
        if r < 0.50:
            e = self.earlier(small_only=True)
            if e:
                return e
        if r < 0.62:
            e = self.earlier(small_only=False)
            inner = e[0] if e else self.prim()[0]
            wrap = self.rng.choice(["Box<{}>", "Vec<{}>", "&{}", "&mut [{}]", "*const {}",
                                    "Option<Box<{}>>", "std::rc::Rc<{}>", "Arc<{}>",
                                    "*mut [{}]", "core::ptr::NonNull<{}>"])
            size = 16 if wrap in ("Vec<{}>",) else 8
            if "[" in wrap:
                size = 16
            if wrap == "Vec<{}>":
                size = 24
            return wrap.format(inner), size
        if r < 0.70:
            e = self.earlier(small_only=True) or self.prim()
            return "Option<{}>".format(e[0]), e[1] + 8
        if r < 0.76:
            p, s = self.prim()
            n = self.rng.choice([2, 3, 4, 8, 16, 32])
            return "[{}; {}]".format(p, n), s * n
        if r < 0.80:
            a, b = self.prim(), self.prim()
            return "({}, {})".format(a[0], b[0]), a[1] + b[1] + 8
        if r < 0.88 and self.generic1:
            g, per_t = self.rng.choice(self.generic1)
            arg = self.earlier(small_only=True) if self.rng.random() < 0.4 else None
            arg = arg or self.prim()
            return "{}<{}>".format(g, arg[0]), per_t * arg[1] + 24
        if r < 0.91 and self.unsized:
            return "Box<{}<[f64]>>".format(self.rng.choice(self.unsized)), 16
        if r < 0.94 and self_name:
            return "Option<Box<{}>>".format(self_name), 8
        if r < 0.96:
            return self.rng.choice(["String", "&str", "fn(f64) -> f64", "&dyn core::fmt::Debug",
                                    "Result<u32, String>", "Option<Vec<f64>>"]), 24
        return self.prim()

    def fields(self, n, named, self_name=None):
        out, size = [], 0
        for i in range(n):
            ty, s = self.field_ty(self_name)
            f = {"name": "f{}".format(i), "ty": ty} if named else {"ty": ty}
            if ty.startswith("*mut [") and self.rng.random() < 0.5:
                f["points_to"] = ty[len("*mut "):]
            out.append(f)
            size += s
        return out, size

    def struct(self, i):
        name = "m{}::S{}".format(i % 37, i)
        short = "S{}".format(i)
        d = {"kind": "struct"}
        r = self.rng.random()
        if r < 0.10:
            d["repr"] = ["C"]
        elif r < 0.13:
            d["repr"] = ["packed"]
        elif r < 0.15:
            d["repr"] = ["C", "align(16)"]
        named = self.rng.random() < 0.8
        if d.get("repr") == ["packed"]:  # rustc: packed may not contain align(N) types
            fs = [self.prim() for _ in range(self.rng.randint(1, 8))]
            d["fields"] = [{"name": "f{}".format(k), "ty": t} for k, (t, _) in enumerate(fs)]
            size = sum(s for _, s in fs)
        else:
            d["fields"], size = self.fields(self.rng.randint(1, 8), named, short)
        self.types[name] = d
        self.sized.append((short, size))

    def enum(self, i):
        name = "E{}".format(i)
        d = {"kind": "enum"}
        nv = self.rng.randint(2, 6)
        if self.rng.random() < 0.4:  # C-like
            if self.rng.random() < 0.5:
                d["repr"] = [self.rng.choice(INT_REPRS)]
            v, variants = 0, []
            for k in range(nv):
                var = {"name": "V{}".format(k)}
                if self.rng.random() < 0.3:
                    v += self.rng.randint(1, 20)
                    var["discriminant"] = v
                variants.append(var)
                v += 1
            d["variants"] = variants
            size = 4
        else:
            if self.rng.random() < 0.2:
                d["repr"] = [self.rng.choice(INT_REPRS)]
            variants, size = [], 0
            for k in range(nv):
                var = {"name": "V{}".format(k)}
                if self.rng.random() < 0.75:
                    var["fields"], s = self.fields(self.rng.randint(1, 3),
                                                   self.rng.random() < 0.3, name)
                    size = max(size, s)
                variants.append(var)
            d["variants"] = variants
            size += 8
        self.types[name] = d
        self.sized.append((name, size))

    def union(self, i):
        name = "U{}".format(i)
        fields, size = [], 0
        for k in range(self.rng.randint(2, 4)):
            e = self.earlier(small_only=True) if self.rng.random() < 0.3 else None
            ty, s = e or self.prim()
            fields.append({"name": "u{}".format(k), "ty": ty})
            size = max(size, s)
        self.types[name] = {"kind": "union", "repr": ["C"], "fields": fields}
        self.sized.append((name, size))

    def generic(self, i):
        r = self.rng.random()
        if r < 0.4:
            name = "G{}".format(i)
            n = self.rng.randint(1, 3)
            fields = [{"name": "t{}".format(k), "ty": "T"} for k in range(n)]
            extra, _ = self.fields(self.rng.randint(0, 3), True)
            for k, f in enumerate(extra):
                f["name"] = "x{}".format(k)
            self.types[name + "<T>"] = {"kind": "struct", "fields": fields + extra}
            self.generic1.append((name, n))
        elif r < 0.7:
            name = "GE{}".format(i)
            self.types[name + "<T, U = u32>"] = {"kind": "enum", "variants": [
                {"name": "A", "fields": [{"ty": "T"}]},
                {"name": "B", "fields": [{"ty": "U"}, {"ty": "T"}]},
                {"name": "C"}]}
            self.generic1.append((name, 2))
        else:
            name = "H{}".format(i)
            self.types[name + "<T: ?Sized>"] = {"kind": "struct", "fields": [
                {"name": "len", "ty": "usize"}, {"name": "tag", "ty": "u8"},
                {"name": "data", "ty": "T"}]}
            self.unsized.append(name)

    def doc(self, n):
        for i in range(n):
            r = self.rng.random()
            if r < 0.50:
                self.struct(i)
            elif r < 0.78:
                self.enum(i)
            elif r < 0.85:
                self.union(i)
            else:
                self.generic(i)
        return {"format": "rust-types/1",
                "doc": "generated by tests/bench/gen_bench.py {} {}".format(n, self.seed),
                "types": self.types}


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen_bench.py N SEED")
    n, seed = int(sys.argv[1]), int(sys.argv[2])
    g = Gen(random.Random(seed))
    g.seed = seed
    json.dump(g.doc(n), sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
