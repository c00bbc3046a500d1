// MARK: - ResourceTemplate

/// The files `generate resource` writes for a record and its fields: the record (`@Model`), its
/// migration, a paged list, a page per record, forms to add and change one, their templates,
/// previews and tests. Anyone may read; members add; a record's owner or an admin changes and
/// deletes it.
struct ResourceTemplate {
    let name: ResourceName
    let fields: [ResourceField]
    /// The app's target (`BookClub`): its sources' folder and the module its tests import.
    let module: String
    /// The app's type (`BookClubApp`), for the tests.
    let appType: String

    /// The first required line of text: the record's heading and its link in the list.
    var titleField: ResourceField? { fields.first { $0.kind == .string && !$0.isOptional } }

    /// The folder of the feature's sources: `Sources/BookClub/BlogPosts`.
    var sources: String { "Sources/\(module)/\(name.pluralType)" }
    /// The folder of its templates: `Views/BlogPosts`.
    var views: String { "Views/\(name.pluralType)" }

    // MARK: - Type names

    var listScene: String { name.pluralType + "Scene" }
    var detailScene: String { name.type + "Scene" }
    var newScene: String { "New" + name.type + "Scene" }
    var editScene: String { "Edit" + name.type + "Scene" }
    var listComponent: String { name.type + "ListComponent" }
    var detailComponent: String { name.type + "DetailComponent" }
    var formComponent: String { name.type + "FormComponent" }
    var cell: String { name.type + "Cell" }
    var migration: String { name.type + "Migration" }

    /// The scenes the app lists, in the order the router tries them.
    var scenes: [String] { [listScene, newScene, detailScene, editScene] }

    /// Every file, by path relative to the package.
    var files: [(path: String, text: String)] {
        [
            ("\(sources)/\(name.type).swift", record), ("\(sources)/\(migration).swift", migrationSource),
            ("\(sources)/\(listScene).swift", listSceneSource), ("\(sources)/\(listComponent).swift", listComponentSource),
            ("\(sources)/\(listComponent)+Previews.swift", previewsSource), ("\(sources)/\(cell).swift", cellSource),
            ("\(sources)/\(detailScene).swift", detailSceneSource), ("\(sources)/\(detailComponent).swift", detailComponentSource),
            ("\(sources)/\(newScene).swift", newSceneSource), ("\(sources)/\(editScene).swift", editSceneSource),
            ("\(sources)/\(formComponent).swift", formComponentSource),
        ] + viewFiles + [("Tests/\(module)Tests/\(name.type)Tests.swift", tests)]
    }
}
