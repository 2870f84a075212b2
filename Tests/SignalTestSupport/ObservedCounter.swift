import Foundation
import Observation

/// An `@Observable` model that any thread may change: its setter holds the lock its getter
/// takes across the whole mutation (the change report and the store), so a read that
/// starts after a change was reported sees the stored value. The model the observation
/// tests of every target change from several threads (Observation: macOS 14, iOS 17).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
public final class ObservedCounter: @unchecked Sendable {
    // Safety: `stored` is reached only under `lock`.
    @ObservationIgnored private let lock = NSLock()
    @ObservationIgnored private var stored: Int

    /// A counter holding `value`.
    public init(_ value: Int = 0) {
        stored = value
    }

    /// The observed value.
    public var value: Int {
        get {
            access(keyPath: \.value)
            return lock.withLock { stored }
        }
        set {
            lock.withLock {
                withMutation(keyPath: \.value) { stored = newValue }
            }
        }
    }

    /// Adds one, atomically, and returns the new value.
    @discardableResult
    public func increment() -> Int {
        lock.withLock {
            withMutation(keyPath: \.value) {
                stored += 1
                return stored
            }
        }
    }
}
