/// The transitions of typed `withLatestFrom` and untyped `SSignal.withLatestFrom` for one
/// subscription: the latest value of the other signal, and both subscriptions (`Handle`).
///
/// A value type with no side effects, driven under `WithLatestFromEngine`'s lock; each
/// transition returns what the engine does after unlocking. The rules:
/// - A value of the other signal replaces the latest one; its completion changes nothing
///   (the latest value stays).
/// - A value of the source emits with the latest value of the other, or nothing while the
///   other has not emitted.
/// - The first terminal event that counts (the other's error, the source's completion or
///   error) ends it; anything after the end is ignored.
/// - Once it has ended (that event or a disposal), both subscriptions are handed out to be
///   disposed once, the other's first: those attached at the end, a later one as it is
///   attached.
@usableFromInline
package struct WithLatestFromMachine<Other, Handle> {
    /// The state of a running subscription.
    @usableFromInline
    package struct Running {
        /// The other signal's latest value, nil before its first.
        @usableFromInline package var latest: Other?
        /// The other signal's subscription, once its start returned.
        @usableFromInline package var other: Handle?
        /// The source's subscription, once its start returned.
        @usableFromInline package var source: Handle?

        @inlinable
        init(latest: Other?, other: Handle?, source: Handle?) {
            self.latest = latest
            self.other = other
            self.source = source
        }
    }

    /// Every phase.
    @usableFromInline
    package enum State {
        /// Running.
        case running(Running)
        /// Ended by a terminal event or a disposal: nothing is kept.
        case ended
    }

    /// Which of the two subscriptions.
    @usableFromInline
    package enum Side: Sendable {
        case other, source
    }

    /// What the engine does with a subscription that just started.
    @usableFromInline
    package enum AttachAction {
        /// Keep it (stored).
        case keep
        /// The output ended while the signal was being subscribed: dispose it now.
        case dispose(Handle)
    }

    /// What the engine does at a terminal event that ends the output, or a disposal.
    @usableFromInline
    package enum EndAction {
        /// Perform the end (send the terminal event first, if there is one).
        case end(End)
        /// It had ended already: ignore it.
        case ignore
    }

    /// What the engine does with a value of the other signal.
    @usableFromInline
    package enum OtherValueAction {
        /// Stored; release the value it replaced (if any) outside the lock.
        case stored(replaced: Other?)
        /// The output has ended: drop it.
        case drop
    }

    /// What the engine does with a value of the source.
    @usableFromInline
    package enum SourceValueAction {
        /// Emit it with this latest value of the other.
        case emit(Other)
        /// The other has not emitted yet, or the output has ended: drop it.
        case drop
    }

    /// What an end leaves to the engine: the subscriptions to dispose (the other's first)
    /// and the latest value, released outside the lock.
    @usableFromInline
    package struct End {
        @usableFromInline package let dispose: [Handle]
        @usableFromInline package let released: Other?

        @inlinable
        init(_ running: Running) {
            dispose = [running.other, running.source].compactMap { $0 }
            released = running.latest
        }
    }

    /// The current phase.
    @usableFromInline package private(set) var state = State.running(Running(latest: nil, other: nil, source: nil))

    /// A running machine: no value of the other yet, nothing subscribed.
    @inlinable
    package init() {}

    /// Whether the next signal is to be subscribed (the output has not ended).
    @inlinable
    package var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    /// The subscription of `side` started.
    @inlinable
    package mutating func attach(_ handle: Handle, _ side: Side) -> AttachAction {
        guard case .running(var running) = state else {
            return .dispose(handle)  // legitimate: the output ended while the signal was being subscribed
        }
        switch side {
        case .other: running.other = handle
        case .source: running.source = handle
        }
        state = .running(running)
        return .keep
    }

    /// The other signal emitted `value`.
    @inlinable
    package mutating func otherValue(_ value: Other) -> OtherValueAction {
        guard case .running(var running) = state else {
            return .drop  // legitimate: a value racing the end
        }
        let replaced = running.latest
        running.latest = value
        state = .running(running)
        return .stored(replaced: replaced)
    }

    /// The source emitted a value.
    @inlinable
    package mutating func sourceValue() -> SourceValueAction {
        guard case .running(let running) = state, let latest = running.latest else {
            return .drop  // the rule: nothing before the other's first value (or after the end)
        }
        return .emit(latest)
    }

    /// A terminal event that ends the output (the other's error, the source's completion
    /// or error), or the output's disposal.
    @inlinable
    package mutating func end() -> EndAction {
        guard case .running(let running) = state else {
            return .ignore  // legitimate: a later terminal event, or one racing a disposal
        }
        state = .ended
        return .end(End(running))
    }
}
