// MARK: - Guarded actions

extension SceneRunner {
    /// Runs `handler` once per form submission (``SubmissionGuard``): a repeat of a claimed
    /// `_once` token answers as the first did — a redirect to where it went, the page again
    /// (plain posts), or the acting component's fragment loaded again (script posts) — without
    /// running the handler.
    /// A refused (`.invalid`) or failed submission releases its claim.
    static func guarded(
        _ scope: RequestScope, _ scene: Scene, acting: AnyComponent.Type, _ handler: () async throws -> ActionResult
    ) async throws -> ActionResult {
        let submissions = SubmissionGuard(database: scope.site.database)
        let path = scope.request.uri.path
        switch try await submissions.claim(token: scope.form[SubmissionGuard.field], path: path) {
        case .unguarded:
            return try await handler()
        case .repeated(let location):
            if let location { return .redirect(to: location) }
            return scope.wantsFragment ? ActionResult.done.updating(acting) : .redirect(to: scene.url(scope))
        case .first(let token):
            let result: ActionResult
            do {
                result = try await handler()
            } catch {
                try? await submissions.release(token: token, path: path)
                throw error
            }
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
    }
}
