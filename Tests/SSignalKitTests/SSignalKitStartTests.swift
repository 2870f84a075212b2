import Foundation
import SSignalKit
import SignalTestSupport
import XCTest

/// `start` and `startStrict` as Swift imports them return an optional handle, so code that
/// writes `disposable?.dispose()` compiles; SUntypedSignal's non-optional form is still
/// chosen wherever only a non-optional fits.
final class SSignalKitStartTests: LeakCheckedTestCase {
    private func staticTypeName<T>(_ value: T) -> String {
        "\(T.self)"
    }

    func testStartForms() {
        let pipe = SPipe()
        let trace = EventTrace()
        let nextOnly = pipe.signalProducer().start(next: { trace.add("a \(describe($0))") })
        let nextCompleted = pipe.signalProducer().start(next: { trace.add("b \(describe($0))") }, completed: { trace.add("b completed") })
        let all = pipe.signalProducer().start(
            next: { trace.add("c \(describe($0))") }, error: { trace.add("c error \(describe($0))") }, completed: { trace.add("c completed") })
        XCTAssertEqual(staticTypeName(nextOnly), "Optional<SDisposable>")
        XCTAssertEqual(staticTypeName(nextCompleted), "Optional<SDisposable>")
        XCTAssertEqual(staticTypeName(all), "Optional<SDisposable>")
        XCTAssertNotNil(nextOnly)
        pipe.sink(1)
        nextOnly?.dispose()
        pipe.sink(2)
        nextCompleted?.dispose()
        all?.dispose()
        pipe.sink(3)
        XCTAssertEqual(trace.all, ["a 1", "b 1", "c 1", "b 2", "c 2"])
    }

    func testOptionalStartGivesTheEventsOfTheNonOptionalStart() {
        func run(_ subscribe: (SSignal, EventTrace) -> Void) -> [String] {
            let trace = EventTrace()
            let source = SSignal.single("v").then(SSignal.fail("e")).onDispose { trace.add("source disposed") }
            subscribe(source, trace)
            return trace.all
        }
        let imported = run { signal, trace in
            let handle = signal.start(next: { trace.next($0) }, error: { trace.error($0) }, completed: { trace.completed() })
            handle?.dispose()
        }
        let forwarded = run { signal, trace in
            let handle: SDisposable = signal.start(next: { trace.next($0) }, error: { trace.error($0) }, completed: { trace.completed() })
            handle.dispose()
        }
        XCTAssertEqual(imported, forwarded)
        XCTAssertEqual(imported, ["next v", "error e", "source disposed"])
    }

    func testTheNonOptionalStartIsStillChosenWhereOnlyItFits() {
        let trace = EventTrace()
        let signal = SSignal.never().onDispose { trace.add("disposed") }
        signal.start().dispose()
        let handle: SDisposable = signal.start()
        handle.dispose()
        var stored: SDisposable? = nil
        stored = signal.start()
        XCTAssertEqual(staticTypeName(signal.start(next: nil) as SDisposable), "SDisposable")
        stored?.dispose()
        XCTAssertEqual(trace.all, ["disposed", "disposed", "disposed"])
    }

    func testStartStrictFormsReturnAnOptionalHandle() {
        let trace = EventTrace()
        let signal = SSignal.never().onDispose { trace.add("disposed") }
        let nextOnly = signal.startStrict(next: { _ in }, file: #file, line: #line)
        let nextCompleted = signal.startStrict(next: { _ in }, completed: {}, file: #file, line: #line)
        let all = signal.startStrict(next: { _ in }, error: { _ in }, completed: {}, file: #file, line: #line)
        XCTAssertEqual(staticTypeName(nextOnly), "Optional<SDisposable>")
        nextOnly?.dispose()
        nextCompleted?.dispose()
        all?.dispose()
        XCTAssertEqual(trace.all, ["disposed", "disposed", "disposed"])
        XCTAssertTrue(nextOnly is SStrictDisposable, "the handle is the strict disposable of the forwarded startStrict")
    }
}
