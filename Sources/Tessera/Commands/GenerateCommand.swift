import ArgumentParser
import Foundation

// MARK: - GenerateCommand

/// `generate`: writes the next piece of an app into its folders, as a person would write it —
/// a whole resource, a scene, a component or an empty migration — and lists it where the app
/// declares its parts. Run in the package's folder (`swift run App generate resource …`); it
/// never overwrites a file.
struct GenerateCommand<App: TesseraApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "generate", abstract: "Write a resource, a scene, a component or a migration into the app's folders.",
            subcommands: [
                GenerateResourceCommand<App>.self, GenerateSceneCommand<App>.self, GenerateComponentCommand<App>.self,
                GenerateMigrationCommand<App>.self,
            ])
    }

    /// The command.
    init() {}

    /// `--package-path`: the app's package folder (default the working directory).
    struct PackageOption: ParsableArguments {
        @Option(name: .customLong("package-path"), help: "The app's package folder (default the working directory).")
        var path = "."

        init() {}
    }

    /// Runs `body`, printing a ``GenerateError`` as one line and exiting non-zero.
    static func reporting(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as GenerateError {
            CommandFailure.write("generate: " + error.description)
            throw ExitCode.failure
        }
    }

    /// Adds what `editor` holds to the app's file, printing `update <file>` and what is left to
    /// add by hand.
    static func save(_ editor: AppFileEditor, to sources: AppSources) throws {
        try Data(editor.text.utf8).write(to: URL(fileURLWithPath: sources.absolute(sources.appFile)))
        print("update \(sources.appFile)")
        for step in editor.leftToDo { print("  by hand: \(step)") }
    }
}

// MARK: - Resource

/// `generate resource Event title:string seats:int notes:text? online:bool`.
struct GenerateResourceCommand<App: TesseraApp>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "resource",
            abstract: "Write a record with its migration, list, page, forms, templates, previews and tests.",
            discussion: """
                Anyone may read the records; members add them; a record's owner or an admin changes and deletes it. \
                The app's scenes, models, previews and migrations list the new parts.
                """)
    }

    @Argument(help: "The record's type (Event, BlogPost).")
    var name: String

    @Argument(help: "Its fields as name:kind, kind one of string, text, int, double, bool; a ? makes one optional (notes:text?).")
    var fields: [String] = []

    @Option(help: "The plural, where English rules get it wrong (People).")
    var plural: String?

    @OptionGroup var package: GenerateCommand<App>.PackageOption

    func run() throws {
        try GenerateCommand<App>.reporting {
            let fields = try self.fields.map { spec throws(GenerateError) in try ResourceField(parsing: spec) }
            guard !fields.isEmpty else { throw GenerateError("give the record at least one field: title:string") }
            if let repeated = Dictionary(grouping: fields, by: \.name).first(where: { $0.value.count > 1 })?.key {
                throw GenerateError("the field '\(repeated)' is given twice")
            }
            guard App().members != nil else {
                throw GenerateError("a resource belongs to the member who adds it: give the app members first (var members: Members? { Members() })")
            }
            let sources = try AppSources.find(App.self, in: package.path)
            let template = ResourceTemplate(
                name: try ResourceName(name, plural: plural), fields: fields, module: sources.module, appType: sources.appType)
            try GeneratedFiles(template.files, in: sources).write()
            var editor = AppFileEditor(try String(contentsOfFile: sources.absolute(sources.appFile), encoding: .utf8))
            editor.append(template.scenes.map { $0 + ".self" }, to: "scenes", declaredAs: "[Scene.Type]")
            editor.append([template.name.type + ".self"], to: "models", declaredAs: "[any SQLModel.Type]")
            editor.append([template.listComponent + ".self"], to: "previews", declaredAs: "[any Previewable.Type]")
            editor.addMigration("\(template.migration).register(in: &migrations)")
            try GenerateCommand<App>.save(editor, to: sources)
            print("next: swift test, then swift run \(sources.module) serve --dev and open \(template.name.path)")
        }
    }
}
