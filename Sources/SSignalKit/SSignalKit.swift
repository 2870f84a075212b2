// The original's module name for the untyped API: `import SSignalKit` gives every name of
// SSignalKit as Swift code spells it (`SSignal`, `SSubscriber`, the disposables, `SVariable`,
// `SPipe`, `SQueue`, `STimer`, `SThreadPool`, `SAtomic`, `SBag`, ...), and qualified names
// such as `SSignalKit.SSignal` resolve. The names live in SUntypedSignal and SignalSync.
@_exported import SUntypedSignal
@_exported import SignalSync
