import Foundation
import XCTest

/// A stress suite built to break a hot pipe's lock-free push (the read-copy-update of
/// `PipeHubEngine`: pushes call subscribers from a published snapshot without retaining
/// them), written once for both APIs; CI runs it under AddressSanitizer and
/// ThreadSanitizer, which see a subscriber used after its release.
///
/// Several threads push without pause while subscribers, from inside their own
/// deliveries, dispose themselves, dispose a neighbour, release the pipe, push again and
/// subscribe new ones, and another thread subscribes and disposes. Nothing may crash,
/// hang or deliver to a subscription after its own thread disposed it.
public enum PipeHubStressDriver {
    /// What a subscriber does from inside one of its deliveries.
    enum Move: CaseIterable {
        case nothing, disposeItself, disposeANeighbour, releaseThePipe, pushAgain, subscribeAnother
    }

    /// One subscription of a round, with what disposes it and how many values it took after
    /// its own thread disposed it (must stay zero).
    final class Member: @unchecked Sendable {
        // Safety: every field is guarded by `lock`.
        private let lock = NSLock()
        private var dispose: (() -> Void)?
        /// Weak: a thread of `Stress.run` holds its body, which holds the round's members.
        private weak var disposedOnThread: Thread?
        private(set) var lateValues = 0

        func set(_ dispose: @escaping () -> Void) {
            lock.withLock { self.dispose = dispose }
        }

        /// Disposes once; the thread that disposed must not see a value afterwards.
        func disposeNow() {
            let dispose = lock.withLock { () -> (() -> Void)? in
                defer { self.dispose = nil }
                return self.dispose
            }
            guard let dispose else { return }  // another call disposes (or did)
            dispose()
            lock.withLock { disposedOnThread = Thread.current }
        }

        /// Records a delivery on the current thread.
        func delivered() {
            lock.withLock { if disposedOnThread === Thread.current { lateValues += 1 } }
        }
    }

    /// The pipe of a round, which a subscriber may release from inside a delivery.
    final class PipeHolder<Pipe>: @unchecked Sendable {
        // Safety: `pipe` is guarded by `lock`.
        private let lock = NSLock()
        private var pipe: Pipe?

        init(_ pipe: Pipe) {
            self.pipe = pipe
        }

        var current: Pipe? { lock.withLock { pipe } }

        func release() {
            let released = lock.withLock { () -> Pipe? in
                defer { pipe = nil }
                return pipe
            }
            withExtendedLifetime(released) {}  // released here, inside the delivery
        }
    }

    /// Rounds of pushes racing subscribers that dispose themselves, their neighbours and
    /// the pipe from inside their deliveries.
    public static func subscribersDisposingFromInsideDeliveriesWhilePushesRace<A: SignalAPIAdapter>(
        _ api: A.Type, rounds: Int = 20 * Stress.scale, file: StaticString = #filePath, line: UInt = #line
    ) {
        var random = SeededRandom(seed: 0x5049_5045)
        for _ in 0..<rounds {
            let round = Round<A>(seed: random.next())
            let holder = round.holder
            let members = round.members
            for index in 0..<8 { round.subscribe(index) }
            let stop = TestAtomic(false)
            let finished = Stress.run("pushes racing disposals from inside deliveries", threads: 4, file: file, line: line) { thread in
                var pushes = 0
                while !stop.load(ordering: .relaxed) {
                    if thread == 3 {
                        round.subscribe(1_000 + pushes)
                        members.random(excluding: nil)?.disposeNow()
                    } else if let pipe = holder.current {
                        A.push(pushes, into: pipe)
                    }
                    pushes += 1
                    if pushes == 2_000 { stop.store(true, ordering: .relaxed) }
                }
            }
            guard finished else { return }
            let late = members.all.map(\.lateValues).reduce(0, +)
            XCTAssertEqual(late, 0, "values delivered on a thread after it disposed their subscription", file: file, line: line)
            members.all.forEach { $0.disposeNow() }
        }
    }

    /// Pushes walking many slow subscribers while another thread keeps subscribing and
    /// disposing: each subscription withdraws the snapshot the pushes are walking, which
    /// must outlive every push that read it (released early, AddressSanitizer reports the
    /// pushes' reads as a use after free).
    public static func pushesWalkASnapshotWhileSubscribersComeAndGo<A: SignalAPIAdapter>(
        _ api: A.Type, rounds: Int = 4 * Stress.scale, file: StaticString = #filePath, line: UInt = #line
    ) {
        for _ in 0..<rounds {
            let pipe = A.makePipe()
            let delivered = TestAtomic(0)
            let slow: @Sendable (Int) -> Void = { _ in
                var spin = 0
                for step in 0..<200 { spin &+= step }
                delivered.wrappingAdd(spin & 1, ordering: .relaxed)
            }
            let steady = (0..<64).map { _ in A.start(A.signal(of: pipe), next: slow) }
            let stop = TestAtomic(false)
            let finished = Stress.run("pushes walking a snapshot while subscribers come and go", threads: 3, file: file, line: line) {
                thread in
                var steps = 0
                while !stop.load(ordering: .relaxed) {
                    if thread == 2 {
                        A.start(A.signal(of: pipe), next: slow)()
                    } else {
                        A.push(steps, into: pipe)
                    }
                    steps += 1
                    if steps == 1_000 { stop.store(true, ordering: .relaxed) }
                }
            }
            guard finished else { return }
            steady.forEach { $0() }
        }
    }

    /// One round: the pipe, the subscriptions, and what a subscriber does at each delivery.
    /// (A class rather than a recursive local function, whose context would hold itself.)
    final class Round<A: SignalAPIAdapter>: @unchecked Sendable {
        // Safety: `holder` and `members` lock for themselves; `seed` is immutable.
        let holder = PipeHolder(A.makePipe())
        let members = LockedMembers()
        let seed: UInt64

        init(seed: UInt64) {
            self.seed = seed
        }

        /// Subscribes member `index`, whose moves its seed fixes.
        func subscribe(_ index: Int) {
            guard let pipe = holder.current else { return }
            let member = Member()
            var moves = SeededRandom(seed: seed &+ UInt64(index))
            let plan = (0..<64).map { _ in Move.allCases[moves.below(Move.allCases.count)] }
            let counter = TestAtomic(0)
            let dispose = A.start(
                A.signal(of: pipe),
                next: { [self] _ in
                    member.delivered()
                    let step = counter.wrappingAdd(1, ordering: .relaxed).newValue
                    switch plan[step % plan.count] {
                    case .nothing: break
                    case .disposeItself: member.disposeNow()
                    case .disposeANeighbour: members.random(excluding: member)?.disposeNow()
                    case .releaseThePipe: holder.release()
                    case .pushAgain: holder.current.map { A.push(-1, into: $0) }
                    case .subscribeAnother: if members.count < 32 { subscribe(index + 100) }
                    }
                })
            member.set(dispose)
            members.add(member)
        }
    }

    /// The members of a round.
    final class LockedMembers: @unchecked Sendable {
        // Safety: `members` is guarded by `lock`.
        private let lock = NSLock()
        private var members: [Member] = []
        private var picks = SeededRandom(seed: 7)

        func add(_ member: Member) {
            lock.withLock { members.append(member) }
        }

        var count: Int { lock.withLock { members.count } }
        var all: [Member] { lock.withLock { members } }

        func random(excluding excluded: Member?) -> Member? {
            lock.withLock {
                let others = members.filter { $0 !== excluded }
                return others.isEmpty ? nil : others[picks.below(others.count)]
            }
        }
    }
}
