import Foundation

// MARK: - StartupCheck

/// The checks start-up and `tessera validate` run on an app's types before serving, with no
/// source code at hand (a deployed binary has none): each scene declares its path; every
/// template a scene (each variant of a ``VariantScene``), component, cell, section renderer or
/// the declared layout renders exists (found by convention or named by
/// an override); and every key each template reads is one its view model declares
/// (`TemplateChecker`). Keys declared but never read are warnings.
struct StartupCheck {
    let scenes: [Scene.Type]
    let site: SiteConfiguration
    let templates: TemplateLibrary
    /// What the app's ``TesseraApp/globals(_:)`` returns.
    let appGlobals: any TemplateModel.Type
    let viewsFolder: String
    /// Who declares ``SiteConfiguration/defaultLayout``: the app's type, named when it is missing.
    let layoutOwner: String
    /// The mails the app and its members send.
    let mails: [any MailMessage.Type]

    init(
        scenes: [Scene.Type], site: SiteConfiguration, templates: TemplateLibrary, appGlobals: any TemplateModel.Type,
        layoutOwner: String = "SiteConfiguration", mails: [any MailMessage.Type] = []
    ) {
        self.mails = mails
        self.scenes = scenes
        self.site = site
        self.templates = templates
        self.appGlobals = appGlobals
        self.layoutOwner = layoutOwner
        viewsFolder = URL(fileURLWithPath: site.viewsDirectory).lastPathComponent
    }

    /// The keys every template may read: Tessera's (`csrfToken`, `onceToken`, `isDevelopment`,
    /// `siteName`, `assets`) and the app's globals.
    var globals: [(name: String, shape: TemplateShape)] {
        Site.builtInGlobalKeys + appGlobals.declaredKeys
    }

