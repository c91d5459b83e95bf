#!/usr/bin/env python3
"""tests/bench/test_enzyme_table.py: bench_enzyme.py's table read back, without Enzyme.

bench_enzyme.report writes a row with one format string and enzyme_table.ROW reads it with
a regular expression; docs/enzyme-benchmark.md's table is the --merge of the raw tables in
docs/enzyme-bench/. These checks fail when the writer and the reader drift apart (a table
written and read back must give the same outcomes, times, memory and reasons), when a later
table's row stops replacing an earlier one's, when a table that is not one is read without a
message naming file and line, and when docs/enzyme-benchmark.md's table is not what merging
the tables its own command names prints (an edit by hand, or a change of the rules not carried to it)."""
import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import bench_enzyme  # noqa: E402
import enzyme_table  # noqa: E402
from checks import Checks  # noqa: E402

checks = Checks()
check = checks.check


def build(outcome, enzyme=None, postopt=None, rss=None, why=""):
    return {"outcome": outcome, "why": why, "enzyme": enzyme, "postopt": postopt, "rss": rss}


def round_trip_view(r):
    """What a row keeps of a build: its outcome, times to the printed 3 decimals (own work
    rather than the post-optimization it is computed from), memory to the MB, its reason."""
    own = bench_enzyme.own(r)
    return (r["outcome"], None if r["enzyme"] is None else round(r["enzyme"], 3),
            None if own is None else round(own, 3),
            None if not r["rss"] else round(r["rss"]), r["why"])


def write(tmp, name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text + "\n")
    return path


tmp = tempfile.mkdtemp(prefix="enzyme-table-")

# Every outcome the table can print, on both sides, with and without times and memory; a
# reason with a colon in it (Enzyme's messages have them).
outcomes = sorted(bench_enzyme.gradients.SHORT)
cases, levels, results = [], [0, 2], {}
for i, o in enumerate(outcomes):
    c = "prog_%d" % i
    cases.append(c)
    done = o not in ("enzyme error", "build error", "timeout")
    for lv in levels:
        results[(c, lv, True)] = build(
            o, 1.23456 + i if done else None, 0.5 + lv if done else None,
            300.4 + i if lv else None, "" if o == "right" else "why: %s at O%d" % (o, lv))
        results[(c, lv, False)] = build(
            "right", 2.0004 + i, 0.25, 310.0, "")
text = bench_enzyme.report("Plugin-22.so", cases, levels, results)
first = write(tmp, "first.txt", text)
name, got_cases, got_levels, got = enzyme_table.read_tables([first])
check("plugin name read back", name, "Plugin-22.so")
check("programs read back in order", got_cases, cases)
check("levels read back", got_levels, levels)
for key in sorted(results):
    check("%s O%d %s read back" % (key[0], key[1], "trees" if key[2] else "plain"),
          round_trip_view(got[key]), round_trip_view(results[key]))
# The summary of the table read back is the summary written (the docs' lines come from it).
check("the report of the rows read back is the report written",
      bench_enzyme.report(name, got_cases, got_levels, got), text)

# A later table's row replaces an earlier one's; the other rows stay.
again = {k: v for k, v in results.items() if k[0] == cases[0] and k[1] == 2}
again[(cases[0], 2, True)] = build("wrong", 9.5, 1.5, 400.0, "measured again")
second = write(tmp, "second.txt", bench_enzyme.report("Plugin-22.so", [cases[0]], [2], again))
_, _, _, merged = enzyme_table.read_tables([first, second])
check("a later table's row replaces the earlier one's",
      round_trip_view(merged[(cases[0], 2, True)]), ("wrong", 9.5, 8.0, 400, "measured again"))
check("the rows the later table has not stay",
      round_trip_view(merged[(cases[0], 0, True)]), round_trip_view(results[(cases[0], 0, True)]))


def error_of(paths):
    try:
        enzyme_table.read_tables(paths)
    except ValueError as e:
        return str(e)
    return None


lines = text.splitlines()
bad_line = next(i for i, l in enumerate(lines) if l.startswith(cases[1] + " "))
broken = lines[:bad_line] + [lines[bad_line].replace("/ok ", "/GOOD ", 1)] + lines[bad_line + 1:]
bad = write(tmp, "bad.txt", "\n".join(broken))
e = error_of([bad])
check("an unknown outcome names the file and line",
      bool(e) and e.startswith("%s:%d: " % (bad, bad_line + 1)), True)
empty = write(tmp, "empty.txt", "nothing here")
check("a file without rows is named", error_of([empty]),
      "%s: no rows of bench_enzyme.py's table" % empty)
new = {("prog_new", 0, tr): build("right", 1.0, 0.5, 300.0) for tr in (True, False)}
one_level = write(tmp, "one-level.txt", bench_enzyme.report("P", ["prog_new"], [0], new))
check("a program without a row at a level another table has is named",
      error_of([first, one_level]), "prog_new O2: no row in %s %s" % (first, one_level))

# docs/enzyme-benchmark.md's table is the merge of the tables its command names.
with open(os.path.join(ROOT, "docs", "enzyme-benchmark.md")) as f:
    doc = f.read()
command = re.search(r"bench_enzyme\.py --merge .*?(?=\n\s*cp |\n\n)", doc, re.S)
check("docs/enzyme-benchmark.md names its merge command", bool(command), True)
block = re.search(r"\n```\n(program +lvl .*?)\n```", doc, re.S)
check("docs/enzyme-benchmark.md shows the table", bool(block), True)
if command and block:
    tables = [os.path.join(ROOT, p) for p in re.findall(r"--merge (\S+)", command.group(0))]
    name, mcases, mlevels, mresults = bench_enzyme.merged(tables)
    printed = [l.rstrip() for l in
               bench_enzyme.report(name, mcases, mlevels, mresults).split("\nwhy, per build")[0]
               .splitlines()]
    shown = [l.rstrip() for l in block.group(1).splitlines()]
    # The doc leaves out the title and the lists under the summary lines; every line it
    # shows is printed, in the same order, and it shows every row.
    missing = [l for l in shown if l not in printed]
    check("every line of the doc's table is in the merge's output", missing, [])
    check("the doc's lines are in the merge's order",
          [l for l in printed if l in shown] == shown, True)
    rows = [l for l in printed if re.match(r"\S+ +O\d ", l)]
    check("the doc shows every row of the merge", [l for l in rows if l not in shown], [])

shutil.rmtree(tmp)
sys.exit(checks.finish("bench-tables"))
