"""Ctrl+C reaching a long compiled loop: a child process runs it, prints one line once it is
inside, gets SIGINT and must end with KeyboardInterrupt (the C side polls signals)."""

import signal
import subprocess
import sys
import textwrap

# A background job's children inherit SIGINT ignored: the child sets Python's handler itself
HANDLER = "import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
# A search's `stop` that says 'counting' at its first call, from inside the search, and only
# then: a line every poll could fill the pipe and block the child
SAYS_COUNTING = """
said = []
def stop():
    if not said:
        said.append(print('counting', flush=True))
    return False
"""


def ctrl_c(code: str, timeout: float = 60) -> tuple[str, int, str]:
    """(the line the child printed inside its loop, its exit code, what it printed after the
    signal); `code` prints that line once, from inside the loop, then loops for minutes."""
    body = textwrap.indent(textwrap.dedent(code), "    ")
    child = subprocess.Popen([sys.executable, "-c", (
        f"{HANDLER}try:\n{body}\nexcept KeyboardInterrupt:\n    print('interrupted')\n")],
        stdout=subprocess.PIPE, text=True)
    try:
        inside = child.stdout.readline()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=timeout)
    finally:
        child.kill()  # never left looping for ever when the test fails
        child.wait()
    return inside, child.returncode, out
