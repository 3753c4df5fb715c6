// Node tests of the web binding (bindings/web/grip.mjs) over grip.wasm: engines, boxes, input,
// frames and the frame view.
//   GRIP_WASM=.build-wasm/release/grip.wasm node --test Tests/wasm/test_*.mjs
// The numbers are worked out from the rules in grip.h: a box's x, y are its top-left corner,
// a move follows the pointer exactly once past the touch slop.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load, GripError } from '../../bindings/web/grip.mjs';

const grip = await load(process.env.GRIP_WASM);

test('a box is where its description puts it, and describe gives the description back', () => {
    const e = grip.new({ width: 800, height: 600 });
    const b = e.box({ x: 100, y: 100, width: 200, height: 100, editing: true, minWidth: 30, allow: ['move', 'resize'], resizeMode: 'uniform' });
    assert.equal(typeof b.id, 'bigint');
    const s = b.state();
    assert.deepEqual(s.center, { x: 200, y: 150 });
    assert.equal(s.width, 200);
    assert.equal(s.height, 100);
    assert.equal(s.editing, true);
    assert.deepEqual(s.corners[2], { x: 300, y: 200 });
    const d = b.describe();
    assert.equal(d.x, 100);
    assert.equal(d.minWidth, 30);
    assert.deepEqual(d.allow, ['move', 'resize']);
    assert.equal(d.resizeMode, 'uniform');
    assert.equal(d.parent, null);
    assert.deepEqual(e.boxes(), [b]);
    assert.equal(e.boxes()[0], b, 'one Box object per box');
    assert.equal(e.describe().width, 800);
    e.close();
});

test('configure changes only the fields given; a child keeps its world position when re-parented', () => {
    const e = grip.new({ width: 800, height: 600 });
    const p = e.box({ x: 100, y: 100, width: 400, height: 300 });
    const b = e.box({ x: 150, y: 120, width: 50, height: 40 });
    b.configure({ minWidth: 20, userData: 7 });
    assert.equal(b.describe().minWidth, 20);
    assert.equal(b.describe().userData, 7n);
    assert.deepEqual(b.state().center, { x: 175, y: 140 });
    b.configure({ parent: p });
    assert.equal(b.describe().parent, p);
    // In the parent's space the top-left corner (150, 120) is (50, 20).
    assert.equal(b.describe().x, 50);
    assert.equal(b.describe().y, 20);
    assert.deepEqual(b.state().corners[0], { x: 150, y: 120 });
    assert.deepEqual(e.boxes(), [p, b]);
    assert.throws(() => b.configure({ bogus: 1 }), (err) => err.status === 'err_arg' && /bogus/.test(err.message));
    assert.throws(() => p.configure({ parent: b }), (err) => err.status === 'err_state');
    e.close();
});

test('order, query, hit, destroy and exists', () => {
    const e = grip.new({ width: 800, height: 600 });
    const a = e.box({ x: 0, y: 0, width: 100, height: 100 });
    const b = e.box({ x: 50, y: 50, width: 100, height: 100 });
    assert.deepEqual(e.query({ x0: 60, y0: 60, x1: 70, y1: 70 }), [b, a]);  // topmost first
    assert.deepEqual(e.query({ x0: 0, y0: 0, x1: 120, y1: 120, contain: true }), [a]);
    assert.deepEqual(e.hit(75, 75), { box: b, handle: 'none' });
    a.order('front');
    assert.deepEqual(e.hit(75, 75), { box: a, handle: 'none' });
    assert.deepEqual(e.hit(500, 500), { box: null, handle: 'none' });
    assert.throws(() => a.order('sideways'), (err) => err.status === 'err_arg');
    b.destroy();
    assert.equal(b.exists(), false);
    assert.equal(a.exists(), true);
    assert.throws(() => b.state(), (err) => err.status === 'err_not_found');
    e.close();
    assert.equal(a.exists(), false);
});

