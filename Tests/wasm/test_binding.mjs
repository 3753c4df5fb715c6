// Node tests of the web binding (bindings/web/grip.mjs) over grip.wasm:
//   GRIP_WASM=.build-wasm/release/grip.wasm node --test Tests/wasm/test_binding.mjs
// The numbers are worked out from the rules in grip.h: a box's x, y are its top-left corner,
// a move follows the pointer exactly once past the touch slop.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load, GripError } from '../../bindings/web/grip.mjs';

const grip = await load(process.env.GRIP_WASM);

test('a box is where its description puts it', () => {
    const e = grip.new({ width: 800, height: 600 });
    const b = e.box({ x: 100, y: 100, width: 200, height: 100, editing: true });
    assert.equal(typeof b.id, 'bigint');
    const s = b.state();
    assert.deepEqual(s.center, { x: 200, y: 150 });
    assert.equal(s.width, 200);
    assert.equal(s.height, 100);
    assert.equal(s.editing, true);
    assert.deepEqual(s.corners[2], { x: 300, y: 200 });
    e.close();
});

test('a drag moves the box by the pointer\'s travel, and the frame follows', () => {
    const e = grip.new({ width: 800, height: 600 });
    const b = e.box({ x: 100, y: 100, width: 200, height: 100, editing: true });
    assert.equal(e.pointer('down', 1, 200, 150, 0.0), true);
    e.pointer('move', 1, 225, 160, 0.1);
    e.pointer('move', 1, 250, 170, 0.2);
    e.pointer('up', 1, 250, 170, 0.3);
    assert.deepEqual(b.state().center, { x: 250, y: 170 });
    const f = e.frame();
    const box = f.commands.find((c) => c.kind === 'box' && c.box === b.id);
    assert.ok(box);
    assert.equal(box.width, 200);
    assert.equal(box.height, 100);
    // Box space (0, 0) is the top-left corner: (250 - 100, 170 - 50).
    assert.deepEqual(box.transform, { a: 1, b: 0, c: 0, d: 1, tx: 150, ty: 120 });
    // An editing box: its border, then its 8 resize handles and the rotate handle.
    const border = f.commands.findIndex((c) => c.kind === 'border' && c.box === b.id);
    assert.ok(border > 0);
    assert.deepEqual(f.commands.slice(border + 1, border + 10).map((c) => c.handle),
        ['top_left', 'top', 'top_right', 'right', 'bottom_right', 'bottom', 'bottom_left', 'left', 'rotate']);
    const bc = f.commands[border];
    assert.ok(bc.vertexCount >= 4 && bc.firstVertex + bc.vertexCount <= f.vertexCount);
    // The bottom-right handle sits on the bottom-right corner, (350, 220).
    assert.deepEqual(f.commands[border + 5].center, { x: 350, y: 220 });
    assert.equal(typeof f.serial, 'bigint');
    e.close();
});

test('bad input throws GripError with the status and the library\'s message', () => {
    assert.throws(() => grip.new({ width: -1 }), (err) => err instanceof GripError && err.status === 'err_arg' && /width/.test(err.message));
    const e = grip.new({ width: 800, height: 600 });
    assert.throws(() => e.box({ width: NaN }), (err) => err instanceof GripError && err.status === 'err_arg' && err.message.length > 0);
    assert.throws(() => e.pointer('sideways', 1, 0, 0, 0), (err) => err.status === 'err_arg');
    assert.throws(() => e.pointer('up', 7, 0, 0, 0), (err) => err.status === 'err_state');
    const b = e.box({});
    b.destroy();
    assert.throws(() => b.state(), (err) => err.status === 'err_not_found');
    e.close();
    assert.throws(() => e.box({}), (err) => err.status === 'err_arg' && /closed/.test(err.message));
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
    assert.equal(v.serial, f.serial);
    const o = v.commandOffsets;
    for (let i = 0; i < v.commandCount; i++) {
        const c = i * v.commandStride;
        assert.equal(v.commandKinds[v.commands.getUint32(c + o.kind, true)], f.commands[i].kind);
        assert.equal(v.commands.getBigUint64(c + o.box, true), f.commands[i].box);
        assert.equal(v.commands.getFloat64(c + o.transform + 32, true), f.commands[i].transform.tx);
    }
    for (let i = 0; i < v.vertexCount; i++) {
        assert.equal(v.vertices[2 * i], f.vertices[i].x);
        assert.equal(v.vertices[2 * i + 1], f.vertices[i].y);
    }
    // The box command's translation: (250 - 100, 170 - 50).
    const k = f.commands.findIndex((c) => c.kind === 'box' && c.box === b.id);
    assert.equal(v.commands.getFloat64(k * v.commandStride + o.transform + 40, true), 120);
    // One more step: the view is the same object, refreshed, and shows the new position.
    e.pointer('move', 1, 260, 170, 0.3);
    const w = e.frameView();
    assert.equal(w, v);
    assert.equal(w.commands.getFloat64(k * w.commandStride + o.transform + 32, true), 160);
    e.pointer('up', 1, 260, 170, 0.4);
    e.close();
});
