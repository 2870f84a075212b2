import SignalTestSupport
import XCTest

@testable import SUntypedSignal

final class SerialEventDrainTests: LeakCheckedTestCase {
    func testHandlesEventsInOrder() {
        let log = Recorder()
        let drain = SerialEventDrain { event in
            switch event {
            case .next(let value): log.log("next \(describe(value))")
            case .error(let error): log.log("error \(describe(error))")
            case .completed: log.log("completed")
            }
        }
        drain.put(.next(1))
        drain.put(.error(nil))
        drain.put(.completed)
        XCTAssertEqual(log.events, ["next 1", "error nil", "completed"])
    }

    func testReentrantEventIsHandledAfterTheCurrentOne() {
        let log = Recorder()
        var drain: SerialEventDrain?
        drain = SerialEventDrain { event in
            guard case .next(let value) = event else { return }
            log.log("begin \(describe(value))")
            if value as? Int == 1 {
                drain?.put(.next(2))
            }
            log.log("end \(describe(value))")
        }
        drain?.put(.next(1))
        XCTAssertEqual(log.events, ["begin 1", "end 1", "begin 2", "end 2"])
        drain = nil
    }

    func testConcurrentEventsNeverOverlap() {
        let running = Counter()
        let overlaps = Counter()
        let handled = Counter()
        let drain = SerialEventDrain { _ in
            if running.increment() > 1 { overlaps.increment() }
            handled.increment()
            running.decrement()
        }
        let box = UncheckedBox(drain)
        concurrently(8) { _ in
            for value in 0..<500 { box.value.put(.next(value)) }
        }
        XCTAssertEqual(handled.value, 4000)
        XCTAssertEqual(overlaps.value, 0)
    }
}
