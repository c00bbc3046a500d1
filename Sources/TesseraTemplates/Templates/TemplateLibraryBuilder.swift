// MARK: - TemplateLibraryBuilder

/// Compiles sources one by one, then links partials and parents and builds indentation
/// variants. Collects every diagnostic instead of stopping at the first.
struct TemplateLibraryBuilder {
    /// Indentation variants deeper than this are not made (a recursive, indented partial would
    /// otherwise never end); deeper levels render without the extra indentation.
    static let maximumIndentation = 256

    let options: TemplateLibrary.Options
    private var sources: [String: TemplateSource] = [:]
    private var templates: [String: Template] = [:]
    private var references: [(source: TemplateSource, reference: TemplateCompiler.Reference)] = []
    private var diagnostics: [TemplateDiagnostic] = []

    init(options: TemplateLibrary.Options) { self.options = options }

    // MARK: - Compiling

    /// Compiles one source, recording its diagnostics.
    mutating func add(_ source: TemplateSource) {
        sources[source.name] = source
        do {
            let (template, refs) = try compile(source, reportingHTML: options.validatesHTML)
            templates[source.name] = template
            references += refs.map { (source, $0) }
        } catch {
            diagnostics += error.diagnostics
        }
    }

    /// The linked templates and every diagnostic, sorted by file and position.
    mutating func finish() -> ([String: Template], [TemplateDiagnostic]) {
        link()
        if options.validatesHTML { diagnostics += FormTokenCheck(sources: sources).diagnostics() }
        let sorted = diagnostics.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        return (templates, sorted)
    }

    private func compile(_ source: TemplateSource, reportingHTML: Bool) throws(TemplateErrors)
        -> (Template, [TemplateCompiler.Reference])
    {
        let locator = SourceLocator(file: source.displayPath, bytes: source.bytes)
        do {
            let tokens = try MustacheTokenizer(locator: locator).tokenize()
            var contexts: [Int: OutputContext] = [:]
            var found: [TemplateDiagnostic] = []
            if options.validatesHTML, !source.isPlainText {
                let masked = source.masked(by: tokens)
                let scan = HTMLContextScanner(masked: masked, locator: locator, tokens: tokens).scan()
                contexts = scan.contexts
                if reportingHTML {
                    found = scan.diagnostics
                    let structuralLines = Set(found.map(\.line))
                    found += LibXMLValidator.diagnostics(masked: masked, file: source.displayPath).filter {
                        // libxml2 repeats element-balance errors the scanner already located.
                        !(structuralLines.contains($0.line)
                            && ($0.message.hasPrefix("Unexpected end tag") || $0.message.hasPrefix("Opening and ending tag mismatch")))
                    }
                }
            }
            var compiler = TemplateCompiler(locator: locator, tokens: tokens, contexts: contexts, isPlainText: source.isPlainText)
            let nodes = try compiler.compile()
            guard found.isEmpty else { throw TemplateErrors(diagnostics: found) }
            return (Template(name: source.name, nodes: nodes), compiler.references)
        } catch let error as TemplateErrors {
            throw error
        } catch let error as TemplateDiagnostic {
            throw TemplateErrors(diagnostics: [error])
        } catch {
            throw TemplateErrors(diagnostics: [locator.diagnostic(at: 0, "\(error)")])
        }
    }

    // MARK: - Linking

    /// Checks every partial and parent exists and compiles the indentation variants they need.
    private mutating func link() {
        var pending = references
        while let (source, reference) = pending.popLast() {
            guard templates[reference.key] == nil else { continue }
            guard let target = sources[reference.name] else {
                if options.missingPartialsAreErrors {
                    let locator = SourceLocator(file: source.displayPath, bytes: source.bytes)
                    diagnostics.append(
                        locator.diagnostic(at: reference.offset, "partial '\(reference.name)' does not exist"))
                }
                continue
            }
            guard reference.indentation.count <= Self.maximumIndentation else {
                templates[reference.key] = templates[reference.name]
                continue
            }
            let variant = target.indented(by: reference.indentation)
            if let (template, refs) = try? compile(variant, reportingHTML: false) {
                templates[reference.key] = template
                pending += refs.map { (variant, $0) }
            }
        }
    }
}
