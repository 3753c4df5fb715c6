import CGrip
import CLuaShim

/// A script's constraint on the whole selection (`e:set_selection_constraint`): the engine's
/// `grip_selection_set_constraint`, whose function runs the script's through CLuaShim with the
/// budget of the call that runs it. Only on engines the script made: the host's engine's
/// selection constraint is the host's own.
extension LuaEngine {
    /// Sets (`on`) or removes this engine's selection constraint; the Lua function is already
    /// stored (the hooks of box GRIP_SELECTION).
    func setSelectionConstraint(_ on: Bool) throws(LuaFailure) {
        guard owned else {
            throw LuaFailure(
                "set_selection_constraint: the host's engine keeps the host's selection constraint (set one on an engine made with grip.new)"
            )
        }
        try check(grip_selection_set_constraint(ptr, on ? LuaEngine.selectionHook : nil, key))
    }

    /// The function the engine calls: the script's answer, false for a refusal. A function that
    /// raises or answers nonsense refuses the step and leaves a SCRIPT_ERROR event (box
    /// GRIP_SELECTION) for `e:events()`.
    static let selectionHook: grip_selection_constraint_fn = { context, before, proposed in
        guard let context, let before, let proposed else { return false }
        let le = Unmanaged<LuaEngine>.fromOpaque(context).takeUnretainedValue()
        var p = gl_geom(proposed.pointee)
        var b = gl_geom(before.pointee)
        var out = p
        var refused = false
        le.noteHostCall()
        var message = [CChar](repeating: 0, count: 400)
        let rc = gl_hook_selection(le.ctx, le.key, &p, &b, &out, &refused, &message, message.count)
        if rc != GL_OK {
            // (String(cString:) of the pointer, as for every C message here: decoding the array
            // instead brought 48 KB of Unicode tables into libgrip-lua.so.)
            let text = message.withUnsafeBufferPointer { $0.baseAddress.map { String(cString: $0) } ?? "" }
            le.selectionHookFailed(text)
            return false
        }
        le.selectionFailure = nil
        if refused { return false }
        proposed.pointee = grip_geometry(out, parent: proposed.pointee.parent)
        return true
    }
}
