/// Why awaiting a signal's value produced none: it ended empty, or the wait was cancelled.
///
/// Thrown by `firstValue()` in both APIs (named `SignalAwaitError` in `STypedSignal` and
/// `SSignalAwaitError` in `SUntypedSignal`). A signal's own error is never wrapped in
/// this type: it is thrown as it is.
public enum AsyncBridgeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The signal completed without emitting a value.
    case completedWithoutValue
    /// The awaiting task was cancelled before a value arrived; the subscription was disposed.
    case cancelled

    /// A one-line description of the case.
    public var description: String {
        switch self {
        case .completedWithoutValue: "the signal completed without a value"
        case .cancelled: "the awaiting task was cancelled before a value arrived"
        }
    }
}
