import Dispatch
import SignalSyncStack

/// A subscription whose events wait in a `QueueLineEngine`: the line tells it when the
/// turn of its next events has come.
///
/// The delivery is a function without a context, called with the client, rather than an
/// overridden method: a generic subclass's override runs unspecialized (its vtable is
/// instantiated at run time) and looks up its types' metadata at every turn, while this
/// function is specialized where the client is built.
@usableFromInline
package class QueueLineClient: @unchecked Sendable {
    // Safety: immutable; the turns it delivers run on the queue, one at a time
    // (`QueueLineEngineTests`, `SerialHopEngineTests`).
    /// What `deliverEvents` runs, with this client.
    @usableFromInline let deliverTurn: (QueueLineClient) -> Void

    /// A client whose turns `deliverTurn` delivers.
    @inlinable
    package init(deliverTurn: @escaping (QueueLineClient) -> Void) {
        self.deliverTurn = deliverTurn
    }

    /// On the queue: delivers the events of the subscription's oldest turn, in order.
    package final func deliverEvents() {
        deliverTurn(self)
    }
}

/// The line of one queue: everything the library puts on the queue (work from `async`,
/// `justDispatch`, `sync`, timers, and the events of every `deliverOn` subscription)
/// runs in the order it was put, and one hop onto the underlying queue runs a whole
/// burst.
///
/// The storage of a `QueueLineMachine`: it takes the lock for each transition and runs
/// the turns after unlocking, on the queue (the hop runs there). A serial, main or
/// virtual `ExecutionQueue` has one line for all its users; a queue that is never
/// current (a concurrent or wrapped one) gives each `deliverOn` subscription a line of
/// its own, so that one subscription's events still run one at a time and in order.
@usableFromInline
package final class QueueLineEngine: QueueLinePutCount, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; `scheduleHop` is
    // immutable (`QueueLineEngineTests`, ThreadSanitizer).
    private let state = LockedState(QueueLineMachine<() -> Void, QueueLineClient>())
    private let scheduleHop: (@escaping () -> Void) -> Void

    /// A line whose hops `scheduleHop` puts on the underlying queue (one call per hop).
    package init(scheduleHop: @escaping (@escaping () -> Void) -> Void) {
        self.scheduleHop = scheduleHop
    }

    /// How many turns were ever put: unchanged means nothing was put since.
    @usableFromInline
    package var putCount: Int {
        puts.load(ordering: .sequentiallyConsistent)
    }

    /// Runs `work` on the queue after everything put before it.
    package func put(_ work: @escaping () -> Void) {
        if state.withLock({ publishing($0.put(work), $0.puts) }) == .scheduleHop {
            startHop()
        }
    }

    /// Puts the turn of `client`'s newest segment of events, after everything put before
    /// it; returns the put count right after it.
    @usableFromInline
    package func putTurn(of client: QueueLineClient) -> Int {
        let (action, count) = state.withLock { line in
            (publishing(line.putTurn(of: client), line.puts), line.puts)
        }
        if action == .scheduleHop {
            startHop()
        }
        return count
    }

    /// Publishes the put count (called under the lock) and passes `action` through.
    private func publishing<Action>(_ action: Action, _ count: Int) -> Action {
        puts.store(count, ordering: .sequentiallyConsistent)
        return action
    }

    /// Waits until everything put before this call has run and the queue is lent to the
    /// caller, who then runs its `sync` work on the queue and calls `endSyncTurn()`;
    /// turns put meanwhile wait for it.
    package func takeSyncTurn() {
        let turn = DispatchSemaphore(value: 0)
        if state.withLock({ publishing($0.lendForSync(wake: { turn.signal() }), $0.puts) }) == .waitForTurn {
            turn.wait()
        }
    }

    /// The `sync` caller's work returned: the turns that waited get a hop.
    package func endSyncTurn() {
        if state.withLock({ $0.syncReturned() }) == .scheduleHop {
            startHop()
        }
    }

    private func startHop() {
        scheduleHop { [self] in hop() }
    }

    /// On the queue: runs the turns waiting, in order, until the line is empty or a
    /// `sync` caller's turn comes (the queue is then lent to it).
    private func hop() {
        while case .run(var entries) = state.withLock({ $0.take() }) {
            for (index, entry) in entries.enumerated() {
                switch entry {
                case .work(let work):
                    work()
                case .events(let client):
                    client.deliverEvents()
                case .lendQueue(let wake):
                    state.withLock { $0.lend(remaining: entries[(index + 1)...]) }
                    wake()
                    return
                }
            }
            entries.removeAll(keepingCapacity: true)  // work and clients released here, unlocked
            state.withLock { $0.recycle(entries) }
        }
    }
}

/// The put count of a `QueueLineEngine`, the only stored property of this superclass of
/// it, so that its address is fixed (see `storedAtomicsAddress`).
@usableFromInline
package class QueueLinePutCount: @unchecked Sendable {
    // Safety: `putsStorage` is only accessed atomically, through `puts`, at the address
    // `storedAtomicsAddress` takes (`AtomicStorageAddressTests`).
    /// The storage of `puts`. Never read or written as a Swift property after `init`.
    @exclusivity(unchecked) final var putsStorage = signalsync_atomic_int()

    init() {
        checkStoredAtomicsAddress(of: self, &putsStorage)
    }

    // Safety: `putsStorage` is the class's only stored property, at the address
    // `storedAtomicsAddress` takes. Pinned by AtomicStorageAddressTests.testAQueueLinesPutCount.
    /// The machine's put count, published (under the lock) for readers that take no lock.
    final var puts: AtomicIntView {
        AtomicIntView(storedAtomicsAddress(of: self).assumingMemoryBound(to: signalsync_atomic_int.self))
    }
}
