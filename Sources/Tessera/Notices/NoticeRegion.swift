// MARK: - NoticeRegion

/// The model of the `Tessera/Notice` region sent with an action's fragments: the notice the
/// action returned, shown in place by the client script.
struct NoticeRegion: TemplateModel {
    let notice: Notice

    static let templateKeys: [TemplateKey<NoticeRegion>] = [TemplateKey("notice") { $0.notice }]
}
