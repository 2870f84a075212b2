import SignalSync

/// Items under stable, increasing integer keys, in insertion order; not thread-safe.
/// Shared with the untyped library; see `SignalSync.Bag`.
public typealias Bag<T> = SignalSync.Bag<T>
