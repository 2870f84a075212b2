/// The event grammar every subscription must follow, `next* (error | completed)?`, and no
/// event after the recorder stopped listening: a machine fed with each event a recorder
/// receives.
struct EventGrammar {
    /// Where the subscription is in the grammar.
    enum State: Equatable {
        /// Values may come, then one terminal event.
        case open
        /// The signal ended with this event (`error` or `completed`).
        case ended(String)
        /// The recorder was disposed.
        case disposed
    }

    /// What to do with one event.
    enum ReceiveAction: Equatable {
        /// Record it.
        case record
        /// Record it and report the violation described.
        case violation(String)
    }

    private(set) var state = State.open

    /// An event arrives; `terminal` for an error or a completion, `name` as it is reported.
    mutating func receive(_ name: String, terminal: Bool) -> ReceiveAction {
        switch state {
        case .open:
            if terminal { state = .ended(name) }
            return .record
        case .ended(let end):
            return .violation("\(name) after \(end): the grammar is next* (error | completed)?")
        case .disposed:
            return .violation("\(name) after the recorder was disposed")
        }
    }

    /// The recorder stops listening.
    mutating func dispose() {
        if case .open = state { state = .disposed }
    }
}
