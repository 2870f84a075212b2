/// deliverOn, runOn / startOn, delay, timeout, throttleOn / typed debounce, on the scenario's
/// virtual queue.
///
/// As in both originals' dispatch and timing operators: the operator queue is not current
/// while the sources emit, so deliverOn hops onto it, one hop per burst (upstream teardown on
/// termination still happens at once, on the source's side), and runOn subscribes when
/// the queue runs. Timers stop on disposal (decided fix).
enum DispatchTimingScenarios {
    static let all: [Scenario] = deliverOn + runOn + delay + timeout + throttleOn

    static let deliverOn: [Scenario] = [
        Scenario(
            "deliverOn", "events delivered; upstream torn down before the completion arrives", sources: ["-1-2|"],
            .deliverOn,
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2", "4 a.dispose", "4 completed",
            ]),
        Scenario(
            "deliverOn", "error", sources: ["-1#"], .deliverOn,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose", "2 error E",
            ]),
        Scenario(
            "deliverOn", "synchronous source: every event dispatched", sources: ["(1,2,|)"], .deliverOn,
            expect: [
                "0 a.subscribe", "0 a.dispose", "0 next 1", "0 next 2", "0 completed",
            ]),
        Scenario(
            "deliverOn", "synchronous error", sources: ["(1,#)"], .deliverOn,
            expect: [
                "0 a.subscribe", "0 a.dispose", "0 next 1", "0 error E",
            ]),
        Scenario(
            "deliverOn", "disposal", sources: ["-1-2|"], .deliverOn, disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose",
            ]),
        Scenario(
            "deliverOn", "take(1) after deliverOn", sources: ["-1-2|"], .chain([.deliverOn, .take(1)]),
            expect: [
                "0 a.subscribe", "1 next 1", "1 completed", "1 a.dispose",
            ]),
        Scenario(
            "deliverOn", "inline when already on the queue (after runOn)", sources: ["(1,|)"], .chain([.runOn, .deliverOn]),
            expect: [
                "0 a.subscribe", "0 next 1", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "deliverOn", "a burst and a later value, in order, one hop each", sources: ["(1,2,3)-4"], .deliverOn,
            expect: [
                "0 a.subscribe", "0 next 1", "0 next 2", "0 next 3", "2 next 4",
            ]),
        Scenario(
            "deliverOn", "never-terminating source", sources: ["-1-2"], .deliverOn,
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2",
            ]),
    ]

    static let runOn: [Scenario] = [
        Scenario(
            "runOn", "subscribes on the queue; events not moved", sources: ["-1|"], .runOn,
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "runOn", "synchronous source", sources: ["(1,2,|)"], .runOn,
            expect: [
                "0 a.subscribe", "0 next 1", "0 next 2", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "runOn", "error", sources: ["-#"], .runOn,
            expect: [
                "0 a.subscribe", "1 error E", "1 a.dispose",
            ]),
        Scenario(
            "runOn", "disposal", sources: ["-1-2|"], .runOn, disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose",
            ]),
        Scenario(
            "runOn", "after a delay: already on the queue", sources: ["-1|"], .chain([.runOn, .delay(2)]),
            expect: [
                "2 a.subscribe", "3 next 1", "4 completed", "4 a.dispose",
            ]),
    ]

    static let delay: [Scenario] =
        [
            Scenario(
                "delay", "delays the subscription, not the values", sources: ["-1|"], .delay(2),
                expect: [
                    "2 a.subscribe", "3 next 1", "4 completed", "4 a.dispose",
                ]),
            Scenario(
                "delay", "synchronous source", sources: ["(1,|)"], .delay(2),
                expect: [
                    "2 a.subscribe", "2 next 1", "2 completed", "2 a.dispose",
                ]),
            Scenario(
                "delay", "error", sources: ["-#"], .delay(3),
                expect: [
                    "3 a.subscribe", "4 error E", "4 a.dispose",
                ]),
            Scenario(
                "delay", "synchronous error", sources: ["#x"], .delay(1),
                expect: [
                    "1 a.subscribe", "1 error x", "1 a.dispose",
                ]),
            Scenario(
                "delay", "disposal before the timer: never subscribed (timer stopped)", sources: ["1|"], .delay(3), disposeAt: 2,
                expect: []),
            Scenario(
                "delay", "disposal after the timer", sources: ["--1|"], .delay(1), disposeAt: 2,
                expect: [
                    "1 a.subscribe", "2 a.dispose",
                ]),
            Scenario(
                "delay", "disposal in the tick the timer fires", sources: ["-1|"], .delay(2), disposeAt: 2,
                expect: [
                    "2 a.subscribe", "2 a.dispose",
                ]),
            Scenario(
                "delay", "zero delay subscribes within the first tick", sources: ["-1|"], .delay(0),
                expect: [
                    "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
                ]),
            Scenario(
                "delay", "take(1) after delay", sources: ["-1-2|"], .chain([.delay(1), .take(1)]),
                expect: [
                    "1 a.subscribe", "2 next 1", "2 completed", "2 a.dispose",
                ]),
        ] + delayTies

    /// A delay's timer against another timer due at the same tick (found by the pipeline
    /// fuzzer): the first subscriber of a share takes 0 and 9, then the second subscribes
    /// through `delay(1)` as the throttle's interval after 9 ends. The originals arm the
    /// delay's timer differently (Divergences.md, "delay beside a partner source"), so the
    /// timers fire in opposite orders.
    static let delayTies: [Scenario] = [
        Scenario(
            "delay", "a tie with a throttle's interval: the delay armed from a hop fires second", sources: ["|"],
            .chain([.then("09"), .shareAgain(replay: 0, firstTake: 2, secondDelay: 1), .throttle(1, latest: true)]),
            disposeAt: 4, only: [.typed],
            expect: [
                "0 a.subscribe", "0 t.subscribe", "0 a.dispose", "0 next 0", "1 t.dispose", "1 next 9", "2 a.subscribe",
                "2 t.subscribe", "2 next 0", "2 a.dispose", "3 next 9", "4 t.dispose",
            ]),
        Scenario(
            "delay", "a tie with a throttle's interval: the delay armed at subscription fires first, so the value waits",
            sources: ["|"],
            .chain([.then("09"), .shareAgain(replay: 0, firstTake: 2, secondDelay: 1), .throttle(1, latest: true)]),
            disposeAt: 4, only: [.untyped],
            expect: [
                "0 a.subscribe", "0 t.subscribe", "0 a.dispose", "0 next 0", "1 t.dispose", "1 next 9", "2 a.subscribe",
                "2 t.subscribe", "2 a.dispose", "2 next 0", "3 next 9", "4 t.dispose",
            ]),
    ]

    static let timeout: [Scenario] = [
        Scenario(
            "timeout", "a value in time: the alternate never runs", sources: ["-1-2|"], .timeout(3, "-9|"),
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "timeout", "the timer fires first: alternate subscribed, then the source disposed", sources: ["-----1|"],
            .timeout(3, "-9|"),
            expect: [
                "0 a.subscribe", "3 t.subscribe", "3 a.dispose", "4 next 9", "5 completed", "5 t.dispose",
            ]),
        Scenario(
            "timeout", "error in time", sources: ["--#"], .timeout(3, "-9|"),
            expect: [
                "0 a.subscribe", "2 error E", "2 a.dispose",
            ]),
        Scenario(
            "timeout", "completion in time", sources: ["--|"], .timeout(3, "-9|"),
            expect: [
                "0 a.subscribe", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "timeout", "quirk: a synchronous value does not prevent the timeout", sources: ["1----2|"], .timeout(3, "-9|"),
            only: [.typed],
            expect: [
                "0 a.subscribe", "0 next 1", "3 t.subscribe", "3 a.dispose", "4 next 9", "5 completed", "5 t.dispose",
            ]),
        Scenario(
            "timeout", "a synchronous value prevents the timeout (timer armed before subscribing)", sources: ["1----2|"],
            .timeout(3, "-9|"), only: [.untyped],
            expect: [
                "0 a.subscribe", "0 next 1", "5 next 2", "6 completed", "6 a.dispose",
            ]),
        Scenario(
            "timeout", "a synchronous completion prevents the timeout", sources: ["(1,|)"], .timeout(3, "-9|"),
            expect: [
                "0 a.subscribe", "0 next 1", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "timeout", "a synchronous error prevents the timeout", sources: ["#"], .timeout(3, "-9|"),
            expect: [
                "0 a.subscribe", "0 error E", "0 a.dispose",
            ]),
        Scenario(
            "timeout", "disposal before the timer stops it (decided fix)", sources: ["-----1|"], .timeout(3, "-9|"),
            disposeAt: 2,
            expect: [
                "0 a.subscribe", "2 a.dispose",
            ]),
        Scenario(
            "timeout", "disposal while the alternate runs", sources: ["------"], .timeout(2, "---9|"), disposeAt: 4,
            expect: [
                "0 a.subscribe", "2 t.subscribe", "2 a.dispose", "4 t.dispose",
            ]),
        Scenario(
            "timeout", "the alternate's error", sources: ["-----"], .timeout(2, "-#x"),
            expect: [
                "0 a.subscribe", "2 t.subscribe", "2 a.dispose", "3 error x", "3 t.dispose",
            ]),
        Scenario(
            "timeout", "synchronous alternate", sources: ["-----1|"], .timeout(3, "(9,|)"),
            expect: [
                "0 a.subscribe", "3 t.subscribe", "3 next 9", "3 completed", "3 a.dispose", "3 t.dispose",
            ]),
        Scenario(
            "timeout", "never-ending source and alternate", sources: ["-"], .timeout(1, "-7"),
            expect: [
                "0 a.subscribe", "1 t.subscribe", "1 a.dispose", "2 next 7",
            ]),
        Scenario(
            "timeout", "only the first event is timed", sources: ["-1-----2|"], .timeout(2, "9|"),
            expect: [
                "0 a.subscribe", "1 next 1", "7 next 2", "8 completed", "8 a.dispose",
            ]),
    ]

    /// Untyped `throttleOn(queue, delay:)`, a debounce (decided fix: the original emitted
    /// only the first value ever received), and the typed `debounce(delay, queue:)`, its
    /// face beyond SwiftSignalKit over the same engine. Events reach it through
    /// `deliverOn(queue)`, so the source is torn down before its terminal event arrives.
    static let throttleOn: [Scenario] = [
        Scenario(
            "throttleOn", "emits the latest value after a quiet delay; completion a delay later",
            sources: ["-12---3---|"], .throttleOn(delay: 2),
            expect: [
                "0 a.subscribe", "4 next 2", "8 next 3", "10 a.dispose", "12 completed",
            ]),
        Scenario(
            "throttleOn", "completion flushes the pending value at once", sources: ["-1-2|"], .throttleOn(delay: 3),
            expect: [
                "0 a.subscribe", "4 a.dispose", "4 next 2", "4 completed",
            ]),
        Scenario(
            "throttleOn", "an error is forwarded at once and drops the pending value", sources: ["-1#"],
            .throttleOn(delay: 3),
            expect: [
                "0 a.subscribe", "2 a.dispose", "2 error E",
            ]),
        Scenario(
            "throttleOn", "disposal stops the timer", sources: ["-1---|"], .throttleOn(delay: 2), disposeAt: 2,
            expect: [
                "0 a.subscribe", "2 a.dispose",
            ]),
        Scenario(
            "throttleOn", "an empty source completes a delay after it", sources: ["--|"], .throttleOn(delay: 3),
            expect: [
                "0 a.subscribe", "2 a.dispose", "5 completed",
            ]),
        Scenario(
            "throttleOn", "synchronous source: its last value, flushed by the completion", sources: ["(1,2,|)"],
            .throttleOn(delay: 2),
            expect: [
                "0 a.subscribe", "0 a.dispose", "0 next 2", "0 completed",
            ]),
        Scenario(
            "throttleOn", "values further apart than the delay all pass", sources: ["-1---2--|"], .throttleOn(delay: 1),
            expect: [
                "0 a.subscribe", "2 next 1", "6 next 2", "8 a.dispose", "9 completed",
            ]),
    ]
}
