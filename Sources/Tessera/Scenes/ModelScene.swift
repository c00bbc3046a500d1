// MARK: - ModelScene

/// A scene whose own template reads a typed model: ``viewModel()`` returns `Model`, whose
/// declared keys start-up and `tessera validate` check against the scene's template (found by
/// the scene's name, `Views/**/<SceneName>.mustache`, unless ``Scene/template`` names another).
/// A requirement, so a scene that declares it and forgets the model does not compile.
///
/// ```swift
/// final class ShelfScene: Scene, ModelScene {
///     @TemplateModel
///     struct Model { let heading: String }
///     func viewModel() -> Model { Model(heading: "My shelf") }
/// }
/// ```
///
/// Besides the model's keys, the template reads `components.<id>` and the site's globals. A
/// scene with no values of its own is a plain ``Scene``.
public protocol ModelScene: Scene {
    /// The values the scene's template reads.
    associatedtype Model: TemplateModel

    /// The values the scene's template reads, after ``Scene/loadData(_:)`` and the components'
    /// loads.
    func viewModel() -> Model
}

// MARK: - Models, type-erased

extension Scene {
    /// The values the scene's template reads: a ``ModelScene``'s model, or an `EmptyModel`.
    var anyViewModel: any ViewModel {
        (self as? any ModelScene).map { $0.viewModel() as any ViewModel } ?? EmptyModel()
    }

    /// The type of ``anyViewModel``, for the template checks.
    static var modelType: any TemplateModel.Type {
        (self as? any ModelScene.Type).map { $0.declaredModel } ?? EmptyModel.self
    }
}

extension ModelScene {
    /// `Model`, for the template checks.
    static var declaredModel: any TemplateModel.Type { Model.self }
}
