import Foundation
import Logging
import ServiceLifecycle
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// The server's log: lines gathered in memory and written in large writes, in order, at once
/// for warnings, and all of them at shutdown.
@Suite("Log buffer")
struct LogBufferTests {
    /// A temporary file open for writing, and what it holds.
    final class LogFile {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString).txt").path
        let descriptor: Int32
        init() { descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        deinit {
            close(descriptor)
            unlink(path)
        }
        var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    }

    @Test("lines wait in memory until a flush, then are written in order")
    func linesWaitForAFlush() {
        let file = LogFile()
        let buffer = LogBuffer(descriptor: file.descriptor)
        for index in 0..<100 { buffer.append("line \(index)\n") }
        #expect(file.text.isEmpty)
        #expect(buffer.bufferedCount > 0)
        buffer.flush()
        #expect(file.text == (0..<100).map { "line \($0)\n" }.joined())
        #expect(buffer.bufferedCount == 0)
    }

    @Test("a buffer that reaches its capacity writes without waiting for a flush")
    func fullBufferWrites() {
        let file = LogFile()
        let buffer = LogBuffer(descriptor: file.descriptor, capacity: 64)
        buffer.append(String(repeating: "a", count: 40) + "\n")
        #expect(file.text.isEmpty)
        buffer.append(String(repeating: "b", count: 40) + "\n")
        #expect(file.text == String(repeating: "a", count: 40) + "\n" + String(repeating: "b", count: 40) + "\n")
    }

    @Test("lines from many threads are written whole, none lost")
    func concurrentLinesStayWhole() async {
        let file = LogFile()
        let buffer = LogBuffer(descriptor: file.descriptor, capacity: 1000)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask { for index in 0..<500 { buffer.append("task \(task) line \(index)\n") } }
            }
        }
        buffer.flush()
        let lines = file.text.split(separator: "\n")
        #expect(lines.count == 4000)
        #expect(Set(lines).count == 4000)
        for task in 0..<8 {
            let own = lines.filter { $0.hasPrefix("task \(task) ") }.map(String.init)
            #expect(own == (0..<500).map { "task \(task) line \($0)" }, "each task's lines keep their order")
        }
    }

    @Test("the handler writes StreamLogHandler's line and flushes at once for a warning")
    func warningsFlushAtOnce() {
        let file = LogFile()
        let buffer = LogBuffer(descriptor: file.descriptor)
        let logger = Logger(label: "shop") { BufferedLogHandler(label: $0, buffer: buffer) }
        logger.info("GET / 200")
        logger.debug("not at the default level")
        #expect(file.text.isEmpty)
        logger.warning("disk nearly full")
        let lines = file.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(" info shop: [TesseraTests] GET / 200") == true)
        #expect(lines.last?.hasSuffix(" warning shop: [TesseraTests] disk nearly full") == true)
    }

    @Test("a graceful shutdown ends the flusher after it writes everything left")
    func flusherWritesOnScheduleAndAtShutdown() async throws {
        let file = LogFile()
        let buffer = LogBuffer(descriptor: file.descriptor)
        // An hour between flushes: only the shutdown can write this line.
        let group = ServiceGroup(
            configuration: .init(
                services: [LogBufferFlusher(buffer: buffer, interval: .seconds(3600))],
                logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
        buffer.append("last words\n")
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(file.text == "last words\n")
    }
}
