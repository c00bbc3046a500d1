#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging

// MARK: - JSONLogHandler

/// Writes each log event as one JSON object on one line (``LogFormat/json``) into a
/// ``LogBuffer``, which it flushes right after a line at `warning` or worse, as
/// ``BufferedLogHandler`` does for text:
///
/// `{"time":"2026-12-07T12:00:00.123Z","level":"info","label":"Book Club","message":"GET /books/2 200 9.24ms sql=6","request_id":"5f0c…","route":"/books/:id","status":200,…}`
///
/// Metadata become keys after `message` (the handler's own first, then the event's); an
/// integer, a floating-point number or a boolean given as a value stays a JSON number or
/// boolean, anything else is a string. Keys are never repeated: a metadata key named like one
/// of the four fixed ones is left out.
struct JSONLogHandler: LogHandler {
    private let label: String
    private let buffer: LogBuffer
    /// The lowest level logged; default `info`.
    var logLevel: Logger.Level = .info
    /// Metadata added to every line.
    var metadata: Logger.Metadata = [:]

    /// A handler labelled `label` writing to `buffer`.
    init(label: String, buffer: LogBuffer) {
        self.label = label
        self.buffer = buffer
    }

    // MARK: - LogHandler

    /// Writes `event` as one line of JSON; flushes the buffer for `warning` and worse.
    func log(event: LogEvent) {
        var line = "{\"time\":\""
        line.reserveCapacity(256)
        Self.appendTime(to: &line)
        line += "\",\"level\":\""
        line += event.level.rawValue
        line += "\",\"label\":"
        Self.appendString(label, to: &line)
        line += ",\"message\":"
        Self.appendString(event.message.description, to: &line)
        var seen: Set<String> = ["time", "level", "label", "message"]
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) where event.metadata?[key] == nil {
            Self.append(key, value, to: &line, seen: &seen)
        }
        for (key, value) in (event.metadata ?? [:]).sorted(by: { $0.key < $1.key }) {
            Self.append(key, value, to: &line, seen: &seen)
        }
        line += "}\n"
        buffer.append(line)
        if event.level >= .warning { buffer.flush() }
    }

    /// One metadata value.
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    // MARK: - Writing JSON

    /// Appends `,"key":value` unless `key` was written already.
    private static func append(_ key: String, _ value: Logger.Metadata.Value, to line: inout String, seen: inout Set<String>) {
        guard seen.insert(key).inserted else { return }
        line += ","
        appendString(key, to: &line)
        line += ":"
        appendValue(value, to: &line)
    }

    /// Appends `value` as JSON: a dictionary as an object, an array as an array, a number or a
    /// boolean as itself, anything else as a string.
    static func appendValue(_ value: Logger.Metadata.Value, to line: inout String) {
        switch value {
        case .string(let text):
            appendString(text, to: &line)
        case .stringConvertible(let item):
            switch item {
            case let number as Int: line += String(number)
            case let number as Int64: line += String(number)
            case let number as Double where number.isFinite: line += String(number)
            case let flag as Bool: line += flag ? "true" : "false"
            default: appendString(item.description, to: &line)
            }
        case .dictionary(let entries):
            line += "{"
            for (index, (key, item)) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { line += "," }
                appendString(key, to: &line)
                line += ":"
                appendValue(item, to: &line)
            }
            line += "}"
        case .array(let items):
            line += "["
            for (index, item) in items.enumerated() {
                if index > 0 { line += "," }
                appendValue(item, to: &line)
            }
            line += "]"
        }
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func appendString(_ text: String, to line: inout String) {
        line += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": line += "\\\""
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                line += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: line.unicodeScalars.append(scalar)
            }
        }
        line += "\""
    }

    /// Appends now, in UTC, to the millisecond: `2026-12-07T12:00:00.123Z`.
    static func appendTime(to line: inout String) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let milliseconds = Int(now.tv_nsec / 1_000_000)
        line += "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
        line += "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))."
        line += milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        line += "Z"
    }
}
