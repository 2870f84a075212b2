/// Something that can be torn down: a subscription, a timer, any resource.
///
/// Every disposable in this library is idempotent and thread-safe: a second
/// `dispose()` does nothing. Operators may dispose the same object more than once, so
/// a custom disposable must tolerate that too. Disposables are `Sendable`: any thread
/// may dispose them.
public protocol Disposable: AnyObject, Sendable {
    /// Releases the resource; later calls do nothing.
    func dispose()
}

/// The disposable that does nothing: one shared instance.
final class _EmptyDisposable: Disposable {
    func dispose() {}
}

/// A shared disposable whose `dispose()` does nothing; return it from a generator that
/// holds no resources. `EmptyDisposable === EmptyDisposable`. (Stateless, so sharing it
/// across threads is safe.)
public let EmptyDisposable: Disposable = _EmptyDisposable()

extension Disposable {
    /// Wraps `self` in a new `StrictDisposable` that, in debug builds, reports being
    /// deallocated without having been disposed.
    public func strict(file: String = #file, line: Int = #line) -> Disposable {
        StrictDisposable(self, file: file, line: line)
    }
}
