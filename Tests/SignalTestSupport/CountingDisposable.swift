import Foundation
import SignalSync

/// A user disposable as ported code writes it: a plain class with mutable state, not
/// `Sendable`, not idempotent. It counts every `dispose()` (under a lock, so that threads
/// may dispose it at once) and runs `onDispose` at each; it runs `onRelease` when released. Given a log, it also logs `<name>.dispose` at each
/// `dispose()` and `<name> released` when released.
///
/// Its description is its name (a strict disposable's leak report names it so).
///
/// SignalTestSupport imports neither API: each API's test target conforms it to its
/// disposable protocol (`extension CountingDisposable: Disposable {}` in the typed one,
/// `extension CountingDisposable: SDisposable {}` in the untyped one).
public final class CountingDisposable: UpstreamDisposable, CustomStringConvertible {
    /// The name its log lines start with.
    public let name: String
    /// How many times `dispose()` ran.
    public var count: Int { lock.withLock { disposals } }
    // Safety of the count: `disposals` is guarded by `lock`.
    private var disposals = 0
    private let lock = NSLock()
    private let log: EventLog?
    private let onDispose: () -> Void
    private let onRelease: () -> Void

    public init(
        _ name: String = "disposable", log: EventLog? = nil, onDispose: @escaping () -> Void = {}, onRelease: @escaping () -> Void = {}
    ) {
        self.name = name
        self.log = log
        self.onDispose = onDispose
        self.onRelease = onRelease
    }

    public var description: String { name }

    public func dispose() {
        lock.withLock { disposals += 1 }
        log?.add("\(name).dispose")
        onDispose()
    }

    deinit {
        log?.add("\(name) released")
        onRelease()
    }
}
