import SignalSyncStack
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Something that can say whether its subscription has ended.
@usableFromInline
package protocol SubscriptionProbe: AnyObject {
    /// True once the subscription received a terminal event or was disposed.
    ///
    /// Must be monotonic: once true, it stays true. `GenerationScope` relies on that to
    /// remember an ended subscription instead of asking it again.
    var hasEnded: Bool { get }

    /// Called with true just before this probe's generator runs inside
    /// `GenerationScope.run`, and with false once it has returned. A probe that returns
    /// true promises to call `GenerationScope.noteEnded()` when it ends while marked;
    /// checks then skip asking it. The default returns false: checks keep asking.
    func markInScope(_ inScope: Bool) -> Bool
}

extension SubscriptionProbe {
    /// Does not report its ending: `GenerationScope` asks it at every check.
    package func markInScope(_ inScope: Bool) -> Bool {
        false
    }
}

/// The subscriptions whose generators are running on the current thread, innermost last.
///
/// A signal's generator runs synchronously inside `start`; while it runs, the handle of
/// that subscription does not exist yet, so an operator further down that ends the
/// subscription (a `take` reaching its count) cannot reach a synchronous loop further
/// up (a `restart` over a source that completes at once). Each `start` runs its
/// generator inside `GenerationScope.run`, and such loops ask
/// `GenerationScope.enclosingHasEnded` before starting another synchronous iteration.
///
/// Cost: `run` is O(1) (one thread-local lookup, one push, one pop, and the probe's
/// mark). A check is O(1) amortized when every probe on the stack reports its ending (the
/// subscription cores do): a probe is asked once, when it is first checked; afterwards
/// only a global count of "a marked probe ended" (`noteEnded`) is read, and the stack is
/// scanned again only when that count moved. A stack holding a probe that does not
/// report is scanned at every check (innermost first, stopping at the first ended one,
/// and an ended entry is remembered while it stays on the stack). Only synchronous
/// restart loops check (`restart`, `restartIfError`, `retryIf`, `feedbackLoop` and the
/// untyped `restart`), once per synchronous iteration; plain nesting (`then`,
/// `deferred`, operator chains) never does.
@usableFromInline
package enum GenerationScope {
    /// One thread's stack.
    ///
    /// `endedFloor` is the index of an entry seen ended (`Int.max` when none
    /// is known); since an ended probe stays ended, every check made while that entry is
    /// on the stack is true without asking any probe.
    ///
    /// Safety: one thread at a time uses a stack (its own, or the stack a fresh-stack
    /// thread adopts while the owner waits for it), so the runtime exclusivity checks
    /// are turned off: they cost more than the push and pop themselves. The entries live
    /// in a buffer of the stack's own rather than an array, for the same reason (no
    /// uniqueness check per push and pop).
    private final class Stack {
        /// A probe on the stack, held unretained: the `run` that pushed it holds it until
        /// it pops it.
        struct Entry {
            unowned(unsafe) let probe: SubscriptionProbe
        }

        /// The entries, innermost last: `count` of them in a buffer of `capacity`.
        @exclusivity(unchecked) var entries = UnsafeMutablePointer<Entry>.allocate(capacity: 16)
        @exclusivity(unchecked) var count = 0
        @exclusivity(unchecked) var capacity = 16
        /// How many probes on the stack do not report their ending.
        @exclusivity(unchecked) var silentCount = 0
        @exclusivity(unchecked) var endedFloor = Int.max
        /// The entries below this index were seen not ended when `noteEnded`'s count
        /// read `scannedEpoch`.
        @exclusivity(unchecked) var scannedCount = 0
        @exclusivity(unchecked) var scannedEpoch = -1

        deinit {
            entries.deallocate()
        }

        /// Pushes `probe`, which `reports` its ending or not (`markInScope`).
        func push(_ probe: SubscriptionProbe, reports: Bool) {
            if count == capacity {
                grow()
            }
            (entries + count).initialize(to: Entry(probe: probe))
            count += 1
            if !reports { silentCount += 1 }
        }

        /// Doubles the buffer.
        @inline(never)
        private func grow() {
            let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: entries, count: count)
            entries.deallocate()
            entries = larger
            capacity *= 2
        }

        /// Pops the innermost probe, pushed with `reports`.
        func pop(reports: Bool) {
            count -= 1
            if !reports { silentCount -= 1 }
            if endedFloor >= count {
                endedFloor = Int.max
            }
            if scannedCount > count {
                scannedCount = count
            }
        }

        /// Every probe reports: asks only the entries pushed since the last scan, unless
        /// a marked probe ended since then (anywhere), which rescans the stack.
        private var reportingStackHasEnded: Bool {
            let epoch = GenerationScope.endings.load(ordering: .sequentiallyConsistent)
            var index = epoch == scannedEpoch ? scannedCount : 0
            while index < count {
                if entries[index].probe.hasEnded {
                    endedFloor = index
                    return true
                }
                index += 1
            }
            scannedEpoch = epoch
            scannedCount = count
            return false
        }

        var anyEnded: Bool {
            if endedFloor < count { return true }
            if silentCount == 0 {
                return reportingStackHasEnded
            }
            // Innermost first: the subscription a synchronous loop ends is usually a
            // few stages downstream of it, so a scan that finds one usually stops early.
            var index = count - 1
            while index >= 0 {
                if entries[index].probe.hasEnded {
                    endedFloor = index
                    return true
                }
                index -= 1
            }
            return false
        }
    }

    /// Owns each thread's stack (one reference, released when the thread exits); the
    /// thread-local `signalsync_generation_scope` points at it for fast access.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            if signalsync_get_generation_scope() == raw {
                signalsync_set_generation_scope(nil)
            }
            Unmanaged<AnyObject>.fromOpaque(raw).release()
        }
        return key
    }()

    /// This thread's stack: one thread-local load once it exists.
    private static var stack: Unmanaged<Stack> {
        if let raw = signalsync_get_generation_scope() {
            return Unmanaged<Stack>.fromOpaque(raw)
        }
        return adopt(Stack())
    }

    /// Makes `stack` this thread's stack (the thread's key holds a reference to it).
    @inline(never)
    private static func adopt(_ stack: Stack) -> Unmanaged<Stack> {
        let owned = Unmanaged.passRetained(stack)
        pthread_setspecific(key, owned.toOpaque())
        signalsync_set_generation_scope(owned.toOpaque())
        return owned
    }

    /// How many probes ended while marked in a scope, ever (see `noteEnded`).
    static let endings = Synchronization.Atomic<Int>(0)

    /// Called by a probe that reports its ending, when it ends while marked in a scope:
    /// the next check on every thread rescans its stack.
    package static func noteEnded() {
        endings.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// Runs `body` (a generator) with `probe` as the innermost enclosing subscription.
    ///
    /// Generic over the probe, so that marking it in and out of scope is a direct call
    /// where the probe's type is known (the subscription cores), not a witness call on
    /// an entry of the stack (which would retain and release it).
    @inlinable @inline(__always)
    package static func run<Probe: SubscriptionProbe, R>(_ probe: Probe, _ body: () -> R) -> R {
        if StackGuard.isLow {
            return runOnFreshStack(probe, body)
        }
        let reports = probe.markInScope(true)
        let stack = push(probe, reports: reports)
        defer {
            pop(stack, reports: reports)
            _ = probe.markInScope(false)
        }
        return body()
    }

    /// Pushes `probe`, which `reports` its ending or not, on this thread's stack; returns
    /// the stack for `pop`.
    @usableFromInline
    static func push(_ probe: SubscriptionProbe, reports: Bool) -> UnsafeMutableRawPointer {
        let stack = self.stack
        stack._withUnsafeGuaranteedRef { $0.push(probe, reports: reports) }
        return stack.toOpaque()
    }

    /// Pops the innermost probe, pushed with `reports`, of the stack `push` returned.
    @usableFromInline
    static func pop(_ stack: UnsafeMutableRawPointer, reports: Bool) {
        Unmanaged<Stack>.fromOpaque(stack)._withUnsafeGuaranteedRef { $0.pop(reports: reports) }
    }

    /// `run` on a fresh stack (`StackGuard`) that adopts this thread's scope stack, so
    /// the loops inside still see every enclosing subscription; the caller waits.
    @usableFromInline
    static func runOnFreshStack<R>(_ probe: SubscriptionProbe, _ body: () -> R) -> R {
        let stack = self.stack.takeUnretainedValue()
        return StackGuard.onFreshStack {
            _ = adopt(stack)
            return run(probe, body)
        }
    }

    /// True when a subscription whose generator is running on this thread has ended
    /// (see the type's cost notes).
    package static var enclosingHasEnded: Bool {
        stack._withUnsafeGuaranteedRef { $0.anyEnded }
    }

    /// The number of subscriptions whose generators are running on this thread (tests).
    package static var depth: Int {
        stack._withUnsafeGuaranteedRef { $0.count }
    }
}
