import Foundation
import SignalTestSupport
import XCTest

@testable import STypedSignal

/// `Signal.single` keeps its value in the signal object: in place when it fits in three
/// words, in a box otherwise. Every size and alignment comes out intact on every
/// subscription, and the value is released with the signal, not before. Run these in
/// release too (`swift test -c release -Xswiftc -enable-testing`).
final class SingleSignalStorageTests: LeakCheckedTestCase {
    private struct ThreeWords: Equatable {
        var a: Int, b: String
    }

    private struct FiveWords: Equatable {
        var a: Int, b: String, c: Int, d: Int
    }

    /// The values `single(value)` emits over two subscriptions.
    private func emitted<T>(_ value: T) -> [T] {
        nonisolated(unsafe) var values: [T] = []
        let signal = Signal<T, NoError>.single(value)
        signal.start(next: { values.append($0) })
        signal.start(next: { values.append($0) })
        return values
    }

    func testEverySizeAndAlignmentComesOutIntactOnEverySubscription() {
        XCTAssertEqual(emitted(Int8(-7)), [-7, -7])
        XCTAssertEqual(emitted(42), [42, 42])
        XCTAssertEqual(emitted("a string longer than fifteen bytes"), ["a string longer than fifteen bytes", "a string longer than fifteen bytes"])
        XCTAssertEqual(emitted(ThreeWords(a: 1, b: "b")), [ThreeWords(a: 1, b: "b"), ThreeWords(a: 1, b: "b")], "inline: exactly three words")
        XCTAssertEqual(emitted(FiveWords(a: 1, b: "b", c: 3, d: 4)), [FiveWords(a: 1, b: "b", c: 3, d: 4), FiveWords(a: 1, b: "b", c: 3, d: 4)], "boxed")
        XCTAssertEqual(emitted(SIMD4<Float>(1, 2, 3, 4)), [SIMD4<Float>(1, 2, 3, 4), SIMD4<Float>(1, 2, 3, 4)], "boxed: 16-byte alignment")
        XCTAssertEqual(emitted(Optional<Int>.none), [nil, nil])
        XCTAssertEqual(emitted([1, 2, 3]), [[1, 2, 3], [1, 2, 3]])
        XCTAssertEqual(Signal<FiveWords, NoError>.single(FiveWords(a: 5, b: "", c: 0, d: 0)).singleValue.a, 5)
    }

    func testAnInlineValueIsReleasedWithTheSignalAndNotBefore() {
        let log = EventLog()
        do {
            let signal = Signal<ReleaseProbe, NoError>.single(ReleaseProbe("value", log))
            signal.start(next: { _ in log.add("next") }, completed: { log.add("completed") })
            XCTAssertEqual(log.events, ["next", "completed"], "a subscription copies the value and leaves it in the signal")
            withExtendedLifetime(signal) {}
        }
        XCTAssertEqual(log.events, ["next", "completed", "value released"])
    }

    func testABoxedValueIsReleasedWithTheSignalAndNotBefore() {
        struct Large {
            let probe: ReleaseProbe
            let padding: (Int, Int, Int)
        }
        let log = EventLog()
        do {
            let signal = Signal<Large, NoError>.single(Large(probe: ReleaseProbe("value", log), padding: (1, 2, 3)))
            signal.start(next: { _ in log.add("next") })
            XCTAssertEqual(log.events, ["next"])
            withExtendedLifetime(signal) {}
        }
        XCTAssertEqual(log.events, ["next", "value released"])
    }

    func testOneSingleStartedFromManyThreadsAtOnceGivesEachItsValue() {
        // Reads of the stored value run concurrently (they only read it).
        let inline = Signal<String, NoError>.single("shared value, longer than fifteen bytes")
        let boxed = Signal<FiveWords, NoError>.single(FiveWords(a: 1, b: "b", c: 3, d: 4))
        let received = Atomic(value: 0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 {
                inline.start(next: { value in
                    if value == "shared value, longer than fifteen bytes" { received.modify { $0 + 1 } }
                })
                boxed.start(next: { value in
                    if value.d == 4 { received.modify { $0 + 1 } }
                })
            }
        }
        XCTAssertEqual(received.with { $0 }, 8 * 500 * 2)
    }
}
