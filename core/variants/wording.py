"""A variant in the words setters print: its name ("Killer Sudoku") and its rules, one
sentence a kind ("Digits along a thermometer increase from the bulb end."), in English and
Japanese. Each kind's words live in one table, WORDS, keyed by kind (a line kind's come from
its record in core.variants.kinds); `kinds` says which kinds a puzzle uses, in the order
setters list them, with the numbers a sentence needs."""

from __future__ import annotations

from core.sudoku.model import SYMBOLS
from core.variants import model
from core.variants.custom import RULE_KINDS, every_rule, legend
from core.variants.kinds import LINES, Words
from core.variants.model import Variant

LANGUAGES = ("en", "ja")
MAX_NAMED = 2  # kinds a name lists ("Killer Thermo Sudoku"); more: "Variant Sudoku"


WORDS = {
    "classic": Words(None, None,
                     "Place the digits {digits} once each in every row, column and {box}.",
                     "各行、各列、{box_ja}に{digits_ja}の数字が1つずつ入ります。"),
    "jigsaw": Words("Jigsaw", "ジグソー", "", ""),  # said by the classic sentence's {box}
    "diagonal": Words("Diagonal", "対角線",
                      "Digits may not repeat on {which} marked diagonal.",
                      "{which_ja}の対角線上にも同じ数字は入りません。"),
    "disjoint": Words("Disjoint Groups", "ディスジョイント",
                      "Cells in the same position in each box hold different digits.",
                      "各ブロックの同じ位置にあるマスには同じ数字は入りません。"),
    "antiknight": Words("Anti-Knight", "アンチナイト",
                        "Cells a chess knight's move apart may not hold the same digit.",
                        "チェスのナイトの動きで移れる2マスには同じ数字は入りません。"),
    "antiking": Words("Anti-King", "アンチキング",
                      "Cells a chess king's move apart (diagonally too) may not hold the "
                      "same digit.",
                      "斜めに接する2マスにも同じ数字は入りません。"),
    "extra": Words("Extra Regions", "エクストラリージョン",
                   "Digits may not repeat within a shaded region.",
                   "色のついた各領域にも同じ数字は入りません。"),
    "even": Words("Even-Odd", "偶奇", "A grey square holds an even digit.",
                  "灰色の四角のマスには偶数が入ります。"),
    "odd": Words("Even-Odd", "偶奇", "A grey circle holds an odd digit.",
                 "灰色の丸のマスには奇数が入ります。"),
    "white": Words("Kropki", "クロップキ",
                   "Digits separated by a white dot are consecutive{white_other}.",
                   "白い点で接する2マスの数字の差は1です{white_other_ja}。"),
    "black": Words("Kropki", "クロップキ",
                   "Of two digits separated by a black dot, one is double the other"
                   "{black_other}.",
                   "黒い点で接する2マスの一方はもう一方の2倍です{black_other_ja}。"),
    "bar": Words("Consecutive", "連続",
                 "Digits separated by a bar are consecutive.",
                 "棒で接する2マスの数字の差は1です。"),
    "nonconsecutive": Words("Non-Consecutive", "非連続",
                            "Orthogonally adjacent cells may not hold consecutive digits.",
                            "上下左右に接する2マスの数字の差は1ではありません。"),
    "x": Words("XV", "XV", "Digits separated by an X add up to 10.",
               "Xで接する2マスの数字の和は10です。"),
    "v": Words("XV", "XV", "Digits separated by a V add up to 5.",
               "Vで接する2マスの数字の和は5です。"),
    "less": Words("Inequality", "不等号",
                  "An inequality sign between two cells points to the smaller digit.",
                  "不等号は小さいほうの数字を指します。"),
    "cages": Words("Killer", "キラー",
                   "Digits in a cage may not repeat and add up to the small number in its "
                   "top-left corner{cage_blank}.",
                   "点線で囲まれた枠の中の数字は重複せず、その和は左上の小さな数字です"
                   "{cage_blank_ja}。"),
    "little": Words("Little Killer", "リトルキラー",
                    "A number outside the grid gives the sum of the digits along the diagonal "
                    "its arrow points at; digits may repeat.",
                    "盤外の数字は、矢印の指す斜め方向のマスの数字の和です(同じ数字が入っても"
                    "かまいません)。"),
    "thermos": Words("Thermo", "サーモ",
                     "Digits along a thermometer increase from the bulb end.",
                     "温度計の数字は、丸い端から順に大きくなります。"),
    "arrows": Words("Arrow", "アロー",
                    "Digits along an arrow add up to the {bulb} in its circle{pill}.",
                    "矢印上の数字の和は、丸の中の{bulb_ja}です{pill_ja}。"),
    "sandwiches": Words("Sandwich", "サンドイッチ",
                        "A number left of a row or above a column gives the sum of the digits "
                        "between the 1 and the {high} in it.",
                        "行の左、列の上の数字は、その行・列の1と{high}の間にある数字の和です。"),
    # each kind of line's words, from its record (core.variants.kinds)
    **{key: words for kind in LINES.values() for key, words in kind.words.items()},
    "quads": Words("Quadruple", "クアドラプル",
                   "The digits in a circle where four cells meet appear in those four cells.",
                   "4マスの交点の丸の中の数字は、その4マスのどこかに入ります。"),
    "clones": Words("Clone", "クローン",
                    "Shaded shapes {clone_pair} hold the same digits in the same places.",
                    "{clone_pair_ja}色のついた形どうしは、同じ位置に同じ数字が入ります。"),
    "minima": Words("Minimum", "最小",
                    "A cell with chevrons pointing in holds a smaller digit than its "
                    "neighbours across them.",
                    "内向きの山形のあるマスの数字は、その向こうに接するマスより小さくなります。"),
    "maxima": Words("Maximum", "最大",
                    "A cell with chevrons pointing out holds a larger digit than its "
                    "neighbours across them.",
                    "外向きの山形のあるマスの数字は、その向こうに接するマスより大きくなります。"),
    "row indexer": Words("Row Indexer", "行インデクサー",
                         "A digit D in a green cell in column C says where its row number goes "
                         "in column C: in row D.",
                         "緑のマスの数字Dは、同じ列のD行目にそのマスの行番号が入ることを表します。"),
    "column indexer": Words("Column Indexer", "列インデクサー",
                            "A digit D in a red cell in row R says where its column number "
                            "goes in row R: in column D.",
                            "赤いマスの数字Dは、同じ行のD列目にそのマスの列番号が入ることを"
                            "表します。"),
    "box indexer": Words("Box Indexer", "ブロックインデクサー",
                         "A digit D in a blue cell says where its place in its box (in reading "
                         "order) goes: in the box's D-th cell.",
                         "青いマスの数字Dは、同じブロックのD番目のマス(左上から読む順)に"
                         "そのマスの番号が入ることを表します。"),
    "xsum": Words("X-Sums", "Xサム",
                  "A number in a circle outside the grid gives the sum of the first X digits "
                  "from that side, X being the first of them.",
                  "盤外の丸の中の数字は、その側から数えてX個の数字の和です(Xは最初の数字)。"),
    "skyscraper": Words("Skyscraper", "スカイスクレイパー",
                        "A number in a box outside the grid counts the digits seen from that "
                        "side, a higher digit hiding every lower one behind it.",
                        "盤外の四角の中の数字は、その側から見えるビルの数です(数字をビルの"
                        "高さとし、高いビルの後ろの低いビルは見えません)。"),
    # each kind of rule no kind names, from its record (core.variants.custom)
    **{name: kind.words for name, kind in RULE_KINDS.items()},
    "candidates": Words(None, None, "Small digits in a cell are the only digits it may hold.",
                        "マスの小さな数字は、そのマスに入りうる数字のすべてです。"),
    "negative": Words(None, None, "All possible {negative} are given.",
                      "{negative_ja}は条件を満たすところすべてに示されています。"),
}
NEGATIVE = {"white": ("white dots", "白い点"), "black": ("black dots", "黒い点"),
            "x": ("Xs", "X"), "v": ("Vs", "V")}
