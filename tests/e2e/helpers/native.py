"""The small cart program in C, Rust and Go (tests/e2e/native/): what differs per language,
and the `cart` fixture that copies and builds one language's project."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

NATIVE = Path(__file__).resolve().parents[1] / "native"


@dataclass(frozen=True)
class Language:
    directory: str
    source: str
    build: tuple[str, ...]      # run in the project's copy; () when the adapter builds it
    label: str                  # list_run_configurations' type
    qty_is_3: str               # a breakpoint condition in the language
    price: str                  # the read-only evaluation of `it`'s price
    line_total: str             # how the stack names line_total
    subtotal_of: str
    crash: str                  # the exception type of the crash
    crash_exit: int
    fields: tuple[str, str, str]


LANGUAGES = {
    "c": Language("c", "cart.c", ("gcc", "-g", "-O0", "-o", "build/cart", "cart.c"), "LLDB",
                  "it->qty == 3", "it->price", "line_total", "subtotal_of", "SIGABRT", 6,
                  ("name", "price", "qty")),
    "rust": Language("rust", "src/main.rs",
                     ("rustc", "-g", "-C", "opt-level=0", "-o", "build/cart", "src/main.rs"), "LLDB",
                     "it->qty == 3", "it->price", "main::line_total", "main::subtotal_of", "SIGABRT", 6,
                     ("name", "price", "qty")),
    "go": Language("go", "main.go", (), "Go", "it.Qty == 3", "it.Price", "main.lineTotal",
                   "main.subtotalOf", "panic", 2, ("Name", "Price", "Qty")),
}


def mark(path: Path, name: str) -> int:
    """The line holding `MARK: <name>` (in any language's comment)."""
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        if f"MARK: {name}" in text:
            return number
    raise AssertionError(f"no MARK: {name} in {path}")


@pytest.fixture(params=list(LANGUAGES))
def cart(request, tmp_path: Path) -> tuple[Language, Path]:
    """The language's cart project, copied and built."""
    language = LANGUAGES[request.param]
    project = tmp_path / language.directory
    shutil.copytree(NATIVE / language.directory, project)
    (project / "build").mkdir()
    if language.build:
        subprocess.run(language.build, cwd=project, check=True, timeout=120)
    return language, project.resolve()
