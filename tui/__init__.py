"""The Textual app: a start screen, an editor per family, dialogs; on top of `core`."""
