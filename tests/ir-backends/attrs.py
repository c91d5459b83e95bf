#!/usr/bin/env python3
"""attrs.py FILE.ll: lists every "enzyme_type" attribute on the define lines of a module
printed by llvm-dis, one per line: "@symbol ret TREE" or "@symbol param<i> TREE", sorted,
so two backends' outputs compare with cmp. Other attributes and their order are ignored."""
import re
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from llvm_text import ATTR, matching_close, split_params as split_top  # noqa: E402

def define_attrs(line):
    # the symbol: the first '@' outside quotes
    quoted = False
    at = -1
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "@" and not quoted:
            at = i
            break
    if at < 0:
        raise ValueError("no symbol in: " + line)
    j = at + 1
    if line[j] == '"':
        j = line.index('"', j + 1) + 1
    else:
        while line[j] != "(":
            j += 1
    symbol = line[at:j]
    # the parameter list: from line[j] == '(' to its matching ')'
    k = matching_close(line, j)
    if k is None:
        k = len(line) - 1
    out = []
    for m in ATTR.finditer(line[:at]):
        out.append("%s ret %s" % (symbol, m.group(1)))
    params = line[j + 1:k]
    for i, p in enumerate(split_top(params) if params.strip() else []):
        for m in ATTR.finditer(p):
            out.append("%s param%d %s" % (symbol, i, m.group(1)))
    return out


def main():
    rows = []
    with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("define "):
                rows.extend(define_attrs(line.rstrip("\n")))
    for r in sorted(rows):
        print(r)


if __name__ == "__main__":
    main()
