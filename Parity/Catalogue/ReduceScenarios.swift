/// reduceLeft(value:) / reduceLeft:with: (a fold emitted on completion), and the forms
/// with an `emit` function (typed reduceLeft(value:f:) with emit / untyped
/// reduceLeftWithPassthrough).
///
/// As in both originals: the accumulator starts from the initial value for
/// each subscription; on completion it is emitted (the initial value when there were no
/// values), then the output completes; an error drops it.
enum ReduceScenarios {
    static let all: [Scenario] = [
        Scenario(
            "reduceSum", "emits the fold on completion", sources: ["-1-2-3|"], .reduceSum(initial: 10),
            expect: [
                "0 a.subscribe", "6 next 16", "6 completed", "6 a.dispose",
            ]),
        Scenario(
            "reduceSum", "empty source emits the initial value", sources: ["--|"], .reduceSum(initial: 5),
            expect: [
                "0 a.subscribe", "2 next 5", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "reduceSum", "error drops the accumulator", sources: ["-1#"], .reduceSum(initial: 0),
            expect: [
                "0 a.subscribe", "2 error E", "2 a.dispose",
            ]),
        Scenario(
            "reduceSum", "disposal drops the accumulator", sources: ["-1-2|"], .reduceSum(initial: 0), disposeAt: 3,
            expect: [
                "0 a.subscribe", "3 a.dispose",
            ]),
        Scenario(
            "reduceSum", "synchronous source", sources: ["(1,2,|)"], .reduceSum(initial: 0),
            expect: [
                "0 a.subscribe", "0 next 3", "0 completed", "0 a.dispose",
            ]),
        Scenario(
            "reduceSum", "synchronous error", sources: ["(1,#)"], .reduceSum(initial: 0),
            expect: [
                "0 a.subscribe", "0 error E", "0 a.dispose",
            ]),
        Scenario(
            "reduceSum", "never-completing source never emits", sources: ["-1-2"], .reduceSum(initial: 0),
            expect: [
                "0 a.subscribe"
            ]),
        Scenario(
            "reduceSum", "negative initial value", sources: ["-1|"], .reduceSum(initial: -3),
            expect: [
                "0 a.subscribe", "2 next -2", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "reduceSum", "after map", sources: ["-1-2|"], .chain([.map(add: 1), .reduceSum(initial: 0)]),
            expect: [
                "0 a.subscribe", "4 next 5", "4 completed", "4 a.dispose",
            ]),
        Scenario(
            "reduceSum", "a fresh accumulator for each subscription", sources: ["-1-2|"],
            .chain([.reduceSum(initial: 0), .restart]), disposeAt: 8,
            expect: [
                "0 a.subscribe", "4 next 3", "4 a.subscribe", "4 a.dispose", "8 next 3", "8 a.subscribe", "8 a.dispose",
                "8 a.dispose",
            ]),
        Scenario(
            "reduceSumEmitting", "emits each running sum, then the sum on completion", sources: ["-1-2-3|"],
            .reduceSumEmitting(initial: 0),
            expect: [
                "0 a.subscribe", "1 next 1", "3 next 3", "5 next 6", "6 next 6", "6 completed", "6 a.dispose",
            ]),
        Scenario(
            "reduceSumEmitting", "empty source emits the initial value", sources: ["--|"], .reduceSumEmitting(initial: 5),
            expect: [
                "0 a.subscribe", "2 next 5", "2 completed", "2 a.dispose",
            ]),
        Scenario(
            "reduceSumEmitting", "error drops the final sum", sources: ["-1#"], .reduceSumEmitting(initial: 0),
            expect: [
                "0 a.subscribe", "1 next 1", "2 error E", "2 a.dispose",
            ]),
        Scenario(
            "reduceSumEmitting", "synchronous source", sources: ["(1,2,|)"], .reduceSumEmitting(initial: 10),
            expect: [
                "0 a.subscribe", "0 next 11", "0 next 13", "0 next 13", "0 completed", "0 a.dispose",
            ]),
    ]
}
