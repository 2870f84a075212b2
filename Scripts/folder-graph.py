#!/usr/bin/env python3
"""The folder dependency graph of SignalSync: which folders' types each folder names.

Each top-level folder of Sources/SignalSync is a room. A room depends on another when a
Swift file in it names a type (class, struct, enum, protocol, typealias or actor) that a
file of the other declares; comments and string literals are ignored. Prints the graph,
lower rooms first, and exits 1 when it has a cycle (a lower room must never name a type
of a higher one).

    Scripts/folder-graph.py                         # the graph; exit 1 on a cycle
    Scripts/folder-graph.py --dot                   # the graph in Graphviz's dot language
    Scripts/folder-graph.py --check-doc FILE.md     # exit 1 unless FILE.md holds the graph
    Scripts/folder-graph.py --write-doc FILE.md     # write the graph into FILE.md

A document holds the graph as the output of the first form, in a `text` code block between
the lines `<!-- folder-graph: begin -->` and `<!-- folder-graph: end -->`; a table of the
rooms in it (rows that open with a room's folder, "| `Core/` |") lists them in the graph's
order, lower rooms first.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "SignalSync")
# A top-level declaration (not indented: nested types and generic parameters are local).
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)\n]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|open|indirect)\s+)*"
    r"(?:class|struct|enum|protocol|typealias|actor)\s+([A-Z]\w*)",
    re.M,
)
COMMENT_OR_STRING = re.compile(r'//[^\n]*|/\*.*?\*/|"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"', re.S)
IDENTIFIER = re.compile(r"\b[A-Z]\w*\b")
DOC_BLOCK = re.compile(r"(<!-- folder-graph: begin -->\n)(.*?)(<!-- folder-graph: end -->)", re.S)
ROOM_ROW = re.compile(r"^\| `(\w+)/` \|", re.M)


def rooms():
    """Maps each room to the code of its Swift files (comments and strings removed)."""
    code = {}
    for folder, _, files in os.walk(ROOT):
        relative = os.path.relpath(folder, ROOT)
        room = relative.split(os.sep)[0] if relative != "." else "(top)"
        if room.endswith(".docc"):
            continue
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(folder, name)) as file:
                    code.setdefault(room, []).append(COMMENT_OR_STRING.sub(" ", file.read()))
    return {room: "\n".join(texts) for room, texts in code.items()}


def graph(code):
    """Maps each room to the set of other rooms whose types it names."""
    owner = {}
    for room, text in code.items():
        for name in DECLARATION.findall(text):
            owner.setdefault(name, room)
    edges = {room: set() for room in code}
    for room, text in code.items():
        for name in set(IDENTIFIER.findall(text)):
            other = owner.get(name)
            if other and other != room:
                edges[room].add(other)
    return edges


def layers(edges):
    """The rooms in dependency order (each after every room it names), or None on a cycle."""
    order, placed = [], set()
    while len(placed) < len(edges):
        ready = sorted(room for room in edges if room not in placed and edges[room] <= placed)
        if not ready:
            return None
        order += ready
        placed.update(ready)
    return order


def cycle(edges):
    """One cycle of the graph, as a list of rooms."""
    state, stack = {}, []

    def visit(room):
        state[room] = "open"
        stack.append(room)
        for other in sorted(edges[room]):
            if state.get(other) == "open":
                return stack[stack.index(other):] + [other]
            if other not in state:
                found = visit(other)
                if found:
                    return found
        stack.pop()
        state[room] = "done"
        return None

    for room in sorted(edges):
        if room not in state:
            found = visit(room)
            if found:
                return found
    return []


def report(edges):
    """The graph as the script prints it (each room and the rooms it names, lower rooms
    first, then the verdict), and whether it is acyclic."""
    order = layers(edges)
    lines = [f"{room:<12} -> {', '.join(sorted(edges[room])) or '(nothing)'}" for room in order or sorted(edges)]
    if order is None:
        lines.append("folder-graph: SignalSync's folders name each other in a cycle: " + " -> ".join(cycle(edges)))
    else:
        lines.append("folder-graph: acyclic")
    return "\n".join(lines) + "\n", order is not None


def document(path, text, order, write):
    """Checks (or, with write, rewrites) the graph block of the document at path, and checks
    the order of its table of rooms."""
    with open(path) as file:
        doc = file.read()
    rows = [room for room in ROOM_ROW.findall(doc) if room in order]
    ordered = rows == [room for room in order if room in rows]
    if not ordered:
        print(f"folder-graph: the table of rooms in {path} is not in the graph's order: {', '.join(rows)}")
        print(f"Order its rows as the graph does: {', '.join(order)}")
    match = DOC_BLOCK.search(doc)
    if not match:
        print(f"folder-graph: {path} has no block between <!-- folder-graph: begin --> and <!-- folder-graph: end -->")
        return 1
    block = "```text\n" + text + "```\n"
    if match.group(2) == block:
        return 0 if ordered else 1
    if write:
        with open(path, "w") as file:
            file.write(doc[: match.start(2)] + block + doc[match.end(2) :])
        print(f"folder-graph: wrote the graph into {path}")
        return 0 if ordered else 1
    print(f"folder-graph: the graph in {path} is not the script's output; it prints:")
    print(text, end="")
    print(f"To regenerate: python3 Scripts/folder-graph.py --write-doc {path}")
    return 1


def main():
    edges = graph(rooms())
    for option in ("--check-doc", "--write-doc"):
        if option in sys.argv:
            index = sys.argv.index(option)
            if index + 1 >= len(sys.argv):
                print(f"folder-graph: {option} needs a file")
                return 2
            text, acyclic = report(edges)
            status = document(sys.argv[index + 1], text, layers(edges) or [], option == "--write-doc")
            if not acyclic:
                print(text, end="")
                return 1
            return status
    if "--dot" in sys.argv:
        print("digraph SignalSync {")
        for room in sorted(edges):
            for other in sorted(edges[room]):
                print(f'  "{room}" -> "{other}";')
        print("}")
        return 0
    text, acyclic = report(edges)
    print(text, end="")
    return 0 if acyclic else 1


if __name__ == "__main__":
    sys.exit(main())
