#!/usr/bin/env python3
"""gen_nested_defs.py N K: N struct definitions a0..a{N-1}, each holding the next one by
value inside K nested one-element arrays, declared before it is defined. Laying out a0
recurses N*K levels deep in layout_of; `40 190` (39 KB) overflows the CLI's 8 MB stack,
`60 190` is fuzz_ingest-stack-overflow-nested-defs.json."""
import json
import sys

n, k = int(sys.argv[1]), int(sys.argv[2])


def nest(inner):
    return "[" * k + inner + "; 1]" * k


types = {"a%d" % i: {"kind": "struct",
                     "fields": [{"ty": nest("a%d" % (i + 1)) if i < n - 1 else "u8"}]}
         for i in range(n)}
sys.stdout.write(json.dumps({"format": "rust-types/1", "types": types}, separators=(",", ":")))
