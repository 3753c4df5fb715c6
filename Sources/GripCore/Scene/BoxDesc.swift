/// A box as the host describes it: parent, geometry and behaviour.
public struct BoxDesc: Equatable, Sendable {
    public var parent = BoxID.none
    public var geometry = BoxGeometry(center: Vec2(50, 50), width: 100, height: 100)
    public var behavior = BoxBehavior()
    public init() {}
}
