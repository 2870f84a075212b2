import SUntypedSignal
import SignalTestSupport
import XCTest

final class SAtomicTests: LeakCheckedTestCase {
    func testSwapReturnsPrevious() {
        let atomic = SAtomic(value: 1)
        XCTAssertEqual(atomic.swap(2) as? Int, 1)
        XCTAssertEqual(atomic.value as? Int, 2)
        XCTAssertEqual(atomic.swap(nil) as? Int, 2)
        XCTAssertNil(atomic.value)
    }

    func testModifyStoresAndReturnsNewValue() {
        let atomic = SAtomic(value: 1)
        let result = atomic.modify { ($0 as! Int) + 10 }
        XCTAssertEqual(result as? Int, 11)
        XCTAssertEqual(atomic.value as? Int, 11)
    }

    func testWithReturnsResultWithoutReplacing() {
        let atomic = SAtomic(value: 5)
        let result = atomic.with { "seen \($0 as! Int)" }
        XCTAssertEqual(result as? String, "seen 5")
        XCTAssertEqual(atomic.value as? Int, 5)
    }

    func testWithCanMutateReferenceContentsInPlace() {
        final class Box { var items: [Int] = [] }
        let atomic = SAtomic(value: Box())
        atomic.with {
            ($0 as! Box).items.append(1)
            return nil
        }
        XCTAssertEqual((atomic.value as! Box).items, [1])
    }

    func testDefaultIsNonRecursive() {
        XCTAssertFalse(SAtomic(value: nil).isRecursive)
        XCTAssertTrue(SAtomic(value: nil, recursive: true).isRecursive)
    }

    func testRecursiveAtomicAllowsReentryOnSameThread() {
        let atomic = SAtomic(value: 1, recursive: true)
        let result = atomic.modify { value in
            let inner = atomic.value as! Int
            let nested = atomic.with { ($0 as! Int) * 100 } as! Int
            return (value as! Int) + inner + nested
        }
        XCTAssertEqual(result as? Int, 102)
    }

    func testConcurrentModifyIsAtomic() {
        for recursive in [false, true] {
            let atomic = SAtomic(value: 0, recursive: recursive)
            let box = UncheckedBox(atomic)
            concurrently(8) { _ in
                for _ in 0..<1000 {
                    box.value.modify { ($0 as! Int) + 1 }
                }
            }
            XCTAssertEqual(atomic.value as? Int, 8000)
        }
    }

    func testOldValueReleasedOutsideTheLock() {
        // The replaced value's deinit reads the atomic again: with a release under the
        // (non-recursive) lock this would dead-lock.
        final class Reader {
            let atomic: SAtomic
            var seen: Any?
            init(_ atomic: SAtomic) { self.atomic = atomic }
        }
        final class ReadsOnDeinit {
            let reader: Reader
            init(_ reader: Reader) { self.reader = reader }
            deinit { reader.seen = reader.atomic.value }
        }
        let atomic = SAtomic(value: nil)
        let reader = Reader(atomic)
        atomic.swap(ReadsOnDeinit(reader))
        atomic.modify { _ in 7 }
        XCTAssertEqual(reader.seen as? Int, 7)
    }
}
