/// When a delayed subscription arms its timer: the one place where the two originals'
/// `delay` differ.
package enum DelayArming: Sendable {
    /// Hop onto the queue first (its `async`: inline when already on it), then arm the
    /// timer there: SwiftSignalKit's `delay` and `suspendAwareDelay`.
    case afterHopToQueue
    /// Arm the timer at once, on the subscribing thread: SSignalKit's `delay`.
    case atSubscription
}

/// The transitions of a timer gate: which timer is armed, the subscription the final
/// timer begins (the action), and the live subscription.
///
/// A value type with no side effects: each transition runs under the storage's lock
/// (`TimerGateEngine`) and returns an action, what the storage must do once unlocked
/// (start or stop a timer, begin the action, dispose or release something). Every
/// subscription begun through the gate gets an id; one whose `start` returns after a
/// newer one was begun has been replaced and is disposed at once (the newer one wins even
/// when it started first).
package struct TimerGateMachine {
    /// A subscription the gate starts.
    package typealias Start = () -> any UpstreamDisposable

    /// Every phase of the gate.
    package enum State {
        /// The action waits for the final timer.
        case pending(action: Start)
        /// No action waits: the final timer took it, or the gate never had one.
        case passed
        /// Disposed: every transition is a no-op.
        case disposed
    }

    /// What follows arming a timer.
    package enum ArmAction {
        /// Start the timer, after stopping `replaced` (the one armed before, if any).
        case start(replaced: ExecutionTimer?)
        /// Nothing: the gate is disposed.
        case ignore
    }

    /// What follows disarming: either way, stop `stop` (the armed timer, if any).
    package enum DisarmAction {
        /// The action still waits: the live subscription's events go downstream.
        case forward(stop: ExecutionTimer?)
        /// The action was taken, or the gate is disposed: the live subscription's events
        /// are dropped.
        case drop(stop: ExecutionTimer?)
    }

    /// What follows the firing of a final timer.
    package enum FireAction {
        /// Begin the action.
        case begin(Start)
        /// Nothing: the timer is no longer the armed one, the action was taken, or the
        /// gate is disposed.
        case ignore
    }

    /// What follows the request to begin a subscription.
    package enum BeginAction: Equatable {
        /// Start it, as the subscription with this id, then report `started`.
        case start(id: Int)
        /// Nothing: the gate is disposed, or (`beginReplaceable`) the final timer has taken
        /// the action.
        case ignore
    }

    /// What follows the start of a subscription.
    package enum StartedAction {
        /// Dispose the new subscription at once: the gate was disposed, or a newer
        /// subscription was begun meanwhile.
        case discard(any UpstreamDisposable)
        /// The new subscription is kept: dispose `replaced`, the one it replaces.
        case keep(replaced: (any UpstreamDisposable)?)
    }

    /// What follows a disposal.
    package enum DisposeAction {
        /// Stop `timer`, dispose `live`, release `action` (the one that never ran).
        case teardown(timer: ExecutionTimer?, live: (any UpstreamDisposable)?, action: Start?)
        /// Nothing: already disposed.
        case alreadyDisposed
    }

    /// Where the gate is.
    package private(set) var state: State
    /// The armed timer (never one once disposed).
    private var armed: ExecutionTimer?
    /// The live subscription (never one once disposed).
    private var live: (any UpstreamDisposable)?
    /// The id of the newest subscription begun.
    private var newest = 0

    /// A gate whose final timer begins `action` (none: the gate only arms timers and
    /// keeps subscriptions).
    package init(action: Start?) {
        state = action.map { .pending(action: $0) } ?? .passed
    }

    /// True once disposed.
    package var isDisposed: Bool {
        if case .disposed = state { return true }
        return false
    }

    /// True while `timer` is the armed one: not disarmed, replaced, fired or disposed.
    package func isArmed(_ timer: ExecutionTimer) -> Bool {
        armed === timer
    }

    /// `timer` becomes the armed one.
    package mutating func arm(_ timer: ExecutionTimer) -> ArmAction {
        if isDisposed { return .ignore }  // legitimate: the disposal may come from any thread
        let previous = armed
        armed = timer
        return .start(replaced: previous === timer ? nil : previous)
    }

    /// No timer is armed any more.
    package mutating func disarm() -> DisarmAction {
        defer { armed = nil }
        // The rule when not pending: the final timer took the action, or the gate is disposed.
        guard case .pending = state else { return .drop(stop: armed) }
        return .forward(stop: armed)
    }

    /// The final timer `timer` fired: the action is taken if `timer` is still the armed
    /// one.
    package mutating func fire(_ timer: ExecutionTimer) -> FireAction {
        // Legitimate otherwise: a fire that had begun when the timer was replaced, disarmed
        // or the gate disposed (from another thread) still runs (`ExecutionTimer`).
        guard case .pending(let action) = state, armed === timer else { return .ignore }
        armed = nil
        state = .passed
        return .begin(action)
    }

    /// A subscription is about to start.
    package mutating func beginStart() -> BeginAction {
        if isDisposed { return .ignore }  // legitimate: the disposal may come from any thread
        newest += 1
        return .start(id: newest)
    }

    /// The subscription that the action replaces (`timeout`'s source) is about to start:
    /// as `beginStart`, unless the final timer has already taken the action. Begun after
    /// the action's subscription, it would replace it (the newer one wins), and the
    /// timeout would end on the source it timed out.
    package mutating func beginReplaceable() -> BeginAction {
        guard case .pending = state else { return .ignore }  // legitimate: the timer may fire first
        return beginStart()
    }

    /// Subscription `id` has started as `started`.
    package mutating func started(_ started: any UpstreamDisposable, id: Int) -> StartedAction {
        // Legitimate: disposed (from any thread), or a newer subscription was begun, while
        // this one started.
        if isDisposed || id != newest { return .discard(started) }
        defer { live = started }
        return .keep(replaced: live)
    }

    /// Disposes the gate, handing out what to stop and release.
    package mutating func dispose() -> DisposeAction {
        let action: Start?
        switch state {
        case .disposed:
            return .alreadyDisposed  // legitimate: disposal is idempotent
        case .pending(let pending):
            action = pending
        case .passed:
            action = nil
        }
        state = .disposed
        defer { (armed, live) = (nil, nil) }
        return .teardown(timer: armed, live: live, action: action)
    }
}
