import Foundation

/// The results section of Benchmarks/README.md, which a full `run.sh` rewrites
/// (`ratios --readme FILE`): the lines between the line `beginMarker` and the line
/// `endMarker` are replaced by one line naming the day and the machine, and the run's
/// table.
enum ReadmeResults {
    static let beginMarker = "<!-- results:begin -->"
    static let endMarker = "<!-- results:end -->"

    struct MarkersMissing: Error, CustomStringConvertible {
        let path: String

        var description: String {
            "\(path) must hold a line \(ReadmeResults.beginMarker), then a line \(ReadmeResults.endMarker), once each: the file was not changed"
        }
    }

    /// The day of the run, in UTC: "2026-11-27".
    static func today() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date())
    }

    /// The text that goes between the markers: the date line, a blank line, the table,
    /// with a blank line on either side (so that the table ends before the end marker).
    static func section(table: String, runs: String, outcome: String) -> String {
        "\nMeasured on \(today()) (\(machineDescription())), \(runs); \(outcome).\n\n\(table)\n"
    }

    /// `document` with the lines between the marker lines replaced by `section`; nil when
    /// each marker is not alone on one line, once, the begin marker first. (A marker
    /// quoted inside a line of prose is not a marker.)
    static func replacing(in document: String, with section: String) -> String? {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        func lineNumbers(of marker: String) -> [Int] {
            lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == marker }
        }
        let begins = lineNumbers(of: beginMarker)
        let ends = lineNumbers(of: endMarker)
        guard begins.count == 1, ends.count == 1, let begin = begins.first, let end = ends.first, begin < end else { return nil }
        let updated = lines[...begin].map(String.init) + [section] + lines[end...].map(String.init)
        return updated.joined(separator: "\n")
    }

    /// Rewrites the results section of the file at `path`.
    static func write(section: String, toFileAt path: String) throws {
        let document = try String(contentsOfFile: path, encoding: .utf8)
        guard let updated = replacing(in: document, with: section) else { throw MarkersMissing(path: path) }
        try updated.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
