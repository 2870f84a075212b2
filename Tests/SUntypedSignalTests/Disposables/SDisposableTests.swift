import SUntypedSignal
import SignalTestSupport
import XCTest

/// SSignalKit's own SDisposableTests, plus the protocol's contract.
final class SDisposableTests: LeakCheckedTestCase {
    func testCustomTypeConformsAndIsUsableEverywhere() {
        let custom = CountingDisposable()
        let set = SDisposableSet()
        set.add(custom)
        let meta = SMetaDisposable()
        meta.setDisposable(custom)
        set.dispose()
        meta.dispose()
        XCTAssertEqual(custom.count, 2)
    }

    // 1
    func testBlockDisposableDisposed() {
        nonisolated(unsafe) var ran = false
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let disposable = SBlockDisposable { withExtendedLifetime(object) { ran = true } }
            disposable.dispose()
        }
        XCTAssertTrue(ran)
        XCTAssertNil(weakObject)
    }

    // 2
    func testBlockDisposableNotDisposed() {
        nonisolated(unsafe) var ran = false
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let disposable = SBlockDisposable { withExtendedLifetime(object) { ran = true } }
            _ = disposable
        }
        XCTAssertFalse(ran)
        XCTAssertNil(weakObject)
    }

    // 3
    func testMetaDisposableDisposed() {
        nonisolated(unsafe) var ran = false
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let meta = SMetaDisposable()
            meta.setDisposable(SBlockDisposable { withExtendedLifetime(object) { ran = true } })
            meta.dispose()
        }
        XCTAssertTrue(ran)
        XCTAssertNil(weakObject)
    }

    // 4
    func testMetaDisposableDisposedMultipleTimes() {
        nonisolated(unsafe) var ran1 = false
        nonisolated(unsafe) var ran2 = false
        weak var weak1: Tracked?
        weak var weak2: Tracked?
        do {
            let object1 = Tracked()
            let object2 = Tracked()
            weak1 = object1
            weak2 = object2
            let meta = SMetaDisposable()
            meta.setDisposable(SBlockDisposable { withExtendedLifetime(object1) { ran1 = true } })
            meta.setDisposable(SBlockDisposable { withExtendedLifetime(object2) { ran2 = true } })
            XCTAssertTrue(ran1)
            XCTAssertFalse(ran2)
            meta.dispose()
        }
        XCTAssertTrue(ran1)
        XCTAssertTrue(ran2)
        XCTAssertNil(weak1)
        XCTAssertNil(weak2)
    }

    // 5
    func testMetaDisposableNotDisposed() {
        nonisolated(unsafe) var ran = false
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let meta = SMetaDisposable()
            meta.setDisposable(SBlockDisposable { withExtendedLifetime(object) { ran = true } })
        }
        XCTAssertFalse(ran)
        XCTAssertNil(weakObject)
    }

    // 6
    func testDisposableSetSingleDisposed() {
        nonisolated(unsafe) var ran = false
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let set = SDisposableSet()
            set.add(SBlockDisposable { withExtendedLifetime(object) { ran = true } })
            set.dispose()
        }
        XCTAssertTrue(ran)
        XCTAssertNil(weakObject)
    }

    // 7
    func testDisposableSetMultipleDisposed() {
        nonisolated(unsafe) var ran1 = false
        nonisolated(unsafe) var ran2 = false
        weak var weak1: Tracked?
        weak var weak2: Tracked?
        do {
            let object1 = Tracked()
            let object2 = Tracked()
            weak1 = object1
            weak2 = object2
            let set = SDisposableSet()
            set.add(SBlockDisposable { withExtendedLifetime(object1) { ran1 = true } })
            set.add(SBlockDisposable { withExtendedLifetime(object2) { ran2 = true } })
            set.dispose()
        }
        XCTAssertTrue(ran1)
        XCTAssertTrue(ran2)
        XCTAssertNil(weak1)
        XCTAssertNil(weak2)
    }

    // 8
    func testDisposableSetSingleNotDisposed() {
        nonisolated(unsafe) var ran = false
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            let set = SDisposableSet()
            set.add(SBlockDisposable { withExtendedLifetime(object) { ran = true } })
        }
        XCTAssertFalse(ran)
        XCTAssertNil(weakObject)
    }

    // 9
    func testDisposableSetMultipleNotDisposed() {
        nonisolated(unsafe) var ran1 = false
        nonisolated(unsafe) var ran2 = false
        weak var weak1: Tracked?
        weak var weak2: Tracked?
        do {
            let object1 = Tracked()
            let object2 = Tracked()
            weak1 = object1
            weak2 = object2
            let set = SDisposableSet()
            set.add(SBlockDisposable { withExtendedLifetime(object1) { ran1 = true } })
            set.add(SBlockDisposable { withExtendedLifetime(object2) { ran2 = true } })
        }
        XCTAssertFalse(ran1)
        XCTAssertFalse(ran2)
        XCTAssertNil(weak1)
        XCTAssertNil(weak2)
    }

    // 10
    func testMetaDisposableAlreadyDisposed() {
        nonisolated(unsafe) var ran1 = false
        nonisolated(unsafe) var ran2 = false
        weak var weak1: Tracked?
        weak var weak2: Tracked?
        do {
            let object1 = Tracked()
            let object2 = Tracked()
            weak1 = object1
            weak2 = object2
            let meta = SMetaDisposable()
            meta.setDisposable(SBlockDisposable { withExtendedLifetime(object1) { ran1 = true } })
            meta.dispose()
            XCTAssertTrue(ran1)
            meta.setDisposable(SBlockDisposable { withExtendedLifetime(object2) { ran2 = true } })
            XCTAssertTrue(ran2, "set after dispose disposes at once")
        }
        XCTAssertNil(weak1)
        XCTAssertNil(weak2)
    }

    // 11 (the original repeated test 10; this is the real set version)
    func testDisposableSetAlreadyDisposed() {
        nonisolated(unsafe) var ran1 = false
        nonisolated(unsafe) var ran2 = false
        weak var weak2: Tracked?
        do {
            let object2 = Tracked()
            weak2 = object2
            let set = SDisposableSet()
            set.add(SBlockDisposable { ran1 = true })
            set.dispose()
            XCTAssertTrue(ran1)
            set.add(SBlockDisposable { withExtendedLifetime(object2) { ran2 = true } })
            XCTAssertTrue(ran2, "add after dispose disposes at once")
        }
        XCTAssertNil(weak2)
    }
}