LINE_ORDER = tuple(key for kind in LINES.values() for key in kind.words)


def kinds(p: Variant) -> list[tuple[str, dict]]:
    """The kinds a puzzle uses, (key of WORDS, the values its sentence needs), in the order
    setters list them: the classic rule, global rules, shading, marks, cages and shapes,
    lines, cell and outside clues, then which marks are all given."""
    n, found = p.size, [("classic", {})]
    if p.jigsaw:
        found.append(("jigsaw", {}))
    diagonals = p.rules & {"diagonal", "antidiagonal"}
    if diagonals:
        both = len(diagonals) == 2
        found.append(("diagonal", {"which": "either" if both else "the",
                                   "which_ja": "2本" if both else "印のある"}))
    found += [(rule, {}) for rule in ("disjoint", "antiknight", "antiking") if rule in p.rules]
    found += [(name, {}) for name in ("extra", "even", "odd") if getattr(p, name)]
    found += _marks(p)
    found += [(name, {}) for name in ("cages", "little", "thermos", "arrows", "sandwiches")
              if getattr(p, name)]
    said = {LINES[line.kind].words_of(line, n) for line in p.lines}
    found += [(key, {}) for key in LINE_ORDER if key in said]
    found += [(name, {}) for name in ("quads", "clones", "minima", "maxima") if getattr(p, name)]
    found += [(f"{kind} indexer", {}) for kind in model.INDEXERS
              if any(k == kind for k, _ in p.indexers)]
    found += [(kind, {}) for kind in model.OUTSIDE_KINDS if any(o.kind == kind for o in p.outside)]
    used = {r.kind for r in p.custom} | {r.kind for r in every_rule(p)}
    found += [(name, {"rules": kind.said(p, "en"), "rules_ja": kind.said(p, "ja")})
              for name, kind in RULE_KINDS.items() if name in used]
    if p.candidates:
        found.append(("candidates", {}))
    found += _negatives(p)
    return found


