import SignalSyncStack
import SignalTestSupport
import XCTest

@testable import SignalSync

/// Every class whose atomics are reached through `_getUnsafePointerToStoredProperties`
/// (`storedAtomicsAddress`) keeps them as the only stored property of a class made for
/// them: the address Swift gives the property is the one taken, also in the subclasses
/// that own them, and what is stored through the atomic reads back through the property.
final class AtomicStorageAddressTests: LeakCheckedTestCase {
    func testTheSubscriptionCoresAtomics() {
        typealias Core = SubscriptionCore<Int, String, SSignalKitRules>
        let core = Core(next: nil, error: nil, completed: nil)
        XCTAssertEqual(address(of: &core.atomics), _getUnsafePointerToStoredProperties(core))
        XCTAssertEqual(core.atomicsAddress, _getUnsafePointerToStoredProperties(core))
        core.keeps.store(true, ordering: .relaxed)
        core.spin.withLock {
            XCTAssertTrue(core.atomics.spin_locked.value)
        }
        core.putCompletion()
        XCTAssertNotEqual(core.atomics.word.value & Core.terminatedBit, 0)
        XCTAssertTrue(core.atomics.terminal_sent.value)
        XCTAssertTrue(core.atomics.keeps.value)
        XCTAssertFalse(core.atomics.spin_locked.value)
    }

    func testAHubsPublication() {
        let hub = PipeHubEngine<Int>(.silent, reentrancy: .queued)
        XCTAssertEqual(address(of: &hub.publication), _getUnsafePointerToStoredProperties(hub))
        XCTAssertNil(hub.publication.current.value)
        _ = hub.add { _ in }
        hub.push(1)
        XCTAssertNotNil(hub.publication.current.value, "the push published a snapshot")
    }

    func testAQueueLinesPutCount() {
        let line = QueueLineEngine(scheduleHop: { $0() })
        XCTAssertEqual(address(of: &line.putsStorage), _getUnsafePointerToStoredProperties(line))
        line.put {}
        line.put {}
        XCTAssertEqual(line.putCount, 2)
        XCTAssertEqual(line.putsStorage.value, 2)
    }

    func testAOnceActionsClaimFlag() {
        let once = OnceActionEngine(action: {})
        XCTAssertEqual(address(of: &once.claimStorage), _getUnsafePointerToStoredProperties(once))
        XCTAssertFalse(once.claimStorage.value)
        once.dispose()
        XCTAssertTrue(once.claimStorage.value)
    }

    func testALiveObjectCountersCount() {
        let counter = LiveObjectCounter()
        XCTAssertEqual(address(of: &counter.storage), _getUnsafePointerToStoredProperties(counter))
        counter.increment()
        XCTAssertEqual(counter.storage.value, 1)
    }

    private func address<Storage>(of storage: inout Storage) -> UnsafeMutableRawPointer {
        withUnsafeMutablePointer(to: &storage) { UnsafeMutableRawPointer($0) }
    }
}
