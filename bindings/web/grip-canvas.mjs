// A Canvas 2D renderer of Grip's frames (grip.mjs's frameView): every command kind, with a cached
// layer for the boxes that do not move. No dependencies.
//
//   const r = new CanvasRenderer(canvas, { fill: (userData) => '#8ab' });
//   r.draw(engine);            // once per animation frame; returns whether it drew
//
// Box content is a filled, outlined quadrilateral (the host's own drawing can replace drawBox).
// What is cached: every box command whose geometry did not change since the previous frame is
// drawn into an offscreen layer, which each frame copies in one drawImage; only the boxes that
// changed (a drag's selection) and the overlay (borders, handles, outlines, guides, gaps,
// marquee, indicators) are drawn again. While boxes move they are drawn above the cached layer;
// the layer is rebuilt (in the frame order) once they have been still for `settleFrames` frames,
// and whenever a cached box changes or the boxes are not the previous frame's.

const KIND = { box: 1, border: 2, handle: 3, indicator: 4, guide: 5, outline: 6, marquee: 7, gap: 8 };
const HOVER = 1, ACTIVE = 2;
const HANDLE_ROTATE = 9, HANDLE_NONE = 0;

/** The CSS cursor for a resize handle pointing at `angle` (radians, modulo pi). */
export function resizeCursor(angle) {
    const k = ((Math.round(angle / (Math.PI / 4)) % 4) + 4) % 4;
    return ['ew-resize', 'nwse-resize', 'ns-resize', 'nesw-resize'][k];
}

export class CanvasRenderer {
    /** `canvas` an HTMLCanvasElement (or OffscreenCanvas); options: `fill(userData)` a box's CSS
     * colour (default: a palette by userData), `background`, `settleFrames` (10),
     * `pixelRatio` (devicePixelRatio by default). */
    constructor(canvas, options = {}) {
        this.canvas = canvas;
        this.ctx = canvas.getContext('2d');
        this.fill = options.fill ?? ((u) => PALETTE[Number(u % BigInt(PALETTE.length))]);
        this.background = options.background ?? '#f7f7f5';
        this.settleFrames = options.settleFrames ?? 10;
        this.pixelRatio = options.pixelRatio ?? (globalThis.devicePixelRatio || 1);
        this.layer = null;
        this.serial = -1;
        this.cursor = 'default';
        // Per box command index: the geometry last seen (a, b, c, d, tx, ty, width, height) and
        // whether the cached layer holds the box as it is.
        this.seen = new Float64Array(0);
        this.ids = new BigUint64Array(0);
        this.cached = new Uint8Array(0);
        this.changed = new Uint8Array(0);  // per command index: changed in this frame
        this.colours = [];
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
        let reset = this.ids.length !== n;
        if (reset) {
            this.seen = new Float64Array(n * 8);
            this.ids = new BigUint64Array(n);
            this.cached = new Uint8Array(n);
            this.changed = new Uint8Array(n);
            this.colours = new Array(n);
        }
        let moving = 0, cacheStale = reset || !this.layer;
        const seen = this.seen, cached = this.cached, ids = this.ids, changedNow = this.changed;
        changedNow.fill(0);
        for (let i = 0; i < n; i++) {
            const p = i * s;
            if (d.getUint32(p + o.kind, true) !== KIND.box) { cached[i] = 0; continue; }
            const id = d.getBigUint64(p + o.box, true);
            let changed = ids[i] !== id;
            if (changed) {
                ids[i] = id;
                this.colours[i] = this.fill(d.getBigUint64(p + o.userData, true));
                cacheStale = true;
            }
            for (let k = 0; k < 8; k++) {
                const v = d.getFloat64(p + (k < 6 ? o.transform + 8 * k : k === 6 ? o.width : o.height), true);
                if (seen[i * 8 + k] !== v) { seen[i * 8 + k] = v; changed = true; }
            }
            if (changed) {
                moving++;
                changedNow[i] = 1;
                if (cached[i]) { cached[i] = 0; cacheStale = true; }
            }
        }
        this.still = moving ? 0 : this.still + 1;
        // Rebuild the layer: when it misses boxes it should hold, or once everything settled.
        let uncached = 0;
        for (let i = 0; i < n; i++) if (d.getUint32(i * s + o.kind, true) === KIND.box && !cached[i]) uncached++;
        if (cacheStale || (uncached > 0 && this.still >= this.settleFrames)) this.#buildLayer(f, moving > 0);

        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.drawImage(this.layer, 0, 0);
        ctx.setTransform(r, 0, 0, r, 0, 0);
        let drawn = 0;
        for (let i = 0; i < n; i++) {
            if (d.getUint32(i * s + o.kind, true) === KIND.box && !cached[i]) { this.drawBox(ctx, f, i, this.colours[i]); drawn++; }
        }
        this.#overlay(f);
        this.stats.frames++;
        this.stats.boxesDrawn = drawn;
        this.stats.lastMs = performance.now() - t0;
        return true;
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
            if (d.getUint32(i * s + o.kind, true) !== KIND.box) continue;
            if (justChanged && justChanged[i]) { this.cached[i] = 0; continue; }
            this.drawBox(ctx, f, i, this.colours[i]);
            this.cached[i] = 1;
        }
        this.stats.layerBuilds++;
    }

    /** Draws box command `i`: a filled quadrilateral over its transformed corners, outlined. */
    drawBox(ctx, f, i, colour) {
        const d = f.commands, o = f.commandOffsets, p = i * f.commandStride + o.transform;
        const a = d.getFloat64(p, true), b = d.getFloat64(p + 8, true), c = d.getFloat64(p + 16, true);
        const dd = d.getFloat64(p + 24, true), tx = d.getFloat64(p + 32, true), ty = d.getFloat64(p + 40, true);
        const w = d.getFloat64(i * f.commandStride + o.width, true), h = d.getFloat64(i * f.commandStride + o.height, true);
        ctx.beginPath();
        ctx.moveTo(tx, ty);
        ctx.lineTo(a * w + tx, b * w + ty);
        ctx.lineTo(a * w + c * h + tx, b * w + dd * h + ty);
        ctx.lineTo(c * h + tx, dd * h + ty);
        ctx.closePath();
        ctx.fillStyle = colour;
        ctx.fill();
        ctx.lineWidth = 1;
        ctx.strokeStyle = 'rgba(0,0,0,0.35)';
        ctx.stroke();
    }

    #polyline(ctx, f, i, close) {
        const d = f.commands, o = f.commandOffsets, p = i * f.commandStride, v = f.vertices;
        const first = d.getUint32(p + o.firstVertex, true), count = d.getUint32(p + o.vertexCount, true);
        ctx.beginPath();
        for (let k = 0; k < count; k++) {
            const x = v[2 * (first + k)], y = v[2 * (first + k) + 1];
            if (k === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
        }
        if (close) ctx.closePath();
    }

    #overlay(f) {
        const ctx = this.ctx, d = f.commands, o = f.commandOffsets, s = f.commandStride;
        let cursor = 'default';
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
                this.#polyline(ctx, f, i, true);
                ctx.lineWidth = stroke;
                ctx.strokeStyle = state & HOVER ? 'rgba(26,115,232,0.6)' : '#1a73e8';
                ctx.stroke();
                break;
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
