#!/usr/bin/env python3
"""Drops `package` declarations from a swift-api-digester dump: the digester reads a module built with a package
name as its package sees it and marks those declarations `isInternal`; an app sees only the rest."""
import json
import sys


def strip(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if isinstance(value, list):
                value = [v for v in value if not (isinstance(v, dict) and v.get("isInternal"))]
            node[key] = strip(value)
    elif isinstance(node, list):
        return [strip(v) for v in node]
    return node


def has_public(node):
    """True when the module's top level declares anything (after `strip`)."""
    root = node.get("ABIRoot", node)
    return any(child.get("kind") != "Import" for child in root.get("children", []))


if sys.argv[1] == "--has-public":
    with open(sys.argv[2]) as f:
        sys.exit(0 if has_public(json.load(f)) else 1)
path = sys.argv[1]
with open(path) as f:
    dump = json.load(f)
with open(path, "w") as f:
    json.dump(strip(dump), f, indent=2, sort_keys=True)
    f.write("\n")
