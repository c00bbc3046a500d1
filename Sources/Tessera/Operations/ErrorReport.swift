import Foundation

// MARK: - ErrorReport

/// One thing that went wrong, for the app's ``ErrorReporter``s: a request answered with a
/// `5xx`, or a job that failed for good, with where, for whom, and the error. It holds no form
/// value, query, cookie or body.
public struct ErrorReport: Sendable, CustomStringConvertible {
    /// Where it happened.
    package enum Origin: Sendable, Equatable {
        /// A request: its method, its route's pattern (`/books/:id`, or its path when no route
        /// matched), and the status it was answered with.
        case request(method: String, route: String, status: Int)
        /// A job: its name, its id, and the try that failed (its last).
        case job(name: String, id: Int64, attempt: Int)
    }

    /// Where it happened.
    package let origin: Origin
    /// The request's id (`X-Request-ID`, or one Tessera made); for a job, the id of the request
    /// that enqueued it, if one did.
    package let requestID: String?
    /// The member signed in to the request, if any (nil for a job).
    package let memberID: Int64?
    /// The error thrown, when one was (a handler may answer a `5xx` without throwing).
    package let error: (any Error)?
    /// When it happened.
    package let time: Date

    /// A report of `error` at `origin`.
    package init(origin: Origin, requestID: String?, memberID: Int64?, error: (any Error)?, time: Date = Date()) {
        self.origin = origin
        self.requestID = requestID
        self.memberID = memberID
        self.error = error
        self.time = time
    }

    /// `GET /books/:id 500 request 5f0c… member 2: <the error>`, or
    /// `job mail 12 (try 3) request 5f0c…: <the error>`.
    public var description: String {
        var text: String
        switch origin {
        case let .request(method, route, status): text = "\(method) \(route) \(status)"
        case let .job(name, id, attempt): text = "job \(name) \(id) (try \(attempt))"
        }
        if let requestID { text += " request \(requestID)" }
        if let memberID { text += " member \(memberID)" }
        return text + ": " + (error.map { String(reflecting: $0) } ?? "no error thrown")
    }
}
