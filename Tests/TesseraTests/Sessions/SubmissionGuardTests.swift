import Foundation
import GRDB
import Testing

@testable import Tessera

/// One run per `_once` token and path, even when the repeats arrive together.
@Suite("Submission guard")
struct SubmissionGuardTests {
    private func guardAndFolder() throws -> (SubmissionGuard, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-once-\(UUID().uuidString)")
        let database = try TesseraDatabase(path: folder.appendingPathComponent("o.sqlite").path)
        return (SubmissionGuard(database: database), folder)
    }

    private let token = String(repeating: "ab", count: 32)

    @Test("twenty simultaneous claims of one token: exactly one is first, every repeat learns where it went")
    func concurrentClaims() async throws {
        let (submissions, folder) = try guardAndFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let token = self.token
        let claims = try await withThrowingTaskGroup(of: SubmissionGuard.Claim.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    let claim = try await submissions.claim(token: token, path: "/messages")
                    if case .first = claim { try await submissions.finish(token: token, path: "/messages", location: "/messages/9") }
                    return claim
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(claims.filter { if case .first = $0 { true } else { false } }.count == 1)
        #expect(claims.filter { $0 == .repeated(location: "/messages/9") }.count == 19)
    }

    @Test("the same token on another path, a released token, and no token are not repeats")
    func notRepeats() async throws {
        let (submissions, folder) = try guardAndFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await submissions.claim(token: token, path: "/a") == .first(token: token))
        #expect(try await submissions.claim(token: token, path: "/b") == .first(token: token))
        try await submissions.release(token: token, path: "/a")
        #expect(try await submissions.claim(token: token, path: "/a") == .first(token: token))
        #expect(try await submissions.claim(token: nil, path: "/a") == .unguarded)
        #expect(try await submissions.claim(token: "not-hex", path: "/a") == .unguarded)
    }

    @Test("claims older than a day are forgotten")
    func oldClaimsExpire() async throws {
        let (submissions, folder) = try guardAndFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let then = Date(timeIntervalSince1970: 1_000_000)
        #expect(try await submissions.claim(token: token, path: "/a", now: then) == .first(token: token))
        try await submissions.finish(token: token, path: "/a", location: nil)
        let later = then.addingTimeInterval(SubmissionGuard.lifetime + 60)
        #expect(try await submissions.claim(token: token, path: "/a", now: later) == .first(token: token))
    }
}
