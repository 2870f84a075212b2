import XCTest

/// The insertion-order check of a disposable set after removals in random order, written
/// once for both APIs (`DisposableSetOrderTests`, `SDisposableSetOrderTests`): each API
/// passes its set and member types and their operations.
public struct DisposableSetOrderDriver<DisposableSet, Member> {
    /// A new, empty set.
    public let makeSet: () -> DisposableSet
    /// A member whose disposal runs the given action.
    public let member: (@escaping @Sendable () -> Void) -> Member
    /// Adds a member.
    public let add: (DisposableSet, Member) -> Void
    /// Removes a member without disposing it.
    public let remove: (DisposableSet, Member) -> Void
    /// Disposes the set and what it holds.
    public let dispose: (DisposableSet) -> Void
    /// The number of members held, where the API has it.
    public let count: ((DisposableSet) -> Int)?

    /// A driver over one API's set.
    public init(
        makeSet: @escaping () -> DisposableSet, member: @escaping (@escaping @Sendable () -> Void) -> Member,
        add: @escaping (DisposableSet, Member) -> Void, remove: @escaping (DisposableSet, Member) -> Void,
        dispose: @escaping (DisposableSet) -> Void, count: ((DisposableSet) -> Int)? = nil
    ) {
        self.makeSet = makeSet
        self.member = member
        self.add = add
        self.remove = remove
        self.dispose = dispose
        self.count = count
    }

    /// 500 members, 400 of them removed in a seeded random order: disposing the set
    /// disposes the 100 left, in the order they were added.
    public func randomRemovalsLeaveTheRestDisposedInInsertionOrder(seed: UInt64, file: StaticString = #filePath, line: UInt = #line) {
        var random = SeededRandom(seed: seed)
        let disposed = OrderTrace<Int>()
        let set = makeSet()
        let members = (0..<500).map { number in member { disposed.append(number) } }
        for item in members {
            add(set, item)
        }
        let removed = Set(Array(0..<500).shuffled(using: &random).prefix(400))
        for number in Array(removed).shuffled(using: &random) {
            remove(set, members[number])
        }
        if let count {
            XCTAssertEqual(count(set), 100, file: file, line: line)
        }
        dispose(set)
        XCTAssertEqual(disposed.all, Array(0..<500).filter { !removed.contains($0) }, file: file, line: line)
    }

    /// Four members, the second removed: it is released before `remove` returns (nothing
    /// else holds it); the others go with the set, in the order they were added.
    public func aRemovedMemberIsReleasedWhenRemoveReturnsAndTheRestWhenTheSetGoes(file: StaticString = #filePath, line: UInt = #line) {
        let released = OrderTrace<Int>()
        var set: DisposableSet? = makeSet()
        do {
            let members = (0..<4).map { number in
                let probe = DeinitProbe { released.append(number) }
                return member { withExtendedLifetime(probe) {} }
            }
            for item in members {
                add(set!, item)
            }
            remove(set!, members[1])
        }
        XCTAssertEqual(released.all, [1], "out of the set: released with the last reference", file: file, line: line)
        set = nil
        XCTAssertEqual(released.all, [1, 0, 2, 3], "the set's members, released with it in insertion order", file: file, line: line)
    }
}
