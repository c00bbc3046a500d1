import HTTPTypes
import Hummingbird
import Logging

// MARK: - ErrorPageMiddleware

/// Turns every error into an HTML error page: a ``RequestError`` or Hummingbird `HTTPError`
/// keeps its status and message; anything else is a 500 that says nothing about the cause
/// (which goes to the log). No stack trace ever reaches the visitor.
public struct ErrorPageMiddleware: RouterMiddleware {
    /// Tessera's request context.
    public typealias Context = TesseraRequestContext

    let site: Site

    /// Error pages rendered with `site`'s templates (`Tessera/ErrorPage`).
    public init(site: Site) { self.site = site }

    /// Runs the request; turns any error into an error page.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as RequestError {
            var response = page(status: error.status, message: error.message)
            response.headers.append(contentsOf: error.headers)
            return response
        } catch let error as HTTPError {
            return page(status: error.status, message: Self.message(for: error.status))
        } catch {
            site.logger.error("\(request.method) \(request.uri.path) failed: \(String(reflecting: error))")
            return page(status: .internalServerError, message: Self.message(for: .internalServerError))
        }
    }

    /// The error page for `status` with `message`.
    func page(status: HTTPResponse.Status, message: String) -> Response {
        let model: [String: TemplateValue] = [
            "status": .int(status.code), "title": .string(status.reasonPhrase), "message": .string(message),
        ]
        let html = site.templates.render(BuiltInTemplates.errorPage, model)
        return HTMLResponse.make(html.bytes, status: status)
    }

    static func message(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 404: "There is nothing at this address."
        case 405: "This address does not accept that kind of request."
        case 413: "The request is larger than allowed."
        case 400..<500: "The request could not be understood."
        default: "Something went wrong on our side. Please try again in a moment."
        }
    }
}
