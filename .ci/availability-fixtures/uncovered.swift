// Fixture of .ci/availability --self-test: uses the check must report. Each reported line
// carries the marker; no other line may be reported. Not compiled (outside Sources).
import Observation

// A use in a declaration with no annotation anywhere around it.
func track(_ read: () -> Int) -> Int {
    withObservationTracking(read) {}  // expected: uncovered
}

// An annotation older than the API needs does not cover it.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Reader {
    func observe(_ read: () -> Int) -> Int {
        withObservationTracking(read) {}  // expected: uncovered
    }
}

// visionOS must be named where the API needs visionOS 2.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
func first<S: AsyncSequence>(_ sequence: S) async -> S.Element? where S.Failure == Never {  // expected: uncovered
    nil
}

// The else branch of an `if #available` is not covered; neither is code after the block.
func wait() async throws {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        try await Task.sleep(for: .seconds(1))
    } else {
        let clock = ContinuousClock()  // expected: uncovered
    }
    let elapsed: Duration = .zero  // expected: uncovered
}

// An annotated declaration does not cover the statement before it.
struct Meter {
    let timeout = Duration.seconds(1)  // expected: uncovered
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    var elapsed: Duration { .zero }
}

// A comment or a string naming an API is no use: withObservationTracking, Duration.
let label = "Duration \("Clock")"

// A type generic over a parameter pack (a function generic over one is fine).
struct Tuple<each T> {  // expected: uncovered
    let values: (repeat each T)
}
func pair<each T>(_ values: repeat each T) {}

// This package's own annotated declarations need the annotation where they are used.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class Tracker {}
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Reader {
    public func tracked() -> Int { 0 }
}
func make() -> Tracker? {  // expected: uncovered
    _ = Reader().tracked()  // expected: uncovered
    return nil
}
