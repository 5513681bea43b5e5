"""The command palette's entries (ctrl+p): the app's own, the open puzzles, every family's
empty puzzles and generators (tui/families.py), and the editor in front's commands. An entry
is found by the words it shows: its title first, then its help line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tui import families
from tui.widgets.document_tabs import document_name

HELP_WEIGHT = 0.5  # a match in the help line ranks below one in a title


@dataclass(frozen=True)
class Command:
    title: str
    help: str
    run: Callable[[], object]


def commands(app, screen) -> list[Command]:
    """Every palette entry for the app with `screen` in front."""
    from tui.screens.editor import PuzzleEditor

    editor = screen if isinstance(screen, PuzzleEditor) else None
    found = [Command("Help", "What the keys do (F1)", app.action_help),
             Command("Open a file…", "Open a puzzle file or link beside the open ones (ctrl+o)",
                     app.action_open),
             Command("Open from text…", "A puzzle from an 81-digit line, an f-puzzles, "
                     "SudokuPad or ISS link, or ISS's constraint string: fills the grid in "
                     "front, or opens beside (pasting into the app does the same)",
                     app.action_open_text),
             Command("Generate…", "The generators, this family's first (ctrl+g)",
                     app.action_generate),
             Command("Start screen", "New puzzles, generators, recent files; the open puzzles "
                     "stay open (ctrl+n)", app.action_start_screen)]
    found += documents(app, editor)
    found += [Command(new.title, "An empty puzzle to fill, beside the open ones",
                      lambda new=new: app.edit(new.make())) for new in families.new_puzzles()]
    found += [Command(making.title, making.help,
                      lambda making=making: app.open_generator(making))
              for making in families.generators(editor.family.name if editor else None)]
    if editor is not None:
        found += [Command(title, help_text, action)
                  for title, help_text, action in editor.commands()]
    return found


def documents(app, editor) -> list[Command]:
    """Switching between the open puzzles, and closing the one in front."""
    found = [Command(f"Switch to {i} {document_name(d)}", "One of the open puzzles "
                     "(ctrl+pageup / ctrl+pagedown)", lambda d=d: app.show_document(d))
             for i, d in enumerate(app.documents, 1) if d is not editor]
    if editor is not None:
        found.append(Command(f"Close {document_name(editor)}", "Close the puzzle in front, "
                             "asking first about unsaved changes (ctrl+w)",
                             app.action_close_document))
    return found


class PuzzleCommands(Provider):
    async def discover(self) -> Hits:
        for command in commands(self.app, self.screen):
            yield DiscoveryHit(command.title, command.run, help=command.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in commands(self.app, self.screen):
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(score, matcher.highlight(command.title), command.run,
                          help=command.help)
                continue
            score = matcher.match(command.help) * HELP_WEIGHT
            if score > 0:
                yield Hit(score, command.title, command.run, help=command.help)
