// MARK: - CommentThread

/// What a blog page's comment components share: the post, and the comment just posted (the
/// list marks it, so the client script moves focus to it).
final class CommentThread: @unchecked Sendable {
    /// The post the comments belong to.
    let blogID: Int64
    /// The comment posted by this request, if any.
    var postedID: Int64?

    /// The thread of `blogID`.
    init(blogID: Int64) { self.blogID = blogID }
}
