import SignalSync

/// A disposable that, in debug builds, reports a leak when it is deallocated without
/// ever having been disposed.
///
/// Returned by `Signal.startStrict`. The report is an `assertionFailure` with
/// "Leaked disposable <inner> from <file>:<line>"; release builds skip the check.
/// Every `dispose()` is forwarded to the inner disposable, which is retained until the
/// `StrictDisposable` itself goes away.
public final class StrictDisposable: Disposable, @unchecked Sendable {
    // Safety: `disposed` is an atomic flag; the rest is immutable.
    private let disposable: Disposable
    private let file: String
    private let line: Int
    private let disposed = Atomic(value: false)

    /// Wraps `disposable`, remembering where it was created.
    public init(_ disposable: Disposable, file: String, line: Int) {
        self.disposable = disposable
        self.file = file
        self.line = line
    }

    /// Records the disposal and forwards it to the inner disposable.
    public func dispose() {
        disposed.swap(true)
        disposable.dispose()
    }

    deinit {
        #if DEBUG
            if !disposed.with({ $0 }) {
                assertionFailure("Leaked disposable \(disposable) from \(file):\(line)")
            }
        #endif
    }
}
