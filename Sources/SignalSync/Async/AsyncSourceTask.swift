/// Starts the task behind a signal made from an async function or sequence.
///
/// Both APIs' `fromAsync` and `fromAsyncSequence` use this: `body` runs in a new
/// unstructured task, and the returned function cancels it (the face calls it when the
/// subscription is disposed). The task is counted in
/// `AsyncBridgeCounters.sourceTasks` from its start until its body returns.
package enum AsyncSourceTask {
    /// Runs `body` in a new task with `priority`; returns the function that cancels it.
    package static func start(
        priority: TaskPriority?,
        _ body: @escaping @Sendable () async -> Void
    ) -> @Sendable () -> Void {
        AsyncBridgeCounters.sourceTasks.increment()
        let task = Task(priority: priority) {
            await body()
            AsyncBridgeCounters.sourceTasks.decrement()
        }
        return { task.cancel() }
    }

    /// Ends an iteration that a disposal cancelled after `iterator` had handed over an
    /// element: one more `next()` on the cancelled task runs the sequence's cancellation
    /// (an `AsyncStream` terminates and calls its `onTermination`). Returning at once would
    /// leave a stream open for as long as its continuation lives. A sequence that ignores
    /// cancellation may hand over one more element, which is dropped.
    package static func endCancelled<Iterator: AsyncIteratorProtocol>(_ iterator: inout Iterator) async {
        _ = try? await iterator.next()
    }
}
