# Sourced by tests/autodiff/*.sh (from the repository root): the suites' shared helpers
# (tests/lib/suite.sh), and SKIP when the macros cannot be built (cargo, or Debian's sources
# of syn, quote and proc-macro2 that tools/setup installs).
. tests/lib/suite.sh
command -v cargo >/dev/null 2>&1 || suite_skip "cargo not found (rustup)"
[ -d /usr/share/cargo/registry/syn-1.0.107 ] ||
    suite_skip "Debian's syn, quote and proc-macro2 sources missing (tools/setup installs them)"
