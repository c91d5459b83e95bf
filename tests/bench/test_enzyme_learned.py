#!/usr/bin/env python3
"""tests/bench/test_enzyme_learned.py: enzyme_learned.py's two measures against the real Enzyme.

tests/bench/learned-reach.ll holds one function of each kind the measures tell apart (its
first comment says why each behaves as it does): a tree that reaches its function's analysis
whole, one Enzyme drops at a call in a loop, one that leaves out a field the body then
teaches. The script's own analyse() runs Enzyme on it with -enzyme-print-type and the
wrapper's options, and its reading of that log must find exactly those: these checks fail
when Enzyme's log format or its rules change under the script, or when the script misreads
either. Without a plugin it prints SKIP and why."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import enzyme_learned as learned  # noqa: E402
import enzyme_profile as prof  # noqa: E402
from checks import Checks  # noqa: E402
from enzyme_plugin import find_plugin  # noqa: E402

MODULE = os.path.join(HERE, "learned-reach.ll")
F64 = "[-1,0]:Float@double"
INTS = {"[-1,%d]:Integer" % k for k in range(8, 16)}

checks = Checks()
check = checks.check

# the reading of trees and offsets, without Enzyme
check("facts of a printed tree", learned.facts("{[-1]:Pointer, [-1,0]:Float@double}"),
      {"[-1]:Pointer", F64})
check("facts of an empty tree", learned.facts("{}"), set())
check("an entry at offset -1 covers one at 8", learned.covered("[-1,8]:Integer", {"[-1,-1]:Integer"}), True)
check("another type does not cover", learned.covered("[-1,8]:Integer", {"[-1,8]:Float@double"}), False)
check("nor does -1 at the wrong depth", learned.covered("[-1,0,8]:Integer", {"[-1,-1]:Integer"}), False)

plugin, why = find_plugin()
if not plugin:
    print("SKIP: test_enzyme_learned: no Enzyme plugin: %s" % why)
    sys.exit(checks.finish("bench-learned"))

trees, entries = learned.attribute_trees(MODULE)
check("the functions handed to Enzyme", entries, {"top"})
check("the annotated functions", sorted(trees), ["direct", "in_loop", "short", "top"])
whole = {"[-1]:Pointer", F64} | INTS
check("direct's attribute read", trees["direct"], {"%s": whole})

try:
    analyses, args, skipped = learned.analyse(MODULE, plugin, prof.wrapper_flags())
    failure = None
except RuntimeError as e:
    (analyses, args, skipped), failure = (0, [], 0), str(e)
check("Enzyme ran to the end", failure, None)
if failure:
    sys.exit(checks.finish("bench-learned"))
# top, then direct, short and in_loop from its calls; then Enzyme's preprocessed copies of all four
check("analyses", analyses, 8)
got = {(a.fn, a.name): (a.unreached(), a.taught) for a in args}
check("annotated arguments analysed", sorted(got), sorted(
    (f, "%s") for f in ("direct", "in_loop", "short", "preprocess_direct", "preprocess_in_loop",
                        "preprocess_short")))
for fn in ("direct", "preprocess_direct"):
    check(fn + ": the whole tree reached, nothing taught", got[(fn, "%s")], (set(), set()))
for fn in ("in_loop", "preprocess_in_loop"):
    check(fn + ": dropped at the call in the loop; the body teaches the f64",
          got[(fn, "%s")], ({F64} | INTS, {F64}))
check("short: its whole tree reached; the body teaches the f64 it leaves out",
      got[("short", "%s")], (set(), {F64}))
check("preprocess_short: starts from what top learned of the pointer, the f64 included",
      got[("preprocess_short", "%s")], (set(), set()))
check("updates Enzyme skipped (the tree at the call in the loop among them)", skipped > 0, True)
sys.exit(checks.finish("bench-learned"))
