/// One shared source subscription for many subscribers, in both APIs: holds the
/// `ShareMachine` under a lock and performs its actions after unlocking.
///
/// A face creates it with three closures: `start` subscribes to the source for a run
/// (routing the source's values through `forEachReceiver` and its terminal event to
/// `finish`, both with the run's generation), `sendTerminal` gives a terminal event to one
/// subscriber, and `forget` (for a `.once` engine) removes the closed engine from its
/// owner's table. The face adds subscribers with `subscribe` and returns the membership as
/// the subscription's disposable. A replaying engine (`share(replay:)`) also takes
/// `sendNext`, which gives a replayed value to one subscriber, and `hasEnded`, which says
/// that a subscriber's subscription ended (its replay stops); its source's values come
/// through `forEachReceiver(recording:_:_:)`.
///
/// No closure runs, no subscriber is called and nothing is disposed while the lock is
/// held, so every method may be called from any thread and re-entrantly from inside the
/// closures and the subscribers' callbacks.
///
/// Inlinable, with its machine, so that a face runs it specialized for its subscriber type
/// (unspecialized, each join and leave would look up the run-time metadata of the
/// machine's phases, actions and subscriber list; measured: see
/// Benchmarks/PERFORMANCE.md, "Run-time metadata lookups"); a membership reaches it
/// through a function made here, not through a generic protocol witness.
@usableFromInline
package final class ShareEngine<Subscriber, Value, Terminal>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; the closures are
    // immutable and called after unlocking.
    /// The transitions, with the source subscription as the handle.
    @usableFromInline package typealias Machine = ShareMachine<Subscriber, Value, Terminal, any UpstreamDisposable>
    /// Subscribes to the source for run `generation` of the engine.
    @usableFromInline package typealias Start = (ShareEngine, _ generation: Int) -> any UpstreamDisposable

    /// The machine, reached only through `withLock`.
    @usableFromInline let state: LockedState<Machine>
    /// Subscribes to the source for a run.
    @usableFromInline let start: Start
    /// Gives a terminal event to one subscriber.
    @usableFromInline let sendTerminal: (Subscriber, Terminal) -> Void
    /// Removes a closed `.once` engine from its owner's table.
    @usableFromInline let forget: ((ShareEngine) -> Void)?
    /// Gives a replayed value to one subscriber (a replaying engine only).
    @usableFromInline let sendNext: ((Subscriber, Value) -> Void)?
    /// True once a subscriber's subscription ended (a replaying engine only).
    @usableFromInline let hasEnded: ((Subscriber) -> Bool)?

    /// An idle engine that starts runs with `start`.
    @usableFromInline package init(
        reuse: Machine.Reuse, start: @escaping Start, sendTerminal: @escaping (Subscriber, Terminal) -> Void,
        forget: ((ShareEngine) -> Void)? = nil
    ) {
        state = LockedState(Machine(reuse: reuse))
        self.start = start
        self.sendTerminal = sendTerminal
        self.forget = forget
        sendNext = nil
        hasEnded = nil
    }

    /// An idle engine that starts runs with `start` and replays each run's last `replay`
    /// values to a joining subscriber with `sendNext` (stopping when `hasEnded` says its
    /// subscription ended). The source's values must come through
    /// `forEachReceiver(recording:_:_:)`.
    @usableFromInline package init(
        reuse: Machine.Reuse, replay: Int, start: @escaping Start, sendNext: @escaping (Subscriber, Value) -> Void,
        sendTerminal: @escaping (Subscriber, Terminal) -> Void, hasEnded: @escaping (Subscriber) -> Bool
    ) {
        state = LockedState(Machine(reuse: reuse, replay: replay))
        self.start = start
        self.sendTerminal = sendTerminal
        self.forget = nil
        self.sendNext = sendNext
        self.hasEnded = hasEnded
    }

    /// Adds `subscriber` (starting the source if it is the first) and returns its
    /// membership, whose `dispose()` makes it leave. When the source has terminated, the
    /// subscriber receives the terminal event before this returns. Nil when a `.once`
    /// engine is closed: the owner uses a new engine.
    @inlinable package func subscribe(_ subscriber: Subscriber) -> ShareMembership? {
        switch state.withLock({ $0.subscribe(subscriber) }) {
        case .start(let generation, let key):
            let handle = start(self, generation)
            if case .dispose(let late) = state.withLock({ $0.started(generation, handle: handle) }) {
                late.dispose()
            }
            return membership(key)
        case .joined(let key):
            return membership(key)
        case .joinedReplaying(let key):
            replay(to: subscriber, key)
            return membership(key)
        case .replay(let terminal):
            sendTerminal(subscriber, terminal)
            return ShareMembership(engine: nil, key: 0, leave: nil)
        case .rejected:
            return nil
        }
    }

    /// Calls `body` with each subscriber of run `generation`, in subscription order (with
    /// nobody when that run is over): where the face delivers a value of the source.
    @inlinable package func forEachReceiver(_ generation: Int, _ body: (Subscriber) -> Void) {
        guard case .deliver(let receivers) = state.withLock({ $0.next(generation) }) else { return }
        for receiver in receivers {
            body(receiver)
        }
    }

    /// `forEachReceiver(_:_:)` for a replaying engine: keeps `value` for later subscribers
    /// and queues it for those receiving their replay, then calls `body` with each other
    /// subscriber of run `generation`, in subscription order.
    @inlinable package func forEachReceiver(recording value: Value, _ generation: Int, _ body: (Subscriber) -> Void) {
        guard case .deliver(let receivers) = state.withLock({ $0.next(value, generation) }) else { return }
        for receiver in receivers {
            body(receiver)
        }
    }

    /// Gives the joiner with `key` its replay, one value at a time, then (when its run
    /// terminated meanwhile) the terminal event; stops when it leaves or its subscription
    /// ends (it then leaves here), or an enclosing subscription being started on this
    /// thread ended (a `take` further down reached its count before the handle existed).
    @usableFromInline func replay(to subscriber: Subscriber, _ key: Int) {
        while true {
            if hasEnded?(subscriber) == true || GenerationScope.enclosingHasEnded {
                leave(key)
                return
            }
            switch state.withLock({ $0.replayed(key) }) {
            case .value(let value):
                sendNext?(subscriber, value)
            case .terminal(let terminal):
                sendTerminal(subscriber, terminal)
                return
            case .live, .stopped:
                return
            }
        }
    }

    /// The source of run `generation` terminated: `terminal` goes to every current
    /// subscriber (and to later ones, see `ShareMachine`).
    @inlinable package func finish(_ terminal: Terminal, _ generation: Int) {
        guard case .deliver(let receivers, let handle) = state.withLock({ $0.finish(terminal, generation) }) else {
            return
        }
        for receiver in receivers {
            sendTerminal(receiver, terminal)
        }
        withExtendedLifetime(handle) {}  // released after the delivery, outside the lock
        if case .forget = state.withLock({ $0.terminalDelivered() }) {
            forget?(self)
        }
    }

    /// The membership of the subscriber with `key`: leaves through a function made here,
    /// so specialized wherever this is.
    @inlinable func membership(_ key: Int) -> ShareMembership {
        ShareMembership(engine: self, key: key) { engine, key in
            // Safety: the membership made here hands this very engine back
            // (`ShareEngineTests`).
            unsafeDowncast(engine, to: ShareEngine.self).leave(key)
        }
    }

    /// The subscriber with `key` leaves; the last one stops the source.
    @inlinable func leave(_ key: Int) {
        switch state.withLock({ $0.leave(key) }) {
        case .release(let departed):
            withExtendedLifetime(departed) {}  // released outside the lock
        case .stop(let departed, let handle, let forgetEngine):
            withExtendedLifetime(departed) {}
            if forgetEngine {
                forget?(self)
            }
            handle?.dispose()
        }
    }
}

