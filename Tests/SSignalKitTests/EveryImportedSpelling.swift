import Dispatch
import SSignalKit

// Every selector of SSignalKit's headers (its method table is transcribed in
// `Parity/Coverage.swift`), spelled as Swift's Clang importer names it. This function is compiled, not run: the test target fails to
// build if a spelling goes missing. `.ci/dropin-package` builds this file too, as Swift 5
// app code with -warnings-as-errors, so it imports nothing but SSignalKit. The same body (with Objective-C parameter types) was
// type-checked against a header declaring those selectors, imported by the Swift 6.3
// compiler with Objective-C interoperability on, so these are the importer's names.
func everyImportedSpelling(
    s: SSignal, q: SQueue, d: SDisposable, p: SThreadPool, t: SThreadPoolTask, tq: SThreadPoolQueue, n: DispatchQueue, str: String, arr: [Any], sub: SSubscriber
) {
    _ = SBlockDisposable(block: nil)
    _ = SBlockDisposable(block: {})
    SMetaDisposable().setDisposable(d)
    SDisposableSet().add(d)
    SDisposableSet().remove(d)
    d.dispose()
    _ = SSubscriber(next: nil, error: nil, completed: nil)
    sub._assign(d)
    sub._markTerminatedWithoutDisposal()
    sub.putNext(nil)
    sub.putError(nil)
    sub.putCompletion()
    _ = STracingSubscriber(name: str, next: nil, error: nil, completed: nil)
    _ = SSignal(generator: { _ in nil })
    let d1 = s.start(next: nil, error: nil, completed: nil)
    d1?.dispose()
    let d2 = s.start(next: { _ in })
    d2?.dispose()
    let d3 = s.start(next: { _ in }, completed: {})
    d3?.dispose()
    let d4 = s.startStrict(next: nil, error: nil, completed: nil, file: #file, line: #line)
    d4?.dispose()
    let d5 = s.startStrict(next: { _ in }, file: #file, line: #line)
    d5?.dispose()
    let d6 = s.startStrict(next: { _ in }, completed: {}, file: #file, line: #line)
    d6?.dispose()
    _ = s.trace(str)
    let a = SAtomic(value: nil)
    _ = SAtomic(value: nil, recursive: true)
    _ = a.swap(nil)
    _ = a.value()
    _ = a.modify { $0 }
    _ = a.with { $0 }
    let b = SBag()
    _ = b.addItem(1)
    b.enumerateItems { _ in }
    b.removeItem(0)
    _ = b.isEmpty()
    _ = b.copyItems()
    _ = SQueue.main()
    _ = SQueue.concurrentDefault()
    _ = SQueue.concurrentBackground()
    _ = SQueue.wrapConcurrentNativeQueue(n)
    _ = SQueue()
    q.dispatch {}
    q.dispatchSync {}
    q.dispatch({}, synchronous: true)
    _ = q._dispatch_queue()
    _ = q.isCurrentQueue()
    let lo = SQueueLocalObject(queue: q, generate: { str })
    lo.with { _ in }
    let tm = STimer(timeout: 1, repeat: false, completion: {}, queue: q)
    _ = STimer(timeout: 1, repeat: false, completion: {}, nativeQueue: n)
    tm.start()
    tm.invalidate()
    tm.fireAndInvalidate()
    _ = SThreadPoolTask(block: { _ in })
    t.execute()
    t.cancel()
    _ = SThreadPoolQueue(threadPool: p)
    tq.add(t)
    _ = tq._popFirstTask()
    _ = tq._hasTasks()
    _ = SThreadPool()
    _ = SThreadPool(threadCount: 2, threadPriority: 0.5)
    p.add(t)
    _ = p.nextQueue()
    p._work(on: tq, block: {})
    let v = SVariable()
    v.set(s)
    _ = v.signal()
    _ = SSignal.single(nil)
    _ = SSignal.fail(nil)
    _ = SSignal.never()
    _ = SSignal.complete()
    _ = s.map { $0 }
    _ = s.filter { _ in true }
    _ = s.ignoreRepeated()
    _ = s.onStart {}
    _ = s.onNext { _ in }
    _ = s.afterNext { _ in }
    _ = s.onError { _ in }
    _ = s.onCompletion {}
    _ = s.afterCompletion {}
    _ = s.onDispose {}
    _ = s.reduceLeft(nil, with: { a, _ in a })
    _ = s.reduceLeft(withPassthrough: nil, with: { a, _, _ in a })
    _ = s.catch { _ in s }
    _ = s.restart()
    _ = s.retryIf { _ in true }
    _ = SSignal.combineSignals(arr)
    _ = SSignal.combineSignals(arr, withInitialStates: nil)
    _ = SSignal.mergeSignals(arr)
    _ = s.switchToLatest()
    _ = s.map(toSignal: { _ in s })
    _ = s.map(toQueue: { _ in s })
    _ = s.map(toThrottled: { _ in s })
    _ = s.then(s)
    _ = s.queue()
    _ = s.throttled()
    _ = SSignal.defer { s }
    _ = SSignalQueue().enqueue(s)
    _ = s.multicast()
    let pipe = SPipe(replay: true)
    _ = SPipe()
    _ = pipe.signalProducer()
    pipe.sink(nil)
    _ = s.take(1)
    _ = s.takeLast()
    _ = s.take(untilReplacement: s)
    _ = s.delay(1, on: q)
    _ = s.timeout(1, on: q, orSignal: s)
    _ = s.wait(1)
    _ = s.deliver(on: q)
    _ = s.deliver(on: p)
    _ = s.start(on: q)
    _ = s.start(on: p)
    _ = s.throttle(on: q, delay: 1)
    let m = SMulticastSignalManager()
    _ = m.multicastedSignal(forKey: str, producer: { s })
    m.startStandaloneSignalIfNotRunning(forKey: str, producer: { s })
    _ = m.multicastedPipe(forKey: str)
    m.putNext(nil, toMulticastedPipeForKey: str)
}
