#!/usr/bin/env python3
"""Compare `typetree layout` with rustc on one rust-types/1 document.

    compare.py DOC.json [EXPR...] [--exprs FILE] [--typetree PATH] [--stable] [--keep DIR] [-v]

Tests every sized non-generic named type of DOC and every extra expression (from DOC's
sibling file with .exprs instead of .json if it exists, from --exprs files, and from the
command line). One test = one type expression: size, align, every field offset, every enum variant
field offset (nightly), array count/stride must all match rustc (probe.py).
Prints one line per mismatch, then exactly "N passed, N failed"; exits 1 on any failure.
Python 3 standard library only.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys

sys.dont_write_bytecode = True      # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import probe  # noqa: E402

BATCH_TIMEOUT = 120
ONE_TIMEOUT = 20


def norm(expr):
    return re.sub(r"\s+", "", expr)


def describe_exit(rc):
    if rc < 0:
        try:
            return "killed by %s" % signal.Signals(-rc).name
        except ValueError:
            return "killed by signal %d" % -rc
    return "exit status %d" % rc


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:300]
    return ""


# The probe's toolchain decides which rules typetree follows: the nightly probe is
# compared with `--rustc nightly`, the stable probe with the default (stable 1.95).
TYPETREE_ARGS = []


def call_typetree(typetree, doc_path, exprs, timeout):
    """Run `typetree layout DOC EXPR...`; returns (dict or None, error message or None)."""
    try:
        p = subprocess.run([typetree, "layout"] + TYPETREE_ARGS + [doc_path] + exprs, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True, timeout=timeout,
                           errors="replace")
    except subprocess.TimeoutExpired:
        return None, "timed out after %ds" % timeout
    except OSError as err:
        return None, "cannot run %s: %s" % (typetree, err)
    if p.returncode != 0:
        msg = first_line(p.stderr)
        return None, describe_exit(p.returncode) + (": " + msg if msg else "")
    try:
        out = json.loads(p.stdout)
    except ValueError as err:
        return None, "output is not JSON (%s): %r" % (err, p.stdout[:200])
    if not isinstance(out, dict):
        return None, "output is not a JSON object"
    return out, None


def typetree_layouts(typetree, doc_path, exprs):
    """expr -> layout object, or expr -> error string. One batch call; on failure the
    expressions are run one by one so that one bad type does not hide the others."""
    if not (os.path.isfile(typetree) and os.access(typetree, os.X_OK)):
        msg = "typetree binary not found: %s (build it first, or pass --typetree)" % typetree
        return {e: msg for e in exprs}, None
    result, note = {}, None
    out, err = call_typetree(typetree, doc_path, exprs, BATCH_TIMEOUT)
    todo = exprs
    if out is not None:
        by_norm = {norm(k): v for k, v in out.items()}
        todo = []
        for e in exprs:
            v = out.get(e, by_norm.get(norm(e)))
            if v is None:
                todo.append(e)
            else:
                result[e] = v
    else:
        note = "typetree layout on all %d expressions failed (%s); running them one by one" % (
            len(exprs), err)
    timeouts = 0
    for e in todo:
        if timeouts >= 3:
            result[e] = "not run: typetree timed out repeatedly"
            continue
        out, err = call_typetree(typetree, doc_path, [e], ONE_TIMEOUT)
        if out is None:
            timeouts += err.startswith("timed out")
            result[e] = "typetree: " + err
            continue
        v = out.get(e)
        if v is None and len(out) == 1:
            v = list(out.values())[0]
        result[e] = v if v is not None else "typetree printed no entry for it"
    return result, note


def as_int(v):
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        try:
            return int(v, 0)
        except ValueError:
            return None
    return None


def compare_one(expr, ours, want):
    """Mismatch lines for one test (empty list: pass)."""
    if isinstance(ours, str):
        return ["FAIL %s: %s" % (expr, ours)]
    if not isinstance(ours, dict):
        return ["FAIL %s: typetree entry is not an object" % expr]
    bad = []

    def check(what, mine, theirs):
        if as_int(mine) != theirs:
            bad.append("MISMATCH %s: %s: ours %s, rustc %s" % (
                expr, what, "missing" if mine is None else json.dumps(mine), theirs))

    if ours.get("sized") is False:
        bad.append("MISMATCH %s: sized: ours false, rustc true" % expr)
    check("size", ours.get("size"), want["size"])
    check("align", ours.get("align"), want["align"])
    if "count" in want:
        check("count", ours.get("count"), want["count"])
        check("stride", ours.get("stride"), want["stride"])
    fields = {}
    for f in ours.get("fields") or []:
        if isinstance(f, dict) and "name" in f:
            fields[str(f["name"])] = f.get("offset")
    for name, off in want["fields"].items():
        check("field %s" % name, fields.get(name), off)
    variants = {}
    for v in ours.get("variants") or []:
        if isinstance(v, dict) and "name" in v:
            variants[str(v["name"])] = {str(f.get("name")): f.get("offset")
                                        for f in v.get("fields") or [] if isinstance(f, dict)}
    for vname, vfields in want["variants"].items():
        mine = variants.get(vname)
        if mine is None:
            bad.append("MISMATCH %s: variant %s: ours missing" % (expr, vname))
            continue
        for fname, off in vfields.items():
            check("variant %s.%s" % (vname, fname), mine.get(fname), off)
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("doc")
    ap.add_argument("exprs", nargs="*", help="extra type expressions")
    ap.add_argument("--exprs", dest="exprs_files", action="append", default=[],
                    help="file of type expressions, one a line (repeatable; DOC.exprs, with "
                    ".exprs for .json, is always read when it exists)")
    ap.add_argument("--typetree", default="./build/typetree")
    ap.add_argument("--stable", action="store_true",
                    help="probe with stable rustc (no variant offsets, no f16/f128)")
    ap.add_argument("--keep", metavar="DIR", help="keep the probe program and binary in DIR")
    ap.add_argument("-v", "--verbose", action="store_true", help="also list passing tests")
    a = ap.parse_args()
    name = os.path.basename(a.doc)

    def finish(passed, failed):
        print("%d passed, %d failed" % (passed, failed))
        return 1 if failed else 0

    files = list(a.exprs_files)
    sib = (a.doc[:-5] if a.doc.endswith(".json") else a.doc) + ".exprs"
    if os.path.exists(sib) and sib not in files:
        files.insert(0, sib)
    try:
        with open(a.doc) as f:
            doc = json.load(f)
        exprs = []
        for path in files:
            exprs += probe.read_exprs(path)
        exprs += a.exprs
        exprs = list(dict.fromkeys(exprs))
        plan = probe.build(doc, exprs, a.stable)
    except (OSError, ValueError, probe.ProbeError) as err:
        print("compare: %s: cannot build the probe: %s" % (name, err))
        return finish(0, 1)
    for e, why in plan.skipped:
        if a.verbose:
            print("skip %s: %s" % (e, why))
    if not plan.tests:
        print("compare: %s: nothing to test" % name)
        return finish(0, 0)

    workdir = None
    if a.keep:
        os.makedirs(a.keep, exist_ok=True)
        workdir = a.keep
    try:
        want = probe.run(plan, a.stable, workdir)
    except probe.ProbeError as err:
        print("compare: %s: %s" % (name, err))
        return finish(0, len(plan.tests))

    exprs = [t.expr for t in plan.tests]
    TYPETREE_ARGS[:] = [] if a.stable else ["--rustc", "nightly"]
    ours, note = typetree_layouts(a.typetree, a.doc, exprs)
    if note:
        print("compare: %s: %s" % (name, note))
    errors = set(v for v in ours.values() if isinstance(v, str))
    if len(errors) == 1 and all(isinstance(v, str) for v in ours.values()) and len(exprs) > 1:
        print("FAIL all %d tests of %s: %s" % (len(exprs), name, errors.pop()))
        return finish(0, len(exprs))
    passed = failed = 0
    for test, w in zip(plan.tests, want):
        bad = compare_one(test.expr, ours.get(test.expr), w)
        if bad:
            failed += 1
            for line in bad:
                print(line)
        else:
            passed += 1
            if a.verbose:
                print("ok %s" % test.expr)
    if plan.skipped:
        print("compare: %s: %d expression(s) not measurable here, not counted (-v lists them)"
              % (name, len(plan.skipped)))
    return finish(passed, failed)


if __name__ == "__main__":
    sys.exit(main())
