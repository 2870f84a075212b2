/// One subscription of a fold: `scan`, `buffer(count:)` and `collect` of both operator
/// modules (`STypedSignalOperators`, `SUntypedSignalOperators`).
///
/// The source's values and its completion go through a `SerialDrainEngine` (the machine is
/// `FoldMachine`): the thread that finds the drain idle handles its event, and every event
/// that arrives meanwhile (from other threads, or re-entrantly from downstream), one at a
/// time, in arrival order. So `step` (and the user closure inside it, such as `scan`'s
/// `f`) never runs twice at once, no value is lost or folded twice, and the outputs reach
/// downstream in the order they were folded, on the thread of one of the pushing sources.
/// No lock is held while `step`, `finish`, `emit` or `complete` runs.
///
/// `completed()` is handled after the values before it: `finish` may emit a last output,
/// then `complete` runs. `failed()` closes the drain at once (waiting values are dropped,
/// the accumulator is never finished) and says whether the error goes downstream (false
/// once the fold has ended). Nothing is handled after the terminal event.
///
/// Inlinable, so that the faces run it specialized for their values.
@usableFromInline
package final class FoldEngine<Value, Accumulator, Output>: @unchecked Sendable {
    // Safety: the drain is thread-safe and immutable; the accumulator lives in its
    // handler, which runs on one thread at a time (`SerialDrainEngine`).
    @usableFromInline let drain: SerialDrainEngine<Value, Never>

    /// A fold from `initial`: `step` folds a value and may emit outputs through the
    /// function it is given; `finish` may emit the last outputs at completion; `emit` and
    /// `complete` are the downstream. (Emitting from inside the step, rather than returning
    /// an output, lets `scan` hand its accumulator downstream without copying it.)
    @inlinable
    package init(
        initial: Accumulator, step: @escaping (inout Accumulator, Value, (Output) -> Void) -> Void,
        finish: @escaping (Accumulator, (Output) -> Void) -> Void, emit: @escaping (Output) -> Void, complete: @escaping () -> Void
    ) {
        let accumulator = FoldAccumulator(initial)
        drain = SerialDrainEngine(
            value: { value in step(&accumulator.value, value, emit) },
            end: { _ in
                // Only the completion reaches the drain: errors close it (`failed()`).
                finish(accumulator.value, emit)
                complete()
            })
    }

    /// The source emitted `value`.
    @inlinable
    package func next(_ value: Value) {
        drain.putNext(value)
    }

    /// The source completed: handled after the values before it.
    @inlinable
    package func completed() {
        drain.put(.completed)
    }

    /// The source failed: closes the fold; true when the error goes downstream.
    @inlinable
    package func failed() -> Bool {
        drain.close()
    }
}

/// The accumulator of one fold over a `SerialDrainEngine` (`FoldEngine`, both faces'
/// `reduceLeft`), read and written only by the drain's handlers.
///
/// A class field rather than a captured `var`: the runtime checks every access to a
/// captured `var` for exclusivity (a `swift_beginAccess` call per value, about 80
/// instructions), and the drain already rules out overlapping accesses.
@usableFromInline
package final class FoldAccumulator<Accumulator> {
    // Safety: only the drain's handlers touch `value`, one event at a time, never twice at
    // once (`SerialDrainEngine`; FoldEngineTests.testConcurrentValuesAreFoldedOneAtATimeAndNoneIsLost),
    // so no two accesses overlap and the dynamic check can go.
    @usableFromInline @exclusivity(unchecked) package var value: Accumulator

    /// An accumulator holding `value`.
    @inlinable
    package init(_ value: Accumulator) {
        self.value = value
    }
}

extension FoldEngine where Output == Accumulator {
    /// `scan`: every accumulated value `f(accumulator, value)`, starting from `initial`.
    @inlinable
    package static func scan(
        _ initial: Accumulator, _ f: @escaping (Accumulator, Value) -> Accumulator, emit: @escaping (Accumulator) -> Void,
        complete: @escaping () -> Void
    ) -> FoldEngine {
        FoldEngine(
            initial: initial,
            step: { accumulator, value, emit in
                accumulator = f(accumulator, value)
                emit(accumulator)
            }, finish: { _, _ in }, emit: emit, complete: complete)
    }
}

extension FoldEngine where Accumulator == [Value], Output == [Value] {
    /// `buffer(count:)`: arrays of `count` values (at least 1); at completion the partial
    /// remainder, if not empty.
    @inlinable
    package static func buffer(count: Int, emit: @escaping ([Value]) -> Void, complete: @escaping () -> Void) -> FoldEngine {
        precondition(count >= 1, "FoldEngine.buffer: a count of at least 1, got \(count)")
        return FoldEngine(
            initial: [],
            step: { batch, value, emit in
                batch.append(value)
                guard batch.count >= count else { return }
                let full = batch
                batch = []
                emit(full)
            },
            finish: { batch, emit in
                if !batch.isEmpty {
                    emit(batch)
                }
            }, emit: emit, complete: complete)
    }

    /// `collect`: every value in one array at completion (empty when there were none).
    @inlinable
    package static func collect(emit: @escaping ([Value]) -> Void, complete: @escaping () -> Void) -> FoldEngine {
        FoldEngine(
            initial: [],
            step: { all, value, _ in all.append(value) }, finish: { all, emit in emit(all) }, emit: emit, complete: complete)
    }
}
