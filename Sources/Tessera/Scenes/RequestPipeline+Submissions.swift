// MARK: - Guarded actions

extension RequestPipeline {
    /// Runs `handler` once per form submission (``SubmissionGuard``): the token's claim commits
    /// with the handler's first write through its scope's database, so a killed process leaves
    /// the claim and the write together or neither. A repeat of a claimed `_once` token answers
    /// as the first did — a redirect to where it went, the page again (plain posts), or the
    /// acting component's fragment loaded again (script posts) — without running the handler,
    /// or rolls back at its first write if it started alongside the first.
    /// A refused (`.invalid`) submission releases its claim; one that failed after its first
    /// write keeps it.
    static func guarded(
        _ scope: RequestScope, _ scene: Scene, _ handler: (RequestScope) async throws -> AnyActionResult
    ) async throws -> AnyActionResult {
        let submissions = SubmissionGuard(database: scope.site.database)
        let path = scope.request.uri.path
        let token: String
        switch try await submissions.look(token: scope.form[SubmissionGuard.field], owner: scope.session.csrfToken, path: path) {
        case .unguarded: return try await handler(scope)
        case .repeated(let location): return repeated(going: location, scope, scene)
        case .fresh(let fresh): token = fresh
        }
        let claim = FirstWriteClaim(token: token, path: path)
        let result: AnyActionResult
        do {
            result = try await handler(scope.claiming(claim))
        } catch is FirstWriteClaim.AlreadyClaimed {
            return repeated(going: try await submissions.waitForFirst(token: token, path: path), scope, scene)
        } catch {
            // Its first write committed: a retry answers as done rather than writing again.
            if claim.isCommitted { try? await submissions.finish(token: token, path: path, location: nil) }
            throw error
        }
        guard claim.isCommitted else { return result }  // it wrote nothing: nothing to remember
        switch result.outcome {
        case .invalid:
            try await submissions.release(token: token, path: path)
        case .redirect(let location):
            try await submissions.finish(token: token, path: path, location: location)
        case .done:
            try await submissions.finish(token: token, path: path, location: scope.wantsFragment ? nil : scene.url(scope))
        }
        return result
    }

    /// The answer to a repeat of a submission that went to `location` (nil: it has not finished,
    /// or answered in place): as the first did, without running the handler.
    private static func repeated(going location: String?, _ scope: RequestScope, _ scene: Scene) -> AnyActionResult {
        if let location { return AnyActionResult(outcome: .redirect(location)) }
        return AnyActionResult(outcome: scope.wantsFragment ? .done : .redirect(scene.url(scope)))
    }
}
