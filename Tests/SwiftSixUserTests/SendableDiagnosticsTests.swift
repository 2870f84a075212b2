import Foundation
import SignalTestSupport
import XCTest

/// What the compiler says about racy user code: the hop APIs (`Queue.async`, `Timer`,
/// `SQueue.dispatch`, ...), `start`'s callbacks and the operators' closures are `@Sendable`
/// and `@preconcurrency`, as Dispatch's own APIs are. So a Swift 6 client is warned about a
/// racy capture or main-actor state touched off the main actor (an error
/// under `-warnings-as-errors`), while a Swift 5 client, the originals' usual caller,
/// compiles the originals' idioms without a new diagnostic. This type-checks small client
/// files against the package's built modules with `swiftc` and checks which lines get a
/// diagnostic. It never skips in CI (`CI` set): a check that did not run fails there.
final class SendableDiagnosticsTests: LeakCheckedTestCase {
    private static let source = """
        import STypedSignal
        import SUntypedSignal

        func race() {
            var counter = 0
            let a = Queue(name: "a"), b = Queue(name: "b")
            a.async { counter += 1 }                                             // HOP 1
            b.async { counter += 1 }                                             // HOP 2
            a.after(0.1) { counter += 1 }                                        // HOP 3
            a.justDispatch { counter += 1 }                                      // HOP 4
            SQueue().dispatch { counter += 1 }                                   // HOP 5
            let pool = ThreadPool(threadCount: 2, threadPriority: 0.5)
            pool.addTask(ThreadPoolTask { _ in counter += 1 })                   // HOP 6
            let timer = STypedSignal.Timer(timeout: 1, repeat: false, completion: { counter += 1 }, queue: a) // HOP 7
            let untypedTimer = STimer(timeout: 1, repeat: false, completion: { counter += 1 }, queue: SQueue()) // HOP 8
            _ = (timer, untypedTimer)
            let numbers = Signal<Int, NoError>.single(1)
            _ = numbers |> map { value -> Int in counter += 1; return value }     // HOP 9
            _ = numbers |> filter { _ in counter += 1; return true }            // HOP 10
            _ = numbers |> beforeNext { _ in counter += 1 }                     // HOP 11
            _ = numbers.start(next: { _ in counter += 1 })                      // HOP 13
            _ = SSignal.single(1).start(completed: { counter += 1 })            // HOP 14
            _ = Signal<Int, NoError> { subscriber in
                counter += 1                                                     // HOP 12
                return EmptyDisposable
            }
            a.sync { counter += 1 }
            SQueue().dispatchSync { counter += 1 }
        }

        @MainActor final class Model { var text = "" }

        func bind(_ model: Model, _ signal: Signal<String, NoError>) {
            _ = signal.startOnMainActor(next: { model.text = $0 })
            _ = signal.start(next: { model.text = $0 })                        // ACTOR
        }

        @MainActor final class Label {
            var text = ""
            func bind(_ signal: Signal<Int, NoError>, _ untyped: SSignal) {
                _ = signal.start(next: { self.text = String($0) })              // ACTOR
                _ = signal.startStrict(completed: { self.text = "done" })      // ACTOR
                _ = untyped.start(next: { _ in self.text = "next" })            // ACTOR
                _ = untyped.startStrict(error: { _ in self.text = "failed" })  // ACTOR
            }
        }

        @MainActor final class Scaler {
            var factor = 2
            func scaled(_ numbers: Signal<Int, NoError>) -> Signal<Int, NoError> {
                numbers |> map { $0 * self.factor }                             // ACTOR
            }
            func positive(_ numbers: Signal<Int, NoError>) -> Signal<Int, NoError> {
                numbers |> filter { $0 * self.factor > 0 }                      // ACTOR
            }
            func inner(_ numbers: Signal<Int, NoError>) -> Signal<Int, NoError> {
                numbers |> mapToSignal { .single($0 * self.factor) }            // ACTOR
            }
            func generated() -> Signal<Int, NoError> {
                Signal { subscriber in
                    subscriber.putNext(self.factor)                             // ACTOR
                    return EmptyDisposable
                }
            }
            func scaled(_ numbers: SSignal) -> SSignal {
                numbers.map { ($0 as! Int) * self.factor }                      // ACTOR
            }
            func positive(_ numbers: SSignal) -> SSignal {
                numbers.filter { ($0 as! Int) * self.factor > 0 }               // ACTOR
            }
            func inner(_ numbers: SSignal) -> SSignal {
                numbers.mapToSignal { .single(($0 as! Int) * self.factor) }     // ACTOR
            }
            func generated() -> SSignal {
                SSignal { subscriber in
                    subscriber.putNext(self.factor)                             // ACTOR
                    return nil
                }
            }
        }
        """

