import Foundation
import XCTest

/// Runs one test of this test binary in a child process, for a test of a trap (a
/// `precondition` that must stop the program): the child traps, the parent checks how.
///
/// The child's test is skipped in an ordinary run (`XCTSkipUnless(ChildProcessTest.isChild)`)
/// and does the trapping call when the parent runs it with `SIGNALKIT_CHILD_TEST` set.
public enum ChildProcessTest {
    /// True in the child process.
    public static var isChild: Bool {
        ProcessInfo.processInfo.environment["SIGNALKIT_CHILD_TEST"] != nil
    }

    /// How a child ended.
    public struct Outcome: Sendable {
        /// True when a signal (a trap) ended it, rather than an exit.
        public let trapped: Bool
        /// Everything it wrote to standard output and standard error.
        public let output: String
    }

    /// Runs `test` ("Module.Class/testMethod") of the running test binary in a child
    /// process and waits for it.
    public static func run(_ test: String, file: StaticString = #filePath, line: UInt = #line) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [test]
        var environment = ProcessInfo.processInfo.environment
        environment["SIGNALKIT_CHILD_TEST"] = "1"
        // The message is what the test reads; the runtime's backtracer, which can outlive
        // the trapped child (seen under AddressSanitizer) and keep its output open, is off.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(trapped: process.terminationReason == .uncaughtSignal, output: String(decoding: data, as: UTF8.self))
    }
}
