// Fixture of .ci/availability --self-test: every use here is covered; the check must pass.
// Not compiled (outside Sources).
import Observation

// An annotated extension covers its members; a newer annotation covers an older need.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Reader {
    func observe(_ read: () -> Int) -> Int {
        withObservationTracking(read) {}
    }

    func first<S: AsyncSequence>(_ sequence: S) async -> S.Element? where S.Failure == Never {
        var iterator = sequence.makeAsyncIterator()
        return await iterator.next(isolation: nil)
    }
}

// An annotated type covers its nested types and members, over several lines of attributes.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
final class Model {
    var timeout = Duration.seconds(1)

    struct Pack<each T> {
        let values: (repeat each T)
    }
}

// `if #available` covers its block; `guard #available` covers the rest of its block.
func wait() async throws {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        try await Task.sleep(for: .seconds(1))
    }
    guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
    let elapsed: Duration = .zero
    _ = elapsed
}

// A multi-line signature under its attribute is covered as a whole.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public func measure(
    timeout: Duration,
    on clock: some Clock<Duration>
) -> Duration {
    timeout
}
