import HTTPTypes
import Hummingbird

// MARK: - RequestCookie

extension Request {
    /// The value of the cookie `name`, as Hummingbird's `cookies` parses it, or nil. The
    /// `Cookie` header's bytes are searched for `name=` first, so a request without that cookie
    /// (every visitor's, for most names) parses nothing.
    func cookieValue(_ name: String) -> String? {
        guard cookieHeaderContains(name + "=") else { return nil }
        return cookies[name]?.value
    }

    /// Whether a `Cookie` header's bytes hold `text` (no parsing).
    func cookieHeaderContains(_ text: String) -> Bool {
        headers.contains { $0.name == .cookie && $0.value.containsBytes(text) }
    }
}
