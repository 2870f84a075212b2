import SignalSync

/// A disposable that, in debug builds, reports a leak when it is deallocated without
/// ever having been disposed.
///
/// Returned by `SSignal.startStrict`. The report is an `assertionFailure` reading
/// "Leaked disposable from <file>:<line>"; release builds skip the check and the class
/// is a plain forwarder. Every `dispose()` is forwarded to the wrapped disposable.
public final class SStrictDisposable: SDisposable, @unchecked Sendable {
    // Safety: `disposed` is an `Atomic`; the other properties are immutable.
    private let disposable: SDisposable
    private let disposed = Atomic(value: false)

    /// The file that created this disposable.
    public let file: StaticString
    /// The line that created this disposable.
    public let line: Int

    /// Test hook: when set, a leak is reported to this closure instead of
    /// `assertionFailure`.
    package static let leakReporter = Atomic<((String) -> Void)?>(value: nil)

    /// Wraps `disposable`, remembering where it was created.
    public init(_ disposable: SDisposable, file: StaticString, line: Int) {
        self.disposable = disposable
        self.file = file
        self.line = line
    }

    /// Records the disposal and forwards it to the wrapped disposable.
    public func dispose() {
        disposed.swap(true)
        disposable.dispose()
    }

    deinit {
        #if DEBUG
            if !disposed.with({ $0 }) {
                let message = "Leaked disposable from \(file):\(line)"
                if let reporter = Self.leakReporter.with({ $0 }) {
                    reporter(message)
                } else {
                    assertionFailure(message)
                }
            }
        #endif
    }
}
