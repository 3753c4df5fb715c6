// web_binding.mjs: grip.wasm through the JavaScript binding in headless Chromium, beside the
// native library in the same run: a drag step + frame read of one editing box (bench/drag_step.c
// natively, e.pointer + e.frameView in the page), a group drag step of 1,000 selected boxes +
// frame read, and a snapped drag step (edges and centres) among 100,000 boxes:
//   node --experimental-websocket bench/web_binding.mjs NATIVE_DRAG_STEP_PROGRAM
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium, serve } from '../Tests/web/browser.mjs';

const native = process.argv[2];
const root = fileURLToPath(new URL('../', import.meta.url)).replace(/\/$/, '');
const server = await serve(root);
const page = await chromium(`${server.url}/examples/web/?boxes=0`, { timeout: 300000 });
// The native program's ns per step of a row: '1' (one editing box), 'group' or 'snap' (drag_step.c).
const nativeRun = (row) => Number(/([0-9.]+) ns/.exec(execFileSync(native, [row], { encoding: 'utf8' }))?.[1]);
const nativeNs = (row = '1') => Math.min(nativeRun(row), nativeRun(row), nativeRun(row));
try {
    for (let i = 0; i < 600 && !(await page.evaluate('window.demo?.ready === true')); i++) await new Promise((r) => setTimeout(r, 100));
    const before = { drag: nativeNs(), group: nativeNs('group'), snap: nativeNs('snap') };
    const r = await page.evaluate(`(async () => {
        const { load } = await import('/bindings/web/grip.mjs');
        const grip = await load('/.build-wasm/release/grip.wasm');
        // ns per step of step(i): after a warm-up (n / 10 steps, and at least one second: V8
        // runs grip.wasm's first calls in its baseline compiler, about 15x slower here, until
        // its optimising compiler, on a background thread, has the hot functions), n steps in
        // five rounds, the best round's mean (the shared machine's load moves single rounds by
        // up to 3x).
        const time = (n, step) => {
            let i = 0, best = Infinity;
            for (const t0 = performance.now(); i < n / 10 || performance.now() - t0 < 1000; i++) step(i);
            for (let r = 0; r < 5; r++) {
                const t = performance.now();
                for (const end = i + n / 5; i < end; i++) step(i);
                best = Math.min(best, (performance.now() - t) / (n / 5) * 1e6);
            }
            return best;
        };
        let clock = 0, sum = 0;
        const out = {};
        {   const e = grip.new({ width: 100000, height: 100000 });
            e.box({ x: 200, y: 200, width: 100, height: 100, editing: true });
            e.pointer('down', 1, 250, 250, 0);
            out.drag = time(200000, (i) => { e.pointer('move', 1, 250 + (i % 100), 250 + (i % 50), (clock += 0.001)); sum += e.frameView().commandCount; });
            e.close(); }
        {   const e = grip.new({ width: 100000, height: 100000, selection: 'pointer' });
            for (let i = 0; i < 1000; i++) e.select(e.box({ x: (i % 40) * 30, y: Math.floor(i / 40) * 30, width: 20, height: 20 }), 'add');
            e.pointer('down', 1, 10, 10, (clock = 0));
            out.group = time(2000, (i) => { e.pointer('move', 1, 10 + (i % 100), 10 + (i % 50), (clock += 0.001)); sum += e.frameView().commandCount; });
            e.close(); }
        {   const e = grip.new({ width: 100000, height: 100000 });
            for (let i = 0; i < 100000; i++) e.box({ x: (i % 316) * 300 + 10, y: Math.floor(i / 316) * 300 + 10, width: 200, height: 200 });
            e.setSnapping({ flags: ['edges', 'centers'], threshold: 8 });
            e.pointer('down', 1, 110, 110, (clock = 0));
            out.snap = time(2000, (i) => { e.pointer('move', 1, 110 + (i % 300), 110 + (i % 200), (clock += 0.001)); sum += e.frameView().commandCount; });
            e.close(); }
        out.sum = sum;
        return out; })()`);
    // Native: three runs before the page's rows and three after, the best (the machine's load moves).
    const n = { drag: Math.min(before.drag, nativeNs()), group: Math.min(before.group, nativeNs('group')), snap: Math.min(before.snap, nativeNs('snap')) };
    const us = (ns) => `${(ns / 1000).toFixed(1)} us`;
    console.log(`| row | binding in Chromium | native (bench/drag_step.c, best of 6 runs) | ratio |\n| --- | --- | --- | --- |`);
    console.log(`| drag step + frame read, 1 box | ${r.drag.toFixed(0)} ns | ${n.drag.toFixed(0)} ns | ${(r.drag / n.drag).toFixed(2)}x |`);
    console.log(`| group drag step of 1,000 selected + frame read | ${us(r.group)} | ${us(n.group)} | ${(r.group / n.group).toFixed(2)}x |`);
    console.log(`| snapped drag step among 100,000 + frame read | ${us(r.snap)} | ${us(n.snap)} | ${(r.snap / n.snap).toFixed(2)}x |`);
} finally {
    await page.close();
    await server.close();
}
