#!/usr/bin/env python3
"""The multi-process sync test (scripts/test python): a loopback pycrdt-websocket server (a port
the OS picks) and three editor processes (multiplayer.py edit) making seeded random concurrent
edits; editor c is killed with SIGKILL after a few steps and started again (a fresh engine with a
new peer id: it catches up from the document and edits on); once the editors settle, their saved
scenes must be byte-identical and non-empty, and a late joiner (multiplayer.py join) that loads the
document must save the same bytes. Every process runs in its own process group, killed whole in a
finally; the test stops itself (a deadline of 90 s).

    python3 examples/multiplayer/sync_test.py [SEED]      # exit 0: all scenes identical
"""
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "multiplayer.py")
DEADLINE = 90.0
STEPS = 40


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.05)
    return False


def main(seed: int) -> int:
    start = time.monotonic()
    procs = []

    def spawn(*args):
        p = subprocess.Popen([sys.executable, SCRIPT, *map(str, args)], stdout=subprocess.PIPE, text=True,
                             start_new_session=True)
        procs.append(p)
        return p

    def left() -> float:
        return max(1.0, DEADLINE - (time.monotonic() - start))

    with tempfile.TemporaryDirectory() as tmp:
        out = {n: os.path.join(tmp, n + ".json") for n in ("a", "b", "c", "late")}
        try:
            port = free_port()
            spawn("serve", port)
            if not wait_for(port, 15):
                print("sync_test: the server did not start", file=sys.stderr)
                return 1
            expect = "a,b,c2"
            editors = {n: spawn("edit", port, n, peer, seed * 10 + peer, STEPS, out[n[0]], expect)
                       for n, peer in (("a", 1), ("b", 2), ("c", 3))}
            # c is killed in the middle of its session, after its fifth step
            c = editors.pop("c")
            for line in c.stdout:
                if line.strip() == "step 5":
                    break
            os.killpg(c.pid, signal.SIGKILL)
            c.wait()
            editors["c2"] = spawn("edit", port, "c2", 13, seed * 10 + 13, STEPS // 2, out["c"], expect)
            results = {}
            for n, p in editors.items():
                text = p.communicate(timeout=left())[0]
                if p.returncode != 0:
                    print(f"sync_test: editor {n} failed (status {p.returncode})", file=sys.stderr)
                    return 1
                results[n] = text
            late = spawn("join", port, out["late"])
            joined = late.communicate(timeout=left())[0].strip()
            if late.returncode != 0:
                print("sync_test: the late joiner failed", file=sys.stderr)
                return 1
            scenes = {n: open(path).read() for n, path in out.items()}
            if len(set(scenes.values())) != 1:
                names = sorted(scenes)
                for n in names:
                    print(f"--- {n}\n{scenes[n]}", file=sys.stderr)
                print("sync_test: the saved scenes differ", file=sys.stderr)
                return 1
            import json
            boxes = len(json.loads(scenes["a"])["boxes"])
            if boxes == 0:
                print("sync_test: the scene is empty", file=sys.stderr)
                return 1
            seen = [r.strip().splitlines()[-1] for r in results.values()]
            print(f"sync_test: seed {seed}: 3 editors ({STEPS} steps each, c killed at step 5 and restarted), "
                  f"identical scenes of {boxes} boxes from a, b, c and the late joiner ({joined}); "
                  f"{', '.join(seen)}; {time.monotonic() - start:.1f} s")
            return 0
        except subprocess.TimeoutExpired:
            print("sync_test: timed out", file=sys.stderr)
            return 1
        finally:
            for p in procs:
                if p.poll() is None:
                    try:
                        os.killpg(p.pid, signal.SIGTERM)
                        p.wait(timeout=5)
                    except (ProcessLookupError, subprocess.TimeoutExpired):
                        try:
                            os.killpg(p.pid, signal.SIGKILL)
                        except ProcessLookupError:
                            pass
                        p.wait()


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
