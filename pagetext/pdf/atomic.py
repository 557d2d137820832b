"""The one way pagetext writes a file: into a new file beside the target, flushed to disk,
then renamed over the target. A reader sees the previous file or the whole new one, never a
part; Ctrl-C, a full disk or a crash leave the previous file (or none) and no temporary.

The new file is created with mode 0666 less the umask, as `open(path, "w")` would make it
(tempfile.mkstemp would make it 0600 whatever the umask). A target that is not a regular
file (/dev/null, a named pipe) is written into directly: renaming over it would replace it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from typing import IO

from pagetext.errors import FileWriteError

CREATE_MODE = 0o666  # what the kernel narrows by the umask, as for any new file


def _temporary_beside(path: str) -> tuple[int, str]:
    directory = os.path.dirname(os.path.abspath(path))
    for _ in range(100):  # a name already taken is tried again under another
        name = os.path.join(directory, f".pagetext-{secrets.token_hex(6)}.tmp")
        try:
            return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, CREATE_MODE), name
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {directory!r}")


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str], temporary: str | None = None) -> Iterator[str]:
    """A temporary path beside `path` (an empty file already created) for a writer that
    wants a file name; once the block ends without an error it is flushed to disk and renamed
    over `path`. OSError becomes FileWriteError. `temporary` names the file when the caller
    must be able to remove it should this process be killed (a batch worker)."""
    shown = os.fspath(path)
    target = os.path.realpath(path)  # through a symbolic link: the file it names is replaced
    if os.path.exists(target) and not os.path.isfile(target):
        yield target  # a device or a pipe (/dev/null, a FIFO) is written into, never replaced
        return
    try:
        if temporary is None:
            fd, temporary = _temporary_beside(target)
        else:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, CREATE_MODE)
        os.close(fd)
    except OSError as error:
        raise FileWriteError(f"cannot write {shown!r}: {error.strerror or error}") from error
    try:
        yield temporary
        fd = os.open(temporary, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, target)
    except OSError as error:
        _remove(temporary)
        raise FileWriteError(f"cannot write {shown!r}: {error.strerror or error}") from error
    except BaseException:
        _remove(temporary)
        raise


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike[str], temporary: str | None = None) -> Iterator[IO[bytes]]:
    """A binary stream into a temporary file beside `path`, renamed over `path` once the
    block ends without an error (see atomic_path)."""
    with atomic_path(path, temporary) as name:
        try:
            with open(name, "wb") as stream:
                yield stream
                stream.flush()
        except OSError as error:
            raise FileWriteError(f"cannot write {os.fspath(path)!r}: {error.strerror or error}") from error