/// One subscriber's place in a `ShareEngine`: the subscription's disposable (each API
/// makes it one of its disposables). Disposing it makes the subscriber leave; later calls
/// do nothing.
///
/// Not generic: a generic class's `dispose()`, reached through the disposable protocols'
/// witness, ran unspecialized; it calls a function the (specialized) engine made instead.
@usableFromInline
package final class ShareMembership: UpstreamDisposable, @unchecked Sendable {
    // Safety: immutable; the engine guards its own state.
    /// The engine left by `leave` (a `ShareEngine`); nil for a subscriber that got the
    /// terminal event at once and never joined.
    @usableFromInline let engine: AnyObject?
    /// The subscriber's key in the engine.
    @usableFromInline let key: Int
    /// Makes the subscriber with the key leave the engine (a function without captures).
    @usableFromInline let leave: ((AnyObject, Int) -> Void)?

    /// A membership of `engine` under `key`, leaving by `leave`; with no engine, a
    /// membership that leaves nothing.
    @inlinable init(engine: AnyObject?, key: Int, leave: ((AnyObject, Int) -> Void)?) {
        self.engine = engine
        self.key = key
        self.leave = leave
    }

    /// Leaves the engine (a second call finds the key gone and does nothing).
    @usableFromInline package func dispose() {
        if let engine, let leave {
            leave(engine, key)
        }
    }
}
