#!/usr/bin/env python3
"""Grip over Yjs: a pycrdt-websocket server on 127.0.0.1 and headless editors, each a Grip engine
kept in one shared Y document by grip.yjs.YjsAdapter. An editor makes seeded random edits the way
a user would (pointer drags, creates, destroys, re-parents, undo and redo), pulling the other
editors' changes in between, also in the middle of its drags; its presence (selection, pointer,
the live geometry of its drag) goes through Yjs awareness.

    python3 multiplayer.py serve PORT                       # the server (until SIGTERM)
    python3 multiplayer.py edit PORT NAME PEER SEED STEPS OUT EXPECT
        # an editor: STEPS random edits, then it marks NAME done in the document, waits until
        # every name of EXPECT (comma-separated) is done and the document is quiet, and writes its
        # saved scene to OUT
    python3 multiplayer.py join PORT OUT                    # a late joiner: loads and saves

sync_test.py runs a server, three editors, a SIGKILL and restart, and a late joiner.
"""
import random
import signal
import sys
import time

ROOM = "grip-scene"
WIDTH, HEIGHT = 1000, 800


def serve(port: int) -> None:
    import anyio
    from hypercorn import Config
    from hypercorn.asyncio import serve as hypercorn_serve
    from pycrdt.websocket import ASGIServer, WebsocketServer

    async def stopped():
        with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
            async for _ in signals:
                return

    async def main():
        server = WebsocketServer(auto_clean_rooms=False)  # the room's document outlives its clients
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


def _provider_class():
    """A pycrdt Provider that also carries awareness messages both ways."""
    from pycrdt import Provider, YMessageType, create_awareness_message, read_message

    class AwareProvider(Provider):
        def __init__(self, doc, channel, awareness):
            super().__init__(doc, channel)
            self.awareness = awareness
            self._channel_ = channel

        async def _run(self):
            from pycrdt import YSyncMessageType, handle_sync_message
            async for message in self._channel:
                if message[0] == YMessageType.SYNC:
                    reply = handle_sync_message(message[1:], self._doc)
                    if message[1] == YSyncMessageType.SYNC_STEP2:
                        self.synced.set()
                    if reply is not None:
                        await self._channel.send(reply)
                elif message[0] == YMessageType.AWARENESS:
                    self.awareness.apply_awareness_update(read_message(message[1:]), "remote")

        async def send_presence(self):
            update = self.awareness.encode_awareness_update([self.awareness.client_id])
            await self._channel_.send(create_awareness_message(update))

    return AwareProvider


class Session:
    """One connected editor: the engine, the document, the adapter, awareness."""

    def __init__(self, peer: int):
        import grip
        from grip.yjs import YjsAdapter
        from pycrdt import Awareness, Doc, Map
        self.grip = grip
        self.engine = grip.Engine(width=WIDTH, height=HEIGHT, peer=peer)
        self.doc = Doc()
        self.done = self.doc.get("done", type=Map)
        self.awareness = Awareness(self.doc)
        self.make_adapter = lambda: YjsAdapter(self.engine, self.doc)
        self.adapter = None
        self.t = 0.0

    def tick(self) -> float:
        self.t += 0.02
        return self.t


async def _quiet(doc, seconds: float, limit: float) -> None:
    """Until doc's state has not changed for seconds (at most limit seconds)."""
    import anyio
    state, since, start = doc.get_state(), time.monotonic(), time.monotonic()
    while time.monotonic() - since < seconds and time.monotonic() - start < limit:
        await anyio.sleep(0.05)
        now = doc.get_state()
        if now != state:
            state, since = now, time.monotonic()


