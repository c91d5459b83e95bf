#!/usr/bin/env python3
"""Coverage of one module for tests/crates/run.sh, counted from the IR itself.

    signatures.py CRATE.ll TYPES.json

A defined function has a debuginfo signature when its `!dbg` DISubprogram has a
DISubroutineType whose type list is not empty (std's precompiled code carries line tables
only: `types: !{}`). Prints, as `key value` lines: defines (every `define`), signed (those
with a debuginfo signature), entries (of them, those the types file has an entry for, by
symbol), described (defines with an entry, signed or not), prechecks (of those, std's
`...::precondition_check`, which annotate leaves without trees), missing (up to three
signed symbols without an entry).
"""
import json
import re
import sys

DEFINE = re.compile(r'@("(?:[^"\\]|\\.)*"|[-\w.$]+)\(')
DBG = re.compile(r'!dbg (![0-9]+)')
TYPE = re.compile(r'\btype: (![0-9]+)')
TYPES = re.compile(r'\btypes: (![0-9]+)')


def main():
    ll, types = sys.argv[1], sys.argv[2]
    with open(types) as f:
        entries = {fn["symbol"]: fn.get("path") or ""
                   for fn in json.load(f).get("functions", []) if fn.get("symbol")}
    defs, meta = [], {}
    with open(ll, errors="replace") as f:
        for line in f:
            if line.startswith("define "):
                m, d = DEFINE.search(line), DBG.search(line)
                defs.append((m.group(1).strip('"') if m else "", d.group(1) if d else None))
            elif line.startswith("!"):
                key, _, value = line.partition(" = ")
                meta[key] = value

    def signed(dbg):
        t = TYPE.search(meta.get(dbg, "")) if dbg else None
        lst = TYPES.search(meta.get(t.group(1), "")) if t else None
        return bool(lst) and meta.get(lst.group(1), "").strip() != "!{}"

    sig = [s for s, d in defs if signed(d)]
    have = [s for s in sig if s in entries]
    missing = [s for s in sig if s not in entries]
    print("defines", len(defs))
    print("signed", len(sig))
    print("entries", len(have))
    print("described", sum(1 for s, _ in defs if s in entries))
    print("prechecks", sum(1 for s, _ in defs
                           if entries.get(s, "").endswith("::precondition_check")))
    print("missing", " ".join(missing[:3]) or "-")


if __name__ == "__main__":
    main()
