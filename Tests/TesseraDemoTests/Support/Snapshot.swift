import TesseraTesting

/// HTML snapshots next to the tests (`__Snapshots__/<TestFile>/<name>.html`), canonical and
/// validated with libxml2; re-record with `TESSERA_RECORD_SNAPSHOTS=1 swift test`. See
/// ``TesseraTesting/Snapshot``.
typealias Snapshot = TesseraTesting.Snapshot
