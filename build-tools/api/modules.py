#!/usr/bin/env python3
"""The modules whose public API is checked: Package.swift's library products, then every Swift module they depend on
(directly or not); check.sh keeps those of the second kind that have public declarations, since a module that is
not a product keeps `public` only for what a product's API re-exports from it."""
import glob
import json
import subprocess
import sys

package = json.loads(subprocess.run(["swift", "package", "dump-package"], capture_output=True, text=True,
                                    check=True).stdout)
targets = {t["name"]: t for t in package["targets"]}


def dependencies(name):
    for d in targets[name].get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in d:
                yield d[kind][0]


products = [t for p in package["products"] if "library" in p["type"] for t in p["targets"]]
seen, order = set(products), list(products)
stack = list(products)
while stack:
    for dep in dependencies(stack.pop()):
        path = targets.get(dep, {}).get("path") or "Sources/" + dep
        swift = glob.glob(path + "/**/*.swift", recursive=True)
        if dep in targets and dep not in seen and targets[dep]["type"] == "regular" and swift:
            seen.add(dep)
            order.append(dep)
            stack.append(dep)
kind = sys.argv[1] if len(sys.argv) > 1 else "all"
print("\n".join(products if kind == "products" else order[len(products):] if kind == "dependencies" else order))
