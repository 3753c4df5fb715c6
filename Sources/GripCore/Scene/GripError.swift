/// A failed call: the status and a one-line message. A call that throws changed nothing.
public struct GripError: Error, Equatable, Sendable {
    public var status: Status
    public var message: String

    public init(_ status: Status, _ message: String) {
        self.status = status; self.message = message
    }

    static func arg(_ m: String) -> GripError { GripError(.invalidArgument, m) }
    static func state(_ m: String) -> GripError { GripError(.invalidState, m) }
    static func notFound(_ id: BoxID) -> GripError {
        GripError(.notFound, "box \(id.rawValue) does not exist (unknown or destroyed id)")
    }
}
