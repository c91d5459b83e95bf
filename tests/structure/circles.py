#!/usr/bin/env python3
"""tests/structure/circles.py: the library's files call each other one way, but for real
recursion. Reads the defined and undefined symbols of every object of the library (nm over
BUILD/{layout,emit,export,api,tools}), makes the graph file -> file it calls, and compares its
strongly connected components (circles of two or more files) with RECURSION below: a circle
not listed fails (a helper living in the wrong file: move it to a leaf file), and so does a
listed one that is gone (take it off the list). usage: circles.py [BUILD] (default build)."""
import collections
import glob
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
from checks import Checks  # noqa: E402

# The circles that are recursion of the algorithm itself, each with its reason.
RECURSION = {
    ("layout/enum_layout", "layout/layout", "layout/simd_layout"):
        "layout_of of an enum's payload or a SIMD vector's element, which may hold enums",
    ("layout/typetree", "layout/typetree_fields"):
        "tb_descend into a field, whose type may have fields",
    ("emit/body/ir_body", "emit/body/ir_body_loops", "emit/body/ir_body_md",
     "emit/body/ir_body_notes", "emit/body/ir_body_rewrite"):
        "the body pass runs over the copy loops it writes (ir_body_loops.c feeds them back)",
    ("export/export_defs", "export/export_types"):
        "a type's definition has members whose types have definitions",
}


def symbols(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        p = line.split()
        if len(p) == 3 and p[1] in "TDBR":
            defined.add(p[2])
        elif len(p) == 2 and p[0] == "U":
            used.add(p[1])
    return defined, used


def components(graph):
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(tuple(sorted(comp)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
    objs = [o for d in ("layout", "emit", "export", "api", "tools")
            for o in glob.glob(os.path.join(build, d, "**", "*.o"), recursive=True)]
    checks = Checks()
    if not objs:
        print("SKIP: no objects under %s (run make)" % build)
        return checks.finish("circles")
    defs, uses = {}, {}
    for o in objs:
        name = os.path.relpath(o, build)[:-2]
        defs[name], uses[name] = symbols(o)
    owner = {s: f for f, d in defs.items() for s in d}
    graph = collections.defaultdict(set)
    for f, used in uses.items():
        graph[f]
        for s in used:
            if s in owner and owner[s] != f:
                graph[f].add(owner[s])
    found = set(components(graph))
    for comp in sorted(found):
        why = RECURSION.get(comp)
        calls = "; ".join("%s -> %s" % (a, b) for a in comp for b in comp if b in graph[a])
        checks.check("circle %s is recursion (%s)" % (" ".join(comp), why or calls),
                     why is not None, True)
        if why:
            print("circle %s: %s" % (" ".join(comp), why))
    for comp in sorted(set(RECURSION) - found):
        checks.check("listed circle %s still there" % " ".join(comp), False, True)
    checks.check("%d files, %d circles, each listed" % (len(defs), len(found)),
                 found <= set(RECURSION), True)
    return checks.finish("circles")


if __name__ == "__main__":
    sys.exit(main())
