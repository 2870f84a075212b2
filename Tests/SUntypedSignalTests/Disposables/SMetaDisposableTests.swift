import SUntypedSignal
import SignalTestSupport
import XCTest

final class SMetaDisposableTests: LeakCheckedTestCase {
    func testSetDisposesPreviousAfterStoringNew() {
        let recorder = EventLog()
        let meta = SMetaDisposable()
        meta.setDisposable(SBlockDisposable { recorder.add("dispose a") })
        meta.setDisposable(SBlockDisposable { recorder.add("dispose b") })
        XCTAssertEqual(recorder.events, ["dispose a"])
        meta.dispose()
        XCTAssertEqual(recorder.events, ["dispose a", "dispose b"])
    }

    func testSetNilDisposesAndClears() {
        let recorder = EventLog()
        let meta = SMetaDisposable()
        meta.setDisposable(SBlockDisposable { recorder.add("dispose a") })
        meta.setDisposable(nil)
        XCTAssertEqual(recorder.events, ["dispose a"])
        meta.dispose()
        XCTAssertEqual(recorder.events, ["dispose a"])
    }

    func testSettingSameObjectDisposesItButKeepsItStored() {
        nonisolated(unsafe) var count = 0
        let inner = SBlockDisposable { count += 1 }
        let meta = SMetaDisposable()
        meta.setDisposable(inner)
        meta.setDisposable(inner)
        XCTAssertEqual(count, 1)
        XCTAssertFalse(meta.isDisposed)
        meta.dispose()
        XCTAssertEqual(count, 1, "the block disposable is one-shot")
    }

    func testDisposeIsIdempotent() {
        nonisolated(unsafe) var count = 0
        let meta = SMetaDisposable()
        meta.setDisposable(SBlockDisposable { count += 1 })
        meta.dispose()
        meta.dispose()
        XCTAssertEqual(count, 1)
        XCTAssertTrue(meta.isDisposed)
    }

    func testSetFromInsidePreviousDisposeDoesNotDeadlock() {
        let meta = SMetaDisposable()
        let recorder = EventLog()
        meta.setDisposable(
            SBlockDisposable {
                recorder.add("dispose a")
                meta.setDisposable(SBlockDisposable { recorder.add("dispose c") })
            })
        meta.setDisposable(SBlockDisposable { recorder.add("dispose b") })
        // a's dispose replaced b with c, which disposes b.
        XCTAssertEqual(recorder.events, ["dispose a", "dispose b"])
        meta.dispose()
        XCTAssertEqual(recorder.events, ["dispose a", "dispose b", "dispose c"])
    }

    func testConcurrentSetAndDisposeDisposesEverything() {
        let meta = SMetaDisposable()
        let counter = Counter()
        let box = UncheckedBox(meta)
        concurrently(100) { index in
            if index == 50 {
                box.value.dispose()
            } else {
                box.value.setDisposable(SBlockDisposable { counter.increment() })
            }
        }
        XCTAssertEqual(counter.value, 99, "every set disposable is disposed: replaced, at dispose, or after it")
    }
}
