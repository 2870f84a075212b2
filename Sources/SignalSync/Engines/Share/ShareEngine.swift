/// One shared source subscription for many subscribers, in both APIs: holds the
/// `ShareMachine` under a lock and performs its actions after unlocking.
///
/// A face creates it with three closures: `start` subscribes to the source for a run
/// (routing the source's values through `forEachReceiver` and its terminal event to
/// `finish`, both with the run's generation), `sendTerminal` gives a terminal event to one
/// subscriber, and `forget` (for a `.once` engine) removes the closed engine from its
/// owner's table. The face adds subscribers with `subscribe` and returns the membership as
/// the subscription's disposable.
///
/// No closure runs, no subscriber is called and nothing is disposed while the lock is
/// held, so every method may be called from any thread and re-entrantly from inside the
/// closures and the subscribers' callbacks.
package final class ShareEngine<Subscriber, Terminal>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; the closures are
    // immutable and called after unlocking.
    /// The transitions, with the source subscription as the handle.
    package typealias Machine = ShareMachine<Subscriber, Terminal, any UpstreamDisposable>
    /// Subscribes to the source for run `generation` of the engine.
    package typealias Start = (ShareEngine, _ generation: Int) -> any UpstreamDisposable

    private let state: LockedState<Machine>
    private let start: Start
    private let sendTerminal: (Subscriber, Terminal) -> Void
    private let forget: ((ShareEngine) -> Void)?

    /// An idle engine that starts runs with `start`.
    package init(
        reuse: Machine.Reuse, start: @escaping Start, sendTerminal: @escaping (Subscriber, Terminal) -> Void,
        forget: ((ShareEngine) -> Void)? = nil
    ) {
        state = LockedState(Machine(reuse: reuse))
        self.start = start
        self.sendTerminal = sendTerminal
        self.forget = forget
    }

    /// Adds `subscriber` (starting the source if it is the first) and returns its
    /// membership, whose `dispose()` makes it leave. When the source has terminated, the
    /// subscriber receives the terminal event before this returns. Nil when a `.once`
    /// engine is closed: the owner uses a new engine.
    package func subscribe(_ subscriber: Subscriber) -> ShareMembership<Subscriber, Terminal>? {
        switch state.withLock({ $0.subscribe(subscriber) }) {
        case .start(let generation, let key):
            let handle = start(self, generation)
            if case .dispose(let late) = state.withLock({ $0.started(generation, handle: handle) }) {
                late.dispose()
            }
            return ShareMembership(engine: self, key: key)
        case .joined(let key):
            return ShareMembership(engine: self, key: key)
        case .replay(let terminal):
            sendTerminal(subscriber, terminal)
            return ShareMembership(engine: nil, key: 0)
        case .rejected:
            return nil
        }
    }

    /// Calls `body` with each subscriber of run `generation`, in subscription order (with
    /// nobody when that run is over): where the face delivers a value of the source.
    package func forEachReceiver(_ generation: Int, _ body: (Subscriber) -> Void) {
        guard case .deliver(let receivers) = state.withLock({ $0.next(generation) }) else { return }
        for receiver in receivers {
            body(receiver)
        }
    }

    /// The source of run `generation` terminated: `terminal` goes to every current
    /// subscriber (and to later ones, see `ShareMachine`).
    package func finish(_ terminal: Terminal, _ generation: Int) {
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

    /// The subscriber with `key` leaves; the last one stops the source.
    func leave(_ key: Int) {
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
package final class ShareMembership<Subscriber, Terminal>: UpstreamDisposable, @unchecked Sendable {
    // Safety: immutable; the engine guards its own state.
    private let engine: ShareEngine<Subscriber, Terminal>?
    private let key: Int

    init(engine: ShareEngine<Subscriber, Terminal>?, key: Int) {
        self.engine = engine
        self.key = key
    }

    /// Leaves the engine (a second call finds the key gone and does nothing).
    package func dispose() {
        engine?.leave(key)
    }
}
