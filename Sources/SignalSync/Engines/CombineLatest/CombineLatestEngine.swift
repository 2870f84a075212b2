/// The engine of `combineLatest` (typed) and `combineSignals` (untyped): the lock, the
/// `CombineLatestMachine` and the slots of one subscription.
///
/// A face creates the slots (`CombineLatestSlot`, one per source, of the source's own
/// type; for an array of sources one `CombineLatestArray` or `CombineLatestValues`, whose
/// array is the output) and the `combine` function that reads them into the output, subscribes the
/// sources, and hands each event to the engine with what to do downstream. The engine
/// takes the lock, asks the machine, stores a value in its slot and, when the machine
/// says so, builds the output, all under the lock (only this storage code runs there);
/// it releases the replaced value, sends downstream and disposes sources after
/// unlocking. It is the disposable the face's generator returns. Disposal does not
/// silence it: as with every subscription of both originals, events a source emits while
/// it is being disposed still reach downstream (Divergences.md, "Lifetime rules of a
/// subscription"; checked by
/// `SubscriberLifetimeTests.testEventsASourceEmitsWhileBeingDisposedReachDownstreamThroughMapAndCombineLatest`);
/// each source's own subscription drops what comes after its disposal.
///
/// `@usableFromInline` so that the per-value path (`receive`) inlines into the API
/// modules, with no closure call for storing the value.
@usableFromInline
package final class CombineLatestEngine<Output>: @unchecked Sendable {
    // Safety: the machine and the slots are reached only under `state`'s lock; the
    // `let`s are immutable.
    @usableFromInline let state: LockedState<CombineLatestMachine>
    // Safety: the engine passes `combine` uninitialized memory for one `Output`, which
    // `combine` initializes and the engine then moves out (`receive`). Pinned by
    // CombineLatestEngineTests.testStoresValuesAndEmitsTheCombinedOutputOnceEverySlotHasOne.
    @usableFromInline let combine: (UnsafeMutablePointer<Output>) -> Void

    /// An engine for `count` sources (at least one), the first `seeded` of which start
    /// with a value; `combine` reads every slot into the output, initializing the memory
    /// it is given with it (under the lock, once all hold a value). The output is built in
    /// place, in the engine's own stack memory, so that a face needs no buffer of its own
    /// to build an output whose type its code is not specialized for.
    // Safety: `combine` must initialize the memory it is given (see the field `combine`).
    @usableFromInline
    package init(
        count: Int, seeded: Int, completedSourceDisposal: CompletedSourceDisposal, combine: @escaping (UnsafeMutablePointer<Output>) -> Void
    ) {
        state = LockedState(CombineLatestMachine(count: count, seeded: seeded, completedSourceDisposal: completedSourceDisposal))
        self.combine = combine
    }

    /// Source `index` produced `value`, to be kept in `slot`; `emit` sends the combined
    /// output downstream when every slot holds a value.
    @inlinable
    package func receive<V>(_ value: V, into slot: CombineLatestSlot<V>, at index: Int, emit: (Output) -> Void) {
        receive(value, at: index, exchange: { slot.exchange(&$0) }, emit: emit)
    }

    /// Source `index` produced `value`, to be kept at `index` in `values` (the typed
    /// array face's storage, whose array is the output); `emit` as above.
    @inlinable
    package func receive<Values>(_ value: Values.Element, into values: CombineLatestArray<Values>, at index: Int, emit: (Output) -> Void) {
        receive(value, at: index, exchange: { values.exchange(&$0, at: index) }, emit: emit)
    }

    /// Source `index` produced `value`, to be kept at `index` in `values` (the untyped
    /// face's slots); `emit` as above.
    @inlinable
    package func receive(_ value: Any?, into values: CombineLatestValues, at index: Int, emit: (Output) -> Void) {
        receive(value, at: index, exchange: { values.exchange(&$0, at: index) }, emit: emit)
    }

    @inlinable
    func receive<V>(_ value: V, at index: Int, exchange: (inout V) -> Void, emit: (Output) -> Void) {
        // (No optionals or other generic wrappers of `Output` here: code not specialized
        // for it would look their metadata up at every event. The output waits in raw
        // stack memory instead.)
        var released = value
        let layout = (size: max(1, MemoryLayout<Output>.size), alignment: MemoryLayout<Output>.alignment)
        // Safety: `output` is stack memory sized and aligned for one `Output`; `combine`
        // initializes it under the lock only for `.emit`, and only then is it moved out, once.
        // Pinned by CombineLatestEngineTests (testStoresValuesAndEmitsTheCombinedOutputOnceEverySlotHasOne,
        // testConcurrentValuesFillEachSlotOnceAndCompletionComesOnce).
        withUnsafeTemporaryAllocation(byteCount: layout.size, alignment: layout.alignment) { raw in
            let output = raw.baseAddress!
            let action = state.withLock { machine -> CombineLatestMachine.ValueAction in
                let action = machine.valueArrived(at: index)
                if action != .drop {
                    exchange(&released)
                }
                if action == .emit {
                    combine(output.bindMemory(to: Output.self, capacity: 1))
                }
                return action
            }
            withExtendedLifetime(released) {}  // outside the lock, before the output goes out
            if action == .emit {
                emit(output.assumingMemoryBound(to: Output.self).move())
            }
        }
    }

    /// Source `index` completed; `complete` sends the completion downstream once every
    /// source has completed.
    @usableFromInline
    package func sourceCompleted(at index: Int, complete: () -> Void) {
        switch state.withLock({ $0.sourceCompleted(at: index) }) {
        case .none:
            break
        case .disposeSource(let handle):
            handle.dispose()
        case .complete(let handle):
            complete()
            handle?.dispose()
        }
    }

    /// A source failed; `forward` sends its error downstream when it is the first one.
    @usableFromInline
    package func sourceFailed(forward: () -> Void) {
        if state.withLock({ $0.sourceFailed() }) == .forward {
            forward()
        }
    }

    /// Whether the engine was disposed (a face then subscribes no further source).
    @usableFromInline
    package var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    /// Keeps the subscription of source `index`, or disposes it at once when the
    /// machine says so.
    @usableFromInline
    package func attach(_ handle: any UpstreamDisposable, at index: Int) {
        if case .dispose(let late) = state.withLock({ $0.attach(handle, at: index) }) {
            late.dispose()
        }
    }

    /// Disposes every source subscription still held, once, in index order; later calls
    /// do nothing. (`@usableFromInline` as the faces' disposable protocols require.)
    @usableFromInline
    package func dispose() {
        if case .dispose(let handles) = state.withLock({ $0.dispose() }) {
            for handle in handles {
                handle?.dispose()
            }
        }
    }
}
