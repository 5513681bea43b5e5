"""Issue 13, "Nothing lost, nothing crashes": builds that must not destroy what is there, and
damaged dictionaries that must give a message, never a traceback or a signal. Every case goes
through the command line; whatever could crash the interpreter runs in a subprocess."""

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cli import main
from dictionaries.defaults import default_path
from tests import DATA

ROOT = Path(__file__).resolve().parents[2]


def cli(*args, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120)


def words_file(folder: Path, *words: str, name="words.txt") -> Path:
    path = folder / name
    path.write_text("".join(f"{w}\n" for w in words))
    return path


def looked_up(capsys, folder, pattern="123") -> list[str]:
    capsys.readouterr()
    assert main(["dict", "lookup", str(folder), pattern]) == 0
    return capsys.readouterr().out.split()


# 1. the output folder

def test_build_refuses_a_folder_that_holds_other_files(tmp_path, capsys):
    words = words_file(tmp_path, "さくら")
    docs = tmp_path / "mydocs"
    docs.mkdir()
    (docs / "letter.txt").write_text("dear ...")
    assert main(["dict", "build", str(words), "-o", str(docs)]) == 2
    assert "holds letter.txt, not a dictionary" in capsys.readouterr().err
    assert (docs / "letter.txt").read_text() == "dear ..."
    assert main(["dict", "build", str(words), "-o", str(words)]) == 2  # a file, not a folder
    assert "a file is there" in capsys.readouterr().err
    assert words.read_text() == "さくら\n"


