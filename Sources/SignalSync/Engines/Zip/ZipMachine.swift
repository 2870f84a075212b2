/// The transitions of typed `zip` and untyped `SSignal.zip` for one subscription: the
/// unpaired values of each source (FIFO), which sources have completed, and the sources'
/// subscriptions (`Handle`).
///
/// A value type with no side effects, driven under `ZipEngine`'s lock; each transition
/// returns what the engine does after unlocking. The rules:
/// - The n-th values of all sources make the n-th row, emitted when the last of them
///   arrives (each value is in exactly one row).
/// - The output completes once a source has completed and has no unpaired value left:
///   at its completion when its buffer is empty, otherwise when a row takes its last one.
/// - The first error ends it; anything after the end is ignored.
/// - Once it has ended (a terminal event or a disposal), every subscription is handed out
///   to be disposed once: those attached so far at the end, a later one as it is attached.
/// - Sources are subscribed only while it runs.
@usableFromInline
package struct ZipMachine<Value, Handle> {
    /// The state of a running subscription.
    @usableFromInline
    package struct Running {
        /// Each source's unpaired values.
        @usableFromInline package var buffers: [FIFO<Value>]
        /// Which sources have completed.
        @usableFromInline package var completed: [Bool]
        /// Each source's subscription, once its start returned.
        @usableFromInline package var handles: [Handle?]

        @inlinable
        init(buffers: [FIFO<Value>], completed: [Bool], handles: [Handle?]) {
            self.buffers = buffers
            self.completed = completed
            self.handles = handles
        }
    }

    /// Every phase.
    @usableFromInline
    package enum State {
        /// Pairing values.
        case running(Running)
        /// Ended by a terminal event or a disposal: nothing is kept.
        case ended
    }

    /// What the engine does with a source's subscription that just started.
    @usableFromInline
    package enum AttachAction {
        /// Keep it (stored).
        case keep
        /// The output ended while the source was being subscribed: dispose it now.
        case dispose(Handle)
    }

    /// What the engine does when the output's subscription is disposed.
    @usableFromInline
    package enum DisposeAction {
        /// Perform the end (no terminal event is sent).
        case end(End)
        /// It had ended already: nothing.
        case none
    }

    /// What the engine does with a value.
    @usableFromInline
    package enum ValueAction {
        /// Kept until its partners arrive.
        case buffered
        /// Emit this row (in source order); when `end` is non-nil, the output then
        /// completes (a completed source has no unpaired value left) and the end's
        /// subscriptions are disposed.
        case emit([Value], end: End?)
        /// The output has ended: drop it.
        case drop
    }

    /// What the engine does with a source's terminal event.
    @usableFromInline
    package enum TerminalAction {
        /// Send the terminal event downstream, then perform the end.
        case end(End)
        /// A completion whose source still has unpaired values: nothing yet.
        case wait
        /// Already ended: ignore it.
        case ignore
    }

    /// What an end leaves to the engine: the subscriptions to dispose (in source order)
    /// and the unpaired values, released outside the lock.
    @usableFromInline
    package struct End {
        @usableFromInline package let dispose: [Handle]
        @usableFromInline package let released: [FIFO<Value>]

        @inlinable
        init(_ running: Running) {
            dispose = running.handles.compactMap { $0 }
            released = running.buffers
        }
    }

    /// The current phase.
    @usableFromInline package private(set) var state: State

    /// A machine for `count` sources (at least one), none subscribed yet.
    @inlinable
    package init(count: Int) {
        precondition(count > 0, "ZipMachine: an empty zip completes before it has a machine")
        state = .running(
            Running(
                buffers: Array(repeating: FIFO(), count: count), completed: Array(repeating: false, count: count),
                handles: Array(repeating: nil, count: count)))
    }

    /// Whether the next source is to be subscribed (the output has not ended).
    @inlinable
    package var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    /// Source `index`'s start returned `handle`.
    @inlinable
    package mutating func attach(_ handle: Handle, at index: Int) -> AttachAction {
        guard case .running(var running) = state else {
            return .dispose(handle)  // legitimate: the output ended while the source was being subscribed
        }
        state = .ended  // so that the arrays are not copied on write
        running.handles[index] = handle
        state = .running(running)
        return .keep
    }

    /// Source `index` emitted `value`.
    @inlinable
    package mutating func receive(_ value: Value, at index: Int) -> ValueAction {
        guard case .running(var running) = state else {
            return .drop  // legitimate: a value racing the end
        }
        state = .ended  // so that the buffers are not copied on write
        // The row is complete when every other source has a value waiting; then this
        // source's buffer is empty (a full set of values would have made a row already),
        // so `value` is its oldest and goes into the row without being buffered.
        guard running.buffers[index].isEmpty, running.buffers.indices.allSatisfy({ $0 == index || !running.buffers[$0].isEmpty })
        else {
            running.buffers[index].append(value)
            state = .running(running)
            return .buffered
        }
        var row: [Value] = []
        row.reserveCapacity(running.buffers.count)
        var exhausted = false
        for source in running.buffers.indices {
            // Every other buffer has a value (the guard above).
            row.append(source == index ? value : running.buffers[source].popFirst()!)
            if running.completed[source] && running.buffers[source].isEmpty {
                exhausted = true  // the rule: a completed source has no unpaired value left
            }
        }
        if exhausted {
            return .emit(row, end: End(running))  // stays `.ended`
        }
        state = .running(running)
        return .emit(row, end: nil)
    }

    /// Source `index` completed.
    @inlinable
    package mutating func sourceCompleted(at index: Int) -> TerminalAction {
        guard case .running(var running) = state else {
            return .ignore  // legitimate: a completion racing the end
        }
        if running.buffers[index].isEmpty {
            state = .ended
            return .end(End(running))
        }
        state = .ended  // so that the arrays are not copied on write
        running.completed[index] = true
        state = .running(running)
        return .wait
    }

    /// A source failed.
    @inlinable
    package mutating func sourceFailed() -> TerminalAction {
        guard case .running(let running) = state else {
            return .ignore  // legitimate: a later error, or one racing a disposal
        }
        state = .ended
        return .end(End(running))
    }

    /// The output's subscription is disposed.
    @inlinable
    package mutating func dispose() -> DisposeAction {
        guard case .running(let running) = state else { return .none }
        state = .ended
        return .end(End(running))
    }
}
