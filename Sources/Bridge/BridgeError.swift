import SUntypedSignal

/// The error of a typed signal made from an untyped one.
///
/// An untyped signal's values and errors are `Any?`; when one of them is not the type
/// the typed side expects, the typed subscriber receives `.typeMismatch` (naming the
/// expected and the actual type) instead of a value it cannot represent, and the
/// subscription ends. An error of the expected type arrives as `.upstream(e)`.
public enum BridgeError<E>: Error, @unchecked Sendable {
    // Safety: the payload is handed over once, with the terminal event.
    /// The untyped signal failed with an error of the expected type.
    case upstream(E)
    /// A value or error of the wrong type arrived; the subscription ended.
    case typeMismatch(SSignalTypeError)
}

extension BridgeError: Equatable where E: Equatable {}

extension BridgeError: CustomStringConvertible {
    /// `upstream(<e>)` or the mismatch's own description.
    public var description: String {
        switch self {
        case .upstream(let error): return "upstream(\(error))"
        case .typeMismatch(let mismatch): return mismatch.description
        }
    }
}

/// The name the mismatch reports for a type.
@usableFromInline
func typeName<T>(_ type: T.Type) -> String {
    String(describing: type)
}

/// `value` as a `T`, or nil when it is not one. A nil `Any?` becomes a `T` only when
/// `T` is itself optional.
@inlinable
func cast<T>(_ value: Any?, to type: T.Type) -> T? {
    if let typed = value as? T {
        return typed
    }
    return nil
}
