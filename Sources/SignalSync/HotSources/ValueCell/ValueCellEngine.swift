/// The engine under `Promise`, `ValuePromise` and `SVariable`: a cell holding the latest
/// value, replaying it to every new subscriber, optionally fed by a source subscription.
///
/// The subscribers and the value are a replaying `PipeHubEngine` with immediate
/// re-entrancy (a `set` from inside a subscriber reaches every subscriber before the outer
/// delivery goes on, as in the originals), so a cell has the hub's delivery order: a new
/// subscriber gets the current value first, then the newest value set meanwhile (the
/// values set during its replay are coalesced), then every later one; joining `hub`
/// returns in bounded time whatever the rate of sets, and a subscriber never ends on a
/// value older than the last one set when the sets follow one another.
///
/// The source (`replaceSource`) is one slot: the new source is started before the
/// previous one is disposed; `disposeSource` closes the slot (a source started later is
/// disposed at once).
@usableFromInline package final class ValueCellEngine<Value>: @unchecked Sendable {
    // Safety: `hub` and `source` lock.
    @usableFromInline package let hub: PipeHubEngine<Value>
    @usableFromInline let source = ClosableSlot()

    /// A cell holding `initial` (empty when nil). Inlinable, so that its hub is made
    /// specialized for `Value` where the cell's owner is (`PipeHubEngine.removeSpecialized`).
    @inlinable package init(_ initial: Value?) {
        hub = PipeHubEngine(initial.map { .holding($0) } ?? .empty, reentrancy: .immediate)
    }

    /// Makes `value` current and delivers it to every subscriber, on the calling thread;
    /// the previous value is released before any subscriber is called.
    @inlinable package func set(_ value: Value) {
        hub.push(value)
    }

    /// `set(value)` unless `isEqual(current, value)`; the comparison runs outside the
    /// lock (against the value current when it started: if another value was set
    /// meanwhile, it compares again). A dropped `value` is released by the caller; the
    /// current one stays.
    @usableFromInline package func set(_ value: Value, unlessEqual isEqual: (Value, Value) -> Bool) {
        while true {
            let reading = hub.state.withLock { $0.reading }
            if let current = reading.value, isEqual(current, value) {
                return
            }
            if case .push(let action) = hub.state.withLock({ $0.push(value, ifSequence: reading.sequence) }) {
                hub.deliver(value, action)
                return
            }
        }
    }

    /// Stops replaying the current value (subscribers are not told); it is released
    /// before this returns.
    @inlinable package func clear() {
        let cleared = hub.state.withLock { $0.clear() }
        withExtendedLifetime(cleared) {}
    }

    /// Clears the value, then runs `start` (which subscribes to the new source, feeding
    /// `set`) and disposes the previous source after it.
    @inlinable package func replaceSource(_ start: () -> any UpstreamDisposable) {
        clear()
        let started = start()
        source.replace(with: started)?.dispose()
    }

    /// `replaceSource` with a source that sets `value` and ends during its start (a
    /// `single`), without subscribing to one: sets `value`, then disposes the previous
    /// source; the slot is left empty, as a completed source leaves nothing to dispose.
    ///
    /// The clear is folded into the set: no code runs between them, and the set releases
    /// the value it replaces before any subscriber is called, where the clear would have
    /// released it; a subscriber joining on another thread meanwhile gets what it would
    /// have got by joining just before.
    @inlinable package func replaceSource(withValue value: Value) {
        set(value)
        source.replace(with: nil)?.dispose()
    }

    /// Disposes the current source; a source started later is disposed at once.
    @usableFromInline package func disposeSource() {
        source.close()?.dispose()
    }

    /// The values waiting for subscribers that are receiving their replay (at most one
    /// per subscriber), for the tests.
    package var pendingCount: Int {
        hub.pendingCount
    }
}
