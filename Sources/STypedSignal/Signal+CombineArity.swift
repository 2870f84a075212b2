import SignalSync

// `combineLatest` of three sources and more with a fixed arity, forwarding to the variadic
// one. Swift 6.3 does not resolve the tuple elements past the second of the variadic
// output type `(T1, T2, repeat each T)` while it type-checks a closure of the same
// expression: `combineLatest(a, b, c, d) |> map { $0.0 + $0.3 }` fails with "value of
// tuple type '(Int, Int, Int, Int)' has no member '3'". With a concrete tuple type it
// type-checks, so these overloads (the originals' arities, 3 through 26) are chosen first;
// the variadic one still serves any larger arity.

/// `combineLatest` of 3 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>
) -> Signal<(T1, T2, T3), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3)
}

/// `combineLatest` of 4 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>
) -> Signal<(T1, T2, T3, T4), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4)
}

/// `combineLatest` of 5 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>
) -> Signal<(T1, T2, T3, T4, T5), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5)
}

/// `combineLatest` of 6 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>
) -> Signal<(T1, T2, T3, T4, T5, T6), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6)
}

/// `combineLatest` of 7 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7)
}

/// `combineLatest` of 8 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8)
}

/// `combineLatest` of 9 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9)
}

/// `combineLatest` of 10 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10)
}

/// `combineLatest` of 11 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11)
}

/// `combineLatest` of 12 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12)
}

/// `combineLatest` of 13 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13)
}

/// `combineLatest` of 14 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14)
}

/// `combineLatest` of 15 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>,
    _ s15: Signal<T15, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15)
}

/// `combineLatest` of 16 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>,
    _ s15: Signal<T15, E>,
    _ s16: Signal<T16, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16)
}

/// `combineLatest` of 17 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>,
    _ s15: Signal<T15, E>,
    _ s16: Signal<T16, E>,
    _ s17: Signal<T17, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17)
}

/// `combineLatest` of 18 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>,
    _ s15: Signal<T15, E>,
    _ s16: Signal<T16, E>,
    _ s17: Signal<T17, E>,
    _ s18: Signal<T18, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18)
}

/// `combineLatest` of 19 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>,
    _ s15: Signal<T15, E>,
    _ s16: Signal<T16, E>,
    _ s17: Signal<T17, E>,
    _ s18: Signal<T18, E>,
    _ s19: Signal<T19, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19)
}

/// `combineLatest` of 20 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>,
    _ s15: Signal<T15, E>,
    _ s16: Signal<T16, E>,
    _ s17: Signal<T17, E>,
    _ s18: Signal<T18, E>,
    _ s19: Signal<T19, E>,
    _ s20: Signal<T20, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19, s20)
}

/// `combineLatest` of 21 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, T21, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>,
    _ s15: Signal<T15, E>,
    _ s16: Signal<T16, E>,
    _ s17: Signal<T17, E>,
    _ s18: Signal<T18, E>,
    _ s19: Signal<T19, E>,
    _ s20: Signal<T20, E>,
    _ s21: Signal<T21, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, T21), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19, s20, s21)
}

/// `combineLatest` of 22 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, T21, T22, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>,
    _ s15: Signal<T15, E>,
    _ s16: Signal<T16, E>,
    _ s17: Signal<T17, E>,
    _ s18: Signal<T18, E>,
    _ s19: Signal<T19, E>,
    _ s20: Signal<T20, E>,
    _ s21: Signal<T21, E>,
    _ s22: Signal<T22, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, T21, T22), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19, s20, s21, s22)
}

/// `combineLatest` of 23 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, T21, T22, T23, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>,
    _ s15: Signal<T15, E>,
    _ s16: Signal<T16, E>,
    _ s17: Signal<T17, E>,
    _ s18: Signal<T18, E>,
    _ s19: Signal<T19, E>,
    _ s20: Signal<T20, E>,
    _ s21: Signal<T21, E>,
    _ s22: Signal<T22, E>,
    _ s23: Signal<T23, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, T21, T22, T23), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19, s20, s21, s22, s23)
}

/// `combineLatest` of 24 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, T21, T22, T23, T24, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>,
    _ s15: Signal<T15, E>,
    _ s16: Signal<T16, E>,
    _ s17: Signal<T17, E>,
    _ s18: Signal<T18, E>,
    _ s19: Signal<T19, E>,
    _ s20: Signal<T20, E>,
    _ s21: Signal<T21, E>,
    _ s22: Signal<T22, E>,
    _ s23: Signal<T23, E>,
    _ s24: Signal<T24, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, T21, T22, T23, T24), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19, s20, s21, s22, s23, s24)
}

/// `combineLatest` of 25 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, T21, T22, T23, T24, T25, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>,
    _ s15: Signal<T15, E>,
    _ s16: Signal<T16, E>,
    _ s17: Signal<T17, E>,
    _ s18: Signal<T18, E>,
    _ s19: Signal<T19, E>,
    _ s20: Signal<T20, E>,
    _ s21: Signal<T21, E>,
    _ s22: Signal<T22, E>,
    _ s23: Signal<T23, E>,
    _ s24: Signal<T24, E>,
    _ s25: Signal<T25, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, T21, T22, T23, T24, T25), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19, s20, s21, s22, s23, s24, s25)
}

/// `combineLatest` of 26 sources: the variadic `combineLatest(queue:_:_:_:)` with its
/// output tuple spelled out, so that `$0.N` reaches every element (see the file's head).
public func combineLatest<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, T21, T22, T23, T24, T25, T26, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ s3: Signal<T3, E>,
    _ s4: Signal<T4, E>,
    _ s5: Signal<T5, E>,
    _ s6: Signal<T6, E>,
    _ s7: Signal<T7, E>,
    _ s8: Signal<T8, E>,
    _ s9: Signal<T9, E>,
    _ s10: Signal<T10, E>,
    _ s11: Signal<T11, E>,
    _ s12: Signal<T12, E>,
    _ s13: Signal<T13, E>,
    _ s14: Signal<T14, E>,
    _ s15: Signal<T15, E>,
    _ s16: Signal<T16, E>,
    _ s17: Signal<T17, E>,
    _ s18: Signal<T18, E>,
    _ s19: Signal<T19, E>,
    _ s20: Signal<T20, E>,
    _ s21: Signal<T21, E>,
    _ s22: Signal<T22, E>,
    _ s23: Signal<T23, E>,
    _ s24: Signal<T24, E>,
    _ s25: Signal<T25, E>,
    _ s26: Signal<T26, E>
) -> Signal<(T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20, T21, T22, T23, T24, T25, T26), E> {
    variadicCombineLatest(queue: queue, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19, s20, s21, s22, s23, s24, s25, s26)
}

/// The variadic `combineLatest`, reached by name from inside the fixed-arity overloads
/// (which would otherwise call themselves).
private func variadicCombineLatest<T1, T2, each T, E>(
    queue: Queue?,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ rest: repeat Signal<each T, E>
) -> Signal<(T1, T2, repeat each T), E> {
    combineLatest(queue: queue, s1, s2, repeat each rest)
}
