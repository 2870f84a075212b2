import Foundation
import SUntypedSignal
import SignalTestSupport
import XCTest

/// `SSignal.single` keeps its value in raw storage of the signal object: the value comes
/// out intact on every subscription, from any number of threads at once, and is released
/// with the signal, not before. Run these in release too
/// (`swift test -c release -Xswiftc -enable-testing`).
final class SSingleSignalStorageTests: LeakCheckedTestCase {
    func testTheValueIsReleasedWithTheSignalAndNotBefore() {
        let released = OrderTrace<String>()
        let delivered = Cell(0)
        do {
            let signal = SSignal.single(DeinitProbe { released.append("value released") })
            signal.start(next: { value in if value is DeinitProbe { delivered.value += 1 } })
            signal.start(next: { value in if value is DeinitProbe { delivered.value += 1 } })
            XCTAssertEqual(released.all, [], "a subscription copies the value and leaves it in the signal")
            withExtendedLifetime(signal) {}
        }
        XCTAssertEqual(delivered.value, 2)
        XCTAssertEqual(released.all, ["value released"])
    }

    func testOneSingleStartedFromManyThreadsAtOnceGivesEachItsValue() {
        // Reads of the stored value run concurrently (they only read it).
        let signal = SSignal.single("shared value, longer than fifteen bytes")
        let received = TestAtomic<Int>(0)
        concurrently(8) { _ in
            for _ in 0..<500 {
                signal.start(next: { value in
                    if value as? String == "shared value, longer than fifteen bytes" {
                        received.wrappingAdd(1, ordering: .relaxed)
                    }
                })
            }
        }
        XCTAssertEqual(received.load(ordering: .relaxed), 8 * 500)
    }
}
