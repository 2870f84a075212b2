import SignalSyncStack

/// The lifetime rules of one API's subscriptions: the rules parameter of
/// `SubscriptionCore`. Where the two originals' rules differ, the difference is a member
/// here, documented at its declaration.
@usableFromInline
package protocol SubscriptionFace {
    /// Whether a terminal event also drops the handle's reference to the generator's
    /// disposable once it has disposed it.
    ///
    /// SwiftSignalKit: true, so disposing a handle after its subscription completed or
    /// failed disposes nothing. SSignalKit: false; the handle keeps its own reference, so
    /// disposing it after termination disposes the generator's disposable a second time.
    static var terminationReleasesHandleReference: Bool { get }
}

/// SwiftSignalKit's lifetime rules: the face of STypedSignal's subscriptions.
@usableFromInline
package enum SwiftSignalKitRules: SubscriptionFace {
    /// True: a terminal event drops the handle's reference too.
    @usableFromInline package static var terminationReleasesHandleReference: Bool { true }
}

/// SSignalKit's lifetime rules: the face of SUntypedSignal's subscriptions.
@usableFromInline
package enum SSignalKitRules: SubscriptionFace {
    /// False: the handle keeps its reference after a terminal event, so disposing it
    /// then disposes the generator's disposable a second time.
    @usableFromInline package static var terminationReleasesHandleReference: Bool { false }
}

/// Objects kept alive for a subscription, released together, first added first. (Outside
/// `SubscriptionCore` so that it is not generic: code not specialized for a face then
/// needs no runtime metadata lookup to handle it.)
@usableFromInline
final class KeptObjects {
    @usableFromInline var objects: [AnyObject] = []

    @usableFromInline init() {}
}

