// The checked way: `startOnMainActor` runs the callbacks on the main actor, wherever the
// signal delivers. Built with no diagnostic in Swift 6 mode; run by .ci/isolation-package,
// it prints where each callback ran and exits 1 if one ran off the main queue. (Under an
// async `main` on Linux, libdispatch drains the main queue on a worker thread: the main
// queue and the main actor, not `Thread.isMainThread`, are what the callbacks are promised.)
import Foundation
import STypedSignal
import SUntypedSignal

/// Set on the main queue only: read inside a callback, it tells that the main queue runs it.
let mainQueueKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)

/// True when the calling code runs on the main queue.
func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == true
}

@MainActor final class Label {
    var text = ""
    var onMainQueue: [Bool] = []
    var handles: [Disposable] = []
    var untypedHandle: SDisposable?

    func bind(_ signal: Signal<Int, NoError>, done: @escaping @MainActor () -> Void) {
        handles.append(
            signal.startOnMainActor(
                next: { value in
                    self.onMainQueue.append(isOnMainQueue())
                    self.text = "\(value)"
                },
                completed: done))
    }

    func bindUntyped(_ signal: SSignal, done: @escaping @MainActor () -> Void) {
        untypedHandle = signal.startOnMainActor(
            next: { value in
                self.onMainQueue.append(isOnMainQueue())
                self.text = "\(value as! Int)"
            },
            completed: done)
    }
}

let label = Label()
let typed = Signal<Int, NoError>.single(1) |> runOn(Queue.concurrentDefaultQueue())
let untyped = SSignal.single(2).startOn(SQueue.concurrentDefaultQueue())
await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
    label.bind(typed) {
        label.bindUntyped(untyped) { finished.resume() }
    }
}
print("callbacks on the main queue: \(label.onMainQueue); last text: \(label.text)")
exit(label.onMainQueue == [true, true] && label.text == "2" ? 0 : 1)
