/// Writes values into a property of an object it holds weakly: the shared piece of both
/// APIs' `assign(to:on:)`.
///
/// The face subscribes, passes each value to `assign(_:)`, and ends the subscription when
/// it returns false (the object is gone). Writing happens on the caller's thread.
package final class WeakAssignment<Root: AnyObject, Value>: @unchecked Sendable {
    // Safety: `target` is set once, in init; reading a weak reference is thread-safe. The
    // key path is immutable. Writing through it is the caller's contract (the face says
    // on which thread values arrive).
    private weak var target: Root?
    private let keyPath: ReferenceWritableKeyPath<Root, Value>

    /// Writes into `object`'s `keyPath`, without keeping `object` alive.
    package init(_ keyPath: ReferenceWritableKeyPath<Root, Value>, on object: Root) {
        self.keyPath = keyPath
        target = object
    }

    /// Stores `value` into the object's property; false (storing nothing) when the object
    /// is gone.
    package func assign(_ value: Value) -> Bool {
        guard let object = target else { return false }
        object[keyPath: keyPath] = value
        return true
    }
}
