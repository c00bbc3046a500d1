import CLibXML2

// MARK: - LibXMLValidator

/// Parses a masked template with libxml2's HTML parser and turns its complaints into
/// diagnostics.
///
/// Debian 12's libxml2 (2.9) predates HTML5, so it calls `<section>`, `<main>`, `<nav>`… invalid
/// tags (error 801, `XML_HTML_UNKNOWN_TAG`); those are dropped. Everything else it reports —
/// broken attributes, stray `&`, end tags with no open element — is an error.
enum LibXMLValidator {
    /// libxml2's code for "Tag X invalid": an element name HTML 4 did not know.
    static let unknownTagCode: Int32 = 801

    /// libxml2's global state, set up once before the first parse (its documentation asks for
    /// `xmlInitParser()` before parsing from several threads, as parallel tests and the dev
    /// server's reloads do). Swift runs a static's initializer once, thread-safely.
    static let parserReady: Void = xmlInitParser()

    /// The diagnostics libxml2 reports for `masked` (already masked, same length as the file).
    static func diagnostics(masked: [UInt8], file: String) -> [TemplateDiagnostic] {
        guard !masked.isEmpty else { return [] }
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
            diagnostics.append(
                TemplateDiagnostic(
                    file: file, line: Int(error.line), column: max(1, Int(error.int2)),
                    message: message.trimmingSuffixNewlines()))
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
