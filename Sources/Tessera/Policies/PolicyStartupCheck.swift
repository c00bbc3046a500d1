// MARK: - PolicyStartupCheck

/// The policies' start-up checks: every scene declares one (``Scene/policy``); every owner rule
/// reads a subject its place has (a scene's: the scene; an action's: the scene or the action's
/// component); every role named is a role's name; and a scene whose visitors' pages are kept lets
/// anyone in.
enum PolicyStartupCheck {
    /// What is wrong with `sceneType`'s policy and its actions'.
    static func problems(of sceneType: Scene.Type) -> [StartupProblem] {
        let name = String(describing: sceneType)
        guard let policy = sceneType.policy else {
            return [
                StartupProblem(
                    file: nil, type: name,
                    message: "declares no policy: who may see it and run its actions "
                        + "(override `class var policy: Policy?`, such as `.anyone`, `.signedIn` or `.role(.admin)`)")
            ]
        }
        var problems = subjectProblems(policy, owner: name, accepting: [sceneType]) + roleProblems(policy, owner: name)
        if sceneType.reusesVisitorPages, !policy.allowsAnyone {
            problems.append(
                StartupProblem(
                    file: nil, type: name,
                    message: "lets only some members in (policy \(policy)), so it has no visitors' pages to reuse (remove `reusesVisitorPages`)"))
        }
        for component in sceneType.componentTypes {
            for action in component.actionEntries {
                guard let actionPolicy = action.policy else { continue }
                let owner = "\(component).\(action.name) in \(name)"
                problems += subjectProblems(actionPolicy, owner: owner, accepting: [sceneType, component])
                    + roleProblems(actionPolicy, owner: owner)
            }
        }
        return problems
    }

    /// Owner rules of `policy` whose subject is none of `accepting`.
    private static func subjectProblems(_ policy: Policy, owner: String, accepting: [Any.Type]) -> [StartupProblem] {
        policy.owners.filter { rule in !accepting.contains(where: rule.accepts) }.map { rule in
            StartupProblem(
                file: nil, type: owner,
                message: "its policy's owner rule reads a \(rule.subjectName), which it never has "
                    + "(it has \(accepting.map { String(describing: $0) }.joined(separator: " and ")))")
        }
    }

    /// Roles of `policy` that are not roles' names.
    private static func roleProblems(_ policy: Policy, owner: String) -> [StartupProblem] {
        policy.roles.filter { !$0.isValid }.map { role in
            StartupProblem(file: nil, type: owner, message: "its policy names the role '\(role.name)': \(RoleError.invalidName(role.name))")
        }
    }
}
