/// The callbacks of a main-actor subscription (`startOnMainActor` in both APIs) as the
/// `@Sendable` closures a subscriber takes: each runs its main-actor callback with
/// `MainActor.assumeIsolated`, so events must already be on the main queue when they
/// call it (the faces put `deliverOn` in front). A missing callback ignores its event.
package struct MainActorCallbacks<Value, Failure> {
    /// Runs the main-actor `next` callback with the value.
    package let next: @Sendable (Value) -> Void
    /// Runs the main-actor `error` callback with the error.
    package let error: @Sendable (Failure) -> Void
    /// Runs the main-actor `completed` callback.
    package let completed: @Sendable () -> Void

    /// Wraps the three main-actor callbacks.
    package init(
        next: (@MainActor (Value) -> Void)?,
        error: (@MainActor (Failure) -> Void)?,
        completed: (@MainActor () -> Void)?
    ) {
        self.next = { value in
            guard let next else { return }
            // The value is handed over once, from the delivering queue to the main actor.
            let box = UncheckedSendable(value)
            MainActor.assumeIsolated { next(box.value) }
        }
        self.error = { failure in
            guard let error else { return }
            let box = UncheckedSendable(failure)
            MainActor.assumeIsolated { error(box.value) }
        }
        self.completed = {
            guard let completed else { return }
            MainActor.assumeIsolated { completed() }
        }
    }
}
