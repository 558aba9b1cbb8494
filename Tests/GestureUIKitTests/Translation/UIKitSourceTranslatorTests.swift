import Foundation
import Testing
import UIKitSourceTranslation

/// The derivative path's translator: only import lines, Objective-C attributes, `dynamic` and
/// `#selector` change, every line stays on its line, and what it cannot translate is an error at
/// the iOS file's line and column.
@Suite struct UIKitSourceTranslatorTests {
    func derive(_ text: String) throws -> [String] {
        let out = try UIKitSourceTranslator.translate(text, path: "/app/Gesture.swift")
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == #"#sourceLocation(file: "/app/Gesture.swift", line: 1)"#)
        #expect(lines.count == text.split(separator: "\n", omittingEmptySubsequences: false).count + 1, "lines are kept")
        return Array(lines.dropFirst())
    }

    func error(_ text: String) -> TranslationError? {
        do {
            _ = try UIKitSourceTranslator.translate(text, path: "/app/Gesture.swift")
            return nil
        } catch {
            return error
        }
    }

    @Test func importLinesBecomeGestureUIKit() throws {
        let lines = try derive(
            """
            import UIKit
            import UIKit.UIGestureRecognizerSubclass
            import Foundation
            import class QuartzCore.CALayer
            import CoreGraphics
            import os.log
              import SwiftUI
            """)
        #expect(
            lines == [
                "import GestureUIKit", "import GestureUIKit", "import GestureUIKit", "import GestureUIKit", "import GestureUIKit",
                "import os.log", "  import SwiftUI",
            ])
    }

    @Test func objectiveCAttributesAreBlankedInPlace() throws {
        let lines = try derive(
            """
            @objc(TTGesture) @objcMembers class T: NSObject {
                @objc dynamic var count = 0
                @IBOutlet weak var label: UIView!
                @IBAction func buy(_ sender: Any) {}
                @nonobjc func swiftOnly() { let dynamic = 1; _ = dynamic }
                @available(iOS 13, *) @discardableResult func kept() -> Int { 0 }
            }
            """)
        #expect(lines[0] == String(repeating: " ", count: 30) + "class T: NSObject {")
        #expect(lines[1] == "                  var count = 0")
        #expect(lines[2] == "              weak var label: UIView!")
        #expect(lines[3] == "              func buy(_ sender: Any) {}")
        #expect(lines[4] == "             func swiftOnly() { let dynamic = 1; _ = dynamic }")
        #expect(lines[5] == "    @available(iOS 13, *) @discardableResult func kept() -> Int { 0 }")
    }

    @Test func anObjCProtocolStaysClassBound() throws {
        let lines = try derive(
            """
            @objc protocol A { func a() }
            @objc public protocol B: NSObjectProtocol { func b() }
            @objc enum Mode: Int { case one }
            """)
        #expect(lines[0] == "      protocol A: AnyObject { func a() }")
        #expect(lines[1] == "      public protocol B: NSObjectProtocol { func b() }")
        #expect(lines[2] == "      enum Mode: Int { case one }")
    }

    @Test func selectorsBecomeSelectorsBoundToTheSameMethod() throws {
        let lines = try derive(
            """
            class C {
                @objc(didTap:) func tapped(_ g: UITapGestureRecognizer) {}
                @objc func handle(with g: UIPanGestureRecognizer) {}
                @objc func go() {}
                func wire(_ h: Handler) {
                    a(#selector(tapped(_:)))
                    a(#selector(self.handle(with:)))
                    a(#selector(go))
                    a(#selector(Handler.run(_:for:)))
                    a(#selector(h.run))
                    a(#selector( handle ))
                }
            }
            """)
        #expect(lines[5] == #"        a(Selector("didTap:", Self.tapped(_:)))"#)
        #expect(lines[6] == #"        a(Selector("handleWith:", Self.handle(with:)))"#)
        #expect(lines[7] == #"        a(Selector("go", Self.go))"#)
        #expect(lines[8] == #"        a(Selector("run:for:", Handler.run(_:for:)))"#)
        #expect(lines[9] == #"        a(Selector("run", type(of: h).run))"#)
        #expect(lines[10] == #"        a(Selector("handleWith:", Self.handle))"#)
        #expect(UIKitSourceTranslator.objectiveCName("move", ["to"]) == "moveTo:")
        #expect(UIKitSourceTranslator.objectiveCName("update", ["_", "animated"]) == "update:animated:")
    }

    @Test func commentsAndStringsAreNeverChanged() throws {
        let text = #"""
            let s = "#selector(x) @objc import UIKit \(f(#selector(y)))" // #selector(z) @objc
            /* @objc /* nested */ #keyPath(a) */ let r = #"@objc "dynamic" var"#
            let m = """
                #keyPath(x) @NSManaged
                """
            """#
        #expect(try derive(text) == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    @Test func whatNeedsTheRuntimeIsAnErrorAtItsPlace() {
        let cases: [(String, Int, Int, String)] = [
            ("@objc protocol P {\n    @objc optional func f()\n}", 2, 11, "'optional' protocol requirement"),
            ("let k = #keyPath(View.frame)", 1, 9, "'#keyPath'"),
            ("let s = #selector(getter: View.frame)", 1, 9, "property selectors"),
            ("class E {\n  @NSManaged var name: String\n}", 2, 3, "'@NSManaged'"),
            ("import ObjectiveC\n", 1, 1, "'import ObjectiveC'"),
            ("let a = #selector(f as (C) -> () -> Void)", 1, 9, "expected a method reference"),
            ("let s = \"open", 1, 9, "unterminated string"),
        ]
        for (text, line, column, fragment) in cases {
            let e = error(text)
            #expect(e?.line == line && e?.column == column, "\(text): \(String(describing: e))")
            #expect(e?.message.contains(fragment) == true, "\(text): \(String(describing: e))")
            #expect(e?.description.hasPrefix("/app/Gesture.swift:\(line):\(column): error: ") == true)
        }
    }

    /// The command the build-tool plugin runs: a positioned error and status 65 for what it cannot
    /// translate, the input untouched, no output written.
    @Test func theCommandReportsAndLeavesTheInputAlone() throws {
        let exe = try #require(Self.tool, "uikit-derive not found beside the test bundle (swift build --build-tests)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-derive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("Bad.swift"), output = dir.appendingPathComponent("out/Bad.swift")
        let text = "import UIKit\n@objc protocol P {\n  @objc optional func f()\n}\n"
        try text.write(to: input, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = [input.path, output.path]
        let err = Pipe()
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 65)
        #expect(message.hasPrefix("\(input.path):3:9: error: cannot translate an 'optional' protocol requirement"))
        #expect(try String(contentsOf: input, encoding: .utf8) == text)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    static let tool: String? = {
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let candidate = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("uikit-derive").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }()
}
