/// The pointer rules of GRIP_SELECTION_POINTER, called from the arbitration
/// (Input/Arbitration.swift) at press, drag and tap, and what a press on a member of a
/// selection of several becomes (in every mode: the selection moves and pinches as one).
extension Engine {
    /// Modifier bits that make a tap toggle a box (and a drag add it).
    static let toggleModifiers = Modifiers.shift | Modifiers.ctrl | Modifiers.meta

    /// Whether pointer selection may pick slot `s` now.
    private func pointerMaySelect(_ s: Int32) -> Bool {
        config.selectionMode == .pointer && scene.behavior(s).selectable && !selectionGestureActive()
    }

    /// A press on the body of slot `s`: without a toggle modifier, a box not selected becomes the
    /// selection alone, so the drag that follows moves it (a selected one keeps the selection).
    func pressSelects(slot s: Int32, modifiers: UInt32) {
        guard pointerMaySelect(s), modifiers & Engine.toggleModifiers == 0, scene[s].selection == .none
        else { return }
        setSelection([scene.id(s)])
    }

    /// A drag begins on slot `s`: with a toggle modifier held, a box not selected joins the
    /// selection first, so the whole selection moves.
    func dragSelects(slot s: Int32, modifiers: UInt32) {
        guard pointerMaySelect(s), modifiers & Engine.toggleModifiers != 0, scene[s].selection == .none
        else { return }
        setSelection(selection(after: .add, of: scene.id(s)))
    }

    /// A tap on slot `s`: with a toggle modifier (held at the press) it toggles the box; a tap on
    /// one member of several selects it alone.
    func tapSelects(slot s: Int32, pointer tp: TrackedPointer) {
        guard pointerMaySelect(s) else { return }
        let id = scene.id(s)
        if tp.downModifiers & Engine.toggleModifiers != 0 {
            setSelection(selection(after: .toggle, of: id))
        } else if scene[s].selection == .member {
            setSelection([id])
        }
    }

    /// A pointer going down on slot `s`, one of several selected boxes: a second finger on the
    /// selection turns its move (or a first finger still pending) into a pinch of the whole
    /// selection; otherwise it waits (a tap, a long press, or a move of the whole selection).
    func memberDown(_ tp: TrackedPointer, slot s: Int32) -> Bool {
        var tp = tp
        let allow = selectionAllows()
        let twoPointer = !allow.isDisjoint(with: [.move, .pinch, .rotate])
        if let gi = gesture(on: .selection) {
            if interactions[gi].kind == .move && twoPointer {
                let first = interactions[gi].pointer
                end(gi, pointer: first, at: pointerWorld(first))
                tp.role = .gesture
                input.pointers.items.append(tp)
                beginGesture(.pinch, on: .selection(allowingOne: false), pointer: first, second: tp.id)
                return true
            }
            tp.role = .ignored
        } else if let other = input.pointers.items.first(where: { $0.role == .pending && isMultiMember($0.box) }) {
            tp.role = .ignored
            if twoPointer, let os = scene.slot(other.box) {
                cancelPress(on: other.box, slot: os, at: tp.position)
                input.pointers.items.append(tp)
                beginGesture(.pinch, on: .selection(allowingOne: false), pointer: other.id, second: tp.id)
                return true
            }
        } else {
            tp.role = .pending
            if scene.behavior(s).allow.contains(.longPress) {
                beginPress(slot: s, pointer: tp.id, at: tp.position)
            }
        }
        input.pointers.items.append(tp)
        return true
    }

    /// Whether box `id` is one of two or more selected boxes.
    private func isMultiMember(_ id: BoxID) -> Bool {
        guard let s = scene.slot(id) else { return false }
        return scene[s].selection == .member
    }
}
