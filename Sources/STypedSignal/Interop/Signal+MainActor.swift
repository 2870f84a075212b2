import SignalSync

extension Signal {
    /// Starts the signal and runs the callbacks on the main actor, checked by the compiler.
    ///
    /// Events move to the main queue first (`deliverOn(Queue.mainQueue())`: inline when
    /// already there, dispatched otherwise), and each callback runs isolated to the main
    /// actor, so it may touch `@MainActor` state without `assumeIsolated` and a callback
    /// that is not main-actor-safe does not compile. The program must keep the main
    /// queue running (`dispatchMain()`, `RunLoop.main.run()`, an async `main`, or an
    /// app's run loop). Disposal and termination follow `start(next:error:completed:)`.
    ///
    /// ```swift
    /// @MainActor final class SearchModel {
    ///     var results: [String] = []
    ///     var subscription: Disposable?
    ///     func bind(_ searches: Signal<[String], NoError>) {
    ///         subscription = searches.startOnMainActor(next: { [weak self] in self?.results = $0 })
    ///     }
    /// }
    /// ```
    @discardableResult
    public func startOnMainActor(
        next: (@MainActor (T) -> Void)? = nil,
        error: (@MainActor (E) -> Void)? = nil,
        completed: (@MainActor () -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        let callbacks = MainActorCallbacks(next: next, error: error, completed: completed)
        return (self |> deliverOn(Queue.mainQueue())).start(
            next: callbacks.next, error: callbacks.error, completed: callbacks.completed, file: file, line: line)
    }
}