test('a drag moves the box by the pointer\'s travel, and the frame follows', () => {
    const e = grip.new({ width: 800, height: 600 });
    const b = e.box({ x: 100, y: 100, width: 200, height: 100, editing: true });
    assert.equal(e.pointer('down', 1, 200, 150, 0.0), true);
    e.pointer('move', 1, 225, 160, 0.1);
    e.pointer('move', 1, 250, 170, 0.2);
    e.pointer('up', 1, 250, 170, 0.3);
    assert.deepEqual(b.state().center, { x: 250, y: 170 });
    assert.equal(e.time(), 0.3);
    const f = e.frame();
    const box = f.commands.find((c) => c.kind === 'box' && c.box === b);
    assert.ok(box);
    assert.equal(box.width, 200);
    assert.equal(box.height, 100);
    // Box space (0, 0) is the top-left corner: (250 - 100, 170 - 50).
    assert.deepEqual(box.transform, { a: 1, b: 0, c: 0, d: 1, tx: 150, ty: 120 });
    // An editing box: its border, then its 8 resize handles and the rotate handle.
    const border = f.commands.findIndex((c) => c.kind === 'border' && c.box === b);
    assert.ok(border > 0);
    assert.deepEqual(f.commands.slice(border + 1, border + 10).map((c) => c.handle),
        ['top_left', 'top', 'top_right', 'right', 'bottom_right', 'bottom', 'bottom_left', 'left', 'rotate']);
    const bc = f.commands[border];
    assert.ok(bc.vertexCount >= 4 && bc.firstVertex + bc.vertexCount <= f.vertexCount);
    // The bottom-right handle sits on the bottom-right corner, (350, 220).
    assert.deepEqual(f.commands[border + 5].center, { x: 350, y: 220 });
    assert.deepEqual(b.handleCenter('bottom_right'), { x: 350, y: 220 });
    assert.equal(b.handleCenter('nothing'), null);
    assert.equal(typeof f.serial, 'bigint');
    e.close();
});

test('two pointers pinch: the box scales by their distance\'s ratio about their midpoint', () => {
    const e = grip.new({ width: 800, height: 600 });
    const b = e.box({ x: 100, y: 100, width: 200, height: 100 });
    e.pointer('down', 1, 150, 150, 0.0);
    e.pointer('down', 2, 250, 150, 0.0);
    // Distance 100 -> 200; the midpoint (200, 150) stays.
    for (let k = 1; k <= 10; k++) {
        e.pointer('move', 1, 150 - 5 * k, 150, 0.01 * k);
        e.pointer('move', 2, 250 + 5 * k, 150, 0.01 * k);
    }
    e.pointer('up', 1, 100, 150, 0.2);
    e.pointer('up', 2, 300, 150, 0.2);
    const s = b.state();
    assert.ok(Math.abs(s.scale * s.width - 400) < 1e-9, `scaled width ${s.scale * s.width}`);
    assert.ok(Math.abs(s.center.x - 200) < 1e-9 && Math.abs(s.center.y - 150) < 1e-9);
    e.close();
});

test('magnify scales the box under the focal point; keys nudge the selection', () => {
    const e = grip.new({ width: 800, height: 600, selection: 'pointer', nudgeStep: 2, nudgeStepLarge: 20 });
    const b = e.box({ x: 100, y: 100, width: 200, height: 100 });
    e.magnify('down', 1, 200, 150, 0);
    e.magnify('move', 1.5, 200, 150, 0.1);
    e.magnify('up', 1.5, 200, 150, 0.2);
    assert.ok(Math.abs(b.state().scale - 1.5) < 1e-9);
    assert.deepEqual(b.state().center, { x: 200, y: 150 });
    e.select(b);
    assert.equal(e.key('down', 'right', 0.3), true);
    e.key('up', 'right', 0.31);
    assert.equal(b.state().center.x, 202);
    e.key('down', 'down', 0.4, ['shift']);
    e.key('up', 'down', 0.41, ['shift']);
    assert.equal(b.state().center.y, 170);
    assert.throws(() => e.key('down', 'pgup', 0.5), (err) => err.status === 'err_arg');
    assert.throws(() => e.key('down', 'left', 0.1), (err) => err.status === 'err_state');  // time going backwards
    e.tick(2);
    assert.equal(e.time(), 2);
    e.close();
});

test('the view maps screen to world, and input goes through it', () => {
    const e = grip.new({ width: 800, height: 600 });
    e.setView({ a: 2, d: 2, tx: 10, ty: 20 });
    assert.deepEqual(e.view(), { a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 20 });
    assert.deepEqual(e.worldToScreen(100, 100), { x: 210, y: 220 });
    assert.deepEqual(e.screenToWorld(210, 220), { x: 100, y: 100 });
    const b = e.box({ x: 100, y: 100, width: 100, height: 100 });
    // Screen (310, 320) is world (150, 150), the box's centre; 40 screen units are 20 world units.
    e.pointer('down', 1, 310, 320, 0);
    e.pointer('move', 1, 330, 320, 0.1);
    e.pointer('move', 1, 350, 320, 0.2);
    e.pointer('up', 1, 350, 320, 0.3);
    assert.deepEqual(b.state().center, { x: 170, y: 150 });
    assert.throws(() => e.setView({ a: 0, d: 0 }), (err) => err.status === 'err_arg');
    e.setBounds(1000, 1000);
    assert.equal(e.describe().width, 1000);
    e.close();
});

