import SignalSyncStack

// The library's atomics: views over C storage (`SignalSyncAtomics.h`) that its owner keeps
// at a stable address. `Synchronization.Atomic` needs macOS 15 / iOS 18, above the
// package's floor; these compile to the same instructions. A Swift stored property's `&`
// address is not stable (and costs a dynamic exclusivity check on a class), so an owner
// keeps its atomics in one of three places:
// - the only stored property of a class made for it, reached through
//   `_getUnsafePointerToStoredProperties(self)`: the start of the object's stored
//   properties, also when the owner is a subclass of that class (a superclass's stored
//   properties come first, at the offsets its own code uses). `LiveObjectCounter` is such
//   a class; `SubscriptionAtomics`, `PublicationAtomics`, `QueueLinePutCount` and
//   `OnceActionClaim` are the superclasses of `SubscriptionCore`, `PipeHubEngine`,
//   `QueueLineEngine` and `OnceActionEngine`. `storedAtomicsAddress` takes the address;
//   `checkStoredAtomicsAddress`, called by each such class's `init`, checks it against
//   the property's own in debug builds;
// - a heap block the owner allocates and frees (`StrictDisposalCore`);
// - a global defined in the C module (`GenerationScope.endings`, `LiveSubscriptions`).
// Never the first of several stored properties, nor a class of another module.
// The view itself is a pointer: copying it shares the value, and it must not outlive the
// storage.
//
// Cost: the same instructions as `Synchronization.Atomic`, with three cares. The SIL
// optimizer sees a call into C as opaque where it saw a builtin, so the views' members are
// `@_transparent` (inlined before its heuristics count them) and grouped storage is reached
// by offsets that are C constants, not by accessor calls; a compare-exchange returns its
// result by value (a pointer to a Swift local would give every caller a stack protector);
// and code that calls into C is not serialized by cross-module optimization, so a small
// function the API modules must inline (`SubscriptionCore.hasEnded`) says `@inlinable`.

/// The address of `object`'s stored properties, where the only stored property of a class
/// made for an atomic lives (see the notes above).
@inlinable @inline(__always)
package func storedAtomicsAddress(of object: AnyObject) -> UnsafeMutableRawPointer {
    // Safety: the class declaring the storage has no other stored property and no stored
    // superclass, so its storage starts where the object's stored properties start
    // (`checkStoredAtomicsAddress` checks it for every object in debug builds;
    // `AtomicStorageAddressTests` for every such class).
    _getUnsafePointerToStoredProperties(object)
}

/// In debug builds, traps unless `storage`, the only stored property of a class made for
/// an atomic, is where `object`'s stored properties start: each such class calls it from
/// its `init` (before the object is shared, so the check's access races nothing).
@inlinable @inline(__always)
package func checkStoredAtomicsAddress<Storage>(of object: AnyObject, _ storage: inout Storage) {
    #if DEBUG
        // Safety: the pointer is only compared, never used.
        precondition(
            storedAtomicsAddress(of: object) == withUnsafeMutablePointer(to: &storage) { UnsafeMutableRawPointer($0) },
            "an atomic's storage is not where its object's stored properties start")
    #endif
}

/// The orderings of an atomic load.
@usableFromInline
package struct AtomicLoadOrdering {
    /// The C memory order.
    @usableFromInline let order: signalsync_memory_order

    /// The ordering `order`.
    @usableFromInline @_transparent
    init(_ order: signalsync_memory_order) {
        self.order = order
    }

    /// Atomic, and orders nothing else.
    @usableFromInline @_transparent package static var relaxed: Self { Self(.relaxed) }
    /// What the thread that stored the value (with release) did before is visible after.
    @usableFromInline @_transparent package static var acquiring: Self { Self(.acquire) }
    /// Acquiring, and in the single total order of all sequentially consistent operations.
    @usableFromInline @_transparent package static var sequentiallyConsistent: Self { Self(.sequentially_consistent) }
}

/// The orderings of an atomic store.
@usableFromInline
package struct AtomicStoreOrdering {
    /// The C memory order.
    @usableFromInline let order: signalsync_memory_order

    /// The ordering `order`.
    @usableFromInline @_transparent
    init(_ order: signalsync_memory_order) {
        self.order = order
    }

    /// Atomic, and orders nothing else.
    @usableFromInline @_transparent package static var relaxed: Self { Self(.relaxed) }
    /// What this thread did before is visible to a thread that loads the value (acquiring).
    @usableFromInline @_transparent package static var releasing: Self { Self(.release) }
    /// Releasing, and in the single total order of all sequentially consistent operations.
    @usableFromInline @_transparent package static var sequentiallyConsistent: Self { Self(.sequentially_consistent) }
}

