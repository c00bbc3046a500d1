import Foundation
import Tessera

// MARK: - PublishDraftFlow

/// Publishing a draft, start to end, in one readable function: find → check → save → move →
/// record. Each step is a model rule or a store call; the flow only says their order.
enum PublishDraftFlow {
    /// A draft that became a blog.
    struct Published: Sendable, Equatable {
        let draftID: Int64
        let blogID: Int64

        /// What the action's analytics event would record about it: the draft form's event can
        /// carry only the draft's id today, since a component cannot tell analytics what its
        /// action made (see ``DraftFormComponent``).
        var analyticsDetail: String { "draft \(draftID) → blog \(blogID)" }
    }

    /// How it ended: published, or refused with a message per field.
    enum Outcome: Sendable, Equatable {
        case published(Published)
        case refused([Draft.Field: String])
    }

    /// Publishes `userID`'s draft `id` with its latest `title` and `body`.
    ///
    /// Someone else's (or a missing) draft is a 404. Refused text changes nothing.
    static func run(
        draft id: Int64, title: String, body: String, by userID: Int64, database: CountingDatabase, at now: Date
    ) async throws -> Outcome {
        let store = DraftStore(database: database)
        // 1. Find: only the author's own draft exists for them.
        guard var draft = try await store.draft(id, of: userID) else { throw RequestError.notFound() }
        // 2. Check the latest text against the publishing rules.
        draft.title = title
        draft.body = body
        let problems = draft.problems(publishing: true)
        guard problems.isEmpty else { return .refused(problems) }
        // 3. Save it, so what is published is what the author last wrote.
        guard try await store.save(id, of: userID, title: title, body: body, at: now) else { throw RequestError.notFound() }
        // 4. Move it to the blogs, in one transaction.
        guard let blogID = try await store.publish(id, of: userID, at: now) else { throw RequestError.notFound() }
        // 5. Record: Tessera records the action; this detail goes with it.
        return .published(Published(draftID: id, blogID: blogID))
    }
}
