/// The latest values of a typed `combineLatest` of an array of sources, kept in the very
/// array that goes downstream: storage that only a `CombineLatestEngine` reads and writes,
/// under its lock.
///
/// Until every source has a value, the values wait in a buffer beside a flag per source (an
/// array cannot have holes); the value that fills the last one moves them all into the
/// array, once. From then on a value is written into the array in place, so a push costs
/// the same whatever the number of sources: the engine hands downstream the array itself
/// (a reference, no copy), and while downstream keeps none of the arrays it was given, the
/// next value finds the array uniquely referenced and writes into it. An array that
/// downstream still holds is copied by the next value (copy-on-write), so an array once
/// delivered never changes.
///
/// Generic over the array type (`[T]` for a typed `combineLatest` of `Signal<T, E>`s), not
/// over its element: the typed face runs unspecialized when called from generic code, and
/// there an `Array<T>` spelled out from `T` looks up its metadata in the runtime's cache at
/// every value (measured: see Benchmarks/PERFORMANCE.md, "Run-time metadata lookups"),
/// where `Values` comes with the class's own metadata.
/// The per-value methods are not inlinable for the same reason: inlined into the face, they
/// would spell `Values` as `[T]` again.
///
/// The state sits behind pointers rather than in stored `var`s, so that no access to it is
/// checked for exclusivity at run time (the engine's lock already orders them).
///
/// `@usableFromInline` because `CombineLatestEngine.receive`, inlined into the typed API
/// module, names it.
@usableFromInline
package final class CombineLatestArray<Values: RangeReplaceableCollection & MutableCollection>: @unchecked Sendable where Values.Index == Int {
    // Safety: the state is reached only under the lock of the engine the values belong
    // to. Pinned, under ThreadSanitizer, by
    // CombineLatestEngineTests.testConcurrentValuesFillEachSlotOnceAndCompletionComesOnce.

    /// The value of one source.
    @usableFromInline package typealias Value = Values.Element

    // Safety: each pointer is allocated in `init` and freed once: `pending` and `filled`
    // when their values move into `values` (`missing` reaches 0) or else in `deinit`, the
    // others in `deinit`; `pending[i]` is initialized exactly when `filled[i]`. Pinned by
    // CombineLatestArrayTests (testHoldsValuesUntilEverySourceHasOneThenCombinesThemInIndexOrder,
    // testReleasesItsValuesWhetherOrNotEverySourceHadOne).
    /// Every value, in index order, once each source has one; empty until then.
    private let values: UnsafeMutablePointer<Values>
    // Safety: see `values`.
    /// How many sources have no value yet; 0 from the moment `values` holds them all.
    private let missing: UnsafeMutablePointer<Int>
    // Safety: see `values`.
    /// The values that arrived while some source had none, by index (deallocated once
    /// they moved into `values`).
    private let pending: UnsafeMutablePointer<Value>
    // Safety: see `values`.
    /// Whether each element of `pending` holds a value (deallocated with `pending`).
    private let filled: UnsafeMutablePointer<Bool>
    /// The number of sources.
    private let count: Int

    /// Storage for `count` sources (at least one), none of which has a value yet.
    @usableFromInline
    package init(count: Int) {
        precondition(count > 0, "combineLatest needs at least one source")
        self.count = count
        values = .allocate(capacity: 1)
        values.initialize(to: Values())
        missing = .allocate(capacity: 1)
        missing.initialize(to: count)
        pending = .allocate(capacity: count)
        filled = .allocate(capacity: count)
        filled.initialize(repeating: false, count: count)
    }

    /// Stores `value` at `index` and leaves in it what must be released outside the lock:
    /// the value it replaced, or a copy of the new value when the source had none.
    ///
    /// Once every source has a value this writes into the array in place, copying the
    /// array first only when downstream still holds it.
    @usableFromInline
    func exchange(_ value: inout Value, at index: Int) {
        guard missing.pointee == 0 else {
            fill(&value, at: index)
            return
        }
        // Through the contiguous storage rather than the subscript: unspecialized, the
        // subscript's `modify` coroutine costs more. (Either copies a shared array first.)
        let stored: Void? = values.pointee.withContiguousMutableStorageIfAvailable { buffer in
            precondition(index >= 0 && index < buffer.count, "combineLatest: no source at index \(index)")
            swap(&buffer[index], &value)
        }
        if stored == nil {
            swap(&values.pointee[index], &value)
        }
    }

    /// `exchange` while some source has no value: stores `value` in the buffer and, when it
    /// was the last one missing, moves the buffer into the array.
    private func fill(_ value: inout Value, at index: Int) {
        precondition(index >= 0 && index < count, "combineLatest: no source at index \(index)")
        if filled[index] {
            swap(&pending[index], &value)
            return
        }
        (pending + index).initialize(to: value)
        filled[index] = true
        missing.pointee -= 1
        if missing.pointee == 0 {
            values.pointee.reserveCapacity(count)
            for index in 0..<count {
                values.pointee.append((pending + index).move())
            }
            pending.deallocate()
            filled.deallocate()
        }
    }

    /// Every value, in index order: the stored array itself, which the next value updates
    /// in place unless the array returned here is still held. Read (by the engine's
    /// `combine`) only once every source has a value.
    @usableFromInline
    package var combined: Values {
        values.pointee
    }

    deinit {
        if missing.pointee != 0 {
            for index in 0..<count where filled[index] {
                (pending + index).deinitialize(count: 1)
            }
            pending.deallocate()
            filled.deallocate()
        }
        values.deinitialize(count: 1)
        values.deallocate()
        missing.deallocate()
    }
}
