import SignalSync

/// A disposable that, in debug builds, reports a leak when it is deallocated without
/// ever having been disposed.
///
/// Returned by `Signal.startStrict`. The report is an `assertionFailure` with
/// "Leaked disposable <inner> from <file>:<line>: a subscription's handle from
/// startStrict was released without dispose(); keep the handle and call dispose() when
/// done, or use start(...) if the subscription may outlive its handle" (the original's
/// words, then what to do); release builds skip the check.
/// Every `dispose()` is forwarded to the inner disposable, which is retained until the
/// `StrictDisposable` itself goes away. (The core is shared with `SStrictDisposable`.)
public final class StrictDisposable: Disposable, @unchecked Sendable {
    // Safety: the core is immutable but its atomic flag.
    private let core: StrictDisposalCore<String>

    /// Wraps `disposable`, remembering where it was created.
    public init(_ disposable: Disposable, file: String, line: Int) {
        core = StrictDisposalCore(disposable, file: file, line: line, namesInner: true)
    }

    /// Records the disposal and forwards it to the inner disposable.
    public func dispose() {
        core.dispose()
    }
}
