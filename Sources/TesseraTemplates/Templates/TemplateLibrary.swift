import Foundation

// MARK: - TemplateLibrary

/// Every template of an app, compiled once and linked, ready to render.
///
/// Build it at start-up with ``load(directory:options:)``: each `*.mustache` file under the directory is
/// checked (Mustache syntax, HTML structure with libxml2, where each value stands), compiled to
/// a render program, and its partials and parents are linked. Any problem in any file throws
/// ``TemplateErrors`` listing all of them, so a bad template stops the server before it opens
/// its port. After loading, the library is immutable and shared by all requests.
public final class TemplateLibrary: Sendable {
    /// How the library treats its sources.
    public struct Options: Sendable {
        /// Check templates as HTML (libxml2, element balance, value placement). Default `true`;
        /// off only for plain-text Mustache such as the spec tests.
        public var validatesHTML: Bool = true
        /// Whether a missing partial is an error (default) or renders as nothing (the spec's rule).
        public var missingPartialsAreErrors: Bool = true
        /// Write strings unescaped in `{{{…}}}`. Only the Mustache spec tests turn this on; apps
        /// cannot, so a model's raw string never becomes markup.
        var allowsRawStrings: Bool = false

        /// The defaults: HTML-checked, missing partials are errors.
        public init() {}
    }

    /// The compiled templates by key (name, or name plus an indentation variant).
    package let templates: [String: Template]
    /// The options the library was built with.
    let options: Options
    /// The names of the templates loaded from files, sorted.
    public let names: [String]
    /// The sources, by name (built-ins included), for the view-model checks.
    package let sources: [String: TemplateSource]
    /// Template names by their last path component (`Users/BlogListComponent` under
    /// `BlogListComponent`), for finding a type's template by convention.
    let namesByTypeName: [String: [String]]
    /// The templates of the app's scenes, components and cells, found once when the app was
    /// checked (`resolving(_:)`), so rendering finds each with one lookup.
    public let typeTemplates: [ObjectIdentifier: Template]

    // MARK: - Loading

    /// Loads, checks and compiles every `*.mustache` file under `directory`.
    ///
    /// Template names are paths relative to `directory` without the extension; diagnostics name
    /// files as `<directory's last component>/<relative path>` (so `Views/x.mustache:3:7: …`).
    /// One newline at the very end of a file is dropped, so editors' final newlines do not reach
    /// the output.
    public static func load(directory: URL, options: Options = Options()) throws(TemplateErrors) -> TemplateLibrary {
        let sources: [TemplateSource]
        do {
            sources = try TemplateFiles.sources(in: directory)
        } catch {
            let path = directory.lastPathComponent
            throw TemplateErrors(diagnostics: [TemplateDiagnostic(file: path, line: 1, column: 1, message: "\(error)")])
        }
        return try TemplateLibrary(sources: sources, options: options)
    }

    /// Compiles `sources` (for tests and tools; ``load(directory:options:)`` reads files into these),
    /// together with Tessera's built-in templates (`Tessera/…`) that `sources` do not replace.
    package convenience init(sources: [TemplateSource], options: Options = Options()) throws(TemplateErrors) {
        var builder = TemplateLibraryBuilder(options: options)
        let own = Set(sources.map(\.name))
        for source in BuiltInTemplates.sources where !own.contains(source.name) { builder.add(source) }
        for source in sources { builder.add(source) }
        let (templates, diagnostics) = builder.finish()
        guard diagnostics.isEmpty else {
            // Every template compiled, only a check failed (a form without its token): the
            // library is whole, so the app's types can still be checked against it.
            let whole = Set(BuiltInTemplates.sources.map(\.name) + sources.map(\.name)).isSubset(of: Set(templates.keys))
            throw TemplateErrors(
                diagnostics: diagnostics, compiled: whole ? TemplateLibrary(templates: templates, sources: sources, options: options) : nil)
        }
        self.init(templates: templates, sources: sources, options: options)
    }

    /// A library of `templates`, compiled from `sources` (the app's) and the built-ins.
    private init(templates: [String: Template], sources: [TemplateSource], options: Options) {
        self.templates = templates
        self.options = options
        typeTemplates = [:]
        self.names = sources.map(\.name).sorted()
        var all: [String: TemplateSource] = [:]
        for source in BuiltInTemplates.sources + sources { all[source.name] = source }
        self.sources = all
        var byTypeName: [String: [String]] = [:]
        for name in all.keys.sorted() {
            let last = name.split(separator: "/").last.map(String.init) ?? name
            byTypeName[last, default: []].append(name)
        }
        self.namesByTypeName = byTypeName
    }

    /// `library` with `typeTemplates`.
    private init(_ library: TemplateLibrary, typeTemplates: [ObjectIdentifier: Template]) {
        templates = library.templates
        options = library.options
        names = library.names
        sources = library.sources
        namesByTypeName = library.namesByTypeName
        self.typeTemplates = typeTemplates
    }

    /// This library with each of `found` (a type and its template's name, as the app's check
    /// found them) kept, so rendering finds a type's template with one lookup.
    package func resolving(_ found: [(type: Any.Type, name: String)]) -> TemplateLibrary {
        var byType = typeTemplates
        for (type, name) in found { byType[ObjectIdentifier(type)] = templates[name] }
        return TemplateLibrary(self, typeTemplates: byType)
    }

    /// This library with the templates of `types` (by the naming convention) kept, as an app's
    /// check keeps those of its scenes, components and cells: for benchmarks that render
    /// outside an app.
    package func resolvingTemplates(of types: [Any.Type]) -> TemplateLibrary {
        resolving(types.compactMap { type in
            guard case .found(let name) = template(of: type, declared: nil) else { return nil }
            return (type, name)
        })
    }

    // MARK: - Lookup

    /// The template named `name`, or nil.
    public func template(named name: String) -> Template? { templates[name] }

    /// Whether a template named `name` exists.
    public func contains(_ name: String) -> Bool { templates[name] != nil }

    // MARK: - Rendering

    /// Renders template `name` with `model` and returns the markup.
    ///
    /// A missing template is a programming error caught at start-up by the app's own checks;
    /// here it renders an HTML comment naming it rather than crashing a request.
    public func render(_ name: String, _ model: any ViewModel) -> HTML {
        var writer = HTMLWriter()
        render(name, model, into: &writer)
        return HTML(rendered: writer.bytes)
    }

    /// Renders template `name` with `model` into `writer`.
    public func render(_ name: String, _ model: any ViewModel, into writer: inout HTMLWriter) {
        TemplateRenderer(library: self).render(name, model, into: &writer)
    }
}
