import SignalSync

/// Something that can be torn down: a subscription, a timer, any resource.
///
/// Every disposable in this library is idempotent and thread-safe: a second
/// `dispose()` does nothing. Operators may dispose the same object more than once, so
/// a custom disposable must tolerate that too.
///
/// The protocol does not require `Sendable`, so ported classes with mutable state conform
/// as they are; every disposable of this library is `Sendable` (any thread may dispose
/// it), and a custom one that is disposed from other threads should be too.
public protocol Disposable: UpstreamDisposable {
    /// Releases the resource; later calls do nothing.
    func dispose()
}

/// The disposable that does nothing: one shared instance.
final class _EmptyDisposable: Disposable, Sendable {
    func dispose() {}
}

/// A shared disposable whose `dispose()` does nothing; return it from a generator that
/// holds no resources. `EmptyDisposable === EmptyDisposable`. (Stateless, so sharing it
/// across threads is safe.)
public let EmptyDisposable: Disposable & Sendable = _EmptyDisposable()

extension Disposable {
    /// Wraps `self` in a new `StrictDisposable` that, in debug builds, reports being
    /// deallocated without having been disposed.
    public func strict(file: String = #file, line: Int = #line) -> Disposable {
        StrictDisposable(self, file: file, line: line)
    }
}
