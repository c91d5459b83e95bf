#!/bin/sh
# tests/trees/run.sh: the self-test of the Enzyme-grammar checker (enzyme_check.c).
# Every line of checker-cases.txt says whether Enzyme (and typetree's own rules) accept a
# TypeTree string, and for a rejection which rule must fire. Ends with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 2
sh tests/trees/build-checker.sh || exit 2
build/tests/enzyme_check --cases tests/trees/checker-cases.txt
