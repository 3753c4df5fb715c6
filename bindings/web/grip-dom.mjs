// DOM input for Grip: one call wires a canvas to an engine (grip.mjs). No dependencies.
//
//   const detach = attach(engine, canvas, { onFrame: () => renderer.draw(engine) });
//
// - Pointer events (mouse, pen and touch alike) go to e.pointer with the event's pointerId, each
//   coalesced move on its own (getCoalescedEvents), the pointer captured on down so that a drag
//   leaving the canvas goes on. Two fingers on a box pinch and rotate it: Grip takes several
//   pointer ids. The canvas gets `touch-action: none`.
// - Coordinates are CSS pixels from the canvas's top-left corner: the engine's screen units. The
//   renderer multiplies by devicePixelRatio. `view` ({a, b, c, d, tx, ty}) is the engine's view
//   (world -> screen): a plain wheel pans it, ctrl+wheel (a trackpad pinch) is a magnify gesture
//   on what is under the pointer, ending 150 ms after the last wheel event.
// - Keys (arrows, Escape, Tab, Shift, Alt, Control, Meta) go to e.key while the canvas has focus.
// - The clock is performance.now() / 1000, never decreasing. Each animation frame calls
//   e.tick(now) and then onFrame(now).

const MODS = [];
for (let bits = 0; bits < 16; bits++) {
    MODS.push(Object.freeze(['shift', 'alt', 'ctrl', 'meta'].filter((_, i) => bits & (1 << i))));
}
/** The modifier list of a DOM event (one shared frozen array per combination: no allocation). */
export const modsOf = (ev) => MODS[(ev.shiftKey ? 1 : 0) | (ev.altKey ? 2 : 0) | (ev.ctrlKey ? 4 : 0) | (ev.metaKey ? 8 : 0)];

const KEYS = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down', Escape: 'escape',
    Tab: 'tab', Shift: 'shift', Alt: 'alt', Control: 'ctrl', Meta: 'meta' };

/** Wires `canvas` to `engine`; returns a function that unwires it. Options: `onFrame(time)` after
 * each animation frame's tick, `onError(error)` for a refused event (default: console.warn),
 * `wheelPan` (true), `animate` (true: the requestAnimationFrame loop). */
export function attach(engine, canvas, options = {}) {
    const onFrame = options.onFrame ?? (() => {});
    const onError = options.onError ?? ((error) => console.warn('grip:', error.message));
    let last = 0;
    const now = () => {
        const t = performance.now() / 1000;
        if (t > last) last = t;
        return last;
    };
    let rect = canvas.getBoundingClientRect();
    const updateRect = () => { rect = canvas.getBoundingClientRect(); };
    const safely = (fn) => { try { return fn(); } catch (error) { onError(error); return false; } };
    const down = new Set();

    canvas.style.touchAction = 'none';
    if (!canvas.hasAttribute('tabindex')) canvas.tabIndex = 0;

    const send = (phase, ev, t) => safely(() => engine.pointer(phase, ev.pointerId, ev.clientX - rect.left, ev.clientY - rect.top, t, modsOf(ev)));
    const onDown = (ev) => {
        updateRect();
        canvas.focus({ preventScroll: true });
        canvas.setPointerCapture?.(ev.pointerId);
        down.add(ev.pointerId);
        send('down', ev, now());
        ev.preventDefault();
    };
    const onMove = (ev) => {
        const t = now();
        if (!down.has(ev.pointerId)) { send('move', ev, t); return; }  // hover
        const list = ev.getCoalescedEvents ? ev.getCoalescedEvents() : null;
        if (list && list.length > 1) for (let i = 0; i < list.length; i++) send('move', list[i], t);
        else send('move', ev, t);
    };
    const onUp = (ev) => {
        if (!down.delete(ev.pointerId)) return;
        send(ev.type === 'pointercancel' ? 'cancel' : 'up', ev, now());
        canvas.releasePointerCapture?.(ev.pointerId);
    };
    // Hover leaving the canvas: Grip sees the pointer leave as a move far away.
    const onLeave = (ev) => { if (!down.has(ev.pointerId) && ev.pointerType === 'mouse') safely(() => engine.pointer('move', ev.pointerId, -1e6, -1e6, now())); };

    let magnify = 0, magnifyTimer = 0, magnifyAt = { x: 0, y: 0 };
    const onWheel = (ev) => {
        ev.preventDefault();
        updateRect();
        const t = now();
        if (ev.ctrlKey) {
            const x = ev.clientX - rect.left, y = ev.clientY - rect.top;
            if (!magnify) { magnify = 1; magnifyAt = { x, y }; safely(() => engine.magnify('down', 1, x, y, t)); }
            magnify *= Math.exp(-ev.deltaY / 100);
            safely(() => engine.magnify('move', magnify, magnifyAt.x, magnifyAt.y, t));
            clearTimeout(magnifyTimer);
            magnifyTimer = setTimeout(() => {
                safely(() => engine.magnify('up', magnify, magnifyAt.x, magnifyAt.y, now()));
                magnify = 0;
            }, 150);
        } else if (options.wheelPan !== false) {
            const v = engine.view();
            safely(() => engine.setView({ ...v, tx: v.tx - ev.deltaX, ty: v.ty - ev.deltaY }));
        }
    };
    const onKey = (ev) => {
        const key = KEYS[ev.key];
        if (!key) return;
        if (key !== 'tab') ev.preventDefault();
        safely(() => engine.key(ev.type === 'keydown' ? 'down' : 'up', key, now(), modsOf(ev)));
    };

    const listeners = [['pointerdown', onDown], ['pointermove', onMove], ['pointerup', onUp], ['pointercancel', onUp],
        ['pointerleave', onLeave], ['wheel', onWheel, { passive: false }], ['keydown', onKey], ['keyup', onKey]];
    for (const [type, fn, opts] of listeners) canvas.addEventListener(type, fn, opts);
    window.addEventListener('resize', updateRect);
    window.addEventListener('scroll', updateRect, true);

    let raf = 0;
    const frame = () => {
        const t = now();
        safely(() => engine.tick(t));
        onFrame(t);
        raf = requestAnimationFrame(frame);
    };
    if (options.animate !== false) raf = requestAnimationFrame(frame);

    return () => {
        cancelAnimationFrame(raf);
        clearTimeout(magnifyTimer);
        for (const [type, fn, opts] of listeners) canvas.removeEventListener(type, fn, opts);
        window.removeEventListener('resize', updateRect);
        window.removeEventListener('scroll', updateRect, true);
    };
}
