"""The build backend (PEP 517) of the grip package, standard library only, so that
`pip install bindings/python` needs nothing from a package index.

The wheel holds grip/*.py and, when there is one, a copy of libgrip.so beside them: the file
GRIP_LIBRARY names at build time, else the repository's build (.build/release/libgrip.so, from
scripts/build). With the library the wheel is tagged for this platform, without it py3-none-any
(the package then finds the library when imported: docs/python.md)."""
import base64
import hashlib
import io
import os
import re
import sysconfig
import tarfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent  # bindings/python


def _project():
    text = (HERE / "pyproject.toml").read_text()
    section = text.split("[project]", 1)[1].split("\n[", 1)[0]

    def value(key):
        m = re.search(rf'^{key}\s*=\s*"([^"]*)"', section, re.M)
        if not m:
            raise RuntimeError(f"pyproject.toml: [project] has no {key}")
        return m.group(1)

    return value("name"), value("version"), value("description"), value("requires-python")


def _library():
    named = os.environ.get("GRIP_LIBRARY")
    if named:
        if not Path(named).is_file():
            raise RuntimeError(f"GRIP_LIBRARY={named}: no such file")
        return Path(named).resolve()
    built = HERE.parent.parent / ".build" / "release" / "libgrip.so"
    return built.resolve() if built.exists() else None


def _metadata(name, version, description, requires):
    readme = (HERE / "README.md").read_text()
    return (f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {description}\n"
            f"Requires-Python: {requires}\nDescription-Content-Type: text/markdown\n\n{readme}")


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name, version, description, requires = _project()
    lib = _library()
    tag = "py3-none-" + (sysconfig.get_platform().replace("-", "_").replace(".", "_") if lib else "any")
    files = [(f"grip/{p.name}", p.read_bytes()) for p in sorted((HERE / "grip").glob("*.py"))]
    if lib is not None:
        files.append(("grip/libgrip.so", lib.read_bytes()))
    info = f"{name}-{version}.dist-info"
    files.append((f"{info}/METADATA", _metadata(name, version, description, requires).encode()))
    files.append((f"{info}/WHEEL", f"Wheel-Version: 1.0\nGenerator: grip_build\nRoot-Is-Purelib: "
                                   f"{'false' if lib else 'true'}\nTag: {tag}\n".encode()))
    files.append((f"{info}/top_level.txt", b"grip\n"))
    record = "\n".join([_record_line(p, d) for p, d in files] + [f"{info}/RECORD,,"]) + "\n"
    files.append((f"{info}/RECORD", record.encode()))
    wheel = f"{name}-{version}-{tag}.whl"
    with zipfile.ZipFile(Path(wheel_directory) / wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files:
            info_ = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            info_.external_attr = (0o755 if path.endswith(".so") else 0o644) << 16
            info_.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info_, data)
    return wheel


def build_sdist(sdist_directory, config_settings=None):
    name, version, description, requires = _project()
    base = f"{name}-{version}"
    out = f"{base}.tar.gz"
    with tarfile.open(Path(sdist_directory) / out, "w:gz") as t:
        for p in ["pyproject.toml", "README.md", "backend/grip_build.py"] + \
                 [f"grip/{f.name}" for f in sorted((HERE / "grip").glob("*.py"))]:
            t.add(HERE / p, arcname=f"{base}/{p}")
        data = _metadata(name, version, description, requires).encode()
        ti = tarfile.TarInfo(f"{base}/PKG-INFO")
        ti.size = len(data)
        t.addfile(ti, io.BytesIO(data))
    return out
