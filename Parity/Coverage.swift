/// The operator tables of the two originals, row by row: SwiftSignalKit's public types and
/// operators (`typed`, rows 1...67) and SSignalKit's methods (`untyped`, rows 1...116),
/// numbered here. Each row is covered by the scenarios of the named `op`s, or excluded
/// with the reason. `ParityTests.testEveryOperatorIsCoveredOrExcluded` checks that both
/// tables are complete, that every covering op has a scenario running that API's
/// operator, and that every op of the catalogue belongs to a row.
enum Coverage {
    /// What the suite does with one row of an original's operator table.
    enum Status {
        /// Shown by the scenarios of these `op` names.
        case covered([String])
        /// Not run by the suite, for this reason (and where it is tested instead).
        case excluded(String)
    }

    /// One row of an original's operator table.
    struct Entry {
        let api: API
        let row: Int
        let name: String
        let status: Status
    }

    /// SwiftSignalKit's operators, rows 1...67.
    static let typed: [Entry] = entries(
        .typed,
        [
            (1, "|>", .excluded("function application, not an operator: every typed pipeline is built with it; SignalTests")),
            (2, "Signal.init(_:)", .excluded(Reason.typedGenerator)),
            (3, "Signal.start(next:error:completed:)", .excluded(Reason.typedStart)),
            (4, "Signal.startStandalone(...)", .excluded("the same as start, for call sites that keep the handle; SignalTests")),
            (5, "Signal.startStrict(...file:line:)", .excluded("start plus a DEBUG leak assertion, nothing a trace shows; SignalTests")),
            (6, "Signal.single(_:)", .excluded(Reason.typedConstructor)),
            (7, "Signal.complete()", .excluded(Reason.typedConstructor)),
            (8, "Signal.fail(_:)", .excluded(Reason.typedConstructor)),
            (9, "Signal.never()", .excluded(Reason.typedConstructor)),
            (10, "Signal.get() async", .excluded("Swift concurrency bridge, not a signal operator; SignalDispatchTests")),
            (11, "single(_:_:)", .excluded(Reason.typedConstructor)),
            (12, "fail(_:_:)", .excluded(Reason.typedConstructor)),
            (13, "complete(_:_:)", .excluded(Reason.typedConstructor)),
            (14, "never(_:_:)", .excluded(Reason.typedConstructor)),
            (15, "map", .covered(["map"])),
            (16, "filter", .covered(["filter"])),
            (17, "flatMap", .excluded("maps Signal<T?, E>: marble values are never optional; SignalMappingTests")),
            (18, "mapError", .covered(["mapError"])),
            (19, "castError", .covered(["restartIfError", "retry", "variable", "pipe"])),
            (20, "distinctUntilChanged (Equatable)", .covered(["distinctUntilChanged"])),
            (21, "distinctUntilChanged(isEqual:)", .covered(["distinctUntilChanged(isEqual:)"])),
            (22, "catch", .covered(["catchError"])),
            (23, "restart", .covered(["restart"])),
            (24, "recurse(_:)", .covered(["recurse"])),
            (25, "retry(_:maxDelay:onQueue:)", .covered(["retry"])),
            (26, "retry(retryOnError:delayIncrement:maxDelay:maxRetries:onQueue:)", .covered(["retry(retryOnError:)"])),
            (27, "restartIfError", .covered(["restartIfError"])),
            (28, "restartOrMapError(condition:)", .covered(["restartOrMapError"])),
            (29, "combineLatest (arities 2...)", .covered(["combineLatest"])),
            (30, "combineLatest(_:_:_:_:) initial values", .covered(["combineLatestWithInitial"])),
            (31, "combineLatest(_: [Signal])", .covered(["combineLatest"])),
            (32, "deliverOn(Queue)", .covered(["deliverOn"])),
            (33, "deliverOnMainQueue", .excluded("the main queue is not on the virtual clock; SignalDispatchTests")),
            (34, "deliverOn(ThreadPool)", .excluded(Reason.threadPool("SignalDispatchTests"))),
            (35, "runOn(Queue)", .covered(["runOn"])),
            (36, "runOn(ThreadPool)", .excluded(Reason.threadPool("SignalDispatchTests"))),
            (37, "switchToLatest", .covered(["switchToLatest"])),
            (38, "queue", .covered(["queue"])),
            (39, "throttled", .covered(["throttled"])),
            (40, "mapToSignal", .covered(["mapToSignal"])),
            (41, "mapToSignalPromotingError", .covered(["mapToSignalPromotingError"])),
            (42, "mapToQueue", .covered(["mapToQueue"])),
            (43, "mapToThrottled", .covered(["mapToThrottled"])),
            (44, "ignoreValues", .covered(["ignoreValues"])),
            (45, "then", .covered(["then"])),
            (46, "deferred", .covered(["deferred"])),
            (47, "debug_measureTimeToFirstEvent(label:)", .excluded("a pass-through that prints wall-clock time; SignalMetaTests")),
            (48, "reduceLeft(value:f:)", .covered(["reduceSum"])),
            (49, "reduceLeft(value:f:) with emit", .covered(["reduceSumEmitting"])),
            (50, "reduceLeft(_:generator:)", .excluded("folds through generated (value, Passthrough) signals; SignalReduceTests")),
            (51, "dematerialize(signal:)", .covered(["materialize"])),
            (52, "materialize(signal:)", .covered(["materialize"])),
            (53, "beforeNext", .covered(["beforeNext"])),
            (54, "afterNext", .covered(["afterNext"])),
            (55, "beforeStarted", .covered(["beforeStarted"])),
            (56, "beforeCompleted", .covered(["beforeCompleted"])),
            (57, "afterCompleted", .covered(["afterCompleted"])),
            (58, "afterDisposed", .covered(["afterDisposed"])),
            (59, "withState", .covered(["withState"])),
            (60, "take(_:)", .covered(["take"])),
            (61, "take(until:)", .covered(["takeUntil"])),
            (62, "takeLast", .covered(["takeLast"])),
            (63, "last(signal:)", .covered(["last"])),
            (64, "delay(_:queue:)", .covered(["delay"])),
            (65, "suspendAwareDelay(_:granularity:queue:)", .excluded("measured against the wall clock, not virtual time; SignalTimingTests")),
            (66, "timeout(_:queue:alternate:)", .covered(["timeout"])),
            (67, "feedbackLoop(once:reduce:)", .excluded("iterations come from a closure, not from marbles; SignalLoopTests")),
        ])

