/// A plain holder of a value, a subscriber bag and a lock, for callers that build
/// their own multicast; it has no behaviour of its own.
public final class MulticastPromise<T>: @unchecked Sendable {
    // Safety: callers guard `value` and `subscribers` with `lock`.
    /// The registered callbacks.
    public let subscribers = Bag<(T) -> Void>()
    /// The lock callers take around `value` and `subscribers`.
    public let lock = Lock()
    /// The latest value.
    public var value: T?

    /// Creates an empty holder.
    public init() {}
}
