/// One started inner of an `InnerQueueEngine`: what the inner's event callbacks capture.
///
/// The three callbacks of an inner capture this one object and nothing else, so Swift
/// uses it as their context and allocates nothing more per inner. Through it they reach
/// the engine (`acceptsNext`, `failed`, `completed` report the inner's events under its
/// id) and the downstream subscriber (`downstream`, held erased by the engine).
///
/// Public only so that it inlines into the API modules; not for users.
@_documentation(visibility: internal)
public final class InnerQueueRun: @unchecked Sendable {
    // Safety: immutable; the engine guards its own state.
    /// The engine that started the inner.
    public let engine: InnerQueueEngine
    /// The inner's id (its generation in the engine).
    public let id: Int

    /// A run of inner `id` of `engine`: what a face's `start` makes for an inner it
    /// subscribes to.
    @inlinable public init(engine: InnerQueueEngine, id: Int) {
        self.engine = engine
        self.id = id
    }

    /// The engine's downstream subscriber, erased (the face knows its type).
    @inlinable public var downstream: AnyObject {
        engine.downstream
    }

    /// Whether the value the inner just sent goes downstream.
    @inlinable public func acceptsNext() -> Bool {
        engine.accepts(id)
    }

    /// The inner failed: true when the face is to forward the error downstream.
    @inlinable public func failed() -> Bool {
        engine.innerFailed(id)
    }

    /// The inner completed.
    @inlinable public func completed() {
        engine.innerCompleted(id)
    }
}
