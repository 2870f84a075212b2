/// Hot and shared sources: SVariable / Promise, SPipe / ValuePipe, multicast, keyed
/// multicast (SMulticastSignalManager / Multicast), SSignalQueue.
///
/// The variable and the pipe subscribe their feeding source when the pipeline is built,
/// before the sink subscribes, so a source's tick-0 values arrive before the sink is there.
enum HotSourceScenarios {
    static let all: [Scenario] = variable + pipe + multicast + multicastKeyed + signalQueue

    /// SSignalKit's `SVariable` and SwiftSignalKit's `Promise`: replays the current value,
    /// never completes, ignores the source's termination; `set` clears the value and
    /// starts the new source before disposing the old one.
    static let variable: [Scenario] = [
        Scenario(
            "variable", "replays the current value, then every later one; never completes", sources: ["(1,2)-3-|"],
            .variable(setNextAt: []),
            expect: [
                "0 a.subscribe", "0 next 2", "2 next 3", "4 a.dispose",
            ]),
        Scenario(
            "variable", "an error of the source is not forwarded", sources: ["-1#"], .variable(setNextAt: []),
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose",
            ]),
        Scenario(
            "variable", "set starts the new source before disposing the old one", sources: ["-1----", "5-6|"],
            .variable(setNextAt: [3]),
            expect: [
                "0 a.subscribe", "1 next 1", "3 b.subscribe", "3 next 5", "3 a.dispose", "5 next 6", "6 b.dispose",
            ]),
        Scenario(
            "variable", "set clears the value until the new source emits", sources: ["1", "--5"],
            .chain([.variable(setNextAt: [2]), .delay(3)]),
            expect: [
                "0 a.subscribe", "2 b.subscribe", "2 a.dispose", "4 next 5",
            ]),
        Scenario(
            "variable", "a late subscriber gets the latest value", sources: ["-1-2-"],
            .chain([.variable(setNextAt: []), .delay(2)]),
            expect: [
                "0 a.subscribe", "2 next 1", "3 next 2",
            ]),
        Scenario(
            "variable", "disposal unsubscribes; the source keeps running", sources: ["-1-2|"], .variable(setNextAt: []),
            disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 1", "4 a.dispose",
            ]),
    ]

    /// SSignalKit's `SPipe` and SwiftSignalKit's `ValuePipe` (no replay): values pushed reach
    /// the current subscribers; the pipe's signal never terminates.
    static let pipe: [Scenario] = [
        Scenario(
            "pipe", "values pushed after subscribing arrive; the pipe never completes", sources: ["-1-2|"],
            .pipe(replay: false),
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2", "4 a.dispose",
            ]),
        Scenario(
            "pipe", "values pushed before subscribing are lost", sources: ["(1,2)-3"], .pipe(replay: false),
            expect: [
                "0 a.subscribe", "2 next 3",
            ]),
        Scenario(
            "pipe", "replay: a new subscriber first gets the last value", sources: ["(1,2)-3"], .pipe(replay: true),
            expect: [
                "0 a.subscribe", "0 next 2", "2 next 3",
            ]),
        Scenario(
            "pipe", "replay: a late subscriber gets the last value", sources: ["-1--3"],
            .chain([.pipe(replay: true), .delay(2)]),
            expect: [
                "0 a.subscribe", "2 next 1", "4 next 3",
            ]),
        Scenario(
            "pipe", "no replay: a late subscriber only gets later values", sources: ["-1--3"],
            .chain([.pipe(replay: false), .delay(2)]),
            expect: [
                "0 a.subscribe", "4 next 3",
            ]),
        Scenario(
            "pipe", "disposal unsubscribes; the source keeps running", sources: ["-1-2|"], .pipe(replay: false),
            disposeAt: 2,
            expect: [
                "0 a.subscribe", "1 next 1", "4 a.dispose",
            ]),
        Scenario(
            "pipe", "an error of the feeding source is not forwarded", sources: ["-1#"], .pipe(replay: false),
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose",
            ]),
    ]

    /// Untyped only: SSignalKit's `multicast()`, with decided fix 4: one source
    /// subscription for every subscriber, disposed when the last one leaves; a subscriber
    /// arriving after the source terminated receives the terminal event.
    static let multicast: [Scenario] = [
        Scenario(
            "multicast", "two subscribers share one source subscription", sources: ["-1-2|"],
            .multicastCombined(keyed: false),
            expect: [
                "0 a.subscribe", "1 next [1,11]", "3 next [2,11]", "3 next [2,12]", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "multicast", "the last subscriber leaving disposes the source", sources: ["-1-2-3|"],
            .multicastCombined(keyed: false), disposeAt: 4,
            expect: [
                "0 a.subscribe", "1 next [1,11]", "3 next [2,11]", "3 next [2,12]", "4 a.dispose",
            ]),
        Scenario(
            "multicast", "an error reaches every subscriber", sources: ["-1#x"], .multicastCombined(keyed: false),
            expect: [
                "0 a.subscribe", "1 next [1,11]", "2 error x", "2 a.dispose",
            ]),
        Scenario(
            "multicast", "a subscriber arriving after the source finished gets its completion (decided fix)",
            sources: ["-1|"], .multicastAgain(keyed: false, firstTake: nil),
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "multicast", "a subscriber arriving while another is still there joins it", sources: ["-1-2|"],
            .multicastAgain(keyed: false, firstTake: 1),
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "multicast", "after the last subscriber left, the next one starts the source afresh", sources: ["-1-2|"],
            .multicastAgain(keyed: false, firstTake: 1, secondDelay: 2),
            expect: [
                "0 a.subscribe", "1 next 1", "1 a.dispose", "3 a.subscribe", "4 next 1", "6 next 2", "7 completed", "7 a.dispose",
            ]),
        Scenario(
            "multicast", "a subscriber arriving later than the completion gets it at once (decided fix)",
            sources: ["-1|"], .multicastAgain(keyed: false, firstTake: nil, secondDelay: 2),
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose", "4 completed",
            ]),
    ]

    /// Keyed sharing, asked at each subscription: typed `Multicast.get(key:signal:)` and
    /// untyped `SMulticastSignalManager.multicastedSignal(forKey:producer:)` (decided fix:
    /// one upstream per key, completion forwarded, upstream disposed when the last
    /// subscriber leaves).
    static let multicastKeyed: [Scenario] = [
        Scenario(
            "multicastKeyed", "two subscribers of a key share one source subscription", sources: ["-1-2|"],
            .multicastCombined(keyed: true),
            expect: [
                "0 a.subscribe", "1 next [1,11]", "3 next [2,11]", "3 next [2,12]", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "multicastKeyed", "the last subscriber leaving disposes the source", sources: ["-1-2-3|"],
            .multicastCombined(keyed: true), disposeAt: 4,
            expect: [
                "0 a.subscribe", "1 next [1,11]", "3 next [2,11]", "3 next [2,12]", "4 a.dispose",
            ]),
        Scenario(
            "multicastKeyed", "a subscriber arriving while another is still there joins it", sources: ["-1-2|"],
            .multicastAgain(keyed: true, firstTake: 1),
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 2", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "multicastKeyed", "a subscriber arriving as the source completes gets the completion (decided fix)",
            sources: ["-1|"], .multicastAgain(keyed: true, firstTake: nil),
            expect: [
                "0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "multicastKeyed", "after the last subscriber left, the next one starts the source afresh",
            sources: ["-1-2|"], .multicastAgain(keyed: true, firstTake: 1, secondDelay: 2),
            expect: [
                "0 a.subscribe", "1 next 1", "1 a.dispose", "3 a.subscribe", "4 next 1", "6 next 2", "7 completed", "7 a.dispose",
            ]),
        Scenario(
            "multicastKeyed", "a subscriber arriving after the source completed starts it afresh", sources: ["-1|"],
            .multicastAgain(keyed: true, firstTake: nil, secondDelay: 2),
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose", "4 a.subscribe", "5 next 1", "6 completed", "6 a.dispose",
            ]),
    ]

    /// Untyped only: SSignalKit's `SSignalQueue`: items run one at a time in
    /// subscription order; disposing a running item cuts it off, and an item disposed
    /// before its turn never runs (decided fix).
    static let signalQueue: [Scenario] = [
        Scenario(
            "signalQueue", "items run one at a time, in subscription order", sources: ["-1|", "-2|", "(3,|)"],
            .signalQueue(cancel: [:]),
            expect: [
                "0 a.subscribe", "1 next 1", "2 a.dispose", "2 b.subscribe", "3 next 2", "4 b.dispose", "4 c.subscribe",
                "4 next 3", "4 completed", "4 c.dispose",
            ]),
        Scenario(
            "signalQueue", "an item disposed before its turn never runs (decided fix)", sources: ["-1--|", "-2|", "-3|"],
            .signalQueue(cancel: [1: 2]),
            expect: [
                "0 a.subscribe", "1 next 1", "2 hook cancel b", "4 a.dispose", "4 c.subscribe", "5 next 3", "6 c.dispose",
            ]),
        Scenario(
            "signalQueue", "disposing the running item cuts it off; the next one starts", sources: ["-1---|", "-2|"],
            .signalQueue(cancel: [0: 2]),
            expect: [
                "0 a.subscribe", "1 next 1", "2 hook cancel a", "2 a.dispose", "2 b.subscribe", "3 next 2", "4 b.dispose",
            ]),
        Scenario(
            "signalQueue", "synchronous items run back to back", sources: ["(1,|)", "(2,|)"], .signalQueue(cancel: [:]),
            expect: [
                "0 a.subscribe", "0 next 1", "0 a.dispose", "0 b.subscribe", "0 next 2", "0 completed", "0 b.dispose",
            ]),
    ]
}
