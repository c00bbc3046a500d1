// MARK: - TemplateVariant

/// The fixed set of templates a ``VariantScene`` chooses from, one case each (your own profile
/// and someone else's): every case's ``template`` is checked at start-up, so a choice made per
/// request is always one that was checked.
///
/// ```swift
/// enum ProfileVariant: TemplateVariant {
///     case visitor, own
///     var template: String { self == .own ? "Users/OwnProfileScene" : "Users/ProfileScene" }
/// }
/// ```
public protocol TemplateVariant: CaseIterable, Sendable {
    /// This case's template under `Views/`, such as `Users/OwnProfileScene`.
    var template: String { get }
}

// MARK: - VariantScene

/// A scene that renders one of several templates, chosen per request: its ``variant`` is a case
/// of its ``Variant`` type, and every case's template is checked against the scene's model and
/// composition at start-up (a missing one is an error naming the scene and the case). The one
/// way for a scene to vary its template; a scene with one template declares
/// ``Scene/template`` (or none, for the one named like it).
///
/// ```swift
/// final class ProfileScene: Scene, VariantScene {
///     override class var path: String { "/users/:id" }
///     override class var policy: Policy? { .anyone }
///     var variant = ProfileVariant.visitor
///     override func parseParameters(_ scope: RequestScope) throws {
///         variant = try scope.path.id("id") == scope.userID ? .own : .visitor
///     }
/// }
/// ```
public protocol VariantScene: Scene {
    /// The cases the scene chooses from.
    associatedtype Variant: TemplateVariant
    /// The case this request renders; set it in a hook before rendering (default: whatever the
    /// scene initialises it to).
    var variant: Variant { get }
}

extension VariantScene {
    /// Every case with its template, in `allCases` order.
    static var variantTemplates: [(variant: String, template: String)] {
        Variant.allCases.map { (String(describing: $0), $0.template) }
    }
}

// MARK: - Declared templates

extension Scene {
    /// The templates this scene type declares, each with the variant it belongs to (nil for a
    /// plain override): every case of a ``VariantScene``, or ``template``; nil when it declares
    /// none (the one named like the scene).
    static var declaredTemplates: [(variant: String?, template: String)]? {
        if let varied = self as? any VariantScene.Type {
            return varied.variantTemplates.map { ($0.variant, $0.template) }
        }
        return template.map { [(nil, $0)] }
    }

    /// The template this request renders, as declared: its variant's, or ``template``; nil for
    /// the one named like the scene.
    var declaredTemplate: String? {
        if let varied = self as? any VariantScene { return varied.variant.template }
        return type(of: self).template
    }
}
