import HTTPTypes
import Hummingbird

// MARK: - RequestPipeline names

/// The headers, route parameters and form fields the pipeline and the client script share, and
/// where a form's plain post comes back to.
extension RequestPipeline {

    /// What starts a refused form's page title (GOV.UK's pattern), so a screen reader says it first.
    static let refusedTitlePrefix = "Error: "
    /// The query item (or form field) naming the component an action is for.
    static let componentField = "_component"
    /// The form field naming the page a form was shown on (path and query): a plain post that
    /// succeeds goes back there.
    static let backField = "_back"
    /// The query items and form fields that are Tessera's own, never an app's: links an app
    /// builds from a request's query (``Pagination``) and live streams' keys leave them out.
    static let ownItems: Set<String> = [componentField, backField, CSRFCheck.field, SubmissionGuard.field]

    /// Where a plain post from a form shown in `scope` comes back to: the page the form is on,
    /// path and query (Tessera's own items left out). A fragment's page is its scene's (the path
    /// before `/_/`), with the fragment's query; an action's answer keeps the page its form
    /// named (``backField``); nil when there is none.
    static func backURL(of scope: RequestScope) -> String? {
        if scope.request.method == .post { return scope.form[backField].flatMap(RedirectTarget.local) }
        var path = scope.request.uri.path
        if let fragment = path.range(of: "/_/") { path = String(path[..<fragment.lowerBound]) }
        if path.isEmpty { path = "/" }
        guard let query = scope.request.uri.query, !query.isEmpty,
            let items = try? PercentDecoding.pairs(Substring(query))
        else { return RedirectTarget.local(path) }
        return RedirectTarget.local(path + URLQuery.encode(items.filter { !ownItems.contains($0.0) }))
    }
    /// The header a script's post names the component its form sits in with.
    static let targetHeader = HTTPField.Name("X-Tessera-Target")!
    /// The header marking a whole page sent to a script's post (its form's page does not show
    /// the component that answered).
    static let pageHeader = HTTPField.Name("X-Tessera-Page")!
    /// The route parameter holding a fragment's component id.
    static let componentParameter = "tessera_component"
    /// The component id a fragment's route holds.
    static func componentID(in context: TesseraRequestContext) -> String { context.parameters.get(componentParameter) ?? "" }
    /// The header scripts send to ask for fragments instead of pages.
    static let fragmentHeader = HTTPField.Name("X-Tessera-Fragment")!
    /// The header that tells a script which element to focus after an action.
    static let focusHeader = HTTPField.Name("X-Tessera-Focus")!
    /// The header that tells a script to go to another page.
    static let redirectHeader = HTTPField.Name("X-Tessera-Redirect")!
}
