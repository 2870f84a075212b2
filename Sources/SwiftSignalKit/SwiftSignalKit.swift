// The original's module name for the typed API: `import SwiftSignalKit` gives every name
// of SwiftSignalKit (signals and operators, subscribers, disposables, promises and pipes,
// `Queue`, `Timer`, `ThreadPool`, `Atomic`, `Bag`, `QueueLocalObject`, `Multicast`, ...),
// and qualified names such as `SwiftSignalKit.Timer` and `SwiftSignalKit.Queue` resolve.
// Nothing is implemented here: the names live in STypedSignal and SignalSync.
@_exported import STypedSignal
@_exported import SignalSync
