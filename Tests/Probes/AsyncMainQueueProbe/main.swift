// A command-line program with an async main (top-level await) that checks the main
// queue from main-actor code, the way a Swift 6 program meets it. It prints one line
// per check and exits 0 when all hold. MainQueueTests runs it.
import Dispatch
import Foundation
import STypedSignal
import SUntypedSignal

@MainActor
func check(_ condition: Bool, _ name: String) -> Int {
    print("\(condition ? "ok" : "FAILED") \(name)")
    return condition ? 0 : 1
}

DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
    print("FAILED timed out")
    exit(2)
}

/// Every check, from main-actor code; returns the exit code. (A function, so that what it
/// allocates is released before `exit`: LeakSanitizer reports top-level temporaries that
/// an async main still holds when the program exits.)
@MainActor
func runChecks() async -> Int32 {
    // Let the main actor suspend once, so that this code resumes as a main-queue job.
    try? await Task.sleep(nanoseconds: 1_000_000)
    var failures = 0
    print("main thread: \(Thread.isMainThread)")
    failures += check(Queue.mainQueue().isCurrent(), "typed isCurrent on the main actor")
    failures += check(SQueue.mainQueue().isCurrentQueue(), "untyped isCurrentQueue on the main actor")
    nonisolated(unsafe) var ranInline = false
    Queue.mainQueue().sync { ranInline = true }
    failures += check(ranInline, "typed sync onto the main queue runs inline")

    // Awaiting a value delivered on the main queue.
    let value = try? await (Signal<Int, NoError>.single(3) |> runOn(Queue(name: "bg")) |> deliverOn(Queue.mainQueue()))
        .firstValue()
    failures += check(value == 3, "deliverOn(mainQueue) value awaited from async main")
    // startOnMainActor from a background source, awaited through a continuation.
    let fromMainActor: Int = await withCheckedContinuation { continuation in
        let _ = (Signal<Int, NoError>.single(4) |> runOn(Queue(name: "bg2"))).startOnMainActor(next: { value in
            continuation.resume(returning: value)
        })
    }
    failures += check(fromMainActor == 4, "typed startOnMainActor under async main")
    print(failures == 0 ? "all ok" : "\(failures) failed")
    return failures == 0 ? 0 : 1
}

exit(await runChecks())
