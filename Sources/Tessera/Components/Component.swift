// MARK: - Component

/// A component whose template reads a typed model: `viewModel()` returns `Model`, whose
/// declared keys start-up and `tessera validate` check against the component's template.
///
/// ```swift
/// final class ShelfComponent: Component<ShelfComponent.Model>, @unchecked Sendable {
///     struct Model: TemplateModel {
///         let title: String
///         static let templateKeys: [TemplateKey<Model>] = [TemplateKey("title") { $0.title }]
///     }
///     override func viewModel() -> Model { Model(title: "Reading now") }
/// }
/// ```
///
/// The template is `Views/**/ShelfComponent.mustache`, found by the type's name (override
/// ``AnyComponent/template`` to name another). Besides the model's keys it may read
/// `fragmentURL`, `componentID`, `children` and the site's globals.
open class Component<Model: TemplateModel>: AnyComponent, @unchecked Sendable {
    /// A component with `id`.
    public override init(id: String) { super.init(id: id) }

    /// The values the template reads, after ``AnyComponent/load(_:)``. Every component with a
    /// `Model` overrides it (the default traps: a missing override is a programming error); a
    /// component without values is a `Component<EmptyModel>` and needs none.
    open func viewModel() -> Model {
        if let empty = EmptyModel() as? Model { return empty }
        fatalError("\(type(of: self)) must override viewModel()")
    }

    final override func anyViewModel() -> any ViewModel { viewModel() }

    override class var modelType: any TemplateModel.Type { Model.self }
}
