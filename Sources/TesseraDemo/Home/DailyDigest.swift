import Foundation
import Tessera

// MARK: - DigestMail

/// The daily digest of new posts (`Views/Mail/DigestMail.*`).
@TemplateModel
struct DigestMail: MailMessage {
    /// One post of the day.
    @TemplateModel
    struct Post: Sendable {
        let title: String
        let authorName: String
        let url: String
    }

    /// The member's shown name.
    let name: String
    /// The day's posts, newest first.
    let posts: [Post]
    var subject: String { posts.count == 1 ? "1 new post" : "\(posts.count) new posts" }
}

// MARK: - DailyDigest

/// Mails every member who asked for it (``ProfileDetails/mails``) and has a confirmed address
/// the posts published in the 24 hours before `until` — other members' posts, at most 20. A schedule
/// enqueues it once a day across all processes; its mails are enqueued with its completion, so
/// a second try of the same day sends nothing twice.
struct DailyDigest: Job {
    static var name: String { "demo.daily-digest" }
    /// The end of the day it covers.
    let until: Date

    /// Every day at 07:00 UTC: the 24 hours before.
    static let schedule = Schedule("daily-digest", cron: "0 7 * * *") { due in DailyDigest(until: due) }

    /// A post of the day, with its author.
    @SQLRecord
    struct Post {
        var id: Int64
        var title: String
        var authorID: Int64
        var author: String
    }

    /// A member who asked for the digest.
    @SQLRecord
    struct Reader {
        var id: Int64
        var name: String
        var email: String
    }

    func run(_ context: JobContext) async throws {
        let since = until.addingTimeInterval(-24 * 3600)
        let (posts, readers) = try await context.database.read { db in
            let posts = try await db.fetchAll(
                Post.self,
                """
                SELECT blog.id, blog.title, "user".id, "user".displayName FROM blog JOIN "user" ON "user".id = blog.userID
                WHERE blog.createdAt >= ? AND blog.createdAt < ? AND blog.trashedAt IS NULL ORDER BY blog.createdAt DESC, blog.id DESC LIMIT 21
                """, [since, until])
            let readers = try await db.fetchAll(
                Reader.self,
                """
                SELECT "user".id, "user".displayName, "user".email FROM "user" JOIN profile_details ON profile_details.userID = "user".id
                WHERE "user".email IS NOT NULL AND (',' || profile_details.mails || ',') LIKE '%,digest,%' ORDER BY "user".id
                """)
            return (posts, readers)
        }
        guard !posts.isEmpty else { return }
        let mails = try readers.compactMap { reader -> Mail? in
            let theirs = posts.filter { $0.authorID != reader.id }.prefix(20).map {
                DigestMail.Post(title: $0.title, authorName: $0.author, url: context.site.absoluteURL(DemoURLs.blog($0.id)))
            }
            guard !theirs.isEmpty, let address = MailAddress(reader.email) else { return nil }
            return try context.site.mail(DigestMail(name: reader.name, posts: Array(theirs)), to: [address])
        }
        try await context.complete { db in
            for mail in mails { try await mail.send(in: db) }
        }
    }
}
