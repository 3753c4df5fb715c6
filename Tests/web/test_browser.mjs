// The demo page (examples/web) in headless Chromium: real mouse and touch events dispatched on
// its canvas through the DevTools protocol, then the engine's state, the frame and a screenshot
// checked. Needs chromium and a built grip.wasm (scripts/build --wasm):
//   node --experimental-websocket --test Tests/web/test_browser.mjs
// GRIP_WEB_SHOT=path also writes the screenshot there (docs/web-demo.png).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, readPng, serve } from './browser.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
let server, page, top;

before(async () => {
    server = await serve(root);
    page = await chromium(`${server.url}/examples/web/`, { width: 900, height: 600 });
    // Up to a minute: a loaded machine compiles the module slowly. What the page threw, if it
    // threw, is in the message.
    await page.send('Runtime.enable');
    for (let i = 0; i < 1200; i++) {
        if (await page.evaluate('window.demo?.ready === true')) break;
        await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(await page.evaluate('window.demo?.ready === true'), true,
        `the demo page loaded (page errors: ${JSON.stringify(page.errors)})`);
    // Snapping off: the drags below must follow the pointer exactly.
    await page.evaluate('demo.engine.setSnapping(null), true');
    top = await page.evaluate('document.getElementById("canvas").getBoundingClientRect().top');
});

after(async () => {
    await page?.close();
    await server?.close();
});

const mouse = (type, x, y, buttons = 1) => page.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons, clickCount: 1 });
const state = (i) => page.evaluate(`(() => { const s = demo.boxes[${i}].state(); return { x: s.center.x, y: s.center.y, scale: s.scale, w: s.width, h: s.height }; })()`);
const settle = () => page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))');

test('a mouse drag on the canvas moves the box by the pointer\'s travel, and the frame shows it', async () => {
    // Box 0: x 60, y 60, 120 x 90 (main.mjs), so its centre is (120, 105) in canvas pixels.
    assert.deepEqual(await state(0), { x: 120, y: 105, scale: 1, w: 120, h: 90 });
    await mouse('mouseMoved', 120, 105 + top, 0);
    await mouse('mousePressed', 120, 105 + top);
    for (let k = 1; k <= 10; k++) await mouse('mouseMoved', 120 + 6 * k, 105 + top + 4 * k);
    await mouse('mouseReleased', 180, 145 + top, 0);
    await settle();
    assert.deepEqual(await state(0), { x: 180, y: 145, scale: 1, w: 120, h: 90 });
    assert.deepEqual(await page.evaluate('demo.engine.selection().map((b) => Number(b.id))'), [Number(await page.evaluate('Number(demo.boxes[0].id)'))]);
    // The frame: box 0's command has its top-left corner at (120, 100).
    const t = await page.evaluate('(() => { const c = demo.engine.frame().commands.find((c) => c.kind === "box" && c.box === demo.boxes[0]); return [c.transform.tx, c.transform.ty]; })()');
    assert.deepEqual(t, [120, 100]);
    // The canvas: box 0's colour (#f4c7a1) inside its new place, background (#f7f7f5) where it was.
    const px = await page.evaluate(`(() => { const c = document.getElementById('canvas'), r = demo.renderer.pixelRatio, x = c.getContext('2d');
        const at = (u, v) => Array.from(x.getImageData(Math.round(u * r), Math.round(v * r), 1, 1).data.slice(0, 3));
        return { inside: at(230, 180), old: at(70, 70) }; })()`);
    assert.deepEqual(px.inside, [0xf4, 0xc7, 0xa1]);
    assert.deepEqual(px.old, [0xf7, 0xf7, 0xf5]);
    // Undo puts it back.
    await page.evaluate('demo.engine.undo()');
    assert.deepEqual(await state(0), { x: 120, y: 105, scale: 1, w: 120, h: 90 });
    await page.evaluate('demo.engine.redo()');
});

