// A Canvas 2D renderer of Grip's frames (grip.mjs's frameView): every command kind, with a cached
// layer for the boxes that do not move. No dependencies.
//
//   const r = new CanvasRenderer(canvas, { fill: (userData) => '#8ab' });
//   r.draw(engine);            // once per animation frame; returns whether it drew
//
// Box content is a filled, outlined quadrilateral (the host's own drawing can replace drawBox).
// What is cached: every box command whose geometry did not change since the previous frame is
// drawn into an offscreen layer, which each frame copies in one drawImage; only the boxes that
// changed (a drag's selection) and the overlay (other peers' presence, borders, handles,
// outlines, guides, gaps, marquee, indicators) are drawn again. While boxes move they are drawn above the cached layer;
// the layer is rebuilt (in the frame order) once they have been still for `settleFrames` frames,
// and whenever a cached box changes or the boxes are not the previous frame's.

const KIND = { box: 1, border: 2, handle: 3, indicator: 4, guide: 5, outline: 6, marquee: 7, gap: 8, peerOutline: 9, peerLive: 10, peerCursor: 11 };
const HOVER = 1, ACTIVE = 2;
const HANDLE_ROTATE = 9, HANDLE_NONE = 0;

/** The CSS cursor for a resize handle pointing at `angle` (radians, modulo pi). */
export function resizeCursor(angle) {
    const k = ((Math.round(angle / (Math.PI / 4)) % 4) + 4) % 4;
    return ['ew-resize', 'nwse-resize', 'ns-resize', 'nesw-resize'][k];
}

export class CanvasRenderer {
    /** `canvas` an HTMLCanvasElement (or OffscreenCanvas); options: `fill(userData)` a box's CSS
     * colour (default: a palette by userData), `peerColor(color, peer)` another peer's CSS
     * colour from the number its presence gave (default: a palette by that number),
     * `background`, `settleFrames` (10), `pixelRatio` (devicePixelRatio by default). */
    constructor(canvas, options = {}) {
        this.canvas = canvas;
        this.ctx = canvas.getContext('2d');
        this.fill = options.fill ?? ((u) => PALETTE[Number(u % BigInt(PALETTE.length))]);
        this.peerColor = options.peerColor ?? ((colour) => PEER_PALETTE[colour % PEER_PALETTE.length]);
        this.peerColours = new Map();  // a peer's colour number -> its CSS colour
        this.background = options.background ?? '#f7f7f5';
        this.settleFrames = options.settleFrames ?? 10;
        this.pixelRatio = options.pixelRatio ?? (globalThis.devicePixelRatio || 1);
        this.layer = null;
        this.serial = -1;
        this.cursor = 'default';
        // Per box command index: the geometry last seen (a, b, c, d, tx, ty, width, height) and
        // whether the cached layer holds the box as it is.
        this.seen = new Float64Array(0);
        this.ids = new Uint32Array(0);
        this.cached = new Uint8Array(0);
        this.changed = new Uint8Array(0);  // per command index: changed in this frame
        this.colours = new Uint16Array(0);   // per command index: its colour's index
        this.palette = new Map();              // CSS colour -> index
        this.paletteList = [];
        this.still = 0;       // frames since a box last changed
        this.stats = { frames: 0, layerBuilds: 0, boxesDrawn: 0, lastMs: 0 };
    }

    /** Resizes the canvas to `width` x `height` CSS pixels at the pixel ratio. */
    resize(width, height) {
        const r = this.pixelRatio;
        this.canvas.width = Math.round(width * r);
        this.canvas.height = Math.round(height * r);
        if (this.canvas.style) { this.canvas.style.width = `${width}px`; this.canvas.style.height = `${height}px`; }
        this.layer = null;
        this.serial = -1;
    }

