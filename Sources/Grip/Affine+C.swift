import CGrip
import GripCore

/// Conversions to and from `grip_affine`.
extension Affine {
    init(_ m: grip_affine) { self.init(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty) }
    var toC: grip_affine { grip_affine(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
}
