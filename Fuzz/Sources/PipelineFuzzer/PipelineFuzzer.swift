import Foundation
import SignalTesting

// The parity suite's generated pipelines, steered by libFuzzer instead of a seed: the
// input's bytes are the generator's draws (`SeededRandom(bytes:)`, 8 bytes each), so every
// input is a pipeline over the parity operations, and coverage guides the fuzzer towards
// the pipelines that reach new code of the library. The parity files are linked from
// Parity/ (the `Parity` folder here holds links to them), so the generator, the four
// drivers (typed, untyped and the two bridged ones) and the checks are the suite's own.

/// libFuzzer's entry point: one input, as bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // Safety: libFuzzer passes `size` readable bytes at `data` (none when `size` is 0) and
    // keeps them for this call; they are copied into an array before it returns.
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    checkPipeline(bytes)
    return 0
}

/// Before fuzzing: with `PIPELINE_FUZZER_WRITE_CORPUS` naming a folder, writes the seed
/// corpus there (the draws of the generated pipelines of seeds 0..<100, each replaying its
/// pipeline exactly) and exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    guard let folder = ProcessInfo.processInfo.environment["PIPELINE_FUZZER_WRITE_CORPUS"] else { return 0 }
    for seed in UInt64(0)..<100 {
        var random = SeededRandom(seed: seed, recording: true)
        _ = PipelineGenerator.make(seed: seed, using: &random)
        let bytes = (random.draws ?? []).flatMap { draw in (0..<8).reversed().map { UInt8(truncatingIfNeeded: draw >> ($0 * 8)) } }
        let url = URL(fileURLWithPath: folder).appendingPathComponent(String(format: "seed-%03d", seed))
        guard FileManager.default.createFile(atPath: url.path, contents: Data(bytes)) else {
            fatalError("pipeline fuzzer: cannot write \(url.path)")
        }
    }
    print("pipeline fuzzer: wrote 100 seeds to \(folder)")
    exit(0)
}

/// What every pipeline must give (`PipelineChecks.check`, the parity suite's properties):
/// the event grammar on every driver, every source subscription disposed by the end, the
/// scenario's world released, the same trace on all four drivers (after a known
/// disagreement's normalization); and no subscription of either API left live.
func checkPipeline(_ bytes: [UInt8]) {
    var random = SeededRandom(bytes: bytes)
    let pipeline = PipelineGenerator.make(seed: 0, using: &random)
    let live = liveSubscriptionCount
    if let problem = PipelineChecks.check(pipeline) {
        fatalError("a generated pipeline fails: \(pipeline)\n\(problem)")
    }
    let left = liveSubscriptionCount - live
    if left > 0 {
        fatalError("a generated pipeline left \(left) subscription(s) live: \(pipeline)")
    }
}
