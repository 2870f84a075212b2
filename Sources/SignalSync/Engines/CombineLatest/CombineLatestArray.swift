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
/// The state sits behind pointers, not in stored `var`s: the per-value path inlines into
/// the typed API module, where a stored `var` of this class would be checked for exclusive
/// access at run time on every value.
///
/// Public only so that `CombineLatestEngine.receive` inlines into the typed API module; not
/// for users.
@_documentation(visibility: internal)
public final class CombineLatestArray<Value>: @unchecked Sendable {
    // Safety: reached only under the lock of the engine the values belong to.
    /// Every value, in index order, once each source has one; empty until then.
    @usableFromInline let values: UnsafeMutablePointer<[Value]>
    /// How many sources have no value yet; 0 from the moment `values` holds them all.
    @usableFromInline let missing: UnsafeMutablePointer<Int>
    /// The values that arrived while some source had none, by index (deallocated once
    /// they moved into `values`).
    private let pending: UnsafeMutablePointer<Value>
    /// Whether each element of `pending` holds a value (deallocated with `pending`).
    private let filled: UnsafeMutablePointer<Bool>
    /// The number of sources.
    private let count: Int

    /// Storage for `count` sources (at least one), none of which has a value yet.
    package init(count: Int) {
        precondition(count > 0, "combineLatest needs at least one source")
        self.count = count
        values = UnsafeMutablePointer<[Value]>.allocate(capacity: 1)
        values.initialize(to: [])
        missing = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        missing.initialize(to: count)
        pending = UnsafeMutablePointer<Value>.allocate(capacity: count)
        filled = UnsafeMutablePointer<Bool>.allocate(capacity: count)
        filled.initialize(repeating: false, count: count)
    }

    /// Stores `value` at `index` and leaves in it what must be released outside the lock:
    /// the value it replaced, or a copy of the new value when the source had none.
    ///
    /// Once every source has a value this writes into the array in place, copying the
    /// array first only when downstream still holds it.
    @inlinable
    func exchange(_ value: inout Value, at index: Int) {
        if missing.pointee == 0 {
            swap(&values.pointee[index], &value)
        } else {
            fill(&value, at: index)
        }
    }

    /// `exchange` while some source has no value: stores `value` in the buffer and, when it
    /// was the last one missing, moves the buffer into the array.
    @usableFromInline
    func fill(_ value: inout Value, at index: Int) {
        precondition(index >= 0 && index < count, "combineLatest: no source at index \(index)")
        if filled[index] {
            swap(&pending[index], &value)
            return
        }
        (pending + index).initialize(to: value)
        filled[index] = true
        missing.pointee -= 1
        if missing.pointee == 0 {
            values.pointee = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                buffer.baseAddress!.moveInitialize(from: pending, count: count)
                initialized = count
            }
            pending.deallocate()
            filled.deallocate()
        }
    }

    /// Every value, in index order: the stored array itself, which the next value updates
    /// in place unless the array returned here is still held. Read (by the engine's
    /// `combine`) only once every source has a value.
    @inlinable
    public var combined: [Value] {
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
