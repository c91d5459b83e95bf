"""Helpers for test scripts that read LLVM IR text: our attribute, and parameter lists."""
import re

# One "enzyme_type" string attribute; group 1 is the tree.
ATTR = re.compile(r'"enzyme_type"="([^"]*)"')


def split_params(s):
    """Splits an LLVM parameter list at commas outside brackets and quotes (stripped)."""
    parts, depth, cur, quoted = [], 0, [], False
    for ch in s:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "([{<":
            depth += 1
        elif not quoted and ch in ")]}>":
            depth -= 1
        elif not quoted and depth == 0 and ch == ",":
            parts.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def matching_close(s, i):
    """Index of the bracket closing the one at s[i] (quotes respected), or None."""
    depth, quoted = 0, False
    for k in range(i, len(s)):
        ch = s[k]
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "([{<":
            depth += 1
        elif not quoted and ch in ")]}>":
            depth -= 1
            if depth == 0:
                return k
    return None
