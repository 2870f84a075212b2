/// A growable run of values, first in first out, in storage of its own: the buffer of an
/// engine whose code may run unspecialized (`SerialHopEngine`, under generic operators
/// such as `deliverOn`).
///
/// Appending, moving and visiting its values needs only the values' own type, which
/// unspecialized code already has. An `Array` of them would look up the array type's
/// run-time metadata at every call instead (through a lock inside the runtime that two
/// threads then share), the largest cost of a value crossing `deliverOn` (measured: see
/// Benchmarks/PERFORMANCE.md, "Run-time metadata lookups").
///
/// Not thread-safe: its owner guards it with its own lock. A class, so that a batch can
/// be handed out of a lock and back without copying.
///
/// Its indices live behind a pointer rather than in stored properties: the optimizer may
/// inline these methods into the modules that specialize the engines (`SerialHopEngine`
/// is inlinable), and there every access to a class's stored `var` is checked for
/// exclusivity at run time (two runtime calls per access; the owner's lock already
/// excludes overlapping ones).
@usableFromInline
package final class ValueBatch<Value> {
    // Safety: the values from `start` to `end` are initialized, the rest of the storage
    // is not; only the owner's lock holder touches a batch. `layout` is allocated here and
    // `storage` here or by the first `reserve` (until then, with `capacity` 0, it is a
    // placeholder address that nothing reads, writes or frees); both are freed once in
    // `deinit` (`storage` also when `reserve` replaces it). Pinned by ValueBatchTests
    // (testValuesKeepTheirOrderThroughGrowthAndMoves,
    // testValuesAreReleasedByRemoveAllAndByTheBatchsEndAndNeverTwice,
    // testAnEmptyBatchHasNoStorageUntilItsFirstValue).
    private let layout: UnsafeMutablePointer<ValueBatchLayout>

    // Safety: the storage holds `Value`s (`layout`'s Safety note).
    private var storage: UnsafeMutablePointer<Value> {
        get { layout.pointee.storage.assumingMemoryBound(to: Value.self) }
        // Safety: as for the getter (`layout`'s Safety note).
        set { layout.pointee.storage = UnsafeMutableRawPointer(newValue) }
    }
    private var capacity: Int {
        get { layout.pointee.capacity }
        set { layout.pointee.capacity = newValue }
    }
    private var start: Int {
        get { layout.pointee.start }
        set { layout.pointee.start = newValue }
    }
    private var end: Int {
        get { layout.pointee.end }
        set { layout.pointee.end = newValue }
    }

    /// An empty batch with room for `capacity` values before it grows. With none (the
    /// default), it allocates its storage for its first value, and then for two: most
    /// batches (a `deliverOn` subscription's) hold a value or two at a time, and a live
    /// subscription that holds none keeps no storage (`Any?` values take 32 bytes each).
    @usableFromInline
    package init(capacity: Int = 0) {
        layout = .allocate(capacity: 1)
        layout.initialize(
            to: ValueBatchLayout(
                // Safety: uninitialized room for `capacity` values, none of them in use yet;
                // with no room, an address that is never used (see `layout`).
                storage: capacity > 0 ? UnsafeMutableRawPointer(UnsafeMutablePointer<Value>.allocate(capacity: capacity)) : Self.noStorage,
                capacity: max(capacity, 0), start: 0, end: 0))
    }

    /// The storage of a batch that has room for no value: never read, written or freed.
    private static var noStorage: UnsafeMutableRawPointer {
        // Safety: a non-null address aligned for any value, only ever offset by zero.
        UnsafeMutableRawPointer(bitPattern: 64).unsafelyUnwrapped
    }

    deinit {
        (storage + start).deinitialize(count: end - start)
        if capacity > 0 {
            storage.deallocate()
        }
        layout.deallocate()
    }

    /// How many values it holds.
    @usableFromInline
    package var count: Int {
        end - start
    }

    /// True when it holds no value.
    @usableFromInline
    package var isEmpty: Bool {
        start == end
    }

    /// How many values fit before the storage grows.
    package var room: Int {
        capacity
    }

    /// Its values, in order (a copy, for tests and descriptions).
    package var elements: [Value] {
        // Safety: the values from `start` to `end` are initialized (see `layout`).
        Array(UnsafeBufferPointer(start: storage + start, count: count))
    }

    /// Adds `value` after the others.
    @usableFromInline
    package func append(_ value: Value) {
        reserve(1)
        (storage + end).initialize(to: value)
        end += 1
    }

    /// Moves its first `count` values (at most all) to the end of `other`, in order.
    @usableFromInline
    package func moveFirst(_ count: Int, to other: ValueBatch) {
        let moved = min(count, self.count)
        other.reserve(moved)
        (other.storage + other.end).moveInitialize(from: storage + start, count: moved)
        other.end += moved
        start += moved
        if start == end {
            start = 0
            end = 0
        }
    }

    /// Calls `body` with each value, in order.
    @usableFromInline
    package func forEach(_ body: (Value) throws -> Void) rethrows {
        for index in start..<end {
            try body(storage[index])
        }
    }

    /// Releases every value and keeps the storage for the next ones.
    @usableFromInline
    package func removeAll() {
        (storage + start).deinitialize(count: end - start)
        start = 0
        end = 0
    }

    /// Makes room for `extra` more values at the end: moves the values to the front when
    /// that frees enough, otherwise grows the storage (at least doubling it).
    private func reserve(_ extra: Int) {
        guard end + extra > capacity else { return }
        if start > 0 && count + extra <= capacity && start * 2 >= capacity {
            storage.moveInitialize(from: storage + start, count: count)
        } else {
            let grown = max(capacity * 2, count + extra, 2)
            // Safety: the values move here and the old storage, left uninitialized, is freed
            // (when there was one: see `layout`).
            let larger = UnsafeMutablePointer<Value>.allocate(capacity: grown)
            larger.moveInitialize(from: storage + start, count: count)
            if capacity > 0 {
                storage.deallocate()
            }
            storage = larger
            capacity = grown
        }
        end = count
        start = 0
    }
}

/// Where a `ValueBatch`'s values are, and which of them are initialized. (Not nested in
/// the generic batch: unspecialized code would look up its metadata.)
private struct ValueBatchLayout {
    // Safety: owned by the batch that allocated this layout (see `ValueBatch.layout`).
    var storage: UnsafeMutableRawPointer
    var capacity: Int
    var start: Int
    var end: Int
}
