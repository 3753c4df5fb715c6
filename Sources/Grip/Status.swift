import CGrip

/// `grip_version`: (major << 16) | (minor << 8) | patch of the loaded library.
@_cdecl("grip_version")
public func grip_version() -> UInt32 {
    UInt32(GRIP_VERSION_MAJOR) << 16 | UInt32(GRIP_VERSION_MINOR) << 8 | UInt32(GRIP_VERSION_PATCH)
}

/// `grip_status_string`: a static name for a status (the schema's message: "GRIP_ERR_ARG: bad
/// argument"); "unknown status" for others. Never NULL.
@_cdecl("grip_status_string")
public func grip_status_string(_ status: grip_status) -> UnsafePointer<CChar> {
    statusMessage(status)
}
