// MARK: - ModelScene

/// A scene whose own template reads a typed model: `viewModel()` returns `Model`, whose declared
/// keys start-up and `tessera validate` check against the scene's template (found by the
/// scene's name, `Views/**/<SceneName>.mustache`, unless ``Scene/template`` names another).
///
/// ```swift
/// final class ShelfScene: ModelScene<ShelfScene.Model>, @unchecked Sendable {
///     struct Model: TemplateModel {
///         let heading: String
///         static let templateKeys: [TemplateKey<Model>] = [TemplateKey("heading") { $0.heading }]
///     }
///     override func viewModel() -> Model { Model(heading: "My shelf") }
/// }
/// ```
///
/// Besides the model's keys, the template reads `components.<id>` and the site's globals. A
/// scene with no values of its own is a plain ``Scene``.
open class ModelScene<Model: TemplateModel>: Scene, @unchecked Sendable {
    /// A scene; Tessera makes one per request.
    public required init() { super.init() }

    /// The values the scene's template reads, after ``Scene/loadData(_:)`` and the components'
    /// loads. Every `ModelScene` overrides it (the default traps: a missing override is a
    /// programming error).
    open func viewModel() -> Model {
        if let empty = EmptyModel() as? Model { return empty }
        fatalError("\(type(of: self)) must override viewModel()")
    }

    final override func anyViewModel() -> any ViewModel { viewModel() }

    override class var modelType: any TemplateModel.Type { Model.self }
}