    /// SSignalKit's methods, rows 1...116.
    static let untyped: [Entry] = entries(
        .untyped,
        [
            (1, "-dispose (SDisposable)", .excluded(Reason.disposable("SDisposableTests"))),
            (2, "SBlockDisposable -initWithBlock:", .excluded(Reason.disposable("SBlockDisposableTests"))),
            (3, "SBlockDisposable -dispose", .excluded(Reason.disposable("SBlockDisposableTests"))),
            (4, "SMetaDisposable -setDisposable:", .excluded(Reason.disposable("SMetaDisposableTests"))),
            (5, "SMetaDisposable -dispose", .excluded(Reason.disposable("SMetaDisposableTests"))),
            (6, "SDisposableSet -add:", .excluded(Reason.disposable("SDisposableSetTests"))),
            (7, "SDisposableSet -remove:", .excluded(Reason.disposable("SDisposableSetTests"))),
            (8, "SDisposableSet -dispose", .excluded(Reason.disposable("SDisposableSetTests"))),
            (9, "SSubscriber -initWithNext:error:completed:", .excluded(Reason.subscriber)),
            (10, "SSubscriber -putNext:", .excluded(Reason.subscriber)),
            (11, "SSubscriber -putError:", .excluded(Reason.subscriber)),
            (12, "SSubscriber -putCompletion", .excluded(Reason.subscriber)),
            (13, "SSubscriber -_assignDisposable:", .excluded(Reason.subscriber)),
            (14, "SSubscriber -_markTerminatedWithoutDisposal", .excluded(Reason.subscriber)),
            (15, "STracingSubscriber -initWithName:...", .excluded("a named subscriber that traces nothing; STracingSubscriberTests")),
            (16, "SSignal -initWithGenerator:", .excluded(Reason.untypedGenerator)),
            (17, "-startWithNext:error:completed:", .excluded(Reason.untypedStart)),
            (18, "-startWithNext:", .excluded(Reason.untypedStart)),
            (19, "-startWithNext:completed:", .excluded(Reason.untypedStart)),
            (20, "-startStrictWithNext:error:completed:file:line:", .excluded(Reason.untypedStrict)),
            (21, "-startStrictWithNext:file:line:", .excluded(Reason.untypedStrict)),
            (22, "-startStrictWithNext:completed:file:line:", .excluded(Reason.untypedStrict)),
            (23, "-trace: (legacy)", .excluded("legacy: absent from the newest original and from the port")),
            (24, "SAtomic -initWithValue:", .excluded(Reason.sync("SAtomic", "SAtomicTests"))),
            (25, "SAtomic -initWithValue:recursive:", .excluded(Reason.sync("SAtomic", "SAtomicTests"))),
            (26, "SAtomic -swap:", .excluded(Reason.sync("SAtomic", "SAtomicTests"))),
            (27, "SAtomic -value", .excluded(Reason.sync("SAtomic", "SAtomicTests"))),
            (28, "SAtomic -modify:", .excluded(Reason.sync("SAtomic", "SAtomicTests"))),
            (29, "SAtomic -with:", .excluded(Reason.sync("SAtomic", "SAtomicTests"))),
            (30, "SBag -addItem:", .excluded(Reason.sync("SBag", "SBagTests"))),
            (31, "SBag -enumerateItems:", .excluded(Reason.sync("SBag", "SBagTests"))),
            (32, "SBag -removeItem:", .excluded(Reason.sync("SBag", "SBagTests"))),
            (33, "SBag -isEmpty", .excluded(Reason.sync("SBag", "SBagTests"))),
            (34, "SBag -copyItems", .excluded(Reason.sync("SBag", "SBagTests"))),
            (35, "SQueue +mainQueue", .excluded(Reason.queue)),
            (36, "SQueue +concurrentDefaultQueue", .excluded(Reason.queue)),
            (37, "SQueue +concurrentBackgroundQueue", .excluded(Reason.queue)),
            (38, "SQueue +wrapConcurrentNativeQueue:", .excluded(Reason.queue)),
            (39, "SQueue -init", .excluded(Reason.queue)),
            (40, "SQueue -dispatch:", .excluded(Reason.queue)),
            (41, "SQueue -dispatchSync:", .excluded(Reason.queue)),
            (42, "SQueue -dispatch:synchronous:", .excluded(Reason.queue)),
            (43, "SQueue -_dispatch_queue", .excluded(Reason.queue)),
            (44, "SQueue -isCurrentQueue", .excluded(Reason.queue)),
            (45, "SQueueLocalObject -initWithQueue:generate:", .excluded(Reason.sync("SQueueLocalObject", "SQueueLocalObjectTests"))),
            (46, "SQueueLocalObject -with:", .excluded(Reason.sync("SQueueLocalObject", "SQueueLocalObjectTests"))),
            (47, "STimer -initWithTimeout:repeat:completion:queue:", .excluded(Reason.timer)),
            (48, "STimer -initWithTimeout:repeat:completion:nativeQueue:", .excluded(Reason.timer)),
            (49, "STimer -start", .excluded(Reason.timer)),
            (50, "STimer -invalidate", .excluded(Reason.timer)),
            (51, "STimer -fireAndInvalidate", .excluded(Reason.timer)),
            (52, "SThreadPoolTask -initWithBlock:", .excluded(Reason.threadPool("SThreadPoolTaskTests"))),
            (53, "SThreadPoolTask -execute", .excluded(Reason.threadPool("SThreadPoolTaskTests"))),
            (54, "SThreadPoolTask -cancel", .excluded(Reason.threadPool("SThreadPoolTaskTests"))),
            (55, "SThreadPoolQueue -initWithThreadPool:", .excluded(Reason.threadPool("SThreadPoolQueueTests"))),
            (56, "SThreadPoolQueue -addTask:", .excluded(Reason.threadPool("SThreadPoolQueueTests"))),
            (57, "SThreadPoolQueue -_popFirstTask", .excluded(Reason.threadPool("SThreadPoolQueueTests"))),
            (58, "SThreadPoolQueue -_hasTasks", .excluded(Reason.threadPool("SThreadPoolQueueTests"))),
            (59, "SThreadPool -init", .excluded(Reason.threadPool("SThreadPoolTests"))),
            (60, "SThreadPool -initWithThreadCount:threadPriority:", .excluded(Reason.threadPool("SThreadPoolTests"))),
            (61, "SThreadPool -addTask:", .excluded(Reason.threadPool("SThreadPoolTests"))),
            (62, "SThreadPool -nextQueue", .excluded(Reason.threadPool("SThreadPoolTests"))),
            (63, "SThreadPool -_workOnQueue:block:", .excluded(Reason.threadPool("SThreadPoolTests"))),
            (64, "SVariable -init", .covered(["variable"])),
            (65, "SVariable -set:", .covered(["variable"])),
            (66, "SVariable -signal", .covered(["variable"])),
            (67, "+single:", .excluded(Reason.untypedConstructor)),
            (68, "+fail:", .excluded(Reason.untypedConstructor)),
            (69, "+never", .excluded(Reason.untypedConstructor)),
            (70, "+complete", .excluded(Reason.untypedConstructor)),
            (71, "-map:", .covered(["map"])),
            (72, "-filter:", .covered(["filter"])),
            (73, "-ignoreRepeated", .covered(["distinctUntilChanged"])),
            (74, "-onStart:", .covered(["beforeStarted"])),
            (75, "-onNext:", .covered(["beforeNext"])),
            (76, "-afterNext:", .covered(["afterNext"])),
            (77, "-onError:", .covered(["onError"])),
            (78, "-onCompletion:", .covered(["beforeCompleted"])),
            (79, "-afterCompletion:", .covered(["afterCompleted"])),
            (80, "-onDispose:", .covered(["afterDisposed"])),
            (81, "-reduceLeft:with:", .covered(["reduceSum"])),
            (82, "-reduceLeftWithPassthrough:with:", .covered(["reduceSumEmitting"])),
            (83, "-catch:", .covered(["catchError"])),
            (84, "-restart", .covered(["restart"])),
            (85, "-retryIf:", .covered(["retryIf", "restartIfError"])),
            (86, "+combineSignals:", .covered(["combineLatest"])),
            (87, "+combineSignals:withInitialStates:", .covered(["combineSignals(withInitialStates:)"])),
            (88, "+mergeSignals:", .covered(["mergeSignals"])),
            (89, "-switchToLatest", .covered(["switchToLatest"])),
            (90, "-mapToSignal:", .covered(["mapToSignal"])),
            (91, "-mapToQueue:", .covered(["mapToQueue"])),
            (92, "-mapToThrottled:", .covered(["mapToThrottled"])),
            (93, "-then:", .covered(["then"])),
            (94, "-queue", .covered(["queue"])),
            (95, "-throttled", .covered(["throttled"])),
            (96, "+defer:", .covered(["deferred"])),
            (97, "SSignalQueue -enqueue:", .covered(["signalQueue"])),
            (98, "-multicast", .covered(["multicast"])),
            (99, "SPipe -init / -initWithReplay:", .covered(["pipe"])),
            (100, "SPipe .signalProducer", .covered(["pipe"])),
            (101, "SPipe .sink", .covered(["pipe"])),
            (102, "-take:", .covered(["take"])),
            (103, "-takeLast", .covered(["takeLast"])),
            (104, "-takeUntilReplacement:", .covered(["takeUntilReplacement"])),
            (105, "-delay:onQueue:", .covered(["delay"])),
            (106, "-timeout:onQueue:orSignal:", .covered(["timeout"])),
            (107, "-wait:", .excluded("blocks the subscribing thread on a real semaphore; SSignal+TimingTests")),
            (108, "-deliverOn:", .covered(["deliverOn"])),
            (109, "-deliverOnThreadPool:", .excluded(Reason.threadPool("SSignal+DispatchTests"))),
            (110, "-startOn:", .covered(["runOn"])),
            (111, "-startOnThreadPool:", .excluded(Reason.threadPool("SSignal+DispatchTests"))),
            (112, "-throttleOn:delay:", .covered(["throttleOn"])),
            (113, "-multicastedSignalForKey:producer:", .covered(["multicastKeyed"])),
            (
                114, "-startStandaloneSignalIfNotRunningForKey:producer:",
                .excluded(
                    "fire-and-forget: no subscriber to trace; SMulticastSignalManagerTests")
            ),
            (115, "-multicastedPipeForKey:", .excluded(Reason.keyedPipe)),
            (116, "-putNext:toMulticastedPipeForKey:", .excluded(Reason.keyedPipe)),
        ])

