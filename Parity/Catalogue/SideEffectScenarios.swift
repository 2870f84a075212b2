/// beforeNext / onNext, afterNext, beforeStarted / onStart, beforeCompleted /
/// onCompletion, afterCompleted / afterCompletion, afterDisposed / onDispose, untyped
/// onError, typed withState.
enum SideEffectScenarios {
    static let all: [Scenario] = [
        Scenario(
            "beforeNext", "hook before each value", sources: ["-1-2|"], .beforeNext,
            expect: [
                "0 a.subscribe", "1 hook next 1", "1 next 1", "3 hook next 2", "3 next 2", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "beforeNext", "not called for error", sources: ["-#"], .beforeNext,
            expect: [
                "0 a.subscribe", "1 error E", "1 a.dispose",
            ]),
        Scenario(
            "beforeNext", "not called after disposal", sources: ["-1-2|"], .beforeNext, disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 hook next 1", "1 next 1", "2 a.dispose",
            ]),
        Scenario(
            "afterNext", "hook after each value", sources: ["-1|"], .afterNext,
            expect: [
                "0 a.subscribe", "1 next 1", "1 hook after 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "afterNext", "runs even when the value ended downstream", sources: ["-1-2|"], .chain([.afterNext, .take(1)]),
            expect: [
                "0 a.subscribe", "1 next 1", "1 completed", "1 a.dispose", "1 hook after 1",
            ]),
        Scenario(
            "beforeStarted", "hook before subscribing upstream", sources: ["-1|"], .beforeStarted,
            expect: [
                "0 hook start", "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "beforeStarted", "hook even when disposed at once", sources: ["-1|"], .beforeStarted, disposeAt: 0,
            expect: [
                "0 hook start", "0 a.subscribe", "0 a.dispose",
            ]),
        Scenario(
            "beforeCompleted", "hook before completion", sources: ["-1|"], .beforeCompleted,
            expect: [
                "0 a.subscribe", "1 next 1", "2 hook completing", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "beforeCompleted", "not on error", sources: ["-#"], .beforeCompleted,
            expect: [
                "0 a.subscribe", "1 error E", "1 a.dispose",
            ]),
        Scenario(
            "afterCompleted", "asynchronous upstream: after upstream disposal", sources: ["-1|"], .afterCompleted,
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose", "2 hook completed",
            ]),
        Scenario(
            "afterCompleted", "synchronous upstream: before upstream disposal", sources: ["(1,|)"], .afterCompleted,
            expect: [
                "0 a.subscribe", "0 next 1", "0 completed", "0 hook completed", "0 a.dispose",
            ]),
        Scenario(
            "afterCompleted", "not on error", sources: ["-#"], .afterCompleted,
            expect: [
                "0 a.subscribe", "1 error E", "1 a.dispose",
            ]),
        Scenario(
            "afterDisposed", "after completion", sources: ["-1|"], .afterDisposed,
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose", "2 hook disposed",
            ]),
        Scenario(
            "afterDisposed", "after error", sources: ["-#"], .afterDisposed,
            expect: [
                "0 a.subscribe", "1 error E", "1 a.dispose", "1 hook disposed",
            ]),
        Scenario(
            "afterDisposed", "on explicit disposal, after upstream", sources: ["-1-2|"], .afterDisposed, disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose", "2 hook disposed",
            ]),
        Scenario(
            "afterDisposed", "synchronous source: after the generator returns", sources: ["(1,|)"], .afterDisposed,
            expect: [
                "0 a.subscribe", "0 next 1", "0 completed", "0 a.dispose", "0 hook disposed",
            ]),
        Scenario(
            "onError", "hook before the error", sources: ["-1#x"], .onError, only: [.untyped],
            expect: [
                "0 a.subscribe", "1 next 1", "2 hook error x", "2 error x", "2 a.dispose",
            ]),
        Scenario(
            "onError", "not on completion", sources: ["-|"], .onError, only: [.untyped],
            expect: [
                "0 a.subscribe", "1 completed", "1 a.dispose",
            ]),
        Scenario(
            "onError", "synchronous error", sources: ["(1,#x)"], .onError,
            expect: [
                "0 a.subscribe", "0 next 1", "0 hook error x", "0 error x", "0 a.dispose",
            ]),
        Scenario(
            "onError", "not after disposal", sources: ["-1-#"], .onError, disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose",
            ]),
        Scenario(
            "onError", "once per failed attempt of retryIf", sources: ["-#x", "-#y"],
            .chain([.sequential, .onError, .retryIf("x")]),
            expect: [
                "0 a.subscribe", "1 hook error x", "1 b.subscribe", "1 a.dispose", "2 hook error y", "2 error y", "2 b.dispose",
            ]),
        Scenario(
            "withState", "hooks see the state before each event; disposed after upstream", sources: ["-1|"], .withState,
            expect: [
                "0 a.subscribe", "1 hook state 1 next 1", "1 next 1", "2 hook state 1 completed", "2 completed", "2 a.dispose",
                "2 hook state 1 disposed",
            ]),
        Scenario(
            "withState", "error", sources: ["-#x"], .withState,
            expect: [
                "0 a.subscribe", "1 hook state 1 error x", "1 error x", "1 a.dispose", "1 hook state 1 disposed",
            ]),
        Scenario(
            "withState", "disposal", sources: ["-1-2|"], .withState, disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 hook state 1 next 1", "1 next 1", "2 a.dispose", "2 hook state 1 disposed",
            ]),
        Scenario(
            "withState", "a fresh state per subscription", sources: ["-1|"], .chain([.withState, .restart]), disposeAt: 3,
            expect: [
                "0 a.subscribe", "1 hook state 1 next 1", "1 next 1", "2 hook state 1 completed", "2 a.subscribe", "2 a.dispose",
                "2 hook state 1 disposed", "3 hook state 2 next 1", "3 next 1", "3 a.dispose", "3 hook state 2 disposed",
            ]),
    ]
}
