import STypedSignal
import SUntypedSignal

/// A user's pipeline: even numbers, scaled, after a delay on `queue`.
public func scaledEvens(_ input: Signal<Int, String>, queue: Queue) -> Signal<Int, String> {
    input |> filter { $0 % 2 == 0 } |> map { $0 * 10 } |> delay(1, queue: queue)
}

/// The same pipeline on the untyped API.
public func scaledEvens(_ input: SSignal, queue: SQueue) -> SSignal {
    input.filter { ($0 as? Int ?? 1) % 2 == 0 }.map { ($0 as? Int ?? 0) * 10 }.delay(1, onQueue: queue)
}

/// Async code under test: waits `seconds` on `clock`, then returns `value`.
public func later<C: Clock<Duration>>(_ value: Int, after seconds: Int, on clock: C) async throws -> Int {
    try await clock.sleep(for: .seconds(seconds))
    return value
}

/// Search results that fall back to none on an error: `catch` with no type annotation.
public func resultsOrNone(_ results: Signal<[String], String>) -> Signal<[String], String> {
    let recovered = results |> `catch` { _ in .single([]) }
    return recovered
}

/// The latest query and page together, for a test to compare as tuples.
public func queryAndPage(_ query: Signal<String, NoError>, _ page: Signal<Int, NoError>) -> Signal<(String, Int), NoError> {
    combineLatest(query, page)
}
