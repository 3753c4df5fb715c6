// A trap poisons the instance: the call that trapped throws GripError 'trapped' naming the
// function, and every later call throws the same without running. No input through grip.h traps
// grip.wasm, so the module here is a stand-in written byte by byte: the few exports load() and
// grip.new() call, grip_engine_create's body the `unreachable` instruction.
//   node --test Tests/wasm/test_binding_trap.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load } from '../../bindings/web/grip.mjs';

function trappingModule() {
    const leb = (n) => { const out = []; do { let b = n & 0x7f; n >>>= 7; if (n) b |= 0x80; out.push(b); } while (n); return out; };
    const vec = (items) => [...leb(items.length), ...items.flat()];
    const str = (s) => vec([...s].map((ch) => ch.charCodeAt(0)));
    const section = (id, body) => [id, ...leb(body.length), ...body];
    const I32 = 0x7f;
    const types = [[[], []], [[I32], [I32]], [[], [I32]], [[I32, I32], []], [[I32, I32], [I32]]];
    // name, type, body (after the empty locals vector)
    const functions = [
        ['_initialize', 0, []],
        ['malloc', 1, [0x41, ...leb(1024)]],             // i32.const 1024
        ['grip_version', 2, [0x41, ...leb(0x000300)]],   // 0.3.0
        // traps from its second call on (a global counts): what a call after the poisoning
        // would hit if it ran
        ['grip_engine_desc_init_sized', 3, [0x23, 0, 0x04, 0x40, 0x00, 0x0b, 0x41, 1, 0x24, 0]],
        ['grip_engine_create', 4, [0x00]],               // unreachable
    ];
    const bytes = [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
        ...section(1, vec(types.map(([p, r]) => [0x60, ...vec(p), ...vec(r)]))),
        ...section(3, vec(functions.map(([, t]) => [t]))),
        ...section(5, vec([[0x00, 1]])),
        ...section(6, vec([[I32, 1, 0x41, 0, 0x0b]])),
        ...section(7, vec([...functions.map(([n], i) => [...str(n), 0, i]), [...str('memory'), 2, 0]])),
        ...section(10, vec(functions.map(([, , body]) => { const b = [0, ...body, 0x0b]; return [...leb(b.length), ...b]; })))];
    return new WebAssembly.Module(new Uint8Array(bytes));
}

test('a trap poisons the instance: that call and every later one throw "trapped"', async () => {
    const grip = await load(trappingModule());
    assert.equal(grip.version, '0.3.0');
    assert.throws(() => grip.new({ width: 100, height: 100 }),
        (err) => err instanceof grip.GripError && err.status === 'trapped' && /grip_engine_create/.test(err.message) && /unusable/.test(err.message));
    // Had it run, grip.new's first call (grip_engine_desc_init_sized, now trapping) would name
    // itself; poisoned, nothing runs and the message is the first trap's.
    assert.throws(() => grip.new({}), (err) => err.status === 'trapped' && /grip_engine_create/.test(err.message) && !/desc_init/.test(err.message));
    // A fresh instance of the same module is not poisoned by the first one.
    const other = await load(trappingModule());
    assert.throws(() => other.new({}), (err) => err.status === 'trapped');
});
