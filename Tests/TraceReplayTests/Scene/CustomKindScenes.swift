import TestSupport

extension CustomKinds {
    /// Scene files of the tests in this folder.
    static func scenePath(_ name: String) -> String {
        var dir = String(#filePath)
        dir = String(dir[..<dir.lastIndex(of: "/")!])
        return dir + "/scenes/" + name
    }
}
