import Foundation
import HTTPTypes
import NIOCore
import Tessera
import Testing

// MARK: - TestClient

/// Requests to an app in the test's own process, the way a browser and Tessera's client script
/// make them: with a session's cookie, with its CSRF token on every form, as full pages or as
/// fragments (`X-Tessera-Fragment`). ``send(method:uri:headers:body:)`` sends anything else
/// (other methods, headers, raw bodies) as it is. ``TestApp/test(keepingFiles:_:)`` and
/// ``InProcessServer/test(_:)`` hand a test its client.
public struct TestClient: Sendable {
    /// The server the requests go to.
    let server: InProcessServer

    /// A client of `server`.
    init(server: InProcessServer) { self.server = server }

    // MARK: - Requests

    /// Sends one request as it is: `method` to `uri` (a path with its query) with `headers`
    /// and `body` (default none; a body gets its `Content-Length`), and returns the app's whole
    /// response.
    public func send(method: HTTPRequest.Method, uri: String, headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws
        -> TestResponse
    {
        try await server.respond(method: method, uri: uri, headers: headers, body: body)
    }

    /// GETs `uri` with `session`'s cookie (default none); `fragment` asks for fragments as the
    /// client script does.
    public func get(_ uri: String, as session: TestSession? = nil, fragment: Bool = false) async throws -> TestResponse {
        var headers = session?.headers ?? [:]
        if fragment { headers[Self.fragmentHeader] = "1" }
        return try await send(method: .get, uri: uri, headers: headers)
    }

    /// POSTs `fields` URL-encoded with the session's cookie and CSRF token (unless `token` says
    /// otherwise) and `extra` headers (default none); `fragment` asks for fragments as the
    /// client script does. This adds the token whatever the page's form holds: to test a form,
    /// use ``submit(_:on:_:removing:files:as:fragment:)``, which sends what the form holds, as a browser does.
    public func post(
        _ uri: String, _ fields: [(String, String)] = [], as session: TestSession, token: String? = nil, fragment: Bool = false,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = session.headers
        headers.append(contentsOf: extra)
        headers[.contentType] = "application/x-www-form-urlencoded"
        if fragment { headers[Self.fragmentHeader] = "1" }
        let body = Self.formBody([("_csrf", token ?? session.token)] + fields)
        return try await send(method: .post, uri: uri, headers: headers, body: ByteBuffer(string: body))
    }

    /// Submits the form `selector` picks on `page` as a browser would: to its `action`, every
    /// field the form holds (hidden inputs, so the CSRF and one-time tokens the template wrote,
    /// the values of its inputs, checked boxes, text areas, selected options). `fields` replace
    /// every value of their names (several pairs of one name: several checked boxes) or add new
    /// ones; the names in `removing` are left out (a box unchecked). `files` are chosen in the
    /// form's file inputs; a form with a file input, or with `enctype="multipart/form-data"`, is
    /// sent as `multipart/form-data` (an empty file part for an input left empty, as a browser
    /// sends). Nothing else is added: a form whose template forgot its token is refused here as
    /// it would be in a browser. The cookie is `session`'s, or the one `page` set (a visitor's
    /// first page). `fragment` posts as the client script does. Throws when `selector` does not
    /// pick exactly one form with an `action`.
    public func submit(
        _ selector: String = "form", on page: TestResponse, _ fields: [(String, String)] = [], removing: Set<String> = [],
        files: [UploadedFile] = [], as session: TestSession? = nil, fragment: Bool = false
    ) async throws -> TestResponse {
        try await submit(
            selector, in: page.document, fields, removing: removing, files: files, cookie: session?.cookie ?? Self.cookie(in: page),
            fragment: fragment)
    }

    /// Submits the form `selector` picks in `document` with `cookie` (default none), as
    /// ``submit(_:on:_:removing:files:as:fragment:)`` does.
    public func submit(
        _ selector: String = "form", in document: HTMLDocument, _ fields: [(String, String)] = [], removing: Set<String> = [],
        files: [UploadedFile] = [], cookie: String? = nil, fragment: Bool = false
    ) async throws -> TestResponse {
        let forms = document.select(selector).filter { $0.name == "form" }
        guard forms.count == 1, let action = forms[0][attribute: "action"] else {
            throw TestClientError(message: "'\(selector)' picks \(forms.count) forms with an action on the page, not one")
        }
        let replaced = Set(fields.map(\.0)).union(removing)
        let values = Self.fields(of: selector, in: document).filter { !replaced.contains($0.0) } + fields
        var headers: HTTPFields = [:]
        if let cookie { headers[.cookie] = cookie }
        if fragment {
            headers[Self.fragmentHeader] = "1"
            if let token = values.first(where: { $0.0 == "_csrf" })?.1 { headers[HTTPField.Name("X-CSRF-Token")!] = token }
        }
        let fileInputs = document.select("\(selector) input[type=file][name]").compactMap { $0[attribute: "name"] }
        let multipart = !fileInputs.isEmpty || !files.isEmpty || forms[0][attribute: "enctype"]?.lowercased() == "multipart/form-data"
        guard multipart else {
            headers[.contentType] = "application/x-www-form-urlencoded"
            return try await send(method: .post, uri: action, headers: headers, body: ByteBuffer(string: Self.formBody(values)))
        }
        let empty = fileInputs.filter { name in !files.contains { $0.field == name } }.map { UploadedFile(field: $0, filename: "", contentType: "application/octet-stream", data: []) }
        let boundary = "tessera-test-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        let body = Self.multipartBody(values, files: files + empty, boundary: boundary)
        return try await send(method: .post, uri: action, headers: headers, body: ByteBuffer(bytes: body))
    }

    /// The name–value pairs a browser sends for the form `selector` picks, in document order
    /// of each kind: inputs (checkboxes and radios only when checked; no buttons or files),
    /// text areas, then selects (their selected option, or the first).
    static func fields(of selector: String, in document: HTMLDocument) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for input in document.select("\(selector) input[name]") {
            let type = (input[attribute: "type"] ?? "text").lowercased()
            if ["submit", "button", "image", "reset", "file"].contains(type) { continue }
            if type == "checkbox" || type == "radio", input[attribute: "checked"] == nil { continue }
            pairs.append((input[attribute: "name"] ?? "", input[attribute: "value"] ?? (type == "checkbox" ? "on" : "")))
        }
        for area in document.select("\(selector) textarea[name]") {
            // The HTML parser drops one newline right after <textarea>.
            let text = area.rawText.hasPrefix("\n") ? String(area.rawText.dropFirst()) : area.rawText
            pairs.append((area[attribute: "name"] ?? "", text))
        }
        for select in document.select("\(selector) select[name]") {
            let name = select[attribute: "name"] ?? ""
            let options = document.select("\(selector) select[name=\"\(name)\"] option")
            if let option = options.first(where: { $0[attribute: "selected"] != nil }) ?? options.first {
                pairs.append((name, option[attribute: "value"] ?? option.text))
            }
        }
        return pairs
    }

