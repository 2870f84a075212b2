import SignalSync

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Where a failed expectation was written: the caller's file and line, as the assertions
/// of this module take them (`fileID`, `filePath`, `line`, `column` with defaults).
public struct TestSourceLocation: Sendable, CustomStringConvertible {
    /// The file as `#fileID` names it (`Module/File.swift`).
    public let fileID: String
    /// The file's full path, as `#filePath` gives it.
    public let filePath: StaticString
    /// The line.
    public let line: UInt
    /// The column.
    public let column: UInt

    /// A location; the defaults are the caller's.
    public init(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `Module/File.swift:line:column`.
    public var description: String { "\(fileID):\(line):\(column)" }
}

/// One failure an assertion of this module reported.
public struct TestFailure: Sendable, CustomStringConvertible {
    /// The failure message (with the marble diff where there is one).
    public let message: String
    /// Where the failed expectation was written.
    public let location: TestSourceLocation

    /// A failure with `message` at `location`: to report failures of your own helpers
    /// through ``TestFailureReporter/current``.
    public init(message: String, location: TestSourceLocation) {
        self.message = message
        self.location = location
    }

    /// The location and the message.
    public var description: String { "\(location): \(message)" }
}

/// Where failures go: to the test framework that runs the current test, or to a function
/// of your own.
///
/// ``automatic`` records an issue with Swift Testing (`Issue.record`) when the current
/// task runs a Swift Testing test (`Test.current` is set), and calls `XCTFail` otherwise.
/// Every assertion of this module reports through ``current``, a task-local value:
/// ``collectingFailures(_:)`` swaps it to check that an assertion fails as it should.
public struct TestFailureReporter: Sendable {
    /// Reports one failure.
    public let report: @Sendable (TestFailure) -> Void

    /// A reporter that calls `report` for every failure.
    public init(_ report: @escaping @Sendable (TestFailure) -> Void) {
        self.report = report
    }

    /// The reporter of the running framework: Swift Testing's `Issue.record` under a
    /// Swift Testing test, `XCTFail` otherwise.
    public static let automatic = TestFailureReporter { failure in
        #if canImport(Testing)
            if Test.current != nil {
                swiftTesting.report(failure)
                return
            }
        #endif
        xcTest.report(failure)
    }

    /// Reports with `XCTFail` at the failure's file and line (prints the failure where
    /// XCTest is not available).
    public static let xcTest = TestFailureReporter { failure in
        #if canImport(XCTest)
            XCTFail(failure.message, file: failure.location.filePath, line: failure.location.line)
        #else
            print("\(failure)")
        #endif
    }

    /// Records a Swift Testing issue at the failure's location (prints the failure where
    /// Swift Testing is not available).
    public static let swiftTesting = TestFailureReporter { failure in
        #if canImport(Testing)
            let location = failure.location
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line), column: Int(location.column)))
        #else
            print("\(failure)")
        #endif
    }

    /// The reporter the assertions of this module use in the current task.
    @TaskLocal public static var current = TestFailureReporter.automatic

    /// Runs `body` with a reporter that collects failures instead of reporting them, and
    /// returns them: how to test that an assertion fails, and with which message.
    public static func collectingFailures(_ body: () throws -> Void) rethrows -> [TestFailure] {
        let collected = FailureList()
        try $current.withValue(TestFailureReporter { collected.append($0) }) { try body() }
        return collected.failures
    }
}

/// The failures `collectingFailures` gathers (reported from any thread).
private final class FailureList: Sendable {
    private let list = LockedState<[TestFailure]>([])

    func append(_ failure: TestFailure) { list.withLock { $0.append(failure) } }
    var failures: [TestFailure] { list.withLock { $0 } }
}
