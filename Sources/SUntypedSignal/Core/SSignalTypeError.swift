/// The error event sent when an operator receives a value of the wrong dynamic type.
///
/// Untyped operators that need an `SSignal` (`switchToLatest`, `queue`, `throttled`,
/// `takeUntilReplacement`, the `[Any?]` forms of `combineSignals` and `mergeSignals`)
/// send this as the subscriber's error instead of trapping, naming what they expected
/// and what they got, e.g. "expected SSignal, got Int".
public struct SSignalTypeError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The type the operator needed.
    public let expected: String
    /// The dynamic type it received ("nil" for nil).
    public let actual: String

    /// Creates an error naming the expected and the actual type.
    public init(expected: String, actual: String) {
        self.expected = expected
        self.actual = actual
    }

    /// An error for `value`, which should have been of type `expected`.
    public init(expected: String, value: Any?) {
        self.expected = expected
        self.actual = SSignalTypeError.typeName(of: value)
    }

    /// "expected <expected>, got <actual>".
    public var description: String {
        "expected \(expected), got \(actual)"
    }

    /// The dynamic type name of `value`, or "nil".
    static func typeName(of value: Any?) -> String {
        guard let value = flattenOptional(value) else { return "nil" }
        return String(describing: type(of: value))
    }
}
