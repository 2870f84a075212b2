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

    func testAGroupWrittenAsRxJSWritesItReadsAsOneValueAndItsEnd() {
        XCTAssertEqual(Marble("---(c|)").events, Marble("---(c,|)").events)
        XCTAssertEqual(Marble("---(c|)").events, [.init(tick: 3, token: .next("c")), .init(tick: 3, token: .completed)])
        XCTAssertEqual(Marble("(c#)").events, [.init(tick: 0, token: .next("c")), .init(tick: 0, token: .error(nil))])
        XCTAssertEqual(Marble("(a,c#x)-1").events.map(\.token), [.next("a"), .next("c"), .error("x"), .next("1")])
        XCTAssertNil(Marble("(c|)").problem)
    }

    func testALongerNameBeforeTheEndOfAGroupIsAProblemThatShowsTheCommas() {
        let marble = Marble("-a-(bc|)-d")
        XCTAssertEqual(
            marble.problem,
            "marble '-a-(bc|)-d': group member 'bc|' at offset 4 (tick 3) is ambiguous: separate the events of a group with commas, "
                + "'(b,c,|)' for one event per character, '(bc,|)' for the value named 'bc' and then '|'")
        XCTAssertEqual(marble.events, [.init(tick: 1, token: .next("a"))], "the events before the fault are kept")
        XCTAssertEqual(Marble("(12,|)").events.map(\.token), [.next("12"), .completed], "the project's own grouping")
    }

    // Found by Fuzz/MarbleFuzzer: a problem said what was wrong but not where, so a long
    // marble left its reader counting characters.
    func testAProblemNamesTheOffsetAndTickOfTheFault() {
        XCTAssertEqual(Marble("-1-(2,3").problem, "marble '-1-(2,3': unclosed group at offset 3 (tick 3): the '(' has no ')'")
        XCTAssertEqual(
            Marble("- a (b").problem, "marble '- a (b': unclosed group at offset 4 (tick 2): the '(' has no ')'",
            "spaces count in the offset and take no tick")
        XCTAssertEqual(
            Marble("-(a)-(x,bc|)").problem?.hasPrefix("marble '-(a)-(x,bc|)': group member 'bc|' at offset 8 (tick 3) is ambiguous"), true,
            "the offset of the member, the tick of its group")
        XCTAssertEqual(Marble("(é,bc#)").problem?.contains("'bc#' at offset 3 (tick 0) is ambiguous"), true, "offsets count characters")
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
