import CLuaShim

/// A failure to report to Lua as an error message.
struct LuaFailure: Error {
    var message: String
    /// GL_ERR_MSG (message) or GL_ERR_TOP (a Lua error object is on the stack).
    var code: Int32 = GL_ERR_MSG
    init(_ message: String) { self.message = message }
    static let top: LuaFailure = {
        var f = LuaFailure("")
        f.code = GL_ERR_TOP
        return f
    }()
}
