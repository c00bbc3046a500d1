// MARK: - Members' templates

extension BuiltInTemplates {
    /// The sign-in form (``SignInFormComponent``): names `actionURL`, `next`,
    /// `summary` (``ErrorSummary``), `username`, `password` (``FormField``s) and `signUpURL`.
    public static let signInForm = "Tessera/SignInForm"
    /// The sign-up form (``SignUpFormComponent``): names `actionURL`, `next`,
    /// `summary`, `username`, `displayName` (absent without one), `password` and `signInURL`.
    public static let signUpForm = "Tessera/SignUpForm"
    /// The change-password form (``PasswordFormComponent``): names `actionURL`,
    /// `summary`, `current`, `new` and `confirm`.
    public static let passwordForm = "Tessera/PasswordForm"

    /// The members' forms. An app replaces one with its own `Views/Tessera/SignInForm.mustache`
    /// (and so on), which the checker holds to the same model.
    static let memberSources: [TemplateSource] = [
        TemplateSource(
            name: signInForm,
            text: """
                <div class="card narrow">
                <h1>Sign in</h1>
                {{#member}}<p class="notice" role="status">You are signed in as {{displayName}}. Sign in below as someone else, or go on browsing.</p>{{/member}}
                <form method="post" action="{{actionURL}}" class="form">
                {{> Tessera/CSRFField}}
                {{#summary}}{{> Tessera/ErrorSummary}}{{/summary}}
                <input type="hidden" name="next" value="{{next}}">
                {{#username}}{{> Tessera/Field}}{{/username}}
                {{#password}}{{> Tessera/Field}}{{/password}}
                <button type="submit" class="button">Sign in</button>
                </form>
                {{#signUpURL}}<p>New here? <a href="{{signUpURL}}">Create an account</a>.</p>{{/signUpURL}}
                </div>
                """),
        TemplateSource(
            name: signUpForm,
            text: """
                <div class="card narrow">
                <h1>Create an account</h1>
                <form method="post" action="{{actionURL}}" class="form">
                {{> Tessera/CSRFField}}
                {{#summary}}{{> Tessera/ErrorSummary}}{{/summary}}
                {{#next}}<input type="hidden" name="next" value="{{next}}">{{/next}}
                {{#username}}{{> Tessera/Field}}{{/username}}
                {{#displayName}}{{> Tessera/Field}}{{/displayName}}
                {{#password}}{{> Tessera/Field}}{{/password}}
                <button type="submit" class="button">Create account</button>
                </form>
                <p>Already a member? <a href="{{signInURL}}">Sign in</a>.</p>
                </div>
                """),
        TemplateSource(
            name: passwordForm,
            text: """
                <div class="card narrow">
                <h1>Change your password</h1>
                <form method="post" action="{{actionURL}}" class="form">
                {{> Tessera/FormTokens}}
                {{#summary}}{{> Tessera/ErrorSummary}}{{/summary}}
                {{#current}}{{> Tessera/Field}}{{/current}}
                {{#new}}{{> Tessera/Field}}{{/new}}
                {{#confirm}}{{> Tessera/Field}}{{/confirm}}
                <button type="submit" class="button">Change password</button>
                </form>
                </div>
                """),
    ]
}
