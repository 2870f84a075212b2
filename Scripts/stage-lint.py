#!/usr/bin/env python3
"""The stage model's counts (ARCHITECTURE.md, "The stage model"): they may only go down.

- Stage facts are read in one place: `Sources/SignalSync/Core/SignalStage.swift`. Elsewhere
  in Sources a signal's `stage` is only asked for a plan (`plan(for:)`, `stepJoin`,
  `naming`), never compared or switched on, and no checked cast to a stage's class stands
  in for the question (`as? MapSSignal`).
- One conversion to a hub's signal per face: the `joinedHub` accessor's `unsafeDowncast`.
- The subclasses of `SubscriptionCallbacks`, all of them (transitively): at most
  `MAX_CALLBACKS_SUBCLASSES` (four: the start's closures, a hub member's, the stage
  functions' base and `Stage`, whose heads and tails are the cases).

Prints what it finds; exits 1 on any finding.
"""

import glob
import re
import sys

MODEL = "Sources/SignalSync/Core/SignalStage.swift"
MAX_CALLBACKS_SUBCLASSES = 4
STAGE_CLASSES = r"(?:Single|Map|Fused|Hub|Converted|ClosureStarting)S?Signal"

sources = {path: open(path).read() for path in sorted(glob.glob("Sources/**/*.swift", recursive=True))}
findings = []


def code_lines(text):
    """(line number, line) of the code, comments stripped."""
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("//", 1)[0]
        if code.strip():
            yield number, code


fact_patterns = [
    (r"\bstage\s*(==|!=)\s*\.", "compares a stage (ask `plan(for:)`)"),
    (r"\bswitch\s+[\w.]*\bstage\s*\{", "switches on a stage (ask `plan(for:)`)"),
    (r"\b(isSingle|joinsHub|takesSteps|startsClosures|stepsJoinHub)\b", "reads a stage fact by name"),
    (r"\bas\?\s*" + STAGE_CLASSES + r"\b", "tests a stage with a checked cast (ask `plan(for:)`)"),
]
for path, text in sources.items():
    if path == MODEL:
        continue
    for number, code in code_lines(text):
        for pattern, what in fact_patterns:
            if re.search(pattern, code):
                findings.append(f"{path}:{number}: {what}: {code.strip()}")

for module in sorted({path.split("/")[1] for path in sources}):
    conversions = [
        f"{path}:{number}"
        for path, text in sources.items()
        if path.split("/")[1] == module
        for number, code in code_lines(text)
        if re.search(r"unsafeDowncast\([^)]*to:\s*HubS?Signal\b", code)
    ]
    if len(conversions) > 1:
        findings.append(f"{module}: {len(conversions)} unchecked conversions to a hub's signal (one, `joinedHub`): {', '.join(conversions)}")

# Class declarations and what they inherit from (the clause up to the opening brace).
declarations = {}
for path, text in sources.items():
    for match in re.finditer(r"\bclass\s+(\w+)(?:<[^{]*?>)?\s*:\s*([^{]*)\{", text):
        declarations[match.group(1)] = (path, match.group(2))
family = {"SubscriptionCallbacks"}
grew = True
while grew:
    grew = False
    for name, (_, inherits) in declarations.items():
        base = re.match(r"\s*(?:\w+\.)?(\w+)", inherits)
        if name not in family and base and base.group(1) in family:
            family.add(name)
            grew = True
subclasses = sorted(family - {"SubscriptionCallbacks"})
if len(subclasses) > MAX_CALLBACKS_SUBCLASSES:
    findings.append(
        f"{len(subclasses)} subclasses of SubscriptionCallbacks (at most {MAX_CALLBACKS_SUBCLASSES}): {', '.join(subclasses)}")

for finding in findings:
    print("stage lint: " + finding)
if findings:
    sys.exit(1)
print(f"stage lint: stage facts only in {MODEL}; one hub conversion per face; "
      f"{len(subclasses)} SubscriptionCallbacks subclasses (limit {MAX_CALLBACKS_SUBCLASSES})")
