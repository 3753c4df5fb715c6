"""scripts/gen's Python output (grip/_capi.py) for a schema that gains what a new feature brings:
a function with new parameter types, an opaque type, a callback typedef. What it writes for them
must import and bind with no hand edits. Run by scripts/tests/python.sh."""
import ctypes
import importlib.machinery
import importlib.util
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def generator():
    loader = importlib.machinery.SourceFileLoader("grip_gen", str(ROOT / "scripts" / "gen"))
    spec = importlib.util.spec_from_loader("grip_gen", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


class GeneratorTests(unittest.TestCase):
    def setUp(self):
        self.g = generator()
        self.schema, self.enums, structs, self.functions, self.by_name, _ = self.g.load()
        self.structs = [st for st in structs if self.g.in_header(st, self.g.HEADER)]
        header = self.g.header_text(self.g.HEADER.read_text(), self.enums, structs, self.by_name)
        self.decl = self.g.declarations(header)

    def generate(self, decl, functions):
        text = self.g.python_capi(decl, self.enums, self.structs, functions, self.by_name)
        ns = {}
        exec(compile(text, "_capi.py", "exec"), ns)
        return text, ns

    def test_the_checked_in_file_is_what_the_schema_gives(self):
        fns = [f for f in self.functions if self.g.in_header(f, self.g.HEADER)]
        text, _ = self.generate(self.decl, fns)
        self.assertEqual((ROOT / "bindings" / "python" / "grip" / "_capi.py").read_text(), text)

    def test_a_new_function_and_types_are_picked_up(self):
        decl = self.decl + ["typedef struct grip_session grip_session;",
                            "typedef void (*grip_feed_fn)(void *context, const grip_change *change, const char *origin);"]
        fns = [f for f in self.functions if self.g.in_header(f, self.g.HEADER)] + [
            {"name": "grip_session_apply",
             "c": "grip_status grip_session_apply(grip_session *s, const char *key, int64_t *out, grip_box *boxes, "
                  "grip_feed_fn fn, uint8_t *bytes, size_t n)"}]
        _, ns = self.generate(decl, fns)
        restype, argtypes = ns["PROTOTYPES"]["grip_session_apply"]
        self.assertIs(restype, ctypes.c_int)
        self.assertEqual(argtypes[:4], [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int64),
                                        ctypes.POINTER(ctypes.c_uint64)])
        self.assertIs(argtypes[4], ns["grip_feed_fn"])
        self.assertEqual(argtypes[5:], [ctypes.POINTER(ctypes.c_uint8), ctypes.c_size_t])
        feed = ns["grip_feed_fn"]
        self.assertIsNone(feed._restype_)
        self.assertEqual(feed._argtypes_, (ctypes.c_void_p, ctypes.POINTER(ns["grip_change"]), ctypes.c_char_p))

    def test_an_unknown_type_is_refused_by_name(self):
        fns = [{"name": "grip_bad", "c": "grip_status grip_bad(grip_mystery m)"}]
        with self.assertRaises(self.g.Problem) as cm:
            self.generate(self.decl, fns)
        self.assertIn("grip_mystery", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
