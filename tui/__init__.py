"""The Textual app and the `puzzle-tui` command line, on top of `core`."""
