/// An error type with no values: a `Signal<T, NoError>` cannot fail.
public enum NoError {}