def _marks(p: Variant) -> list[tuple[str, dict]]:
    marks = {m.kind for m in p.marks}
    found = [(kind, {}) for kind in ("white", "black", "bar") if kind in marks]
    if _nonconsecutive(p):
        found.append(("nonconsecutive", {}))
    return found + [(kind, {}) for kind in ("x", "v", "less") if kind in marks]


def _nonconsecutive(p: Variant) -> bool:
    """The negative white rule with no white dot or bar: no neighbours are consecutive."""
    return "white" in p.negative and not {m.kind for m in p.marks} & {"white", "bar"}


def _negatives(p: Variant) -> list[tuple[str, dict]]:
    kinds_given = [k for k in model.NEGATIVE_KINDS if k in p.negative
                   and not (k == "white" and _nonconsecutive(p))]
    if not kinds_given:
        return []
    return [("negative", {"negative": _joined([NEGATIVE[k][0] for k in kinds_given], "and"),
                          "negative_ja": "・".join(NEGATIVE[k][1] for k in kinds_given)})]


def _joined(words: list[str], conjunction: str) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def _values(p: Variant) -> dict:
    """The numbers and words the sentences fill in, from the puzzle."""
    n = p.size
    high = SYMBOLS[n - 1]
    digits = f"1 to {n}" if n <= 9 else f"1 to 9 and A to {high}"
    digits_ja = f"1〜{n}" if n <= 9 else f"1〜9とA〜{high}"
    rows, cols = model.BOXES.get(n, (0, 0))
    box = "outlined region" if p.jigsaw else f"{rows}x{cols} box"
    box_ja = "太線で囲まれた各領域" if p.jigsaw else f"太線で囲まれた{rows}×{cols}のブロック"
    whites = sorted({m.value for m in p.marks if m.kind == "white" and m.value})
    blacks = sorted({m.value for m in p.marks if m.kind == "black" and m.value})
    pills = any(len(a.bulb) > 1 for a in p.arrows)
    blank = any(c.total is None for c in p.cages)
    clone_pair = "with the same letter" if len(p.clones) > 1 or p.extra or p.indexers else (
        "of the same size")
    return {
        "digits": digits, "digits_ja": digits_ja, "high": high, "box": box, "box_ja": box_ja,
        "white_other": "; a number in a white dot is their difference" if whites else "",
        "white_other_ja": "(数字のある白い点では、差がその数です)" if whites else "",
        "black_other": "; a number in a black dot is their ratio" if blacks else "",
        "black_other_ja": "(数字のある黒い点では、比がその数です)" if blacks else "",
        "cage_blank": "; a cage without a number may have any sum" if blank else "",
        "cage_blank_ja": "(数字のない枠は和を問いません)" if blank else "",
        "bulb": "number" if pills else "digit", "bulb_ja": "数" if pills else "数字",
        "pill": " or oval (read left to right, top to bottom)" if pills else "",
        "pill_ja": "(長丸の中の数字は左から右、上から下に読む数です)" if pills else "",
        "clone_pair": clone_pair,
        "clone_pair_ja": "同じ文字の" if clone_pair.startswith("with") else "同じ形の",
        **{key: value for kind in LINES.values() if kind.sentence
           for key, value in kind.sentence(n).items()},
        **legend(p),
    }


def rules_sentences(p: Variant, lang: str = "en") -> list[str]:
    """The rules written from the constraints, one sentence a kind."""
    values = _values(p)
    said = []
    for key, own in kinds(p):
        words = WORDS[key]
        rule = words.rule_ja if lang == "ja" else words.rule
        if rule:
            said.append(rule.format(**values, **own))
    return said


def rules_text(p: Variant, lang: str = "en") -> str:
    """The rules a page prints: the setter's own text when the puzzle carries one, else the
    paragraph written from its constraints."""
    own = dict(p.meta).get("rules", "").strip()
    if own:
        return own
    return ("" if lang == "ja" else " ").join(rules_sentences(p, lang))


def name(p: Variant, lang: str = "en") -> str:
    """The puzzle's name: 'Killer Sudoku', 'Jigsaw Killer Sudoku', 'Variant Sudoku' past
    MAX_NAMED kinds; the size after it when it is not 9x9."""
    names = []
    for key, _ in kinds(p):
        word = WORDS[key].name_ja if lang == "ja" else WORDS[key].name
        if word and word not in names:
            names.append(word)
    if lang == "ja":
        base = ("変形" if len(names) > MAX_NAMED else "・".join(names)) + "ナンプレ"
    else:
        base = " ".join(["Variant"] if len(names) > MAX_NAMED else names) + " Sudoku"
        base = base.strip()
    return base if p.size == 9 else f"{base} {p.size}x{p.size}"