    /// The lines of `source` that carry `marker`.
    private func lines(marked marker: String) -> Set<Int> {
        Set(
            Self.source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { $0.element.contains(marker) }.map { $0.offset + 1 })
    }

    func testSwiftSixWarnsAboutRacyCapturesAndMainActorState() throws {
        let diagnostics = try typeCheck(Self.source, swiftVersion: "6")
        let hops = lines(marked: "// HOP")
        // Main-actor state touched in a `start` callback, an operator's closure or a
        // generator: a warning too (they are `@preconcurrency`, like the hops).
        let actorReads = lines(marked: "// ACTOR")
        XCTAssertEqual(hops.count, 14)
        XCTAssertEqual(actorReads.count, 13)
        XCTAssertEqual(Set(diagnostics.warnings.keys), hops.union(actorReads), "warnings: \(diagnostics.warnings)")
        XCTAssertEqual(diagnostics.errors, [:])
    }

    func testSwiftFiveCompilesTheOriginalsIdiomsWithoutDiagnostics() throws {
        let idioms = Self.source.components(separatedBy: "@MainActor")[0]
        let diagnostics = try typeCheck(idioms, swiftVersion: "5")
        XCTAssertEqual(diagnostics.warnings, [:])
        XCTAssertEqual(diagnostics.errors, [:])
    }

    /// Skips outside CI; fails in CI, where every check must run.
    private func unavailable(_ reason: String) -> Error {
        if ProcessInfo.processInfo.environment["CI"] != nil {
            XCTFail("SendableDiagnosticsTests could not run in CI: \(reason)")
        }
        return XCTSkip(reason)
    }

    /// Type-checks `source` against the built modules in the given language mode; the
    /// lines of its errors and of its warnings, with their messages.
    private func typeCheck(_ source: String, swiftVersion: String) throws -> (errors: [Int: String], warnings: [Int: String]) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [binary, Bundle.main.bundleURL, Bundle(for: Self.self).bundleURL.deletingLastPathComponent()]
        guard
            let modules = candidates.map({ $0.appendingPathComponent("Modules") }).first(where: {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("STypedSignal.swiftmodule").path)
            })
        else {
            throw unavailable("built modules not found next to the tests")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("racy-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // SignalSync's C module (the stack floor) is found through its module map.
        let cHeaders = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/SignalSyncStack/include")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", swiftVersion, "-I", modules.path, "-I", cHeaders.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw unavailable("swiftc not runnable: \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var errors: [Int: String] = [:], warnings: [Int: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix(file.path + ":") {
            let fields = line.dropFirst(file.path.count + 1).split(separator: ":")
            guard let number = Int(fields[0]) else { continue }
            if line.contains(": error:") {
                errors[number] = String(line)
            } else if line.contains(": warning:") {
                warnings[number] = String(line)
            }
        }
        if process.terminationStatus != 0 && errors.isEmpty {
            throw unavailable("swiftc failed without a diagnostic in the file: \(text)")
        }
        return (errors, warnings)
    }
}
