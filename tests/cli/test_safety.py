"""The command line never loses data: it refuses to write over its input, writes every file
atomically with the umask's mode, and turns Ctrl-C and I/O errors into one line and an exit
code (README, Command line: exit codes)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import pagetext
from pagetext.cli import main
from tests.pdfbuild import text_pdf

ROOT = Path(__file__).resolve().parent.parent.parent
EXIT_USAGE, EXIT_IO, EXIT_INTERRUPTED = 2, 4, 130
BIG_PAGES = 300  # long enough that the command is still at work when Ctrl-C comes
BATCH_COPIES = 40  # with one written, the rest keep the batch at work for seconds


def _default_ctrl_c() -> None:
    # A shell starts a background job (`... &`) with SIGINT ignored, and an ignored signal stays
    # ignored across exec: the command would never see the Ctrl-C these tests send it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def cli(*args: str, cwd: Path, **options: object) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "pagetext", *args]
    return subprocess.Popen(  # type: ignore[call-overload, no-any-return]
        command, cwd=cwd, env=env, stderr=subprocess.PIPE, preexec_fn=_default_ctrl_c, **options
    )


def finished(process: subprocess.Popen[bytes], timeout: float = 120) -> tuple[int, str]:
    _, err = process.communicate(timeout=timeout)
    return process.returncode, err.decode()


@pytest.fixture
def small(tmp_path: Path) -> Path:
    path = tmp_path / "in.pdf"
    path.write_bytes(text_pdf([["Name: John Smith", "Phone 555 0100"], ["john again"]]))
    return path


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big.pdf"
    lines = [[f"Line {n} of page {p} with some words" for n in range(45)] for p in range(BIG_PAGES)]
    path.write_bytes(text_pdf(lines))
    return path


@pytest.fixture
def umask_022() -> Iterator[None]:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


WRITERS = {
    "extract": ["{input}", "-o", "{output}"],
    "tables": ["tables", "{input}", "-o", "{output}"],
    "redact": ["redact", "{input}", "-o", "{output}", "--text", "John"],
}


@pytest.mark.parametrize("hard_link", [False, True], ids=["same-path", "hard-link"])
@pytest.mark.parametrize("command", sorted(WRITERS))
def test_output_that_is_the_input_is_refused(
    command: str, hard_link: bool, small: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = small.read_bytes()
    output = small
    if hard_link:
        output = small.with_name("link.pdf")
        os.link(small, output)
    argv = [part.format(input=small, output=output) for part in WRITERS[command]]
    assert main(argv) == EXIT_USAGE
    assert small.read_bytes() == before
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is the input file" in err


def test_batch_refuses_outputs_that_are_its_inputs(small: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = small.read_bytes()
    os.link(small, small.with_name("in.txt"))  # where `batch DIR -o DIR` would write in.pdf's text
    assert main(["batch", str(small.parent), "-o", str(small.parent)]) == EXIT_USAGE
    report = small.with_name("report.jsonl")
    os.link(small, report)
    assert main(["batch", str(report), "-o", str(small.parent)]) == EXIT_USAGE
    assert small.read_bytes() == before
    assert "is one of the inputs" in capsys.readouterr().err


def test_redact_in_place_only_when_asked(small: Path) -> None:
    assert main(["redact", str(small), "--in-place", "--text", "John"]) == 0
    with pagetext.open(small) as doc:
        assert doc.text() == "Name: Smith\nPhone 555 0100\fjohn again"
    assert main(["redact", str(small), "--in-place", "-o", "x.pdf", "--text", "555"]) == EXIT_USAGE
    assert sorted(p.name for p in small.parent.iterdir()) == ["in.pdf"]


def test_files_get_the_umask_mode(small: Path, umask_022: None) -> None:
    folder = small.parent
    assert main([str(small), "-o", str(folder / "out.txt")]) == 0
    assert main(["tables", str(small), "-o", str(folder / "out.csv")]) == 0
    assert main(["redact", str(small), "-o", str(folder / "out.pdf"), "--text", "John"]) == 0
    with pagetext.open(small) as doc:
        doc.write_text(folder / "lib.txt")
    for name in ("out.txt", "out.csv", "out.pdf", "lib.txt"):
        assert oct((folder / name).stat().st_mode & 0o777) == "0o644", name
    os.umask(0o027)
    assert main([str(small), "-o", str(folder / "out.txt")]) == 0
    assert oct((folder / "out.txt").stat().st_mode & 0o777) == "0o640"


def _wait_for(condition: object, process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 60
    while not condition():  # type: ignore[operator]
        assert process.poll() is None, f"the command ended before {what}"
        assert time.monotonic() < deadline, f"no {what} within a minute"
        time.sleep(0.02)


def test_ctrl_c_while_writing_leaves_the_previous_file(big: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    out.write_text("previous\n")
    process = cli(str(big), "-o", str(out), cwd=tmp_path)
    temporaries = lambda: [p for p in tmp_path.glob(".pagetext-*") if p.stat().st_size > 0]  # noqa: E731
    _wait_for(temporaries, process, "output was written")
    process.send_signal(signal.SIGINT)
    code, err = finished(process)
    assert code == EXIT_INTERRUPTED
    assert err == "pagetext: interrupted\n"
    assert out.read_text() == "previous\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def _holds_open(pid: int, path: Path) -> bool:
    """Whether the process has the file open (it is reading it, past start-up)."""
    folder = Path(f"/proc/{pid}/fd")
    try:
        return any(os.readlink(fd) == str(path) for fd in folder.iterdir())
    except OSError:
        return False


@pytest.mark.parametrize(
    "argv",
    [
        ["{big}"],
        ["tables", "{big}"],
        ["redact", "{big}", "-o", "r.pdf", "--text", "words"],
        ["batch", "{copies}", "-o", "b"],
    ],
    ids=["extract", "tables", "redact", "batch"],
)
def test_ctrl_c_exits_130_without_a_traceback(argv: list[str], big: Path, tmp_path: Path) -> None:
    copies = tmp_path / "copies"  # batch: enough files that one written leaves many to go
    copies.mkdir()
    for n in range(BATCH_COPIES):
        os.link(big, copies / f"big{n:02}.pdf")
    args = [part.format(big=big, copies=copies) for part in argv]
    process = cli(*args, cwd=tmp_path, stdout=subprocess.DEVNULL)
    if argv[0] == "batch":  # interrupted between files, while the workers read the next ones
        _wait_for(lambda: list(tmp_path.glob("b/big*.txt")), process, "the first file was written")
    else:
        _wait_for(lambda: _holds_open(process.pid, big), process, "the file was opened")
    process.send_signal(signal.SIGINT)
    code, err = finished(process)
    assert code == EXIT_INTERRUPTED, err
    assert "Traceback" not in err and err.count("\n") == 1 and "interrupted" in err
    assert not list(tmp_path.glob("**/.pagetext-*")) and not (tmp_path / "r.pdf").exists()
    assert argv[0] != "batch" or len(list(tmp_path.glob("b/big*.txt"))) < BATCH_COPIES


def test_full_disk_is_one_line(small: Path, tmp_path: Path) -> None:
    with open("/dev/full", "wb") as full:
        code, err = finished(cli(str(small), cwd=tmp_path, stdout=full))
    assert (code, err) == (EXIT_IO, "pagetext: cannot write the output: No space left on device\n")
    code, err = finished(cli(str(small), "-o", "/dev/full", cwd=tmp_path))
    assert (code, err) == (EXIT_IO, "pagetext: cannot write '/dev/full': No space left on device\n")


def test_unwritable_places_are_one_line(
    small: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(small), "-o", "/proc/nope/out.txt"]) == EXIT_IO
    assert main(["tables", str(small), "-o", str(small / "out.csv")]) == EXIT_IO  # below a file
    assert main(["redact", str(small), "-o", "/proc/nope/out.pdf", "--text", "John"]) == EXIT_IO
    assert main(["batch", str(small), "-o", "/proc/nope"]) == EXIT_IO
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "pagetext",
        "pagetext tables",
        "pagetext redact",
        "pagetext batch",
    ]
    assert all("cannot write" in line for line in lines)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.pdf"]


def test_library_write_text_is_atomic(small: Path) -> None:
    out = small.with_name("out.txt")
    out.write_text("previous\n")

    def fail(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with pagetext.open(small) as doc, pytest.raises(KeyboardInterrupt):
        doc.write_text(out, progress=fail)
    assert out.read_text() == "previous\n"
    assert sorted(p.name for p in small.parent.iterdir()) == ["in.pdf", "out.txt"]


def test_a_device_is_written_into_not_replaced(small: Path) -> None:
    assert main([str(small), "-o", os.devnull]) == 0
    assert Path(os.devnull).is_char_device()
