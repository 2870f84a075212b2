import SignalTestSupport
import XCTest

@testable import SignalTesting

final class MarbleTests: LeakCheckedTestCase {
    func testOneCharacterPerTickWithValuesErrorsAndCompletion() {
        XCTAssertEqual(
            Marble("-a-b|").events,
            [.init(tick: 1, token: .next("a")), .init(tick: 3, token: .next("b")), .init(tick: 4, token: .completed)])
        XCTAssertEqual(Marble("--#").events, [.init(tick: 2, token: .error(nil))])
        XCTAssertEqual(Marble("-#x").events, [.init(tick: 1, token: .error("x"))])
    }

    func testAGroupTakesOneTickAndSpacesTakeNone() {
        XCTAssertEqual(
            Marble("(1,2,|)").events,
            [.init(tick: 0, token: .next("1")), .init(tick: 0, token: .next("2")), .init(tick: 0, token: .completed)])
        XCTAssertEqual(Marble("-(12)-a").events, [.init(tick: 1, token: .next("12")), .init(tick: 3, token: .next("a"))])
        XCTAssertEqual(Marble("- a - #e").events, [.init(tick: 1, token: .next("a")), .init(tick: 3, token: .error("e"))])
    }

    func testNamesResolveThroughTheDictionariesThenLosslessStringConvertible() {
        let names = MarbleNames<Int, String>(typedValues: ["a": 10], error: "boom", errors: ["x": "ex"])
        let events = names.resolve(Marble("a3#(#x)")).events
        XCTAssertEqual(events.map(\.tick), [0, 1, 2, 3])
        XCTAssertEqual(events.map(\.kind), [.next(10), .next(3), .error("boom"), .error("ex")])
    }

    func testUntypedNamesAreIntsWhenTheyReadAsOnes() {
        let names = MarbleNames<Any?, Any?>(untypedValues: ["n": nil], error: "E", errors: [:])
        let values = names.resolve(Marble("1bn")).events.compactMap { event -> Any?? in
            if case .next(let value) = event.kind { return .some(value) }
            return nil
        }
        XCTAssertEqual(values.count, 3)
        XCTAssertEqual(values[0] as? Int, 1)
        XCTAssertEqual(values[1] as? String, "b")
        XCTAssertNil(values[2] ?? nil)
    }
}

final class EventGrammarTests: XCTestCase {
    func testValuesThenOneTerminalEvent() {
        var grammar = EventGrammar()
        XCTAssertEqual(grammar.receive("next", terminal: false), .record)
        XCTAssertEqual(grammar.receive("completed", terminal: true), .record)
        XCTAssertEqual(grammar.state, .ended("completed"))
    }

    func testAnEventAfterTheEndIsAViolation() {
        var grammar = EventGrammar()
        _ = grammar.receive("error", terminal: true)
        XCTAssertEqual(grammar.receive("next", terminal: false), .violation("next after error: the grammar is next* (error | completed)?"))
    }

    func testAnEventAfterDisposalIsAViolation() {
        var grammar = EventGrammar()
        grammar.dispose()
        XCTAssertEqual(grammar.receive("next", terminal: false), .violation("next after the recorder was disposed"))
    }
}
