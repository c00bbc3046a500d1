// MARK: - Members' templates

extension BuiltInTemplates {
    /// The sign-in form (``SignInFormComponent``): names `actionURL`, `next`,
    /// `summary` (``ErrorSummary``), `username`, `password` (``FormField``s) and `signUpURL`.
    package static let signInForm = "Tessera/SignInForm"
    /// The sign-up form (``SignUpFormComponent``): names `actionURL`, `next`,
    /// `summary`, `username`, `displayName` (absent without one), `password` and `signInURL`.
    package static let signUpForm = "Tessera/SignUpForm"
    /// The change-password form (``PasswordFormComponent``): names `actionURL`,
    /// `summary`, `current`, `new` and `confirm`.
    package static let passwordForm = "Tessera/PasswordForm"

    /// The forgotten-password form (``ForgotPasswordFormComponent``): names `actionURL`,
    /// `summary`, `email` and `signInURL`.
    package static let forgotPasswordForm = "Tessera/ForgotPasswordForm"
    /// The form a reset link opens (``ResetPasswordFormComponent``): names `actionURL`, `token`
    /// (absent when the link does not work), `summary`, `password`, `confirm` and `forgotURL`.
    package static let resetPasswordForm = "Tessera/ResetPasswordForm"
    /// The address page (``EmailFormComponent``): names `actionURL`, `current`, `summary` and
    /// `email`.
    package static let emailForm = "Tessera/EmailForm"
    /// The page a confirmation link opens (``ConfirmEmailComponent``): names `actionURL`,
    /// `token`, `address` and `problem`.
    package static let confirmEmail = "Tessera/ConfirmEmail"

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
                {{#memberPages.forgotPassword}}<p><a href="{{memberPages.forgotPassword}}">Forgot your password?</a></p>{{/memberPages.forgotPassword}}
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
                {{#email}}{{> Tessera/Field}}{{/email}}
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
                {{#memberPages.email}}<p><a href="{{memberPages.email}}">Your e-mail address</a>: where a link to reset a forgotten password goes.</p>{{/memberPages.email}}
                </div>
                """),
        TemplateSource(
            name: forgotPasswordForm,
            text: """
                <div class="card narrow">
                <h1>Forgot your password?</h1>
                <p>Give the address of your account: we mail you a link to choose a new password.</p>
                <form method="post" action="{{actionURL}}" class="form">
                {{> Tessera/FormTokens}}
                {{#summary}}{{> Tessera/ErrorSummary}}{{/summary}}
                {{#email}}{{> Tessera/Field}}{{/email}}
                <button type="submit" class="button">Mail me a link</button>
                </form>
                {{#signInURL}}<p>Remembered it? <a href="{{signInURL}}">Sign in</a>.</p>{{/signInURL}}
                </div>
                """),
        TemplateSource(
            name: resetPasswordForm,
            text: """
                <div class="card narrow">
                <h1>Choose a new password</h1>
                {{#token}}
                <form method="post" action="{{actionURL}}" class="form">
                {{> Tessera/FormTokens}}
                {{#summary}}{{> Tessera/ErrorSummary}}{{/summary}}
                <input type="hidden" name="token" value="{{token}}">
                {{#password}}{{> Tessera/Field}}{{/password}}
                {{#confirm}}{{> Tessera/Field}}{{/confirm}}
                <button type="submit" class="button">Set the new password</button>
                </form>
                {{/token}}
                {{^token}}
                <p class="form-error" role="alert" data-link-expired>This link no longer works: it was used, a newer link or a change to the account ended it, or its hour has ended.</p>
                {{#forgotURL}}<p><a href="{{forgotURL}}">Ask for a new link</a>.</p>{{/forgotURL}}
                {{/token}}
                </div>
                """),
        TemplateSource(
            name: emailForm,
            text: """
                <div class="card narrow">
                <h1>Your e-mail address</h1>
                {{#current}}<p>Your confirmed address is <strong data-current-email>{{current}}</strong>.</p>{{/current}}
                {{^current}}<p>Your account has no confirmed address yet: without one, a forgotten password cannot be reset.</p>{{/current}}
                <form method="post" action="{{actionURL}}" class="form">
                {{> Tessera/FormTokens}}
                {{#summary}}{{> Tessera/ErrorSummary}}{{/summary}}
                {{#email}}{{> Tessera/Field}}{{/email}}
                <button type="submit" class="button">Mail me a link</button>
                </form>
                {{#memberPages.password}}<p><a href="{{memberPages.password}}">Change your password</a></p>{{/memberPages.password}}
                </div>
                """),
        TemplateSource(
            name: confirmEmail,
            text: """
                <div class="card narrow">
                <h1>Confirm your address</h1>
                {{#problem}}<p class="form-error" role="alert">{{problem}}</p>{{/problem}}
                {{#token}}
                <form method="post" action="{{actionURL}}" class="form">
                {{> Tessera/FormTokens}}
                <input type="hidden" name="token" value="{{token}}">
                <p>Make <strong>{{address}}</strong> the address of your account?</p>
                <button type="submit" class="button">Confirm</button>
                </form>
                {{/token}}
                {{^token}}{{^problem}}<p class="form-error" role="alert" data-link-expired>This link no longer works: it was used, a newer link or a change to the account ended it, or its hour has ended.</p>{{/problem}}{{/token}}
                </div>
                """),
        TemplateSource(
            name: "Tessera/Mail/PasswordReset.text",
            text: """
                Hello {{address}},

                Someone, we hope you, asked to choose a new password for your account at {{siteName}}. Follow this link to choose it:

                {{link}}

                The link works once, for {{minutes}} minutes. Choosing a new password signs you out everywhere else.

                If you did not ask, ignore this mail: your password stays as it is.
                """),
        TemplateSource(
            name: "Tessera/Mail/PasswordReset.html",
            text: """
                <h1>{{subject}}</h1>
                <p>Hello {{address}},</p>
                <p>Someone, we hope you, asked to choose a new password for your account at {{siteName}}.</p>
                <p><a href="{{link}}">Choose a new password</a></p>
                <p>The link works once, for {{minutes}} minutes. Choosing a new password signs you out everywhere else.</p>
                <p>If you did not ask, ignore this mail: your password stays as it is.</p>
                """),
        TemplateSource(
            name: "Tessera/Mail/AddressConfirmation.text",
            text: """
                Hello {{address}},

                To make {{address}} the address of your account at {{siteName}}, follow this link:

                {{link}}

                The link works once, for {{minutes}} minutes. If you did not ask, ignore this mail.
                """),
        TemplateSource(
            name: "Tessera/Mail/AddressConfirmation.html",
            text: """
                <h1>{{subject}}</h1>
                <p>Hello {{address}},</p>
                <p>To make <strong>{{address}}</strong> the address of your account at {{siteName}}, follow this link:</p>
                <p><a href="{{link}}">Confirm {{address}}</a></p>
                <p>The link works once, for {{minutes}} minutes. If you did not ask, ignore this mail.</p>
                """),
    ]
}
