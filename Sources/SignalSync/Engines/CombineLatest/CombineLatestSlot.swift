/// The latest value of one `combineLatest` source: storage that only a
/// `CombineLatestEngine` reads and writes, under its lock.
///
/// The value lives in its own storage with a flag beside it rather than in an optional:
/// code not specialized for `Value` then needs no runtime metadata lookup per event.
package final class CombineLatestSlot<Value>: @unchecked Sendable {
    // Safety: reached only under the lock of the engine the slot belongs to.
    private let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    /// True once a value was stored.
    private var hasValue = false

    /// An empty slot.
    package init() {}

    /// A slot seeded with `value`.
    package init(_ value: Value) {
        storage.initialize(to: value)
        hasValue = true
    }

    /// Stores `value` and leaves in it what must be released outside the lock: the value
    /// it replaced, or a copy of the new value when the slot was empty.
    func exchange(_ value: inout Value) {
        guard hasValue else {
            storage.initialize(to: value)
            hasValue = true
            return
        }
        swap(&storage.pointee, &value)
    }

    /// The stored value; read (by the engine's `combine`) only once every slot has one.
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
