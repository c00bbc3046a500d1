import ArgumentParser
import Foundation

// MARK: - DoctorCommand

/// `doctor`: reads the settings as `serve` would (the same environment and flags) and checks a
/// deployment without changing it: production mode, the public URL, TLS and `--secure`
/// together, the templates, the open-file limit against the connection cap, the database (its
/// version, the shared CSRF secret, migrations pending or unknown to this build) and the mail
/// server (greeting, EHLO, TLS, sign-in; nothing sent). One line per finding; exits 1 when
/// any is a problem.
struct DoctorCommand<App: TesseraApp>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "doctor",
            abstract: "Check a deployment's settings, database and mail server, and say what is wrong (exit 1 if anything is).")
    }

    @OptionGroup var options: AppOptions

    func run() async throws {
        let configuration: TesseraConfiguration
        do {
            configuration = try options.configuration()
        } catch {
            print(DoctorFinding(.problem, "settings", "\(error)"))
            throw ExitCode.failure
        }
        let findings = await Doctor(app: App(), configuration: configuration).findings()
        for finding in findings { print(finding) }
        let problems = findings.filter { $0.verdict == .problem }.count
        print(problems == 0 ? "no problems found" : "\(problems) problem\(problems == 1 ? "" : "s") found")
        if problems > 0 { throw ExitCode.failure }
    }
}
