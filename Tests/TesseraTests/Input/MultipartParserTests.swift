import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// `multipart/form-data` read as RFC 7578 writes it: quoted parameters, `filename*`, and a clear
/// 400 for anything malformed or too many parts.
@Suite("Multipart parser")
struct MultipartParserTests {
    private static func parse(_ parts: [String], boundary: String = "XyZ", closed: Bool = true) throws
        -> [MultipartParser.Part]
    {
        var body = parts.map { "--\(boundary)\r\n\($0)\r\n" }.joined()
        if closed { body += "--\(boundary)--\r\n" }
        let bytes = Array(body.utf8)
        let parser = MultipartParser(boundary: boundary)
        return try bytes.withUnsafeBytes { raw in try parser.parse(raw) }
    }

    @Test("a quoted filename keeps its semicolons and escaped quotes")
    func quotedParameters() throws {
        let parts = try Self.parse([
            "Content-Disposition: form-data; name=\"photo\"; filename=\"a;b \\\"c\\\".png\"\r\nContent-Type: image/png\r\n\r\nPNG"
        ])
        #expect(parts.count == 1)
        #expect(parts[0].name == "photo")
        #expect(parts[0].filename == "a;b \"c\".png")
        #expect(parts[0].contentType == "image/png")
        #expect(parts[0].data == Array("PNG".utf8))
    }

    @Test("filename* (UTF-8, percent-encoded) wins over filename; another charset falls back to it")
    func extendedFilename() throws {
        let utf8 = try Self.parse([
            "Content-Disposition: form-data; name=\"f\"; filename=\"naive.png\"; filename*=UTF-8''na%C3%AFve%20photo.png\r\n\r\nx"
        ])
        #expect(utf8[0].filename == "naïve photo.png")
        let latin = try Self.parse(["Content-Disposition: form-data; name=\"f\"; filename=\"plain.png\"; filename*=ISO-8859-1''caf%E9.png\r\n\r\nx"])
        #expect(latin[0].filename == "plain.png")
    }

    @Test("text fields have no filename; unquoted tokens are read too")
    func fields() throws {
        let parts = try Self.parse(["Content-Disposition: form-data; name=title\r\n\r\nHello", "Content-Disposition: form-data; name=\"body\"\r\n\r\n"])
        #expect(parts.map(\.name) == ["title", "body"])
        #expect(parts.map(\.filename) == [nil, nil])
        #expect(parts[1].data.isEmpty)
    }

    @Test("malformed bodies are 400s, never partial results", arguments: [
        ["Content-Disposition: form-data; filename=\"x\"\r\n\r\nno name"],
        ["Content-Type: text/plain\r\n\r\nno disposition"],
        ["Content-Disposition: attachment; name=\"x\"\r\n\r\nnot form data"],
        ["Content-Disposition: form-data; name=\"unclosed\r\n\r\nx"],
    ])
    func malformed(_ parts: [String]) {
        #expect(throws: RequestError.self) { _ = try Self.parse(parts) }
    }

    @Test("a missing closing delimiter and more than 100 parts are 400s")
    func unclosedAndTooMany() {
        #expect(throws: RequestError.self) { _ = try Self.parse(["Content-Disposition: form-data; name=\"a\"\r\n\r\nx"], closed: false) }
        let many = (0...100).map { "Content-Disposition: form-data; name=\"f\($0)\"\r\n\r\nx" }
        #expect(throws: RequestError.self) { _ = try Self.parse(many) }
        #expect((try? Self.parse(Array(many.prefix(100))))?.count == 100)
    }

    @Test("the boundary comes from the Content-Type, quoted or not, case kept")
    func boundary() throws {
        #expect(try MultipartParser.boundary(from: "multipart/form-data; boundary=AbC") == "AbC")
        #expect(try MultipartParser.boundary(from: "multipart/form-data; charset=utf-8; boundary=\"a;b\"") == "a;b")
        #expect(throws: RequestError.self) { _ = try MultipartParser.boundary(from: "multipart/form-data") }
    }
}