    /** Draws the engine's frame when it changed; returns whether it drew. */
    draw(engine, force = false) {
        const f = engine.frameView();
        if (!force && f.serial === this.serial) return false;
        const t0 = performance.now();
        this.serial = f.serial;
        const ctx = this.ctx, r = this.pixelRatio, d = f.commands, o = f.commandOffsets, s = f.commandStride;
        const n = f.commandCount;
        // Which box commands changed since the previous frame.
        let reset = this.ids.length !== 2 * n;
        if (reset) {
            this.seen = new Float64Array(n * 8);
            this.ids = new Uint32Array(2 * n);
            this.cached = new Uint8Array(n);
            this.changed = new Uint8Array(n);
            this.colours = new Uint16Array(n);
        }
        let moving = 0, cacheStale = reset || !this.layer;
        const seen = this.seen, cached = this.cached, ids = this.ids, changedNow = this.changed;
        changedNow.fill(0);
        // Typed arrays over the commands (8-byte aligned): cheaper reads than the DataView's.
        const { f64, u32 } = this.#arrays(f);
        const s8 = s / 8, s4 = s / 4, kind4 = o.kind / 4, box4 = o.box / 4, tr8 = o.transform / 8, w8 = o.width / 8, h8 = o.height / 8;
        let uncached = 0;
        for (let i = 0; i < n; i++) {
            if (u32[i * s4 + kind4] !== KIND.box) { cached[i] = 0; continue; }
            const lo = u32[i * s4 + box4], hi = u32[i * s4 + box4 + 1];
            let changed = ids[2 * i] !== lo || ids[2 * i + 1] !== hi;
            if (changed) {
                ids[2 * i] = lo;
                ids[2 * i + 1] = hi;
                const css = this.fill(d.getBigUint64(i * s + o.userData, true));
                let k = this.palette.get(css);
                if (k === undefined) { k = this.palette.size; this.palette.set(css, k); this.paletteList.push(css); }
                this.colours[i] = k;
                cacheStale = true;
            }
            const q = i * s8, m = i * 8;
            for (let k = 0; k < 8; k++) {
                const v = f64[k < 6 ? q + tr8 + k : k === 6 ? q + w8 : q + h8];
                if (seen[m + k] !== v) { seen[m + k] = v; changed = true; }
            }
            if (changed) {
                moving++;
                changedNow[i] = 1;
                if (cached[i]) { cached[i] = 0; cacheStale = true; }
            }
            if (!cached[i]) uncached++;
        }
        this.still = moving ? 0 : this.still + 1;
        // Rebuild the layer: when it misses boxes it should hold, or once everything settled.
        if (cacheStale || (uncached > 0 && this.still >= this.settleFrames)) this.#buildLayer(f, moving > 0 && !reset);

        const t1 = performance.now();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.drawImage(this.layer, 0, 0);
        const t2 = performance.now();
        ctx.setTransform(r, 0, 0, r, 0, 0);
        const drawn = this.#drawBoxes(ctx, f, cached, 0);
        const t3 = performance.now();
        this.#overlay(f);
        const t4 = performance.now();
        // Where the time went: reading and comparing, the layer copy, the moving boxes, the overlay.
        this.stats.parts = [t1 - t0, t2 - t1, t3 - t2, t4 - t3];
        this.stats.frames++;
        this.stats.boxesDrawn = drawn;
        this.stats.lastMs = performance.now() - t0;
        return true;
    }

