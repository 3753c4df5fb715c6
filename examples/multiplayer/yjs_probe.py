#!/usr/bin/env python3
"""A loopback probe of Yjs sync for Grip: a pycrdt-websocket server on 127.0.0.1 and two client
processes, each an editor with its own Grip engine. Each client drags a box in its engine and
writes the committed geometry (the COMMITTED event's change) into the shared Y map "boxes" under
its own key; once both keys are there, each client builds a scene from the map in a fresh engine
and prints the saved scene. The probe passes when both clients print the same scene, holding
both boxes where their drags left them.

    python3 examples/multiplayer/yjs_probe.py          # run the probe (exit 0: they synced)

Needs the grip package and pycrdt, pycrdt-websocket, hypercorn and httpx-ws (pip install).
Every process it starts is stopped before it returns, and it stops by itself (30 s at most).
"""
import json
import os
import signal
import socket
import subprocess
import sys
import time

ROOM = "grip-probe"
DRAGS = {"a": 30, "b": 70}  # client name -> how far (x) its drag moves its box


def serve(port: int) -> None:
    import anyio
    from hypercorn import Config
    from hypercorn.asyncio import serve as hypercorn_serve
    from pycrdt.websocket import ASGIServer, WebsocketServer

    async def stopped():  # SIGTERM (what the probe sends) stops the server cleanly
        with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
            async for _ in signals:
                return

    async def main():
        server = WebsocketServer()
        config = Config()
        config.bind = [f"127.0.0.1:{port}"]
        config.loglevel = "WARNING"
        async with anyio.create_task_group() as tg:
            await tg.start(server.start)
            # The room starts before any client connects: two first clients at once would each
            # start it, and the second one's connection fails ("YRoom already running").
            await server.get_room("/" + ROOM)
            await hypercorn_serve(ASGIServer(server), config, mode="asgi", shutdown_trigger=stopped)
            await server.stop()

    anyio.run(main)


def client(port: int, name: str) -> None:
    import anyio
    import grip
    from httpx_ws import aconnect_ws
    from pycrdt import Doc, Map, Provider
    from pycrdt.websocket.websocket import HttpxWebsocket

    # The local edit: a drag in this editor's engine; its committed change is what gets shared.
    e = grip.Engine(width=1000, height=800)
    e.box(x=0, y=0, width=100, height=50)
    e.drag((50, 25), (50 + DRAGS[name], 25))
    (change,) = next(ev for ev in e.events() if ev.kind == "committed").changes
    after = change.after
    shared = {"x": after["center"].x - after["width"] / 2, "y": after["center"].y - after["height"] / 2,
              "width": after["width"], "height": after["height"]}

    async def main():
        async with aconnect_ws(f"http://127.0.0.1:{port}/{ROOM}") as ws:
            doc = Doc()
            boxes = doc.get("boxes", type=Map)
            async with Provider(doc, HttpxWebsocket(ws, ROOM)):
                boxes[name] = json.dumps(shared, sort_keys=True)
                with anyio.fail_after(15):
                    while len(boxes) < len(DRAGS):
                        await anyio.sleep(0.02)
                return {k: json.loads(boxes[k]) for k in sorted(boxes.keys())}

    entries = anyio.run(main)
    # Both clients build the scene as the same peer, so the keys its boxes get are the same too.
    scene = grip.Engine(width=1000, height=800, peer=1)
    for key in sorted(entries):
        scene.box(**entries[key])
    print(scene.save(), end="")


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


def probe() -> int:
    port = free_port()
    me = os.path.abspath(__file__)
    procs = []
    try:
        server = subprocess.Popen([sys.executable, me, "serve", str(port)])
        procs.append(server)
        if not wait_for(port, 10):
            print("yjs_probe: the server did not start", file=sys.stderr)
            return 1
        clients = [subprocess.Popen([sys.executable, me, "client", str(port), n], stdout=subprocess.PIPE, text=True)
                   for n in DRAGS]
        procs += clients
        outs = [c.communicate(timeout=30)[0] for c in clients]
        if any(c.returncode != 0 for c in clients):
            print("yjs_probe: a client failed", file=sys.stderr)
            return 1
        if outs[0] != outs[1]:
            print("yjs_probe: the clients' scenes differ:\n" + outs[0] + "\n---\n" + outs[1], file=sys.stderr)
            return 1
        boxes = json.loads(outs[0])["boxes"]
        xs = sorted(b["x"] for b in boxes)
        if xs != sorted(float(d) for d in DRAGS.values()):
            print(f"yjs_probe: boxes at x = {xs}, expected {sorted(DRAGS.values())}", file=sys.stderr)
            return 1
        print(f"yjs_probe: {len(clients)} clients synced one Y map over ws://127.0.0.1:{port}; "
              f"identical scenes with boxes at x = {', '.join(f'{x:g}' for x in xs)}")
        return 0
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()


if __name__ == "__main__":
    if sys.argv[1:2] == ["serve"]:
        serve(int(sys.argv[2]))
    elif sys.argv[1:2] == ["client"]:
        client(int(sys.argv[2]), sys.argv[3])
    elif len(sys.argv) == 1:
        sys.exit(probe())
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
