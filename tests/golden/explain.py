#!/usr/bin/env python3
"""explain.py TYPETREE CHECKER: compares `typetree explain` on fixtures/trees/signatures.json
with tests/golden/trees/explain-expected.md, which was written by hand from the ABI rules
(one table per function: LLVM parameter, mode, LLVM type, tree or "none"). Every tree
explain prints also goes through the Enzyme grammar checker (--param for parameters and
scalar returns, --ret-pair for pair returns). Ends with "N passed, N failed"."""
import re
import subprocess
import sys

FIXTURE = "fixtures/trees/signatures.json"
SPEC = "tests/golden/trees/explain-expected.md"


def expected():
    fns, cur = {}, None
    for line in open(SPEC, encoding="utf-8"):
        m = re.match(r"^## `([^`]+)`", line)
        if m:
            cur = fns.setdefault(m.group(1), {"params": [], "ret": None})
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cur is None or len(cells) != 5 or not line.startswith("|") or cells[0] in ("LLVM param", "---"):
            continue
        idx, _arg, mode, ty, tree = cells
        mode = mode.split()[0].lower() if mode not in ("", "—") else "direct"
        tree = tree.strip("`") if tree.startswith("`{") else None
        row = (mode, ty.strip("`"), tree)
        if idx == "return":
            cur["ret"] = row
        elif mode != "ignore":  # a zero-sized argument has no LLVM parameter
            cur["params"].append(row)
    return fns


def actual(typetree, name):
    out = subprocess.run([typetree, "explain", FIXTURE, name], capture_output=True, text=True)
    if out.returncode:
        return None, out.stderr
    params, ret, mode = [], None, None
    for line in out.stdout.splitlines():
        m = re.match(r"^  return .*: (\w+) -> (.+?) (\{.*\}|\(no attribute.*)$", line)
        if m:
            ret = (m.group(1).lower(), m.group(2), m.group(3) if m.group(3).startswith("{") else None)
            continue
        m = re.match(r"^  arg \d+ .*: (\w+)( \(zero-sized.*)?$", line)
        if m:
            mode = m.group(1).lower()
            continue
        m = re.match(r"^    %\d+ (sret |track_caller location )?(\S+)( \(half \d\))?: (.*)$", line)
        if m:
            pm = "indirect" if m.group(1) == "sret " else ("direct" if m.group(1) else mode)
            tree = m.group(4) if m.group(4).startswith("{") else None
            params.append((pm, m.group(2), tree))
    return {"params": params, "ret": ret}, None


def check_trees(checker, trees, mode):
    if not trees:
        return []
    p = subprocess.run([checker, mode], input="\n".join(trees) + "\n", capture_output=True, text=True)
    return [l for l in p.stdout.splitlines() if l.startswith("FAIL")] if p.returncode else []


def main():
    typetree, checker = sys.argv[1], sys.argv[2]
    passed = failed = 0
    for name, want in expected().items():
        got, err = actual(typetree, name)
        problems = []
        if got is None:
            problems.append("explain failed: " + err.strip())
        else:
            if got["params"] != want["params"]:
                problems.append("params:\n      want %s\n      got  %s" % (want["params"], got["params"]))
            if got["ret"] != want["ret"]:
                problems.append("return: want %s, got %s" % (want["ret"], got["ret"]))
            problems += check_trees(checker, [t for _, _, t in got["params"] if t], "--param")
            if got["ret"] and got["ret"][2]:
                problems += check_trees(checker, [got["ret"][2]],
                                        "--ret-pair" if got["ret"][0] == "pair" else "--param")
        if problems:
            failed += 1
            print("[FAIL] explain %s\n    %s" % (name, "\n    ".join(problems)))
        else:
            passed += 1
            print("[PASS] explain %s" % name)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
