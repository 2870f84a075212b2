/// The transitions of a fold (`scan`, `buffer(count:)`, `collect` of both operator
/// modules): those of the serial drain it runs on.
///
/// A fold keeps an accumulator that only the drainer touches, one event at a time, so
/// its phases are the drain's (`SerialDrainMachine.State`: idle, draining, closing,
/// closed); the accumulator itself lives in the engine, outside any lock.
@usableFromInline
package typealias FoldMachine<Value> = SerialDrainMachine<Value, Never>
