import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

// MARK: - DevRoutes

/// The dev server's additions: `GET /_tessera/events` (server-sent events that tell pages to
/// reload) and a middleware that shows template errors in the browser.
enum DevRoutes {
    /// The events URL the layout's `tessera-dev-events` meta tag points at.
    static let eventsPath = "/_tessera/events"

    /// Mounts the events route and the error-page middleware for `reloader` on `router`.
    ///
    /// An open event stream ends when the server begins its graceful shutdown (SIGINT,
    /// SIGTERM), so a page left open never keeps the server from exiting.
    static func mount(_ reloader: DevReloader, on router: Router<TesseraRequestContext>) {
        router.add(middleware: DevErrorMiddleware(reloader: reloader))
        router.get(RouterPath(eventsPath)) { _, _ in
            let events = reloader.events()
            let body = ResponseBody { writer in
                try await writer.write(ByteBuffer(string: ": connected\n\n"))
                try await withGracefulShutdownHandler {
                    for await event in events {
                        try await writer.write(ByteBuffer(string: "event: \(event)\ndata: \(event)\n\n"))
                    }
                } onGracefulShutdown: {
                    reloader.endEvents()
                }
                try await writer.finish(nil)
            }
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
        }
    }
}

// MARK: - DevErrorMiddleware

/// While the templates are broken, answers page requests with an error page listing each
/// problem as `file:line:col`, with the lines around it. The page reloads itself when fixed.
struct DevErrorMiddleware: RouterMiddleware {
    typealias Context = TesseraRequestContext
    let reloader: DevReloader

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let errors = reloader.errors, request.uri.path != DevRoutes.eventsPath else {
            return try await next(request, context)
        }
        return HTMLResponse.make(Self.page(errors, viewsParent: URL(fileURLWithPath: reloader.site.configuration.viewsDirectory)), status: .internalServerError)
    }

    /// The error page's bytes (written by hand: the templates are what is broken).
    static func page(_ errors: TemplateErrors, viewsParent views: URL) -> [UInt8] {
        var writer = HTMLWriter()
        writer.writeRaw("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Template error</title>")
        writer.writeRaw("<link rel=\"stylesheet\" href=\"/css/app.css\"><script src=\"/js/tessera.js\" defer></script>")
        writer.writeRaw("<meta name=\"tessera-dev-events\" content=\"/_tessera/events\"></head><body class=\"dev-error\"><main class=\"page\">")
        writer.writeRaw("<h1>Template error</h1><p>Fix it and this page reloads by itself.</p>")
        for diagnostic in errors.diagnostics {
            writer.writeRaw("<section class=\"card\"><h2><code>")
            writer.writeEscaped(diagnostic.description)
            writer.writeRaw("</code></h2><pre>")
            let relative = diagnostic.file.split(separator: "/").dropFirst().joined(separator: "/")
            let lines = (try? String(contentsOf: views.appendingPathComponent(relative), encoding: .utf8))?
                .split(separator: "\n", omittingEmptySubsequences: false) ?? []
            let first = max(1, diagnostic.line - 3)
            let last = min(lines.count, diagnostic.line + 3)
            if first <= last {
                for number in first...last {
                    writer.writeEscaped((number == diagnostic.line ? "> " : "  ") + String(number).leftPad(4) + " | " + lines[number - 1])
                    writer.writeRaw("\n")
                    if number == diagnostic.line {
                        writer.writeEscaped(String(repeating: " ", count: 9 + max(0, diagnostic.column - 1)) + "^")
                        writer.writeRaw("\n")
                    }
                }
            }
            writer.writeRaw("</pre></section>")
        }
        writer.writeRaw("</main></body></html>")
        return writer.bytes
    }
}

extension String {
    fileprivate func leftPad(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