/// The orderings of an atomic read-modify-write (and of a fence).
@usableFromInline
package struct AtomicUpdateOrdering {
    /// The C memory order.
    @usableFromInline let order: signalsync_memory_order

    /// The ordering `order`.
    @usableFromInline @_transparent
    init(_ order: signalsync_memory_order) {
        self.order = order
    }

    /// Atomic, and orders nothing else.
    @usableFromInline @_transparent package static var relaxed: Self { Self(.relaxed) }
    /// The read acquires (see `AtomicLoadOrdering.acquiring`).
    @usableFromInline @_transparent package static var acquiring: Self { Self(.acquire) }
    /// The write releases (see `AtomicStoreOrdering.releasing`).
    @usableFromInline @_transparent package static var releasing: Self { Self(.release) }
    /// The read acquires and the write releases.
    @usableFromInline @_transparent package static var acquiringAndReleasing: Self { Self(.acquire_release) }
    /// Both, and in the single total order of all sequentially consistent operations.
    @usableFromInline @_transparent package static var sequentiallyConsistent: Self { Self(.sequentially_consistent) }
}

/// A memory fence with `ordering`.
@usableFromInline @_transparent
package func atomicMemoryFence(ordering: AtomicUpdateOrdering) {
    signalsync_atomic_fence(ordering.order)
}

/// An atomic `Int` stored elsewhere (see the top of this file).
@usableFromInline
package struct AtomicIntView: @unchecked Sendable {
    // Safety: the storage is only ever accessed atomically.
    /// The storage.
    @usableFromInline let storage: UnsafeMutablePointer<signalsync_atomic_int>

    // Safety: the owner keeps `storage` at its address for as long as it uses views of
    // it (the places at the top of this file; `AtomicStorageAddressTests`).
    /// A view of `storage`, which must stay at its address while the view is used.
    @usableFromInline @_transparent
    package init(_ storage: UnsafeMutablePointer<signalsync_atomic_int>) {
        self.storage = storage
    }

    /// The value.
    @usableFromInline @_transparent
    package func load(ordering: AtomicLoadOrdering) -> Int {
        signalsync_atomic_int_load(storage, ordering.order)
    }

    /// Replaces the value with `desired`.
    @usableFromInline @_transparent
    package func store(_ desired: Int, ordering: AtomicStoreOrdering) {
        signalsync_atomic_int_store(storage, desired, ordering.order)
    }

    /// Adds `operand`, wrapping around on overflow; returns the values before and after.
    @usableFromInline @_transparent @discardableResult
    package func wrappingAdd(_ operand: Int, ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int) {
        let old = signalsync_atomic_int_fetch_add(storage, operand, ordering.order)
        return (old, old &+ operand)
    }

    /// Subtracts `operand`, wrapping around on overflow; returns the values before and
    /// after.
    @usableFromInline @_transparent @discardableResult
    package func wrappingSubtract(_ operand: Int, ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int) {
        let old = signalsync_atomic_int_fetch_sub(storage, operand, ordering.order)
        return (old, old &- operand)
    }

    /// Sets the bits of `operand`; returns the value before.
    @usableFromInline @_transparent @discardableResult
    package func bitwiseOr(_ operand: Int, ordering: AtomicUpdateOrdering) -> Int {
        signalsync_atomic_int_fetch_or(storage, operand, ordering.order)
    }

    /// Replaces the value with `desired` if it is `expected`; returns whether it did and
    /// the value it found. A failure orders as a load with `ordering`'s acquiring part.
    @usableFromInline @_transparent
    package func compareExchange(expected: Int, desired: Int, ordering: AtomicUpdateOrdering) -> (exchanged: Bool, original: Int) {
        let result = signalsync_atomic_int_compare_exchange(storage, expected, desired, ordering.order)
        return (result.exchanged, result.original)
    }
}

/// An atomic `Bool` stored elsewhere (see the top of this file).
@usableFromInline
package struct AtomicBoolView: @unchecked Sendable {
    // Safety: the storage is only ever accessed atomically.
    /// The storage.
    @usableFromInline let storage: UnsafeMutablePointer<signalsync_atomic_bool>

    // Safety: the owner keeps `storage` at its address for as long as it uses views of
    // it (the places at the top of this file; `AtomicStorageAddressTests`).
    /// A view of `storage`, which must stay at its address while the view is used.
    @usableFromInline @_transparent
    package init(_ storage: UnsafeMutablePointer<signalsync_atomic_bool>) {
        self.storage = storage
    }

    /// The value.
    @usableFromInline @_transparent
    package func load(ordering: AtomicLoadOrdering) -> Bool {
        signalsync_atomic_bool_load(storage, ordering.order)
    }

    /// Replaces the value with `desired`.
    @usableFromInline @_transparent
    package func store(_ desired: Bool, ordering: AtomicStoreOrdering) {
        signalsync_atomic_bool_store(storage, desired, ordering.order)
    }

    /// Replaces the value with `desired` if it is `expected`; returns whether it did and
    /// the value it found. A failure orders as a load with `ordering`'s acquiring part.
    @usableFromInline @_transparent
    package func compareExchange(expected: Bool, desired: Bool, ordering: AtomicUpdateOrdering) -> (exchanged: Bool, original: Bool) {
        let result = signalsync_atomic_bool_compare_exchange(storage, expected, desired, ordering.order)
        return (result.exchanged, result.original)
    }
}

