import STypedSignalOperators

/// One server request per query, whoever listens: `share(replay: 1)` over the request, so
/// that the result list and the result count (two consumers) see one request, and a
/// consumer arriving later gets the last answer (issue 53's stumble).
public func sharedResults(_ request: Signal<[String], NoError>) -> Signal<[String], NoError> {
    request |> share(replay: 1)
}

/// The running total of the values of both sources: `merge` then `scan`.
public func runningTotal(_ first: Signal<Int, NoError>, _ second: Signal<Int, NoError>) -> Signal<Int, NoError> {
    merge(first, second) |> scan(0) { $0 + $1 }
}

/// A screen's model on the main actor: the result count of the shared results, set on the
/// main actor whatever thread the results come on.
@MainActor
public final class ResultCountModel {
    /// The number of results shown.
    public private(set) var count = 0
    private var subscription: Disposable?

    public init() {}

    /// Shows the count of `results`' latest value.
    public func show(_ results: Signal<[String], NoError>) {
        subscription?.dispose()
        subscription = (results |> map { $0.count } |> skip(while: { $0 == 0 })).startOnMainActor(next: { [weak self] count in
            self?.count = count
        })
    }
}
