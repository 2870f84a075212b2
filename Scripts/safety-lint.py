#!/usr/bin/env python3
"""Every unsafe construct in Sources says why it is safe.

An `Unmanaged`, `unsafeDowncast`, `_withUnsafeGuaranteedRef`, `unsafelyUnwrapped`,
`Unsafe...Pointer`, `@exclusivity(unchecked)`, `@unchecked Sendable`, `assumingMemoryBound`,
`withMemoryRebound`, `withUnsafe...` (`withUnsafeBytes`, `withUnsafeMutablePointer`, ...),
`unsafeBitCast` or `_getUnsafePointerToStoredProperties` needs a `Safety:` comment on its
line, at the head of its paragraph (the lines above it up to a blank line: one comment may
cover a group of declarations), or (for a declaration that opens a body, or a closure
after its parameters) in the comment lines that open the body: the invariant it relies on
and the test that pins it. Lines inside comments and strings do not count as uses.

A note that points elsewhere names what it points to: a comment that says "see
above" or "see below", or "as above" or "as below" after no name, is rejected; say "see
`init`'s Safety note", "as for `storage` above" or "`emit` as above".

    Scripts/safety-lint.py            # list the uses without a Safety: comment; exit 1 if any
    Scripts/safety-lint.py --count    # how many uses of each construct, with and without
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")
CONSTRUCTS = {
    "Unmanaged": re.compile(r"\bUnmanaged\b"),
    "unsafeDowncast": re.compile(r"\bunsafeDowncast\b"),
    "_withUnsafeGuaranteedRef": re.compile(r"\b_withUnsafeGuaranteedRef\b"),
    "unsafelyUnwrapped": re.compile(r"\bunsafelyUnwrapped\b"),
    "Unsafe...Pointer": re.compile(r"\bUnsafe(?:Mutable)?(?:Raw)?(?:Buffer)?Pointer\b"),
    "@exclusivity(unchecked)": re.compile(r"@exclusivity\(unchecked\)"),
    "@unchecked Sendable": re.compile(r"@unchecked\s+Sendable\b"),
    "assumingMemoryBound": re.compile(r"\bassumingMemoryBound\b"),
    "withMemoryRebound": re.compile(r"\bwithMemoryRebound\b"),
    "withUnsafe...": re.compile(r"\bwithUnsafe\w*"),
    "unsafeBitCast": re.compile(r"\bunsafeBitCast\b"),
    "_getUnsafePointerToStoredProperties": re.compile(r"\b_getUnsafePointerToStoredProperties\b"),
}
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')
# The end of a line that opens a body: a brace, or a closure's parameters after one.
OPENS_BODY = re.compile(r"\{(?:\s*[\w\s,()]+\s+in)?$")
# A pointer to another note that does not name it ("`emit` as above" names it).
BARE_REFERENCE = re.compile(r"\bsee\s+(?:above|below)\b|(?<!`\s)\bas\s+(?:above|below)\b", re.I)


def is_comment(line):
    return line.lstrip().startswith("//")


def code_of(line):
    """The line without its string literals and its trailing comment."""
    code = STRING.sub('""', line)
    return code.split("//", 1)[0]


def has_safety(lines, index):
    """A Safety: comment on the line, at the head of its paragraph (the lines above it up
    to a blank line), or opening the body of the declaration it is part of."""
    if "Safety:" in lines[index]:
        return True
    above = index - 1
    while above >= 0 and lines[above].strip():
        if is_comment(lines[above]) and "Safety:" in lines[above]:
            return True
        above -= 1
    # A declaration or a closure that opens a body (on this line or within the next two;
    # a closure's after its parameters, `{ raw in`): the comment lines that open the body.
    for opening in range(index, min(index + 3, len(lines))):
        if OPENS_BODY.search(code_of(lines[opening]).rstrip()):
            below = opening + 1
            while below < len(lines) and is_comment(lines[below]):
                if "Safety:" in lines[below]:
                    return True
                below += 1
            break
    return False


def swift_files():
    """(path, lines) of every Swift file in Sources."""
    for folder, _, files in os.walk(ROOT):
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                with open(path) as file:
                    yield path, file.read().split("\n")


def uses():
    for path, lines in swift_files():
        for index, line in enumerate(lines):
            if is_comment(line):
                continue
            code = code_of(line)
            for construct, pattern in CONSTRUCTS.items():
                if pattern.search(code):
                    yield os.path.relpath(path, os.path.join(ROOT, "..")), index + 1, construct, has_safety(lines, index)


def bare_references():
    """The comment lines in Sources that point above or below without naming what."""
    for path, lines in swift_files():
        for index, line in enumerate(lines):
            comment = line.lstrip() if is_comment(line) else line[len(code_of(line)) :]
            if BARE_REFERENCE.search(comment):
                yield os.path.relpath(path, os.path.join(ROOT, "..")), index + 1


def main():
    found = list(uses())
    if "--count" in sys.argv:
        for construct in CONSTRUCTS:
            with_safety = sum(1 for _, _, c, safe in found if c == construct and safe)
            total = sum(1 for _, _, c, _ in found if c == construct)
            print(f"{construct:<36} {total:>4} uses, {total - with_safety:>4} without a Safety: comment")
        return 0
    missing = [(path, line, construct) for path, line, construct, safe in found if not safe]
    for path, line, construct in missing:
        print(f"{path}:{line}: {construct} without a // Safety: comment (the invariant and the test that pins it)")
    bare = list(bare_references())
    for path, line in bare:
        print(f"{path}:{line}: a bare \"see above\" or \"see below\": name what it points to (\"see `init`'s Safety note\")")
    if missing:
        print(f"safety-lint: {len(missing)} unsafe uses without a Safety: comment")
    if bare:
        print(f"safety-lint: {len(bare)} comments that point above or below without naming what")
    if missing or bare:
        return 1
    print(f"safety-lint: all {len(found)} unsafe uses say why they are safe")
    return 0


if __name__ == "__main__":
    sys.exit(main())