    /// Reasons shared by several rows.
    private enum Reason {
        static let typedGenerator = "every typed marble source is a Signal.init generator; SignalTests"
        static let typedStart = "every typed sink subscribes with start; SignalTests"
        static let typedConstructor = "a constant signal: marbles stand for it ('(1,|)', '|', '#', '-'); SignalTests"
        static let untypedGenerator = "every untyped marble source is an SSignal generator; SSignalTests"
        static let untypedStart = "every untyped sink subscribes with start; SSignalTests"
        static let untypedStrict = "start plus a DEBUG leak assertion, nothing a trace shows; SStrictDisposableTests"
        static let untypedConstructor = "a constant signal: marbles stand for it ('(1,|)', '#', '-', '|'); SSignal+SingleTests"
        static let subscriber = "the subscriber under every operator, not an operator; SSubscriberTests, SubscriptionCoreTests"
        static let queue = "a queue, not a signal operator (operators take the virtual SQueue); SQueueTests"
        static let timer = "a timer, not a signal operator (timing operators run it on virtual time); STimerTests"
        static let keyedPipe = "keyed hot pipe of the manager, not a signal operator; SMulticastSignalManagerTests"

        static func disposable(_ tests: String) -> String {
            "a disposable, not a signal operator; \(tests)"
        }

        static func sync(_ type: String, _ tests: String) -> String {
            "\(type) is a synchronisation helper, not a signal operator; \(tests)"
        }

        static func threadPool(_ tests: String) -> String {
            "runs on real thread-pool threads, not on the virtual clock; \(tests)"
        }
    }

    private static func entries(_ api: API, _ rows: [(Int, String, Status)]) -> [Entry] {
        rows.map { Entry(api: api, row: $0.0, name: $0.1, status: $0.2) }
    }

    /// Both tables.
    static var all: [Entry] { typed + untyped }

    /// The excluded rows, for printing after the coverage table.
    static func renderExclusions() -> String {
        var lines = ["", "Excluded from the parity suite (operator table row: reason)"]
        for entry in all {
            if case .excluded(let reason) = entry.status {
                lines.append("\(entry.api.rawValue) #\(entry.row) \(entry.name): \(reason)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
