/// What a `combineLatest` face does with a value that a source produced, decided under
/// the engine's lock. (Public, like `CombineLatestMachine`, only so that the typed face
/// inlines the per-value step.)
public enum CombineValueStep: Sendable {
    /// The output already ended (a source failed or every source completed): drop it.
    case drop
    /// Store it in the source's slot; some slot still has no value, so nothing goes out.
    case hold
    /// Store it, then build the output from every slot and send it downstream.
    case emit
}

/// The transitions of `combineLatest` (typed) and `combineSignals` (untyped): which
/// slots have a value, which sources are still live, whether the output ended, and the
/// source subscriptions to dispose.
///
/// The machine keeps flags and counts only; each face keeps the values in its own slots,
/// guarded by the same lock (`CombineLatestEngine.state`), so that a typed face stores
/// them unboxed. Every transition runs under the lock and returns what the caller does
/// after unlocking. Public (its other members are `package`) only so that the per-value
/// step, `valueArrived(at:)`, is inlined into the typed face: package declarations are
/// not inlined across modules.
///
/// - Values: a slot is filled by its first value; once every slot is filled, each value
///   emits. Seeded slots start filled.
/// - Completion: once every source has completed (each source counts once).
/// - Error: the first one ends the output; later errors, values and completions drop.
/// - Disposal: disposes every source once, in index order. It does not end the output:
///   events a source sends while it is being disposed still pass (typed spec 1.7).
public struct CombineLatestMachine {
    /// Whether each slot holds a value.
    @usableFromInline var filled: [Bool]
    /// How many slots hold no value yet.
    @usableFromInline var missing: Int
    /// Whether each source has completed.
    private var completed: [Bool]
    /// How many sources have not completed yet.
    private var live: Int
    /// The output ended: an error was forwarded or every source completed.
    @usableFromInline var finished = false
    private var disposed = false
    private var handles: [(any UpstreamDisposable)?]

    /// `count` sources, of which the first `seeded` slots start with a value.
    package init(count: Int, seeded: Int) {
        precondition(count > 0, "combineLatest needs at least one source")
        let seeded = max(0, min(count, seeded))
        filled = Array(repeating: false, count: count)
        for index in 0..<seeded {
            filled[index] = true
        }
        missing = count - seeded
        completed = Array(repeating: false, count: count)
        live = count
        handles = Array(repeating: nil, count: count)
    }

    /// Source `index` produced a value: what to do with it.
    @inlinable @inline(__always)
    public mutating func valueArrived(at index: Int) -> CombineValueStep {
        if finished {
            return .drop
        }
        if missing != 0 {
            if !filled[index] {
                filled[index] = true
                missing -= 1
            }
            if missing != 0 {
                return .hold
            }
        }
        return .emit
    }

    /// Source `index` completed: true when the output completes now (the last live one).
    package mutating func sourceCompleted(at index: Int) -> Bool {
        if finished || completed[index] {
            return false
        }
        completed[index] = true
        live -= 1
        if live == 0 {
            finished = true
            return true
        }
        return false
    }

    /// A source failed: true when the error goes downstream (the first one).
    package mutating func sourceFailed() -> Bool {
        if finished {
            return false
        }
        finished = true
        return true
    }

    /// Whether the engine was disposed: a source not subscribed yet is then never
    /// subscribed.
    package var isDisposed: Bool { disposed }

    /// Keeps the subscription of source `index`; returns it when it must be disposed at
    /// once (the engine was disposed while it started).
    package mutating func attach(_ handle: any UpstreamDisposable, at index: Int) -> (any UpstreamDisposable)? {
        if disposed {
            return handle
        }
        handles[index] = handle
        return nil
    }

    /// Ends the engine: returns the source subscriptions to dispose, in index order
    /// (empty when already disposed).
    package mutating func dispose() -> [(any UpstreamDisposable)?] {
        if disposed {
            return []
        }
        disposed = true
        let all = handles
        handles = []
        return all
    }
}

/// The engine of `combineLatest` (typed) and `combineSignals` (untyped): the lock and the
/// `CombineLatestMachine` of one subscription. Each face subscribes its sources, keeps
/// their values in its slots (stored under this engine's lock through `receive`), and
/// sends what the engine's answers say after the lock is released.
package final class CombineLatestEngine: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`.
    package let state: LockedState<CombineLatestMachine>

    /// An engine for `count` sources (at least one), the first `seeded` of which start
    /// with a value.
    package init(count: Int, seeded: Int) {
        state = LockedState(CombineLatestMachine(count: count, seeded: seeded))
    }

    /// Source `index` completed: true when the face sends the completion now.
    package func sourceCompleted(at index: Int) -> Bool {
        state.withLock { $0.sourceCompleted(at: index) }
    }

    /// A source failed: true when the face forwards this error (the first one).
    package func sourceFailed() -> Bool {
        state.withLock { $0.sourceFailed() }
    }

    /// Whether the engine was disposed (a face then subscribes no further source).
    package var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    /// Keeps the subscription of source `index`, or disposes it at once when the engine
    /// was disposed while it started.
    package func attach(_ handle: any UpstreamDisposable, at index: Int) {
        let late = state.withLock { $0.attach(handle, at: index) }
        late?.dispose()
    }

    /// Disposes every source subscription once, in index order; later calls do nothing.
    package func dispose() {
        let handles = state.withLock { $0.dispose() }
        for handle in handles {
            handle?.dispose()
        }
    }
}
