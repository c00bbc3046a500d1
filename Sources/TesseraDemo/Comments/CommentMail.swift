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

    func run(_ context: JobContext) async throws {
        let found = try await context.database.read { db in
            try await db.fetchOne(
                """
                SELECT blog.id, blog.title, author.id, author.displayName, author.email, commenter.displayName, comment.body,
                  COALESCE(profile_details.mails, 'comments')
                FROM comment JOIN blog ON blog.id = comment.blogID JOIN "user" author ON author.id = blog.userID
                JOIN "user" commenter ON commenter.id = comment.userID LEFT JOIN profile_details ON profile_details.userID = author.id
                WHERE comment.id = ? AND comment.userID != blog.userID
                """, [commentID]
            ) { row in
                (
                    blogID: try row[0] as Int64, title: try row[1] as String, authorName: try row[3] as String, email: try row[4] as String?,
                    commenterName: try row[5] as String, body: try row[6] as String, mails: try row[7] as String
                )
            }
        }
        guard let found, let email = found.email.flatMap(MailAddress.init), found.mails.split(separator: ",").contains("comments")
        else { return }
        let mail = CommentMail(
            authorName: found.authorName, commenterName: found.commenterName, postTitle: found.title,
            excerpt: TextExcerpt.cut(found.body, maxScalars: 400), postURL: context.site.absoluteURL(DemoURLs.blog(found.blogID)))
        try await context.complete { db in try await context.site.mail(mail, to: [email]).send(in: db) }
    }
}
