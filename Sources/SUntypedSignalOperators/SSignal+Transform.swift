import SignalSync

// Transforming operators beyond SSignalKit: `scan`, `startWith`, `compactMap`,
// `replaceError(with:)`, `skip`, `take(while:)`, `buffer(count:)`, `collect()`,
// `throttle`. The stateful ones run on SignalSync's engines (`FoldEngine`,
// `ThrottleEngine`), shared with the typed functions of the same names.
extension SSignal {
    /// Emits every accumulated value: `accumulator = f(accumulator, value)` for each
    /// value, starting from `initial` (afresh for each subscription). Beyond SSignalKit,
    /// whose `reduceLeft` emits only at the end.
    ///
    /// Completion and errors pass as they come (no value is added at completion; a nil
    /// accumulator is emitted as nil). Values pushed from several threads at once are
    /// folded one at a time, never concurrently, never lost, and each accumulation goes
    /// downstream in the order it was folded (over the serial drain of `reduceLeft`); `f`
    /// runs on the thread of one of the pushing sources, never under a lock. A value pushed
    /// back re-entrantly from downstream is folded after the current one. An error drops
    /// the values still waiting to be folded and is forwarded at once. Disposal disposes
    /// upstream.
    ///
    /// ```swift
    /// let totals = numbers.scan(0) { ($0 as! Int) + ($1 as! Int) }   // 1, 2, 3 → 1, 3, 6
    /// ```
    @preconcurrency public func scan(_ initial: Any?, _ f: @escaping @Sendable (Any?, Any?) -> Any?) -> SSignal {
        // Safety: the seed is only read, by each subscription (a signal hands values of any
        // type to the thread that starts it).
        nonisolated(unsafe) let initial = initial
        return SSignal { subscriber in
            let fold = FoldEngine<Any?, Any?, Any?>.scan(
                initial, f, emit: { subscriber.putNext($0) }, complete: { subscriber.putCompletion() })
            return self.start(
                next: fold.next,
                error: { error in
                    if fold.failed() {
                        subscriber.putError(error)
                    }
                }, completed: fold.completed)
        }
    }

    /// Emits `values` first, then this signal's events. Beyond SSignalKit.
    ///
    /// At each subscription the values are sent synchronously, in order, then this signal
    /// is subscribed. When the subscription ends while the values are being sent
    /// (downstream disposes or completes from inside a value, as `take(1)` does), the
    /// remaining values are not sent and this signal is never subscribed: "ended" counts a
    /// subscription further down whose generator is still running, as the synchronous
    /// loops ask it (`GenerationScope`). Errors and completion are this signal's.
    ///
    /// ```swift
    /// let withPlaceholder = results.startWith("loading")   // "loading", then the results
    /// ```
    @preconcurrency public func startWith(_ values: Any?...) -> SSignal {
        // Safety: the values are only read, by each subscription.
        nonisolated(unsafe) let values = values
        return SSignal { subscriber in
            // Ended: this subscription, or one further down whose generator still runs.
            let ended = { subscriber.isTerminated || GenerationScope.enclosingHasEnded }
            for value in values {
                guard !ended() else { return nil }
                subscriber.putNext(value)
            }
            guard !ended() else { return nil }
            return self.start(
                next: { subscriber.putNext($0) }, error: { subscriber.putError($0) }, completed: { subscriber.putCompletion() })
        }
    }

    /// Emits `f(value)` for each value where it is not nil; drops the values where it is
    /// (a nil optional boxed in `Any` counts as nil). Beyond SSignalKit, the name Combine
    /// users know.
    ///
    /// Completion and errors pass. `f` runs on the delivering thread, for each value.
    ///
    /// ```swift
    /// let numbers = texts.compactMap { Int($0 as! String) }   // "1", "x", "3" → 1, 3
    /// ```
    @preconcurrency public func compactMap(_ f: @escaping @Sendable (Any?) -> Any?) -> SSignal {
        SSignal { subscriber in
            self.start(
                next: { value in
                    let result = f(value)
                    if !isNilValue(result) {
                        subscriber.putNext(result)
                    }
                }, error: { subscriber.putError($0) }, completed: { subscriber.putCompletion() })
        }
    }

    /// Replaces an error with `value`: on error, emits `value`, then completes. Beyond
    /// SSignalKit.
    ///
    /// Values and completion pass.
    ///
    /// ```swift
    /// let safe = request.replaceError(with: "offline")
    /// ```
    @preconcurrency public func replaceError(with value: Any?) -> SSignal {
        // Safety: the replacement is only read, by each subscription.
        nonisolated(unsafe) let value = value
        return SSignal { subscriber in
            self.start(
                next: { subscriber.putNext($0) },
                error: { _ in
                    subscriber.putNext(value)
                    subscriber.putCompletion()
                }, completed: { subscriber.putCompletion() })
        }
    }

    /// Drops the first `count` values, then passes every value. Beyond SSignalKit.
    ///
    /// A `count` of zero or less skips nothing. Completion and errors pass. Under
    /// concurrent values exactly `count` are dropped (one atomic count).
    ///
    /// ```swift
    /// let afterTheFirstTwo = numbers.skip(2)   // 1, 2, 3, 4 → 3, 4
    /// ```
    public func skip(_ count: Int) -> SSignal {
        guard count > 0 else { return self }
        return SSignal { subscriber in
            let seen = Atomic(value: 0)
            return self.start(
                next: { value in
                    guard seen.modify({ $0 == Int.max ? $0 : $0 + 1 }) > count else { return }
                    subscriber.putNext(value)
                }, error: { subscriber.putError($0) }, completed: { subscriber.putCompletion() })
        }
    }

