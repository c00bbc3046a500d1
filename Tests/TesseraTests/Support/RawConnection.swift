import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection, for what an HTTP client library would not do: send half a request,
/// or nothing, and see when the server hangs up. Its blocking reads run on a Dispatch thread,
/// never on Swift's cooperative pool, which the server under test needs.
final class RawConnection: Sendable {
    private let socket: Int32

    /// Connects to `127.0.0.1:port`. Reads give up after `readLimit` seconds (a safety net so a
    /// broken server fails the test instead of hanging it; never a pass condition).
    init(port: Int, readLimit: Int = 20) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EBADF) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // No close here: the object is whole, so throwing runs `deinit`, which closes the
        // socket. Closing it twice would close whatever the process opened under that number
        // meanwhile (another test's connection, which then crashes NIO with EBADF).
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var limit = timeval(tv_sec: readLimit, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    /// Sends `text`.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What one read returns.
    enum ReadResult: Equatable {
        /// Bytes arrived.
        case data(String)
        /// The server closed the connection.
        case closed
        /// Nothing came before the read limit.
        case timedOut
    }

    /// Waits for the next bytes, the server closing the connection, or the read limit.
    func read() async -> ReadResult {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.blockingRead()) }
        }
    }

    private func blockingRead() -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count > 0 { return .data(String(decoding: buffer[0..<count], as: UTF8.self)) }
        if count == 0 || errno == ECONNRESET { return .closed }
        return .timedOut
    }

    /// Reads until the server closes the connection (`true`) or the read limit passes (`false`).
    func waitForClose() async -> Bool {
        while true {
            switch await read() {
            case .data: continue
            case .closed: return true
            case .timedOut: return false
            }
        }
    }
}
