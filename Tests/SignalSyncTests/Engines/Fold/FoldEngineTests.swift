import Dispatch
import SignalTestSupport
import XCTest

@testable import SignalSync

final class FoldEngineTests: LeakCheckedTestCase {
    func testScanEmitsEveryAccumulationThenCompletes() {
        let log = EventLog()
        let fold = FoldEngine<Int, Int, Int>.scan(10, +, emit: { log.add("next \($0)") }, complete: { log.add("completed") })
        fold.next(1)
        fold.next(2)
        fold.completed()
        fold.next(3)
        XCTAssertEqual(log.events, ["next 11", "next 13", "completed"])
    }

    func testAnErrorClosesTheFoldOnce() {
        let log = EventLog()
        let fold = FoldEngine<Int, [Int], [Int]>.buffer(count: 2, emit: { log.add("next \($0)") }, complete: { log.add("completed") })
        fold.next(1)
        XCTAssertTrue(fold.failed(), "the error goes downstream")
        XCTAssertFalse(fold.failed(), "only once")
        fold.next(2)
        fold.completed()
        XCTAssertEqual(log.events, [], "the partial array is dropped, nothing after the error")
    }

    func testBufferEmitsFullArraysThenTheRemainder() {
        let log = EventLog()
        let fold = FoldEngine<Int, [Int], [Int]>.buffer(count: 2, emit: { log.add("next \($0)") }, complete: { log.add("completed") })
        for value in 1...5 { fold.next(value) }
        fold.completed()
        XCTAssertEqual(log.events, ["next [1, 2]", "next [3, 4]", "next [5]", "completed"])
    }

    func testCollectEmitsEverythingAtCompletionOrAnEmptyArray() {
        let log = EventLog()
        let fold = FoldEngine<Int, [Int], [Int]>.collect(emit: { log.add("next \($0)") }, complete: { log.add("completed") })
        fold.next(1)
        fold.next(2)
        fold.completed()
        let empty = FoldEngine<Int, [Int], [Int]>.collect(emit: { log.add("next \($0)") }, complete: { log.add("completed") })
        empty.completed()
        XCTAssertEqual(log.events, ["next [1, 2]", "completed", "next []", "completed"])
    }

    /// A value that downstream pushes back while an accumulation is emitted is folded after
    /// it, not inside it.
    func testAValuePushedBackFromDownstreamIsFoldedAfterTheCurrentOne() {
        let log = EventLog()
        let box = Atomic<FoldEngine<Int, Int, Int>?>(value: nil)
        _ = box.swap(
            FoldEngine<Int, Int, Int>.scan(
                0,
                { accumulator, value in
                    log.add("fold \(value)")
                    return accumulator + value
                },
                emit: { sum in
                    log.add("emit \(sum)")
                    if sum == 1 { box.with { $0 }?.next(5) }
                    log.add("emitted \(sum)")
                }, complete: {}))
        box.with { $0 }?.next(1)
        XCTAssertEqual(log.events, ["fold 1", "emit 1", "emitted 1", "fold 5", "emit 6", "emitted 6"])
        _ = box.swap(nil)
    }

    /// Values from several threads at once: `f` never runs twice at once, no value is lost,
    /// and the accumulations reach downstream in the order they were folded (1, 2, 3, ...).
    func testConcurrentValuesAreFoldedOneAtATimeAndNoneIsLost() {
        let running = TestAtomic<Int>(0)
        let overlaps = TestAtomic<Int>(0)
        let emitted = Atomic<[Int]>(value: [])
        let completions = TestAtomic<Int>(0)
        let fold = FoldEngine<Int, Int, Int>.scan(
            0,
            { accumulator, value in
                if running.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                    overlaps.add(1, ordering: .relaxed)
                }
                defer { running.subtract(1, ordering: .sequentiallyConsistent) }
                return accumulator + value
            },
            emit: { sum in _ = emitted.modify { $0 + [sum] } },
            complete: { completions.add(1, ordering: .relaxed) })
        let threads = 8
        let perThread = 500
        Stress.run("scan", threads: threads) { _ in
            for _ in 0..<perThread { fold.next(1) }
        }
        fold.completed()
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0, "f never runs twice at once")
        XCTAssertEqual(emitted.with { $0 }, Array(1...(threads * perThread)), "every accumulation, in fold order")
        XCTAssertEqual(completions.load(ordering: .relaxed), 1)
    }

    /// Values from several threads at once: each lands in exactly one array, every array
    /// but the remainder is full.
    func testConcurrentValuesAreEachBufferedOnce() {
        let arrays = Atomic<[[Int]]>(value: [])
        let fold = FoldEngine<Int, [Int], [Int]>.buffer(count: 3, emit: { array in _ = arrays.modify { $0 + [array] } }, complete: {})
        let threads = 8
        let perThread = 500
        Stress.run("buffer", threads: threads) { thread in
            for index in 0..<perThread { fold.next(thread * perThread + index) }
        }
        fold.completed()
        let all = arrays.with { $0 }
        XCTAssertEqual(all.flatMap { $0 }.sorted(), Array(0..<(threads * perThread)))
        XCTAssertTrue(all.dropLast().allSatisfy { $0.count == 3 })
        XCTAssertEqual(all.last?.count, (threads * perThread) % 3 == 0 ? 3 : (threads * perThread) % 3)
    }
}
