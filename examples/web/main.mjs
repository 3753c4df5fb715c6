// The demo editor: selection by pointer (tap, shift+tap, marquee), group moves, resizes and
// rotations, two-finger pinch, snapping with guides, undo/redo, save and load of scene files.
import { load } from '../../bindings/web/grip.mjs';
import { attach } from '../../bindings/web/grip-dom.mjs';
import { CanvasRenderer } from '../../bindings/web/grip-canvas.mjs';

const params = new URLSearchParams(location.search);
const grip = await load(params.get('wasm') ?? new URL('../../.build-wasm/release/grip.wasm', import.meta.url));
const canvas = document.getElementById('canvas');
const status = document.getElementById('status');
const width = innerWidth, height = innerHeight - canvas.getBoundingClientRect().top;
const engine = grip.new({ width, height, selection: 'pointer' });
const snapping = { flags: ['edges', 'centers', 'gaps'], threshold: 6 };
engine.setSnapping(snapping);

// The scene: a few boxes, or ?boxes=N in a grid (?selected=M of them selected).
const count = Number(params.get('boxes') ?? 6);
const boxes = [];
if (count <= 12) {
    for (let i = 0; i < count; i++) {
        boxes.push(engine.box({ x: 60 + 170 * (i % 4), y: 60 + 150 * Math.floor(i / 4), width: 120 + 20 * (i % 3),
            height: 90, rotation: i === 5 ? 0.3 : 0, userData: i, contain: true }));
    }
} else {
    const columns = Math.ceil(Math.sqrt(count * width / height));
    const cell = width / columns;
    for (let i = 0; i < count; i++) {
        boxes.push(engine.box({ x: (i % columns) * cell + 1, y: Math.floor(i / columns) * cell + 1, width: cell * 0.7,
            height: cell * 0.7, userData: i, contain: true, minWidth: 1, minHeight: 1 }));
    }
}
const selected = Number(params.get('selected') ?? 0);
for (let i = 0; i < Math.min(selected, boxes.length); i++) engine.select(boxes[i], 'add');

const renderer = new CanvasRenderer(canvas);
renderer.resize(width, height);
const detach = attach(engine, canvas, { onFrame: () => renderer.draw(engine) });

const showStatus = () => {
    const h = engine.history();
    status.textContent = `${engine.boxes().length} boxes, ${engine.selection().length} selected · undo ${h.undo} · redo ${h.redo} · ` +
        `frame ${renderer.stats.lastMs.toFixed(1)} ms`;
};
setInterval(showStatus, 250);
showStatus();

document.getElementById('add').onclick = () => {
    const b = engine.box({ x: width / 2 - 60, y: height / 2 - 45, width: 120, height: 90, userData: engine.boxes().length, contain: true });
    engine.select(b);
};
document.getElementById('undo').onclick = () => engine.undo();
document.getElementById('redo').onclick = () => engine.redo();
document.getElementById('snap').onchange = (ev) => engine.setSnapping(ev.target.checked ? snapping : null);
document.getElementById('save').onclick = () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([engine.save()], { type: 'application/json' }));
    a.download = 'scene.json';
    a.click();
    URL.revokeObjectURL(a.href);
};
document.getElementById('load').onchange = async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    try { engine.load(await file.text()); } catch (error) { alert(`Not loaded: ${error.message}`); }
};
addEventListener('keydown', (ev) => {
    if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === 'z') { ev.preventDefault(); if (ev.shiftKey) engine.redo(); else engine.undo(); }
});

// For tests and benchmarks (Tests/web): the engine, the renderer and the grip module.
window.demo = { grip, engine, renderer, boxes, detach, ready: true };