/// The state of one subscription, behind both APIs' subscribers: the object the
/// generator's subscriber sends into and, at once, the handle that `start` returns. `Face`
/// says which original's lifetime rules apply.
///
/// - Events take no lock and allocate nothing. At most one terminal event is delivered;
///   after it, or after the handle's `dispose()` or `end()`, no callback starts (one
///   already running on another thread may still finish).
/// - The callbacks are never released while one runs, a re-entrant `putCompletion` from
///   inside `next` included: the last call to leave releases them.
/// - The generator's disposable has two owners, the subscriber and the handle, as in both
///   originals, so it may be disposed twice: disposables are idempotent.
/// - Every owned reference (the generator's disposable, the kept-alive objects, the
///   callbacks) is released at a stated point, never left to the optimizer.
///
/// A building block of `STypedSignal` and `SUntypedSignal`, not an API to subscribe with
/// (use `Signal.start` or `SSignal.start`). How this holds: `Core/NOTES.md`.
@usableFromInline
package final class SubscriptionCore<Value, Failure, Face: SubscriptionFace>: SubscriptionAtomics, SubscriptionProbe,
    UpstreamDisposable, @unchecked Sendable
{
    // Safety: `callbacks` is written only in `init` and by the single winner of the
    // release claim on `word`, after every reader has left (the word's and the shared
    // counters' readers); readers only read it between entering and leaving. The atomics
    // (and the shared counters) are only accessed atomically, through the views below.
    // Every other `var` is guarded by `spin`. The lock already keeps accesses apart, so
    // the runtime exclusivity checks are turned off (`@exclusivity(unchecked)`): they cost
    // more than the rest of a subscription's setup (`SubscriptionCoreTests`,
    // `SharedReadersTests`, ThreadSanitizer).
    @usableFromInline static var terminatedBit: Int { 1 << 62 }
    @usableFromInline static var releasedBit: Int { 1 << 61 }
    /// Set with the terminated bit by whoever ends the subscription, who then drops the
    /// subscriber's references (the generator's disposable, the kept objects): a later
    /// `end()` of a subscription that keeps no objects finds nothing left to do without
    /// taking the lock.
    @usableFromInline static var droppingBit: Int { 1 << 60 }
    /// Ended, no reader, callbacks not yet released.
    @usableFromInline static var endedAndIdle: Int { terminatedBit | droppingBit }
    /// The bits of the word that count its readers.
    @usableFromInline static var readerMask: Int { droppingBit - 1 }

    // Safety: `callbacks` holds the one reference of this subscription (+1 from `init`),
    // given up once by the release claim on `word`; the other fields are guarded by
    // `spin`, which keeps their accesses apart, so the exclusivity checks are off
    // (`SubscriptionCoreTests.testTerminationReleasesCallbacksThenDisposesThenReleasesUpstreamThenKeptObjects`,
    // `SharedReadersTests`, ThreadSanitizer).
    @usableFromInline @exclusivity(unchecked) var callbacks: Unmanaged<Callbacks>?
    /// The generator's disposable, as the subscriber and the handle hold it: one
    /// reference for the two, which `rare` says hold it (`subscriberHoldsUpstream`,
    /// `handleHoldsUpstream`), dropped when the second of them lets go. (Two fields would be
    /// sixteen bytes more, and a larger heap block.)
    @usableFromInline @exclusivity(unchecked) var upstream: (any UpstreamDisposable)?
    @usableFromInline @exclusivity(unchecked) var kept: Unmanaged<KeptObjects>?
    /// The rare state (under `spin`), in the atomics' struct, which has room to spare:
    /// each flag as a field would take the object into a larger heap block (Benchmarks'
    /// PERFORMANCE.md, "What a live subscription holds"). Read and written under `spin`,
    /// so relaxed.
    @inlinable @inline(__always)
    var rare: SubscriptionRareFlags {
        get {
            SubscriptionRareFlags(rawValue: signalsync_atomic_flags_load(rareAddress, AtomicLoadOrdering.relaxed.order))
        }
        set {
            signalsync_atomic_flags_store(rareAddress, newValue.rawValue, AtomicStoreOrdering.relaxed.order)
        }
    }

    // Safety: inside the atomics, fixed while the object lives (`AtomicStorageAddressTests`);
    // accessed only atomically, under `spin` for writes.
    /// The address of the rare state's byte.
    @inlinable @inline(__always)
    var rareAddress: UnsafeMutablePointer<signalsync_atomic_flags> {
        (atomicsAddress + signalsync_subscription_rare_offset).assumingMemoryBound(to: signalsync_atomic_flags.self)
    }

    /// The reference to the generator's disposable that `holder` (the subscriber,
    /// `.subscriberHoldsUpstream`, or the handle, `.handleHoldsUpstream`) holds, taken
    /// (under `spin`): nil when it holds none, a copy while the other still holds one, the
    /// field's own reference when `holder` was the last.
    @inlinable @inline(__always)
    func takeUpstream(of holder: SubscriptionRareFlags) -> (any UpstreamDisposable)? {
        var flags = rare
        guard flags.contains(holder) else { return nil }
        flags.remove(holder)
        rare = flags
        return flags.isDisjoint(with: [.subscriberHoldsUpstream, .handleHoldsUpstream]) ? upstream.take() : upstream
    }

    // Safety: a field of the atomics, at a fixed address and only accessed atomically (as
    // for `rareAddress`). Pinned by AtomicStorageAddressTests.testTheSubscriptionCoresAtomics.
    /// True when `callbacks` is a `StageCallbacks`, false for a `ClosureCallbacks`: set by
    /// the initializer, before the subscription is shared, and never changed (relaxed).
    @inlinable @inline(__always)
    var callbacksAreStage: AtomicBoolView {
        AtomicBoolView(
            (atomicsAddress + signalsync_subscription_callbacks_forward_offset).assumingMemoryBound(to: signalsync_atomic_bool.self))
    }

    // Safety: a field of the atomics, at a fixed address and only accessed atomically (as
    // for `rareAddress`). Pinned by AtomicStorageAddressTests.testTheSubscriptionCoresAtomics.
    /// The terminated, released and dropping bits and the number of calls reading the
    /// callbacks.
    @inlinable @inline(__always)
    var word: AtomicIntView {
        AtomicIntView((atomicsAddress + signalsync_subscription_word_offset).assumingMemoryBound(to: signalsync_atomic_int.self))
    }

    // Safety: a field of the atomics, at a fixed address and only accessed atomically (as
    // for `rareAddress`). Pinned by AtomicStorageAddressTests.testTheSubscriptionCoresAtomics.
    /// True while this subscription's generator runs inside `GenerationScope.run`.
    @inlinable @inline(__always)
    var inScope: AtomicBoolView {
        AtomicBoolView((atomicsAddress + signalsync_subscription_in_scope_offset).assumingMemoryBound(to: signalsync_atomic_bool.self))
    }

    // Safety: a field of the atomics, at a fixed address and only accessed atomically (as
    // for `rareAddress`). Pinned by AtomicStorageAddressTests.testTheSubscriptionCoresAtomics.
    /// Set by every `putError` and `putCompletion`, ignored ones included (`HandOver`).
    @inlinable @inline(__always)
    var terminalSent: AtomicBoolView {
        AtomicBoolView((atomicsAddress + signalsync_subscription_terminal_sent_offset).assumingMemoryBound(to: signalsync_atomic_bool.self))
    }

    // Safety: a field of the atomics, at a fixed address and only accessed atomically (as
    // for `rareAddress`). Pinned by AtomicStorageAddressTests.testTheSubscriptionCoresAtomics.
    /// Set (under `spin`) once `kept` holds objects: a terminal event that keeps no handle
    /// reference takes the lock again only then.
    @inlinable @inline(__always)
    var keeps: AtomicBoolView {
        AtomicBoolView((atomicsAddress + signalsync_subscription_keeps_offset).assumingMemoryBound(to: signalsync_atomic_bool.self))
    }

    // Safety: a field of the atomics, at a fixed address and only accessed atomically (as
    // for `rareAddress`). Pinned by AtomicStorageAddressTests.testTheSubscriptionCoresAtomics.
    /// The reader counts made when threads call at once (`shareReaders`), or nil.
    @inlinable @inline(__always)
    var sharedReaders: AtomicPointerView {
        AtomicPointerView((atomicsAddress + signalsync_subscription_shared_readers_offset).assumingMemoryBound(to: signalsync_atomic_pointer.self))
    }

    // Safety: a field of the atomics, at a fixed address and only accessed atomically (as
    // for `rareAddress`). Pinned by AtomicStorageAddressTests.testTheSubscriptionCoresAtomics.
    /// The lock of the rare state.
    @inlinable @inline(__always)
    var spin: SpinLockView {
        SpinLockView(AtomicBoolView((atomicsAddress + signalsync_subscription_spin_locked_offset).assumingMemoryBound(to: signalsync_atomic_bool.self)))
    }

    /// The callbacks, released as a whole.
    @usableFromInline typealias Callbacks = SubscriptionCallbacks<Value, Failure>

    /// Creates the state of a subscription that has not started.
    @inlinable
    package init(next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?) {
        LiveSubscriptions.began()
        if next != nil || error != nil || completed != nil {
            // Safety: the +1 that `callbacks` owns, released once by the release claim.
            callbacks = Unmanaged.passRetained(ClosureCallbacks(next: next, error: error, completed: completed))
        }
    }

    /// Creates the state of a subscription that has not started and calls back
    /// `callbacks`, an operator stage's (a `Stage`).
    @inlinable
    package init(callbacks: StageCallbacks<Value, Failure>) {
        LiveSubscriptions.began()
        // Safety: the +1 that `callbacks` owns, released once by the release claim.
        self.callbacks = Unmanaged.passRetained(callbacks)
        super.init()
        callbacksAreStage.store(true, ordering: .relaxed)
    }

    /// Creates the state of a subscription that has not started and calls back the
    /// closures of `callbacks` (a hub's `PipeHubMemberCallbacks`).
    @inlinable
    package init(callbacks: ClosureCallbacks<Value, Failure>) {
        LiveSubscriptions.began()
        // Safety: the +1 that `callbacks` owns, released once by the release claim.
        self.callbacks = Unmanaged.passRetained(callbacks)
    }

    deinit {
        callbacks?.release()
        kept?.release()
        if let shared = sharedReaders.load(ordering: .relaxed) {
            shared.deallocate()
        }
        // A chain of subscriptions releases its upstream one by one: go on from a fresh
        // stack when this one is nearly used up.
        StackGuard.releaseFromFreshStackWhenLow(&upstream)
    }

    /// True once `putError` or `putCompletion` was called, even if the subscription had
    /// already ended and ignored it. `HandOver` reads it on the thread that sent the
    /// events: it tells whether a signal run with this subscriber sent a terminal event
    /// during its generator, which a forwarding subscription in its place would have
    /// ended on.
    package var hasBeenSentTerminalEvent: Bool {
        terminalSent.load(ordering: .relaxed)
    }

    /// True once a terminal event arrived, the handle was disposed, or the subscription
    /// was ended.
    @inlinable
    package var hasEnded: Bool {
        word.load(ordering: .acquiring) & Self.terminatedBit != 0
    }

    // MARK: Events

    /// Calls `next` unless the subscription has ended.
    @inlinable @inline(__always)
    package func putNext(_ value: Value) {
        if StackGuard.isLow {
            return putNextOnFreshStack(value)
        }
        if let shared = sharedReaders.load(ordering: .acquiring) {
            return putNext(value, countingIn: shared)
        }
        let before = word.wrappingAdd(1, ordering: .acquiring).oldValue
        if before & Self.terminatedBit == 0, let callbacks {
            // Safety: this call counts as a reader in `word`; the callbacks are released
            // only once every reader has left (`SignalStartTests.testCallbacksReleasedAfterTerminationAndDisposal`,
            // `SharedReadersTests.testConcurrentValuesAndADisposal`).
            callbacks._withUnsafeGuaranteedRef { $0.deliverNext(value, isStage: callbacksAreStage.load(ordering: .relaxed)) }
        }
        leave()
        if before & Self.readerMask != 0 {
            shareReaders()
        }
    }

    /// `putNext` once the subscription counts its readers in `shared`: counts itself in
    /// its thread's counter instead of the word (see `Core/NOTES.md`).
    @inlinable @inline(__always)
    func putNext(_ value: Value, countingIn shared: UnsafeMutableRawPointer) {
        // Safety: `shared` is this subscription's reader counts, freed only by `deinit`;
        // the call counts itself in them before reading the callbacks, which are released
        // only once every count is back to zero (`SharedReadersTests`).
        let counter = AtomicIntView(ReaderShards.counter(shared, ReaderShards.current).assumingMemoryBound(to: signalsync_atomic_int.self))
        counter.wrappingAdd(1, ordering: .sequentiallyConsistent)
        if word.load(ordering: .sequentiallyConsistent) & Self.terminatedBit == 0, let callbacks {
            callbacks._withUnsafeGuaranteedRef { $0.deliverNext(value, isStage: callbacksAreStage.load(ordering: .relaxed)) }
        }
        counter.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        if word.load(ordering: .sequentiallyConsistent) == Self.endedAndIdle {
            releaseCallbacksIfUnclaimed()
        }
    }

    /// Makes the reader counts, unless another thread made them first: a `putNext` found
    /// another reader inside.
    @usableFromInline @inline(never)
    func shareReaders() {
        guard sharedReaders.load(ordering: .relaxed) == nil else { return }
        let block = ReaderShards.allocate()
        if !sharedReaders.compareExchange(expected: nil, desired: block, ordering: .acquiringAndReleasing) {
            block.deallocate()
        }
    }

    /// Ends with `error`: the error callback, then the upstream teardown. Ignored once
    /// ended.
    @inlinable
    package func putError(_ error: Failure) {
        if StackGuard.isLow {
            return StackGuard.onFreshStack { putError(error) }
        }
        terminalSent.store(true, ordering: .relaxed)
        guard enterTerminating() else { return }
        terminate { $0.deliverError(error, isStage: callbacksAreStage.load(ordering: .relaxed)) }?.release()
    }

    /// Ends with completion: the completion callback, then the upstream teardown.
    /// Ignored once ended.
    @inlinable
    package func putCompletion() {
        if StackGuard.isLow {
            return StackGuard.onFreshStack { putCompletion() }
        }
        terminalSent.store(true, ordering: .relaxed)
        guard enterTerminating() else { return }
        terminate { $0.deliverCompletion(isStage: callbacksAreStage.load(ordering: .relaxed)) }?.release()
    }

    /// `putNext` continued on a fresh stack (deep chains; see `StackGuard`).
    @usableFromInline @inline(never)
    func putNextOnFreshStack(_ value: Value) {
        StackGuard.onFreshStack { putNext(value) }
    }

    /// Sets the terminated bit and enters as a reader in one step; false when the
    /// subscription had already ended.
    @inlinable
    func enterTerminating() -> Bool {
        var current = word.load(ordering: .relaxed)
        while current & Self.terminatedBit == 0 {
            let (exchanged, original) = word.compareExchange(
                expected: current, desired: (current | Self.endedAndIdle) + 1, ordering: .sequentiallyConsistent)
            if exchanged {
                LiveSubscriptions.ended()
                StartRecords.ended(self)
                reportEndingInScope()
                return true
            }
            current = original
        }
        return false
    }

    /// The terminal event, entered as a reader: moves the subscriber's reference to the
    /// generator's disposable out (as the originals do before the terminal callback),
    /// calls `deliver` with the callbacks, leaves, disposes that disposable, and drops
    /// the references to it (the handle's too when the face says so). Returns the kept
    /// objects, for the caller to release after this function's references are gone.
    /// (The kept objects are taken only now: a handle disposed from inside the terminal
    /// callback releases them there, as its `dispose()` does.)
    @inlinable
    func terminate(_ deliver: (Callbacks) -> Void) -> Unmanaged<KeptObjects>? {
        // Safety: the terminal event entered as a reader (`enterTerminating`), so the
        // callbacks stay until `leave()` below; `kept`'s +1 goes to the caller
        // (`SubscriptionCoreTests.testTerminationReleasesCallbacksThenDisposesThenReleasesUpstreamThenKeptObjects`).
        let (upstream, disposesTwice) = spin.withLock { (takeUpstream(of: .subscriberHoldsUpstream), rare.contains(.terminationDisposesTwice)) }
        if let callbacks {
            // What the callbacks start is not enclosed by this subscription (`GenerationScope`).
            GenerationScope.deliveringTerminalEvent(of: self) { callbacks._withUnsafeGuaranteedRef(deliver) }
        }
        leave()
        if let upstream {
            upstream.dispose()
        }
        if disposesTwice, let again = spin.withLock({ takeUpstream(of: .handleHoldsUpstream) }) {
            again.dispose()
        }
        // Nothing is kept once the subscription has ended (`keepAlive` checks under the
        // lock that the terminated bit, set before this, is clear), so `keeps` is final.
        guard Face.terminationReleasesHandleReference || keeps.load(ordering: .relaxed) else { return nil }
        let (handleReference, objects) = spin.withLock {
            (Face.terminationReleasesHandleReference ? takeUpstream(of: .handleHoldsUpstream) : nil, kept.take())
        }
        withExtendedLifetime(handleReference) {}
        return objects
    }

    @inlinable @inline(__always)
    func leave() {
        let after = word.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
        if after == Self.endedAndIdle {
            releaseCallbacksIfUnclaimed()
        }
    }

    /// Releases the callbacks if the subscription has ended, nobody reads them, and
    /// nobody released them yet.
    @inlinable
    func releaseCallbacksIfUnclaimed() {
        if let shared = sharedReaders.load(ordering: .sequentiallyConsistent), ReaderShards.someoneCounts(in: shared) {
            return  // the last of them releases
        }
        let claimed = word.compareExchange(
            expected: Self.endedAndIdle, desired: Self.endedAndIdle | Self.releasedBit,
            ordering: .acquiringAndReleasing
        ).exchanged
        guard claimed, let released = callbacks else { return }
        callbacks = nil
        released.release()
    }

    // MARK: Pinned reading

    /// Enters as a reader that stays until `unpin()`: while pinned, the callbacks are
    /// not released, so `putNextWhilePinned` reads them without entering and leaving per
    /// value. A terminal event still stops later values at once; the callbacks are then
    /// released by `unpin()` (or by a call still running one, whichever leaves last).
    ///
    /// For a hot source that keeps a subscriber for a long time and pushes to it from
    /// several threads: its values then write nothing the pushing threads share
    /// (`PinnedSubscriber`).
    @inlinable
    package func pin() {
        word.wrappingAdd(1, ordering: .acquiring)
    }

    /// Calls `next` unless the subscription has ended; only between `pin()` and
    /// `unpin()`.
    @inlinable @inline(__always)
    package func putNextWhilePinned(_ value: Value) {
        if StackGuard.isLow {
            return putNextOnFreshStack(value)
        }
        if word.load(ordering: .acquiring) & Self.terminatedBit == 0, let callbacks {
            // Safety: pinned, the subscription counts a reader until `unpin()`, so the
            // callbacks are not released meanwhile (`PinnedSubscriberTests`).
            callbacks._withUnsafeGuaranteedRef { $0.deliverNext(value, isStage: callbacksAreStage.load(ordering: .relaxed)) }
        }
    }

    /// Leaves the reading `pin()` entered; releases the callbacks when the subscription
    /// has ended and nobody else reads them.
    @inlinable
    package func unpin() {
        leave()
    }

    // MARK: Generation scope

    /// Marks the subscription as running its generator (or not); it reports its ending
    /// to `GenerationScope` while marked.
    @inlinable
    package func markInScope(_ inScope: Bool) -> Bool {
        // Entering needs no ordering of its own: a check that would skip this probe later
        // (having once seen it not ended) first issues a sequentially consistent fence,
        // and an ending thread sets the terminated bit and then loads the mark, both
        // sequentially consistent; so either the check sees the ending or the ending sees
        // the mark and reports. Leaving may be seen late: an ending that still sees the
        // mark only costs one needless rescan.
        if inScope {
            self.inScope.store(true, ordering: .relaxed)
        } else {
            self.inScope.store(false, ordering: .releasing)
        }
        return true
    }

    /// Tells `GenerationScope` that a subscription whose generator is running ended.
    @inlinable
    func reportEndingInScope() {
        if inScope.load(ordering: .sequentiallyConsistent) {
            Self.noteEndedInScope()
        }
    }

    @usableFromInline
    static func noteEndedInScope() {
        GenerationScope.noteEnded()
    }

    // MARK: Lifetime

    /// Keeps `object` alive until the subscription ends. Ignored once it has ended.
    @inlinable
    package func keepAlive(_ object: AnyObject) {
        spin.withLock {
            if !hasEnded {
                // Safety: under `spin`; `kept` owns the +1, given up once by the end
                // (`SignalStartTests.testKeepAliveHoldsUntilTermination`).
                if kept == nil {
                    kept = Unmanaged.passRetained(KeptObjects())
                    keeps.store(true, ordering: .relaxed)
                }
                kept?._withUnsafeGuaranteedRef { $0.objects.append(object) }
            }
        }
    }

    /// Hands over the generator's disposable when the generator returns: disposed at
    /// once if the subscription already ended, otherwise held by both the subscriber and
    /// the handle (the caller's reference moves into one of them: one retain, not two
    /// and a release).
    ///
    /// With `handleLetsGoAtTheEnd`, the handle's reference goes when the subscriber goes
    /// (the originals keep it until the handle is disposed or released, to dispose it
    /// then): for a disposable that has nothing left to do once its subscriber is gone and
    /// that holds what the subscription must let go of then, a hub membership that is
    /// also the subscription's callbacks (`PipeHubMemberCallbacks`).
    @inlinable
    package func assign(_ generated: consuming any UpstreamDisposable, handleLetsGoAtTheEnd: Bool = false) {
        var offered: (any UpstreamDisposable)? = consume generated
        if !hasEnded {
            spin.withLock {
                if hasEnded || rare.contains(.handleDisposed) {
                    return
                }
                upstream = offered.take()
                var flags = rare
                flags.insert([.subscriberHoldsUpstream, .handleHoldsUpstream])
                flags.set(.handleLetsGoAtTheEnd, handleLetsGoAtTheEnd)
                rare = flags
            }
        }
        offered?.dispose()  // arrived after the end
    }

    /// The handle's `dispose()`: disposes the generator's disposable through the
    /// handle's reference (events it emits meanwhile are still delivered, a terminal one
    /// included), then ends the subscription without calling back. Idempotent.
    @inlinable
    package func dispose() {
        if StackGuard.isLow {
            return StackGuard.onFreshStack { dispose() }
        }
        guard disposeHandleReference() else { return }
        end()
    }

    /// Takes and disposes the handle's reference; its last reference goes when this
    /// returns. False when the handle had already been disposed.
    @inlinable
    func disposeHandleReference() -> Bool {
        var upstream: (any UpstreamDisposable)?
        let claimed = spin.withLock {
            if rare.contains(.handleDisposed) {
                return false
            }
            rare.insert(.handleDisposed)
            upstream = takeUpstream(of: .handleHoldsUpstream)
            rare.set(.handleDisposing, upstream != nil)
            return true
        }
        guard claimed else { return false }
        if let upstream {
            upstream.dispose()
            spin.withLock { _ = rare.remove(.handleDisposing) }
        }
        return true
    }

    /// Called from a subscriber's `deinit` through the reference it held unmanaged (+1),
    /// which this call takes over and releases: ends the subscription as
    /// `subscriberDeallocated` does, knowing whether the handle is still held. (Inside
    /// the core, so that code not specialized for the delivered types needs no runtime
    /// metadata lookup for the uniqueness check.)
    package func subscriberReleasedItsReference() {
        if StackGuard.isLow {
            return StackGuard.onFreshStack { subscriberReleasedItsReference() }
        }
        // Safety: the subscriber's reference, held unmanaged (+1) and given up here, once
        // (`SubscriberLifetimeTests.testSubscriberDroppedAfterTheHandleReleasesDisposableKeptObjectsThenCallbacks`).
        var owned = Unmanaged.passUnretained(self).takeRetainedValue()
        let handleReleased = isKnownUniquelyReferenced(&owned)
        owned.subscriberDeallocated(handleReleased: handleReleased)
    }

    /// Called when the subscriber goes away: nothing can send events any more.
    ///
    /// - Parameter handleReleased: true when nobody holds the handle either; the
    ///   generator's disposable is then released first, as in the original.
    package func subscriberDeallocated(handleReleased: Bool) {
        if !handleReleased && hasNothingLeftToDrop {
            // The handle keeps its reference: nothing left to do.
            return
        }
        let disposing: Bool
        do {
            // The handle's reference goes first, at the end of this scope.
            let handleReference: (any UpstreamDisposable)?
            (handleReference, disposing) = spin.withLock {
                (handleReleased || rare.contains(.handleLetsGoAtTheEnd) ? takeUpstream(of: .handleHoldsUpstream) : nil, rare.contains(.handleDisposing))
            }
            withExtendedLifetime(handleReference) {}
        }
        // While the handle is disposing, its dispose() ends the subscription once its
        // upstream dispose returned.
        guard !disposing else { return }
        end()
    }

    /// Ends the subscription without calling back or disposing: later events are dropped
    /// at once; the subscriber's reference to the generator's disposable, the kept objects
    /// and then the callbacks are released (the callbacks by the last call still running
    /// one, if any). The handle's reference stays for its `dispose()`.
    ///
    /// Once the subscription has ended, whoever ended it releases all that, so a later
    /// call returns at once, unless objects are kept alive: it then releases those that
    /// are still kept (a handle disposed from inside the terminal callback releases them
    /// there).
    @inlinable
    package func end() {
        if hasNothingLeftToDrop {
            return
        }
        let before = word.bitwiseOr(Self.endedAndIdle, ordering: .sequentiallyConsistent)
        if before & Self.terminatedBit == 0 {
            LiveSubscriptions.ended()
            StartRecords.ended(self)
            reportEndingInScope()
        }
        dropSubscriberReference()?.release()
        if before | Self.endedAndIdle == Self.endedAndIdle {
            releaseCallbacksIfUnclaimed()
        }
    }

    /// True when the subscription has ended and whoever ended it drops the subscriber's
    /// references, and it keeps no objects alive: a later `end()` has nothing to do.
    @inlinable
    var hasNothingLeftToDrop: Bool {
        word.load(ordering: .relaxed) & Self.droppingBit != 0 && !keeps.load(ordering: .relaxed)
    }

    /// Drops the subscriber's reference to the generator's disposable (gone when this
    /// returns) and hands back the kept objects for the caller to release.
    @inlinable
    func dropSubscriberReference() -> Unmanaged<KeptObjects>? {
        // Safety: under `spin`; the kept objects' +1 goes to the caller, which releases it
        // once (`SubscriptionCoreTests.testSubscriberGoneAfterTheHandleReleasesUpstreamKeptThenCallbacks`).
        let (reference, objects) = spin.withLock { (takeUpstream(of: .subscriberHoldsUpstream), kept.take()) }
        withExtendedLifetime(reference) {}
        return objects
    }

    // MARK: Description

    /// The original subscriber's description: `Subscriber { next: hasValue|nil, error:
    /// ..., completed: ..., disposable: hasValue|nil, terminated: true|false }`.
    ///
    /// Once ended, the callbacks read `nil` (the original moves them out before calling
    /// the terminal callback); `disposable` is `nil` inside the generator, once a
    /// terminal event took it, and after the subscription ended.
    package var subscriberDescription: String {
        word.wrappingAdd(1, ordering: .acquiring)
        let terminated = word.load(ordering: .relaxed) & Self.terminatedBit != 0
        let present = terminated ? nil : callbacks?.takeUnretainedValue().present
        let text = "next: \(Self.show(present?.next)), error: \(Self.show(present?.error)), completed: \(Self.show(present?.completed))"
        leave()
        let disposable = spin.withLock { rare.contains(.subscriberHoldsUpstream) }
        return "Subscriber { \(text), disposable: \(disposable ? "hasValue" : "nil"), terminated: \(terminated) }"
    }

    /// The original handle's description: `SubscriberDisposable { disposable:
    /// hasValue|nil }`, `nil` once the handle has been disposed.
    package var handleDescription: String {
        spin.withLock { "SubscriberDisposable { disposable: \(rare.contains(.handleDisposed) ? "nil" : "hasValue") }" }
    }

    private static func show(_ present: Bool?) -> String {
        present == true ? "hasValue" : "nil"
    }
}

