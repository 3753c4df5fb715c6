// web_compare.mjs: a drag step + frame view read for several grip.wasm files side by side in one
// headless Chromium page, their rounds interleaved so that the machine's load falls on each alike:
//   ROW=drag node --experimental-websocket bench/web_compare.mjs ROUNDS a.wasm b.wasm ...
// (paths from the repository root). ROW: drag (one editing box, the default), group (1,000
// selected) or snap (a snapped move among 100,000), the rows of bench/web_binding.mjs. Prints each
// file's best and median ns per step and every round's figure.
import { fileURLToPath } from 'node:url';
import { chromium, serve } from '../Tests/web/browser.mjs';

const root = fileURLToPath(new URL('../', import.meta.url)).replace(/\/$/, '');
const [rounds, ...files] = process.argv.slice(2);
const row = process.env.ROW ?? 'drag';
const server = await serve(root);
const page = await chromium(`${server.url}/examples/web/?boxes=0`, { timeout: 600000 });
try {
    for (let i = 0; i < 600 && !(await page.evaluate('window.demo?.ready === true')); i++) await new Promise((r) => setTimeout(r, 100));
    const r = await page.evaluate(`(async () => {
        const { load } = await import('/bindings/web/grip.mjs');
        const files = ${JSON.stringify(files)}, row = ${JSON.stringify(row)};
        let sum = 0;
        // One engine per file, warmed up for 1.5 s (past V8's baseline tier).
        const steps = [];
        for (const f of files) {
            const grip = await load('/' + f);
            let clock = 0, step;
            if (row === 'drag') {
                const e = grip.new({ width: 100000, height: 100000 });
                e.box({ x: 200, y: 200, width: 100, height: 100, editing: true });
                e.pointer('down', 1, 250, 250, 0);
                step = (i) => { e.pointer('move', 1, 250 + (i % 100), 250 + (i % 50), (clock += 0.001)); sum += e.frameView().commandCount; };
            } else if (row === 'group') {
                const e = grip.new({ width: 100000, height: 100000, selection: 'pointer' });
                for (let i = 0; i < 1000; i++) e.select(e.box({ x: (i % 40) * 30, y: Math.floor(i / 40) * 30, width: 20, height: 20 }), 'add');
                e.pointer('down', 1, 10, 10, 0);
                step = (i) => { e.pointer('move', 1, 10 + (i % 100), 10 + (i % 50), (clock += 0.001)); sum += e.frameView().commandCount; };
            } else {
                const e = grip.new({ width: 100000, height: 100000 });
                for (let i = 0; i < 100000; i++) e.box({ x: (i % 316) * 300 + 10, y: Math.floor(i / 316) * 300 + 10, width: 200, height: 200 });
                e.setSnapping({ flags: ['edges', 'centers'], threshold: 8 });
                e.pointer('down', 1, 110, 110, 0);
                step = (i) => { e.pointer('move', 1, 110 + (i % 300), 110 + (i % 200), (clock += 0.001)); sum += e.frameView().commandCount; };
            }
            for (let i = 0, t0 = performance.now(); performance.now() - t0 < 1500; i++) step(i);
            steps.push(step);
        }
        const n = row === 'drag' ? 40000 : 1000;
        const res = files.map(() => []);
        for (let round = 0; round < ${Number(rounds)}; round++)
            for (let k = 0; k < files.length; k++) {
                const t = performance.now();
                for (let i = 0; i < n; i++) steps[k](i);
                res[k].push((performance.now() - t) / n * 1e6);
            }
        return { res, sum };
    })()`);
    files.forEach((f, k) => {
        const v = r.res[k].slice().sort((a, b) => a - b);
        console.log(`${f}: best ${v[0].toFixed(0)} ns, median ${v[v.length >> 1].toFixed(0)} ns  [${r.res[k].map((x) => x.toFixed(0)).join(' ')}]`);
    });
} finally {
    await page.close();
    await server.close();
}
