// drag_step.mjs: bench/drag_step.c's loop (a drag step of one editing box + grip_frame_get)
// from JavaScript, calling grip.wasm's exports directly (no binding), once per module given:
//   STEPS=400000 node bench/drag_step.mjs .build-wasm/release/grip.wasm .build-wasm/release/grip-raw.wasm
// Sizes and offsets are wasm32's, from bindings/web/grip-schema.mjs (generated from the schema).
import { readFileSync } from 'node:fs';
import { structs } from '../bindings/web/grip-schema.mjs';

const size = (s) => structs[s].size;
const at = (s, f) => structs[s].fields.find((x) => x[0] === f)[1];

const steps = +(process.env.STEPS || 200000);
for (const file of process.argv.slice(2)) {
    const module = new WebAssembly.Module(readFileSync(file));
    const wasi = {};
    for (const i of WebAssembly.Module.imports(module)) wasi[i.name] = () => 52;
    let x = null;
    wasi.random_get = (pointer, length) => { crypto.getRandomValues(new Uint8Array(x.memory.buffer, pointer, length)); return 0; };
    x = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi }).exports;
    x._initialize();
    const s = x.malloc(1024), p = s + 256;
    const ed = size('grip_engine_desc'), bd = size('grip_box_desc');
    x.grip_engine_desc_init_sized(s, ed);
    let v = new DataView(x.memory.buffer);
    v.setFloat64(s + at('grip_engine_desc', 'width'), 100000, true);
    v.setFloat64(s + at('grip_engine_desc', 'height'), 100000, true);
    if (x.grip_engine_create(s, s + ed) !== 0) throw new Error('grip_engine_create failed');
    const e = new DataView(x.memory.buffer).getUint32(s + ed, true);
    x.grip_box_desc_init_sized(s, bd);
    v = new DataView(x.memory.buffer);
    v.setFloat64(s + at('grip_box_desc', 'x'), 200, true);
    v.setFloat64(s + at('grip_box_desc', 'y'), 200, true);
    v.setUint8(s + at('grip_box_desc', 'editing'), 1);
    if (x.grip_box_create(e, s, s + bd) !== 0) throw new Error('grip_box_create failed');
    const event = (phase, px, py, t) => {
        const d = new DataView(x.memory.buffer);
        d.setUint32(p, phase, true);
        d.setUint32(p + 4, 1, true);
        d.setFloat64(p + 8, px, true);
        d.setFloat64(p + 16, py, true);
        d.setFloat64(p + 24, t, true);
        d.setUint32(p + 32, 0, true);
        return x.grip_dispatch_pointer(e, p, 0);
    };
    event(0, 250, 250, 0);
    let t = 0;
    const start = performance.now();
    for (let i = 0; i < steps; i++) {
        t += 0.001;
        event(1, 250 + (i % 100), 250 + (i % 50), t);
        x.grip_frame_get(e, s + 512);
    }
    console.log(`${file}: drag step + frame read ${((performance.now() - start) / steps * 1e6).toFixed(0)} ns`);
}
