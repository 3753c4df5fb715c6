// web_render.mjs: the demo page in headless Chromium with BOXES boxes of which SELECTED are
// selected (default 10,000 and 1,000), a mouse drag of the selection dispatched on the canvas
// through the DevTools protocol, one step per animation frame. Prints the renderer's frame time
// (CanvasRenderer.draw: the frame view read, the cached layer copied, the moving boxes and the
// overlay drawn) and the binding's pointer dispatch time, as medians over the steps:
//   node --experimental-websocket bench/web_render.mjs
import { fileURLToPath } from 'node:url';
import { chromium, serve } from '../Tests/web/browser.mjs';

const boxes = +(process.env.BOXES || 10000), selected = +(process.env.SELECTED || 1000), steps = +(process.env.STEPS || 120);
const root = fileURLToPath(new URL('../', import.meta.url)).replace(/\/$/, '');
const server = await serve(root);
const page = await chromium(`${server.url}/examples/web/?boxes=${boxes}&selected=${selected}`, { width: 1200, height: 800, timeout: 120000 });
try {
    for (let i = 0; i < 600 && !(await page.evaluate('window.demo?.ready === true')); i++) await new Promise((r) => setTimeout(r, 100));
    await page.evaluate('demo.engine.setSnapping(null), true');
    // The first selected box's centre, on screen.
    const [x0, y0] = await page.evaluate(`(() => { const c = demo.boxes[0].state().center, t = document.getElementById('canvas').getBoundingClientRect().top;
        return [c.x, c.y + t]; })()`);
    // Timing inside the page: each draw() and each pointer dispatch, per animation frame.
    await page.evaluate(`(() => {
        const r = demo.renderer, e = demo.engine, draw = r.draw.bind(r), pointer = e.pointer.bind(e);
        window.times = { draw: [], pointer: [], frames: [], parts: [0, 0, 0, 0] };
        r.draw = (eng, force) => { const t = performance.now(); const drew = draw(eng, force); if (drew) { times.draw.push(performance.now() - t); r.stats.parts.forEach((v, k) => { times.parts[k] += v; }); } return drew; };
        e.pointer = (...a) => { const t = performance.now(); const c = pointer(...a); times.pointer.push(performance.now() - t); return c; };
        let last = performance.now();
        const tick = (now) => { times.frames.push(now - last); last = now; requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
        return true; })()`);
    const mouse = (type, x, y, buttons = 1) => page.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons, clickCount: 1 });
    const frame = () => page.evaluate('new Promise((r) => requestAnimationFrame(() => r(true)))');
    await mouse('mousePressed', x0, y0);
    for (let k = 1; k <= steps; k++) {
        await mouse('mouseMoved', x0 + (k % 40), y0 + (k % 30));
        await frame();
    }
    await mouse('mouseReleased', x0, y0, 0);
    const t = await page.evaluate('(() => { const w = times.draw.length; return { draw: times.draw.slice(10), pointer: times.pointer.slice(10), frames: times.frames.slice(10), layers: demo.renderer.stats.layerBuilds, parts: times.parts.map((v) => v / times.draw.length), drawn: demo.renderer.stats.boxesDrawn, w }; })()');
    const median = (a) => { const s = [...a].sort((p, q) => p - q); return s[Math.floor(s.length / 2)] ?? NaN; };
    const p90 = (a) => { const s = [...a].sort((p, q) => p - q); return s[Math.floor(s.length * 0.9)] ?? NaN; };
    console.log(`web renderer: ${selected} of ${boxes} boxes dragged, ${t.draw.length} frames: draw median ${median(t.draw).toFixed(2)} ms ` +
        `(p90 ${p90(t.draw).toFixed(2)}), pointer dispatch median ${median(t.pointer).toFixed(3)} ms, ` +
        `animation frame interval median ${median(t.frames).toFixed(2)} ms, ${t.layers} layer builds; a draw's mean parts: read ${t.parts[0].toFixed(2)}, layer copy ${t.parts[1].toFixed(2)}, moving boxes ${t.parts[2].toFixed(2)}, overlay ${t.parts[3].toFixed(2)} ms`);
} finally {
    await page.close();
    await server.close();
}
