/// The outcome of an engine call, the same numbers as `grip_status`.
public enum Status: Int32, Sendable {
    case ok = 0
    case done = 1
    case invalidArgument = -1
    case notFound = -2
    case invalidState = -3
    case limit = -4
    case noMemory = -5
    case script = -6
}

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
