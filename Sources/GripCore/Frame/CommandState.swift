/// State bits of a command (`GRIP_STATE_*`).
public enum CommandState {
    public static let hover: UInt32 = 1 << 0
    public static let active: UInt32 = 1 << 1
}
