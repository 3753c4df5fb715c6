// Grip's JavaScript binding: an ES module over grip.wasm (scripts/build --wasm), no dependencies.
// It mirrors the Lua API in camelCase (docs/lua.md): grip.new({width, height}), e.box({...}),
// e.pointer(phase, pointer, x, y, time, mods), e.frame(), e.frameView(), b.state(); enum values are the Lua
// names (strings), masks arrays of them, vectors {x, y}, box ids BigInts. Errors throw GripError.
// This first version covers engines, boxes, pointer input and frames; the types are grip.d.ts's.
//
// Struct layouts are wasm32's (grip.h compiled for wasm32-wasi); a call copies its struct into
// scratch memory the binding owns, and reads every result before the next call, since growing the
// module's memory replaces the ArrayBuffer behind it.

const statusNames = new Map([
    [0, 'ok'], [1, 'done'], [-1, 'err_arg'], [-2, 'err_not_found'], [-3, 'err_state'],
    [-4, 'err_limit'], [-5, 'err_nomem'], [-6, 'err_script'],
]);
const selectionModes = ['off', 'pointer'];
const phases = ['down', 'move', 'up', 'cancel'];
const modFlags = ['shift', 'alt', 'ctrl', 'meta'];
const handles = ['none', 'top_left', 'top', 'top_right', 'right', 'bottom_right', 'bottom', 'bottom_left', 'left', 'rotate'];
const commandKinds = [undefined, 'box', 'border', 'handle', 'indicator', 'guide', 'outline', 'marquee', 'gap'];
const stateFlags = ['hover', 'active'];

/** A failed call: `status` is the library's status name ("err_arg", ...), `message` its message. */
export class GripError extends Error {
    constructor(status, message) {
        super(message);
        this.name = 'GripError';
        this.status = status;
    }
}

// Sizes and offsets of the structs on wasm32.
const ENGINE_DESC = { size: 104, width: 8, height: 16, maxBoxes: 24, maxPointers: 28, touchSlop: 32,
    doubleTapInterval: 40, handleHitRadius: 48, selection: 56, historyLimit: 68 };
const BOX_DESC = { size: 224, parent: 8, x: 16, y: 24, width: 32, height: 40, rotation: 48, scale: 56,
    editing: 64, minWidth: 88, minHeight: 96, userData: 200 };
const POINTER_EVENT = { size: 40, phase: 0, pointer: 4, x: 8, y: 16, time: 24, modifiers: 32 };
const FRAME = { size: 32, time: 0, serial: 8, commandCount: 16, commands: 20, vertexCount: 24, vertices: 28 };
const COMMAND = { size: 184, kind: 0, handle: 4, box: 8, userData: 16, transform: 24, width: 72, height: 80,
    center: 88, radius: 104, innerRadius: 112, cursorAngle: 120, firstVertex: 128, vertexCount: 132,
    strokeWidth: 136, dashOn: 144, dashOff: 152, dashPhase: 160, progress: 168, state: 176 };
const BOX_STATE = { size: 224, center: 0, width: 16, height: 24, rotation: 32, scale: 40, flippedX: 48,
    flippedY: 49, local: 56, world: 104, corners: 152, editing: 216, gestureActive: 217 };
const SCRATCH = 1024;
// Where an Engine keeps its grip_engine pointer (0 once closed).
const ptr = Symbol('grip_engine');

/** The bytes of `source`: a URL or path (string or URL), a Response, bytes, or nothing (the
 * grip.wasm beside this module); a WebAssembly.Module is used as it is. */
async function compile(source) {
    if (source instanceof WebAssembly.Module) return source;
    if (source === undefined) source = new URL('./grip.wasm', import.meta.url);
    if (typeof source === 'string' || source instanceof URL) {
        const url = source instanceof URL ? source : new URL(source, typeof location === 'undefined' ? `file://${process.cwd()}/` : location.href);
        if (url.protocol === 'file:') {
            const { readFile } = await import('node:fs/promises');
            return WebAssembly.compile(await readFile(url));
        }
        source = await fetch(url);
    }
    if (typeof Response !== 'undefined' && source instanceof Response) {
        if (!source.ok) throw new Error(`grip.wasm: HTTP ${source.status}`);
        return WebAssembly.compile(await source.arrayBuffer());
    }
    return WebAssembly.compile(source);
}

