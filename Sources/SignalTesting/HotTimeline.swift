import SignalSync

/// The one timeline of a hot test signal: its subscribers, and the events played to them
/// at the scheduler's ticks. A terminal event ends the timeline; later subscribers get
/// nothing.
final class HotTimeline<Event>: @unchecked Sendable {
    // Safety: `state` is guarded by its lock; events are sent outside it.
    private struct State {
        var subscribers: [Int: (Event) -> Void] = [:]
        var nextID = 0
        var ended = false
    }

    private let state = LockedState(State())

    /// Adds a subscriber; returns the function that removes it.
    func subscribe(_ send: @escaping (Event) -> Void) -> @Sendable () -> Void {
        let id = state.withLock { state -> Int? in
            guard !state.ended else { return nil }
            state.nextID += 1
            state.subscribers[state.nextID] = send
            return state.nextID
        }
        return { [weak self] in
            guard let id, let self else { return }
            let removed = self.state.withLock { $0.subscribers.removeValue(forKey: id) }
            withExtendedLifetime(removed) {}
        }
    }

    /// Sends `event` to every subscriber, in the order they subscribed; `terminal` ends the
    /// timeline.
    func send(_ event: Event, terminal: Bool) {
        let receivers = state.withLock { state -> [(Event) -> Void] in
            let receivers = state.subscribers.sorted { $0.key < $1.key }.map(\.value)
            if terminal {
                state.ended = true
                state.subscribers = [:]
            }
            return receivers
        }
        for receive in receivers { receive(event) }
    }
}

extension SignalTestScheduler {
    /// A subscription to a cold test signal: logs it, plays the marble from now, and
    /// returns its teardown.
    func subscribeCold<Value, Failure>(
        _ events: [(tick: Int, kind: RecordedEvent<Value, Failure>.Kind)], log: SubscriptionLog?,
        send: @escaping (RecordedEvent<Value, Failure>.Kind) -> Void
    ) -> @Sendable () -> Void {
        let index = log?.subscribed(atTick: tick)
        let stop = playCold(events, send: send)
        return { [self] in
            stop()
            if let index { log?.disposed(index, atTick: tick) }
        }
    }

    /// A hot test signal's timeline: the events played on the scheduler's timeline.
    func hotTimeline<Value, Failure>(_ events: [(tick: Int, kind: RecordedEvent<Value, Failure>.Kind)]) -> HotTimeline<
        RecordedEvent<Value, Failure>.Kind
    > {
        let timeline = HotTimeline<RecordedEvent<Value, Failure>.Kind>()
        playHot(events) { timeline.send($0, terminal: $0.isTerminal) }
        return timeline
    }

    /// A subscription to a hot test signal: logs it and joins the timeline.
    func subscribeHot<Value, Failure>(
        _ timeline: HotTimeline<RecordedEvent<Value, Failure>.Kind>, log: SubscriptionLog?,
        send: @escaping (RecordedEvent<Value, Failure>.Kind) -> Void
    ) -> @Sendable () -> Void {
        let index = log?.subscribed(atTick: tick)
        let leave = timeline.subscribe(send)
        return { [self] in
            leave()
            if let index { log?.disposed(index, atTick: tick) }
        }
    }
}
