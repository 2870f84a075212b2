// A command-line program that checks the main queue the way a user program meets it:
// `MainQueueProbe dispatchMain` parks the main thread in dispatchMain() (on Linux the
// main queue's work then runs on worker threads); `MainQueueProbe runLoop` runs the
// main run loop instead. It prints one line per check and exits 0 when all hold.
// MainQueueTests runs it.
import Dispatch
import Foundation
import STypedSignal
import SUntypedSignal

nonisolated(unsafe) var failures = 0  // only touched by main-queue work

func check(_ condition: Bool, _ name: String) {
    print("\(condition ? "ok" : "FAILED") \(name)")
    if !condition { failures += 1 }
}

/// Runs on the main queue: every check of the main queue's identity.
func probe(then finish: @escaping @Sendable () -> Void) {
    print("main thread: \(Thread.isMainThread)")
    check(Queue.mainQueue().isCurrent(), "typed isCurrent in main-queue work")
    check(SQueue.mainQueue().isCurrentQueue(), "untyped isCurrentQueue in main-queue work")
    var ranInline = false
    Queue.mainQueue().sync { ranInline = true }
    check(ranInline, "typed sync onto the main queue runs inline")
    var ranInlineUntyped = false
    SQueue.mainQueue().dispatchSync { ranInlineUntyped = true }
    check(ranInlineUntyped, "untyped dispatchSync onto the main queue runs inline")
    check(!Queue(name: "other").isCurrent(), "another queue is not current")

    // deliverOn(mainQueue) from a background queue arrives on the main queue.
    let background = Queue(name: "background")
    let signal = Signal<Int, NoError>.single(1) |> runOn(background) |> deliverOn(Queue.mainQueue())
    let _ = signal.start(next: { _ in
        check(Queue.mainQueue().isCurrent(), "deliverOn(mainQueue) delivers on the main queue")
        // startOnMainActor: callbacks isolated to the main actor, from a background source.
        let _ = (Signal<Int, NoError>.single(2) |> runOn(background)).startOnMainActor(next: { value in
            check(value == 2 && Queue.mainQueue().isCurrent(), "typed startOnMainActor runs on the main actor")
            let _ = SSignal.single(3).startOn(SQueue()).startOnMainActor(next: { value in
                check(value as? Int == 3, "untyped startOnMainActor runs on the main actor")
                finish()
            })
        })
    })
}

let mode = CommandLine.arguments.dropFirst().first ?? "dispatchMain"
// Watchdog: a probe that never gets its main-queue work run fails instead of hanging.
DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
    print("FAILED timed out")
    exit(2)
}
DispatchQueue.global().async {
    DispatchQueue.main.async {
        probe {
            print(failures == 0 ? "all ok" : "\(failures) failed")
            exit(failures == 0 ? 0 : 1)
        }
    }
}
switch mode {
case "runLoop":
    RunLoop.main.run()
default:
    dispatchMain()
}
