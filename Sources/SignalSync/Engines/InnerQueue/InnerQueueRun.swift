/// One started inner of an `InnerQueueEngine`: what the inner's event callbacks capture.
///
/// The three callbacks of an inner capture this one object and nothing else, so Swift
/// uses it as their context and allocates nothing more per inner. Through it they reach
/// the engine (`acceptsNext`, `failed`, `completed` report the inner's events under its
/// id) and the downstream subscriber (`downstream`, held erased by the engine).
package final class InnerQueueRun: @unchecked Sendable {
    // Safety: immutable; the engine guards its own state.
    /// The engine that started the inner.
    package let engine: InnerQueueEngine
    /// The inner's id (its generation in the engine).
    package let id: Int

    /// A run of inner `id` of `engine`: what a face's `start` makes for an inner it
    /// subscribes to.
    @inlinable package init(engine: InnerQueueEngine, id: Int) {
        self.engine = engine
        self.id = id
    }

    /// The engine's downstream subscriber, erased (the face knows its type).
    @inlinable package var downstream: AnyObject {
        engine.downstream
    }

    /// Whether the value the inner just sent goes downstream.
    @inlinable package func acceptsNext() -> Bool {
        engine.accepts(id)
    }

    /// The inner failed: true when the face is to forward the error downstream.
    @inlinable package func failed() -> Bool {
        engine.innerFailed(id)
    }

    /// The inner completed.
    @inlinable package func completed() {
        engine.innerCompleted(id)
    }
}
