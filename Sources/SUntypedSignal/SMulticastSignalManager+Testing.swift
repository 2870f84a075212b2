extension SMulticastSignalManager {
    /// True while a standalone run for `key` is going (test hook).
    package func isStandaloneRunning(forKey key: String) -> Bool {
        mutex.withLock { standaloneRuns[key] != nil }
    }

    /// True while a shared signal for `key` is cached (test hook).
    package func hasSharedSignal(forKey key: String) -> Bool {
        mutex.withLock { sharedSignals[key] != nil }
    }
}
