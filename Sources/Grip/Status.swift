import CGrip

/// `grip_version`: (major << 16) | (minor << 8) | patch of the loaded library.
@_cdecl("grip_version")
public func grip_version() -> UInt32 {
    UInt32(GRIP_VERSION_MAJOR) << 16 | UInt32(GRIP_VERSION_MINOR) << 8 | UInt32(GRIP_VERSION_PATCH)
}

/// `grip_status_string`: a static name for a status; "unknown status" for others. Never NULL.
@_cdecl("grip_status_string")
public func grip_status_string(_ status: grip_status) -> UnsafePointer<CChar> {
    switch status {
    case GRIP_OK: return cString("GRIP_OK")
    case GRIP_DONE: return cString("GRIP_DONE")
    case GRIP_ERR_ARG: return cString("GRIP_ERR_ARG: bad argument")
    case GRIP_ERR_NOT_FOUND: return cString("GRIP_ERR_NOT_FOUND: unknown or destroyed box")
    case GRIP_ERR_STATE: return cString("GRIP_ERR_STATE: not allowed now")
    case GRIP_ERR_LIMIT: return cString("GRIP_ERR_LIMIT: a configured limit was reached")
    case GRIP_ERR_NOMEM: return cString("GRIP_ERR_NOMEM: out of memory")
    case GRIP_ERR_SCRIPT: return cString("GRIP_ERR_SCRIPT: Lua error")
    default: return cString("unknown status")
    }
}
