import Testing

import Tessera
@testable import TesseraDemo

/// The Fortunes cell answers keys with a hand-written `switch` for speed: it must answer exactly
/// the keys it declares (which the start-up check holds its template to), with the same values.
@Suite("Fortune cell model")
struct FortuneCellModelTests {
    @Test("the hand-written value(forKey:) answers every declared key as the key table reads it, and nothing else")
    func handWrittenLookupMatchesDeclaredKeys() {
        let model = FortuneCellModel(fortune: Fortune(id: 7, message: "<script>alert(\"hi\")</script>"))
        #expect(FortuneCellModel.templateKeys.map(\.name) == ["id", "message"])
        for key in FortuneCellModel.templateKeys {
            let handWritten = model.value(forKey: key.name).map { String(describing: $0) }
            #expect(handWritten == String(describing: key.read(model)), "\(key.name)")
        }
        #expect(model.value(forKey: "messages") == nil)
    }
}
