// drag_step.mjs: bench/drag_step.c's loop (a drag step of one editing box + grip_frame_get)
// from JavaScript, calling grip.wasm's exports directly (no binding), once per module given:
//   STEPS=400000 node bench/drag_step.mjs .build-wasm/release/grip.wasm .build-wasm/release/grip-raw.wasm
// Offsets are wasm32's (bindings/web/grip.mjs has the same tables).
import { readFileSync } from 'node:fs';

const steps = +(process.env.STEPS || 200000);
for (const file of process.argv.slice(2)) {
    const module = new WebAssembly.Module(readFileSync(file));
    const wasi = {};
    for (const i of WebAssembly.Module.imports(module)) wasi[i.name] = () => 52;
    const x = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi }).exports;
    x._initialize();
    const s = x.malloc(1024), p = s + 256;
    x.grip_engine_desc_init_sized(s, 104);
    let v = new DataView(x.memory.buffer);
    v.setFloat64(s + 8, 100000, true);
    v.setFloat64(s + 16, 100000, true);
    if (x.grip_engine_create(s, s + 104) !== 0) throw new Error('grip_engine_create failed');
    const e = new DataView(x.memory.buffer).getUint32(s + 104, true);
    x.grip_box_desc_init_sized(s, 224);
    v = new DataView(x.memory.buffer);
    v.setFloat64(s + 16, 200, true);
    v.setFloat64(s + 24, 200, true);
    v.setUint8(s + 64, 1);
    if (x.grip_box_create(e, s, s + 224) !== 0) throw new Error('grip_box_create failed');
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
