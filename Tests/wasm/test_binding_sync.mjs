// Node tests of the web binding's multiplayer calls and the selection's constraint: keys
// (b.key, b.setKey, e.find), the change feed (feedEnable, feedRead, feedLive), remoteApply between
// two engines that end with the same saved scene, and setSelectionConstraint with the numbers of
// grip.h's rule (the Lua suite's test_selection_constraint.lua, in JavaScript).
//   GRIP_WASM=.build-wasm/release/grip.wasm node --test Tests/wasm/test_*.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load } from '../../bindings/web/grip.mjs';

const grip = await load(process.env.GRIP_WASM);
const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} is not ${b}`);
const key = (peer, n) => (BigInt(peer) << 32n) | BigInt(n);

// A drag from (x0, y0) by (dx, dy) in 10 steps, 20 ms apart, starting at time t.
function drag(e, x0, y0, dx, dy, t = e.time()) {
    e.pointer('down', 1, x0, y0, t);
    for (let k = 1; k <= 10; k++) e.pointer('move', 1, x0 + dx * k / 10, y0 + dy * k / 10, t + 0.02 * k);
    e.pointer('up', 1, x0 + dx, y0 + dy, t + 0.25);
}

test('keys: the peer in the high 32 bits and the count in the low; find; a host key', () => {
    const e = grip.new({ width: 800, height: 600, peer: 5 });
    const x = e.box({ x: 100, y: 100, width: 40, height: 40 });
    const y = e.box({ x: 300, y: 100, width: 40, height: 40 });
    assert.equal(x.key(), 21474836481n);  // 5 * 2^32 + 1
    assert.equal(y.key(), key(5, 2));
    assert.equal(e.find(key(5, 1)), x);
    assert.equal(e.find(21474836482), y, 'a safe integer finds it too');
    assert.equal(e.find(77n), null);
    assert.throws(() => y.setKey(x.key()), (err) => err.status === 'err_state', 'a key in use');
    assert.throws(() => y.setKey(0n), (err) => err.status === 'err_arg', 'key 0');
    assert.throws(() => y.setKey(-1), (err) => err.status === 'err_arg');
    assert.throws(() => e.find('one'), (err) => err.status === 'err_arg');
    // The largest key fits: 2^64 - 1.
    y.setKey(2n ** 64n - 1n);
    assert.equal(y.key(), 18446744073709551615n);
    assert.equal(e.find(2n ** 64n - 1n), y);
    assert.equal(e.find(key(5, 2)), null, 'the old key is free');
    // Keys survive undo and scene files.
    e.record(() => x.destroy());
    assert.equal(e.find(key(5, 1)), null);
    e.undo();
    const back = e.find(key(5, 1));
    assert.ok(back !== null && back.state().center.x === 120);
    const f = grip.new({ width: 800, height: 600, peer: 9 });
    f.load(e.save());
    assert.deepEqual(f.boxes().map((b) => b.key()).sort(), [key(5, 1), 2n ** 64n - 1n].sort());
    e.close();
    f.close();
});

test('the feed: creations, a drag at its commit, an undo; lost changes past the limit', () => {
    const e = grip.new({ width: 800, height: 600, peer: 5 });
    assert.deepEqual(e.feedRead(), { changes: [], lost: false }, 'off: nothing');
    e.feedEnable(100);
    const x = e.box({ x: 100, y: 100, width: 40, height: 40, userData: 9 });
    const created = e.feedRead();
    assert.equal(created.lost, false);
    assert.equal(created.changes.length, 1);
    const c0 = created.changes[0];
    assert.equal(c0.kind, 'created');
    assert.equal(c0.origin, 'host');
    assert.equal(c0.key, key(5, 1));
    assert.equal(c0.parentKey, 0n);
    assert.deepEqual(c0.fields, ['center', 'size', 'rotation', 'scale', 'flip', 'parent', 'order', 'behavior']);
    assert.equal(c0.desc.userData, 9n);
    assert.equal('parent' in c0.desc, false);
    assert.equal('parent' in c0.after, false);
    assert.deepEqual(c0.after.center, { x: 120, y: 120 });
    // A drag of 30 to the right reaches the feed once, at the pointer's up.
    e.pointer('down', 1, 120, 120, 0);
    e.pointer('move', 1, 150, 120, 0.1);
    assert.equal(e.feedRead().changes.length, 0, 'nothing during the drag');
    e.pointer('up', 1, 150, 120, 0.2);
    const moved = e.feedRead().changes;
    assert.equal(moved.length, 1);
    assert.equal(moved[0].kind, 'changed');
    assert.equal(moved[0].origin, 'gesture');
    assert.equal(moved[0].gesture, 'move');
    assert.deepEqual(moved[0].fields, ['center']);
    assert.equal(moved[0].before.center.x, 120);
    assert.equal(moved[0].after.center.x, 150);
    e.undo();
    const undone = e.feedRead().changes;
    assert.equal(undone.length, 1);
    assert.equal(undone[0].origin, 'undo');
    assert.equal(undone[0].after.center.x, 120);
    // More than one batch (32) comes out in order: 70 boxes.
    for (let i = 0; i < 70; i++) e.box({ x: i, y: 300, width: 10, height: 10 });
    const many = e.feedRead();
    assert.equal(many.changes.length, 70);
    assert.deepEqual(many.changes.map((ch) => ch.key), Array.from({ length: 70 }, (_, i) => key(5, i + 2)));
    // A limit of 3: the fourth and fifth changes are lost, and the read says so once.
    e.feedEnable(3);
    for (let i = 0; i < 5; i++) x.configure({ minWidth: i + 1 });
    const few = e.feedRead();
    assert.equal(few.changes.length, 3);
    assert.equal(few.lost, true);
    assert.deepEqual(few.changes.map((ch) => ch.desc.minWidth), [1, 2, 3]);
    assert.equal(e.feedRead().lost, false);
    assert.throws(() => e.feedEnable(-1), (err) => err.status === 'err_arg');
    assert.throws(() => e.feedEnable(2 ** 20 + 1), (err) => err.status === 'err_arg');
    // Off: unread changes are dropped.
    x.configure({ minWidth: 9 });
    e.feedEnable(0);
    assert.equal(e.feedRead().changes.length, 0);
    e.close();
});

test('the live feed: the box a drag drives, where it is now; null when nothing changed', () => {
    const e = grip.new({ width: 800, height: 600, peer: 3 });
    e.box({ x: 100, y: 100, width: 40, height: 40 });
    const live0 = e.feedLive();
    assert.ok(live0 === null || live0.length === 0, 'no gesture: nothing');
    e.pointer('down', 1, 120, 120, 0);
    e.pointer('move', 1, 150, 130, 0.1);
    const live = e.feedLive();
    assert.equal(live.length, 1);
    assert.equal(live[0].key, key(3, 1));
    assert.equal(live[0].parentKey, 0n);
    assert.equal(live[0].gesture, 'move');
    assert.deepEqual(live[0].geometry.center, { x: 150, y: 130 });
    assert.equal(live[0].geometry.width, 40);
    assert.equal(e.feedLive(), null, 'unchanged since the last call');
    e.pointer('move', 1, 160, 130, 0.15);
    assert.deepEqual(e.feedLive()[0].geometry.center, { x: 160, y: 130 });
    e.pointer('up', 1, 160, 130, 0.2);
    assert.deepEqual(e.feedLive(), [], 'the gesture ended');
    assert.equal(e.feedLive(), null);
    e.close();
});

test('two engines syncing through feedRead and remoteApply end with the same scene', () => {
    const a = grip.new({ width: 1000, height: 1000, peer: 5, selection: 'pointer' });
    const b = grip.new({ width: 1000, height: 1000, peer: 6, selection: 'pointer' });
    a.feedEnable();
    b.feedEnable();
    const sent = { a: 0, b: 0 };
    // Each engine's new changes to the other, in turn.
    const exchange = () => {
        const fromA = a.feedRead(), fromB = b.feedRead();
        assert.equal(fromA.lost || fromB.lost, false);
        assert.equal(b.remoteApply(fromA.changes), fromA.changes.length);
        assert.equal(a.remoteApply(fromB.changes), fromB.changes.length);
        sent.a += fromA.changes.length;
        sent.b += fromB.changes.length;
        assert.equal(a.feedRead().changes.length + b.feedRead().changes.length, 0, 'nothing echoed');
    };
    // Creations one peer at a time (two peers creating top-level boxes at once each put their
    // own first: ordering concurrent changes is the sync engine's business, not the apply's).
    const p = a.box({ x: 100, y: 100, width: 400, height: 300, userData: 1 });
    a.box({ parent: p, x: 20, y: 20, width: 100, height: 50, minWidth: 30, userData: 2 });
    exchange();
    b.box({ x: 600, y: 600, width: 100, height: 100, rotation: 0.5, userData: 3 });
    exchange();
    assert.equal(a.boxes().length, 3);
    assert.equal(b.save(), a.save(), 'after the creations');
    // a's child as b sees it: same key, same parent key, same place.
    const childOnB = b.find(key(5, 2));
    assert.equal(childOnB.describe().parent, b.find(key(5, 1)));
    assert.equal(childOnB.describe().minWidth, 30);
    // b drags a's parent box by (50, 25); a resizes b's box by its configure; a reorders.
    drag(b, 300, 250, 50, 25, 1);
    assert.deepEqual(b.find(key(5, 1)).state().center, { x: 350, y: 275 });
    a.find(key(6, 1)).configure({ width: 200, snapTolerance: 4 });
    a.find(key(6, 1)).order('back');
    exchange();
    assert.deepEqual(a.find(key(5, 1)).state().center, { x: 350, y: 275 }, 'b\'s drag on a');
    assert.equal(b.find(key(6, 1)).describe().width, 200, 'a\'s configure on b');
    assert.equal(b.boxes()[0], b.find(key(6, 1)), 'a\'s reorder on b');
    assert.equal(b.save(), a.save(), 'after the edits');
    // a's undo of its own configure and reorder; b destroys a's child; b re-parents its box.
    a.undo();
    b.find(key(5, 2)).destroy();
    b.find(key(6, 1)).configure({ parent: b.find(key(5, 1)) });
    exchange();
    assert.equal(a.find(key(5, 2)), null, 'b\'s destroy on a');
    assert.equal(a.find(key(6, 1)).describe().parent, a.find(key(5, 1)), 'b\'s re-parent on a');
    assert.equal(b.save(), a.save(), 'after undo, destroy and re-parent');
    assert.ok(sent.a >= 4 && sent.b >= 4, JSON.stringify(sent));
    a.close();
    b.close();
});

test('a late joiner takes the whole history; bad changes throw naming their index', () => {
    const a = grip.new({ width: 800, height: 600, peer: 5 });
    const late = grip.new({ width: 800, height: 600, peer: 7 });
    a.feedEnable();
    const log = [];
    const x = a.box({ x: 10, y: 10, width: 50, height: 50 });
    x.setKey(1234n);  // while its CREATED change is unread: the change carries the new key
    for (let i = 0; i < 5; i++) drag(a, 35 + 20 * i, 35, 20, 0, i);
    log.push(...a.feedRead().changes);
    assert.equal(log[0].key, 1234n);
    assert.throws(() => x.setKey(99n), (err) => err.status === 'err_state', 'after its creation went out');
    assert.equal(log.length, 6);
    assert.equal(late.remoteApply(log), 6);
    assert.deepEqual(late.find(1234n).state().center, { x: 135, y: 35 });
    assert.equal(late.save(), a.save());
    // A bad kind and an unknown field are the binding's; key 0 is the library's, after the
    // first change was applied.
    assert.throws(() => late.remoteApply([{ kind: 'sideways', key: 1n }]), (err) => err.status === 'err_arg' && /change 0: kind/.test(err.message));
    assert.throws(() => late.remoteApply([{ kind: 'changed', key: 1n, colour: 'red' }]), (err) => /change 0: unknown field 'colour'/.test(err.message));
    assert.throws(() => late.remoteApply([{ kind: 'changed', key: 1234n, fields: ['center'], after: { parent: 0n, center: { x: 1, y: 1 } } }]), (err) => err.status === 'err_arg');
    const moveTo = (x0) => ({ kind: 'changed', key: 1234n, fields: ['center'], after: { center: { x: x0, y: 35 }, width: 50, height: 50, scale: 1 } });
    assert.throws(() => late.remoteApply([moveTo(200), { kind: 'changed', key: 0n, fields: ['center'] }]),
        (err) => err.status === 'err_arg' && /change 1/.test(err.message) && err.applied === 1);
    assert.deepEqual(late.find(1234n).state().center, { x: 200, y: 35 }, 'the change before the bad one stays applied');
    assert.equal(late.feedRead().changes.length, 0, 'remote changes are not in the feed');
    assert.deepEqual(late.history(), { undo: 0, redo: 0 }, 'nor in the history');
    assert.throws(() => late.remoteApply('all'), (err) => err.status === 'err_arg');
    assert.equal(late.remoteApply([]), 0);
    a.close();
    late.close();
});

test('the selection constraint keeps the selection inside the page, refuses, fails, goes', () => {
    const e = grip.new({ width: 800, height: 600, selection: 'off' });
    // x 100..200 and 300..400, y 100..150: the selection frame spans x 100..400 (centre 250).
    const a = e.box({ x: 100, y: 100, width: 100, height: 50 });
    const b = e.box({ x: 300, y: 100, width: 100, height: 50 });
    e.select(a);
    e.select(b, 'add');
    e.events();
    let calls = 0, seen = null;
    e.setSelectionConstraint((p, before) => {
        calls++;
        seen ??= { px: p.center.x, before };
        if (p.width === before.width) {  // a move: shifted back inside
            return { center: { x: Math.max(p.width / 2, Math.min(800 - p.width / 2, p.center.x)),
                y: Math.max(p.height / 2, Math.min(600 - p.height / 2, p.center.y)) } };
        }
        const left = p.center.x - p.width / 2, right = Math.min(800, p.center.x + p.width / 2);
        return { center: { x: (left + right) / 2, y: p.center.y }, width: right - left };
    });
    // Dragged 300 left from b: the frame would span -200..100; shifted back to 0..300.
    e.pointer('down', 1, 350, 125, 1.0);
    e.pointer('move', 1, 50, 125, 1.1);
    e.pointer('up', 1, 50, 125, 1.2);
    assert.equal(calls, 1);
    assert.deepEqual([seen.before.center.x, seen.before.width, seen.before.height], [250, 300, 50]);
    assert.equal('parent' in seen.before, false);
    assert.equal(seen.px, -50);
    assert.equal(a.state().center.x, 50);
    assert.equal(b.state().center.x, 250);
    // The frame (x 0..300) stretched by its right edge to x 1100, clipped at 800: 8/3 as wide.
    e.pointer('down', 1, 300, 125, 2.0);
    e.pointer('move', 1, 1100, 125, 2.1);
    e.pointer('up', 1, 1100, 125, 2.2);
    near(a.state().width, 800 / 3, 'a\'s width');
    near(a.state().center.x, 400 / 3, 'a\'s centre');
    near(b.state().center.x, 2000 / 3, 'b\'s centre, its right edge on 800');
    assert.equal(a.state().height, 50);
    assert.ok(e.undo());
    // A nudge left at the edge is held there.
    e.key('down', 'left', 3.0);
    e.key('up', 'left', 3.05);
    assert.equal(a.state().center.x, 50);
    // false refuses.
    e.setSelectionConstraint(() => false);
    drag(e, 250, 125, 50, 0, 5);
    assert.equal(b.state().center.x, 250);
    // A throw refuses every step, with one script_error for the selection.
    e.setSelectionConstraint(() => { throw new Error('no frames today'); });
    e.events();
    drag(e, 250, 125, 60, 0, 6);
    const errors = e.events().filter((ev) => ev.kind === 'script_error');
    assert.equal(errors.length, 1);
    assert.equal(errors[0].box, 'selection');
    assert.match(errors[0].message, /no frames today/);
    assert.equal(b.state().center.x, 250);
    // A call back into the engine from inside is refused, the step with it.
    e.setSelectionConstraint((p) => { e.select(null); return p; });
    drag(e, 250, 125, 10, 0, 7);
    assert.equal(e.selection().length, 2);
    assert.equal(b.state().center.x, 250);
    // Removed: the drag goes through as proposed.
    e.setSelectionConstraint(null);
    drag(e, 250, 125, 40, 0, 8);
    assert.equal(b.state().center.x, 290);
    assert.throws(() => e.setSelectionConstraint(42), (err) => err.status === 'err_arg');
    e.close();
});

test('presence: another peer\'s selection, live box and pointer in the frame; removal', () => {
    const e = grip.new({ width: 800, height: 600, peer: 1 });
    // A 100 x 50 box with its top-left corner at (100, 100); the view shifts everything by
    // (10, 20) on screen.
    const b = e.box({ x: 100, y: 100, width: 100, height: 50 });
    e.setView({ tx: 10, ty: 20 });
    e.peerSet({ peer: 7, color: 3, selection: [b.key(), 999n], pointer: { x: 400, y: 300 },
        live: [{ key: b.key(), gesture: 'move', geometry: { center: { x: 300, y: 200 }, width: 100, height: 50, scale: 1 } }] });
    const f = e.frame();
    const kinds = f.commands.map((c) => c.kind);
    // After the box, before any local overlay: the outline (999 is no live box's key: nothing),
    // the live box, the cursor.
    assert.deepEqual(kinds, ['box', 'peer_outline', 'peer_live', 'peer_cursor']);
    const [outline, live, cursor] = f.commands.slice(1);
    for (const c of [outline, live, cursor]) {
        assert.equal(c.peer, 7);
        assert.equal(c.userData, 3n);
    }
    assert.equal(outline.box, b);
    const corners = (c) => f.vertices.slice(c.firstVertex, c.firstVertex + c.vertexCount);
    assert.deepEqual(corners(outline), [{ x: 110, y: 120 }, { x: 210, y: 120 }, { x: 210, y: 170 }, { x: 110, y: 170 }]);
    // The live box where the peer's gesture has it: centre (300, 200), on screen (310, 220).
    assert.deepEqual(corners(live), [{ x: 260, y: 195 }, { x: 360, y: 195 }, { x: 360, y: 245 }, { x: 260, y: 245 }]);
    assert.deepEqual([live.transform.tx, live.transform.ty, live.width, live.height], [260, 195, 100, 50]);
    assert.deepEqual(cursor.center, { x: 410, y: 320 });
    // The document did not change: the box, the feed, the history.
    assert.deepEqual(b.state().center, { x: 150, y: 125 });
    assert.deepEqual(e.history(), { undo: 0, redo: 0 });
    // What a feedLive gives goes straight in; no pointer, no cursor.
    const other = grip.new({ width: 800, height: 600, peer: 7 });
    other.load(e.save());
    other.pointer('down', 1, 150, 125, 0);
    other.pointer('move', 1, 180, 125, 0.1);
    e.peerSet({ peer: 7, color: 3, live: other.feedLive() });
    const f2 = e.frame();
    assert.deepEqual(f2.commands.map((c) => c.kind), ['box', 'peer_live']);
    assert.deepEqual(f2.commands[1].transform.tx, 140);  // 180 - 50 + 10
    // Refusals change nothing: peer 0, this engine's own id, a bad pointer, an unknown field.
    assert.throws(() => e.peerSet({ peer: 0 }), (err) => err.status === 'err_arg');
    assert.throws(() => e.peerSet({ peer: 1 }), (err) => err.status === 'err_arg');
    assert.throws(() => e.peerSet({ peer: 7, pointer: { x: NaN, y: 0 } }), (err) => err.status === 'err_arg');
    assert.throws(() => e.peerSet({ peer: 7, colour: 2 }), (err) => err.status === 'err_arg' && /colour/.test(err.message));
    assert.throws(() => e.peerSet({ peer: 7, selection: new Array(4097).fill(1n) }), (err) => err.status === 'err_limit');
    assert.deepEqual(e.frame().commands.map((c) => c.kind), ['box', 'peer_live'], 'as before');
    assert.equal(e.peerRemove(7), true);
    assert.deepEqual(e.frame().commands.map((c) => c.kind), ['box']);
    assert.equal(e.peerRemove(7), false, 'not known any more');
    e.close();
    other.close();
});
