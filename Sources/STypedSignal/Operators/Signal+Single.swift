/// Emits `value`, then completes, synchronously; `errorType` fixes the error type.
@inlinable
public func single<T, E>(_ value: T, _ errorType: E.Type) -> Signal<T, E> {
    Signal<T, E>.single(value)
}

/// Fails synchronously with `error`; `valueType` fixes the value type.
public func fail<T, E>(_ valueType: T.Type, _ error: E) -> Signal<T, E> {
    Signal<T, E>.fail(error)
}

/// Completes synchronously without a value.
public func complete<T, E>(_ valueType: T.Type, _ error: E.Type) -> Signal<T, E> {
    Signal<T, E>.complete()
}

/// Never emits and never terminates.
public func never<T, E>(_ valueType: T.Type, _ error: E.Type) -> Signal<T, E> {
    Signal<T, E>.never()
}
