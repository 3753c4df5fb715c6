// Runs a WASI command module (a C test program built for wasm32-wasi) under Node's WASI and exits
// with its status. A trap (the library's or the program's) is reported with its message and
// exits with status 70; the program's own output goes to this process's stdout and stderr.
//
//   node Tests/wasm/run_wasi.mjs PROGRAM.wasm [ARG...]
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import process from 'node:process';

const [program, ...args] = process.argv.slice(2);
if (!program) {
    console.error('usage: node Tests/wasm/run_wasi.mjs PROGRAM.wasm [ARG...]');
    process.exit(2);
}
// No environment and no preopened folders: the programs need neither. returnOnExit false: the
// program's exit (proc_exit) ends this process with its status at once, from inside the module.
// With returnOnExit true Node unwinds the module's stack with an exception, and Node 20's V8
// crashed doing so (SIGSEGV in HandlerTable::LookupRange) in about two runs of three of the ABI
// program, after it had printed its summary.
const wasi = new WASI({ version: 'preview1', args: [program, ...args], env: {}, returnOnExit: false });
let status = 0;
try {
    const module = await WebAssembly.compile(await readFile(program));
    // wasiImport rather than getImportObject(): Node 18 (Debian 12's) has only the former.
    const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport });
    wasi.start(instance); // returns only when the program returned without calling exit
} catch (error) {
    console.error(`${program}: trapped: ${error instanceof Error ? error.stack : error}`);
    status = 70;
}
process.exit(status);
