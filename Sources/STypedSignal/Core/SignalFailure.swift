/// A signal's error whose type does not conform to `Error`, thrown by `firstValue()`.
///
/// Signals may use any type as their error (`Signal<Int, String>`); when that type is not
/// an `Error`, `firstValue()` throws this wrapper around it instead.
public struct SignalFailure<E>: Error, @unchecked Sendable, CustomStringConvertible {
    // Safety: the error value is handed over once, to the awaiting task.
    /// The signal's error.
    public let error: E

    /// Wraps `error`.
    public init(_ error: E) {
        self.error = error
    }

    /// The wrapped error's description.
    public var description: String {
        "signal failed with \(error)"
    }
}
