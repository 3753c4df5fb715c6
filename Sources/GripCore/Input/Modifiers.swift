/// Modifier bits of `grip_pointer_event.modifiers`.
public enum Modifiers {
    public static let shift: UInt32 = 1 << 0
    public static let alt: UInt32 = 1 << 1
    public static let ctrl: UInt32 = 1 << 2
    public static let meta: UInt32 = 1 << 3
    public static let all: UInt32 = SchemaMasks.mod
}
