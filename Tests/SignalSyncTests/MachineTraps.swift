import SignalTestSupport
import XCTest

extension XCTestCase {
    /// Runs `body`, a transition its machine rules out, in a child process
    /// (`ChildProcessTest`), and checks that it trapped with a message containing
    /// `message` (in debug builds: an optimized build traps without printing a
    /// `preconditionFailure`'s message). `message` also names the child among the test's
    /// calls. In the child, it runs `body` and returns.
    func assertTraps(
        _ message: String, test: String = #function, file: StaticString = #filePath, line: UInt = #line, body: () throws -> Void
    ) throws {
        guard let outcome = try ChildProcessTest.run(message, of: self, test: test, file: file, line: line, body: body) else { return }
        XCTAssertTrue(outcome.trapped, outcome.output, file: file, line: line)
        #if DEBUG
            XCTAssertTrue(outcome.output.contains(message), outcome.output, file: file, line: line)
        #endif
    }
}
