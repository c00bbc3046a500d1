import ArgumentParser
import Foundation

// MARK: - Scene

/// `generate scene About /about`.
struct GenerateSceneCommand<App: TesseraApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "scene", abstract: "Write a page anyone may see, its template and its test; list it in the app's scenes.")
    }

    @Argument(help: "The scene's type (About or AboutScene).")
    var name: String

    @Argument(help: "Its path (/about).")
    var path: String

    @Option(name: .customLong("in"), help: "The feature's folder (default the scene's name).")
    var folder: String?

    @OptionGroup var package: GenerateCommand<App>.PackageOption

    func run() throws {
        try GenerateCommand<App>.reporting {
            let type = try Self.typeName(name, suffix: "Scene")
            guard path.hasPrefix("/"), !path.contains(" "), !path.contains("?") else {
                throw GenerateError("'\(path)' is not a path: start it with / (/about, /events/:event)")
            }
            let sources = try AppSources.find(App.self, in: package.path)
            let folder = folder ?? String(type.dropLast("Scene".count))
            try GeneratedFiles(PieceTemplate.scene(type, path: path, folder: folder, module: sources.module, appType: sources.appType), in: sources).write()
            var editor = AppFileEditor(try String(contentsOfFile: sources.absolute(sources.appFile), encoding: .utf8))
            editor.append([type + ".self"], to: "scenes", declaredAs: "[Scene.Type]")
            try GenerateCommand<App>.save(editor, to: sources)
        }
    }

    /// `name` ending in `suffix` (`About` → `AboutScene`), checked.
    static func typeName(_ name: String, suffix: String) throws(GenerateError) -> String {
        let type = name.hasSuffix(suffix) ? name : name + suffix
        guard ResourceName.isTypeName(type), type != suffix else {
            throw GenerateError("'\(name)' is not a type name: start with a capital letter, then letters and digits")
        }
        return type
    }
}

// MARK: - Component

/// `generate component Weather --in Home`.
struct GenerateComponentCommand<App: TesseraApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "component", abstract: "Write a component, its template and its preview; list it in the app's previews.")
    }

    @Argument(help: "The component's type (Weather or WeatherComponent).")
    var name: String

    @Option(name: .customLong("in"), help: "The feature's folder (default the component's name).")
    var folder: String?

    @OptionGroup var package: GenerateCommand<App>.PackageOption

    func run() throws {
        try GenerateCommand<App>.reporting {
            let type = try GenerateSceneCommand<App>.typeName(name, suffix: "Component")
            let sources = try AppSources.find(App.self, in: package.path)
            let folder = folder ?? String(type.dropLast("Component".count))
            try GeneratedFiles(PieceTemplate.component(type, folder: folder, module: sources.module), in: sources).write()
            var editor = AppFileEditor(try String(contentsOfFile: sources.absolute(sources.appFile), encoding: .utf8))
            editor.append([type + ".self"], to: "previews", declaredAs: "[any Previewable.Type]")
            try GenerateCommand<App>.save(editor, to: sources)
            print("next: place it in a scene's composition, as slot(\"…\") { _, _ in \(type)() }")
        }
    }
}

// MARK: - Migration

/// `generate migration AddSeatsToEvent seats:int`, or `generate migration AddSearchIndex` to fill in.
struct GenerateMigrationCommand<App: TesseraApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "migration", abstract: "Write a migration: one adding columns (Add…To<Model> name:kind …), or one to fill in.",
            discussion: "A migration adding columns is registered in the app's migrations(_:); one to fill in is registered by hand once it says what it does.")
    }

    @Argument(help: "The migration's type (AddSeatsToEvent, AddSearchIndex).")
    var name: String

    @Argument(help: "Columns to add, as name:kind (see generate resource), to the model the name ends with (…ToEvent).")
    var fields: [String] = []

    @OptionGroup var package: GenerateCommand<App>.PackageOption

    func run() throws {
        try GenerateCommand<App>.reporting {
            guard ResourceName.isTypeName(name) else { throw GenerateError("'\(name)' is not a type name: AddSeatsToEvent") }
            let fields = try self.fields.map { spec throws(GenerateError) in try ResourceField(parsing: spec) }
            let table = name.range(of: "To", options: .backwards).map { name[$0.upperBound...].lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
            if !fields.isEmpty, table == nil {
                throw GenerateError("name the model the columns go to at the end: Add…To<Model> (AddSeatsToEvent)")
            }
            let sources = try AppSources.find(App.self, in: package.path)
            let identifier = ResourceName.words(name).joined(separator: "-")
            let file = PieceTemplate.migration(name, identifier: identifier, table: table, fields: fields, module: sources.module)
            try GeneratedFiles([file], in: sources).write()
            guard !fields.isEmpty else {
                print("next: fill in \(file.path), then add \(name).register(in: &migrations) to the app's migrations(_:)")
                return
            }
            var editor = AppFileEditor(try String(contentsOfFile: sources.absolute(sources.appFile), encoding: .utf8))
            editor.addMigration("\(name).register(in: &migrations)")
            try GenerateCommand<App>.save(editor, to: sources)
            print("next: add \(fields.map { "var \($0.name): \($0.swiftType)" }.joined(separator: ", ")) to the model")
        }
    }
}
