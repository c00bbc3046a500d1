import HTTPTypes
import Hummingbird
import Logging

// MARK: - ErrorPageMiddleware

/// Turns every error into an HTML error page inside the site's layout (its header, navigation
/// and footer, the site's name in the title, a link home): a ``RequestError`` or Hummingbird
/// `HTTPError` keeps its status and message; a write the database refused for a foreign or
/// unique key (about a row that is gone, or made twice at once) is a 409; anything else is a
/// 500 that says nothing about the cause (which goes to the log). No stack trace ever reaches the visitor.
///
/// The page body is `Tessera/ErrorPage`; the layout is the site's default layout, or Tessera's
/// own (`BuiltInTemplates.layout`) when the site has none. A `4xx` page is rendered with the
/// app's globals, like any page: for the member the request's session cookie names (one
/// statement to find the session; ``SecurityHeadersMiddleware`` keeps it out of caches), so a member who
/// follows a dead link still sees themselves signed in, or else for a visitor. A `5xx` page is
/// rendered for a visitor (no session read, no notice taken): only the app's globals run, so
/// the layout's links are whole.
struct ErrorPageMiddleware: RouterMiddleware {
    /// Tessera's request context.
    typealias Context = TesseraRequestContext

    let site: Site

    /// Error pages rendered with `site`'s templates.
    init(site: Site) { self.site = site }

    /// Runs the request; turns any error into an error page.
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as RequestError {
            var response = await page(status: error.status, message: error.message, for: request)
            response.headers.append(contentsOf: error.headers)
            return response
        } catch let error as HTTPError {
            return await page(status: error.status, message: Self.message(for: error.status), for: request)
        } catch let error as SQLError where error.kind == .foreignKeyViolation || error.kind == .uniqueViolation {
            // A write about a row that is gone, or made twice at once: the request's own doing.
            site.logger.info("\(request.method) \(request.uri.path) refused by the database: \(error.message)")
            return await page(status: .conflict, message: Self.conflictMessage, for: request)
        } catch let error as SQLError where error.kind == .unstorableText {
            site.logger.info("\(request.method) \(request.uri.path) refused by the database: \(error.message)")
            return await page(status: .badRequest, message: Self.unstorableTextMessage, for: request)
        } catch {
            site.logger.error("\(request.method) \(request.uri.path) failed: \(String(reflecting: error))")
            RequestLog.current?.setFailure(error)
            let details = site.configuration.isDevelopment ? Self.details(of: error, request) : nil
            return await page(status: .internalServerError, message: Self.message(for: .internalServerError), details: details, for: request)
        }
    }

    /// The error page for `status` with `message` (and, in development, `details` below it),
    /// inside the layout with the app's globals: for `request`'s member or visitor when it is a
    /// `4xx`; for a visitor otherwise (no session read, no notice taken: nothing that may be what
    /// failed).
    func page(status: HTTPResponse.Status, message: String, details: String? = nil, for request: Request) async -> Response {
        let scope = (400..<500).contains(status.code) ? await self.scope(for: request) : visitor(request)
        // The app's globals may be what failed: then the page is drawn without them.
        let app = (try? await site.globals(scope)) ?? EmptyModel()
        return page(status: status, message: message, details: details, renderer: await site.renderer(for: scope, app: app, takingNotice: false))
    }

    private func page(status: HTTPResponse.Status, message: String, details: String? = nil, renderer: TemplateRenderer) -> Response {
        let templates = site.templates
        let model: [String: TemplateValue] = [
            "status": .int(status.code), "title": .string(Self.title(for: status)), "message": .string(message),
            "homeURL": .string("/"), "details": details.map(TemplateValue.string) ?? .null,
        ]
        var head = PageHead(title: Self.title(for: status))
        head.status = status
        head.bodyClass = "error"
        let layout = site.configuration.defaultLayout.flatMap { templates.contains($0) ? $0 : nil } ?? BuiltInTemplates.layout
        var page = HTMLWriter(capacity: 8192)
        site.writePage(layout: layout, head: head, body: ErrorPageBody(model: model), renderer: renderer, into: &page)
        return HTMLResponse.make(page, status: status)
    }

    /// A scope for `request`: the member its session cookie names (with the session's CSRF token,
    /// for the layout's sign-out form), or a visitor (no cookie, no live session, or the
    /// database failing) with no token.
    private func scope(for request: Request) async -> RequestScope {
        let scope = visitor(request)
        if let id = SessionMiddleware.sessionID(in: request, secure: site.configuration.usesTLS),
            let session = try? await SessionStore(database: site.database).find(id)
        {
            return scope.seen(as: session)
        }
        return scope
    }

    /// A visitor's scope for `request`: no session, the placeholder token.
    private func visitor(_ request: Request) -> RequestScope {
        let standalone = RequestScope.standalone(site: site)
        return standalone.seen(as: standalone.session, request: request)
    }

    /// What a developer needs to find an unexpected error (shown by `serve --dev` only, never in
    /// production): the request, the error's type, and everything it says about itself —
    /// for a database error, the statement.
    static func details(of error: any Error, _ request: Request) -> String {
        "\(request.method) \(request.uri.path)\n\(type(of: error)): \(String(reflecting: error))"
    }

    /// The page's heading for `status`, in plain words.
    static func title(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "That request could not be used"
        case 403: "You cannot do that here"
        case 404: "Page not found"
        case 405: "That cannot be done at this address"
        case 409: "That changed meanwhile"
        case 413: "That is too large"
        case 429: "Too many attempts"
        case 400..<500: "That request could not be used"
        default: "Something went wrong"
        }
    }

    /// The message of a write the database refused as the request's doing (`SQLError.Kind`).
    static let conflictMessage = "What this refers to does not exist any more, or was just made. Go back, reload the page and try again."
    /// The message for text the database cannot store.
    static let unstorableTextMessage = "The text sent contains a character that cannot be stored (U+0000). Remove it and send again."

    /// The sentence shown when the error carries none of its own.
    static func message(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 404: "There is nothing at this address. It may have moved, or the link may be mistyped."
        case 405: "This address does not accept that kind of request."
        case 413: "What was sent is larger than this site accepts."
        case 429: "Please wait a moment before trying again."
        case 400..<500: "Something in the request was not right. Go back and try again."
        default: "Something went wrong on our side. Please try again in a moment."
        }
    }
}

// MARK: - ErrorPageBody

/// The error page's body (`BuiltInTemplates.errorPage`), written in place inside the layout.
struct ErrorPageBody: HTMLFragment {
    let model: [String: TemplateValue]

    func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        renderer.render(BuiltInTemplates.errorPage, model, into: &writer)
    }
}
