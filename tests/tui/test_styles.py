"""Styles live in .tcss files that the package ships (docs/architecture.md): every screen
names its file with CSS_PATH and keeps no CSS inline; reusable widgets may keep DEFAULT_CSS
(the project's conventions)."""

import importlib
import pkgutil
import tomllib
from pathlib import Path

from textual.screen import Screen

import tui
import tui.screens

TUI = Path(tui.__file__).parent
ROOT = TUI.parent


def screens() -> list[type[Screen]]:
    found = []
    for info in pkgutil.iter_modules(tui.screens.__path__):
        module = importlib.import_module(f"tui.screens.{info.name}")
        found += [value for value in vars(module).values() if isinstance(value, type)
                  and issubclass(value, Screen) and value.__module__ == module.__name__]
    return found


def test_every_screen_is_styled_from_a_tcss_file_the_package_ships():
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    shipped = {path for pattern in package_data["package-data"]["tui"]
               for path in TUI.glob(pattern)}  # as setuptools reads the patterns
    assert len(screens()) >= 10
    for screen in screens():
        assert not vars(screen).get("CSS") and not vars(screen).get("DEFAULT_CSS"), screen
        assert screen.CSS_PATH, screen
        paths = screen.CSS_PATH if isinstance(screen.CSS_PATH, list) else [screen.CSS_PATH]
        assert paths and all(Path(path) in shipped for path in paths), screen
