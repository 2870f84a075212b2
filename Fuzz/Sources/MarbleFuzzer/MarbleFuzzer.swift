import STypedSignal
import SignalTesting

/// libFuzzer's entry point: one input, as bytes.
///
/// The bytes are read as UTF-8 (invalid sequences become U+FFFD) and checked by
/// `checkMarble(_:)`. A broken property traps, which libFuzzer reports as a crash and saves
/// the input under `crash-<hash>`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // Safety: libFuzzer passes `size` readable bytes at `data` (none when `size` is 0) and
    // keeps them for this call; the bytes are copied into a String before it returns.
    let bytes = data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0)
    checkMarble(String(decoding: bytes, as: UTF8.self))
    return 0
}

/// What every text must give, well formed or not.
///
/// - The parser returns (no trap, no hang) and keeps the text.
/// - The events' ticks never go back, and none is past the text's last character.
/// - A rejected text's `problem` names where the fault is: `at offset N (tick T)`, where
///   `N` is the offset in characters of the fault in the text.
/// - A well formed text whose events end at its first terminal event (a later one is never
///   delivered) is what a cold and a hot test signal of it play: the recorder's `expect`
///   of the same text passes, and one of another text fails (its message rendered).
/// - The scheduler, and with it the signals and the recorder that hold it, is released
///   when the input is done (no reference cycle keeps a test's timeline alive).
func checkMarble(_ text: String) {
    let marble = Marble(text)
    precondition(marble.text == text, "the marble keeps its text")
    let ticks = marble.events.map(\.tick)
    precondition(zip(ticks, ticks.dropFirst()).allSatisfy { $0 <= $1 }, "ticks never go back: \(ticks) in '\(text)'")
    precondition(ticks.allSatisfy { 0 <= $0 && $0 < text.count }, "every tick is a character of '\(text)': \(ticks)")
    if let problem = marble.problem {
        checkPosition(of: problem, in: text)
    }
    let endsAtFirstTerminal = marble.events.firstIndex { $0.token == .completed || $0.token.isError }.map { $0 == marble.events.count - 1 } ?? true
    for hot in [false, true] {
        weak var released: SignalTestScheduler?
        let failures = TestFailureReporter.collectingFailures {
            let scheduler = SignalTestScheduler()
            released = scheduler
            let source: Signal<String, String> = hot ? scheduler.hot(text, error: "default") : scheduler.cold(text, error: "default")
            let recorder = scheduler.record(source)
            scheduler.advanceUntilIdle()
            let matched = recorder.expect(text, error: "default")
            precondition(matched || marble.problem != nil || !endsAtFirstTerminal, "'\(text)' plays as itself (hot: \(hot))")
            // The failure message of a difference: the recorded events rendered as a marble.
            if !recorder.events.isEmpty { precondition(!recorder.expect("", error: "default")) }
            recorder.dispose()
        }
        precondition(marble.problem == nil || !failures.isEmpty, "a problem is reported: '\(text)'")
        precondition(released == nil, "the scheduler, its signals and recorder are released: '\(text)' (hot: \(hot))")
    }
}

/// Traps unless `problem` says `at offset N (tick T)` with `N` the offset of a character of
/// `text`.
func checkPosition(of problem: String, in text: String) {
    guard let range = problem.firstRange(of: " at offset ") else {
        preconditionFailure("the problem of '\(text)' names no position: \(problem)")
    }
    let digits = problem[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
    guard let offset = Int(digits), offset < text.count else {
        preconditionFailure("the problem of '\(text)' names no offset inside it: \(problem)")
    }
    precondition(problem[range.upperBound...].dropFirst(digits.count).hasPrefix(" (tick "), "no tick after the offset: \(problem)")
}

extension Marble.Token {
    /// True for an error, named or not.
    fileprivate var isError: Bool {
        if case .error = self { return true }
        return false
    }
}
