import Foundation

// MARK: - StartupCheck

/// The checks start-up and `tessera validate` run on an app's code before serving: each scene
/// declares its path, each template the code names exists, each component declares its
/// template, the default layout exists.
struct StartupCheck {
    let scenes: [Scene.Type]
    let site: SiteConfiguration
    let templates: TemplateLibrary
    let sources: SourceIndex
    let viewsFolder: String

    /// Checks `scenes`; reads the sources of `module` (`sources/<module>` when that folder
    /// exists, else all of `sources`).
    init(scenes: [Scene.Type], site: SiteConfiguration, templates: TemplateLibrary, sources: URL, module: String) {
        self.scenes = scenes
        self.site = site
        self.templates = templates
        let moduleFolder = sources.appendingPathComponent(module)
        var isDirectory: ObjCBool = false
        if !module.isEmpty, FileManager.default.fileExists(atPath: moduleFolder.path, isDirectory: &isDirectory), isDirectory.boolValue {
            self.sources = SourceIndex.cached(moduleFolder, display: sources.lastPathComponent + "/" + module)
        } else {
            self.sources = SourceIndex.cached(sources)
        }
        viewsFolder = URL(fileURLWithPath: site.viewsDirectory).lastPathComponent
    }

    /// Every problem found, scenes first, then the sources' template names.
    func problems() -> [StartupProblem] {
        var problems: [StartupProblem] = []
        var reported: Set<String> = []
        for sceneType in scenes {
            let name = String(describing: sceneType)
            let file = sources.file(of: name)
            if sceneType.path.isEmpty {
                problems.append(StartupProblem(file: file, type: name, message: "does not declare its path (override `class var path`)"))
            } else if !sceneType.path.hasPrefix("/") {
                problems.append(StartupProblem(file: file, type: name, message: "path '\(sceneType.path)' must start with '/'"))
            }
            if let template = sceneType.init().template, !templates.contains(template) {
                reported.insert(name + "/" + template)
                problems.append(missing(template, type: name, file: file))
            }
        }
        if let layout = site.defaultLayout, !templates.contains(layout), layout != SiteConfiguration.appLayout {
            problems.append(StartupProblem(file: nil, type: "SiteConfiguration", message: "default layout '\(layout)' does not exist in \(viewsFolder)/"))
        }
        for reference in sources.templates where !templates.contains(reference.name) {
            guard reported.insert(reference.type + "/" + reference.name).inserted else { continue }
            problems.append(missing(reference.name, type: reference.type, file: "\(reference.file):\(reference.line)"))
        }
        for component in sources.componentsWithoutTemplate {
            problems.append(
                StartupProblem(file: component.file, type: component.type, message: "does not declare its template (override `var template`)"))
        }
        return problems
    }

    private func missing(_ template: String, type: String, file: String?) -> StartupProblem {
        StartupProblem(
            file: file, type: type,
            message: "names template '\(template)', which does not exist (expected \(viewsFolder)/\(template).mustache)")
    }
}
