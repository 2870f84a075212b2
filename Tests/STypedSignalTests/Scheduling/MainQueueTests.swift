import Foundation
import STypedSignal
import SignalSync
import SignalTestSupport
import XCTest

/// The main queue on Linux: current for main-queue work whichever thread drains it,
/// `sync` onto it from its own work inline.
final class MainQueueTests: LeakCheckedTestCase {
    func testMainQueueWorkIsCurrentAndSyncRunsInline() {
        let log = EventLog()
        let done = expectation(description: "main-queue work ran")
        // Hop through a background queue so the block is truly queued on the main queue;
        // XCTest runs the main run loop while it waits.
        DispatchQueue.global().async {
            log.add("background current \(Queue.mainQueue().isCurrent())")
            DispatchQueue.main.async {
                log.add("current \(Queue.mainQueue().isCurrent())")
                log.add("execution queue current \(ExecutionQueue.main.isCurrent)")
                Queue.mainQueue().sync { log.add("inline sync") }
                Queue.mainQueue().async { log.add("inline async") }
                log.add("after")
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(
            log.events,
            [
                "background current false",
                "current true",
                "execution queue current true",
                "inline sync",
                "inline async",
                "after",
            ])
    }

    func testDeliverOnMainQueueArrivesOnTheMainQueue() {
        let done = expectation(description: "delivered")
        let log = EventLog()
        let signal = Signal<Int, NoError>.single(1) |> runOn(Queue(name: "bg")) |> deliverOn(Queue.mainQueue())
        let subscription = signal.start(next: { _ in
            log.add("current \(Queue.mainQueue().isCurrent())")
            done.fulfill()
        })
        wait(for: [done], timeout: 30)
        subscription.dispose()
        XCTAssertEqual(log.events, ["current true"])
    }

    func testOtherQueuesWorkIsNotTakenForMain() {
        let queue = Queue(name: "not-main")
        // Synchronous work on another queue, issued from the main thread, may run on the
        // main thread (the original's thread-based rule), so check off the main thread.
        let done = expectation(description: "checked")
        let log = EventLog()
        DispatchQueue.global().async {
            queue.sync { log.add("current \(Queue.mainQueue().isCurrent())") }
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(log.events, ["current false"])
    }

    // Separate processes: the main queue as a command-line program meets it.

    func testUnderDispatchMain() throws {
        try runProbe("MainQueueProbe", ["dispatchMain"])
    }

    func testUnderRunLoop() throws {
        try runProbe("MainQueueProbe", ["runLoop"])
    }

    func testUnderAsyncMain() throws {
        try runProbe("AsyncMainQueueProbe", [])
    }

    /// Runs a probe program built next to the tests and checks that every check passed.
    private func runProbe(_ name: String, _ arguments: [String]) throws {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle(for: Self.self).bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent(name) }
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            XCTFail("\(name) not found next to the tests (build with `swift build --build-tests`); looked in \(candidates.map(\.path))")
            return
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("all ok"), text)
        XCTAssertFalse(text.contains("FAILED"), text)
    }
}
