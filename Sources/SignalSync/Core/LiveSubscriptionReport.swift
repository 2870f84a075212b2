import Dispatch

/// The subscriptions of both APIs that are live right now, grouped by where they were
/// started: the place to look for a subscription nobody disposed.
///
/// Every `start` (and `startStrict`, `startOnMainActor`, the async bridges) made by your
/// code records, in debug builds of the library, its file and line, when it started, and
/// the stages it runs through (`ValuePipe |> map |> filter`, `SPipe.map.filter`; name a
/// stage with `named(_:)`). One start is one live subscription however many stages it
/// runs through; it stops counting when it ends (a terminal event, `dispose()`, or its
/// subscriber's release). Release builds of the library record nothing: the report is
/// empty and says so.
///
/// Safe to call from any thread while subscriptions come and go.
///
/// ```swift
/// import SignalSync
/// import STypedSignal
///
/// let pipe = ValuePipe<Int>()
/// let kept = (pipe.signal() |> map { $0 + 1 } |> filter { $0 > 0 }).start(next: { _ in })
/// print(LiveSubscriptionReport.current().count)   // 1 (in a debug build)
/// kept.dispose()
/// print(LiveSubscriptionReport.current().count)   // 0
/// ```
public struct LiveSubscriptionReport: Sendable, CustomStringConvertible {
    /// The live subscriptions started at one site.
    public struct Group: Sendable {
        /// Where they were started.
        public let site: SubscriptionStartSite
        /// How many are live.
        public let count: Int
        /// How long ago (seconds) the oldest of them started.
        public let oldestAge: Double
        /// The stages they run through, one entry per distinct chain, in the order first
        /// started.
        public let chains: [String]
    }

    /// The groups, the one whose oldest subscription started first first.
    public let groups: [Group]
    /// False in a release build of the library, which records nothing.
    public let isRecorded: Bool

    /// The number of live subscriptions, over every group.
    public var count: Int {
        groups.reduce(0) { $0 + $1.count }
    }

    /// The report now.
    public static func current() -> LiveSubscriptionReport {
        #if DEBUG
            LiveSubscriptionReport(records: StartRecords.live, now: DispatchTime.now().uptimeNanoseconds, isRecorded: true)
        #else
            LiveSubscriptionReport(records: [], now: 0, isRecorded: false)
        #endif
    }

    /// The report of `records` (oldest first) at `now`, grouped by site in the order each
    /// site first started one.
    init(records: [StartRecords.Record], now: UInt64, isRecorded: Bool) {
        let bySite = Dictionary(grouping: records, by: \.site)
        var seen: Set<SubscriptionStartSite> = []
        groups = records.filter { seen.insert($0.site).inserted }.map { first in
            let records = bySite[first.site]!
            var chains: [String] = []
            for record in records where !chains.contains(record.chain) {
                chains.append(record.chain)
            }
            let age = Double(now &- min(now, first.started)) / 1e9
            return Group(site: first.site, count: records.count, oldestAge: age, chains: chains)
        }
        self.isRecorded = isRecorded
    }

    /// A text to print or log: one line per group (count, site, age of the oldest, chains),
    /// or why there is nothing to show.
    public var description: String {
        guard isRecorded else {
            return "Live subscriptions are recorded in debug builds of the library only; this build records none."
        }
        guard !groups.isEmpty else { return "No live subscription." }
        let lines = groups.map { group in
            let age = group.oldestAge < 1 ? "under a second" : "\(Int(group.oldestAge)) s"
            return "\(group.count) at \(group.site) (oldest started \(age) ago): \(group.chains.joined(separator: "; "))"
        }
        return "\(count) live subscription(s):\n" + lines.joined(separator: "\n")
    }
}
