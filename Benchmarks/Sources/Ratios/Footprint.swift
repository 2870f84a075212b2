import Foundation
import HeapStatistics
import Scenarios

/// What the footprint pass measured of one case (`FootprintRow`): the heap that its
/// `subscriptions` live subscriptions hold.
///
/// Bytes and allocations come from two processes: the bytes from glibc's counters in a
/// process on the system allocator (the malloc interposer puts a 16-byte header before
/// every block, which the bytes in use would count), the allocations from the
/// interposer's counters in a process that has it preloaded.
struct FootprintRecord: Codable {
    var row: FootprintRow
    var implementation: Implementation
    /// The subscriptions held at once.
    var subscriptions: Int
    /// Heap bytes in use (mallinfo2: allocated chunks with their headers, and mapped
    /// blocks) after subscribing minus before; nil when not measured.
    var bytes: Int?
    /// `malloc`-family calls made while subscribing; nil when not measured.
    var allocations: Int?

    var bytesPerSubscription: Double? {
        bytes.map { Double($0) / Double(subscriptions) }
    }

    var allocationsPerSubscription: Double? {
        allocations.map { Double($0) / Double(subscriptions) }
    }
}

/// A footprint case that did not reach each of its subscriptions with the probe.
struct FootprintMiscount: Error, CustomStringConvertible {
    let row: FootprintRow
    let implementation: Implementation
    let delivered: Int
    let expected: Int

    var description: String {
        "\(row.rawValue) \(implementation.rawValue): the probe made \(delivered) deliveries, expected \(expected) (one per held subscription)"
    }
}

/// The footprint pass: holds `FootprintRow.subscriptions` subscriptions of each case at
/// once and measures the heap they hold.
struct FootprintPass {
    /// The subscriptions held at once.
    var subscriptions = FootprintRow.subscriptions

    /// Whether this process can read the heap's bytes in use (glibc).
    static var measuresBytes: Bool {
        heap_statistics_available() != 0
    }

    /// Measures every case: with `counters` (the interposer is loaded), the allocations
    /// made while subscribing; without, the heap bytes in use before and after. Each case
    /// is warmed up first (100 subscriptions made, probed and ended: lazily made
    /// metadata, a queue's thread), its sources are built and the array of handles is
    /// made large enough before the measurement, and after it, a probe must reach every
    /// subscription.
    func measure(_ cases: [FootprintCase], counters: MallocCounters?) throws -> [FootprintRecord] {
        try cases.map { footprintCase in
            let warmUp = footprintCase.prepare(100)
            warmUp.subscribe()
            try check(footprintCase, delivered: warmUp.probe(), expected: 100)
            warmUp.release()

            let hold = footprintCase.prepare(subscriptions)
            var record = FootprintRecord(row: footprintCase.row, implementation: footprintCase.implementation, subscriptions: subscriptions)
            if let counters {
                record.allocations = counters.countAllocations { hold.subscribe() }
            } else if Self.measuresBytes {
                let before = heap_statistics_bytes_in_use()
                hold.subscribe()
                let after = heap_statistics_bytes_in_use()
                record.bytes = Int(after) - Int(before)
            } else {
                hold.subscribe()
            }
            try check(footprintCase, delivered: hold.probe(), expected: subscriptions)
            hold.release()
            return record
        }
    }

    private func check(_ footprintCase: FootprintCase, delivered: Int, expected: Int) throws {
        guard delivered == expected else {
            throw FootprintMiscount(row: footprintCase.row, implementation: footprintCase.implementation, delivered: delivered, expected: expected)
        }
    }
}

/// The checked-in limits of `footprint.json`: per row id and implementation, the most
/// bytes and allocations per live subscription.
struct FootprintLimits: Decodable {
    struct Limit: Decodable {
        var bytes: Double?
        var allocations: Double?
    }

    var limits: [String: [String: Limit]] = [:]