/// An atomic `UInt64` stored elsewhere (see the top of this file).
@usableFromInline
package struct AtomicUInt64View: @unchecked Sendable {
    // Safety: the storage is only ever accessed atomically.
    /// The storage.
    @usableFromInline let storage: UnsafeMutablePointer<signalsync_atomic_uint64>

    // Safety: the owner keeps `storage` at its address for as long as it uses views of
    // it (the places at the top of this file; `AtomicStorageAddressTests`).
    /// A view of `storage`, which must stay at its address while the view is used.
    @usableFromInline @_transparent
    package init(_ storage: UnsafeMutablePointer<signalsync_atomic_uint64>) {
        self.storage = storage
    }

    /// The value.
    @usableFromInline @_transparent
    package func load(ordering: AtomicLoadOrdering) -> UInt64 {
        signalsync_atomic_uint64_load(storage, ordering.order)
    }

    /// Adds `operand`, wrapping around on overflow; returns the value before.
    @usableFromInline @_transparent @discardableResult
    package func wrappingAdd(_ operand: UInt64, ordering: AtomicUpdateOrdering) -> UInt64 {
        signalsync_atomic_uint64_fetch_add(storage, operand, ordering.order)
    }

    /// Subtracts `operand`, wrapping around on overflow; returns the value before.
    @usableFromInline @_transparent
    package func wrappingSubtract(_ operand: UInt64, ordering: AtomicUpdateOrdering) -> UInt64 {
        signalsync_atomic_uint64_fetch_sub(storage, operand, ordering.order)
    }

    /// Sets the bits of `operand`; returns the value before.
    @usableFromInline @_transparent @discardableResult
    package func bitwiseOr(_ operand: UInt64, ordering: AtomicUpdateOrdering) -> UInt64 {
        signalsync_atomic_uint64_fetch_or(storage, operand, ordering.order)
    }

    /// Keeps only the bits of `operand`; returns the value before.
    @usableFromInline @_transparent @discardableResult
    package func bitwiseAnd(_ operand: UInt64, ordering: AtomicUpdateOrdering) -> UInt64 {
        signalsync_atomic_uint64_fetch_and(storage, operand, ordering.order)
    }

    /// Replaces the value with `desired` if it is `expected`; returns whether it did and
    /// the value it found. A failure orders as a load with `ordering`'s acquiring part.
    @usableFromInline @_transparent
    package func compareExchange(expected: UInt64, desired: UInt64, ordering: AtomicUpdateOrdering) -> (exchanged: Bool, original: UInt64) {
        let result = signalsync_atomic_uint64_compare_exchange(storage, expected, desired, ordering.order)
        return (result.exchanged, result.original)
    }
}

/// An atomic raw pointer stored elsewhere (see the top of this file).
@usableFromInline
package struct AtomicPointerView: @unchecked Sendable {
    // Safety: the storage is only ever accessed atomically.
    /// The storage.
    @usableFromInline let storage: UnsafeMutablePointer<signalsync_atomic_pointer>

    // Safety: the owner keeps `storage` at its address for as long as it uses views of
    // it (the places at the top of this file; `AtomicStorageAddressTests`).
    /// A view of `storage`, which must stay at its address while the view is used.
    @usableFromInline @_transparent
    package init(_ storage: UnsafeMutablePointer<signalsync_atomic_pointer>) {
        self.storage = storage
    }

    // Safety: the pointer is the atomic's value: a view never reads or writes through it
    // (its users do, with their own Safety notes).
    /// The value.
    @usableFromInline @_transparent
    package func load(ordering: AtomicLoadOrdering) -> UnsafeMutableRawPointer? {
        signalsync_atomic_pointer_load(storage, ordering.order)
    }

    // Safety: as for `load`: a value, never dereferenced here.
    /// Replaces the value with `desired`.
    @usableFromInline @_transparent
    package func store(_ desired: UnsafeMutableRawPointer?, ordering: AtomicStoreOrdering) {
        signalsync_atomic_pointer_store(storage, desired, ordering.order)
    }

    // Safety: as for `load`: a value, never dereferenced here.
    /// Replaces the value with `desired`; returns the value before.
    @usableFromInline @_transparent
    package func exchange(_ desired: UnsafeMutableRawPointer?, ordering: AtomicUpdateOrdering) -> UnsafeMutableRawPointer? {
        signalsync_atomic_pointer_exchange(storage, desired, ordering.order)
    }

    // Safety: as for `load`: a value, never dereferenced here.
    /// Replaces the value with `desired` if it is `expected`; true when it did.
    @usableFromInline @_transparent
    package func compareExchange(expected: UnsafeMutableRawPointer?, desired: UnsafeMutableRawPointer?, ordering: AtomicUpdateOrdering) -> Bool {
        signalsync_atomic_pointer_compare_exchange(storage, expected, desired, ordering.order).exchanged
    }
}
