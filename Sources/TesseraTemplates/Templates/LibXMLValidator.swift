import CLibXML2

// MARK: - LibXMLValidator

/// Parses a masked template with libxml2's HTML parser and turns its complaints into
/// diagnostics.
///
/// Debian 12's libxml2 (2.9) predates HTML5, so it calls `<section>`, `<main>`, `<nav>`… invalid
/// tags (error 801, `XML_HTML_UNKNOWN_TAG`); those are dropped, and so is an `id` defined twice
/// when it is masked text (`{{id}}` in two sections only one of which renders, as in
/// `Tessera/Field`). Everything else it reports — broken attributes, stray `&`, end tags with no
/// open element, a literal `id` written twice — is an error.
enum LibXMLValidator {
    /// libxml2's code for "Tag X invalid": an element name HTML 4 did not know.
    static let unknownTagCode: Int32 = 801

    /// libxml2's global state, set up once before the first parse (its documentation asks for
    /// `xmlInitParser()` before parsing from several threads, as parallel tests and the dev
    /// server's reloads do). Swift runs a static's initializer once, thread-safely.
    static let parserReady: Void = xmlInitParser()

    /// The diagnostics libxml2 reports for `masked` (already masked, same length as the file);
    /// none for a blank one.
    static func diagnostics(masked: [UInt8], file: String) -> [TemplateDiagnostic] {
        // A template of tags alone (partials, sections) is blank once masked: nothing to parse.
        guard masked.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return [] }
        _ = parserReady
        let collector = Collector(file: file)
        let handle = Unmanaged.passRetained(collector)
        defer { handle.release() }

        // The handler is per thread in libxml2; nothing awaits between setting and resetting it.
        xmlSetStructuredErrorFunc(handle.toOpaque()) { context, error in
            guard let context, let error else { return }
            Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }

        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOIMPLIED.rawValue | HTML_PARSE_NOWARNING.rawValue)
        masked.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let document = htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", options) {
                    xmlFreeDoc(document)
                }
            }
        }
        return collector.diagnostics
    }

    // MARK: - Collector

    /// Gathers errors from the C callback.
    private final class Collector {
        let file: String
        var diagnostics: [TemplateDiagnostic] = []

        init(file: String) { self.file = file }

        func record(_ error: xmlError) {
            guard error.code != LibXMLValidator.unknownTagCode, error.level.rawValue >= XML_ERR_ERROR.rawValue else {
                return
            }
            let message = error.message.map { String(cString: $0) } ?? "HTML error"
            if Self.isMaskedIDRedefined(message) { return }
            diagnostics.append(
                TemplateDiagnostic(
                    file: file, line: Int(error.line), column: max(1, Int(error.int2)),
                    message: message.trimmingSuffixNewlines()))
        }

        /// Whether `message` is libxml2's "ID … already defined" about an id that is all filler:
        /// an interpolation, whose values are not known here.
        static func isMaskedIDRedefined(_ message: String) -> Bool {
            guard message.hasPrefix("ID "), let end = message.range(of: " already defined") else { return false }
            let id = message[message.index(message.startIndex, offsetBy: 3)..<end.lowerBound]
            return !id.isEmpty && id.allSatisfy { $0 == "x" }
        }
    }
}

// MARK: - Helpers

extension String {
    /// The string without trailing newlines or spaces (libxml2 messages end in "\n").
    func trimmingSuffixNewlines() -> String {
        var text = Substring(self)
        while let last = text.last, last == "\n" || last == " " { text.removeLast() }
        return String(text)
    }
}
