import SignalSync

/// A disposable that, in debug builds, reports a leak when it is deallocated without
/// ever having been disposed.
///
/// Returned by `SSignal.startStrict`. The report is an `assertionFailure` reading
/// "Leaked disposable from <file>:<line>: a subscription's handle from startStrict was
/// released without dispose(); keep the handle and call dispose() when done, or use
/// start(...) if the subscription may outlive its handle" (the original's words, then
/// what to do); release builds skip the check and the class
/// is a plain forwarder. Every `dispose()` is forwarded to the wrapped disposable. (The
/// core is shared with `StrictDisposable`.)
public final class SStrictDisposable: SDisposable, @unchecked Sendable {
    // Safety: the core is immutable but its atomic flag.
    private let core: StrictDisposalCore<StaticString>

    /// The file that created this disposable.
    public var file: StaticString { core.file }
    /// The line that created this disposable.
    public var line: Int { core.line }

    /// Test hook: when set, a leak is reported to this closure instead of
    /// `assertionFailure` (shared by both APIs' strict disposables).
    package static var leakReporter: Atomic<((String) -> Void)?> { StrictDisposalLeaks.reporter }

    /// Wraps `disposable`, remembering where it was created.
    public init(_ disposable: SDisposable, file: StaticString, line: Int) {
        core = StrictDisposalCore(disposable, file: file, line: line, namesInner: false)
    }

    /// Records the disposal and forwards it to the wrapped disposable.
    public func dispose() {
        core.dispose()
    }
}
