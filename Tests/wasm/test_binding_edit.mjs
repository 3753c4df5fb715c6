// Node tests of the web binding's editing calls: selection, arrangement, snapping, history,
// events, scene files and JavaScript hooks.
//   GRIP_WASM=.build-wasm/release/grip.wasm node --test Tests/wasm/test_*.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load } from '../../bindings/web/grip.mjs';

const grip = await load(process.env.GRIP_WASM);
const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} is not ${b}`);

// A drag from (x0, y0) by (dx, dy) in 10 steps, 20 ms apart, starting at time t.
function drag(e, x0, y0, dx, dy, t = e.time(), mods = []) {
    e.pointer('down', 1, x0, y0, t, mods);
    for (let k = 1; k <= 10; k++) e.pointer('move', 1, x0 + dx * k / 10, y0 + dy * k / 10, t + 0.02 * k, mods);
    e.pointer('up', 1, x0 + dx, y0 + dy, t + 0.25, mods);
}

test('selection: select ops, the selection frame, a tap and a marquee', () => {
    const e = grip.new({ width: 800, height: 600, selection: 'pointer' });
    const a = e.box({ x: 0, y: 0, width: 100, height: 100 });
    const b = e.box({ x: 200, y: 50, width: 100, height: 100 });
    e.select(a);
    e.select(b, 'add');
    assert.deepEqual(e.selection(), [a, b]);
    // The frame around both: x 0..300, y 0..150.
    const s = e.selectionState();
    assert.equal(s.count, 2);
    assert.deepEqual(s.center, { x: 150, y: 75 });
    assert.equal(s.width, 300);
    assert.equal(s.height, 150);
    assert.deepEqual(s.corners, [{ x: 0, y: 0 }, { x: 300, y: 0 }, { x: 300, y: 150 }, { x: 0, y: 150 }]);
    e.select(a, 'toggle');
    assert.deepEqual(e.selection(), [b]);
    e.select(null);
    assert.deepEqual(e.selection(), []);
    // A tap on a selects it; a marquee from (150, 0) to (400, 200) meets only b.
    e.pointer('down', 1, 50, 50, 0);
    e.pointer('up', 1, 50, 50, 0.05);
    assert.deepEqual(e.selection(), [a]);
    drag(e, 150, 10, 250, 190, 1);
    assert.deepEqual(e.selection(), [b]);
    assert.throws(() => e.select(a, 'swap'), (err) => err.status === 'err_arg');
    e.close();
});

test('a group drag moves every selected box by the pointer\'s travel', () => {
    const e = grip.new({ width: 2000, height: 2000, selection: 'pointer' });
    const boxes = [];
    for (let i = 0; i < 10; i++) boxes.push(e.box({ x: 100 * i, y: 100, width: 50, height: 50 }));
    for (const b of boxes) e.select(b, 'add');
    drag(e, 25, 125, 40, 30);
    boxes.forEach((b, i) => assert.deepEqual(b.state().center, { x: 100 * i + 25 + 40, y: 155 }));
    e.close();
});

test('align, distribute, flip and rotate90', () => {
    const e = grip.new({ width: 800, height: 600 });
    const a = e.box({ x: 0, y: 0, width: 100, height: 100 });
    const b = e.box({ x: 200, y: 50, width: 100, height: 100 });
    const c = e.box({ x: 500, y: 10, width: 100, height: 100 });
    for (const x of [a, b, c]) e.select(x, 'add');
    assert.equal(e.align('top'), true);
    for (const x of [a, b, c]) assert.equal(x.state().corners[0].y, 0);
    assert.equal(e.align('top'), false, 'nothing left to do');
    // Gaps: a ends at 100, c starts at 500; b (100 wide) goes to 250..350.
    assert.equal(e.distribute('horizontal'), true);
    assert.equal(b.state().corners[0].x, 250);
    // Flip across the frame's centre line x = 300: a (centre 50) goes to 550.
    assert.equal(e.flip('horizontal'), true);
    near(a.state().center.x, 550, 'a flipped');
    assert.equal(a.state().flippedX, true);
    e.select(b);
    assert.equal(e.rotate90(1), true);
    near(b.state().rotation, Math.PI / 2, 'a quarter turn');
    assert.deepEqual(b.state().center, { x: 300, y: 50 });
    assert.throws(() => e.align('diagonal'), (err) => err.status === 'err_arg');
    assert.throws(() => e.rotate90(0.5), (err) => err.status === 'err_arg');
    e.select(null);
    assert.throws(() => e.flip('vertical'), (err) => err.status === 'err_state');
    e.close();
});

test('snapping to a grid, and its bypass modifiers', () => {
    const e = grip.new({ width: 800, height: 600 });
    const b = e.box({ x: 100, y: 100, width: 200, height: 100 });
    e.setSnapping({ flags: ['grid'], gridX: 10, gridY: 10, threshold: 8 });
    // Unsnapped the top-left corner would be at (123, 114): the grid takes it to (120, 110).
    drag(e, 200, 150, 23, 14, 0);
    assert.deepEqual(b.state().corners[0], { x: 120, y: 110 });
    // With ctrl held (a bypass modifier) it follows the pointer: (120 + 23, 110 + 14).
    drag(e, 220, 160, 23, 14, 1, ['ctrl']);
    assert.deepEqual(b.state().corners[0], { x: 143, y: 124 });
    e.setSnapping(null);
    drag(e, 243, 174, 13, 13, 2);
    assert.deepEqual(b.state().corners[0], { x: 156, y: 137 });
    assert.throws(() => e.setSnapping({ flags: ['magnets'] }), (err) => err.status === 'err_arg' && /magnets/.test(err.message));
    assert.throws(() => e.setSnapping({ gridX: -1 }), (err) => err.status === 'err_arg');
    e.close();
});

test('snapping to another box\'s edges draws a guide', () => {
    const e = grip.new({ width: 800, height: 600 });
    e.box({ x: 300, y: 100, width: 100, height: 100 });
    const b = e.box({ x: 0, y: 300, width: 100, height: 100 });
    e.setSnapping({ flags: ['edges'], threshold: 8 });
    // b's left edge, dragged to x = 296, snaps to the other box's left edge, 300.
    e.pointer('down', 1, 50, 350, 0);
    for (let k = 1; k <= 8; k++) e.pointer('move', 1, 50 + 37 * k, 350, 0.02 * k);
    assert.equal(b.state().corners[0].x, 300);
    assert.ok(e.frame().commands.some((c) => c.kind === 'guide'), 'a guide while snapped');
    e.pointer('up', 1, 346, 350, 0.3);
    e.close();
});

test('undo, redo, history and recorded steps', () => {
    const e = grip.new({ width: 800, height: 600 });
    const b = e.box({ x: 100, y: 100, width: 200, height: 100 });
    drag(e, 200, 150, 50, 20, 0);
    assert.deepEqual(e.history(), { undo: 1, redo: 0 });
    assert.equal(e.undo(), true);
    assert.deepEqual(b.state().center, { x: 200, y: 150 });
    assert.deepEqual(e.history(), { undo: 0, redo: 1 });
    assert.equal(e.undo(), false);
    assert.equal(e.redo(), true);
    assert.deepEqual(b.state().center, { x: 250, y: 170 });
    // A recorded step: two edits, one undo.
    assert.equal(e.record(() => {
        b.configure({ width: 300 });
        e.box({ x: 0, y: 0 });
    }), true);
    assert.equal(e.boxes().length, 2);
    e.undo();
    assert.equal(e.boxes().length, 1);
    assert.equal(b.state().width, 200);
    // A step that throws is put back and the error thrown again.
    assert.throws(() => e.record(() => { b.configure({ width: 400 }); throw new Error('no'); }), /no/);
    assert.equal(b.state().width, 200);
    assert.equal(e.recording(), false);
    e.historyBegin();
    assert.equal(e.recording(), true);
    b.configure({ height: 50 });
    e.historyCancel();
    assert.equal(b.state().height, 100);
    e.clearHistory();
    assert.deepEqual(e.history(), { undo: 0, redo: 0 });
    e.close();
});

test('events carry their changes; on handlers run after the call that queued them', () => {
    const e = grip.new({ width: 800, height: 600 });
    const b = e.box({ x: 100, y: 100, width: 200, height: 100 });
    const seen = [];
    b.on('gesture_ended', (ev) => seen.push(`${ev.gesture} ended at ${ev.time}`));
    drag(e, 200, 150, 50, 20, 0);
    assert.deepEqual(seen, ['move ended at 0.25']);
    const events = e.events();
    const kinds = events.map((ev) => ev.kind);
    assert.deepEqual(kinds.filter((k) => k !== 'gesture_changed'), ['gesture_began', 'gesture_ended', 'committed']);
    const committed = events.find((ev) => ev.kind === 'committed');
    assert.equal(committed.gesture, 'move');
    assert.equal(committed.changes.length, 1);
    const [ch] = committed.changes;
    assert.equal(ch.box, b);
    assert.deepEqual(ch.before.center, { x: 200, y: 150 });
    assert.deepEqual(ch.after.center, { x: 250, y: 170 });
    assert.equal(ch.after.width, 200);
    assert.equal(ch.after.parent, null);
    assert.deepEqual(e.events(), []);
    e.undo();
    const undone = e.events().find((ev) => ev.kind === 'undone');
    assert.deepEqual(undone.changes[0].after.center, { x: 200, y: 150 });
    b.on('gesture_ended', null);
    drag(e, 200, 150, 50, 20, 1);
    assert.equal(seen.length, 1, 'the handler was removed');
    assert.throws(() => b.on('explosion', () => {}), (err) => err.status === 'err_arg');
    e.close();
});

test('save and load: the scene comes back box for box', () => {
    const e = grip.new({ width: 800, height: 600 });
    const p = e.box({ x: 100, y: 100, width: 400, height: 300, userData: 5 });
    e.box({ parent: p, x: 10, y: 20, width: 50, height: 60, rotation: 0.5, minWidth: 20 });
    const text = e.save();
    assert.match(text, /"grip_scene"/);
    const f = grip.new({ width: 10, height: 10 });
    f.load(text);
    assert.equal(f.describe().width, 800);
    const [p2, c2] = f.boxes();
    assert.equal(p2.describe().userData, 5n);
    assert.equal(c2.describe().parent, p2);
    const s = c2.state(), t = e.boxes()[1].state();
    assert.deepEqual(s.center, t.center);
    assert.equal(s.rotation, 0.5);
    assert.equal(c2.describe().minWidth, 20);
    assert.equal(f.save(), text);
    assert.throws(() => f.load('{"grip_scene": 99}'), (err) => err.status === 'err_arg' || err.status === 'err_state');
    assert.equal(f.boxes().length, 2, 'a refused load changed nothing');
    assert.throws(() => f.load(42), (err) => err.status === 'err_arg');
    e.close();
    f.close();
});

test('a JavaScript constraint changes, refuses, or fails like a Lua hook', () => {
    const e = grip.new({ width: 800, height: 600 });
    const b = e.box({ x: 100, y: 100, width: 200, height: 100 });
    const calls = [];
    b.setConstraint((proposed, current) => {
        calls.push(current.center.x);
        return { center: { x: Math.min(proposed.center.x, 220), y: proposed.center.y } };
    });
    drag(e, 200, 150, 50, 20, 0);
    assert.deepEqual(b.state().center, { x: 220, y: 170 });
    assert.ok(calls.length >= 5 && calls[0] === 200);
    // false refuses every step: the box stays.
    b.setConstraint(() => false);
    drag(e, 220, 170, 30, 30, 1);
    assert.deepEqual(b.state().center, { x: 220, y: 170 });
    // A hook that throws is disabled for the gesture, a script_error carries its message, and
    // the built-in behaviour goes on.
    e.events();
    b.setConstraint(() => { throw new Error('out of bounds'); });
    drag(e, 220, 170, 30, 10, 2);
    assert.deepEqual(b.state().center, { x: 250, y: 180 });
    const err = e.events().find((ev) => ev.kind === 'script_error');
    assert.ok(err && /out of bounds/.test(err.message), JSON.stringify(err?.message));
    // An unknown field is nonsense too.
    b.setConstraint(() => ({ colour: 'red' }));
    drag(e, 250, 180, 20, 0, 3);
    assert.ok(/colour/.test(e.events().find((ev) => ev.kind === 'script_error')?.message));
    assert.deepEqual(b.state().center, { x: 270, y: 180 });
    b.setConstraint(null);
    drag(e, 270, 180, 20, 0, 4);
    assert.deepEqual(b.state().center, { x: 290, y: 180 });
    assert.throws(() => b.setConstraint(42), (err2) => err2.status === 'err_arg');
    e.close();
});

test('custom handles and indicators are JavaScript functions', () => {
    const e = grip.new({ width: 800, height: 600 });
    const b = e.box({ x: 100, y: 100, width: 200, height: 100, editing: true, allow: ['move', 'long_press'], longPressDuration: 1 });
    assert.equal(b.addHandle({
        name: 'knob',
        position: (g) => ({ x: g.width / 2, y: -40 }),
        drag: (start, x) => ({ width: start.width + (x - start.width / 2) }),
    }), 'knob');
    // Box space (100, -40) is world (200, 60).
    assert.deepEqual(b.handleCenter('knob'), { x: 200, y: 60 });
    assert.deepEqual(e.hit(200, 60), { box: b, handle: 'knob' });
    // Dragged 50 to the right: box-space x 150, so the width becomes 200 + 50.
    drag(e, 200, 60, 50, 0, 0);
    near(b.state().width, 250, 'the knob\'s width');
    assert.throws(() => b.addHandle({ name: 'knob', position: () => ({ x: 0, y: 0 }) }), (err) => err.status === 'err_arg');
    assert.throws(() => b.addHandle({ name: 'top', position: () => ({ x: 0, y: 0 }) }), (err) => err.status === 'err_arg');
    // A custom indicator: a triangle, trimmed to the progress.
    b.setIndicator((progress, g) => [{ x: 0, y: g.height }, { x: g.width / 2, y: 0 }, { x: g.width, y: g.height }]);
    assert.equal(b.describe().indicator, 'custom');
    e.pointer('down', 1, 225, 170, 1);
    e.tick(1.5);
    const f = e.frame();
    const ind = f.commands.find((c) => c.kind === 'indicator');
    assert.ok(ind, 'an indicator while pressed');
    near(ind.progress, 0.5, 'half way');
    assert.ok(ind.vertexCount >= 2);
    e.pointer('up', 1, 225, 170, 1.6);
    b.setIndicator(null);
    assert.equal(b.describe().indicator, 'circle');
    e.close();
});
