import SwiftSignalKit

// Helpers that app modules define for themselves, under names that SignalKit's
// `STypedSignalOperators` uses too (`merge`, `zip`, `scan`, `share`, `startWith`,
// `compactMap`, `skip`). That module is not part of `SwiftSignalKit`, so code that imports
// only the original's name keeps calling its own helpers, unambiguously.

/// Every value of both signals, as an app writes `merge` over `combineLatest`'s machinery.
public func merge<T, E>(_ first: Signal<T, E>, _ second: Signal<T, E>) -> Signal<T, E> {
    return Signal { subscriber in
        let remaining = Atomic(value: 2)
        let disposables = DisposableSet()
        let completed = {
            if remaining.modify({ $0 - 1 }) == 0 {
                subscriber.putCompletion()
            }
        }
        for signal in [first, second] {
            disposables.add(signal.start(next: subscriber.putNext, error: subscriber.putError, completed: completed))
        }
        return disposables
    }
}

/// The running sum, an app's `scan` with its own argument order.
public func scan<T, E>(_ f: @escaping (T, T) -> T, initial: T) -> (Signal<T, E>) -> Signal<T, E> {
    return { signal in
        return Signal { subscriber in
            let accumulated = Atomic(value: initial)
            return signal.start(
                next: { value in subscriber.putNext(accumulated.modify { f($0, value) }) },
                error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}

/// The values after the first `count`, an app's `skip`.
public func skip<T, E>(_ count: Int) -> (Signal<T, E>) -> Signal<T, E> {
    return { signal in
        return Signal { subscriber in
            let seen = Atomic(value: 0)
            return signal.start(
                next: { value in
                    if seen.modify({ $0 + 1 }) > count {
                        subscriber.putNext(value)
                    }
                }, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}

/// An app's `startWith`: one value first.
public func startWith<T, E>(_ value: T) -> (Signal<T, E>) -> Signal<T, E> {
    return { signal in
        return .single(value) |> then(signal)
    }
}

/// Uses the helpers as app code does.
public enum OwnOperators {
    /// 0, 1, 3, 6 from 1, 2, 3 merged with nothing, with the first skipped: [1, 3, 6].
    public static func runningSums() -> Signal<Int, NoError> {
        return merge(Signal<Int, NoError>.single(0) |> then(.single(1) |> then(.single(2) |> then(.single(3)))), .complete())
            |> scan(+, initial: 0)
            |> skip(1)
            |> startWith(-1)
    }
}
