import Hummingbird

// MARK: - DrainingMiddleware

/// While the process drains (``ProcessHealth``), marks every answer `Connection: close`, so a
/// proxy keeping connections to this process (nginx's `keepalive` pool) drops each one after
/// its answer instead of sending a request on it just as the port closes and the idle ones are
/// closed — which would cut a `POST` that nginx may not send elsewhere. Outermost: one atomic
/// read per request.
struct DrainingMiddleware<Context: RequestContext>: RouterMiddleware {
    let health: ProcessHealth

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if health.phase == .draining { response.headers[.connection] = "close" }
        return response
    }
}