    /// Every problem found (scenes, then missing templates, then template keys), the warnings
    /// (keys no template reads), and the template found for each scene, component and cell (the
    /// library keeps them, so no request looks one up).
    func run() -> (problems: [StartupProblem], warnings: [String], found: [(type: Any.Type, name: String)]) {
        var problems: [StartupProblem] = []
        var found: [(type: Any.Type, name: String)] = []
        var checker = TemplateChecker(library: templates, globals: globals)
        var components = ComponentSlot.componentTypes(of: site.layoutComposition)
        for sceneType in scenes {
            let name = String(describing: sceneType)
            if sceneType.path.isEmpty {
                problems.append(StartupProblem(file: nil, type: name, message: "does not declare its path (override `class var path`)"))
            } else if !sceneType.path.hasPrefix("/") {
                problems.append(StartupProblem(file: nil, type: name, message: "path '\(sceneType.path)' must start with '/'"))
            }
            problems += PolicyStartupCheck.problems(of: sceneType)
            if let declared = sceneType.declaredTemplates {
                for (variant, template) in declared {
                    if templates.contains(template) {
                        checker.check(template: template, model: sceneType.modelType, owner: name, builtIns: Self.sceneBuiltIns)
                    } else {
                        let naming = variant.map { "its variant '\($0)' names" } ?? "names"
                        problems.append(
                            StartupProblem(
                                file: nil, type: name,
                                message: "\(naming) template '\(template)', which does not exist (expected \(viewsFolder)/\(template).mustache)"))
                    }
                }
            } else if sceneType.rendersComponentsInOrder {
                if ObjectIdentifier(sceneType.modelType) != ObjectIdentifier(EmptyModel.self) {
                    problems.append(
                        StartupProblem(
                            file: nil, type: name,
                            message: "has values for a template but renders its components in order (remove `rendersComponentsInOrder`)"))
                }
            } else {
                switch templates.template(of: sceneType, declared: nil) {
                case .found(let template):
                    found.append((sceneType, template))
                    checker.check(template: template, model: sceneType.modelType, owner: name, builtIns: Self.sceneBuiltIns)
                case .missing(let expected):
                    problems.append(
                        StartupProblem(
                            file: nil, type: name,
                            message: "has no template (expected Views/\(expected).mustache); a scene that shows its components one after another declares `rendersComponentsInOrder`"))
                case .ambiguous(let names):
                    problems.append(TemplateChecker.ambiguous(owner: name, names: names))
                }
            }
            for component in sceneType.componentTypes
            where !components.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(component) }) {
                components.append(component)
            }
        }
        if let layout = site.defaultLayout {
            if templates.contains(layout) {
                checker.check(
                    template: layout, model: LayoutViewModel.self, owner: "the layout '\(layout)'",
                    builtIns: site.layoutComposition.isEmpty ? [] : Self.sceneBuiltIns, warnsUnused: false)
            } else {
                problems.append(
                    StartupProblem(
                        file: nil, type: layoutOwner,
                        message: "declares the layout '\(layout)', which does not exist (expected \(viewsFolder)/\(layout).mustache)"))
            }
        }
        for component in components {
            let owner = String(describing: component)
            switch templates.template(of: component, declared: component.template) {
            case .found(let name):
                found.append((component, name))
                checker.check(template: name, model: component.modelType, owner: owner, builtIns: ComponentViewModel.builtInKeys)
                checker.check(cells: component.cellTypes)
                problems += CellChildrenCheck(templates: templates).problems(of: component)
            case .missing(let expected):
                problems.append(TemplateChecker.missing(owner: owner, expected: expected))
            case .ambiguous(let names):
                problems.append(TemplateChecker.ambiguous(owner: owner, names: names))
            }
        }
        var mailChecker = TemplateChecker(library: templates, globals: MailGlobals.declaredKeys)
        for mail in mails {
            let owner = String(describing: mail)
            mailChecker.markRead("subject", of: mail)
            if templates.contains(mail.template + ".text") {
                mailChecker.check(template: mail.template + ".text", model: mail, owner: owner)
            } else {
                problems.append(
                    StartupProblem(file: nil, type: owner, message: "has no text template (expected \(viewsFolder)/\(mail.template).text.mustache)"))
            }
            if templates.contains(mail.template + ".html") {
                mailChecker.check(template: mail.template + ".html", model: mail, owner: owner)
            }
        }
        for found in [checker, mailChecker] {
            problems += found.problems
            problems += found.errors.map { StartupProblem(file: "\($0.file):\($0.line):\($0.column)", type: "", message: $0.message) }
        }
        var warnings = checker.unusedKeyWarnings() + mailChecker.unusedKeyWarnings()
        if site.defaultLayout == BuiltInTemplates.layout, templates.names.contains(SiteConfiguration.appLayout) {
            warnings.append(
                "\(viewsFolder)/\(SiteConfiguration.appLayout).mustache is not used: \(layoutOwner) declares no layout "
                    + "(declare `var layout: String? { \"\(SiteConfiguration.appLayout)\" }`)")
        }
        if let layout = site.defaultLayout, layout != BuiltInTemplates.layout, let source = templates.sources[layout],
            !Self.writesScripts(source)
        {
            warnings.append(
                "\(viewsFolder)/\(layout).mustache does not write {{> \(BuiltInTemplates.scripts)}} in its <head>: its pages get "
                    + "no client script (no in-place forms, load more or lazy parts) and `serve --dev` cannot reload them")
        }
        return (problems, warnings, found + checker.foundCells)
    }

    /// Whether a layout writes the client script and the dev reload: the partial, or both by hand.
    static func writesScripts(_ source: TemplateSource) -> Bool {
        let text = String(decoding: source.bytes, as: UTF8.self)
        return text.contains(BuiltInTemplates.scripts) || (text.contains("js/tessera.js") && text.contains("tessera-dev-events"))
    }

    /// What a scene's template reads besides its model: `components.<id>` (checked against the
    /// scene's composition by ``CompositionCheck``).
    static let sceneBuiltIns: [(name: String, shape: TemplateShape)] = [("components", .open)]
}
