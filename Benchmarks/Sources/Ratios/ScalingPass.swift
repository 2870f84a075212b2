import Dispatch
import Scenarios

#if canImport(Glibc)
    import Glibc
#endif

/// The scaling pass (`ratios --scaling`): the per-op cost of each `ScalingCase` at several
/// container sizes, and its growth from the smallest size to the largest.
struct ScalingPass {
    /// The container sizes measured by default, smallest first.
    static let defaultSizes = [100, 1_000, 10_000, 100_000]
    /// The ops each timed run does at least (small sizes repeat the fill and the removal).
    static let opsPerRun = 100_000

    /// Timed runs per case and size; the least is reported (a busy machine only adds
    /// time, and most at the largest size, where a run is one pass over memory that the
    /// machine's other tenants share: with 5, a busy stretch still missed a limit now and
    /// then).
    var runs = 9
    /// The container sizes measured, smallest first (growth: the last's ns/op ÷ the first's).
    var sizes = defaultSizes
    /// The cases measured.
    var cases = ScalingCase.allCases

    /// The least ns per op of `scalingCase` over the runs, at each of `sizes`, in order.
    ///
    /// Each run measures every size in turn, so that a size's runs are spread over the
    /// whole measurement of the case: a busy stretch of the machine, which slows the
    /// largest size (a pass over memory that neighbours share) most, then costs each size
    /// a run or two rather than every run of one size.
    func measure(_ scalingCase: ScalingCase) throws -> [Double] {
        _ = try timedRun(scalingCase, n: sizes[0], order: Self.randomOrder(sizes[0]))  // warm-up
        let orders = sizes.map(Self.randomOrder)
        var least = sizes.map { _ in Double.infinity }
        for _ in 0..<runs {
            for (index, n) in sizes.enumerated() {
                least[index] = min(least[index], try timedRun(scalingCase, n: n, order: orders[index]))
            }
        }
        return least
    }

    /// One timed run at size `n`: as many rounds as make `opsPerRun` ops; ns per op.
    private func timedRun(_ scalingCase: ScalingCase, n: Int, order: [Int]) throws -> Double {
        let rounds = max(1, Self.opsPerRun / n)
        var elapsed: UInt64 = 0
        for _ in 0..<rounds {
            let body = scalingCase.prepare(n, order: order)
            let start = DispatchTime.now().uptimeNanoseconds
            let removed = body()
            elapsed += DispatchTime.now().uptimeNanoseconds - start
            guard removed == n else {
                throw ScalingMiscount(scalingCase: scalingCase, removed: removed, expected: n)
            }
        }
        return Double(elapsed) / Double(rounds * n)
    }

    /// Has glibc keep the memory the process frees instead of handing it back to the system,
    /// so that the pass measures the containers in a steady state: each round makes a new
    /// container and its members and frees them all at the end, and with glibc's defaults
    /// the next round took the same pages back from the system, each page fault zeroing
    /// 4 KB. On 2026-11-26 that was 119,286 page faults for a pass (10,886 with this), about
    /// 70 ns an op of `DisposableSet` and 160 of `ValuePipe` at N = 100,000, and nothing at
    /// N = 100, whose memory stays in the process: a cost of the rounds, not of adding and
    /// removing. (The growth of `DisposableSet` went from 2.92x to 2.55x, the reference
    /// `Dictionary`'s from 2.02x to 2.04x.)
    ///
    /// `mallopt` is looked up at run time (the `Glibc` module does not import it): no
    /// trimming of the heap's top, 256 MB of padding when it grows, and blocks of up to
    /// 32 MB from the heap rather than from their own mappings, which are unmapped when
    /// freed. Does nothing elsewhere.
    static func keepFreedMemory() {
        #if canImport(Glibc)
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            let (trimThreshold, topPad, mmapThreshold): (Int32, Int32, Int32) = (-1, -2, -3)  // <malloc.h>
            _ = mallopt(mmapThreshold, 32 << 20)
            _ = mallopt(trimThreshold, Int32.max)
            _ = mallopt(topPad, 256 << 20)
        #endif
    }

    /// A permutation of `0..<n`, the same for every case of one size (a fixed seed).
    static func randomOrder(_ n: Int) -> [Int] {
        var generator = SplitMix64(seed: UInt64(n))
        return Array(0..<n).shuffled(using: &generator)
    }

