extension SMulticastSignalManager {
    /// True while a standalone run for `key` is going (test hook).
    package func isStandaloneRunning(forKey key: String) -> Bool {
        tables.withLock { $0.standaloneRuns[key] != nil }
    }

    /// True while a shared signal for `key` is cached (test hook).
    package func hasSharedSignal(forKey key: String) -> Bool {
        tables.withLock { $0.sharedSignals[key] != nil }
    }
}
