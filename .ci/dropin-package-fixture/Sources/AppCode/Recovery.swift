import SwiftSignalKit

// `catch` as app code written for SwiftSignalKit spells it: the alternative's error type
// named by the closure's signature, by the result's type, by a later operator, or by a
// generic caller. Each must pick the form the original has, with no ambiguity beside the
// same-type overload.

/// A request that may fail with a code.
public struct RequestError: Error, Equatable {
    public let code: Int

    public init(code: Int) {
        self.code = code
    }
}

/// Recovery in the shapes app code writes.
public enum Recovery {
    /// The closure names the alternative's type, the apps' most common spelling.
    public static func orNil(_ request: Signal<Int, RequestError>) -> Signal<Int?, NoError> {
        return request
            |> map { Optional($0) }
            |> `catch` { _ -> Signal<Int?, NoError> in
                return .single(nil)
            }
    }

    /// The result's type names it.
    public static func orZero(_ request: Signal<Int, RequestError>) -> Signal<Int, NoError> {
        let recovered: Signal<Int, NoError> = request |> `catch` { _ in return .single(0) }
        return recovered
    }

    /// A later operator's type names it.
    public static func orEmpty(_ request: Signal<Int, RequestError>) -> Signal<String, NoError> {
        return request
            |> `catch` { _ in
                return .complete()
            }
            |> map { "\($0)" }
    }

    /// The same error type, mapped by the closure (a signature with the same types).
    public static func retryingOnce(_ request: Signal<Int, RequestError>, fallback: Signal<Int, RequestError>) -> Signal<Int, RequestError> {
        return request
            |> `catch` { error -> Signal<Int, RequestError> in
                if error.code == 404 {
                    return .fail(error)
                }
                return fallback
            }
    }

    /// A generic caller: the same types.
    public static func passing<T, E>(_ signal: Signal<T, E>) -> Signal<T, E> {
        return signal |> `catch` { error in .fail(error) }
    }
}
