import Foundation
import Scenarios

/// The table as an SVG bar chart (`ratios --svg FILE`), drawn with no dependency.
///
/// One group of bars per scenario, one bar per implementation: its median ratio to
/// OpenCombine (S5, S5b: to OpenCombine's S1), with a whisker from the min to the max
/// of the timed runs, a black tick at its target (the ambition, reported) and a grey one
/// at its checked limit where that is higher, on a log scale where OpenCombine's 1.0 is a
/// red line.
struct Chart {
    let timings: Timings
    let thresholds: Thresholds
    /// Under the title: the machine, the date, the runs, the load.
    let subtitle: String

    private struct Bar {
        let implementation: Implementation
        let ratio: Spread
        let target: Double?
        let limit: Double?
    }

    private static let colors: [Implementation: String] = [
        .typed: "#1f77b4", .untyped: "#ff7f0e", .bridged: "#2ca02c", .asyncAlgorithms: "#9467bd",
    ]

    func svg() -> String {
        let groups: [(scenario: Scenario, bars: [Bar])] = Scenario.allCases.compactMap { scenario in
            let bars = Implementation.allCases.filter { $0 != .openCombine }.compactMap { implementation -> Bar? in
                timings.ratio(Key(scenario, implementation), to: Key(scenario.reference, .openCombine)).map {
                    Bar(
                        implementation: implementation, ratio: $0, target: thresholds.ratioTarget(implementation, scenario),
                        limit: thresholds.ratioLimit(implementation, scenario))
                }
            }
            return bars.isEmpty ? nil : (scenario, bars)
        }
        let values = [1.0] + groups.flatMap { $0.bars.flatMap { [$0.ratio.min, $0.ratio.max] + [$0.target, $0.limit].compactMap { $0 } } }
        let low = floor(log10(values.min()!))
        let high = max(ceil(log10(values.max()!)), low + 1)

        let (barWidth, gap, left, top, plotHeight) = (24.0, 22.0, 56.0, 92.0, 320.0)
        let minimumGroupWidth = 76.0  // room for the scenario's title under one or two bars
        func groupWidth(_ bars: [Bar]) -> Double { max(Double(bars.count) * barWidth, minimumGroupWidth) }
        let plotWidth = groups.reduce(gap) { $0 + groupWidth($1.bars) + gap }
        let width = max(left + plotWidth + 16, 720)
        let bottom = top + plotHeight
        func y(_ ratio: Double) -> Double { top + plotHeight * (high - log10(ratio)) / (high - low) }

        var out = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Int(width))" height="\#(Int(bottom + 56))" font-family="sans-serif" font-size="11">"#,
            #"<rect width="100%" height="100%" fill="white"/>"#,
            text(left, 22, "SignalKit benchmarks: ns per op ÷ OpenCombine's (log scale, lower is better)", size: 15, bold: true),
            text(left, 40, subtitle, size: 12),
        ]
        // Legend.
        var x = left
        for implementation in Implementation.allCases where groups.contains(where: { $0.bars.contains { $0.implementation == implementation } }) {
            out.append(#"<rect x="\#(x)" y="54" width="12" height="12" fill="\#(Self.colors[implementation]!)"/>"#)
            out.append(text(x + 16, 64, implementation.rawValue))
            x += 28 + Double(implementation.rawValue.count) * 6.5
        }
        out.append(#"<line x1="\#(x)" y1="60" x2="\#(x + 14)" y2="60" stroke="black" stroke-width="2"/>"#)
        out.append(text(x + 18, 64, "target"))
        out.append(#"<line x1="\#(x + 62)" y1="60" x2="\#(x + 76)" y2="60" stroke="darkgray" stroke-width="2"/>"#)
        out.append(text(x + 80, 64, "checked limit"))
        out.append(#"<line x1="\#(x + 164)" y1="60" x2="\#(x + 178)" y2="60" stroke="crimson" stroke-width="1.5" stroke-dasharray="4 2"/>"#)
        out.append(text(x + 182, 64, "OpenCombine = 1"))
        // Axis: a grid line per power of ten, OpenCombine's 1.0 in red.
        for exponent in stride(from: low, through: high, by: 1) {
            let level = y(pow(10, exponent))
            out.append(#"<line x1="\#(left)" y1="\#(level)" x2="\#(left + plotWidth)" y2="\#(level)" stroke="gainsboro"/>"#)
            out.append(text(left - 6, level + 4, String(format: "%g", pow(10, exponent)), anchor: "end"))
        }
        out.append(#"<line x1="\#(left)" y1="\#(top)" x2="\#(left)" y2="\#(bottom)" stroke="black"/>"#)
        // Bars, whiskers, targets, labels.
        x = left + gap
        for group in groups {
            let groupStart = x
            x += (groupWidth(group.bars) - Double(group.bars.count) * barWidth) / 2  // centred
            for bar in group.bars {
                let (median, center) = (y(bar.ratio.median), x + barWidth / 2)
                out.append(
                    #"<rect x="\#(x + 2)" y="\#(median)" width="\#(barWidth - 4)" height="\#(bottom - median)" fill="\#(Self.colors[bar.implementation]!)"/>"#)
                out.append(
                    #"<line x1="\#(center)" y1="\#(y(bar.ratio.min))" x2="\#(center)" y2="\#(y(bar.ratio.max))" stroke="dimgray" stroke-width="1"/>"#)
                if let limit = bar.limit, limit != bar.target {
                    out.append(#"<line x1="\#(x)" y1="\#(y(limit))" x2="\#(x + barWidth)" y2="\#(y(limit))" stroke="darkgray" stroke-width="2"/>"#)
                }
                if let target = bar.target {
                    out.append(#"<line x1="\#(x)" y1="\#(y(target))" x2="\#(x + barWidth)" y2="\#(y(target))" stroke="black" stroke-width="2"/>"#)
                }
                let labelAbove = min(median, y(bar.ratio.max), bar.target.map(y) ?? median, bar.limit.map(y) ?? median)
                out.append(text(center, labelAbove - 4, format(bar.ratio.median), size: 9, anchor: "middle"))
                x += barWidth
            }
            x = groupStart + groupWidth(group.bars)
            let middle = groupStart + groupWidth(group.bars) / 2
            out.append(text(middle, bottom + 16, group.scenario.rawValue, bold: true, anchor: "middle"))
            out.append(text(middle, bottom + 30, group.scenario.title, size: 9, anchor: "middle"))
            x += gap
        }
        out.append(
            #"<line x1="\#(left)" y1="\#(y(1))" x2="\#(left + plotWidth)" y2="\#(y(1))" stroke="crimson" stroke-width="1.5" stroke-dasharray="4 2"/>"#)
        out.append(
            text(
                left, bottom + 48,
                "Bars: median of the per-run ratios; whiskers: min to max. S5 and S5b are divided by OpenCombine's S1 (it has no combineLatest).", size: 10))
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    private func text(_ x: Double, _ y: Double, _ content: String, size: Int = 11, bold: Bool = false, anchor: String = "start") -> String {
        let escaped = content.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return #"<text x="\#(x)" y="\#(y)" font-size="\#(size)"\#(bold ? " font-weight=\"bold\"" : "") text-anchor="\#(anchor)">\#(escaped)</text>"#
    }
}

/// The machine as `uname -m` and `nproc` name it: "x86_64, 2 cores".
func machineDescription() -> String {
    var system = utsname()
    uname(&system)
    let machine = withUnsafeBytes(of: &system.machine) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    return "\(machine), \(ProcessInfo.processInfo.activeProcessorCount) cores"
}
