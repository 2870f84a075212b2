/// A value type with no values: "nothing meaningful is emitted".
public enum NoValue {}
