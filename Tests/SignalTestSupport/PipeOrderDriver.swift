import XCTest

/// The order and release checks of a hot pipe whose subscribers leave in random order,
/// written once for both APIs (`ValuePipeOrderTests`, `SPipeOrderTests`).
public enum PipeOrderDriver {
    /// 300 subscribers of a pipe made by `makePipe`; 280 leave in a seeded random order
    /// while values are pushed: every push reaches the remaining ones in subscription
    /// order, each subscriber's callbacks are released as it leaves, and a late subscriber
    /// comes after the ones still there.
    public static func subscribersLeavingInRandomOrder<API: SignalAPIAdapter>(
        _ api: API.Type, seed: UInt64, makePipe: () -> API.Pipe = API.makePipe, file: StaticString = #filePath, line: UInt = #line
    ) {
        var random = SeededRandom(seed: seed)
        let pipe = makePipe()
        let delivered = OrderTrace<Int>()
        let released = OrderTrace<Int>()
        let subscriptions = (0..<300).map { number in
            let probe = DeinitProbe { released.append(number) }
            return API.start(
                API.signal(of: pipe),
                next: { _ in
                    withExtendedLifetime(probe) {}
                    delivered.append(number)
                })
        }
        var remaining = Array(0..<300)
        let leaving = Array(0..<300).shuffled(using: &random).prefix(280)
        for (step, number) in leaving.enumerated() {
            subscriptions[number]()
            remaining.removeAll { $0 == number }
            if step % 20 == 0 {
                delivered.clear()
                API.push(step, into: pipe)
                XCTAssertEqual(delivered.all, remaining, "subscription order", file: file, line: line)
            }
        }
        XCTAssertEqual(released.all, Array(leaving), "each released as it leaves", file: file, line: line)
        let late = API.start(API.signal(of: pipe), next: { _ in delivered.append(-1) })
        delivered.clear()
        API.push(0, into: pipe)
        XCTAssertEqual(delivered.all, remaining + [-1], "a late subscriber comes last", file: file, line: line)
        for number in remaining {
            subscriptions[number]()
        }
        late()
    }
}
