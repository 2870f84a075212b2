import Foundation
import SignalSyncStack
import SignalTestSupport
import XCTest

@testable import SignalSync

final class PublicationEngineTests: LeakCheckedTestCase {
    /// A published object that records its release, so that a read after it shows.
    final class Probe: @unchecked Sendable {
        // Safety: `released` is atomic; `count` is shared by the probes of one test.
        let released = TestAtomic<Bool>(false)
        let count: ReleaseCount

        init(_ count: ReleaseCount) {
            self.count = count
        }

        deinit {
            released.store(true, ordering: .sequentiallyConsistent)
            count.value.wrappingAdd(1, ordering: .relaxed)
        }
    }

    final class ReleaseCount: Sendable {
        let value = TestAtomic<Int>(0)
    }

    /// An owner as `PipeHubEngine` is one: the machine under its lock, the storage inline
    /// (its first stored property).
    final class Owner: @unchecked Sendable {
        // Safety: the machine is reached through `machine.withLock` only; `publication`
        // only through `engine`.
        var publication = signalsync_publication_atomics()
        let machine = LockedState(PublicationMachine<Probe>())
        let count = ReleaseCount()

        init() {
            PublicationEngine<Probe>.prepare(&publication)
        }

        var engine: PublicationEngine<Probe> {
            PublicationEngine(_getUnsafePointerToStoredProperties(self))
        }

        deinit {
            engine.release()
        }

        func publish() {
            machine.withLock { _ in engine.publishIfWithdrawn { Probe(count) } }
        }

        func withdraw() {
            let released = machine.withLock { engine.withdraw(&$0) }
            withExtendedLifetime(released) {}
        }

        /// Reads the published probe: true when it was live throughout.
        func read(during body: () -> Void = {}) -> Bool? {
            engine.withCurrent(
                { probe in
                    body()
                    return !probe.released.load(ordering: .sequentiallyConsistent)
                },
                reclaim: {
                    let released = machine.withLock { engine.collect(&$0) }
                    withExtendedLifetime(released) {}
                })
        }

        var held: Int {
            machine.withLock { $0.heldCount }
        }
    }

    func testNothingPublishedReadsNil() {
        let owner = Owner()
        XCTAssertNil(owner.read())
        owner.publish()
        XCTAssertEqual(owner.read(), true)
        owner.withdraw()
        XCTAssertNil(owner.read())
    }

    func testAWithdrawalWithNoReaderReleasesAtOnce() {
        let owner = Owner()
        owner.publish()
        owner.withdraw()
        XCTAssertEqual(owner.count.value.load(ordering: .relaxed), 1)
        XCTAssertEqual(owner.held, 0)
    }

    func testPublishingTwiceKeepsTheFirst() {
        let owner = Owner()
        owner.publish()
        owner.publish()
        owner.withdraw()
        XCTAssertEqual(owner.count.value.load(ordering: .relaxed), 1, "only one probe was made")
    }

    func testAWithdrawalDuringAReadWaitsForTheReadToReturn() {
        let owner = Owner()
        owner.publish()
        let live = owner.read {
            owner.withdraw()
            owner.publish()
            owner.withdraw()
            // The second probe had no reader, but it was withdrawn while a reader of the
            // earlier epoch was inside: it waits with the first (bounded by that read).
            XCTAssertEqual(owner.count.value.load(ordering: .relaxed), 0, "the probe being read is kept")
            XCTAssertEqual(owner.held, 2)
        }
        XCTAssertEqual(live, true)
        XCTAssertEqual(owner.count.value.load(ordering: .relaxed), 2, "the read's exit released it")
        XCTAssertEqual(owner.held, 0)
    }

    func testNestedReadsKeepTheirObjectUntilTheOutermostReturns() {
        let owner = Owner()
        owner.publish()
        _ = owner.read {
            owner.withdraw()
            owner.publish()
            _ = owner.read {
                owner.withdraw()
            }
            XCTAssertEqual(owner.held, 2)
        }
        XCTAssertEqual(owner.held, 0)
        XCTAssertEqual(owner.count.value.load(ordering: .relaxed), 2)
    }

    func testTheEngineReleasesWhatIsStillPublished() {
        let count: ReleaseCount
        do {
            let owner = Owner()
            count = owner.count
            owner.publish()
        }
        XCTAssertEqual(count.value.load(ordering: .relaxed), 1)
    }

    func testReadersNeverSeeAReleasedObjectAndEverythingIsReleased() {
        let owner = Owner()
        owner.publish()
        let stop = TestAtomic<Bool>(false)
        let stale = TestAtomic<Int>(0)
        let readers = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: readers) {
                while !stop.load(ordering: .relaxed) {
                    if owner.read() == false {
                        stale.wrappingAdd(1, ordering: .relaxed)
                    }
                }
            }
        }
        for _ in 0..<20_000 {
            owner.withdraw()
            owner.publish()
        }
        stop.store(true, ordering: .relaxed)
        XCTAssertEqual(readers.wait(timeout: .now() + 20), .success)
        owner.withdraw()
        XCTAssertEqual(stale.load(ordering: .relaxed), 0, "a reader saw a released object")
        XCTAssertEqual(owner.held, 0, "every withdrawn object is released once its readers left")
        XCTAssertEqual(owner.count.value.load(ordering: .relaxed), 20_001)
    }
}
