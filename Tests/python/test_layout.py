"""The generated ctypes layer (grip/_capi.py) against the C compiler: every struct's size and
every field's offset as a C program over Include/grip.h prints them, and every function of the
schema bound with a prototype. Run by scripts/tests/python.sh (needs cc)."""
import ctypes
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

import grip
from grip import _capi

ROOT = Path(__file__).resolve().parent.parent.parent


class LayoutTests(unittest.TestCase):
    def test_struct_layout_matches_c(self):
        cc = os.environ.get("CC", "cc")
        if shutil.which(cc) is None:
            self.fail(f"no C compiler ({cc})")
        lines = ["#include <stddef.h>", "#include <stdio.h>", '#include "grip.h"', "int main(void) {"]
        expected = []
        for struct, fields in _capi.FIELDS.items():
            if struct == "grip_lua_desc":
                continue  # grip_lua.h's
            cls = getattr(_capi, struct)
            lines.append(f'    printf("{struct} %zu\\n", sizeof({struct}));')
            expected.append(f"{struct} {ctypes.sizeof(cls)}")
            for name, _, _ in fields:
                lines.append(f'    printf("{struct}.{name} %zu\\n", offsetof({struct}, {name}));')
                expected.append(f"{struct}.{name} {getattr(cls, name).offset}")
            for name, _ in cls._fields_:  # function pointers too
                if name not in {f[0] for f in fields}:
                    lines.append(f'    printf("{struct}.{name} %zu\\n", offsetof({struct}, {name}));')
                    expected.append(f"{struct}.{name} {getattr(cls, name).offset}")
        lines += ["    return 0;", "}"]
        with tempfile.TemporaryDirectory() as tmp:
            src, exe = Path(tmp) / "layout.c", Path(tmp) / "layout"
            src.write_text("\n".join(lines) + "\n")
            subprocess.run([cc, "-std=c99", "-Wall", "-Werror", f"-I{ROOT / 'Include'}", str(src), "-o", str(exe)],
                           check=True)
            out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.split("\n")
        self.assertEqual([l for l in out if l], expected)
        self.assertGreater(len(expected), 150)  # every struct of grip.h, field by field

    def test_every_function_is_bound(self):
        lib = grip._load()
        for name, (restype, argtypes) in _capi.PROTOTYPES.items():
            fn = getattr(lib, name)  # libgrip.so exports every function of grip.h
            self.assertEqual(fn.argtypes, argtypes, name)
            self.assertIs(fn.restype, restype, name)
        self.assertIn("grip_box_set_constraint", _capi.PROTOTYPES)
        self.assertNotIn("grip_lua_exec", _capi.PROTOTYPES)  # libgrip-lua.so's, not bound

    def test_the_library_is_found_as_documented(self):
        path = grip.library_path()
        self.assertTrue(path.endswith("libgrip.so") or path.endswith("libgrip.so.0"), path)
        own = Path(grip.__file__).parent / "libgrip.so"
        if os.environ.get("GRIP_LIBRARY"):
            self.assertEqual(path, os.environ["GRIP_LIBRARY"])
        elif own.exists():
            self.assertEqual(path, str(own))  # the package's own copy comes first
        env = dict(os.environ, GRIP_LIBRARY="/nonexistent/libgrip.so")
        r = subprocess.run([os.sys.executable, "-c", "import grip; grip.Engine()"], env=env,
                           capture_output=True, text=True, cwd=tempfile.gettempdir())
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("libgrip.so not found (set GRIP_LIBRARY): /nonexistent/libgrip.so: no such file", r.stderr)


if __name__ == "__main__":
    unittest.main()
