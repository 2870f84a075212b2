/// A subscriber with a name, kept for source compatibility with the original.
///
/// Tracing is disabled in every version of the original, so it behaves exactly like
/// `SSubscriber`; the name is only stored.
public final class STracingSubscriber: SSubscriber, @unchecked Sendable {
    // Safety: `name` is immutable; the rest is `SSubscriber`'s locked state.

    /// The name given at creation.
    public let name: String

    /// Creates a named subscriber with the given callbacks.
    ///
    /// The callbacks stay plain closures, as `SSubscriber.init(next:error:completed:)`'s
    /// do (a subscriber's callbacks, in both faces, are left plain for now).
    public init(name: String, next: ((Any?) -> Void)?, error: ((Any?) -> Void)?, completed: (() -> Void)?) {
        self.name = name
        super.init(next: next, error: error, completed: completed)
    }
}
