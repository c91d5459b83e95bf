#!/bin/sh
# The README's first command ends here: the layout of every type in the bundled
# example (fixtures/example.json), as rustc 1.95 lays them out on x86_64 Linux.
cd "$(dirname "$0")/.." || exit 2
echo "typetree layout fixtures/example.json"
echo
build/typetree layout fixtures/example.json >build/example-layout.json || exit 1
python3 - build/example-layout.json <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for name, l in doc.items():
    print(f"{name}: size {l['size']}, align {l['align']}, {l['abi'].replace('_', ' ')}")
    for f in l.get("fields", []):
        print(f"    {f['name']:>8} @ {f['offset']}")
    for v in l.get("variants", []):
        fs = ", ".join(f"{f['name']} @ {f['offset']}" for f in v["fields"]) or "no fields"
        print(f"    {v['name']} (discriminant {v['discriminant']}): {fs}")
    tag = l.get("tag")
    if tag:
        print(f"    tag: {tag['encoding']}, {tag['size']} byte(s) at offset {tag['offset']}")
PY
echo
echo "(full JSON: build/example-layout.json)"

# ... and how each function of the example is passed in LLVM, with the TypeTree every
# parameter gets (what `typetree annotate` writes into rustc's IR).
echo
python3 -c 'import json,sys; [print(f.get("symbol") or f["path"]) for f in json.load(open(sys.argv[1])).get("functions", [])]' \
    fixtures/example.json | while read -r fn; do
    echo "typetree explain fixtures/example.json $fn"
    build/typetree explain fixtures/example.json "$fn" 2>&1 || echo "(typetree does not lower this one: see the message above)"
    echo
done
