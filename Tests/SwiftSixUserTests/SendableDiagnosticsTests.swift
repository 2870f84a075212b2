import Foundation
import SignalTestSupport
import XCTest

/// The compiler rejects racy user code, as it does with DispatchQueue: this type-checks
/// small client files against the package's built modules with `swiftc` in Swift 6 mode
/// and checks which lines are errors.
final class SendableDiagnosticsTests: LeakCheckedTestCase {
    func testRacyCapturesAreCompileErrors() throws {
        let source = """
            import STypedSignal
            import SUntypedSignal

            func race() {
                var counter = 0
                let a = Queue(name: "a"), b = Queue(name: "b")
                a.async { counter += 1 }                                             // RACE 1
                b.async { counter += 1 }                                             // RACE 2
                a.after(0.1) { counter += 1 }                                        // RACE 3
                a.justDispatch { counter += 1 }                                      // RACE 4
                SQueue().dispatch { counter += 1 }                                   // RACE 5
                let pool = ThreadPool(threadCount: 2, threadPriority: 0.5)
                pool.addTask(ThreadPoolTask { _ in counter += 1 })                   // RACE 6
                let timer = STypedSignal.Timer(timeout: 1, repeat: false, completion: { counter += 1 }, queue: a) // RACE 7
                let untypedTimer = STimer(timeout: 1, repeat: false, completion: { counter += 1 }, queue: SQueue()) // RACE 8
                _ = (timer, untypedTimer)
                a.sync { counter += 1 }
                SQueue().dispatchSync { counter += 1 }
            }

            @MainActor final class Model { var text = "" }

            func bind(_ model: Model, _ signal: Signal<String, NoError>) {
                _ = signal.startOnMainActor(next: { model.text = $0 })
                _ = signal.start(next: { model.text = $0 })                        // RACE 9
            }
            """
        let errors = try typeCheck(source)
        let racyLines = Set(
            source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { $0.element.contains("// RACE") }.map { $0.offset + 1 })
        XCTAssertEqual(racyLines.count, 9)
        XCTAssertEqual(Set(errors.keys), racyLines, "errors: \(errors)")
    }

    /// Type-checks `source` against the built modules; the error lines and messages.
    private func typeCheck(_ source: String) throws -> [Int: String] {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [binary, Bundle.main.bundleURL, Bundle(for: Self.self).bundleURL.deletingLastPathComponent()]
        guard
            let modules = candidates.map({ $0.appendingPathComponent("Modules") }).first(where: {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("STypedSignal.swiftmodule").path)
            })
        else {
            throw XCTSkip("built modules not found next to the tests")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("racy-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // SignalSync's C module (the stack floor) is found through its module map.
        let cHeaders = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/SignalSyncStack/include")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, "-I", cHeaders.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw XCTSkip("swiftc not runnable: \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var errors: [Int: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix(file.path + ":") && line.contains(": error:") {
            let fields = line.dropFirst(file.path.count + 1).split(separator: ":")
            if let number = Int(fields[0]) {
                errors[number] = String(line)
            }
        }
        return errors
    }
}
