"""`puzzle-tui dict build|info|lookup|install`: ナンクロ dictionaries."""

from __future__ import annotations

import json
import sys

from cli.common import BAD_INPUT, NOT_UNIQUE, OK


def add_parser(sub) -> None:
    parser = sub.add_parser("dict", help="ナンクロ dictionaries: build, info, lookup")
    actions = parser.add_subparsers(dest="action", required=True)
    build = actions.add_parser("build", help="word lists in, a pattern-keyed dictionary out")
    build.add_argument("sources", nargs="+", metavar="SOURCE",
                       help="wordfreq, cefr (common English words), jmdict:DB, skk:FILE, "
                            "mecab:FILE[:COLUMN], or a word list file (word [frequency] a line)")
    build.add_argument("-o", "--output", required=True, metavar="DIR")
    build.add_argument("--lang", choices=("ja", "en"), default="ja")
    build.add_argument("--min-frequency", type=float, metavar="ZIPF",
                       help="words below this go to the check tier only")
    build.add_argument("--fold-voiced", action="store_true", help="濁点ナンクロ: ガ = カ")
    install = actions.add_parser("install", help="build the built-in Japanese and English "
                                 "dictionaries into the user's data directory (once)")
    install.add_argument("--lang", action="append", choices=("ja", "en"))
    install.add_argument("--force", action="store_true", help="rebuild them")
    info = actions.add_parser("info", help="what a dictionary holds")
    info.add_argument("dir", metavar="DICT", help="a folder, or a built-in one: ja or en")
    lookup = actions.add_parser("lookup", help="words of a pattern")
    lookup.add_argument("dir", metavar="DICT", help="a folder, or a built-in one: ja or en")
    lookup.add_argument("pattern", metavar="PATTERN", help="12342, or a word of that shape")
    lookup.add_argument("--known", action="append", metavar="POS=LETTER",
                        help="a letter at a position (1-based), e.g. 3=ウ")
    lookup.add_argument("--limit", type=int)


def run(args) -> int:
    try:
        return ACTIONS[args.action](args)
    except BrokenPipeError:  # `dict lookup ... | head`: main's, not a file's error
        raise
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        print(f"dict: {where}{error.strerror or error}", file=sys.stderr)
        return BAD_INPUT
    except ValueError as error:  # bad input of any kind (core.errors.BadInput)
        print(f"dict: {error}", file=sys.stderr)
        return BAD_INPUT


def build(args) -> int:
    from dictionaries.builder import build_from_sources

    meta, report = build_from_sources(args.sources, args.output, args.lang,
                                      args.min_frequency, args.fold_voiced, say=progress)
    for example in report.examples:
        print(f"skipped {example}", file=sys.stderr)
    counts = meta["counts"]
    print(f"{args.output}: {counts['words']} words ({counts['fill']} in the fill tier); "
          f"dropped: {meta['dropped'] or 'none'}")
    return OK


def progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)  # stdout keeps only the result


def install(args) -> int:
    from dictionaries.defaults import LANGUAGES, default_path, install

    if not install(args.lang or LANGUAGES, args.force, say=print):
        print(f"the built-in dictionaries are in {default_path('ja').parent}")
    return OK


def info(args) -> int:
    from dictionaries.defaults import open_source

    dictionary = open_source(args.dir)
    meta = dictionary.meta
    shown = {k: meta.get(k) for k in ("lang", "normalization", "counts", "sources", "dropped",
                                      "alphabet")}
    shown["tiers"] = tiers_of(dictionary)
    shown["blocklist"] = blocklisted(dictionary)
    # checked as it was opened (a mismatch is refused there)
    shown["integrity"] = ("data.mdb matches the SHA-256 of its build" if dictionary.verified
                          else "no SHA-256 recorded (built by an older version)")
    print(json.dumps(shown, ensure_ascii=False, indent=1))
    return OK


def tiers_of(dictionary) -> dict:
    """Each tier's words and how many of them are names, initialisms or sensitive (as the
    build found them; a dictionary built before marks has only the counts)."""
    if "by_tier" in dictionary.meta:
        return dictionary.meta["by_tier"]
    fill = dictionary.meta["counts"]["fill"]
    return {"fill": {"words": fill}, "check": {"words": dictionary.size - fill},
            "marks": "none recorded (built by an older version)"}


def blocklisted(dictionary) -> dict:
    """The built-in blocklist of the dictionary's language, and the fill words on it (the
    generator leaves them out unless --allow-sensitive)."""
    from dictionaries.blocklist import SOURCES, built_in, is_listed
    from dictionaries.store import FILL, SENSITIVE

    lang = dictionary.meta["lang"]
    listed = built_in(lang) if lang in SOURCES else frozenset()
    left_out = 0
    for n in dictionary.meta["lengths"]:
        words, tiers = dictionary.words_of(int(n))
        marks = dictionary.marks_of(int(n))
        left_out += sum(1 for word, tier, mark in zip(words, tiers, marks, strict=True)
                        if tier == FILL and (mark & SENSITIVE or is_listed(word, listed, lang)))
    return {"source": SOURCES.get(lang, "none for this language"), "words": len(listed),
            "fill words left out": left_out}


def lookup(args) -> int:
    from dictionaries import parse_pattern, pattern_text
    from dictionaries.defaults import open_source
    from dictionaries.normalize import fold

    if args.limit is not None and args.limit < 1:
        raise ValueError("--limit is at least 1")
    dictionary = open_source(args.dir)
    numbers = parse_pattern(args.pattern)
    known = {}
    for item in args.known or []:
        position, _, letter = item.partition("=")
        folded, _ = fold(letter, dictionary.meta["lang"])  # さ -> サ, é -> E
        if (not position.isdigit() or not 1 <= int(position) <= len(numbers)
                or not folded or len(folded) != 1):
            raise ValueError(f"--known {item!r}: write POSITION=LETTER, 1 to {len(numbers)}")
        known[int(position) - 1] = folded
    words = dictionary.lookup(numbers, known, args.limit)
    for word in words:
        print(word)
    if not words:
        with_known = "".join(f", {letter} at {p + 1}" for p, letter in sorted(known.items()))
        print(f"no word with pattern {pattern_text(numbers)}{with_known}", file=sys.stderr)
        return NOT_UNIQUE
    return OK


ACTIONS = {"build": build, "install": install, "info": info, "lookup": lookup}
