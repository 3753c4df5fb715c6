// The zero-copy path allocates nothing in JavaScript: a pointer event and a frame view read, in
// steady state, leave the young generation as it was. The measurement is checked against a
// loop that allocates one small object per step, so that it can fail.
//   GRIP_WASM=.build-wasm/release/grip.wasm node --test Tests/wasm/test_*.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { load } from '../../bindings/web/grip.mjs';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const grip = await load(process.env.GRIP_WASM);
const youngUsed = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_used_size;

// Bytes the young generation grew by over `steps` calls of step(i), after a warm-up (so that the
// code is optimised) and a full collection.
function grown(step, steps) {
    for (let i = 0; i < 20000; i++) step(i);
    gc();
    const before = youngUsed();
    for (let i = 20000; i < 20000 + steps; i++) step(i);
    return youngUsed() - before;
}

test('a pointer move and a frame view read allocate nothing in steady state', () => {
    const e = grip.new({ width: 4000, height: 4000 });
    for (let i = 0; i < 100; i++) e.box({ x: (i % 10) * 100, y: Math.floor(i / 10) * 100, width: 80, height: 80, editing: i === 0 });
    e.pointer('down', 1, 40, 40, 0);
    const sum = new Float64Array(1);  // what the reads add up to, kept unboxed
    // Whole seconds: small integers, which V8 passes without a box. (A double the caller has just
    // computed is boxed when passed to any function V8 does not inline, 16 bytes that are the
    // caller's; a DOM event's coordinates and times are numbers the event already holds.)
    let clock = 0;
    const step = (i) => {
        e.pointer('move', 1, 40 + (i & 255), 40 + (i & 127), ++clock);
        const f = e.frameView();
        sum[0] += f.commandCount + f.commands.getFloat64(f.commandOffsets.transform + 32, true) + f.vertices[0];
    };
    const steps = 5000;
    const zero = grown(step, steps);
    // The control: one small object per step, which the same measurement must see.
    const kept = [];
    const control = grown((i) => { step(i); kept[0] = { i }; }, steps);
    assert.ok(control >= steps * 12, `the control allocated ${control} bytes in ${steps} steps`);
    assert.ok(zero < steps, `${zero} bytes allocated in ${steps} pointer events (${(zero / steps).toFixed(2)} a step)`);
    assert.ok(sum[0] > 0);
    e.pointer('up', 1, 0, 0, 1e6);
    e.close();
});
