/// The transitions of a hot pipe or value cell: the subscribers, the replayed value and
/// who delivers to a subscriber that is still receiving its replay. The engine under
/// `ValuePipe`, `SPipe` (both replay kinds), `Promise`, `ValuePromise` and `SVariable`.
///
/// A value type with no side effects: every transition runs under the storage's lock
/// (`PipeHubEngine`) and returns what the storage does after unlocking. `Subscriber` is
/// the subscriber's handle (a closure for the storage, a string in the tests); the
/// machine never calls it.
///
/// What a subscriber receives: on a hub without replay, every value whose push is
/// recorded after it was added; on a replaying hub, the value current when it was added,
/// then the newest of the values recorded during that replay (the older ones are
/// skipped), then every later value. Its values come one at a time, the replay first, so
/// the newest value is never lost. Pushes from different threads to a live subscriber are
/// delivered concurrently, in no defined order (as everywhere in both APIs).
///
/// Who delivers during a replay (owned, unowned, live), why the subscribing thread's work
/// stays bounded, and why no transition copies a value: `HotSources/NOTES.md`.
@usableFromInline package struct PipeHubMachine<Value, Subscriber> {
    /// How a hub starts.
    @usableFromInline package enum Start {
        /// A pipe without replay.
        case silent
        /// Replays, but nothing has been pushed yet.
        case empty
        /// Replays this value.
        case holding(Value)
    }

    /// What the hub replays to a new subscriber (the value itself is `held`).
    @usableFromInline package enum State {
        /// A pipe without replay.
        case silent
        /// Replays, but nothing has been pushed (or the value was cleared).
        case empty
        /// Replays `held`.
        case holding
        /// Closed by its owner (the pipe went away): adds are refused, nothing is replayed.
        case closed
    }

    /// A value a push left in the pending slots of the subscribers that are not live.
    @usableFromInline package final class PendingValue {
        /// The value.
        @usableFromInline package let value: Value

        @inlinable init(_ value: Value) {
            self.value = value
        }
    }

    /// A value left for a subscriber that is not live.
    @usableFromInline package struct Pending {
        /// The sequence number of the push that left it.
        @usableFromInline package let sequence: Int
        /// The value.
        @usableFromInline package let value: PendingValue
        /// True until that push has ended (`pushEnded`).
        @usableFromInline package var pusherRunning: Bool

        @inlinable init(sequence: Int, value: PendingValue, pusherRunning: Bool) {
            self.sequence = sequence
            self.value = value
            self.pusherRunning = pusherRunning
        }
    }

    /// Who delivers to a subscriber.
    @usableFromInline package enum Delivery {
        /// Every push delivers to it directly.
        case live
        /// One thread delivers to it (its replay, then handed-over values); pushes leave
        /// their value in `pending`.
        case owned(pending: Pending?)
        /// Nobody delivers right now: the push that left `pending` takes it over when it
        /// ends.
        case unowned(Pending)
    }

    /// One subscriber (its key is its key in `entries`).
    @usableFromInline package struct Entry {
        /// The handle the storage calls.
        @usableFromInline package let subscriber: Subscriber
        /// Who delivers to it.
        @usableFromInline package var delivery: Delivery

        @inlinable init(subscriber: Subscriber, delivery: Delivery) {
            self.subscriber = subscriber
            self.delivery = delivery
        }
    }

    /// A value for a subscriber that the storage's thread now owns.
    @usableFromInline package struct Handover {
        /// The subscriber's key (for `ownerFinished`).
        @usableFromInline package let key: Int
        /// Whom to call.
        @usableFromInline package let subscriber: Subscriber
        /// What to deliver.
        @usableFromInline package let value: PendingValue

        @inlinable init(key: Int, subscriber: Subscriber, value: PendingValue) {
            self.key = key
            self.subscriber = subscriber
            self.value = value
        }
    }

    /// What `add` decided.
    @usableFromInline package enum AddAction {
        /// Added live: nothing to replay.
        case added(key: Int)
        /// Added owned by the caller: deliver `replayed` (read in the same lock section)
        /// to the new subscriber, then report `ownerFinished(key)`.
        case replay(key: Int)
        /// Not added: the hub is closed (release the subscriber outside the lock).
        case refused
    }

    /// What `close` took out (released by the storage outside the lock).
    @usableFromInline package enum CloseAction {
        /// Every subscriber, with any values left for them, and the value that was
        /// replayed.
        case release(OrderedSlots<Entry>, held: Held)
        /// Nothing: the hub was closed already.
        case alreadyClosed
    }

    /// What `remove` took out (released by the storage outside the lock).
    @usableFromInline package enum RemoveAction {
        /// No subscriber had that key.
        case unknown
        /// The subscriber and any value left for it.
        case removed(Subscriber, dropped: PendingValue?)
    }

    /// What `push` decided.
    @usableFromInline package enum PushAction {
        /// Deliver to `targets`, in order; `replaced` (the previous replayed value) is
        /// released first.
        case deliver(to: [Subscriber], replaced: Held)
        /// As `deliver`; some subscribers got the value in their pending slot instead
        /// (`dropped` are the values it replaced there): report `pushEnded(sequence)`
        /// after delivering.
        case deliverThenEnd(sequence: Int, to: [Subscriber], replaced: Held, dropped: [PendingValue])
    }

    /// What `pushEnded` decided.
    @usableFromInline package enum PushEndedAction {
        /// Nothing more for this push.
        case done
        /// This push's thread now owns these subscribers: deliver each value, then report
        /// `ownerFinished` for its key.
        case deliver([Handover])
    }

    /// What `ownerFinished` decided.
    @usableFromInline package enum OwnerAction {
        /// The owner is done with this subscriber.
        case released
        /// Deliver the value to `subscriber`, then report `ownerFinished` again.
        case deliver(Subscriber, PendingValue)
    }

    /// What is replayed.
    @usableFromInline var state: State
    /// The value replayed while `state` is `.holding`; nothing otherwise.
    @usableFromInline package var held = Held(nil)
    /// Every subscriber under the key `add` returned, in subscription order (adding and
    /// removing cost the same whatever their number).
    @usableFromInline var entries = OrderedSlots<Entry>()
    /// Every entry's subscriber, in entry order, once made (see `subscribers`); nil after a
    /// removal.
    @usableFromInline var snapshot: [Subscriber]?
    /// The number of entries that are not live.
    @usableFromInline var notLive = 0
    /// The number of pushes recorded.
    @usableFromInline var sequence = 0
    /// The subscriber snapshots withdrawn from lock-free pushes (hubs without replay, see
    /// `PipeHubEngine`) and not yet released.
    @usableFromInline var withdrawn = PublicationMachine<PipeHubSnapshot<Subscriber>>()

    /// A hub started as `start` says, with no subscribers.
    @inlinable package init(_ start: Start) {
        switch start {
        case .silent:
            state = .silent
        case .empty:
            state = .empty
        case .holding(let value):
            state = .holding
            held = Held(value)
        }
    }

    /// The value a subscriber added now receives first; nil when there is none.
    @inlinable package var replayed: Value? {
        held.value
    }

    /// Every entry's subscriber, in entry order: the snapshot a push takes while every
    /// entry is live (shared storage, so a push copies nothing). Made by the first read
    /// after a removal (a push: its cost is one more pass over the subscribers it delivers
    /// to), kept up to date by `add`, so that neither `add` nor `remove` copies the list.
    @inlinable package var subscribers: [Subscriber] {
        mutating get {
            if let snapshot { return snapshot }
            var made: [Subscriber] = []
            made.reserveCapacity(entries.count)
            entries.forEach { _, entry in made.append(entry.subscriber) }
            snapshot = made
            return made
        }
    }

    /// How many values wait in pending slots (at most one per subscriber): the bound on
    /// what the hub holds for subscribers, for the tests.
    package var pendingCount: Int {
        var count = 0
        entries.forEach { _, entry in
            switch entry.delivery {
            case .live, .owned(pending: nil): break
            case .owned(pending: .some), .unowned: count += 1
            }
        }
        return count
    }

    /// Adds `subscriber` after the others; owned by the caller when there is a value to
    /// replay.
    @inlinable package mutating func add(_ subscriber: Subscriber) -> AddAction {
        switch state {
        case .silent, .empty:
            snapshot?.append(subscriber)
            return .added(key: entries.append(Entry(subscriber: subscriber, delivery: .live)))
        case .holding:
            snapshot?.append(subscriber)
            let key = entries.append(Entry(subscriber: subscriber, delivery: .owned(pending: nil)))
            notLive += 1
            return .replay(key: key)
        case .closed:
            return .refused
        }
    }

    /// Removes the subscriber with `key`, with any value left for it.
    @inlinable package mutating func remove(_ key: Int) -> RemoveAction {
        guard let slot = entries.slot(of: key) else { return .unknown }
        let entry = entries.remove(slot: slot)
        snapshot = nil
        switch entry.delivery {
        case .live:
            return .removed(entry.subscriber, dropped: nil)
        case .owned(let pending):
            notLive -= 1
            return .removed(entry.subscriber, dropped: pending?.value)
        case .unowned(let pending):
            notLive -= 1
            return .removed(entry.subscriber, dropped: pending.value)
        }
    }

    /// Closes the hub: takes every subscriber out and refuses later adds; a later push
    /// reaches nobody.
    @inlinable package mutating func close() -> CloseAction {
        if case .closed = state {
            return .alreadyClosed
        }
        state = .closed
        let taken = entries
        entries = OrderedSlots(firstKey: entries.nextKey)
        snapshot = nil
        notLive = 0
        return .release(taken, held: held.take())
    }

    /// Records `value` (as the replayed one, on a replaying hub) and decides who gets it:
    /// live subscribers directly, the others through their pending slot.
    @inlinable package mutating func push(_ value: Value) -> PushAction {
        sequence &+= 1
        let replaced = replay(value)
        if notLive == 0 {
            return .deliver(to: subscribers, replaced: replaced)
        }
        var targets: [Subscriber] = []
        var dropped: [PendingValue] = []
        let left = Pending(sequence: sequence, value: PendingValue(value), pusherRunning: true)
        entries.updateEach { _, entry in
            switch entry.delivery {
            case .live:
                targets.append(entry.subscriber)
            case .owned(let pending):
                if let pending { dropped.append(pending.value) }
                entry.delivery = .owned(pending: left)
            case .unowned(let pending):
                dropped.append(pending.value)
                entry.delivery = .unowned(left)
            }
        }
        return .deliverThenEnd(sequence: sequence, to: targets, replaced: replaced, dropped: dropped)
    }

    /// The push with `sequence` has delivered to its targets: the subscribers it left
    /// unowned are now its thread's; an owner of the others delivers its value.
    @inlinable package mutating func pushEnded(_ sequence: Int) -> PushEndedAction {
        var taken: [Handover] = []
        entries.updateEach { key, entry in
            switch entry.delivery {
            case .owned(pending: .some(var pending)) where pending.sequence == sequence:
                pending.pusherRunning = false
                entry.delivery = .owned(pending: pending)
            case .unowned(let pending) where pending.sequence == sequence:
                entry.delivery = .owned(pending: nil)
                taken.append(Handover(key: key, subscriber: entry.subscriber, value: pending.value))
            default:
                break
            }
        }
        return taken.isEmpty ? .done : .deliver(taken)
    }

    /// The owner of subscriber `key` has delivered a value: it goes on with the pending
    /// value when that value's push has ended; otherwise it lets go (see
    /// `HotSources/NOTES.md`).
    @inlinable package mutating func ownerFinished(_ key: Int) -> OwnerAction {
        var becameLive = false
        let action = entries.update(key) { entry -> OwnerAction in
            switch entry.delivery {
            case .owned(pending: nil):
                entry.delivery = .live
                becameLive = true
                return .released
            case .owned(pending: let pending?):
                if pending.pusherRunning {
                    entry.delivery = .unowned(pending)
                    return .released
                }
                entry.delivery = .owned(pending: nil)
                return .deliver(entry.subscriber, pending.value)
            case .live, .unowned:
                return .released  // not owned: nothing for the owner to do
            }
        }
        if becameLive {
            notLive -= 1
        }
        return action ?? .released  // removed meanwhile
    }

    /// Makes `value` the replayed one (unless the hub is silent) and returns what it
    /// replaced.
    @inlinable mutating func replay(_ value: Value) -> Held {
        switch state {
        case .silent, .closed:
            return Held(nil)
        case .empty:
            state = .holding
            held = Held(value)
            return Held(nil)
        case .holding:
            let previous = held.take()
            held = Held(value)
            return previous
        }
    }
}
