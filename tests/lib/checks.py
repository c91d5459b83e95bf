"""tests/lib/checks.py: the counting of a Python test script's checks.

check(what, got, want) counts a pass when got == want and prints what failed otherwise;
fail(message) counts a failure found another way; finish(name) prints the
"name: N passed, N failed" line tests/run-all.sh adds up and returns the exit status."""


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, what, got, want):
        if got == want:
            self.passed += 1
        else:
            self.fail("%s: got %r, want %r" % (what, got, want))

    def fail(self, message):
        self.failed += 1
        print("FAIL " + message)

    def finish(self, name):
        print("%s: %d passed, %d failed" % (name, self.passed, self.failed))
        return 1 if self.failed else 0
