import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// The rules of a password change, in the model.
@Suite("Password change rules")
struct PasswordChangeRequestTests {
    @Test("a good change has no problems")
    func accepted() {
        #expect(PasswordChangeRequest(current: "old-password", new: "0123456789", confirm: "0123456789").problems().isEmpty)
    }

    @Test("passwords are taken as typed: spaces count and are not trimmed")
    func notTrimmed() {
        let change = PasswordChangeRequest(current: "old-password", new: "  short  ", confirm: "  short  ")
        #expect(change.problems()[.new] == "Use at least 10 characters.")
        let spaced = PasswordChangeRequest(current: "old-password", new: " 123456789 ", confirm: "123456789")
        #expect(spaced.problems() == [.confirm: "This does not match the new password."])
    }

    @Test("every rule reports on its own field")
    func fields() {
        let problems = PasswordChangeRequest(current: "", new: "short", confirm: "other").problems()
        #expect(Set(problems.keys) == [.current, .new, .confirm])
        #expect(PasswordChangeRequest(current: "same-password", new: "same-password", confirm: "same-password").problems().keys.elementsEqual([.new]))
    }

    @Test("passwords bcrypt would cut short are refused")
    func tooLongForBcrypt() {
        let long = String(repeating: "é", count: 40)  // 40 characters, 80 bytes
        #expect(PasswordChangeRequest(current: "old-password", new: long, confirm: long).problems()[.new] != nil)
        let nul = "0123456789\u{0}abc"
        #expect(PasswordChangeRequest(current: "old-password", new: nul, confirm: nul).problems()[.new] != nil)
        #expect(PasswordChangeRequest(current: "old\u{0}password", new: "0123456789", confirm: "0123456789").problems()[.current] != nil)
        let longCurrent = String(repeating: "p", count: 73)
        #expect(PasswordChangeRequest(current: longCurrent, new: "0123456789", confirm: "0123456789").problems()[.current] != nil)
    }
}
