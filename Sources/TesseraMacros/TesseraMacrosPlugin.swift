import SwiftCompilerPlugin
import SwiftSyntaxMacros

// MARK: - TesseraMacrosPlugin

/// The compiler plugin holding Tessera's macros.
@main
struct TesseraMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        TemplateModelMacro.self, TemplatePropertyMark.self, SQLRecordMacro.self, ComponentMacro.self, ModelMacro.self,
        ColumnMark.self,
    ]
}
