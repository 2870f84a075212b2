import SignalSync

/// Virtual time for marble tests: a `VirtualClock`, the length of one marble tick, and
/// the makers of test signals and recorders for both APIs.
///
/// Tick 0 is the clock's time when the scheduler is made; tick `n` is `n * tickDuration`
/// seconds later. Cold and hot test signals play their marbles on the clock, recorders
/// note the tick of every event, and ``advance(ticks:)`` moves the clock:
///
/// ```swift
/// let scheduler = SignalTestScheduler()
/// let source: Signal<Int, NoError> = scheduler.cold("-1-2|")
/// let recorder = scheduler.record(source |> map { $0 * 10 })
/// scheduler.advance(ticks: 5)
/// recorder.expect("-a-b|", values: ["a": 10, "b": 20])
/// ```
///
/// Timing operators take queues of the same clock: `Queue(virtualClock: scheduler.clock)`
/// or `SQueue(scheduler.clock.makeQueue())`. Advance from one thread at a time.
public final class SignalTestScheduler: Sendable {
    /// The clock every test signal, recorder and queue of this scheduler runs on.
    public let clock: VirtualClock
    /// The length of one marble tick, in seconds of the clock (one second by default).
    public let tickDuration: Double
    /// The clock's time at tick 0.
    public let origin: Double
    /// The queue the test signals schedule their events on.
    let eventQueue: ExecutionQueue

    /// A scheduler whose tick 0 is `clock`'s current time and whose ticks last
    /// `tickDuration` seconds.
    public init(clock: VirtualClock = VirtualClock(), tickDuration: Double = 1) {
        precondition(tickDuration > 0, "a tick lasts some time")
        self.clock = clock
        self.tickDuration = tickDuration
        self.origin = clock.now
        self.eventQueue = clock.makeQueue(label: "marbles")
    }

    /// The current tick (the clock's time in ticks, rounded).
    public var tick: Int {
        tick(at: clock.now)
    }

    /// The tick of the clock's time `time` (rounded).
    public func tick(at time: Double) -> Int {
        Int(((time - origin) / tickDuration).rounded())
    }

    /// The clock's time, in seconds, of `tick`.
    public func time(ofTick tick: Int) -> Double {
        origin + Double(tick) * tickDuration
    }

    /// Runs what is due at the current time, without moving it.
    public func run() {
        clock.run()
    }

    /// Moves the clock `ticks` ticks forward, running everything due on the way.
    public func advance(ticks: Int = 1) {
        advance(toTick: tick + ticks)
    }

    /// Moves the clock to `tick` (never backwards), running everything due on the way.
    public func advance(toTick tick: Int) {
        clock.advance(to: time(ofTick: tick))
    }

    /// Runs the clock until nothing is scheduled any more, or `limit` ticks from now (for
    /// timers that repeat forever).
    public func advanceUntilIdle(limit: Int = 10_000) {
        let end = time(ofTick: tick + limit)
        while let next = clock.nextDeadline, next <= end {
            clock.advance(to: next)
        }
    }

    // MARK: - Playing marbles

    /// Plays `events` for one subscription starting now: the events of tick 0 at once, the
    /// others `tick` ticks later. Returns the function that stops the later ones.
    func playCold<Event>(_ events: [(tick: Int, kind: Event)], send: @escaping (Event) -> Void) -> @Sendable () -> Void {
        let live = Atomic(value: true)
        for (tick, event) in events {
            if tick == 0 {
                if live.with({ $0 }) { send(event) }
            } else {
                eventQueue.after(Double(tick) * tickDuration) {
                    if live.with({ $0 }) { send(event) }
                }
            }
        }
        return { _ = live.swap(false) }
    }

    /// Schedules `events` on the scheduler's timeline (tick 0 is the scheduler's origin;
    /// ticks already past are due at once).
    func playHot<Event>(_ events: [(tick: Int, kind: Event)], send: @escaping (Event) -> Void) {
        for (tick, event) in events {
            eventQueue.after(time(ofTick: tick) - clock.now) { send(event) }
        }
    }
}
