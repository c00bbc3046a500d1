import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Runs the official Mustache spec (its JSON files, not in this repository: see
/// ``SharedFiles/mustacheSpec``) against the engine. Without them the tests are skipped, and
/// `swift test` lists them as skipped with the reason.
///
/// Lambdas are left out: the spec gives them as source code in other languages to evaluate,
/// and Tessera's templates are logic-less by design (view models hand ready values).
/// Dynamic names (`{{>*name}}`) are left out: partial names are linked and checked at start-up,
/// which a name chosen by data at render time would defeat.
@Suite("Mustache spec conformance")
struct MustacheSpecTests {
    static let files = ["comments", "interpolation", "sections", "inverted", "partials", "delimiters", "~inheritance"]

    @Test(
        "every case of the spec file passes",
        .enabled(if: SharedFiles.hasMustacheSpec, "Mustache spec files not found; set TESSERA_MUSTACHE_SPEC to its specs folder"),
        arguments: files)
    func specFilePasses(_ file: String) throws {
        let url = SharedFiles.mustacheSpec.appendingPathComponent(file + ".json")
        let spec = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let cases = spec["tests"] as! [[String: Any]]
        var failures: [String] = []
        for testCase in cases {
            let name = testCase["name"] as! String
            let rendered = try render(testCase)
            let expected = testCase["expected"] as! String
            if rendered != expected {
                failures.append("\(name): expected \(expected.debugDescription), got \(rendered.debugDescription)")
            }
        }
        print("mustache spec \(file).json: \(cases.count - failures.count)/\(cases.count) passed")
        #expect(!cases.isEmpty)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    private func render(_ testCase: [String: Any]) throws -> String {
        var options = TemplateLibrary.Options()
        options.validatesHTML = false
        options.missingPartialsAreErrors = false
        options.allowsRawStrings = true
        var sources = [TemplateSource(name: "__main__", text: testCase["template"] as! String)]
        for (name, text) in (testCase["partials"] as? [String: String]) ?? [:] {
            sources.append(TemplateSource(name: name, text: text))
        }
        let library = try TemplateLibrary(sources: sources, options: options)
        let json = try JSONSerialization.data(withJSONObject: ["data": testCase["data"] ?? NSNull()])
        let data = try JSONDecoder().decode([String: JSONValue.Decoded].self, from: json)["data"]?.value ?? .null
        var writer = HTMLWriter()
        TemplateRenderer(library: library).render(library.template(named: "__main__")!, root: data, into: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// Spec data (JSON) as template values.
enum JSONValue {
    /// A root context: objects are models; anything else is pushed as the only context.
    struct Root: ViewModel {
        let value: TemplateValue
        func value(forKey key: String) -> TemplateValue? {
            if case .object(let model) = value { return model.value(forKey: key) }
            return nil
        }
    }

    static func root(_ value: TemplateValue) -> any ViewModel { Root(value: value) }

    /// Decodes any JSON value, keeping booleans, integers and other numbers apart.
    struct Decoded: Decodable {
        let value: TemplateValue

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let flag = try? container.decode(Bool.self) {
                value = .bool(flag)
            } else if let number = try? container.decode(Int.self) {
                value = .int(number)
            } else if let number = try? container.decode(Double.self) {
                value = .string("\(number)")
            } else if let text = try? container.decode(String.self) {
                value = .string(text)
            } else if let list = try? container.decode([Decoded].self) {
                value = .list(list.map(\.value))
            } else {
                value = .object(try container.decode([String: Decoded].self).mapValues(\.value))
            }
        }
    }
}
