import XCTest

/// The order and release checks of a shared signal whose subscribers leave in random
/// order, written once for both APIs (`MulticastOrderTests` on `Multicast.get`,
/// `SMulticastOrderTests` on `multicast()`).
public enum MulticastOrderDriver {
    /// 200 subscribers of `share(source)`, where the source forwards a pipe; they leave in
    /// a seeded random order while values are pushed: every push reaches the remaining
    /// ones in subscription order, each is released as it leaves, only the last leave
    /// disposes the source, and the next subscriber starts it again (an old subscription
    /// disposed again does not touch the new run).
    public static func subscribersLeavingInRandomOrder<API: SignalAPIAdapter>(
        _ api: API.Type, seed: UInt64, share: (API.Signal) -> API.Signal, file: StaticString = #filePath, line: UInt = #line
    ) {
        var random = SeededRandom(seed: seed)
        let pipe = API.makePipe()
        let sourceDisposals = OrderTrace<Int>()
        let source = API.signal { subscriber in
            nonisolated(unsafe) let inner = API.start(API.signal(of: pipe), next: { API.putNext($0, to: subscriber) })
            return {
                inner()
                sourceDisposals.append(1)
            }
        }
        let shared = share(source)
        let delivered = OrderTrace<Int>()
        let released = OrderTrace<Int>()
        let subscriptions = (0..<200).map { number in
            let probe = DeinitProbe { released.append(number) }
            return API.start(
                shared,
                next: { _ in
                    withExtendedLifetime(probe) {}
                    delivered.append(number)
                })
        }
        var remaining = Array(0..<200)
        for (step, number) in Array(0..<200).shuffled(using: &random).enumerated() {
            subscriptions[number]()
            remaining.removeAll { $0 == number }
            XCTAssertEqual(released.last, number, "released as it leaves", file: file, line: line)
            if step % 25 == 0 {
                delivered.clear()
                API.push(step, into: pipe)
                XCTAssertEqual(delivered.all, remaining, "subscription order", file: file, line: line)
            }
            XCTAssertEqual(sourceDisposals.all.count, remaining.isEmpty ? 1 : 0, "only the last leave stops the source", file: file, line: line)
        }
        let again = API.start(shared, next: { _ in delivered.append(-1) })
        delivered.clear()
        API.push(0, into: pipe)
        XCTAssertEqual(delivered.all, [-1], "the next subscriber restarts the source", file: file, line: line)
        subscriptions[0]()  // a second dispose of an old membership: no effect on the new run
        API.push(1, into: pipe)
        XCTAssertEqual(delivered.all, [-1, -1], file: file, line: line)
        again()
    }
}
