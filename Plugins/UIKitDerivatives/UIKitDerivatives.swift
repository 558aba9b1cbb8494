import Foundation
import PackagePlugin

/// Compiles an app's iOS recognizer files, unchanged, into a Linux target: each file listed in the
/// target's `UIKitSources.txt` (one path a line, relative to that file; `#` starts a comment) gets a
/// Linux-ready derivative written by `uikit-derive` into the build folder on every build (never
/// into the sources, never committed): only its import lines, Objective-C attributes and
/// `#selector`s changed (docs/uikit-compat.md, "Objective-C syntax"). A construct it cannot
/// translate fails the build with an error at the iOS file's line.
@main
struct UIKitDerivatives: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let list = sourceTarget.directoryURL.appendingPathComponent("UIKitSources.txt")
        guard let text = try? String(contentsOf: list, encoding: .utf8) else {
            Diagnostics.error("cannot read the list of iOS files (one path a line, relative to it)", file: list.path, line: nil)
            return []
        }
        let tool = try context.tool(named: "uikit-derive")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("derived")
        var commands: [Command] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let entry = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty else { continue }
            let input = URL(fileURLWithPath: entry, relativeTo: list.deletingLastPathComponent()).standardizedFileURL
            guard FileManager.default.fileExists(atPath: input.path) else {
                Diagnostics.error("no such iOS file: \(entry)", file: list.path, line: number + 1)
                continue
            }
            // Its own file name (`TipTap.linux.swift`): the derivative's first line points the
            // compiler at the iOS file, whose name must not be the derivative's too (#fileID).
            let derived = output.appendingPathComponent(input.deletingPathExtension().lastPathComponent + ".linux.swift")
            commands.append(
                .buildCommand(
                    displayName: "Deriving \(input.lastPathComponent) for Linux", executable: tool.url,
                    arguments: [input.path, derived.path], inputFiles: [input, list], outputFiles: [derived]))
        }
        return commands
    }
}
