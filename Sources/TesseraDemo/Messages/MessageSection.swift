import Tessera

// MARK: - MessageSection

/// A conversation's messages as a list (`Views/Messages/MessageSection.mustache`), or the
/// section's empty state when there are none.
struct MessageSection: SectionRenderer {}
