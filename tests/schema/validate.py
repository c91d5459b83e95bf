#!/usr/bin/python3
"""Check rust-types/1 documents against schema/rust-types.schema.json.

Usage: validate.py SCHEMA FILE... [--expect-invalid FILE...]

Files before --expect-invalid must validate; files after it must be rejected
(negative fixtures). One line per file, "PASS file" or "FAIL file: JSON-PATH:
message", then "N passed, N failed". Exit status 1 if any failed, 2 on a usage
error.

A negative fixture may name the place it must be rejected at in its top-level
"doc": "... rejected at: $.types.P.repr[0]". Then a rejection anywhere else
is a FAIL, so a fixture cannot pass because of an unrelated slip.

Needs Debian's python3-jsonschema (4.10); run with /usr/bin/python3.
"""
import json
import re
import sys

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import best_match


def strict_integer(checker, instance):
    # json-c reads 7.0 as a double, and typetree rejects it where an integer
    # is wanted; JSON Schema alone would call 7.0 an integer.
    return isinstance(instance, int) and not isinstance(instance, bool)


StrictValidator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", strict_integer),
)

EXPECT_AT = re.compile(r"rejected at:\s*(\$\S*)")


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


# Schema keywords that step from a value to its members.
DESCENT = {"properties", "patternProperties", "additionalProperties",
           "items", "prefixItems", "propertyNames"}


def rule_comment(schema, error):
    """The "$comment" naming the rule that error broke, where jsonschema's own
    message ("... should not be valid under {...}") does not. A comment
    covers its own keywords and its then/else branches, not the members of
    the value (a rule about a field list says nothing about one field)."""
    node, comment, in_branch = schema, None, False

    def take(n):
        nonlocal comment, in_branch
        if isinstance(n, dict) and isinstance(n.get("$comment"), str):
            comment, in_branch = n["$comment"], False

    for key in error.absolute_schema_path:
        try:
            # jsonschema leaves "$ref" out of the path: follow it when the
            # next key is not here.
            while isinstance(node, dict) and key not in node and "$ref" in node:
                node = resolve_local_ref(schema, node["$ref"])
                take(node)
            node = node[key]
        except (KeyError, IndexError, TypeError, ValueError):
            break
        if key in ("then", "else") and comment is not None:
            in_branch = True
        elif key in DESCENT and not in_branch:
            comment = None
        take(node)
    return comment


def resolve_local_ref(schema, ref):
    if not ref.startswith("#/"):
        raise ValueError("only local $refs are followed: " + ref)
    node = schema
    for part in ref[2:].split("/"):
        node = node[part]
    return node


def schema_errors(validator, doc):
    """All errors; (json_path, message) of the best one."""
    errors = list(validator.iter_errors(doc))
    if not errors:
        return [], None
    best = best_match(errors)
    # A misspelt key gives two errors at one place ("'ty' is a required
    # property", "'tyy' was unexpected"); show both.
    messages = [best.message] + [e.message for e in errors
                                 if e is not best and e.json_path == best.json_path]
    message = "; ".join(messages)
    comment = rule_comment(validator.schema, best)
    if comment:
        message += " (rule: %s)" % comment
    return errors, (best.json_path, message)


def all_paths(errors):
    """Every json path at which some (possibly nested) error occurred."""
    paths = set()
    stack = list(errors)
    while stack:
        e = stack.pop()
        paths.add(e.json_path)
        stack.extend(e.context or [])
    return paths


def check_file(validator, path, expect_valid):
    """Return (passed, line)."""
    try:
        doc = load_json(path)
    except (OSError, ValueError) as e:
        return False, "FAIL %s: $: cannot read JSON: %s" % (path, e)

    errors, best = schema_errors(validator, doc)
    if expect_valid:
        if best is None:
            return True, "PASS %s" % path
        return False, "FAIL %s: %s: %s" % (path, best[0], best[1])

    if best is None:
        return False, "FAIL %s: $: expected to be rejected, but it is valid" % path
    want = None
    if isinstance(doc, dict) and isinstance(doc.get("doc"), str):
        m = EXPECT_AT.search(doc["doc"])
        want = m.group(1) if m else None
    if want is not None and want not in all_paths(errors):
        return False, "FAIL %s: %s: rejected there (%s), expected at %s" % (
            path, best[0], best[1], want)
    return True, "PASS %s" % path


def main(argv):
    args = argv[1:]
    if "-h" in args or "--help" in args:
        print(__doc__.strip())
        return 0
    split = args.index("--expect-invalid") if "--expect-invalid" in args else len(args)
    before, after = args[:split], args[split + 1:]
    if "--expect-invalid" in after:
        print("validate.py: --expect-invalid given twice", file=sys.stderr)
        return 2
    # The schema is the first positional argument, wherever the flag is.
    if before:
        schema_path, valid_files = before[0], before[1:]
    elif after:
        schema_path, valid_files, after = after[0], [], after[1:]
    else:
        schema_path = None
    if schema_path is None or not (valid_files or after):
        print("usage: validate.py SCHEMA FILE... [--expect-invalid FILE...]",
              file=sys.stderr)
        return 2

    try:
        schema = load_json(schema_path)
        StrictValidator.check_schema(schema)
    except Exception as e:  # a broken schema is a usage error, not a FAIL
        print("validate.py: %s: bad schema: %s" % (schema_path, e), file=sys.stderr)
        return 2
    validator = StrictValidator(schema)

    passed = failed = 0
    for path, expect_valid in [(p, True) for p in valid_files] + [(p, False) for p in after]:
        ok, line = check_file(validator, path, expect_valid)
        print(line)
        if ok:
            passed += 1
        else:
            failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
