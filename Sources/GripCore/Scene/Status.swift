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
