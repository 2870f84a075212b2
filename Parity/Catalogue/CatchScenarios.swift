/// catch, restart, recurse, restartIfError / retryIf { true }, untyped retryIf, typed
/// restartOrMapError and the delayed typed retry operators.
///
/// Restarting operators subscribe the next iteration before disposing the ended one (new
/// before old, as every replacing operator of the originals does) when the ended one
/// ended after its subscription returned. Decided fix 2 (Divergences.md): synchronous
/// iterations are trampolined, never recursed, and the iteration that stays live is never
/// disposed by the earlier ones; `.sequential` gives each iteration its own source to
/// show it.
///
/// Divergence from the originals' order (Divergences.md, "Further differences", `restart`
/// over a synchronously ending source): an iteration that ends during its own
/// subscription is disposed before the next is subscribed (old before new), directly,
/// through any operator and through the bridge, in both APIs. "New before old" cannot
/// hold there without recursion: a layer such as `map` disposes its source as soon as
/// the source's synchronous terminal callback has returned, before any loop that does
/// not recurse can start the next iteration.
enum CatchScenarios {
    static let all: [Scenario] = catchError + restart + recurse + restartIfError + retryIf + restartOrMapError + retry

    static let catchError: [Scenario] = [
        Scenario(
            "catchError", "alternative subscribed before the failed source is disposed",
            sources: ["-1#"], .catchError("-2|"),
            expect: [
                "0 a.subscribe", "1 next 1", "2 c.subscribe", "2 a.dispose", "3 next 2", "4 completed", "4 c.dispose",
            ]),
        Scenario(
            "catchError", "completion never calls the alternative", sources: ["-1|"], .catchError("-2|"),
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "catchError", "the alternative's error is forwarded, not caught again",
            sources: ["-#"], .catchError("-5#x"),
            expect: [
                "0 a.subscribe", "1 c.subscribe", "1 a.dispose", "2 next 5", "3 error x", "3 c.dispose",
            ]),
        Scenario(
            "catchError", "synchronous error and synchronous alternative", sources: ["(1,#)"], .catchError("(2,|)"),
            expect: [
                "0 a.subscribe", "0 next 1", "0 c.subscribe", "0 next 2", "0 completed", "0 c.dispose", "0 a.dispose",
            ]),
        Scenario(
            "catchError", "synchronous alternative that fails", sources: ["-1#"], .catchError("(2,#x)"),
            expect: [
                "0 a.subscribe", "1 next 1", "2 c.subscribe", "2 next 2", "2 error x", "2 a.dispose", "2 c.dispose",
            ]),
        Scenario(
            "catchError", "disposal before the error: alternative never subscribed",
            sources: ["-1-#"], .catchError("-2|"), disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose",
            ]),
        Scenario(
            "catchError", "disposal while the alternative runs", sources: ["-#"], .catchError("--2|"), disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 c.subscribe", "1 a.dispose", "2 c.dispose",
            ]),
        Scenario(
            "catchError", "never-ending alternative", sources: ["--#"], .catchError("-7"),
            expect: [
                "0 a.subscribe", "2 c.subscribe", "2 a.dispose", "3 next 7",
            ]),
        Scenario(
            "catchError", "catch then take(1): the alternative ends at its first value",
            sources: ["-#"], .chain([.catchError("-3-4|"), .take(1)]),
            expect: [
                "0 a.subscribe", "1 c.subscribe", "1 a.dispose", "2 next 3", "2 completed", "2 c.dispose",
            ]),
        Scenario(
            "catchError", "restarted catch with a synchronous alternative: the next iteration starts inside it",
            sources: ["-#"], .chain([.catchError("(5,|)"), .restart]), disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 c.subscribe", "1 next 5", "1 a.subscribe", "1 a.dispose", "1 c.dispose", "2 c.subscribe",
                "2 next 5", "2 a.subscribe", "2 a.dispose", "2 c.dispose", "2 a.dispose",
            ]),
    ]

    static let restart: [Scenario] = [
        Scenario(
            "restart", "resubscribes on completion, new before old", sources: ["-1|"], .restart, disposeAt: 5,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.subscribe", "2 a.dispose", "3 next 1", "4 a.subscribe", "4 a.dispose",
                "5 next 1", "5 a.dispose",
            ]),
        Scenario(
            "restart", "error is forwarded and stops", sources: ["-1#"], .restart,
            expect: [
                "0 a.subscribe", "1 next 1", "2 error E", "2 a.dispose",
            ]),
        Scenario(
            "restart", "error of a later iteration", sources: ["-1|", "-2#x"], .chain([.sequential, .restart]),
            expect: [
                "0 a.subscribe", "1 next 1", "2 b.subscribe", "2 a.dispose", "3 next 2", "4 error x", "4 b.dispose",
            ]),
        Scenario(
            "restart", "disposal mid-iteration stops restarting", sources: ["--1|"], .restart, disposeAt: 1,
            expect: [
                "0 a.subscribe", "1 a.dispose",
            ]),
        Scenario(
            "restart", "disposal in a later iteration", sources: ["-1|", "--2|"], .chain([.sequential, .restart]),
            disposeAt: 3,
            expect: [
                "0 a.subscribe", "1 next 1", "2 b.subscribe", "2 a.dispose", "3 b.dispose",
            ]),
        Scenario(
            "restart", "empty asynchronous source restarts every tick", sources: ["-|"], .restart, disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 a.subscribe", "1 a.dispose", "2 a.subscribe", "2 a.dispose", "2 a.dispose",
            ]),
        Scenario(
            "restart", "trampoline: synchronous iterations never dispose the live one (decided fix)",
            sources: ["(1,|)", "(2,|)", "-3-4|"], .chain([.sequential, .restart]), disposeAt: 3,
            expect: [
                "0 a.subscribe", "0 next 1", "0 a.dispose", "0 b.subscribe", "0 next 2", "0 b.dispose", "0 c.subscribe",
                "1 next 3", "3 next 4", "3 c.dispose",
            ]),
        Scenario(
            "restart", "trampoline: synchronous iterations then an error", sources: ["(1,|)", "(2,|)", "-#"],
            .chain([.sequential, .restart]),
            expect: [
                "0 a.subscribe", "0 next 1", "0 a.dispose", "0 b.subscribe", "0 next 2", "0 b.dispose", "0 c.subscribe",
                "1 error E", "1 c.dispose",
            ]),
        // Divergence from the originals' "new before old" (see the type's comment): a
        // synchronous iteration is disposed before the next one is subscribed, as it is
        // through any operator (next scenario) and through the bridge.
        Scenario(
            "restart", "trampoline: a synchronous source stopped by take(3) (decided fix, old before new)",
            sources: ["(1,|)"], .chain([.restart, .take(3)]),
            expect: [
                "0 a.subscribe", "0 next 1", "0 a.dispose", "0 a.subscribe", "0 next 1", "0 a.dispose", "0 a.subscribe", "0 next 1",
                "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "restart", "trampoline through an operator: each synchronous iteration is disposed before the next",
            sources: ["(1,|)"], .chain([.map(add: 1), .restart, .take(3)]),
            expect: [
                "0 a.subscribe", "0 next 2", "0 a.dispose", "0 a.subscribe", "0 next 2", "0 a.dispose", "0 a.subscribe", "0 next 2",
                "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "restart", "asynchronous ending through an operator: new before old",
            sources: ["-1|"], .chain([.map(add: 1), .restart, .take(2)]),
            expect: [
                "0 a.subscribe", "1 next 2", "2 a.subscribe", "2 a.dispose", "3 next 2", "3 completed", "3 a.dispose",
            ]),
        // Divergence (Divergences.md, "take(n) reaching n"): the original resubscribed once
        // more before the teardown reached it; take now ends its upstream at once.
        Scenario(
            "restart", "take(1) on a synchronous first iteration: no extra resubscription (divergence)",
            sources: ["(1,|)", "-2|"], .chain([.sequential, .restart, .take(1)]),
            expect: [
                "0 a.subscribe", "0 next 1", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "restart", "asynchronous source stopped by take(2)", sources: ["-1|"], .chain([.restart, .take(2)]),
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.subscribe", "2 a.dispose", "3 next 1", "3 completed", "3 a.dispose",
            ]),
        Scenario(
            "restart", "restart of then: the follow-up completing restarts the pair",
            sources: ["-1|"], .chain([.then("(2,|)"), .restart]), disposeAt: 3,
            expect: [
                "0 a.subscribe", "1 next 1", "2 t.subscribe", "2 next 2", "2 a.subscribe", "2 a.dispose", "2 t.dispose",
                "3 next 1", "3 a.dispose",
            ]),
    ]

    static let restartIfError: [Scenario] = [
        Scenario(
            "restartIfError", "resubscribes on error, new before old", sources: ["-1#"], .restartIfError, disposeAt: 5,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.subscribe", "2 a.dispose", "3 next 1", "4 a.subscribe", "4 a.dispose",
                "5 next 1", "5 a.dispose",
            ]),
        Scenario(
            "restartIfError", "completion is forwarded and stops", sources: ["-1|"], .restartIfError,
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "restartIfError", "completion of a later iteration", sources: ["-1#", "-2|"], .chain([.sequential, .restartIfError]),
            expect: [
                "0 a.subscribe", "1 next 1", "2 b.subscribe", "2 a.dispose", "3 next 2", "4 completed", "4 b.dispose",
            ]),
        Scenario(
            "restartIfError", "disposal mid-iteration", sources: ["-1-#"], .restartIfError, disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose",
            ]),
        Scenario(
            "restartIfError", "disposal in a later iteration", sources: ["-#", "---|"], .chain([.sequential, .restartIfError]),
            disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 b.subscribe", "1 a.dispose", "2 b.dispose",
            ]),
        Scenario(
            "restartIfError", "trampoline: two synchronous failures, then a live iteration (decided fix)",
            sources: ["(1,#)", "(2,#)", "-3|"], .chain([.sequential, .restartIfError]),
            expect: [
                "0 a.subscribe", "0 next 1", "0 a.dispose", "0 b.subscribe", "0 next 2", "0 b.dispose", "0 c.subscribe",
                "1 next 3", "2 completed", "2 c.dispose",
            ]),
        Scenario(
            "restartIfError", "trampoline: synchronous failures, then a synchronous completion",
            sources: ["#", "(5,|)"], .chain([.sequential, .restartIfError]),
            expect: [
                "0 a.subscribe", "0 a.dispose", "0 b.subscribe", "0 next 5", "0 completed", "0 b.dispose",
            ]),
        // Divergence from the originals' "new before old", as for `restart` (see the type's
        // comment): a synchronous failure is disposed before the next subscription.
        Scenario(
            "restartIfError", "trampoline: a synchronous failure is disposed before the next subscription (old before new)",
            sources: ["(1,#)"], .chain([.restartIfError, .take(2)]),
            expect: [
                "0 a.subscribe", "0 next 1", "0 a.dispose", "0 a.subscribe", "0 next 1", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "restartIfError", "asynchronous failures stopped by take(2)", sources: ["-1#"], .chain([.restartIfError, .take(2)]),
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.subscribe", "2 a.dispose", "3 next 1", "3 completed", "3 a.dispose",
            ]),
    ]

    static let retryIf: [Scenario] = [
        Scenario(
            "retryIf", "matching error resubscribes", sources: ["-1#x", "-2|"], .chain([.sequential, .retryIf("x")]),
            only: [.untyped],
            expect: [
                "0 a.subscribe", "1 next 1", "2 b.subscribe", "2 a.dispose", "3 next 2", "4 completed", "4 b.dispose",
            ]),
        Scenario(
            "retryIf", "other error is forwarded", sources: ["-1#y"], .retryIf("x"), only: [.untyped],
            expect: [
                "0 a.subscribe", "1 next 1", "2 error y", "2 a.dispose",
            ]),
        Scenario(
            "retryIf", "retried, then a non-matching error", sources: ["-#x", "-#y"], .chain([.sequential, .retryIf("x")]),
            only: [.untyped],
            expect: [
                "0 a.subscribe", "1 b.subscribe", "1 a.dispose", "2 error y", "2 b.dispose",
            ]),
        Scenario(
            "retryIf", "trampoline: synchronous matching errors, then a live attempt (decided fix)",
            sources: ["#x", "#x", "-3|"], .chain([.sequential, .retryIf("x")]),
            expect: [
                "0 a.subscribe", "0 a.dispose", "0 b.subscribe", "0 b.dispose", "0 c.subscribe", "1 next 3", "2 completed",
                "2 c.dispose",
            ]),
        Scenario(
            "retryIf", "disposal stops retrying", sources: ["-#x", "---|"], .chain([.sequential, .retryIf("x")]),
            disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 b.subscribe", "1 a.dispose", "2 b.dispose",
            ]),
    ]

    /// Typed only: `recurse(_:)`, the alias of `restart`.
    static let recurse: [Scenario] = [
        Scenario(
            "recurse", "resubscribes on completion like restart", sources: ["-1|"], .recurse, disposeAt: 3,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.subscribe", "2 a.dispose", "3 next 1", "3 a.dispose",
            ]),
        Scenario(
            "recurse", "error is forwarded and stops", sources: ["-1#"], .recurse,
            expect: [
                "0 a.subscribe", "1 next 1", "2 error E", "2 a.dispose",
            ]),
    ]

    /// Typed only: `restartOrMapError(condition:)`, restarting on the error "x" and
    /// failing with "m" + e otherwise.
    static let restartOrMapError: [Scenario] = [
        Scenario(
            "restartOrMapError", "restarts on a restart condition, new before old", sources: ["-1#x", "-2|"],
            .chain([.sequential, .restartOrMapError(restartOn: "x")]),
            expect: [
                "0 a.subscribe", "1 next 1", "2 b.subscribe", "2 a.dispose", "3 next 2", "4 completed", "4 b.dispose",
            ]),
        Scenario(
            "restartOrMapError", "fails with the mapped error", sources: ["-1#y"], .restartOrMapError(restartOn: "x"),
            expect: [
                "0 a.subscribe", "1 next 1", "2 error my", "2 a.dispose",
            ]),
        Scenario(
            "restartOrMapError", "restarted, then a mapped error", sources: ["-#x", "-#y"],
            .chain([.sequential, .restartOrMapError(restartOn: "x")]),
            expect: [
                "0 a.subscribe", "1 b.subscribe", "1 a.dispose", "2 error my", "2 b.dispose",
            ]),
    ]

    /// Typed only: SwiftSignalKit's delayed retries, on the virtual queue. The failed
    /// subscription is torn down first; the next one starts after the delay.
    static let retry: [Scenario] = [
        Scenario(
            "retry", "resubscribes after a growing delay", sources: ["#", "-#", "--5|"],
            .chain([.sequential, .retryDelayed(increment: 1, maxDelay: 5)]),
            expect: [
                "0 a.subscribe", "0 a.dispose", "1 b.subscribe", "2 b.dispose", "4 c.subscribe", "6 next 5", "7 completed",
                "7 c.dispose",
            ]),
        Scenario(
            "retry", "the delay stops growing at maxDelay", sources: ["-#"], .retryDelayed(increment: 1, maxDelay: 2),
            disposeAt: 9,
            expect: [
                "0 a.subscribe", "1 a.dispose", "2 a.subscribe", "3 a.dispose", "5 a.subscribe", "6 a.dispose", "8 a.subscribe",
                "9 a.dispose",
            ]),
        Scenario(
            "retry", "disposal during the wait cancels the retry", sources: ["-#"], .retryDelayed(increment: 3, maxDelay: 3),
            disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 a.dispose",
            ]),
        Scenario(
            "retry", "values pass and completion completes", sources: ["-1-2|"], .retryDelayed(increment: 1, maxDelay: 1),
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "retry(retryOnError:)", "retries a matching error after the delay", sources: ["-#x", "-1|"],
            .chain([.sequential, .retryMatching("x", maxRetries: nil)]),
            expect: [
                "0 a.subscribe", "1 a.dispose", "2 b.subscribe", "3 next 1", "4 completed", "4 b.dispose",
            ]),
        Scenario(
            "retry(retryOnError:)", "forwards another error at once", sources: ["-#y"], .retryMatching("x", maxRetries: nil),
            expect: [
                "0 a.subscribe", "1 error y", "1 a.dispose",
            ]),
        Scenario(
            "retry(retryOnError:)", "maxRetries bounds the subscriptions", sources: ["-#x"],
            .retryMatching("x", maxRetries: 2),
            expect: [
                "0 a.subscribe", "1 a.dispose", "2 a.subscribe", "3 error x", "3 a.dispose",
            ]),
    ]
}