    #arrays(f) {
        if (this.arraysOf !== f.commands) {
            const d = f.commands;
            this.arraysOf = d;
            this.typed = { f64: new Float64Array(d.buffer, d.byteOffset, d.byteLength / 8), u32: new Uint32Array(d.buffer, d.byteOffset, d.byteLength / 4) };
        }
        return this.typed;
    }

    #buildLayer(f, excludeMoving) {
        const w = this.canvas.width, h = this.canvas.height;
        if (!this.layer || this.layer.width !== w || this.layer.height !== h) {
            this.layer = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(w, h) : Object.assign(document.createElement('canvas'), { width: w, height: h });
        }
        const ctx = this.layer.getContext('2d'), r = this.pixelRatio;
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.fillStyle = this.background;
        ctx.fillRect(0, 0, w, h);
        ctx.setTransform(r, 0, 0, r, 0, 0);
        const d = f.commands, o = f.commandOffsets, s = f.commandStride;
        // The boxes that just changed stay out when others are moving: they are likely to move on.
        const justChanged = excludeMoving ? this.changed : null;
        for (let i = 0; i < f.commandCount; i++) {
            this.cached[i] = d.getUint32(i * s + o.kind, true) === KIND.box && !(justChanged && justChanged[i]) ? 1 : 0;
        }
        this.#drawBoxes(ctx, f, this.cached, 1);
        this.stats.layerBuilds++;
    }

    // Draws the box commands whose flags[i] is `want`, in frame order within each colour: one
    // path and one fill per colour, then one stroke over all of them (few canvas calls: the
    // software canvas pays per call and per pixel). Returns how many it drew.
    #drawBoxes(ctx, f, flags, want) {
        const d = f.commands, o = f.commandOffsets, s = f.commandStride, n = f.commandCount;
        let drawn = 0;
        for (let k = 0; k < this.paletteList.length; k++) {
            ctx.beginPath();
            let any = false;
            for (let i = 0; i < n; i++) {
                if (flags[i] !== want || this.colours[i] !== k || d.getUint32(i * s + o.kind, true) !== KIND.box) continue;
                this.#quad(ctx, d, o, i * s);
                any = true;
                drawn++;
            }
            if (any) { ctx.fillStyle = this.paletteList[k]; ctx.fill(); }
        }
        if (drawn) {
            ctx.beginPath();
            for (let i = 0; i < n; i++) if (flags[i] === want && d.getUint32(i * s + o.kind, true) === KIND.box) this.#quad(ctx, d, o, i * s);
            ctx.lineWidth = 1;
            ctx.strokeStyle = 'rgba(0,0,0,0.35)';
            ctx.stroke();
        }
        return drawn;
    }

    // A box command's quadrilateral: box space (0, 0)-(width, height) through its transform.
    #quad(ctx, d, o, p) {
        const t = p + o.transform;
        const a = d.getFloat64(t, true), b = d.getFloat64(t + 8, true), c = d.getFloat64(t + 16, true);
        const dd = d.getFloat64(t + 24, true), tx = d.getFloat64(t + 32, true), ty = d.getFloat64(t + 40, true);
        const w = d.getFloat64(p + o.width, true), h = d.getFloat64(p + o.height, true);
        if (b === 0 && c === 0) { ctx.rect(tx, ty, a * w, dd * h); return; }
        ctx.moveTo(tx, ty);
        ctx.lineTo(a * w + tx, b * w + ty);
        ctx.lineTo(a * w + c * h + tx, b * w + dd * h + ty);
        ctx.lineTo(c * h + tx, dd * h + ty);
        ctx.closePath();
    }

    #polyline(ctx, f, i, close) {
        ctx.beginPath();
        this.#path(ctx, f, i, close);
    }

    #path(ctx, f, i, close) {
        const d = f.commands, o = f.commandOffsets, p = i * f.commandStride, v = f.vertices;
        const first = d.getUint32(p + o.firstVertex, true), count = d.getUint32(p + o.vertexCount, true);
        for (let k = 0; k < count; k++) {
            const x = v[2 * (first + k)], y = v[2 * (first + k) + 1];
            if (k === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
        }
        if (close) ctx.closePath();
    }

    // A peer command's CSS colour (peerColor of its colour number, remembered per number).
    #peerCss(d, o, p) {
        const n = d.getUint32(p + o.userData, true), peer = d.getUint32(p + o.peer, true);
        let css = this.peerColours.get(n);
        if (css === undefined) { css = this.peerColor(n, peer); this.peerColours.set(n, css); }
        return css;
    }

    #overlay(f) {
        const ctx = this.ctx, d = f.commands, o = f.commandOffsets, s = f.commandStride;
        let cursor = 'default';
        // The outlines of a selection's members first, as one path.
        ctx.beginPath();
        let outlines = 0, outlineWidth = 1;
        for (let i = 0; i < f.commandCount; i++) {
            const p = i * s;
            if (d.getUint32(p + o.kind, true) !== KIND.outline || d.getUint32(p + o.state, true) & HOVER) continue;
            const first = d.getUint32(p + o.firstVertex, true), v = f.vertices, q = 2 * first;
            // An axis-aligned rectangle (the usual case) is one rect call.
            if (d.getUint32(p + o.vertexCount, true) === 4 && v[q + 1] === v[q + 3] && v[q + 2] === v[q + 4] && v[q + 5] === v[q + 7] && v[q + 6] === v[q]) {
                ctx.rect(v[q], v[q + 1], v[q + 2] - v[q], v[q + 5] - v[q + 1]);
            } else this.#path(ctx, f, i, true);
            outlineWidth = d.getFloat64(p + o.strokeWidth, true) || 1;
            outlines++;
        }
        if (outlines) { ctx.lineWidth = outlineWidth; ctx.strokeStyle = '#1a73e8'; ctx.stroke(); }
        for (let i = 0; i < f.commandCount; i++) {
            const p = i * s, kind = d.getUint32(p + o.kind, true), state = d.getUint32(p + o.state, true);
            const stroke = d.getFloat64(p + o.strokeWidth, true) || 1;
            switch (kind) {
            case KIND.box:
                if (state & ACTIVE) cursor = 'grabbing';
                else if (state & HOVER && cursor === 'default') cursor = 'move';
                break;
            case KIND.border: {
                this.#polyline(ctx, f, i, true);
                ctx.lineWidth = stroke;
                const on = d.getFloat64(p + o.dashOn, true), off = d.getFloat64(p + o.dashOff, true);
                ctx.strokeStyle = '#ffffff';
                ctx.setLineDash([]);
                ctx.stroke();
                ctx.strokeStyle = '#1a73e8';
                if (on > 0 && off > 0) { ctx.setLineDash([on, off]); ctx.lineDashOffset = d.getFloat64(p + o.dashPhase, true); }
                ctx.stroke();
                ctx.setLineDash([]);
                break;
            }
            case KIND.handle: {
                const x = d.getFloat64(p + o.center, true), y = d.getFloat64(p + o.center + 8, true);
                const radius = d.getFloat64(p + o.radius, true), inner = d.getFloat64(p + o.innerRadius, true);
                ctx.beginPath();
                ctx.arc(x, y, radius, 0, 2 * Math.PI);
                ctx.fillStyle = state & ACTIVE ? '#0b57d0' : '#1a73e8';
                ctx.fill();
                if (inner > 0) {
                    ctx.beginPath();
                    ctx.arc(x, y, inner, 0, 2 * Math.PI);
                    ctx.fillStyle = state & HOVER ? '#d2e3fc' : '#ffffff';
                    ctx.fill();
                }
                if (state & (HOVER | ACTIVE)) {
                    const h = d.getUint32(p + o.handle, true);
                    cursor = h === HANDLE_ROTATE ? (state & ACTIVE ? 'grabbing' : 'grab')
                        : h === HANDLE_NONE || h >= 16 ? 'pointer' : resizeCursor(d.getFloat64(p + o.cursorAngle, true));
                }
                break;
            }
            case KIND.indicator:
                this.#polyline(ctx, f, i, false);
                ctx.lineWidth = stroke * 2;
                ctx.strokeStyle = '#e8710a';
                ctx.stroke();
                break;
            case KIND.guide:
            case KIND.gap:
                this.#polyline(ctx, f, i, false);
                ctx.lineWidth = stroke;
                ctx.strokeStyle = kind === KIND.guide ? '#d01884' : '#188038';
                ctx.stroke();
                break;
            case KIND.outline:
                if (!(state & HOVER)) break;  // drawn above, with the others
                this.#polyline(ctx, f, i, true);
                ctx.lineWidth = stroke;
                ctx.strokeStyle = 'rgba(26,115,232,0.6)';
                ctx.stroke();
                break;
            case KIND.peerOutline:
            case KIND.peerLive: {
                // Another peer's selected box (solid) or where its gesture has a box (dashed,
                // tinted). Their colour number is the low 32 bits of userData.
                const css = this.#peerCss(d, o, p);
                this.#polyline(ctx, f, i, true);
                ctx.strokeStyle = css;
                ctx.lineWidth = stroke * (kind === KIND.peerOutline ? 2 : 1);
                if (kind === KIND.peerLive) {
                    ctx.globalAlpha = 0.15;
                    ctx.fillStyle = css;
                    ctx.fill();
                    ctx.globalAlpha = 1;
                    ctx.setLineDash([4, 3]);
                }
                ctx.stroke();
                ctx.setLineDash([]);
                break;
            }
            case KIND.peerCursor: {
                // An arrow with its tip on the peer's pointer.
                const x = d.getFloat64(p + o.center, true), y = d.getFloat64(p + o.center + 8, true);
                ctx.beginPath();
                ctx.moveTo(x, y);
                ctx.lineTo(x, y + 16);
                ctx.lineTo(x + 4.5, y + 12);
                ctx.lineTo(x + 11, y + 11);
                ctx.closePath();
                ctx.fillStyle = this.#peerCss(d, o, p);
                ctx.fill();
                ctx.lineWidth = 1;
                ctx.strokeStyle = '#ffffff';
                ctx.stroke();
                break;
            }
            case KIND.marquee:
                this.#polyline(ctx, f, i, true);
                ctx.fillStyle = 'rgba(26,115,232,0.12)';
                ctx.fill();
                ctx.lineWidth = stroke;
                ctx.strokeStyle = '#1a73e8';
                ctx.stroke();
                break;
            default:
                break;  // a kind this renderer does not know
            }
        }
        if (cursor !== this.cursor) {
            this.cursor = cursor;
            if (this.canvas.style) this.canvas.style.cursor = cursor;
        }
    }
}

const PALETTE = ['#f4c7a1', '#a8d5ba', '#a7c7e7', '#f6e3a1', '#d7b9e8', '#f2b5c4'];
const PEER_PALETTE = ['#e8710a', '#9334e6', '#188038', '#d01884', '#129eaf', '#b06000'];
