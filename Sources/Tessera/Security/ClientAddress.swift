import Foundation
import HTTPTypes

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - ClientAddress

/// The client's network address as throttles count it.
///
/// It is the connection's peer address, unless ``SiteConfiguration/clientAddressHeader`` names
/// a header a trusted reverse proxy sets (`X-Forwarded-For`, `X-Real-IP`): then the header's
/// last entry — the one the proxy itself appended — is used. IPv6 addresses are reduced to
/// their /64 network, since one client usually holds a whole /64. Without either, every client
/// shares the subject `unknown`.
enum ClientAddress {
    /// The throttle subject for `scope`'s client.
    static func subject(of scope: RequestScope) -> String {
        subject(headers: scope.request.headers, peer: scope.clientAddress, header: scope.site.configuration.clientAddressHeader)
    }

    /// The throttle subject of a client whose request has `headers`, connected from `peer`,
    /// behind a proxy setting `header` (nil: none).
    static func subject(headers: HTTPFields, peer: @autoclosure () -> String?, header: String?) -> String {
        if let header, let name = HTTPField.Name(header), let value = headers[values: name].last,
            let last = value.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
        {
            return normalised(last)
        }
        return peer().map(normalised) ?? "unknown"
    }

    /// `address` as a subject: IPv4 as is, IPv6 as its first four groups followed by `::/64`,
    /// anything else (not an address) cut to 64 bytes.
    static func normalised(_ address: String) -> String {
        guard address.contains(":") else { return String(decoding: address.utf8.prefix(64), as: UTF8.self) }
        var bytes = [UInt8](repeating: 0, count: 16)
        let parsed = bytes.withUnsafeMutableBytes { inet_pton(AF_INET6, address, $0.baseAddress) == 1 }
        guard parsed else { return String(decoding: address.utf8.prefix(64), as: UTF8.self) }
        let groups = (0..<4).map { String(UInt16(bytes[$0 * 2]) << 8 | UInt16(bytes[$0 * 2 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