/// A subscription's rare state, one bit each in its atomics' `rare` byte (under its spin
/// lock).
@usableFromInline
struct SubscriptionRareFlags: OptionSet {
    @usableFromInline let rawValue: UInt8

    @inlinable init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The handle has been disposed.
    @inlinable static var handleDisposed: Self { Self(rawValue: 1 << 0) }
    /// The handle's disposal is disposing the generator's disposable.
    @inlinable static var handleDisposing: Self { Self(rawValue: 1 << 1) }
    /// The handle lets go of the generator's disposable once the subscriber has gone.
    @inlinable static var handleLetsGoAtTheEnd: Self { Self(rawValue: 1 << 2) }
    /// The subscriber holds the generator's disposable (`upstream`).
    @inlinable static var subscriberHoldsUpstream: Self { Self(rawValue: 1 << 3) }
    /// The handle holds the generator's disposable (`upstream`).
    @inlinable static var handleHoldsUpstream: Self { Self(rawValue: 1 << 4) }
    /// The subscription runs a stage that had a subscription of its own in the originals
    /// (a `map` or `filter` started directly): on a terminal event, the handle's reference
    /// disposes the generator's disposable a second time, as the stage's own handle did
    /// when the downstream subscription ended.
    @inlinable static var terminationDisposesTwice: Self { Self(rawValue: 1 << 5) }

    /// Sets `flag` when `on`, clears it otherwise.
    @inlinable mutating func set(_ flag: Self, _ on: Bool) {
        if on {
            insert(flag)
        } else {
            remove(flag)
        }
    }
}