async def _edits(s: Session, provider, name: str, seed: int, steps: int) -> None:
    import anyio
    rng = random.Random(seed)
    e, a = s.engine, s.adapter

    async def breathe():
        a.push()
        a.share_presence(s.awareness, name=name)
        await provider.send_presence()
        await anyio.sleep(rng.uniform(0.0, 0.03))
        a.pull()

    for step in range(steps):
        boxes = e.boxes()
        action = rng.choices(["create", "drag", "undo", "redo", "destroy", "reparent"],
                             [3 if len(boxes) < 12 else 0, 5, 2, 1, 1 if len(boxes) > 4 else 0, 2])[0]
        if action == "create" or not boxes:
            e.box(x=rng.uniform(0, WIDTH - 120), y=rng.uniform(0, HEIGHT - 120), width=rng.uniform(20, 120),
                  height=rng.uniform(20, 120))
        elif action == "drag":
            corners = rng.choice(boxes).state()["corners"]
            x = sum(p.x for p in corners) / 4
            y = sum(p.y for p in corners) / 4
            dx, dy = rng.uniform(-80, 80), rng.uniform(-80, 80)
            e.pointer("down", 1, x, y, s.tick())
            for i in range(1, 5):  # other peers' changes arrive while the drag goes on
                e.pointer("move", 1, x + dx * i / 4, y + dy * i / 4, s.tick())
                await breathe()
            e.pointer("up", 1, x + dx, y + dy, s.tick())
        elif action == "undo":
            e.undo()
        elif action == "redo":
            e.redo()
        elif action == "destroy":
            rng.choice(boxes).destroy()
        else:
            box = rng.choice(boxes)
            parent = rng.choice(boxes + [None])
            try:
                box.configure(parent=parent)
            except s.grip.GripError:  # under itself or a descendant: refused, nothing changed
                pass
        list(e.events())
        await breathe()
        print(f"step {step + 1}", flush=True)


def edit(port: int, name: str, peer: int, seed: int, steps: int, out: str, expect: str) -> None:
    import anyio
    from httpx_ws import aconnect_ws
    from pycrdt.websocket.websocket import HttpxWebsocket

    async def main():
        s = Session(peer)
        async with aconnect_ws(f"http://127.0.0.1:{port}/{ROOM}") as ws:
            provider = _provider_class()(s.doc, HttpxWebsocket(ws, ROOM), s.awareness)
            async with provider:
                with anyio.fail_after(10):
                    await provider.synced.wait()
                s.adapter = s.make_adapter()  # a restarted editor catches up here (one load)
                s.adapter.watch_presence(s.awareness)
                await _edits(s, provider, name, seed, steps)
                s.done[name] = True
                names = expect.split(",")
                with anyio.fail_after(30):
                    while not all(s.done.get(n) for n in names):
                        await anyio.sleep(0.05)
                        s.adapter.pull()
                await _quiet(s.doc, 1.0, 20)
                s.adapter.pull()
                with open(out, "w") as f:
                    f.write(s.engine.save())
                print(f"peers seen {len(s.adapter.peers)}", flush=True)

    anyio.run(main)


def join(port: int, out: str) -> None:
    import anyio
    from httpx_ws import aconnect_ws
    from pycrdt import Provider
    from pycrdt.websocket.websocket import HttpxWebsocket

    async def main():
        s = Session(99)
        async with aconnect_ws(f"http://127.0.0.1:{port}/{ROOM}") as ws:
            async with Provider(s.doc, HttpxWebsocket(ws, ROOM)) as provider:
                with anyio.fail_after(10):
                    await provider.synced.wait()
                await _quiet(s.doc, 0.5, 10)
                start = time.perf_counter()
                s.adapter = s.make_adapter()
                took = time.perf_counter() - start
                with open(out, "w") as f:
                    f.write(s.engine.save())
                print(f"loaded {len(s.engine.boxes())} boxes in {took * 1000:.1f} ms", flush=True)

    anyio.run(main)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["serve"] and len(args) == 2:
        serve(int(args[1]))
    elif args[:1] == ["edit"] and len(args) == 8:
        edit(int(args[1]), args[2], int(args[3]), int(args[4]), int(args[5]), args[6], args[7])
    elif args[:1] == ["join"] and len(args) == 3:
        join(int(args[1]), args[2])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