test('two touches pinch a box: its scale follows their distance', async () => {
    // Box 1: x 230, y 60, 140 x 90, centre (300, 105); touches 60 apart spread to 120.
    const before1 = await state(1);
    assert.deepEqual([before1.x, before1.y], [300, 105]);
    const touch = (type, d) => page.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [
        { x: 300 - d / 2, y: 105 + top, id: 11 }, { x: 300 + d / 2, y: 105 + top, id: 12 }] });
    await touch('touchStart', 60);
    for (let k = 1; k <= 10; k++) await touch('touchMove', 60 + 6 * k);
    await touch('touchEnd', 120);
    await settle();
    const s = await state(1);
    assert.ok(Math.abs(s.scale - 2) < 0.02, `scale ${s.scale}`);
    assert.ok(Math.abs(s.x - 300) < 0.5 && Math.abs(s.y - 105) < 0.5, `centre ${s.x}, ${s.y}`);
});

test('the screenshot shows the editor: boxes, the selection\'s border and handles', async () => {
    await page.evaluate('demo.engine.select(demo.boxes[0]), true');
    await settle();
    const shot = await page.send('Page.captureScreenshot', { format: 'png' });
    const bytes = Buffer.from(shot.data, 'base64');
    if (process.env.GRIP_WEB_SHOT) writeFileSync(process.env.GRIP_WEB_SHOT, bytes);
    const png = readPng(bytes);
    assert.ok(png.width >= 800 && png.height >= 400, `${png.width} x ${png.height}`);
    // Box 0 (now centred at (180, 145)) (left of box 1, which the pinch made 280 x 180 about (300, 105)), and the selection border's blue at its left edge.
    assert.deepEqual(png.rgba(135, Math.round(180 + top)).slice(0, 3), [0xf4, 0xc7, 0xa1]);
    let blue = 0;
    for (let y = 100; y < 190; y++) {
        for (let x = 116; x <= 124; x++) {
            const [r, g, b] = png.rgba(x, Math.round(y + top));
            if (b > 200 && r < 80) blue++;
        }
    }
    assert.ok(blue > 20, `the border's blue: ${blue} pixels`);
    // Not blank: several distinct colours in the canvas.
    const colours = new Set();
    for (let y = 0; y < png.height; y += 7) for (let x = 0; x < png.width; x += 7) colours.add(png.rgba(x, y).slice(0, 3).join());
    assert.ok(colours.size > 8, `${colours.size} colours`);
});

test('another peer\'s presence is drawn: its selected box\'s outline and its pointer in its colour', async () => {
    // Box 3: x 570, y 60, 120 x 90. The peer's colour number 1 is the renderer's second peer
    // colour, #9334e6; its pointer at (700, 300).
    await page.evaluate('demo.engine.peerSet({ peer: 77, color: 1, selection: [demo.boxes[3].key()], pointer: { x: 700, y: 300 } }), true');
    await settle();
    const seen = await page.evaluate(`(() => { const c = document.getElementById('canvas'), r = demo.renderer.pixelRatio, x = c.getContext('2d');
        const at = (u, v) => Array.from(x.getImageData(Math.round(u * r), Math.round(v * r), 1, 1).data.slice(0, 3));
        let edge = 0;
        for (let v = 70; v < 140; v++) { const [R, G, B] = at(570, v); if (R > 120 && R < 170 && G < 90 && B > 200) edge++; }
        return { edge, cursor: at(702, 309), beside: at(690, 309) }; })()`);
    assert.ok(seen.edge > 60, `the outline's purple along the left edge: ${seen.edge} of 70 rows`);
    assert.deepEqual(seen.cursor, [0x93, 0x34, 0xe6], 'inside the cursor\'s arrow');
    assert.deepEqual(seen.beside, [0xf7, 0xf7, 0xf5], 'beside it, the background');
    assert.equal(await page.evaluate('demo.engine.peerRemove(77)'), true);
    await settle();
    assert.deepEqual(await page.evaluate(`(() => { const c = document.getElementById('canvas'), r = demo.renderer.pixelRatio;
        return Array.from(c.getContext('2d').getImageData(Math.round(702 * r), Math.round(309 * r), 1, 1).data.slice(0, 3)); })()`),
    [0xf7, 0xf7, 0xf5], 'gone with the peer');
});