    /// `fields` and `files` as a `multipart/form-data` body between `boundary` lines.
    static func multipartBody(_ fields: [(String, String)], files: [UploadedFile], boundary: String) -> [UInt8] {
        var body: [UInt8] = []
        func quoted(_ text: String) -> String { text.replacingOccurrences(of: "\"", with: "%22") }
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quoted(name))\"\r\n\r\n\(value)\r\n".utf8)
        }
        for file in files {
            body += Array(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quoted(file.field))\"; filename=\"\(quoted(file.filename))\"\r\nContent-Type: \(file.contentType)\r\n\r\n".utf8)
            body += file.data + Array("\r\n".utf8)
        }
        return body + Array("--\(boundary)--\r\n".utf8)
    }

    /// `fields` URL-encoded, as a browser posts a form.
    static func formBody(_ fields: [(String, String)]) -> String {
        fields.map { URLQuery.escape($0.0) + "=" + URLQuery.escape($0.1) }.joined(separator: "&")
    }

    // MARK: - Sessions

    /// A visitor's session: the cookie a first page load of `uri` sets, and the CSRF token in
    /// that page's forms (both empty if it has none: a page without a form sets no cookie).
    public func visit(_ uri: String) async throws -> TestSession {
        let response = try await send(method: .get, uri: uri)
        return TestSession(cookie: Self.cookie(in: response) ?? "", token: Self.csrfToken(in: response.text))
    }

    /// The session `response` started (its `Set-Cookie`, after signing up or in), with the CSRF
    /// token its pages carry, read from `uri` (default `/`): a session that posts as a browser
    /// would. Throws when `response` set no cookie or `uri`'s page holds no token.
    public func session(after response: TestResponse, reading uri: String = "/") async throws -> TestSession {
        guard let cookie = Self.cookie(in: response) else {
            throw TestClientError(message: "the response (\(response.status)) set no cookie to start a session with")
        }
        let page = try await send(method: .get, uri: uri, headers: [.cookie: cookie])
        let token = Self.csrfToken(in: page.text)
        guard !token.isEmpty else { throw TestClientError(message: "\(uri) holds no CSRF token for the new session") }
        return TestSession(cookie: cookie, token: token)
    }

    /// Signs in by posting `fields` to the sign-in form at `uri`, then returns the signed-in
    /// session (its new cookie, and the token its pages now carry). Fails the calling test and
    /// throws when the app does not answer with a redirect.
    public func signIn(at uri: String, _ fields: [(String, String)]) async throws -> TestSession {
        let visitor = try await visit(uri)
        let response = try await post(uri, fields, as: visitor)
        guard response.status == .seeOther, let cookie = Self.cookie(in: response) else {
            throw TestClientError(message: "signing in at \(uri) answered \(response.status), not a redirect with a new session")
        }
        let page = try await send(method: .get, uri: uri, headers: [.cookie: cookie])
        return TestSession(cookie: cookie, token: Self.csrfToken(in: page.text))
    }

    // MARK: - Reading

    /// The first CSRF token in a page's forms, or "".
    public static func csrfToken(in html: String) -> String {
        html.components(separatedBy: "name=\"_csrf\" value=\"").dropFirst().first?.prefix(64).description ?? ""
    }

    /// The `name=value` of the cookie `response` sets, if any.
    public static func cookie(in response: TestResponse) -> String? {
        response.headers[.setCookie].flatMap { $0.split(separator: ";").first.map(String.init) }
    }

    /// The header asking for fragments.
    static let fragmentHeader = HTTPField.Name("X-Tessera-Fragment")!
}

/// A test request that did not go as the helper needs.
public struct TestClientError: Error, CustomStringConvertible {
    /// What happened.
    public let message: String
    /// The message.
    public var description: String { message }
}
