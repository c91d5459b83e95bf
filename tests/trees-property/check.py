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
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rust_types import CAP, FLOAT_KIND, KIND_FLOAT, PTR, Def, Skip, Ty, Universe, needs_layout  # noqa: E402
from byte_model import Heap, Model, cell_desc, parse_tree  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
GEN = os.path.join(ROOT, "tests", "conformance", "gen_types.py")
PRELUDE = os.path.join(ROOT, "schema", "prelude.json")


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

