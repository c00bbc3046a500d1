// MARK: - NoticeRegion

/// The model of the `Tessera/Notice` region sent with an action's fragments: the notice the
/// action returned, shown in place by the client script.
@TemplateModel
struct NoticeRegion {
    let notice: Notice
}
