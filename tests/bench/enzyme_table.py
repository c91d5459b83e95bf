"""enzyme_table.py: bench_enzyme.py's tables read back, for --merge.

A benchmark run over the whole corpus takes most of an hour, and wall times here move with
the other core's load, so a program is sometimes measured again alone and its rows replace
the full run's. --merge recomputes the summary lines and the chart from such tables by the
same rules as a run, so that every figure docs/enzyme-benchmark.md quotes comes from rows one can read.
A row's times are as printed (3 decimals); the reasons of the builds that are not right come
from the table's "why" section when it has one (the doc's excerpt of rows has none).
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "gradients"))
import run as gradients  # noqa: E402

# The short outcomes of a row and the outcomes they stand for.
OUTCOME_OF = {v: k for k, v in gradients.SHORT.items()}
ROW = re.compile(r"^(\S+)\s+O(\d)\s+(\S+)/(\S+)\s+(\S+)/(\S+)\s+\S+\s+(\S+)/(\S+)\s+\S+\s+"
                 r"(\S+)/(\S+)\s*$")
WHY = re.compile(r"^  (\S+) O(\d) (trees|plain): (.*)$")
# A table's first line (bench_enzyme.py's report writes it) names the plugin.
TITLE = "Enzyme with and without trees, each program built alone (%s)"
TITLE_LINE = re.compile(r"^%s\s*$" % re.escape(TITLE).replace(re.escape("%s"), "(.*)"))


def _num(text):
    return None if text == "-" else float(text)


def _build(outcome, enzyme, own, rss):
    enzyme, own = _num(enzyme), _num(own)
    return {"outcome": OUTCOME_OF[outcome], "why": "", "enzyme": enzyme,
            "postopt": enzyme - own if enzyme is not None and own is not None else None,
            "rss": _num(rss)}


def read_tables(paths):
    """(plugin name, cases in order of first appearance, levels, results keyed by (case,
    level, trees)) of the tables at paths; a later table's row for a program and level
    replaces an earlier one's. Raises ValueError naming the file and line of a row it cannot
    read, or a file without rows."""
    plugin, cases, levels, results = None, [], set(), {}
    for path in paths:
        rows, whys, in_why = 0, {}, False
        with open(path) as f:
            lines = f.read().splitlines()
        for n, line in enumerate(lines, 1):
            t = TITLE_LINE.match(line)
            if t:
                plugin = plugin or t.group(1)
                continue
            if line.startswith("why, per build"):
                in_why = True
                continue
            if in_why:
                w = WHY.match(line)
                if w:
                    rest = w.group(4)
                    for o in OUTCOME_OF.values():
                        if rest.startswith(o + ": "):
                            whys[(w.group(1), int(w.group(2)), w.group(3) == "trees")] = \
                                rest[len(o) + 2:]
                continue
            m = ROW.match(line)
            if not m or line.startswith("program "):
                continue
            c, lv = m.group(1), int(m.group(2))
            try:
                t = _build(m.group(3), m.group(5), m.group(7), m.group(9))
                p = _build(m.group(4), m.group(6), m.group(8), m.group(10))
            except (KeyError, ValueError) as e:
                raise ValueError("%s:%d: not a row of bench_enzyme.py's table (%s): %s"
                                 % (path, n, e, line.strip()))
            results[(c, lv, True)], results[(c, lv, False)] = t, p
            if c not in cases:
                cases.append(c)
            levels.add(lv)
            rows += 1
        if not rows:
            raise ValueError("%s: no rows of bench_enzyme.py's table" % path)
        for key, why in whys.items():
            if key in results:
                results[key]["why"] = why
    # A program measured at one level only in every table has no row at the other.
    for c in cases:
        for lv in levels:
            for tr in (True, False):
                if (c, lv, tr) not in results:
                    raise ValueError("%s O%d: no row in %s" % (c, lv, " ".join(paths)))
    return plugin or "?", cases, sorted(levels), results
