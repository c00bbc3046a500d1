import Testing

@testable import Tessera

/// Looks at the database's generation finish in any order; the process's generation never falls.
@Suite("Rising generation")
struct RisingGenerationTests {
    @Test("an older value read late does not lower the generation")
    func olderValueDoesNotLower() {
        let generation = RisingGeneration()
        #expect(generation.raise(to: 5))
        #expect(!generation.raise(to: 3))
        #expect(!generation.raise(to: 5))
        #expect(generation.value == 5)
    }

    @Test("a thousand concurrent looks in any order leave the highest value")
    func concurrentLooksLeaveTheHighest() async {
        let generation = RisingGeneration()
        let values = (1...1_000).map { UInt64($0) }.shuffled()
        await withTaskGroup(of: Void.self) { group in
            for value in values { group.addTask { generation.raise(to: value) } }
        }
        #expect(generation.value == 1_000)
    }
}
