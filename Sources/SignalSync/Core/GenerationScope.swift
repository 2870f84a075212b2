import SignalSyncStack

/// Something that can say whether its subscription has ended.
@usableFromInline
package protocol SubscriptionProbe: AnyObject {
    /// True once the subscription received a terminal event or was disposed.
    ///
    /// Must be monotonic: once true, it stays true. `GenerationScope` relies on that to
    /// remember an ended subscription instead of asking it again.
    var hasEnded: Bool { get }

    /// Called with true just before this probe's generator runs inside
    /// `GenerationScope.run`, and with false once it has returned. A probe that returns
    /// true promises to call `GenerationScope.noteEnded()` when it ends while marked;
    /// checks then skip asking it. Its ending must record the end, then read the mark,
    /// both sequentially consistent (checks fence before they ask, so one of the two
    /// sides sees the other). The default returns false: checks keep asking.
    func markInScope(_ inScope: Bool) -> Bool
}

extension SubscriptionProbe {
    /// Does not report its ending: `GenerationScope` asks it at every check.
    package func markInScope(_ inScope: Bool) -> Bool {
        false
    }
}

/// The subscriptions whose generators are running on the current thread, innermost last.
///
/// A signal's generator runs synchronously inside `start`; while it runs, the handle of
/// that subscription does not exist yet, so an operator further down that ends the
/// subscription (a `take` reaching its count) cannot reach a synchronous loop further
/// up (a `restart` over a source that completes at once). Each `start` runs its
/// generator inside `GenerationScope.run`, and such loops ask
/// `GenerationScope.enclosingHasEnded` before starting another synchronous iteration.
/// What a terminal callback starts is not enclosed by the subscription that ended, nor by
/// the generators above it (`deliveringTerminalEvent`).
///
/// `run` is O(1) and allocates nothing; a check is O(1) amortized when the probes on the
/// stack report their ending. Safety: one thread at a time uses a scope (its own, or the
/// scope a fresh-stack thread takes over while the owner waits). The representation, the
/// cost and why no ending is missed: `Core/NOTES.md`.
@usableFromInline
package enum GenerationScope {
    /// One entry: a probe whose generator is running, held unretained (the `run` that
    /// pushed it holds it until it pops it), and the entry below it.
    @usableFromInline
    struct Frame {
        @usableFromInline unowned(unsafe) let probe: SubscriptionProbe
        // Safety: the entry below lives on the stack of an enclosing `run`, which pops it
        // (in a `defer`) only after this entry's `run` has returned; a scope's entries are
        // used by one thread at a time. Pinned by GenerationScopeTests
        // (testRunReturnsTheBodysValueAndPops, testDeepScopeRunsInLinearTime,
        // testEachThreadHasItsOwnScope).
        @usableFromInline let below: UnsafeMutableRawPointer?

        // Safety: see `below`.
        @inlinable
        init(probe: SubscriptionProbe, below: UnsafeMutableRawPointer?) {
            self.probe = probe
            self.below = below
        }
    }

    // Safety: a thread-local record of the C module, valid for the thread's life; used by
    // its thread, or by a fresh-stack thread while the owner waits for it. Pinned by
    // GenerationScopeTests.testEachThreadHasItsOwnScope and
    // testAFreshStackTakesOverTheScopeAndHandsItBack.
    /// This thread's scope.
    @usableFromInline
    typealias Scope = UnsafeMutablePointer<signalsync_generation_scope_state>

    /// How many probes ended while marked in a scope, ever (see `noteEnded`): a global of
    /// the C module, so that its address is fixed.
    static var endings: AtomicIntView {
        AtomicIntView(signalsync_generation_scope_endings_address())
    }

    /// Called by a probe that reports its ending, when it ends while marked in a scope:
    /// the next check on every thread rescans its stack.
    package static func noteEnded() {
        endings.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// Runs `body` (a generator) with `probe` as the innermost enclosing subscription.
    ///
    /// Generic over the probe, so that marking it in and out of scope is a direct call
    /// where the probe's type is known (the subscription cores), not a witness call.
    @inlinable @inline(__always)
    package static func run<Probe: SubscriptionProbe, R>(_ probe: Probe, _ body: () -> R) -> R {
        if StackGuard.isLow {
            return runOnFreshStack(probe, body)
        }
        let reports = probe.markInScope(true)
        let scope = signalsync_generation_scope_of_thread()
        var frame = Frame(probe: probe, below: scope.pointee.top)
        return withUnsafeMutablePointer(to: &frame) { frame in
            // Safety: the frame stays on this stack until the `defer` below has popped it
            // (see `Frame.below`).
            scope.pointee.top = UnsafeMutableRawPointer(frame)
            scope.pointee.count += 1
            if !reports { scope.pointee.silentCount += 1 }
            defer {
                pop(scope, below: frame.pointee.below, reports: reports)
                _ = probe.markInScope(false)
            }
            return body()
        }
    }

    // Safety: `below` is the popped entry's `below` (see `Frame.below`).
    /// Pops the innermost entry, pushed with `reports`, whose entry below is `below`; an
    /// ended entry or a scan remembered above the new count is forgotten.
    @inlinable @inline(__always)
    static func pop(_ scope: Scope, below: UnsafeMutableRawPointer?, reports: Bool) {
        let count = scope.pointee.count - 1
        scope.pointee.top = below
        scope.pointee.count = count
        if !reports { scope.pointee.silentCount -= 1 }
        if scope.pointee.endedIndexPlusOne > count {
            scope.pointee.endedIndexPlusOne = 0
        }
        if scope.pointee.scannedCount > count {
            scope.pointee.scannedCount = count
        }
    }

    /// `run` on a fresh stack (`StackGuard`). The fresh stack is this thread's, whose scope
    /// it keeps; where a platform has no stack switch it is another thread's, so the scope
    /// is handed over to it and back (the copies cost nothing much on the same thread), and
    /// the loops inside still see every enclosing subscription.
    @usableFromInline
    static func runOnFreshStack<R>(_ probe: SubscriptionProbe, _ body: () -> R) -> R {
        let scope = signalsync_generation_scope_of_thread()
        let before = scope.pointee
        let (result, after) = StackGuard.onFreshStack { () -> (R, signalsync_generation_scope_state) in
            let fresh = signalsync_generation_scope_of_thread()
            fresh.pointee = before
            let result = run(probe, body)
            let after = fresh.pointee
            fresh.pointee = signalsync_generation_scope_state()
            return (result, after)
        }
        scope.pointee = after
        return result
    }

    /// A terminal event being delivered to a subscription whose generator runs: the entries
    /// of that subscription and above it, up to `count` (the entries when the delivery
    /// began), do not enclose what the delivery runs.
    @usableFromInline
    struct Termination {
        @usableFromInline unowned(unsafe) let probe: SubscriptionProbe
        @usableFromInline let count: Int
        // Safety: the record below lives on the stack of an enclosing delivery, which
        // unlinks it (in a `defer`) only after this record's delivery has returned. Pinned
        // by GenerationScopeTests.testATerminalDeliveryHidesItsSubscriptionAndTheEntriesAboveItButNotThoseInsideOrBelow.
        @usableFromInline let below: UnsafeMutableRawPointer?

        // Safety: see `below`.
        @inlinable
        init(probe: SubscriptionProbe, count: Int, below: UnsafeMutableRawPointer?) {
            self.probe = probe
            self.count = count
            self.below = below
        }
    }

    /// Runs `deliver`, the delivery of `probe`'s terminal event (see `Core/NOTES.md`):
    /// checks inside it skip the entries of `probe` and those pushed above it before the
    /// delivery began. With an empty scope there is nothing to skip: `deliver` just runs.
    @inlinable @inline(__always)
    package static func deliveringTerminalEvent(of probe: SubscriptionProbe, _ deliver: () -> Void) {
        let scope = signalsync_generation_scope_of_thread()
        if scope.pointee.count == 0 {
            return deliver()
        }
        var record = Termination(probe: probe, count: scope.pointee.count, below: scope.pointee.terminating)
        withUnsafeMutablePointer(to: &record) { record in
            // Safety: the record stays on this stack until the `defer` below has unlinked
            // it (see `Termination.below`).
            scope.pointee.terminating = UnsafeMutableRawPointer(record)
            defer { scope.pointee.terminating = record.pointee.below }
            deliver()
        }
    }

    /// True when a subscription whose generator is running on this thread has ended
    /// (see `Core/NOTES.md`, "Cost").
    package static var enclosingHasEnded: Bool {
        let scope = signalsync_generation_scope_of_thread()
        if scope.pointee.terminating != nil {
            return hasEndedOutsideTerminations(scope)
        }
        if scope.pointee.endedIndexPlusOne != 0 {
            return true
        }
        if scope.pointee.silentCount == 0 {
            return reportingStackHasEnded(scope)
        }
        return hasEnded(scope, downTo: 0)
    }

    /// Every probe reports: asks only the entries pushed since the last scan, unless a
    /// marked probe ended since then (anywhere), which rescans the stack.
    private static func reportingStackHasEnded(_ scope: Scope) -> Bool {
        // Probes mark themselves in scope without ordering; this fence orders every mark
        // made so far before the loads below, against an ending thread's sequentially
        // consistent terminated bit and load of the mark (`SubscriptionCore.markInScope`).
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        let epoch = endings.load(ordering: .sequentiallyConsistent)
        let scanned = scope.pointee.scannedEpochPlusOne == epoch + 1 ? scope.pointee.scannedCount : 0
        if hasEnded(scope, downTo: scanned) {
            return true
        }
        scope.pointee.scannedEpochPlusOne = epoch + 1
        scope.pointee.scannedCount = scope.pointee.count
        return false
    }

    // Safety: the scope links `count` `Frame`s from `top` down, each on the stack of a `run`
    // that has not returned (`Frame.below`'s Safety note). Pinned by
    // GenerationScopeTests.testScanStopsAtTheInnermostEndedProbe.
    /// Walks the entries from the innermost down to index `lowest`, calling `found` with
    /// each index and probe; returns the first index for which it is true, or nil.
    @inline(__always)
    private static func firstEntry(_ scope: Scope, downTo lowest: Int = 0, where found: (Int, SubscriptionProbe) -> Bool) -> Int? {
        var index = scope.pointee.count - 1
        var entry = scope.pointee.top
        while index >= lowest, let frame = entry?.assumingMemoryBound(to: Frame.self) {
            if found(index, frame.pointee.probe) {
                return index
            }
            entry = frame.pointee.below
            index -= 1
        }
        return nil
    }

    /// Asks the entries from the innermost down to index `lowest`, and remembers the
    /// first that has ended.
    private static func hasEnded(_ scope: Scope, downTo lowest: Int) -> Bool {
        guard let ended = firstEntry(scope, downTo: lowest, where: { $1.hasEnded }) else { return false }
        scope.pointee.endedIndexPlusOne = ended + 1
        return true
    }

    // Safety: `terminating` links `Termination`s, each on the stack of a delivery that has
    // not returned (`Termination.below`'s Safety note). Pinned by
    // GenerationScopeTests.testATerminalDeliveryHidesItsSubscriptionAndTheEntriesAboveItButNotThoseInsideOrBelow.
    /// Inside terminal deliveries (rare: a subscription ended during its own generator):
    /// asks every entry that no delivery hides, without the remembered scans.
    private static func hasEndedOutsideTerminations(_ scope: Scope) -> Bool {
        var hidden: [Range<Int>] = []
        var record = scope.pointee.terminating
        while let termination = record?.assumingMemoryBound(to: Termination.self) {
            // The delivering probe's outermost entry among those below the count, if any.
            var lowest = 0
            _ = firstEntry(scope) { index, probe in
                if index < termination.pointee.count && probe === termination.pointee.probe {
                    lowest = index
                }
                return false
            }
            hidden.append(lowest..<termination.pointee.count)
            record = termination.pointee.below
        }
        return firstEntry(scope) { index, probe in !hidden.contains { $0.contains(index) } && probe.hasEnded } != nil
    }

    /// The number of subscriptions whose generators are running on this thread (tests).
    package static var depth: Int {
        signalsync_generation_scope_of_thread().pointee.count
    }
}
