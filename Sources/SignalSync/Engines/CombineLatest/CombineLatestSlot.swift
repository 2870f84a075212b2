/// The latest value of one `combineLatest` source: storage that only a
/// `CombineLatestEngine` reads and writes, under its lock.
///
/// One object: the value is stored after a flag in the object's own tail (a
/// `ManagedBuffer`), not in an optional, so that code not specialized for `Value` needs no
/// runtime metadata lookup per event, and not in a block of its own, which would be a
/// second heap block per source and subscription (Benchmarks/PERFORMANCE.md, "What a live
/// subscription holds"). Made with `empty()` or `holding(_:)`.
///
/// `@usableFromInline` so that `CombineLatestEngine.receive` inlines into the API modules.
@usableFromInline
package final class CombineLatestSlot<Value>: ManagedBuffer<Bool, Value> {
    // The header (true once a value was stored) and the value are reached only under the
    // lock of the engine the slot belongs to; the value is initialized exactly when the
    // header says so. (Not `Sendable`, as no `ManagedBuffer` is: what shares it between
    // threads is the engine, under its lock.)

    /// An empty slot.
    @inlinable
    package static func empty() -> CombineLatestSlot {
        // Safety: `create` makes an instance of the class it is called on.
        unsafeDowncast(create(minimumCapacity: 1) { _ in false }, to: CombineLatestSlot.self)
    }

    /// A slot seeded with `value`.
    package static func holding(_ value: Value) -> CombineLatestSlot {
        let slot = empty()
        var value = value
        slot.exchange(&value)
        return slot
    }

    /// Stores `value` and leaves in it what must be released outside the lock: the value
    /// it replaced, or a copy of the new value when the slot was empty.
    @inlinable
    func exchange(_ value: inout Value) {
        // Safety: the value is initialized exactly when the header says so (the note at the
        // class's head); the engine's lock is held. Pinned by
        // CombineLatestEngineTests.testConcurrentValuesFillEachSlotOnceAndCompletionComesOnce.
        withUnsafeMutablePointers { hasValue, storage in
            guard hasValue.pointee else {
                storage.initialize(to: value)
                hasValue.pointee = true
                return
            }
            swap(&storage.pointee, &value)
        }
    }

    /// The stored value; read (by the engine's `combine`) only once every slot has one.
    @inlinable
    package var value: Value {
        // Safety: read only once the header says the value is initialized (the precondition).
        // Pinned by CombineLatestEngineTests.testStoresValuesAndEmitsTheCombinedOutputOnceEverySlotHasOne.
        withUnsafeMutablePointers { hasValue, storage in
            precondition(hasValue.pointee, "combineLatest read a source before it had a value")
            return storage.pointee
        }
    }

    deinit {
        // Safety: the value is destroyed once, here, when the header says it is initialized.
        // Pinned by SignalCombineTests.testValuesAndCallbacksAreReleasedAfterDisposal.
        withUnsafeMutablePointers { hasValue, storage in
            if hasValue.pointee {
                storage.deinitialize(count: 1)
            }
        }
    }
}

/// The latest values of an untyped `combineLatest` (`combineSignals`), one per source, in
/// one array: storage that only a `CombineLatestEngine` reads and writes, under its lock.
/// The array goes downstream as it is: while downstream keeps none of them, the next
/// value is stored in place, with no copy.
///
/// `@usableFromInline` so that `CombineLatestEngine.receive` inlines into the untyped API
/// module.
@usableFromInline
package final class CombineLatestValues: @unchecked Sendable {
    // Safety: reached only under the lock of the engine the values belong to.
    @usableFromInline @exclusivity(unchecked) var values: [Any?]

    /// `count` slots, the first ones seeded from `seeds` (extra seeds are ignored).
    package init(count: Int, seeds: [Any?]) {
        values = Array(seeds.prefix(count)) + Array(repeating: nil, count: max(0, count - seeds.count))
    }

    /// Stores `value` at `index` and leaves in it the value it replaced, to be released
    /// outside the lock.
    @inlinable
    func exchange(_ value: inout Any?, at index: Int) {
        swap(&values[index], &value)
    }

    /// Every slot, in index order; read (by the engine's `combine`) once all hold a value.
    package var combined: [Any?] { values }
}
