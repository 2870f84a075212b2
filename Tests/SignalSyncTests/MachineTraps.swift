import SignalTestSupport
import XCTest

extension XCTestCase {
    /// Runs `child`, a test method of this class that performs a transition its machine
    /// rules out, in a child process (`ChildProcessTest`), and checks that it trapped with
    /// a message containing `message` (in debug builds: an optimized build traps without
    /// printing a `preconditionFailure`'s message).
    func assertTraps(_ child: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let outcome = try ChildProcessTest.run("SignalSyncTests.\(type(of: self))/\(child)", file: file, line: line)
        XCTAssertTrue(outcome.trapped, outcome.output, file: file, line: line)
        #if DEBUG
            XCTAssertTrue(outcome.output.contains(message), outcome.output, file: file, line: line)
        #endif
    }
}
