extension PipeHubMachine {
    /// The value a replaying hub replays: inline as it was pushed, or, once an `add` has
    /// replayed it, moved into a box that every later add replaying it shares, when copying
    /// a `Value` costs more than copying its bits (`sharesReplay`).
    ///
    /// An `add` then retains the box where it copied the value and destroyed the copy after
    /// delivering it: for the untyped API's `Any?`, a copy and a destroy go through the
    /// value's run-time witnesses at every subscription to an `SVariable` (measured: see
    /// Benchmarks/PERFORMANCE.md, on sharing a value instead of copying it per reader).
    /// The box is made once per replayed value (a push puts its value inline again), so a
    /// cell that is set and never subscribed to meanwhile allocates nothing per set.
    ///
    /// At most one of `inline` and `box` is set. Whatever is held is released outside the
    /// lock: a push, `clear` and `close` take it out and hand it to the storage.
    @usableFromInline package struct Held {
        /// The value as pushed; nil once moved into `box`, or when nothing is held.
        @usableFromInline var inline: Value?
        /// The value shared by the adds that replayed it; nil until the first of them.
        @usableFromInline var box: PendingValue?

        /// Holds `value` inline.
        @inlinable init(_ value: Value?) {
            inline = value
        }

        /// True when replays share a box rather than copy the value: for every `Value`
        /// that is more than plain bits (decided when the hub is specialized).
        @inlinable package static var sharesReplay: Bool {
            !_isPOD(Value.self)
        }

        /// The value held, wherever it is (a copy); nil when nothing is held.
        @inlinable package var value: Value? {
            if let box { return box.value }
            return inline
        }

        /// True when nothing is held.
        @inlinable package var isEmpty: Bool {
            inline == nil && box == nil
        }

        /// The box of the value held, made by the first call (the value moves in, uncopied);
        /// nil when nothing is held.
        @inlinable package mutating func shared() -> PendingValue? {
            if let box { return box }
            guard let value = inline.take() else { return nil }
            let made = PendingValue(value)
            box = made
            return made
        }

        /// Takes out what is held, leaving nothing.
        @inlinable package mutating func take() -> Held {
            var taken = Held(nil)
            swap(&taken, &self)
            return taken
        }
    }
}
