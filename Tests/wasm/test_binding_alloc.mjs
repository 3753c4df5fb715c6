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
// code is optimised) and a full collection: the least of up to five rounds. V8 optimises on a
// background thread; on a loaded machine the optimised code can land after the warm-up, and until
// it does the unoptimised code boxes numbers (87 bytes a step was seen once so). Steady state is
// the round after it landed; an allocation in the path itself shows in every round.
function grown(step, steps) {
    let least = Infinity;
    for (let round = 0, i = 0; round < 5 && least >= steps; round++) {
        for (const end = i + 20000; i < end; i++) step(i);
        gc();
        const before = youngUsed();
        for (const end = i + steps; i < end; i++) step(i);
        least = Math.min(least, youngUsed() - before);
    }
    return least;
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
