import SUntypedSignal

// The names Swift's Clang importer gives SSignalKit's thread-pool selectors, where they
// differ from SUntypedSignal's spelling; each forwards to the declaration its comment names.

extension SThreadPoolTask {
    /// `initWithBlock:` as Swift imports it: forwards to ``SThreadPoolTask/init(_:)``.
    ///
    /// Disfavored, so that `SThreadPoolTask { isCancelled in ... }` (a trailing closure,
    /// which could fill either initializer) keeps meaning `init(_:)`; the two are the same.
    @_disfavoredOverload
    public convenience init(block: @escaping @Sendable (_ isCancelled: @escaping () -> Bool) -> Void) {
        self.init(block)
    }
}

extension SThreadPoolQueue {
    /// `-addTask:` as Swift imports it ("Task" pruned, matching the parameter's type):
    /// forwards to ``SThreadPoolQueue/addTask(_:)``.
    public func add(_ task: SThreadPoolTask) {
        addTask(task)
    }

    /// `-_popFirstTask` as Swift imports it (a method of the original's header, for the
    /// pool's threads): forwards to ``SThreadPoolQueue/popFirstTask()``.
    @discardableResult
    public func _popFirstTask() -> SThreadPoolTask? {
        popFirstTask()
    }

    /// `-_hasTasks` as Swift imports it (a method of the original's header, for the pool's
    /// threads): forwards to ``SThreadPoolQueue/hasTasks``.
    public func _hasTasks() -> Bool {
        hasTasks
    }
}

extension SThreadPool {
    /// `-addTask:` as Swift imports it ("Task" pruned, matching the parameter's type):
    /// forwards to ``SThreadPool/addTask(_:)``.
    public func add(_ task: SThreadPoolTask) {
        addTask(task)
    }

    /// `-_workOnQueue:block:` as Swift imports it (a method of the original's header, for
    /// `SThreadPoolQueue`): forwards to ``SThreadPool/workOnQueue(_:_:)``.
    public func _work(on queue: SThreadPoolQueue, block: () -> Void) {
        workOnQueue(queue, block)
    }
}
