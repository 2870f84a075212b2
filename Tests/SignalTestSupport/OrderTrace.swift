import Foundation

/// A list that any thread may append to, read whole: the order tests record what was
/// delivered, disposed or released, in the order it happened.
public final class OrderTrace<Element: Sendable>: @unchecked Sendable {
    // Safety: `entries` is reached only under `lock`.
    private let lock = NSLock()
    private var entries: [Element] = []

    /// An empty trace.
    public init() {}

    /// Appends `element`.
    public func append(_ element: Element) {
        lock.withLock { entries.append(element) }
    }

    /// Everything appended so far, in order.
    public var all: [Element] {
        lock.withLock { entries }
    }

    /// The last element appended, if any.
    public var last: Element? {
        lock.withLock { entries.last }
    }

    /// Forgets everything appended so far.
    public func clear() {
        lock.withLock { entries.removeAll() }
    }
}
