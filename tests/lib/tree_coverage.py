#!/usr/bin/env python3
"""How many functions of the user's crates carry trees in the IR Enzyme receives.

    tree_coverage.py CRATE.tt.ll CRATE.types.json [--exclude std,core,alloc,...] [--min PCT]

A function counts when it has a debuginfo signature (an entry of the types file
tools/rustc-typetree wrote beside the .tt.ll), belongs to a user crate (the first segment
of its Rust path is not one of the excluded crates: std's by default), and is defined in
the .tt.ll. It carries trees when one of its parameters or its return has an "enzyme_type"
attribute, or when it has nothing to carry (no parameters, void return). Prints one line
per crate and a total "N of M functions carry trees (P%)"; with --min, exits 1 below it.
"""
import argparse
import json
import re
import sys

STD = "std,core,alloc,compiler_builtins,panic_unwind,panic_abort,gimli,addr2line,object," \
      "miniz_oxide,adler2,hashbrown,rustc_demangle,memchr,std_detect,unwind,libc"
DEFINE = re.compile(r'@("(?:[^"\\]|\\.)*"|[-\w.$]+)\((.*)\)')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ll")
    ap.add_argument("types")
    ap.add_argument("--exclude", default=STD)
    ap.add_argument("--min", type=float)
    a = ap.parse_args()
    excluded = set(a.exclude.split(","))
    with open(a.types) as f:
        fns = json.load(f).get("functions", [])
    wanted = {}
    for fn in fns:
        path = fn.get("path") or ""
        crate = path.split("::")[0]
        if fn.get("symbol") and crate and crate not in excluded:
            wanted[fn["symbol"]] = crate
    per = {}
    with open(a.ll, errors="replace") as f:
        for line in f:
            if not line.startswith("define "):
                continue
            m = DEFINE.search(line)
            if not m:
                continue
            sym = m.group(1).strip('"')
            crate = wanted.get(sym)
            if crate is None:
                continue
            head = line[:m.start()]
            nothing = m.group(2).strip() == "" and " void " in " %s " % head.split(" @")[0]
            ok = '"enzyme_type"' in line or nothing
            c = per.setdefault(crate, [0, 0, []])
            c[1] += 1
            if ok:
                c[0] += 1
            else:
                c[2].append(sym)
    have = sum(c[0] for c in per.values())
    total = sum(c[1] for c in per.values())
    for crate, (h, t, missing) in sorted(per.items()):
        print("  %-20s %5d of %5d%s" % (crate, h, t, ("  (without: %s)" % ", ".join(missing[:3]))
                                        if missing else ""))
    pct = 100.0 * have / total if total else 100.0
    print("%d of %d functions carry trees (%.1f%%)" % (have, total, pct))
    if a.min is not None and pct < a.min:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
