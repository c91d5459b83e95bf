#!/bin/sh
# tests/enzyme-bugs: reduced reproducers of bugs of Enzyme itself (fba597f6, LLVM 22) that
# the gradient suite meets; each NAME.ll states the bug, the gradient cases it explains, and
# CASE lines with the wrong outcome it shows (tests/lib/enzyme-cases.sh). This suite passes
# while the bugs show; a failure means a bug is gone: remove it from
# tests/gradients/known-bugs.json and here.
here=$(cd "$(dirname "$0")" && pwd)
exec sh "$here/../lib/enzyme-cases.sh" "$here"/*.ll
