import SignalSyncStack

/// The storage of a hot pipe (`ValuePipe`, `SPipe`) and of a value cell (under
/// `ValueCellEngine`): holds the `PipeHubMachine` under a lock and delivers what it decides
/// after unlocking, on the calling thread.
///
/// Delivery is synchronous, in subscription order. The machine's rules keep a new
/// subscriber's replay before every newer value without the subscribing thread ever
/// looping over a stream of pushes; the values pushed while a subscriber receives its
/// replay are coalesced to the newest (one slot per subscriber), so the hub's memory is
/// bounded whatever the rate of pushes. A push that nobody re-enters and that finds
/// every subscriber live takes one lock section and allocates nothing.
///
/// A hub without replay takes no lock at all to push: it publishes its subscribers as an
/// immutable snapshot (`PublicationEngine`), which a push reads inside a read epoch and
/// calls without retaining anything: one atomic operation to enter, one to leave, on a
/// cache line of the pushing thread's own (`ReadEpochs`), so two threads pushing to one
/// pipe do not wait for each other.
/// `add` and `remove` withdraw the snapshot under the lock; the next push publishes a
/// new one. A withdrawn snapshot (and the subscribers only it still holds) is released
/// once the pushes that could be reading it have returned, as a push holding its
/// subscriber list did before.
///
/// `Reentrancy` says what a push made from inside a delivery of the same hub, on the
/// delivering thread, does: pipes queue it (`.queued`: delivered by that thread once the
/// current value has reached every subscriber, so every subscriber sees push order, in
/// constant stack); value cells deliver it at once (`.immediate`, the originals' order).
/// Pushes from other threads are never queued and never wait: each thread delivers its
/// own.
///
/// No subscriber is called, and no value or subscriber is released, under the lock.
@usableFromInline package final class PipeHubEngine<Value>: PublicationAtomics, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; `reentrancy` and
    // `lockFree` are immutable; the publication is only accessed atomically, through
    // `snapshots` (whose machine is in `state`); a delivery frame is touched only by its
    // own thread.
    /// A subscriber: called with each value.
    @usableFromInline package typealias Deliver = (Value) -> Void
    /// A subscriber as the machine holds it.
    @usableFromInline package typealias Receiver = PipeHubReceiver<Value>
    /// The transitions this storage runs.
    @usableFromInline package typealias Machine = PipeHubMachine<Value, Receiver>

    /// What a push from inside a delivery of the same hub, on the delivering thread, does.
    @usableFromInline package enum Reentrancy: Sendable {
        /// Waits until the current value has reached every subscriber (pipes).
        case queued
        /// Is delivered at once, before the current value reaches later subscribers
        /// (value cells, as in the originals).
        case immediate
    }

    @usableFromInline let state: LockedState<Machine>
    @usableFromInline let reentrancy: Reentrancy
    /// True for a hub without replay: its pushes read `snapshots` without the lock.
    @usableFromInline let lockFree: Bool
    /// `remove`, specialized where this hub was made (a function without a context): a
    /// membership's `dispose()` is reached through the disposable's protocol, which runs
    /// the generic, unspecialized method, and calls this instead of `remove` (which,
    /// unspecialized, would look up the run-time metadata of the hub's generic types at
    /// every disposal: Benchmarks/PERFORMANCE.md, "Run-time metadata lookups"). Here once
    /// per hub rather than in every membership.
    @usableFromInline let removeSpecialized: (PipeHubEngine<Value>, Int) -> Void
    /// The subscribers of a hub without replay, as pushes read them without the lock:
    /// withdrawn by every `add` and `remove`, published again by the next push (under the
    /// lock), so subscribing many costs no copy per subscriber. Unused by replaying hubs,
    /// whose pushes record their value under the lock anyway. A view of the publication.
    @inlinable @inline(__always) var snapshots: PublicationEngine<PipeHubSnapshot<Receiver>> {
        PublicationEngine(publicationAddress)
    }

    /// A hub started as `start` says (`.silent` for a pipe without replay) with no
    /// subscribers.
    @inlinable package init(_ start: Machine.Start, reentrancy: Reentrancy) {
        if case .silent = start {
            lockFree = true
        } else {
            lockFree = false
        }
        self.state = LockedState(Machine(start))
        self.reentrancy = reentrancy
        removeSpecialized = { hub, key in hub.remove(key) }
        super.init()
        if lockFree {
            PublicationEngine<PipeHubSnapshot<Receiver>>.prepare(&publication)
        }
    }

    deinit {
        if lockFree {
            snapshots.release()
        }
    }

    /// Adds a subscriber and returns its key for `remove` (nil, releasing `deliver`, when
    /// the hub is closed). When there is a value to replay, `deliver` receives it before
    /// this returns, followed by the newest value pushed meanwhile if its push has already
    /// ended (a push still running delivers it).
    @inlinable @discardableResult
    package func add(_ deliver: @escaping Deliver) -> Int? {
        add(PipeHubClosureReceiver(deliver))
    }

    /// Adds `receiver` as a subscriber, as `add(_:)` adds a callback.
    ///
    /// The replay is read in the lock section that adds: a copy of the value or, for a
    /// value that is more than plain bits, the box that replays share (`Machine.Held`), so
    /// that no copy of such a value is made, nor destroyed, per subscriber.
    @inlinable @discardableResult
    package func add(_ receiver: Receiver) -> Int? {
        let action: Machine.AddAction
        if Machine.Held.sharesReplay {
            let (added, shared) = add(receiver, reading: { $0.held.shared() })
            action = added
            if let shared {
                receiver.deliver(shared.value)
            }
        } else {
            let (added, replayed) = add(receiver, reading: { $0.replayed })
            action = added
            if let replayed {
                receiver.deliver(replayed)
            }
        }
        switch action {
        case .added(let key):
            return key
        case .replay(let key):
            finishOwning(key)
            return key
        case .refused:
            return nil
        }
    }

    /// Adds `receiver` in one lock section and, when the machine says to replay, reads
    /// the replay there with `read`.
    @inlinable @inline(__always)
    func add<Replay>(_ receiver: Receiver, reading read: (inout Machine) -> Replay?) -> (Machine.AddAction, Replay?) {
        var replay: Replay?
        let (action, withdrawn) = state.withLock { machine in
            let action = machine.add(receiver)
            if case .replay = action {
                replay = read(&machine)
            }
            return (action, lockFree ? snapshots.withdraw(&machine.withdrawn) : [])
        }
        withExtendedLifetime(withdrawn) {}  // released outside the lock
        return (action, replay)
    }

    /// Removes the subscriber with `key`; a value already on its way to it may still
    /// arrive (the subscription drops it once disposed).
    @inlinable package func remove(_ key: Int) {
        let removed = state.withLock { machine in
            (machine.remove(key), lockFree ? snapshots.withdraw(&machine.withdrawn) : [])
        }
        withExtendedLifetime(removed) {}  // released outside the lock
    }

    /// Closes the hub, for its owner that goes away (a pipe): releases every subscriber,
    /// after unlocking, and refuses later ones. A subscription's membership holds the hub,
    /// and a subscriber holds its subscription: closing breaks that cycle.
    @inlinable package func close() {
        let (closed, withdrawn) = state.withLock { machine in
            (machine.close(), lockFree ? snapshots.withdraw(&machine.withdrawn) : [])
        }
        withExtendedLifetime((closed, withdrawn)) {}  // released outside the lock
    }

    /// Delivers `value` to every subscriber (see `Reentrancy` for a push from inside a
    /// delivery).
    @inlinable package func push(_ value: Value) {
        switch reentrancy {
        case .immediate:
            deliver(value, state.withLock { $0.push(value) })
        case .queued:
            pushQueued(value)
        }
    }

    /// The values waiting in pending slots (at most one per subscriber), for the tests.
    package var pendingCount: Int {
        state.withLock { $0.pendingCount }
    }

    /// Delivers a value whose push `action` the machine has decided: releases what it
    /// replaced, calls the targets, then reports the end of the push when it left values
    /// in pending slots.
    @inlinable func deliver(_ value: Value, _ action: consuming Machine.PushAction) {
        let (targets, sequence) = Self.targets(of: action)  // `replaced` is released here
        Receiver.deliver(value, to: targets)
        if let sequence {
            ended(sequence)
        }
    }

    /// The subscribers to call and, when the push left values in pending slots, its
    /// sequence number; drops what the push replaced.
    @inlinable static func targets(of action: consuming Machine.PushAction) -> (targets: [Receiver], sequence: Int?) {
        switch consume action {
        case .deliver(let targets, _):
            return (targets, nil)
        case .deliverThenEnd(let sequence, let targets, _, _):
            return (targets, sequence)
        }
    }

    /// The push with `sequence` has delivered: delivers to the subscribers it now owns.
    @usableFromInline func ended(_ sequence: Int) {
        guard case .deliver(let handovers) = state.withLock({ $0.pushEnded(sequence) }) else { return }
        for handover in handovers {
            handover.subscriber.deliver(handover.value.value)
            finishOwning(handover.key)
        }
    }

    /// This thread owns subscriber `key` and has delivered to it: goes on while the
    /// machine says so.
    @inlinable func finishOwning(_ key: Int) {
        while case .deliver(let subscriber, let pending) = state.withLock({ $0.ownerFinished(key) }) {
            subscriber.deliver(pending.value)
        }
    }

    // Safety: the thread's delivery frames are `DeliveryFrame`s, each on the stack of a
    // `pushQueued` that unlinks it before it returns (`signalsync_set_delivery_frame(top)`).
    // Pinned by PipeHubEngineTests.testReentrantPushesAreQueuedInPushOrder.
    /// A push on a queued hub: appended to this thread's frame when the thread is
    /// delivering for this hub already; otherwise delivered under a new frame, followed by
    /// the pushes queued on it meanwhile.
    @inlinable func pushQueued(_ value: Value) {
        let top = signalsync_get_delivery_frame()
        let me = ObjectIdentifier(self)
        var cursor = top
        while let raw = cursor {
            let frame = raw.assumingMemoryBound(to: DeliveryFrame.self)
            if frame.pointee.hub == me {
                enqueue(value, in: frame)
                return
            }
            cursor = frame.pointee.previous
        }
        var frame = DeliveryFrame(hub: me, previous: top)
        withUnsafeMutablePointer(to: &frame) { pointer in
            signalsync_set_delivery_frame(pointer)
            pushOnce(value)
            if pointer.pointee.queued != nil {
                drainQueue(of: pointer)
            }
            signalsync_set_delivery_frame(top)
        }
    }

    /// Delivers one push of a queued hub: without the lock when the hub has a published
    /// subscriber snapshot, otherwise through the machine (publishing the snapshot).
    @inlinable func pushOnce(_ value: Value) {
        if lockFree {
            let delivered: Void? = snapshots.withCurrent({ Receiver.deliver(value, to: $0.subscribers) }, reclaim: { reclaim() })
            if delivered != nil { return }
        }
        deliver(
            value,
            state.withLock { machine in
                if lockFree {
                    snapshots.publishIfWithdrawn { PipeHubSnapshot(machine.subscribers) }
                }
                return machine.push(value)
            })
    }

    /// The last push that could read a withdrawn snapshot has returned: releases what no
    /// push can read any more.
    @usableFromInline @inline(never) func reclaim() {
        let released = state.withLock { snapshots.collect(&$0.withdrawn) }
        withExtendedLifetime(released) {}  // released outside the lock
    }

    // Safety: (the two functions below) `frame` is this hub's delivery frame, on the
    // stack of the delivery running on this thread, which outlives every call made from
    // inside it; only this hub's pushes put a queue there, so it is a
    // `QueuedPushes<Value>` (`PipeHubEngineTests.testReentrantPushesAreQueuedInPushOrder`,
    // `testQueuedPushSnapshotsTheSubscribersAtItsTurn`).
    /// Appends a re-entrant push to `frame`'s queue (created at the first).
    @usableFromInline func enqueue(_ value: Value, in frame: UnsafeMutablePointer<DeliveryFrame>) {
        let queue = frame.pointee.queued.map { unsafeDowncast($0, to: QueuedPushes<Value>.self) } ?? QueuedPushes()
        queue.values.append(value)
        frame.pointee.queued = queue
    }

    /// Delivers the pushes queued on `frame`, first pushed first, including those queued
    /// while it runs.
    @usableFromInline func drainQueue(of frame: UnsafeMutablePointer<DeliveryFrame>) {
        // Safety: as for `enqueue` above.
        guard let queued = frame.pointee.queued else { return }
        let queue = unsafeDowncast(queued, to: QueuedPushes<Value>.self)
        while let next = queue.values.popFirst() {
            pushOnce(next)
        }
        frame.pointee.queued = nil
    }
}

/// A queued hub delivering on this thread right now (the innermost one is this thread's
/// `signalsync_delivery_frame`): lives on the delivering thread's stack, linked to the frame of the delivery it runs inside (another hub's), and holds
/// the pushes made re-entrantly on this thread (created at the first). Not generic, so a
/// push that nobody re-enters needs no runtime metadata lookup and allocates nothing.
@usableFromInline struct DeliveryFrame {
    // Safety: a frame is used only by the thread whose stack holds it, while its delivery
    // runs (`DeliveryFrame`'s users above; `PipeHubEngineTests`).
    @usableFromInline let hub: ObjectIdentifier
    @usableFromInline let previous: UnsafeMutableRawPointer?
    @usableFromInline var queued: AnyObject?

    @inlinable init(hub: ObjectIdentifier, previous: UnsafeMutableRawPointer?) {
        // Safety: `previous` is the frame below, as the type's note says.
        self.hub = hub
        self.previous = previous
        queued = nil
    }
}

/// The pushes made re-entrantly on one delivering thread, first made first.
@usableFromInline final class QueuedPushes<Value> {
    @usableFromInline var values = FIFO<Value>()

    @usableFromInline init() {}
}
