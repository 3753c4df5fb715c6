import CGrip

/// A frame as SVG, in the frame's (screen) coordinates.
enum SVG {
    static let accent = "#1a73e8"
    static let active = "#f57c00"
    static let fills = ["#cfe3ff", "#ffe0b2", "#d7f5d0", "#f8d0e0", "#e8dcff", "#fff3b0"]

    /// Two decimals, no trailing zeros.
    static func n(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 100).rounded() / 100
        if r == r.rounded() && abs(r) < 1e15 { return String(Int64(r)) }
        return String(r)
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }

    static func points(_ f: grip_frame, _ c: grip_command) -> String {
        var out: [String] = []
        let first = Int(c.first_vertex), count = Int(c.vertex_count)
        guard first >= 0, first + count <= f.vertex_count else { return "" }
        for i in first..<(first + count) {
            out.append("\(n(f.vertices[i].x)),\(n(f.vertices[i].y))")
        }
        return out.joined(separator: " ")
    }

    static func render(_ f: grip_frame, width: Double, height: Double, title: String) -> String {
        var s = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))">
        <title>\(escape(title))</title>
        <rect x="0" y="0" width="\(n(width))" height="\(n(height))" fill="#f6f6f3"/>

        """
        var boxIndex: [UInt64: Int] = [:]
        for i in 0..<f.command_count {
            let c = f.commands[i]
            switch c.kind {
            case GRIP_CMD_BOX:
                let k = boxIndex.count
                boxIndex[c.box] = k
                let m = c.transform
                let corners = [(0.0, 0.0), (c.width, 0.0), (c.width, c.height), (0.0, c.height)].map { p in
                    "\(n(m.a * p.0 + m.c * p.1 + m.tx)),\(n(m.b * p.0 + m.d * p.1 + m.ty))"
                }
                let fill = fills[k % fills.count]
                s += "<polygon points=\"\(corners.joined(separator: " "))\" fill=\"\(fill)\" stroke=\"#5f6368\" stroke-width=\"1\"/>\n"
            case GRIP_CMD_BORDER:
                s += "<polygon points=\"\(points(f, c))\" fill=\"none\" stroke=\"\(accent)\" stroke-width=\"\(n(c.stroke_width))\" stroke-dasharray=\"\(n(c.dash_on)) \(n(c.dash_off))\" stroke-dashoffset=\"\(n(c.dash_phase))\"/>\n"
            case GRIP_CMD_HANDLE:
                let inner = (c.state & UInt32(GRIP_STATE_ACTIVE)) != 0 ? active : accent
                s += "<circle cx=\"\(n(c.center.x))\" cy=\"\(n(c.center.y))\" r=\"\(n(c.radius))\" fill=\"#ffffff\" stroke=\"#5f6368\" stroke-width=\"1\"/>"
                s += "<circle cx=\"\(n(c.center.x))\" cy=\"\(n(c.center.y))\" r=\"\(n(c.inner_radius))\" fill=\"\(inner)\"/>\n"
            case GRIP_CMD_INDICATOR:
                s += "<polyline points=\"\(points(f, c))\" fill=\"none\" stroke=\"\(active)\" stroke-width=\"\(n(c.stroke_width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
            case GRIP_CMD_GUIDE:
                s += "<polyline points=\"\(points(f, c))\" fill=\"none\" stroke=\"#d81b60\" stroke-width=\"\(n(max(c.stroke_width, 1)))\"/>\n"
            default:
                continue  // kinds only grow: skip what this renderer does not know
            }
        }
        s += "</svg>\n"
        return s
    }
}
