import SignalSyncStack

/// The core of both APIs' strict disposables (`StrictDisposable`, `SStrictDisposable`):
/// the wrapped disposable, where it was created, and the debug-build leak report.
///
/// `dispose()` records the disposal (the flag is set once and never cleared) and forwards
/// every call to the wrapped disposable, which stays retained until the core goes away.
/// When the core is destroyed (with its strict disposable) in a debug build without ever
/// having been disposed, it reports "Leaked disposable [<inner> ]from <file>:<line>: " and
/// an explanation in the user's words (`StrictDisposalLeaks.explanation`) to
/// `StrictDisposalLeaks.reporter` when one is set, through `assertionFailure` otherwise.
/// Release builds skip the check.
package struct StrictDisposalCore<File: CustomStringConvertible>: ~Copyable, @unchecked Sendable {
    // Safety: every stored property is immutable but the flag, which is atomic; the
    // wrapped disposable is only ever disposed, which is thread-safe.
    private let inner: any UpstreamDisposable
    /// The file that created the strict disposable.
    package let file: File
    /// The line that created the strict disposable.
    package let line: Int
    private let namesInner: Bool
    // Safety: allocated and initialized by `init`, freed once by `deinit` (the core is not
    // copyable), only reached atomically in between. Pinned by
    // StrictDisposalCoreTests.testACoreDestroyedWithoutDisposalIsReportedOnce.
    /// The disposal flag, in a heap block of its own (allocated by `init`, freed by
    /// `deinit`) so that its address is fixed: strict disposables are few.
    private let disposedFlag: UnsafeMutablePointer<signalsync_atomic_bool>

    /// Wraps `inner`, created at `file`:`line`; `namesInner` puts the inner disposable's
    /// description in the leak report (the typed API's wording).
    package init(_ inner: any UpstreamDisposable, file: File, line: Int, namesInner: Bool) {
        self.inner = inner
        self.file = file
        self.line = line
        self.namesInner = namesInner
        disposedFlag = .allocate(capacity: 1)
        disposedFlag.initialize(to: signalsync_atomic_bool(value: false))
    }

    /// Set once disposed, never cleared.
    private var disposed: AtomicBoolView {
        AtomicBoolView(disposedFlag)
    }

    /// Records the disposal and forwards it to the wrapped disposable (every call).
    package func dispose() {
        disposed.store(true, ordering: .releasing)
        inner.dispose()
    }

    /// The text of the leak report: the originals' words (which the specs give), then
    /// what happened and what to do in the user's words.
    package var leakReport: String {
        let original = namesInner ? "Leaked disposable \(inner) from \(file):\(line)" : "Leaked disposable from \(file):\(line)"
        return original + ": " + StrictDisposalLeaks.explanation
    }

    deinit {
        #if DEBUG
            if !disposed.load(ordering: .acquiring) {
                StrictDisposalLeaks.report(leakReport)
            }
        #endif
        disposedFlag.deallocate()
    }
}

/// Where the leak reports of strict disposables go.
package enum StrictDisposalLeaks {
    /// What a leak report says after the originals' words: what was dropped, and what to
    /// do instead.
    package static let explanation =
        "a subscription's handle from startStrict was released without dispose(); keep the handle and call dispose() when done, "
        + "or use start(...) if the subscription may outlive its handle"

    /// Test hook: when set, a leak is reported to this closure instead of
    /// `assertionFailure`.
    package static let reporter = Atomic<((String) -> Void)?>(value: nil)

    /// Reports `message` to the hook, or fails an assertion when none is set.
    static func report(_ message: String) {
        if let reporter = reporter.with({ $0 }) {
            reporter(message)
        } else {
            assertionFailure(message)
        }
    }
}
