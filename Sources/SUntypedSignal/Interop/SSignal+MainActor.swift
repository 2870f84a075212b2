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
        completed: (@MainActor () -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> SDisposable {
        let callbacks = MainActorCallbacks(next: next, error: error, completed: completed)
        return deliverOn(.mainQueue()).start(
            next: callbacks.next, error: callbacks.error, completed: callbacks.completed, file: file, line: line)
    }
}
