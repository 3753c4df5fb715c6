import CGrip
import CNames
import GripCore
import Testing

@testable import Grip

/// GripCore keeps its own Swift enums and Sources/Grip/Boxes.swift its own grip_box_desc mapping;
/// the C tables (Sources/CNames) are generated from schema/grip.toml by scripts/gen. These tests fail
/// when the Swift copies disagree with them: every value grip.h names, and every field of
/// grip_box_desc.
@Suite struct NamesTests {
    /// The names of table `t` (value-indexed from `first`).
    static func names(_ t: Int) -> [String] {
        let table = gn_table(Int32(t))!
        var out: [String] = []
        while let p = table[out.count] { out.append(String(cString: p)) }
        return out
    }

    /// Values of table `t` that grip.h has a constant for (not a "none" filler at 0 that grip.h
    /// lacks): all of them are, but the filler's.
    static func values(_ t: Int, first: Int = 0, filler: Bool = false) -> [Int] {
        Array(first..<(first + names(t).count)).filter { !(filler && $0 == 0) }
    }

    /// Input enums: the core accepts exactly grip.h's values.
    @Test func inputEnumsHaveExactlyTheValuesOfGripH() {
        func exact(_ t: Int, _ make: (UInt32) -> Bool, _ what: String) {
            let n = Self.names(t).count
            for v in 0..<n { #expect(make(UInt32(v)), "\(what) has no case for \(Self.names(t)[v]) (\(v))") }
            #expect(!make(UInt32(n)), "\(what) has a case (\(n)) grip.h does not name")
        }
        exact(GN_TABLE_RESIZE, { ResizeMode(rawValue: $0) != nil }, "ResizeMode")
        exact(GN_TABLE_INDICATOR, { IndicatorShape(rawValue: $0) != nil }, "IndicatorShape")
        exact(GN_TABLE_ORDER, { Reorder(rawValue: $0) != nil }, "Reorder")
        exact(GN_TABLE_SELECT, { SelectOp(rawValue: $0) != nil }, "SelectOp")
        exact(GN_TABLE_PHASE, { PointerPhase(rawValue: $0) != nil }, "PointerPhase")
        exact(GN_TABLE_SELECTION, { SelectionMode(rawValue: $0) != nil }, "SelectionMode")
        exact(GN_TABLE_MARQUEE, { MarqueeRule(rawValue: $0) != nil }, "MarqueeRule")
        exact(GN_TABLE_GROUP_RESIZE, { GroupResize(rawValue: $0) != nil }, "GroupResize")
        // Keys start at 1 (grip.h has no key 0; the table's 0 is "none").
        let keys = Self.names(GN_TABLE_KEY).count
        for v in 1..<keys {
            #expect(Key(rawValue: UInt32(v)) != nil, "Key has no case for \(Self.names(GN_TABLE_KEY)[v])")
        }
        #expect(Key(rawValue: 0) == nil && Key(rawValue: UInt32(keys)) == nil, "Key has a case grip.h does not name")
        let status = Self.names(GN_TABLE_STATUS)
        for (i, name) in status.enumerated() {
            let v = Int32(i) + Int32(GN_STATUS_FIRST)
            #expect(Status(rawValue: v) != nil, "Status has no case for \(name) (\(v))")
        }
        #expect(Status(rawValue: Int32(GN_STATUS_FIRST) - 1) == nil)
        #expect(Status(rawValue: Int32(GN_STATUS_FIRST) + Int32(status.count)) == nil)
    }

    /// Output enums: every case the core has is a value grip.h names (grip.h may name kinds the
    /// core does not produce yet).
    @Test func outputEnumsUseOnlyValuesOfGripH() {
        func subset(_ t: Int, filler: Bool, _ make: (UInt32) -> Bool, _ what: String) {
            let named = Set(Self.values(t, filler: filler))
            for v in 0..<64 where make(UInt32(v)) {
                #expect(named.contains(v), "\(what) case \(v) has no constant in grip.h")
            }
        }
        subset(GN_TABLE_EVENT, filler: true, { EventKind(rawValue: $0) != nil }, "EventKind")
        subset(GN_TABLE_GESTURE, filler: false, { GestureKind(rawValue: $0) != nil }, "GestureKind")
        subset(GN_TABLE_COMMAND, filler: true, { CommandKind(rawValue: $0) != nil }, "CommandKind")
    }

    /// Names the core spells itself (for messages) are the generated ones.
    @Test func pointerPhaseNamesAreTheGeneratedOnes() {
        for (v, name) in Self.names(GN_TABLE_PHASE).enumerated() {
            #expect(PointerPhase(rawValue: UInt32(v))?.name == name)
        }
    }

    /// Masks: the core's "all" is every bit grip.h names.
    @Test func maskConstantsCoverTheNamedBits() {
        func bits(_ t: Int, from first: Int = 0) -> UInt32 {
            var m: UInt32 = 0
            for b in first..<Self.names(t).count { m |= 1 << UInt32(b) }
            return m
        }
        #expect(Allow.all.rawValue == bits(GN_TABLE_ALLOW))
        #expect(Modifiers.all == bits(GN_TABLE_MOD))
        #expect(HandleSet.defaults.rawValue == bits(GN_TABLE_HANDLE, from: 1))
        #expect(CommandState.hover | CommandState.active == bits(GN_TABLE_STATE))
    }

    /// Boxes.swift reads and writes every field of grip_box_desc: each field set away from its
    /// default comes back from `BoxDesc(d).c` with the same bytes.
    @Test func everyBoxDescFieldSurvivesTheSwiftMapping() throws {
        var base = grip_box_desc()
        grip_box_desc_init_sized(&base, MemoryLayout<grip_box_desc>.size)
        var seen = 0
        var i: Int32 = 0
        while let f = gn_field_at(i), gn_field_name(f).pointee != 0 {
            let name = String(cString: gn_field_name(f))
            let offset = Int(f.pointee.offset)
            var d = base
            var size = 8
            withUnsafeMutableBytes(of: &d) { raw in
                switch UInt32(f.pointee.kind) {
                case GN_NUMBER.rawValue:
                    raw.storeBytes(
                        of: raw.load(fromByteOffset: offset, as: Double.self) + 0.25,
                        toByteOffset: offset, as: Double.self)
                case GN_BOOL.rawValue:
                    size = 1
                    raw.storeBytes(
                        of: !raw.load(fromByteOffset: offset, as: Bool.self), toByteOffset: offset, as: Bool.self)
                case GN_MASK.rawValue, GN_ENUM.rawValue:
                    size = 4
                    let old = raw.load(fromByteOffset: offset, as: UInt32.self)
                    let new: UInt32 =
                        UInt32(f.pointee.kind) == GN_MASK.rawValue
                        ? old ^ (1 << UInt32(f.pointee.first)) : (old == 1 ? 0 : 1)
                    raw.storeBytes(of: new, toByteOffset: offset, as: UInt32.self)
                default:  // uint64_t, grip_box
                    raw.storeBytes(
                        of: raw.load(fromByteOffset: offset, as: UInt64.self) &+ 12345,
                        toByteOffset: offset, as: UInt64.self)
                }
            }
            var back = try BoxDesc(d).c
            let same = withUnsafeBytes(of: &d) { a in
                withUnsafeBytes(of: &back) { b in Array(a[offset..<offset + size]) == Array(b[offset..<offset + size]) }
            }
            let changed = withUnsafeBytes(of: &d) { a in
                withUnsafeBytes(of: &base) { b in Array(a[offset..<offset + size]) != Array(b[offset..<offset + size]) }
            }
            #expect(changed, "the test did not change \(name)")
            #expect(same, "grip_box_desc.\(name) does not survive BoxDesc(d).c (Sources/Grip/Boxes.swift)")
            seen += 1
            i += 1
        }
        #expect(seen > 30)
    }
}