    static func load(_ path: String) throws -> FootprintLimits {
        try JSONDecoder().decode(FootprintLimits.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func limit(_ row: FootprintRow, _ implementation: Implementation) -> Limit? {
        limits[row.rawValue]?[implementation.rawValue]
    }
}

/// The footprint table: bytes and allocations per live subscription, the bytes' ratio
/// to OpenCombine's, and the checks against `footprint.json`.
struct FootprintReport {
    private let records: [Key: FootprintRecord]
    private let limits: FootprintLimits?
    private let rowsMeasured: [FootprintRow]

    /// Lines naming every exceeded limit.
    private(set) var misses: [String] = []
    /// How many limits were checked.
    private(set) var checked = 0
    private var rows: [[String]] = []

    struct Key: Hashable {
        let row: FootprintRow
        let implementation: Implementation
    }

    /// The report on `bytes` and `allocations` (the records of two processes, merged by
    /// case), checked against `limits` when given.
    init(bytes: [FootprintRecord], allocations: [FootprintRecord]?, limits: FootprintLimits?) {
        var records: [Key: FootprintRecord] = [:]
        for record in bytes + (allocations ?? []) {
            let key = Key(row: record.row, implementation: record.implementation)
            var merged = records[key] ?? record
            merged.bytes = merged.bytes ?? record.bytes
            merged.allocations = merged.allocations ?? record.allocations
            records[key] = merged
        }
        self.records = records
        self.limits = limits
        rowsMeasured = FootprintRow.allCases.filter { row in records.keys.contains { $0.row == row } }
    }

    /// Builds the table (and the list of misses) as text.
    mutating func render() -> String {
        rows = [["row", "implementation", "bytes/sub", "to OC", "limit", "allocs/sub", "limit", "result"]]
        for row in rowsMeasured {
            let label = "\(row.rawValue) \(row.title)"
            for implementation in Implementation.allCases {
                guard let record = records[Key(row: row, implementation: implementation)] else {
                    if implementation == .openCombine, row.reference == row {
                        rows.append([label, implementation.rawValue, "-", "-", "-", "-", "-", "no operator"])
                    }
                    continue
                }
                let limit = limits?.limit(row, implementation)
                var results: [String] = []
                let bytes = record.bytesPerSubscription
                let allocations = record.allocationsPerSubscription
                if let bound = limit?.bytes {
                    if let bytes {
                        results.append(
                            "bytes "
                                + check(
                                    bytes <= bound,
                                    "\(implementation.rawValue) \(row.rawValue): \(bytesText(bytes)) bytes per subscription > limit \(bytesText(bound))"))
                    } else {
                        results.append("bytes " + check(false, "\(implementation.rawValue) \(row.rawValue): bytes not measured"))
                    }
                }
                if let bound = limit?.allocations {
                    if let allocations {
                        results.append(
                            "allocs "
                                + check(
                                    allocations <= bound,
                                    "\(implementation.rawValue) \(row.rawValue): \(allocationText(allocations)) allocations per subscription > limit \(allocationText(bound))"
                                ))
                    } else {
                        results.append(
                            "allocs "
                                + check(
                                    false, "\(implementation.rawValue) \(row.rawValue): allocations not measured (run with the interposer: see .ci/footprint)"))
                    }
                }
                var ratio = "-"
                if let bytes, let reference = records[Key(row: row.reference, implementation: .openCombine)]?.bytesPerSubscription, reference > 0 {
                    ratio = format(bytes / reference)
                }
                let result = results.isEmpty ? (implementation == .openCombine ? "reference" : "reported") : results.joined(separator: ", ")
                rows.append([
                    label, implementation.rawValue, bytes.map(bytesText) ?? "-", ratio, limit?.bytes.map { "≤ " + bytesText($0) } ?? "-",
                    allocations.map(allocationText) ?? "-", limit?.allocations.map { "≤ " + allocationText($0) } ?? "-", result,
                ])
            }
        }
        return table(rows)
    }

    /// The rows of the last `render()` as a Markdown table.
    func markdown() -> String {
        let header = ["row", "implementation", "bytes/sub", "bytes ÷ OpenCombine's", "limit", "allocs/sub", "limit", "result"]
        let alignments = ["---", "---", "---:", "---:", "---:", "---:", "---:", "---"]
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        return ([line(header), "|" + alignments.joined(separator: "|") + "|"] + rows.dropFirst().map(line)).joined(separator: "\n")
    }

    /// The number of subscriptions held, as the table's sentences write it: "10,000".
    static var subscriptionsText: String {
        FootprintRow.subscriptions.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    }

    /// The sentence under the table.
    var legend: String {
        let count = Self.subscriptionsText
        return "bytes/sub: heap bytes in use (glibc's mallinfo2, block headers included) with \(count) live subscriptions minus before, ÷ \(count); "
            + "allocs/sub: malloc calls made to subscribe them ÷ \(count) (the malloc interposer, in a process of its own); "
            + "to OC: bytes ÷ OpenCombine's bytes of the same row (M3: of M2). Limits: footprint.json (.ci/footprint checks them)."
    }

    private mutating func check(_ passed: Bool, _ miss: String) -> String {
        checked += 1
        if passed { return "ok" }
        misses.append(miss)
        return "MISS"
    }

    /// Bytes as a whole number (they are read against limits about a tenth above).
    private func bytesText(_ bytes: Double) -> String {
        String(format: "%.0f", bytes)
    }

    /// Allocations with two decimals: a limit sits less than one allocation above its
    /// count, so that one more per subscription shows.
    private func allocationText(_ allocations: Double) -> String {
        String(format: "%.2f", allocations)
    }

    private func table(_ rows: [[String]]) -> String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max()! }
        func line(_ row: [String]) -> String {
            let text = row.enumerated().map { column, text in
                let padding = String(repeating: " ", count: widths[column] - text.count)
                return (2...6).contains(column) ? padding + text : text + padding
            }.joined(separator: "  ")
            return String(text.reversed().drop { $0 == " " }.reversed())
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(rows[0]), rule] + rows.dropFirst().map(line)).joined(separator: "\n")
    }
}
