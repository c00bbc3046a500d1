import Tessera

// MARK: - Reuse counts

extension TestApp {
    /// How many component fragments the site served reused and how many it loaded, since it
    /// began (Tessera's own tests of fragment reuse).
    public var fragmentLookups: (served: Int, loaded: Int) { site.fragmentLookups }

    /// How many visitors' pages the site served kept and how many it rendered, since it began
    /// (Tessera's own tests of page reuse).
    public var pageLookups: (served: Int, rendered: Int) { site.pageLookups }
}
