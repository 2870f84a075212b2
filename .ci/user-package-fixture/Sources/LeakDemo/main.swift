// Drops a `startStrict` handle without `dispose()`: in a debug build the process stops
// with the leak report, which .ci/user-package reads from stderr. The argument picks the
// API: `typed` or `untyped`.
import STypedSignal
import SUntypedSignal

switch CommandLine.arguments.dropFirst().first {
case "typed":
    _ = Signal<Int, NoError>.never().startStrict(next: { _ in })  // dropped here (typed)
case "untyped":
    _ = SSignal.never().startStrict(next: { _ in })  // dropped here (untyped)
default:
    print("usage: LeakDemo typed|untyped")
}
print("the dropped handle was not reported")
