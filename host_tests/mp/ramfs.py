# A filesystem in RAM, for testing `make deploy` and mip on an emulator (MicroPython runs this).
#
# MicroPython's qemu port has VFS support but no filesystem driver (neither VfsFat nor
# VfsLfs2 is compiled in: `vfs` holds only VfsRom) and mounts nothing, so `open("/lib/x",
# "wb")` raises ENODEV and mpremote cannot copy anything to it. This object implements
# MicroPython's VFS protocol in Python (the methods `vfs.mount` calls: open, stat, ilistdir,
# mkdir, ...), its files are bytearrays, and its open files are io.IOBase streams, so the
# import machinery reads .py and .mpy files from it like from flash. It lives in the heap:
# a soft reset loses it, hence `tools/ship/deploy.py --resume` and `mpremote resume` after it.
#
#     mount("/ram")    # mounts it at /ram and appends /ram/lib to sys.path (as a board's /lib)
#
# Not a model of flash: no blocks, no wear, no power loss. statvfs reports 512-byte blocks
# of a nominal CAPACITY so that tools can print what a copy takes.
import io
import sys
import vfs

CAPACITY = 4 << 20
_DIR = 0x4000
_FILE = 0x8000


def _err(code):
    return OSError(code)  # 2 ENOENT, 17 EEXIST, 20 ENOTDIR, 21 EISDIR, 39 ENOTEMPTY


class _File(io.IOBase):
    def __init__(self, fs, path, data, writable, text):
        self._fs = fs
        self._path = path
        self._data = data
        self._pos = 0
        self._writable = writable
        self._text = text

    def readinto(self, buf):
        n = min(len(buf), len(self._data) - self._pos)
        buf[:n] = memoryview(self._data)[self._pos:self._pos + n]
        self._pos += n
        return n

    def read(self, n=-1):
        end = len(self._data) if n is None or n < 0 else min(len(self._data), self._pos + n)
        out = bytes(self._data[self._pos:end])
        self._pos = end
        return out.decode() if self._text else out

    def readline(self):
        end = self._data.find(b"\n", self._pos) + 1 or len(self._data)
        out = bytes(self._data[self._pos:end])
        self._pos = end
        return out.decode() if self._text else out

    def write(self, buf):
        if not self._writable:
            raise _err(9)  # EBADF
        if isinstance(buf, str):
            buf = buf.encode()
        self._data.extend(buf)
        return len(buf)

    def ioctl(self, req, arg):
        if req == 4:  # MP_STREAM_CLOSE
            self.close()
        return 0

    def close(self):
        self._writable = False

    def flush(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class RamFS:
    def __init__(self):
        self.files = {}  # path -> bytearray
        self.dirs = {"/"}
        self.cwd = "/"

    def _abs(self, path):
        if not path.startswith("/"):
            path = self.cwd.rstrip("/") + "/" + path
        path = path.rstrip("/")
        return path or "/"

    def _parent(self, path):
        return path[: path.rfind("/")] or "/"

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def stat(self, path):
        p = self._abs(path)
        if p in self.dirs:
            return (_DIR, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if p in self.files:
            return (_FILE, 0, 0, 0, 0, 0, len(self.files[p]), 0, 0, 0)
        raise _err(2)

    def statvfs(self, path):
        blocks = CAPACITY // 512
        used = len(self.dirs) + sum((len(d) + 511) // 512 for d in self.files.values())
        return (512, 512, blocks, blocks - used, blocks - used, 0, 0, 0, 0, 255)

    def ilistdir(self, path):
        p = self._abs(path)
        if p not in self.dirs:
            raise _err(2)
        for d in sorted(self.dirs):
            if d != "/" and self._parent(d) == p:
                yield (d[d.rfind("/") + 1:], _DIR, 0, 0)
        for f in sorted(self.files):
            if self._parent(f) == p:
                yield (f[f.rfind("/") + 1:], _FILE, 0, len(self.files[f]))

    def mkdir(self, path):
        p = self._abs(path)
        if p in self.dirs or p in self.files:
            raise _err(17)
        if self._parent(p) not in self.dirs:
            raise _err(2)
        self.dirs.add(p)

    def rmdir(self, path):
        p = self._abs(path)
        if p not in self.dirs or p == "/":
            raise _err(2)
        if any(self._parent(x) == p for x in self.files) or any(x != p and self._parent(x) == p for x in self.dirs):
            raise _err(39)
        self.dirs.discard(p)

    def remove(self, path):
        p = self._abs(path)
        if p not in self.files:
            raise _err(21 if p in self.dirs else 2)
        del self.files[p]

    def rename(self, old, new):
        o, n = self._abs(old), self._abs(new)
        if o not in self.files:
            raise _err(2)
        self.files[n] = self.files.pop(o)

    def chdir(self, path):
        p = self._abs(path)
        if p not in self.dirs:
            raise _err(2)
        self.cwd = p

    def getcwd(self):
        return self.cwd

    def open(self, path, mode):
        p = self._abs(path)
        if p in self.dirs:
            raise _err(21)
        text = "b" not in mode
        if "w" in mode or "a" in mode:
            if self._parent(p) not in self.dirs:
                raise _err(2)
            if "w" in mode or p not in self.files:
                self.files[p] = bytearray()
            f = _File(self, p, self.files[p], True, text)
            f._pos = len(self.files[p])
            return f
        if p not in self.files:
            raise _err(2)
        return _File(self, p, self.files[p], False, text)


def mount(where="/ram", lib=True):
    vfs.mount(RamFS(), where)
    if lib:
        sys.path.append(where + "/lib")
    print("RAMFS", where)
