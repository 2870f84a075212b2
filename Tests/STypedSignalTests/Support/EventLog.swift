import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

extension EventLog {
    /// Starts `signal` and records `next <v>`, `error <e>`, `completed`.
    @discardableResult
    func record<T, E>(_ signal: Signal<T, E>, prefix: String = "") -> Disposable {
        signal.start(
            next: { self.add("\(prefix)next \($0)") },
            error: { self.add("\(prefix)error \($0)") },
            completed: { self.add("\(prefix)completed") })
    }
}

/// Wraps `signal` so that each subscription logs `name.subscribe#n` before subscribing
/// and `name.dispose#n` when its disposable is disposed.
func traced<T, E>(_ name: String, _ log: EventLog, _ signal: Signal<T, E>) -> Signal<T, E> {
    Signal { subscriber in
        let number = log.nextNumber(for: name)
        log.add("\(name).subscribe#\(number)")
        let inner = signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
        return ActionDisposable {
            log.add("\(name).dispose#\(number)")
            inner.dispose()
        }
    }
}

/// A hot source for tests: a subscriber list that the test pushes into by hand.
final class ManualSource<T, E>: @unchecked Sendable {
    // Safety: `subscribers` is guarded by `mutex`; events are sent outside it.
    private let mutex = PosixLock()
    private let bag = Bag<Subscriber<T, E>>()

    /// The signal; each subscription registers until disposed.
    var signal: Signal<T, E> {
        Signal { subscriber in
            let key = self.mutex.withLock { self.bag.add(subscriber) }
            // Weak: a subscription nobody ends does not keep the source alive.
            return ActionDisposable { [weak self] in
                guard let self else { return }
                self.mutex.withLock { self.bag.remove(key) }
            }
        }
    }

    /// The number of live subscriptions.
    var subscriberCount: Int {
        mutex.withLock { bag.count }
    }

    private var snapshot: [Subscriber<T, E>] {
        mutex.withLock { bag.copyItems() }
    }

    func putNext(_ value: T) { snapshot.forEach { $0.putNext(value) } }
    func putError(_ error: E) { snapshot.forEach { $0.putError(error) } }
    func putCompletion() { snapshot.forEach { $0.putCompletion() } }
}

/// An object whose deallocation a test can observe through a weak reference.
final class Tracked: Sendable {}

/// A simple error type for tests.
struct TestError: Error, Equatable, CustomStringConvertible {
    let code: Int
    init(_ code: Int) { self.code = code }
    var description: String { "E\(code)" }
}

/// Logs `"<name> released"` to its log when deallocated; equal by name (a value type for
/// promises that compare values).
final class ReleaseProbe: Equatable, @unchecked Sendable {
    // Safety: immutable.
    let name: String
    let log: EventLog

    init(_ name: String, _ log: EventLog) {
        self.name = name
        self.log = log
    }

    deinit { log.add("\(name) released") }

    static func == (lhs: ReleaseProbe, rhs: ReleaseProbe) -> Bool { lhs.name == rhs.name }
}

/// The shared counting disposable, as a typed `Disposable`.
extension CountingDisposable: Disposable {}