test('bad input throws GripError with the status and the library\'s message, and changes nothing', () => {
    assert.throws(() => grip.new({ width: -1 }), (err) => err instanceof GripError && err.status === 'err_arg' && /width/.test(err.message));
    assert.throws(() => grip.new({ bogus: 1 }), (err) => err.status === 'err_arg' && /bogus/.test(err.message));
    const e = grip.new({ width: 800, height: 600 });
    assert.throws(() => e.box({ width: NaN }), (err) => err instanceof GripError && err.status === 'err_arg' && err.message.length > 0);
    assert.throws(() => e.box({ width: '10' }), (err) => err.status === 'err_arg' && /width/.test(err.message));
    assert.throws(() => e.box({ allow: ['fly'] }), (err) => err.status === 'err_arg' && /fly/.test(err.message));
    assert.deepEqual(e.boxes(), []);
    assert.throws(() => e.pointer('sideways', 1, 0, 0, 0), (err) => err.status === 'err_arg');
    assert.throws(() => e.pointer('up', 7, 0, 0, 0), (err) => err.status === 'err_state');
    assert.throws(() => e.pointer('down', 1.5, 0, 0, 0), (err) => err.status === 'err_arg');
    assert.throws(() => e.pointer('down', 1, Infinity, 0, 0), (err) => err.status === 'err_arg');
    assert.throws(() => e.query({ x0: 0 }), (err) => err.status === 'err_arg');
    const b = e.box({});
    b.destroy();
    assert.throws(() => b.state(), (err) => err.status === 'err_not_found');
    assert.throws(() => b.destroy(), (err) => err.status === 'err_not_found');
    e.close();
    assert.throws(() => e.box({}), (err) => err.status === 'err_arg' && /closed/.test(err.message));
    e.close();  // twice is fine
});

test('the frame view shows the same frame as frame(), without copies', () => {
    const e = grip.new({ width: 800, height: 600 });
    const b = e.box({ x: 100, y: 100, width: 200, height: 100, editing: true });
    e.pointer('down', 1, 200, 150, 0.0);
    e.pointer('move', 1, 225, 160, 0.1);
    e.pointer('move', 1, 250, 170, 0.2);
    const f = e.frame();
    const v = e.frameView();
    assert.equal(v.commandCount, f.commandCount);
    assert.equal(v.vertexCount, f.vertexCount);
    assert.equal(BigInt(v.serial), f.serial);
    const o = v.commandOffsets;
    for (let i = 0; i < v.commandCount; i++) {
        const c = i * v.commandStride;
        assert.equal(v.commandKinds[v.commands.getUint32(c + o.kind, true)], f.commands[i].kind);
        assert.equal(v.commands.getBigUint64(c + o.box, true), f.commands[i].box?.id ?? 0n);
        assert.equal(v.commands.getFloat64(c + o.transform + 32, true), f.commands[i].transform.tx);
    }
    for (let i = 0; i < v.vertexCount; i++) {
        assert.equal(v.vertices[2 * i], f.vertices[i].x);
        assert.equal(v.vertices[2 * i + 1], f.vertices[i].y);
    }
    // The box command's translation: (250 - 100, 170 - 50).
    const k = f.commands.findIndex((c) => c.kind === 'box' && c.box === b);
    assert.equal(v.commands.getFloat64(k * v.commandStride + o.transform + 40, true), 120);
    // One more step: the view is the same object, refreshed, and shows the new position.
    e.pointer('move', 1, 260, 170, 0.3);
    const w = e.frameView();
    assert.equal(w, v);
    assert.equal(w.commands.getFloat64(k * w.commandStride + o.transform + 32, true), 160);
    e.pointer('up', 1, 260, 170, 0.4);
    e.close();
});

test('the frame view survives memory.grow: a new view over the new buffer', () => {
    const e = grip.new({ width: 100000, height: 100000 });
    const b = e.box({ x: 10, y: 20, width: 30, height: 40 });
    const v1 = e.frameView();
    const buffer = v1.commands.buffer, before = grip.memoryBytes();
    // 20,000 boxes need megabytes: the memory grows, which detaches the old buffer.
    for (let i = 0; i < 20000; i++) e.box({ x: i % 1000 * 50, y: Math.floor(i / 1000) * 50, width: 40, height: 40 });
    assert.ok(grip.memoryBytes() > before, 'the memory grew');
    assert.equal(buffer.byteLength, 0, 'the old buffer is detached');
    const v2 = e.frameView();
    assert.notEqual(v2, v1);
    assert.equal(v2.commandCount, 20001);
    assert.ok(v2.commands.byteLength === 20001 * v2.commandStride);
    const o = v2.commandOffsets;
    assert.equal(v2.commands.getBigUint64(o.box, true), b.id);
    assert.equal(v2.commands.getFloat64(o.transform + 32, true), 10);
    assert.equal(v2.commands.getFloat64(o.transform + 40, true), 20);
    // The last box: i = 19999 at (999 * 50, 19 * 50).
    const last = 20000 * v2.commandStride;
    assert.equal(v2.commands.getFloat64(last + o.transform + 32, true), 49950);
    assert.equal(v2.commands.getFloat64(last + o.transform + 40, true), 950);
    e.close();
});
