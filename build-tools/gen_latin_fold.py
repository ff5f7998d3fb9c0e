#!/usr/bin/env python3
"""Prints the base-letter tables of EmoPackFormat/KeywordFold.swift from Unicode's UnicodeData.txt.

For U+00C0-U+024F and U+1E00-U+1EFF: the ASCII letter a scalar's canonical decomposition starts with (followed
by marks only), else '.'. Letters without a decomposition (o with stroke, d with stroke, l with stroke, h with
stroke) are added by hand in the Swift source, and the test allows exactly those.
"""
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/UnicodeData.txt"
decomposition = {}
for line in open(path, encoding="utf-8"):
    fields = line.split(";")
    decomposition[int(fields[0], 16)] = fields[5]


def base(cp):
    d = decomposition.get(cp, "")
    if not d or d.startswith("<"):
        return cp
    return base(int(d.split()[0], 16))


def table(lo, hi):
    out = ""
    for cp in range(lo, hi):
        b = base(cp)
        out += chr(b) if b != cp and b < 0x80 and chr(b).isalpha() else "."
    return out


print(table(0xC0, 0x250))
print(table(0x1E00, 0x1F00))
