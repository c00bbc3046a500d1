import Foundation
import Tessera

// MARK: - CommentMail

/// The mail telling a post's author about a new comment (`Views/Mail/CommentMail.*`).
@TemplateModel
struct CommentMail: MailMessage {
    /// The post's author's shown name.
    let authorName: String
    /// Who commented.
    let commenterName: String
    /// The post's title.
    let postTitle: String
    /// The comment, cut to a few lines.
    let excerpt: String
    /// The post's page, absolute.
    let postURL: String
    var subject: String { "\(commenterName) commented on “\(TextExcerpt.line(postTitle, maxScalars: 60))”" }
}

// MARK: - CommentMailJob

/// Mails a post's author about comment `commentID`, enqueued with the comment: nothing when the
/// comment is gone, was the author's own, or the author has no confirmed address or turned such
/// mails off (``ProfileDetails/mails``). The mail is enqueued with this job's completion, and
/// its own job's Message-ID stays the same on every try, so a delivery repeated after a crash
/// is the same mail to the receiving server.
struct CommentMailJob: Job {
    static var name: String { "demo.comment-mail" }
    let commentID: Int64

    /// What the mail needs, read in one statement.
    @SQLRecord
    struct Found {
        var blogID: Int64
        var title: String
        var authorName: String
        var email: String?
        var commenterName: String
        var body: String
        var mails: String
    }

    func run(_ context: JobContext) async throws {
        let found = try await context.database.read { db in
            try await db.fetchOne(
                Found.self,
                """
                SELECT blog.id, blog.title, author.displayName, author.email, commenter.displayName, comment.body,
                  COALESCE(profile_details.mails, 'comments')
                FROM comment JOIN blog ON blog.id = comment.blogID JOIN "user" author ON author.id = blog.userID
                JOIN "user" commenter ON commenter.id = comment.userID LEFT JOIN profile_details ON profile_details.userID = author.id
                WHERE comment.id = ? AND comment.userID != blog.userID
                """, [commentID])
        }
        guard let found, let email = found.email.flatMap(MailAddress.init), found.mails.split(separator: ",").contains("comments")
        else { return }
        let mail = CommentMail(
            authorName: found.authorName, commenterName: found.commenterName, postTitle: found.title,
            excerpt: TextExcerpt.cut(found.body, maxScalars: 400), postURL: context.site.absoluteURL(DemoURLs.blog(found.blogID)))
        try await context.complete { db in try await context.site.mail(mail, to: [email]).send(in: db) }
    }
}
