import CGrip
import GripCore

/// The host's C constraint on the selection as a whole (`grip_selection_set_constraint`): the
/// function and its context, kept as addresses (0: none), as `CConstraint` keeps a box's.
struct CSelectionConstraint {
    var function: UInt = 0
    var context: UInt = 0
}

extension EngineHandle: SelectionConstraint {
    /// Asks the C function (the engine is busy meanwhile: its calls back into the engine fail with
    /// GRIP_ERR_STATE). Frames are world space: parent GRIP_NO_BOX, scale 1.
    package func constrain(before: BoxGeometry, proposed: BoxGeometry) -> BoxGeometry? {
        // Once a callback has destroyed the engine (deferred), no callback is called again.
        guard !destroyPending, selectionConstraintFn.function != 0 else { return proposed }
        let fn = unsafeBitCast(selectionConstraintFn.function, to: grip_selection_constraint_fn.self)
        var b = before.cGeometry(parent: .none)
        var out = proposed.cGeometry(parent: .none)
        guard fn(UnsafeMutableRawPointer(bitPattern: selectionConstraintFn.context), &b, &out) else { return nil }
        var answer = BoxGeometry(out)
        answer.scale = 1
        return answer
    }
}

/// `grip_selection_set_constraint`: calls `fn` at every step of a gesture, nudge, flip or quarter
/// turn of the selection with the selection frame before and the one proposed; NULL removes it.
/// The function and context are the caller's: they must stay valid while set. GRIP_ERR_STATE
/// while a gesture acts on the selection (nothing changes).
@_cdecl("grip_selection_set_constraint")
public func grip_selection_set_constraint(
    _ engine: OpaquePointer?, _ fn: grip_selection_constraint_fn?, _ context: UnsafeMutableRawPointer?
) -> grip_status {
    withEngine(engine) { h throws(GripError) in
        try h.engine.setSelectionConstraint(fn == nil ? nil : h)
        h.selectionConstraintFn = CSelectionConstraint(
            function: fn.map { unsafeBitCast($0, to: UInt.self) } ?? 0, context: UInt(bitPattern: context))
        return GRIP_OK
    }
}
