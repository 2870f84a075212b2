/// A box holding an object weakly.
public final class Weak<T: AnyObject> {
    private weak var object: T?

    /// Wraps `value` without retaining it.
    public init(_ value: T) {
        object = value
    }

    /// The object, or nil once it has been deallocated.
    public var value: T? {
        object
    }
}
