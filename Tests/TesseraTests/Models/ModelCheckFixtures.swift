import Foundation
import TesseraSQL

// MARK: - Models

/// How a sign-up feels: an enum column whose cases are a form's choices.
enum Mood: String, SQLColumnValue, CaseIterable {
    case calm, busy, curious
}

/// A sign-up: one column of each check (required text, length, range, format, an enum, unique)
/// and a custom check in Swift.
@Model(table: "signup")
struct Signup: Sendable, Equatable {
    var id: Int64
    @Column(.unique, .length(min: 2, max: 20)) var handle: String
    @Column(.format(.email)) var email: String
    @Column(.format(.url)) var website: String?
    @Column(.range(1...10)) var seats: Int = 1
    @Column(.range(0...99.5)) var rating: Double = 0
    var mood: Mood = .calm
    @Column(.allowsEmpty, .length(max: 300)) var about: String = ""
    var startsAt: Date
    var isPublic: Bool = false
    var nickname: String?

    /// A new sign-up's starting values.
    static let blank = Signup(id: 0, handle: "", email: "", startsAt: Date(timeIntervalSince1970: 1_800_000_000))

    /// The checks Swift says: a handle kept for the site, a public sign-up without a website.
    static func check(_ signup: Signup, into problems: inout ModelProblems<Signup>) {
        if signup.handle.lowercased() == "admin" { problems.add(\.handle, "This handle is kept for the site.") }
        if signup.isPublic && signup.website == nil { problems.add(\.website, "A public sign-up needs a website.") }
    }
}

// MARK: - Fixtures

/// The sign-up table, made from the model.
enum ModelCheckFixtures {
    static func migrations(_ migrations: inout Migrations) {
        migrations.register("models.signups") { db in try await db.createTable(Signup.self) }
    }

    /// A sign-up's fields that pass every check.
    static let good: [String: String] = [
        "handle": "ada", "email": "ada@example.com", "website": "https://ada.example", "seats": "2", "rating": "4.5",
        "mood": "curious", "about": "", "startsAt": "2026-12-07T17:05", "isPublic": "on",
    ]
}