    /// Measures every case: the least ns per op of each at each size.
    func measureAll(progress: (String) -> Void) throws -> ScalingFigures {
        Self.keepFreedMemory()
        var least: [String: [Double]] = [:]
        for scalingCase in cases {
            progress("  \(scalingCase.rawValue)")
            least[scalingCase.rawValue] = try measure(scalingCase)
        }
        return ScalingFigures(runs: runs, sizes: sizes, least: least)
    }

    /// The table of `figures` (in the order of `cases`) and the missed growth limits.
    func report(_ figures: ScalingFigures, thresholds: Thresholds) -> (table: String, checked: Int, misses: [String]) {
        let sizes = figures.sizes
        var lines = [
            "| container | " + sizes.map { "N=\($0) ns/op" }.joined(separator: " | ")
                + " | growth \(sizes.last!)/\(sizes[0]) | ÷ reference's growth | limit |",
            "|---|" + sizes.map { _ in "---:|" }.joined() + "---:|---:|---:|",
        ]
        let reference = figures.least[ScalingCase.dictionaryReference.rawValue].map { $0[$0.count - 1] / $0[0] }
        var checked = 0
        var misses: [String] = []
        for scalingCase in cases {
            guard let least = figures.least[scalingCase.rawValue] else { continue }
            let growth = least[least.count - 1] / least[0]
            // The limit is for the default sizes' growth: only checked over them.
            let limit = sizes == Self.defaultSizes ? thresholds.scalingGrowth?[scalingCase.rawValue] : nil
            if let limit {
                checked += 1
                if growth > limit {
                    misses.append("\(scalingCase.rawValue): growth \(format(growth))x > \(format(limit))x")
                }
            }
            let relative = reference.map { format(growth / $0) } ?? "-"
            let cells = least.map { format($0) } + [format(growth) + "x", relative, limit.map { format($0) + "x" } ?? "-"]
            lines.append("| \(scalingCase.rawValue) | " + cells.joined(separator: " | ") + " |")
        }
        return (lines.joined(separator: "\n"), checked, misses)
    }

    /// `value` with two decimals below 100, as a whole number from 100 on.
    private func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return value >= 100 ? String(Int(value.rounded())) : String(rounded)
    }
}

/// What a scaling pass measured, as `ratios --scaling --save-timings` writes it: the least
/// ns per op of each case (by name) at each size, over `runs` runs.
struct ScalingFigures: Codable {
    /// The timed runs per case and size.
    var runs: Int
    /// The sizes measured, smallest first.
    var sizes: [Int]
    /// The least ns per op of each case at each of `sizes`.
    var least: [String: [Double]]

    /// The figures of several processes taken together: at each size, the least of all
    /// their runs (`run.sh` measures in three processes: where a process's memory landed
    /// moved the largest size by up to half from one process to the next).
    init(pooling parts: [ScalingFigures]) throws {
        guard let first = parts.first, parts.allSatisfy({ $0.sizes == first.sizes }) else {
            throw ScalingPoolMismatch()
        }
        runs = parts.reduce(0) { $0 + $1.runs }
        sizes = first.sizes
        least = first.least
        for part in parts.dropFirst() {
            least.merge(part.least) { zip($0, $1).map { Swift.min($0, $1) } }
        }
    }

    /// The figures of one process.
    init(runs: Int, sizes: [Int], least: [String: [Double]]) {
        self.runs = runs
        self.sizes = sizes
        self.least = least
    }
}

/// Saved scaling figures to pool were measured at different sizes.
struct ScalingPoolMismatch: Error, CustomStringConvertible {
    /// What went wrong, for the error message.
    var description: String { "the pooled scaling figures were measured at different sizes" }
}

/// A scaling case removed a number of members other than it added.
struct ScalingMiscount: Error, CustomStringConvertible {
    /// The case that miscounted.
    let scalingCase: ScalingCase
    /// The members it removed.
    let removed: Int
    /// The members it added.
    let expected: Int

    /// What went wrong, for the error message.
    var description: String {
        "\(scalingCase.rawValue): removed \(removed) members, expected \(expected)"
    }
}

/// A small seeded random number generator (SplitMix64), so that every run removes in the
/// same order.
struct SplitMix64: RandomNumberGenerator {
    /// Advances by a fixed odd step at each number.
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next number of the sequence.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
