import Foundation
import XCTest

/// Runs part of a test in a child process, for a test of a trap (a `precondition` that
/// must stop the program): the child traps, the parent checks how.
///
/// The child is the same test, run again in a child process of the test binary with
/// `SIGNALKIT_CHILD_TEST` naming the part to run: there, ``run(_:of:test:body:)`` calls
/// that part's body instead of starting a process, and returns `nil`. The body is no test
/// method of its own, so a plain run has no child test to skip or to count.
///
/// ```swift
/// func testSyncWithTrapsWhenTheObjectDoesNotExistYet() throws {
///     guard let outcome = try ChildProcessTest.run("syncWith", of: self, body: {
///         _ = local.syncWith { $0.value }
///     }) else { return }   // the child: the body ran (and trapped)
///     XCTAssertTrue(outcome.trapped, outcome.output)
/// }
/// ```
public enum ChildProcessTest {
    /// The variable that names the part a child runs.
    static let variable = "SIGNALKIT_CHILD_TEST"

    /// How a child ended.
    public struct Outcome: Sendable {
        /// True when a signal (a trap) ended it, rather than an exit.
        public let trapped: Bool
        /// Everything it wrote to standard output and standard error.
        public let output: String
    }

    /// In the parent, runs the test that calls it (`test`, a method of `testCase`) again
    /// in a child process, where this call runs `body`, and returns how the child ended.
    /// In a child process it returns `nil`: after running `body` if `child` is the part the
    /// child was started for, at once otherwise (another part of the same test).
    ///
    /// `child` names the part among the test's calls of `run` (each call needs its own).
    /// A body that returns instead of trapping fails the child's test (`XCTFail`).
    public static func run(
        _ child: String, of testCase: XCTestCase, test: String = #function, file: StaticString = #filePath, line: UInt = #line,
        body: () throws -> Void
    ) throws -> Outcome? {
        if let running = ProcessInfo.processInfo.environment[variable] {
            if running == child {
                try body()
                XCTFail("the child \"\(child)\" returned instead of trapping", file: file, line: line)
            }
            return nil
        }
        let method = test.hasSuffix("()") ? String(test.dropLast(2)) : test
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["\(String(reflecting: type(of: testCase)))/\(method)"]
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = child
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
