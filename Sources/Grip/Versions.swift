import CGrip
import GripCore

/// The sizes the versioned structs (those whose first field is `struct_size`) had in earlier
/// releases of grip.h. A host compiled against one of them passes that size: the library reads
/// and writes only the fields it has, and the fields added since take their defaults.
enum EarlierSizes {
    /// grip_engine_desc of 0.1 and 0.2, grip_box_desc of 0.1.
    static let engineDesc: [Int] = [56, 96]
    static let boxDesc: [Int] = [216]
}

/// The caller's `struct_size` of the versioned struct at `p`, checked against this library's
/// size and `earlier`'s; GRIP_ERR_ARG naming `what` for any other.
func versionedSize<T>(_ p: UnsafePointer<T>, earlier: [Int], _ what: StaticString) throws(GripError) -> Int {
    // Compared as read (a UInt32): a size past 2^31 is no Int on a 32-bit target.
    let raw = UnsafeRawPointer(p).load(as: UInt32.self)
    if let size = Int(exactly: raw), size == MemoryLayout<T>.size || earlier.contains(size) { return size }
    throw wrongSize(raw, MemoryLayout<T>.size, what)
}

/// Reads a versioned struct: the caller's bytes (as many as its `struct_size` says) over
/// `defaults`, so fields its version lacks keep their defaults.
@_optimize(speed) func readVersioned<T>(
    _ p: UnsafePointer<T>, defaults: T, earlier: [Int], _ what: StaticString
) throws(GripError) -> T {
    let size = try versionedSize(p, earlier: earlier, what)
    if size == MemoryLayout<T>.size { return p.pointee }
    var value = defaults
    withUnsafeMutableBytes(of: &value) { dst in
        dst.copyMemory(from: UnsafeRawBufferPointer(start: UnsafeRawPointer(p), count: size))
    }
    return value
}

/// Writes `value` into a versioned struct as far as the caller's version reaches (its
/// `struct_size`, which stays as the caller set it).
func writeVersioned<T>(
    _ value: T, to p: UnsafeMutablePointer<T>, earlier: [Int], _ what: StaticString
) throws(GripError) {
    let size = try versionedSize(UnsafePointer(p), earlier: earlier, what)
    if size == MemoryLayout<T>.size {
        p.pointee = value
        return
    }
    var copy = value
    withUnsafeMutableBytes(of: &copy) { bytes in
        bytes.storeBytes(of: UInt32(size), as: UInt32.self)
        UnsafeMutableRawPointer(p).copyMemory(
            from: UnsafeRawPointer(bytes.baseAddress ?? UnsafeMutableRawPointer(p)),
            byteCount: size)
    }
}

/// Writes the defaults `value` of a versioned struct into the caller's struct of `size` bytes (the
/// `sizeof` of the header it was built with), its `struct_size` set to the version written: this
/// version when `size` reaches it (a later header's fields beyond are left alone, and ignored
/// since `struct_size` says this version), an earlier version of exactly that size, or nothing
/// for any other size (`struct_size` stays what it was, so the create call refuses it).
func writeDefaults<T>(_ value: T, to p: UnsafeMutablePointer<T>, size: Int, earlier: [Int]) {
    if size >= MemoryLayout<T>.size {
        p.pointee = value
        UnsafeMutableRawPointer(p).storeBytes(of: UInt32(MemoryLayout<T>.size), as: UInt32.self)
        return
    }
    guard earlier.contains(size) else { return }
    var copy = value
    withUnsafeMutableBytes(of: &copy) { bytes in
        bytes.storeBytes(of: UInt32(size), as: UInt32.self)
        UnsafeMutableRawPointer(p).copyMemory(
            from: UnsafeRawPointer(bytes.baseAddress ?? UnsafeMutableRawPointer(p)),
            byteCount: size)
    }
}
