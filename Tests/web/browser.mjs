// Headless Chromium over the DevTools protocol, from Node 20's WebSocket client (run node with
// --experimental-websocket): a static file server on 127.0.0.1, a browser on a temporary
// profile, one page, and a PNG reader for screenshots. Everything it starts, close() stops.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { inflateSync } from 'node:zlib';

const TYPES = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png' };

/** Serves the files under `root` on 127.0.0.1 (a free port); resolves to {url, close}. */
export function serve(root) {
    const server = createServer((req, res) => {
        const path = normalize(join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
        let file = path;
        try {
            if (!path.startsWith(root)) throw new Error('outside');
            if (statSync(file).isDirectory()) file = join(file, 'index.html');
            const body = readFileSync(file);
            res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
            res.end(body);
        } catch {
            res.writeHead(404);
            res.end();
        }
    });
    return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(done); }),
    })));
}

/** Starts headless Chromium on `url` (a window of width x height); resolves to a page: `send(method,
 * params)` a protocol call, `evaluate(expression)` its value (promises awaited), `errors` the
 * exceptions the page threw after `Runtime.enable`, `close()` (stops every Chromium process). */
export async function chromium(url, { width = 1000, height = 700, timeout = 30000 } = {}) {
    const profile = mkdtempSync(join(tmpdir(), 'grip-chromium-'));
    // Its own process group (detached), so that stopping it stops its renderer and utility
    // processes too: killing only the first process left them writing into the profile while it
    // was being removed. /dev/shm is small in containers; --disable-dev-shm-usage keeps Chromium's
    // shared memory in the temporary directory instead.
    const child = spawn('chromium', ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
        '--disable-extensions', '--disable-background-networking', '--disable-dev-shm-usage',
        '--remote-debugging-port=0', `--user-data-dir=${profile}`, `--window-size=${width},${height}`, url],
        { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const stop = async () => {
        try { process.kill(-child.pid, 'SIGKILL'); } catch { /* the group is gone already */ }
        await exited;
        // The group's last processes may still be closing files in the profile: a few tries, then
        // leave the temporary directory to the system rather than fail a test that passed.
        for (let i = 0; ; i++) {
            try { rmSync(profile, { recursive: true, force: true }); break; } catch (error) {
                if (i === 20) { console.warn(`# left ${profile}: ${error.message}`); break; }
                await new Promise((r) => setTimeout(r, 100));
            }
        }
    };
    try {
        const port = await new Promise((resolve, reject) => {
            let text = '';
            const timer = setTimeout(() => reject(new Error('chromium did not start')), timeout);
            child.stderr.on('data', (chunk) => {
                text += chunk;
                const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
                if (m) { clearTimeout(timer); resolve(Number(m[1])); }
            });
            child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`chromium exited (${code}): ${text.slice(-500)}`)); });
        });
        child.stderr.resume();
        let target;
        for (let i = 0; i < 100 && !target; i++) {
            const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
            target = list.find((t) => t.type === 'page');
            if (!target) await new Promise((r) => setTimeout(r, 100));
        }
        if (!target) throw new Error('no page target');
        const ws = new WebSocket(target.webSocketDebuggerUrl);
        await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = () => reject(new Error('websocket failed')); });
        let next = 1;
        const waiting = new Map();
        const errors = [];
        ws.onmessage = (m) => {
            const msg = JSON.parse(m.data);
            if (msg.method === 'Runtime.exceptionThrown') errors.push(msg.params.exceptionDetails.exception?.description ?? msg.params.exceptionDetails.text);
            const w = waiting.get(msg.id);
            if (!w) return;
            waiting.delete(msg.id);
            if (msg.error) w.reject(new Error(`${w.method}: ${msg.error.message}`)); else w.resolve(msg.result);
        };
        const send = (method, params = {}) => new Promise((resolve, reject) => {
            const id = next++;
            const timer = setTimeout(() => { waiting.delete(id); reject(new Error(`${method}: no answer`)); }, timeout);
            waiting.set(id, { method, resolve: (v) => { clearTimeout(timer); resolve(v); }, reject: (e) => { clearTimeout(timer); reject(e); } });
            ws.send(JSON.stringify({ id, method, params }));
        });
        const evaluate = async (expression) => {
            const r = await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
            if (r.exceptionDetails) throw new Error(`in page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
            return r.result.value;
        };
        return { send, evaluate, errors, close: async () => { try { ws.close(); } catch { /* closing anyway */ } await stop(); } };
    } catch (error) {
        await stop();
        throw error;
    }
}

/** The pixels of an 8-bit RGB or RGBA, non-interlaced PNG: {width, height, rgba(x, y)}. */
export function readPng(bytes) {
    let p = 8, width = 0, height = 0, channels = 0;
    const idat = [];
    while (p < bytes.length) {
        const n = bytes.readUInt32BE(p), type = bytes.toString('latin1', p + 4, p + 8), data = bytes.subarray(p + 8, p + 8 + n);
        if (type === 'IHDR') {
            width = data.readUInt32BE(0); height = data.readUInt32BE(4);
            if (data[8] !== 8 || data[12] !== 0 || (data[9] !== 2 && data[9] !== 6)) throw new Error('PNG: only 8-bit RGB(A), not interlaced');
            channels = data[9] === 6 ? 4 : 3;
        } else if (type === 'IDAT') idat.push(data);
        p += 12 + n;
    }
    const raw = inflateSync(Buffer.concat(idat)), stride = width * channels, px = new Uint8Array(height * stride);
    for (let y = 0; y < height; y++) {
        const filter = raw[y * (stride + 1)], line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
        for (let i = 0; i < stride; i++) {
            const a = i >= channels ? px[y * stride + i - channels] : 0, b = y > 0 ? px[(y - 1) * stride + i] : 0;
            const c = i >= channels && y > 0 ? px[(y - 1) * stride + i - channels] : 0;
            let v = line[i];
            if (filter === 1) v += a; else if (filter === 2) v += b; else if (filter === 3) v += (a + b) >> 1;
            else if (filter === 4) { const q = a + b - c, pa = Math.abs(q - a), pb = Math.abs(q - b), pc = Math.abs(q - c); v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
            px[y * stride + i] = v & 255;
        }
    }
    return { width, height, rgba: (x, y) => { const i = y * stride + x * channels; return [px[i], px[i + 1], px[i + 2], channels === 4 ? px[i + 3] : 255]; } };
}