/** Loads grip.wasm from `source` (see compile) and resolves to the module's API: `{new, GripError}`. */
export async function load(source) {
    const module = await compile(source);
    // The WASI functions wasi-libc's stdio brings along; the library never calls them. Each
    // answers ENOSYS (52).
    const wasi = {};
    for (const i of WebAssembly.Module.imports(module)) {
        if (i.module === 'wasi_snapshot_preview1' && i.kind === 'function') wasi[i.name] = () => 52;
    }
    const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi });
    const x = instance.exports;
    x._initialize();
    let poisoned = null;

    // Calls export `name`; a trap poisons the instance: every later call throws.
    const call = (name, ...args) => {
        if (poisoned) throw new GripError('trapped', poisoned);
        try {
            return x[name](...args);
        } catch (error) {
            if (error instanceof WebAssembly.RuntimeError) {
                poisoned = `grip.wasm trapped in ${name} (${error.message}); this instance is unusable`;
                throw new GripError('trapped', poisoned);
            }
            throw error;
        }
    };
    const scratch = call('malloc', SCRATCH);
    if (!scratch) throw new Error('grip.wasm: no memory');
    const view = () => new DataView(x.memory.buffer);
    const cString = (p) => {
        const bytes = new Uint8Array(x.memory.buffer, p);
        let n = 0;
        while (bytes[n] !== 0) n++;
        return new TextDecoder().decode(bytes.subarray(0, n));
    };
    const fail = (status, engine) => {
        throw new GripError(statusNames.get(status) ?? String(status), cString(call('grip_engine_errmsg', engine)));
    };
    const check = (status, engine) => {
        if (status < 0) fail(status, engine);
        return status;
    };
    const enumIndex = (names, value, what) => {
        const i = names.indexOf(value);
        if (i < 0) throw new GripError('err_arg', `${what}: unknown value ${JSON.stringify(value)}`);
        return i;
    };
    const mask = (names, list, what) => {
        let bits = 0;
        for (const name of list ?? []) bits |= 1 << enumIndex(names, name, what);
        return bits;
    };
    const names = (list, bits) => list.filter((_, i) => bits & (1 << i));
    const vec = (v, p) => ({ x: v.getFloat64(p, true), y: v.getFloat64(p + 8, true) });
    const affine = (v, p) => ({
        a: v.getFloat64(p, true), b: v.getFloat64(p + 8, true), c: v.getFloat64(p + 16, true),
        d: v.getFloat64(p + 24, true), tx: v.getFloat64(p + 32, true), ty: v.getFloat64(p + 40, true),
    });

    /** An engine (grip_engine). */
    class Engine {
        constructor(pointer) { this[ptr] = pointer; }

        #live() {
            if (!this[ptr]) throw new GripError('err_arg', 'engine was closed');
            return this[ptr];
        }

        /** A new box (grip_box_create); `desc` takes grip_box_desc's fields in camelCase. */
        box(desc = {}) {
            const e = this.#live();
            call('grip_box_desc_init_sized', scratch, BOX_DESC.size);
            const v = view(), p = scratch;
            for (const f of ['x', 'y', 'width', 'height', 'rotation', 'scale', 'minWidth', 'minHeight']) {
                if (desc[f] !== undefined) v.setFloat64(p + BOX_DESC[f], desc[f], true);
            }
            if (desc.editing !== undefined) v.setUint8(p + BOX_DESC.editing, desc.editing ? 1 : 0);
            if (desc.parent !== undefined) v.setBigUint64(p + BOX_DESC.parent, BigInt(desc.parent instanceof Box ? desc.parent.id : desc.parent), true);
            if (desc.userData !== undefined) v.setBigUint64(p + BOX_DESC.userData, BigInt(desc.userData), true);
            check(call('grip_box_create', e, p, p + BOX_DESC.size), e);
            return new Box(this, view().getBigUint64(p + BOX_DESC.size, true));
        }

        /** A pointer event; returns whether it did something (consumed). */
        pointer(phase, pointer, x, y, time = 0, mods = []) {
            const e = this.#live();
            const v = view(), p = scratch, consumed = p + POINTER_EVENT.size;
            v.setUint32(p + POINTER_EVENT.phase, enumIndex(phases, phase, 'phase'), true);
            v.setUint32(p + POINTER_EVENT.pointer, pointer >>> 0, true);
            v.setFloat64(p + POINTER_EVENT.x, x, true);
            v.setFloat64(p + POINTER_EVENT.y, y, true);
            v.setFloat64(p + POINTER_EVENT.time, time, true);
            v.setUint32(p + POINTER_EVENT.modifiers, mask(modFlags, mods, 'mods'), true);
            v.setUint8(consumed, 0);
            check(call('grip_dispatch_pointer', e, p, consumed), e);
            return view().getUint8(consumed) !== 0;
        }

        /** The frame (grip_frame_get): commands back to front and the vertices they index. */
        frame() {
            const e = this.#live();
            check(call('grip_frame_get', e, scratch), e);
            const v = view(), f = scratch;
            const count = v.getUint32(f + FRAME.commandCount, true), base = v.getUint32(f + FRAME.commands, true);
            const vcount = v.getUint32(f + FRAME.vertexCount, true), vbase = v.getUint32(f + FRAME.vertices, true);
            const commands = [];
            for (let i = 0; i < count; i++) {
                const c = base + i * COMMAND.size;
                commands.push({
                    kind: commandKinds[v.getUint32(c + COMMAND.kind, true)],
                    handle: handles[v.getUint32(c + COMMAND.handle, true)] ?? `custom_${v.getUint32(c + COMMAND.handle, true) - 16}`,
                    box: v.getBigUint64(c + COMMAND.box, true),
                    userData: v.getBigUint64(c + COMMAND.userData, true),
                    transform: affine(v, c + COMMAND.transform),
                    width: v.getFloat64(c + COMMAND.width, true),
                    height: v.getFloat64(c + COMMAND.height, true),
                    center: vec(v, c + COMMAND.center),
                    radius: v.getFloat64(c + COMMAND.radius, true),
                    innerRadius: v.getFloat64(c + COMMAND.innerRadius, true),
                    cursorAngle: v.getFloat64(c + COMMAND.cursorAngle, true),
                    firstVertex: v.getUint32(c + COMMAND.firstVertex, true),
                    vertexCount: v.getUint32(c + COMMAND.vertexCount, true),
                    strokeWidth: v.getFloat64(c + COMMAND.strokeWidth, true),
                    dashOn: v.getFloat64(c + COMMAND.dashOn, true),
                    dashOff: v.getFloat64(c + COMMAND.dashOff, true),
                    dashPhase: v.getFloat64(c + COMMAND.dashPhase, true),
                    progress: v.getFloat64(c + COMMAND.progress, true),
                    state: names(stateFlags, v.getUint32(c + COMMAND.state, true)),
                });
            }
            const vertices = [];
            for (let i = 0; i < vcount; i++) vertices.push(vec(v, vbase + 16 * i));
            return {
                time: v.getFloat64(f + FRAME.time, true), serial: v.getBigUint64(f + FRAME.serial, true),
                commandCount: count, commands, vertexCount: vcount, vertices,
            };
        }

        /** The frame without copies, for renderers: `commands` a DataView over the engine's
         * grip_command array (`commandStride` bytes each, fields at `commandOffsets`, little
         * endian), `vertices` a Float64Array of x, y pairs. Both are views of the module's memory:
         * valid until the next call on the engine (a call may grow the memory, which detaches
         * them). The same object is returned, refreshed in place, while the arrays stay where
         * they are, so steady-state reads allocate nothing in JavaScript. */
        frameView() {
            const e = this.#live();
            check(call('grip_frame_get', e, scratch), e);
            const buffer = x.memory.buffer, v = new DataView(buffer);
            const f = scratch;
            const count = v.getUint32(f + FRAME.commandCount, true), base = v.getUint32(f + FRAME.commands, true);
            const vcount = v.getUint32(f + FRAME.vertexCount, true), vbase = v.getUint32(f + FRAME.vertices, true);
            let fv = this.#view;
            if (!fv || fv.buffer !== buffer || fv.base !== base || fv.count !== count || fv.vbase !== vbase || fv.vcount !== vcount) {
                fv = this.#view = {
                    buffer, base, count, vbase, vcount,
                    view: {
                        time: 0, serial: 0n, commandCount: count, vertexCount: vcount,
                        commands: new DataView(buffer, base, count * COMMAND.size),
                        vertices: new Float64Array(buffer, vbase, vcount * 2),
                        commandStride: COMMAND.size, commandOffsets: COMMAND, commandKinds,
                    },
                };
            }
            fv.view.time = v.getFloat64(f + FRAME.time, true);
            fv.view.serial = v.getBigUint64(f + FRAME.serial, true);
            return fv.view;
        }

        #view = null;

        /** Destroys the engine now (grip_engine_destroy); later calls throw. */
        close() {
            if (this[ptr]) call('grip_engine_destroy', this[ptr]);
            this[ptr] = 0;
        }
    }

    /** A box of an engine: its id (a BigInt) and its methods. */
    class Box {
        constructor(engine, id) { this.engine = engine; this.id = id; }

        /** Where the box is now (grip_box_state_get). */
        state() {
            const e = this.engine[ptr];
            if (!e) throw new GripError('err_arg', 'engine was closed');
            check(call('grip_box_state_get', e, this.id, scratch), e);
            const v = view(), s = scratch;
            return {
                center: vec(v, s + BOX_STATE.center), width: v.getFloat64(s + BOX_STATE.width, true),
                height: v.getFloat64(s + BOX_STATE.height, true), rotation: v.getFloat64(s + BOX_STATE.rotation, true),
                scale: v.getFloat64(s + BOX_STATE.scale, true), flippedX: v.getUint8(s + BOX_STATE.flippedX) !== 0,
                flippedY: v.getUint8(s + BOX_STATE.flippedY) !== 0, local: affine(v, s + BOX_STATE.local),
                world: affine(v, s + BOX_STATE.world),
                corners: [0, 1, 2, 3].map((k) => vec(v, s + BOX_STATE.corners + 16 * k)),
                editing: v.getUint8(s + BOX_STATE.editing) !== 0, gestureActive: v.getUint8(s + BOX_STATE.gestureActive) !== 0,
            };
        }

        /** Destroys the box and its descendants (grip_box_destroy). */
        destroy() {
            const e = this.engine[ptr];
            if (!e) throw new GripError('err_arg', 'engine was closed');
            check(call('grip_box_destroy', e, this.id), e);
        }
    }

    return {
        GripError,
        /** A new engine (grip_engine_create); `desc` takes grip_engine_desc's fields in camelCase. */
        new(desc = {}) {
            call('grip_engine_desc_init_sized', scratch, ENGINE_DESC.size);
            const v = view(), p = scratch;
            for (const f of ['width', 'height', 'touchSlop', 'doubleTapInterval', 'handleHitRadius']) {
                if (desc[f] !== undefined) v.setFloat64(p + ENGINE_DESC[f], desc[f], true);
            }
            for (const f of ['maxBoxes', 'maxPointers', 'historyLimit']) {
                if (desc[f] !== undefined) v.setUint32(p + ENGINE_DESC[f], desc[f] >>> 0, true);
            }
            if (desc.selection !== undefined) v.setUint32(p + ENGINE_DESC.selection, enumIndex(selectionModes, desc.selection, 'selection'), true);
            check(call('grip_engine_create', p, p + ENGINE_DESC.size), 0);
            return new Engine(view().getUint32(p + ENGINE_DESC.size, true));
        },
    };
}