def test_build_writes_into_an_empty_folder_and_over_a_dictionary(tmp_path, capsys):
    out = tmp_path / "d"
    out.mkdir()
    assert main(["dict", "build", str(words_file(tmp_path, "さくら")), "-o", str(out)]) == 0
    assert looked_up(capsys, out) == ["サクラ"]
    assert main(["dict", "build", str(words_file(tmp_path, "からす")), "-o", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d", "words.txt"]
    assert sorted(p.name for p in out.iterdir()) == ["check.json", "data.mdb", "lock.mdb"]


def test_a_dictionary_built_before_check_json_is_replaced(tmp_path, capsys):
    out = tmp_path / "d"
    assert main(["dict", "build", str(words_file(tmp_path, "さくら")), "-o", str(out)]) == 0
    (out / "check.json").unlink()  # as every dictionary was before
    assert main(["dict", "build", str(words_file(tmp_path, "からす")), "-o", str(out)]) == 0
    assert (out / "check.json").is_file()


def test_another_programs_lmdb_folder_is_not_taken_for_a_dictionary(tmp_path, capsys):
    import lmdb

    other = tmp_path / "other"
    env = lmdb.open(str(other))
    with env.begin(write=True) as txn:
        txn.put(b"key", b"someone's data")
    env.close()
    assert main(["dict", "build", str(words_file(tmp_path, "さくら")), "-o", str(other)]) == 2
    assert "not a dictionary" in capsys.readouterr().err
    assert (other / "data.mdb").stat().st_size > 0


# 2. sources that give nothing

@pytest.mark.parametrize("source, message", [
    ("jmdict:{tmp}/nonexistent.db", "nonexistent.db: No such file or directory"),
    ("{tmp}/nonexistent.txt", "nonexistent.txt: No such file or directory"),
    ("{tmp}/empty.txt", "empty.txt: no words in it"),
    ("{tmp}/kanji.txt", "1 words read, none fits a ja grid (not kana: 1)"),
    ("jmdict:{tmp}/empty.txt", "no words in it (not a JMdict database"),
])
def test_a_source_without_words_is_an_error_and_the_old_dictionary_stays(
        tmp_path, capsys, source, message):
    out = tmp_path / "d1"
    assert main(["dict", "build", str(words_file(tmp_path, "さくら")), "-o", str(out)]) == 0
    words_file(tmp_path, name="empty.txt")
    words_file(tmp_path, "東京", name="kanji.txt")
    capsys.readouterr()
    assert main(["dict", "build", source.format(tmp=tmp_path), "-o", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert looked_up(capsys, out) == ["サクラ"]


# 3. a build killed at its switch, or half-way

KILLED_BUILD = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from dictionaries import integrity

    where = sys.argv[1]
    rename = os.rename

    def kill_after_first_rename(source, target):
        rename(source, target)
        if Path(target).name.endswith(".old"):  # NAME -> .NAME.old: the new one not yet in
            os.kill(os.getpid(), signal.SIGKILL)

    def kill_while_writing(*args):
        os.kill(os.getpid(), signal.SIGKILL)

    if where == "switch":
        os.rename = kill_after_first_rename
    else:
        integrity.write_check = kill_while_writing
    from cli import main
    sys.exit(main(sys.argv[2:]))
""")


def killed_build(where: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", KILLED_BUILD, where, *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_a_build_killed_at_the_switch_loses_nothing(tmp_path, capsys):
    out = tmp_path / "d"
    assert main(["dict", "build", str(words_file(tmp_path, "さくら")), "-o", str(out)]) == 0
    new = words_file(tmp_path, "からす", name="new.txt")
    done = killed_build("switch", "dict", "build", str(new), "-o", str(out))
    assert done.returncode == -signal.SIGKILL
    assert not out.exists()  # killed between the renames ...
    assert looked_up(capsys, out) == ["サクラ"]  # ... the old dictionary still opens
    assert cli("dict", "lookup", str(out), "123").stdout.split() == ["サクラ"]
    assert main(["dict", "build", str(new), "-o", str(out)]) == 0  # the next build
    assert cli("dict", "lookup", str(out), "123").stdout.split() == ["カラス"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d", "new.txt", "words.txt"]


def test_leftovers_of_a_build_killed_while_writing_go_with_the_next_build(tmp_path, capsys):
    out = tmp_path / "d"
    assert main(["dict", "build", str(words_file(tmp_path, "さくら")), "-o", str(out)]) == 0
    new = words_file(tmp_path, "からす", name="new.txt")
    done = killed_build("writing", "dict", "build", str(new), "-o", str(out))
    assert done.returncode == -signal.SIGKILL
    assert [p.name for p in tmp_path.glob(".d.building-*")]  # the half-written folder
    assert looked_up(capsys, out) == ["サクラ"]
    (tmp_path / ".d.notes").mkdir()  # not a build's: kept
    assert main(["dict", "build", str(new), "-o", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [".d.notes", "d", "new.txt",
                                                          "words.txt"]


# 3b. a full disk (issue 29: `mdb_txn_commit: Input/output error` ended in a traceback)

class CommitFails:
    """An LMDB environment whose write transaction fails to commit, as on a full disk."""

    def __init__(self, env):
        self.env = env

    def __getattr__(self, name):
        return getattr(self.env, name)

    def begin(self, write=False, **options):
        return FailingCommit(self.env.begin(write=write, **options))

    def open_db(self, name, txn=None, **options):
        return self.env.open_db(name, txn=getattr(txn, "txn", txn), **options)


class FailingCommit:
    def __init__(self, txn):
        self.txn = txn

    def __getattr__(self, name):
        return getattr(self.txn, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        import lmdb

        self.txn.abort()
        raise lmdb.Error("mdb_txn_commit: Input/output error")


@pytest.mark.parametrize("failure", ["lmdb commit", "no space for check.json"])
def test_a_full_disk_is_said_and_the_old_dictionary_kept(tmp_path, capsys, monkeypatch,
                                                         failure):
    import errno

    import lmdb

    from dictionaries import integrity

    out = tmp_path / "d"
    assert main(["dict", "build", str(words_file(tmp_path, "さくら")), "-o", str(out)]) == 0
    if failure == "lmdb commit":
        real_open = lmdb.open
        monkeypatch.setattr(lmdb, "open", lambda *a, **k: CommitFails(real_open(*a, **k)))
        why = "mdb_txn_commit: Input/output error"
    else:
        def no_space(*_):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        monkeypatch.setattr(integrity, "write_check", no_space)
        why = os.strerror(errno.ENOSPC)
    capsys.readouterr()
    new = words_file(tmp_path, "からす", name="new.txt")
    assert main(["dict", "build", str(new), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"the dictionary could not be written ({why}; is the disk full?)" in err
    assert f"{out} is as it was" in err and "Traceback" not in err
    monkeypatch.undo()
    assert looked_up(capsys, out) == ["サクラ"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d", "new.txt", "words.txt"]


# 4. cut short

def test_a_truncated_dictionary_is_an_error_not_sigbus(tmp_path):
    out = tmp_path / "d"
    assert cli("dict", "build", str(words_file(tmp_path, "さくら", "きんとうん")), "-o",
               str(out)).returncode == 0
    data = out / "data.mdb"
    size = data.stat().st_size
    os.truncate(data, size - 4096)
    for args in (("lookup", str(out), "123"), ("info", str(out))):
        done = cli("dict", *args)
        assert done.returncode == 2, done.stderr
        assert f"data.mdb has {size - 4096} bytes, the build wrote {size}" in done.stderr
    (out / "check.json").unlink()  # a dictionary built before check.json: LMDB's own pages
    done = cli("dict", "lookup", str(out), "123")
    assert done.returncode == 2 and f"cut short: {size - 4096} bytes of {size}" in done.stderr
    assert "puzzle-tui dict build" in done.stderr


def test_a_damaged_built_in_dictionary_says_how_to_rebuild_it(tmp_path):
    answers = "キントウン キン キキ キヨ ヨウ トウキヨウ キンキ キヨウ トキ ウキ ウンキ ヨトウ"
    source = words_file(tmp_path, *answers.split())
    assert main(["dict", "build", str(source), "-o", str(default_path("ja"))]) == 0
    puzzle = DATA / "numcro" / "ja_wikipedia_5x5.q.txt"
    assert cli("check", str(puzzle)).returncode == 0
    data = default_path("ja") / "data.mdb"
    os.truncate(data, data.stat().st_size // 2)
    for args in (("dict", "lookup", "ja", "123"), ("check", str(puzzle))):
        done = cli(*args)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert "damaged" in done.stderr and "puzzle-tui install --force" in done.stderr


def test_any_changed_byte_is_refused_on_every_open(tmp_path, capsys):
    out = tmp_path / "d"
    assert main(["dict", "build", str(words_file(tmp_path, "さくら")), "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["dict", "info", str(out)]) == 0
    assert "matches the SHA-256" in json.loads(capsys.readouterr().out)["integrity"]
    data = out / "data.mdb"
    raw = bytearray(data.read_bytes())
    raw[-100] ^= 0xFF  # a byte of a free page: harmless to lookups, still damage
    data.write_bytes(raw)
    for args in (("dict", "info", str(out)), ("dict", "lookup", str(out), "123")):
        done = cli(*args)
        assert done.returncode == 2 and "does not match the SHA-256" in done.stderr
        assert "puzzle-tui dict build" in done.stderr and not done.stdout


def test_a_changed_letter_is_never_looked_up_or_counted(tmp_path):
    """Issue 29: a letter changed inside data.mdb gave a word no source holds (キントウン read
    as キントウカ), and a check against it a wrong count; every open now hashes the file."""
    answers = "キントウン キン キキ キヨ ヨウ トウキヨウ キンキ キヨウ トキ ウキ ウンキ ヨトウ"
    out = tmp_path / "d"
    assert main(["dict", "build", str(words_file(tmp_path, *answers.split())), "-o",
                 str(out)]) == 0
    puzzle = str(DATA / "numcro" / "ja_wikipedia_5x5.q.txt")
    assert cli("check", puzzle, "--dict", str(out)).stdout == "unique\n"
    data = out / "data.mdb"
    raw = data.read_bytes()
    word, changed = "キントウン".encode("utf-32-le"), "キントウカ".encode("utf-32-le")
    assert raw.count(word) == 1
    data.write_bytes(raw.replace(word, changed))
    for args in (("dict", "lookup", str(out), "12342"), ("check", puzzle, "--dict", str(out)),
                 ("dict", "info", str(out))):
        done = cli(*args)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert "a damaged dictionary (data.mdb does not match the SHA-256" in done.stderr
        assert "キントウカ" not in done.stdout


# 5. random damage

FUZZ_READS = textwrap.dedent("""
    import contextlib, io, sys, traceback
    from cli import main
    from core.numcro.wordsets import word_sets
    from dictionaries import Dictionary, DictionaryError, pattern

    def reads(folder):
        d = Dictionary(folder)
        try:
            for word in ("サクラ", "キントウン", "ツツウラウラ", "アイ"):
                d.lookup(pattern(word))
                d.lookup(pattern(word), {0: word[0]})
                d.lookup(pattern(word), {len(word) - 1: word[-1]}, limit=3)
                sets = word_sets(d)
                sets.candidates(pattern(word))
                sets.length(len(word)).letter(0, word[0])
            for n in range(2, 9):
                d.words_of(n)
        finally:
            d.close()

    for folder in sys.argv[1:]:
        print(folder, flush=True)  # a crash names the variant that caused it
        try:
            reads(folder)
        except DictionaryError:
            pass
        except BaseException:
            print("FAILED", folder, traceback.format_exc(), flush=True)
            sys.exit(1)
        for args in (["dict", "lookup", folder, "123"], ["dict", "info", folder]):
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = main(args)
            if status not in (0, 1, 2) or "Traceback" in err.getvalue():
                print("FAILED", folder, args, status, err.getvalue(), flush=True)
                sys.exit(1)
    print("DONE")
""")


def test_random_damage_gives_a_dictionary_error_or_nothing(tmp_path):
    import random

    rng = random.Random(13)
    kana = ("アイウエオカキクケコサシスセソタチツテトナニヌネノ"
            "ハヒフヘホマミムメモヤユヨラリルレロワン")
    words = {"".join(rng.choice(kana) for _ in range(rng.randint(2, 8))) for _ in range(2000)}
    source = words_file(tmp_path, "さくら", "きんとうん", "つつうらうら", *words)
    base = tmp_path / "base"
    assert main(["dict", "build", str(source), "-o", str(base)]) == 0
    data = (base / "data.mdb").read_bytes()
    meta_at = data.index(b'{"format"')
    variants = []
    for i in range(50):
        damaged = bytearray(data)
        if i % 3 == 0:
            damaged = damaged[:rng.randrange(len(data))]
        else:  # bytes anywhere, or in the meta record
            for _ in range(rng.randint(1, 6)):
                at = (meta_at + rng.randrange(200) if i % 5 == 2 else rng.randrange(len(data)))
                damaged[at] = rng.randrange(256)
        folder = tmp_path / f"v{i}"
        folder.mkdir()
        (folder / "data.mdb").write_bytes(damaged)
        if i % 2:  # the others as if built before check.json: the readers' checks alone
            (folder / "check.json").write_bytes((base / "check.json").read_bytes())
        variants.append(str(folder))
    done = subprocess.run([sys.executable, "-c", FUZZ_READS, *variants], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    last = done.stdout.strip().splitlines()[-1:]
    assert done.returncode == 0 and last == ["DONE"], (done.returncode, done.stdout[-2000:],
                                                     done.stderr[-2000:])


# 6. long patterns and broken pipes

def test_a_pattern_longer_than_any_word_is_a_clear_error(tmp_path, capsys):
    out = tmp_path / "d"
    assert main(["dict", "build", str(words_file(tmp_path, "さくら")), "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["dict", "lookup", str(out), "1" * 31]) == 2
    assert "a pattern of 31 letters: words here have at most 30" in capsys.readouterr().err
    assert main(["dict", "lookup", str(out), "ア" * 5000]) == 2


def test_lookup_into_a_closed_pipe_prints_no_traceback(tmp_path):
    import itertools

    letters = "ABCDEFGHIJ"
    words = ["".join(p).lower() for p in itertools.permutations(letters, 6)][:30000]
    out = tmp_path / "d"
    assert main(["dict", "build", str(words_file(tmp_path, *words)), "--lang", "en",
                 "-o", str(out)]) == 0
    shell = (f"{sys.executable} -m cli dict lookup {out} 123456 | head -1; "
             f"echo status ${{PIPESTATUS[0]}}")
    done = subprocess.run(["bash", "-c", shell], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.split() == ["ABCDEF", "status", "0"]
    assert done.stderr == ""


def test_a_running_process_sees_a_dictionary_built_again(tmp_path, capsys):
    # an app left open while the author rebuilds the dictionary must check against the new
    # words, not the ones it opened (LMDB allows one handle a path: the old one is closed)
    from dictionaries.defaults import open_source

    out = tmp_path / "d"
    assert main(["dict", "build", str(words_file(tmp_path, "キンコ")), "-o", str(out),
                 "--lang", "ja"]) == 0
    first = open_source(str(out))
    assert first.words_of(3)[0] == ["キンコ"] and open_source(str(out)) is first
    assert main(["dict", "build", str(words_file(tmp_path, "サクラ", name="new.txt")), "-o",
                 str(out), "--lang", "ja"]) == 0
    again = open_source(str(out))
    assert again is not first and again.words_of(3)[0] == ["サクラ"]
