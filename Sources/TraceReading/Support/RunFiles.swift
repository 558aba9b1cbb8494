#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files one run reads and the files it writes, each with its role, and the one rule between
/// them (docs/robustness.md, "What a run reads, it never writes"): no file the run reads is one it
/// writes, and no two outputs are one file. Every command declares its files here before it
/// writes anything (the command line checks them before the command runs), so the rule is the same
/// for every output, option and command.
///
/// Two paths are one file when they name the same existing file (the same device and inode: by
/// name, `./`, `..`, a symbolic link or a hard link), or, where no file exists yet, the same place
/// (symbolic links followed, then made absolute through the real path of its folder). Standard
/// input and output (`-`), an empty path (refused when it is written) and files that are not
/// replaced but written through or not written at all (a folder, a device, a FIFO, a socket) take
/// no part: writing `/dev/null` twice replaces nothing.
package struct RunFiles: Sendable {
    /// One declared file.
    package struct Entry: Sendable, Equatable {
        package var role: FileRole
        package var path: String
    }

    /// The files read, in the order declared.
    package private(set) var reads: [Entry] = []
    /// The files written, in the order declared.
    package private(set) var writes: [Entry] = []

    package init() {}

    /// Declares that the run reads `path` as `role` (nothing for nil, `-` or an empty path).
    package mutating func read(_ path: String?, as role: FileRole) {
        guard let path, !path.isEmpty, path != "-" else { return }
        reads.append(Entry(role: role, path: path))
    }

    /// Declares that the run writes `path` as `role` (nothing for nil or `-`, standard output).
    package mutating func write(_ path: String?, as role: FileRole) {
        guard let path, !path.isEmpty, path != "-" else { return }
        writes.append(Entry(role: role, path: path))
    }

    /// Adds the files `other` declares.
    package mutating func add(_ other: RunFiles) {
        reads += other.reads
        writes += other.writes
    }

    /// The rule: a usage error (exit 2) naming both files and their roles when an output is one of
    /// the inputs, or two outputs are one file. Golden files written by `--update` may coincide
    /// among themselves: two traces sharing one golden file are refused per trace, by name
    /// (`TraceCheck.checkGoldenNameIsUnambiguous`).
    package func check() throws(TraceError) {
        guard !writes.isEmpty else { return }
        var inputs: [Identity: Entry] = [:]
        for entry in reads {
            guard let id = Self.identity(entry.path) else { continue }
            if inputs[id] == nil { inputs[id] = entry }
        }
        var outputs: [Identity: Entry] = [:]
        for entry in writes {
            guard let id = Self.identity(entry.path) else { continue }
            if let input = inputs[id] {
                throw .usage(
                    "the output '\(entry.path)' (\(entry.role.label)) is one of this run's inputs, \(input.role.label) '\(input.path)'; it would be replaced"
                        as DiagnosticText)
            }
            if let other = outputs[id] {
                if other.role == .updatedGolden && entry.role == .updatedGolden { continue }
                throw .usage(
                    "two outputs are one file: '\(other.path)' (\(other.role.label)) and '\(entry.path)' (\(entry.role.label)); one would replace the other"
                        as DiagnosticText)
            }
            outputs[id] = entry
        }
    }

    /// What makes two paths one file.
    enum Identity: Hashable {
        /// An existing regular file: its device and inode.
        case file(device: UInt64, inode: UInt64)
        /// A file that does not exist (yet): where it would be.
        case place(String)
    }

    /// The identity of `path`; nil for a file that is written through or never replaced (a folder,
    /// device, FIFO or socket).
    static func identity(_ path: String) -> Identity? {
        var st = stat()
        if stat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFREG else { return nil }
            return .file(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        }
        return .place(place(of: path))
    }

    /// Where a path that names no existing file would be created: symbolic links followed (a
    /// dangling link names its target), made absolute, its folder's real path when that exists,
    /// else `.` and `..` resolved by name.
    static func place(of path: String) -> String {
        let target = (try? AtomicFile.resolvingSymbolicLinks(path)) ?? path
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? "./"
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        if let real = realpath(folder, nil) {
            defer { free(real) }
            let resolved = String(cString: real)
            return (resolved.hasSuffix("/") ? resolved : resolved + "/") + name
        }
        var absolute = target
        if !absolute.hasPrefix("/"), let cwd = getcwd(nil, 0) {
            absolute = String(cString: cwd) + "/" + absolute
            free(cwd)
        }
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/") + (absolute.hasSuffix("/") ? "/" : "")
    }
}
