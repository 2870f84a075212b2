/// The latest value of one `combineLatest` source: storage that only a
/// `CombineLatestEngine` reads and writes, under its lock.
///
/// The value lives in its own storage with a flag beside it rather than in an optional:
/// code not specialized for `Value` then needs no runtime metadata lookup per event.
///
/// `@usableFromInline` so that `CombineLatestEngine.receive` inlines into the API modules.
@usableFromInline
package final class CombineLatestSlot<Value>: @unchecked Sendable {
    // Safety: reached only under the lock of the engine the slot belongs to.
    @usableFromInline let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    /// True once a value was stored. (Unchecked: only the engine's lock orders the
    /// accesses; a dynamic exclusivity check on every event cost more than the rest of
    /// the slot.)
    @usableFromInline @exclusivity(unchecked) var hasValue = false

    /// An empty slot.
    @usableFromInline package init() {}

    /// A slot seeded with `value`.
    package init(_ value: Value) {
        storage.initialize(to: value)
        hasValue = true
    }

    /// Stores `value` and leaves in it what must be released outside the lock: the value
    /// it replaced, or a copy of the new value when the slot was empty.
    @inlinable
    func exchange(_ value: inout Value) {
        guard hasValue else {
            storage.initialize(to: value)
            hasValue = true
            return
        }
        swap(&storage.pointee, &value)
    }

    /// The stored value; read (by the engine's `combine`) only once every slot has one.
    @inlinable
    package var value: Value {
        precondition(hasValue, "combineLatest read a source before it had a value")
        return storage.pointee
    }

    deinit {
        if hasValue {
            storage.deinitialize(count: 1)
        }
        storage.deallocate()
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
