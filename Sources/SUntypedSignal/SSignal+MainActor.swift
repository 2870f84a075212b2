import SignalSync

extension SSignal {
    /// Starts the signal and runs the callbacks on the main actor, checked by the compiler.
    ///
    /// Events move to the main queue first (`deliverOn(.mainQueue())`: inline when
    /// already there, dispatched otherwise), and each callback runs isolated to the main
    /// actor, so it may touch `@MainActor` state directly. The program must keep the main
    /// queue running (`dispatchMain()`, `RunLoop.main.run()`, an async `main`, or an
    /// app's run loop). Disposal and termination follow `start(next:error:completed:)`.
    @discardableResult
    public func startOnMainActor(
        next: (@MainActor (Any?) -> Void)? = nil,
        error: (@MainActor (Any?) -> Void)? = nil,
        completed: (@MainActor () -> Void)? = nil
    ) -> SDisposable {
        deliverOn(.mainQueue()).start(
            next: { value in
                guard let next else { return }
                // The value is handed over once, from the delivering queue to the main actor.
                let box = UncheckedSendable(value)
                MainActor.assumeIsolated { next(box.value) }
            },
            error: { failure in
                guard let error else { return }
                let box = UncheckedSendable(failure)
                MainActor.assumeIsolated { error(box.value) }
            },
            completed: {
                guard let completed else { return }
                MainActor.assumeIsolated { completed() }
            })
    }
}
