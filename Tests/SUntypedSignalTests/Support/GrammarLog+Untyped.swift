import SignalTestSupport

extension GrammarLog {
    /// Records an untyped value (an `Int` in these tests; anything else counts as -1).
    func nextAny(_ value: Any?) {
        next(value as? Int ?? -1)
    }
}
