/// An error type with no values: a `Signal<T, NoError>` cannot fail.
///
/// Uninhabited, so it is `Equatable`, `Hashable` and `Sendable` for free: a recorded
/// `Signal<T, NoError>` (or a bridged `Signal<T, BridgeError<NoError>>`) compares with a
/// marble.
public enum NoError: Equatable, Hashable, Sendable {}
