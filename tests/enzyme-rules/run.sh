#!/bin/sh
# tests/enzyme-rules: the evidence behind docs/typetree-rules.md, run against the real
# Enzyme (tests/lib/enzyme-cases.sh). Each NAME.ll holds the placeholder TREE and one CASE
# line per tree: the rule we follow is the case that comes out right; the others show what
# Enzyme does with the tree we no longer emit (an error, or a silently wrong gradient).
here=$(cd "$(dirname "$0")" && pwd)
exec sh "$here/../lib/enzyme-cases.sh" "$here"/*.ll
