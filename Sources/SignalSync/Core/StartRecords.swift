import Dispatch
import SignalSyncStack

/// The start of every live subscription that code outside the library started (with
/// `start`, `startStrict`, `startOnMainActor`, the async bridges, ...), recorded in debug
/// builds of the library: where it was started, when, and the stages its start ran
/// through. Behind ``LiveSubscriptionReport`` and the leak checks; release builds record
/// nothing.
///
/// One start is one record however many stages it runs through: a start made by one of
/// the library's own modules (an operator subscribing to its upstream) is a stage of the
/// start around it, named in its chain. The faces call `recording` around a user-facing
/// start, `stage` where a signal's subscription begins, and `ended` where a subscription
/// ends.
@usableFromInline
package enum StartRecords {
    /// The stages a recorded start runs through, in the order they begin (the signal
    /// started first, its upstream's last).
    @usableFromInline
    final class Chain {
        @usableFromInline var stages: [String] = []
        @usableFromInline init() {}
    }

    /// One recorded subscription.
    struct Record {
        let site: SubscriptionStartSite
        let started: UInt64
        let order: Int
        let chain: String
        /// The subscription; a record whose subscription has ended (or gone) is stale.
        weak var probe: (any SubscriptionProbe)?

        var isLive: Bool {
            guard let probe else { return false }
            return !probe.hasEnded
        }
    }

    /// The records, by subscription.
    struct Records {
        var byCore: [ObjectIdentifier: Record] = [:]
        var recorded = 0
        /// The size at which stale records are swept out next.
        var sweepAt = 64
    }

    /// The process's records.
    static let registry = LockedState(Records())

    /// Runs `start`, a subscription started at `site`, and records it when the site is
    /// outside the library (its stages joined by `separator`, source first). Debug builds
    /// only; otherwise just runs `start` (and never builds the site).
    @inlinable @inline(__always)
    package static func recording<Handle>(
        site: @autoclosure () -> SubscriptionStartSite, separator: StaticString, _ start: () -> Handle
    ) -> Handle {
        #if DEBUG
            return record(site: site(), separator: separator, start)
        #else
            return start()
        #endif
    }

    /// A signal named `name` begins a subscription: a stage of the recorded start running
    /// on this thread, if any. Debug builds only.
    @inlinable @inline(__always)
    package static func stage(_ name: @autoclosure () -> String) {
        #if DEBUG
            if let chain = signalsync_get_start_chain() {
                // Safety: the pointer is the `Chain` that `record` keeps alive while its
                // start runs on this thread, and only this thread reads it
                // (`StartRecordsTests`).
                Unmanaged<Chain>.fromOpaque(chain).takeUnretainedValue().stages.append(name())
            }
        #endif
    }

    /// The subscription `core` ended: its record, if any, goes. Debug builds only.
    @inlinable @inline(__always)
    package static func ended(_ core: AnyObject) {
        #if DEBUG
            forget(ObjectIdentifier(core))
        #endif
    }

    /// The live recorded subscriptions, oldest first.
    static var live: [Record] {
        registry.withLock { records in
            records.byCore.values.filter(\.isLive).sorted { $0.order < $1.order }
        }
    }

    #if DEBUG
        @usableFromInline
        static func record<Handle>(
            site: SubscriptionStartSite, separator: StaticString, _ start: () -> Handle
        ) -> Handle {
            guard !isLibrary(site.fileID) else { return start() }
            let chain = Chain()
            let outer = signalsync_get_start_chain()
            // Safety: `chain` is alive until the start below returns (the
            // `withExtendedLifetime`), when the outer start's chain is put back.
            signalsync_set_start_chain(Unmanaged.passUnretained(chain).toOpaque())
            let handle = withExtendedLifetime(chain) { start() }
            signalsync_set_start_chain(outer)
            // The handle is a subscription (a `SubscriptionCore`, of the start's value type
            // or, behind a `map`, of its upstream's): a cast costs only debug builds.
            guard let core = handle as? any SubscriptionProbe, !core.hasEnded else { return handle }
            let text = chain.stages.reversed().joined(separator: separator.description)
            let started = DispatchTime.now().uptimeNanoseconds
            registry.withLock { records in
                records.recorded += 1
                records.byCore[ObjectIdentifier(core)] = Record(
                    site: site, started: started, order: records.recorded, chain: text, probe: core)
                if records.byCore.count >= records.sweepAt {
                    // A subscription ending on another thread while it was recorded left a
                    // stale record: sweep them out, as often as the records double.
                    records.byCore = records.byCore.filter { $0.value.isLive }
                    records.sweepAt = max(64, 2 * records.byCore.count)
                }
            }
            return handle
        }

        @usableFromInline
        static func forget(_ core: ObjectIdentifier) {
            let gone = registry.withLock { $0.byCore.removeValue(forKey: core) }
            withExtendedLifetime(gone) {}  // released outside the lock
        }
    #endif

    /// The name a signal made in `function` (`#function`) has in a chain: the function's
    /// base name (`deliverOn(_:)` gives `deliverOn`), or `signal` when there is none.
    package static func stageName(of function: StaticString) -> String {
        let name = function.description.prefix { $0 != "(" }
        return name.isEmpty ? "signal" : String(name)
    }

    /// The name of `object`'s type without its generic arguments (`ValuePromise<Int>`
    /// gives `ValuePromise`).
    package static func typeName(of object: AnyObject) -> String {
        String(String(describing: type(of: object)).prefix { $0 != "<" })
    }

    /// The modules whose starts are stages of a start around them.
    static let libraryModules = ["STypedSignal/", "SUntypedSignal/", "SignalSync/", "Bridge/", "SwiftSignalKit/", "SSignalKit/"]

    /// True for a `#fileID` in one of the library's own modules.
    static func isLibrary(_ fileID: String) -> Bool {
        libraryModules.contains { fileID.hasPrefix($0) }
    }
}

/// Where a subscription was started: a file, as `#fileID` names it (`Module/File.swift`),
/// and a line.
public struct SubscriptionStartSite: Hashable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` names it.
    public let fileID: String
    /// The line.
    public let line: Int

    /// A site.
    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    /// `Module/File.swift:42`.
    public var description: String {
        "\(fileID):\(line)"
    }
}
