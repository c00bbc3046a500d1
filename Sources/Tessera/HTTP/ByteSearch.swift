// MARK: - ByteSearch

extension String {
    /// Whether the UTF-8 bytes of `token` occur in this string's: a plain byte search for ASCII
    /// tokens in headers. (`String.contains` with Foundation imported is Foundation's Unicode
    /// search through `CFString`, which cost every request a measurable share of its time.)
    func containsBytes(_ token: String) -> Bool {
        var text = self
        var token = token
        return token.withUTF8 { needle in
            text.withUTF8 { hay in
                guard let first = needle.first else { return true }
                guard hay.count >= needle.count else { return false }
                for start in 0...(hay.count - needle.count) where hay[start] == first {
                    if UnsafeBufferPointer(rebasing: hay[start..<start + needle.count]).elementsEqual(needle) { return true }
                }
                return false
            }
        }
    }
}