    /// Drops values while `predicate` holds; from the first value for which it fails,
    /// passes every value (`predicate` is no longer asked). Beyond SSignalKit.
    ///
    /// Completion and errors pass. Values that arrive on other threads while the first
    /// failing answer is being given may still be asked about.
    ///
    /// ```swift
    /// let fromFirstPositive = numbers.skip(while: { ($0 as! Int) <= 0 })   // -1, 2, -3 → 2, -3
    /// ```
    @preconcurrency public func skip(while predicate: @escaping @Sendable (Any?) -> Bool) -> SSignal {
        SSignal { subscriber in
            let passing = Atomic(value: false)
            return self.start(
                next: { value in
                    if !passing.with({ $0 }) {
                        guard !predicate(value) else { return }
                        _ = passing.swap(true)
                    }
                    subscriber.putNext(value)
                }, error: { subscriber.putError($0) }, completed: { subscriber.putCompletion() })
        }
    }

    /// Passes values while `predicate` holds; at the first value for which it fails,
    /// completes without forwarding that value (which disposes this signal's
    /// subscription). Beyond SSignalKit.
    ///
    /// This signal's completion and errors before that pass. `predicate` is not asked
    /// again after it failed.
    ///
    /// ```swift
    /// let belowTen = numbers.take(while: { ($0 as! Int) < 10 })   // 1, 5, 12, 3 → 1, 5, completed
    /// ```
    @preconcurrency public func take(while predicate: @escaping @Sendable (Any?) -> Bool) -> SSignal {
        SSignal { subscriber in
            let done = Atomic(value: false)
            return self.start(
                next: { value in
                    guard !done.with({ $0 }) else { return }
                    guard predicate(value) else {
                        if !done.swap(true) {
                            subscriber.putCompletion()
                        }
                        return
                    }
                    subscriber.putNext(value)
                }, error: { subscriber.putError($0) }, completed: { subscriber.putCompletion() })
        }
    }

    /// Emits the values in arrays (`[Any?]`) of `count`; at completion, the partial
    /// remainder (if not empty), then the completion. Beyond SSignalKit.
    ///
    /// An error drops the partial array and is forwarded. Values pushed from several
    /// threads at once are batched one at a time (each value in exactly one array, the
    /// arrays emitted in the order they fill), over the same serial drain as `scan`. A
    /// `count` below 1 is a programming error: it stops the program when the operator is
    /// built (in every build).
    ///
    /// ```swift
    /// let pairs = numbers.buffer(count: 2)   // 1, 2, 3 → [1, 2], [3]
    /// ```
    public func buffer(count: Int) -> SSignal {
        if count < 1 {
            // `fatalError`, not `precondition`: an optimized build prints its message too.
            fatalError("SSignal.buffer(count: \(count)): the count must be at least 1")
        }
        return SSignal { subscriber in
            let fold = FoldEngine<Any?, [Any?], [Any?]>.buffer(
                count: count, emit: { subscriber.putNext($0) }, complete: { subscriber.putCompletion() })
            return self.start(
                next: fold.next,
                error: { error in
                    if fold.failed() {
                        subscriber.putError(error)
                    }
                }, completed: fold.completed)
        }
    }

    /// Emits every value in one array (`[Any?]`) when this signal completes (an empty
    /// array when there were none), then completes. Beyond SSignalKit.
    ///
    /// An error drops the values and is forwarded. Values pushed from several threads at
    /// once are each collected once, over the same serial drain as `scan`.
    ///
    /// ```swift
    /// let all = numbers.collect()   // 1, 2, 3, completed → [1, 2, 3], completed
    /// ```
    public func collect() -> SSignal {
        SSignal { subscriber in
            let fold = FoldEngine<Any?, [Any?], [Any?]>.collect(
                emit: { subscriber.putNext($0) }, complete: { subscriber.putCompletion() })
            return self.start(
                next: fold.next,
                error: { error in
                    if fold.failed() {
                        subscriber.putError(error)
                    }
                }, completed: fold.completed)
        }
    }

    /// Throttles on `queue`: emits a value at once, then at most one value per `interval`
    /// seconds. Beyond SSignalKit (whose `throttleOn` is a debounce).
    ///
    /// Events are handled on `queue` (through `deliverOn(queue)`), and go downstream
    /// there. A value that arrives when no interval is open is emitted at once and opens
    /// an interval of `interval` seconds on the queue's timer. Values that arrive inside
    /// the interval are held: when it ends, the held one is emitted (the last of them when
    /// `latest`, the first when not) and opens a new interval; when none arrived, the next
    /// value is emitted at once; a value that arrives as an interval ends goes out then,
    /// whether the interval's end or the value is handled first. Completion emits the held
    /// value at once (if any), then completes. An error drops the held value and is
    /// forwarded at once. Disposal stops the timer. A negative or NaN `interval` counts as
    /// zero. The state is the shared engine `ThrottleEngine` (SignalSync), the one under the
    /// typed `throttle` too.
    ///
    /// ```swift
    /// // source: a (0 s), b (0.3 s), c (0.6 s), d (2 s)
    /// source.throttle(1.0, latest: true, on: queue)    // a at 0 s, c at 1 s, d at 2 s
    /// source.throttle(1.0, latest: false, on: queue)   // a at 0 s, b at 1 s, d at 2 s
    /// ```
    public func throttle(_ interval: Double, latest: Bool, on queue: SQueue) -> SSignal {
        SSignal { subscriber in
            let throttle = ThrottleEngine<Any?, Any?>(
                interval: interval, latest: latest, queue: queue.executionQueue, emit: { subscriber.putNext($0) },
                fail: { subscriber.putError($0) }, complete: { subscriber.putCompletion() })
            throttle.attach(self.deliverOn(queue).start(next: throttle.next, error: throttle.failed, completed: throttle.completed))
            return throttle
        }
    }
}
