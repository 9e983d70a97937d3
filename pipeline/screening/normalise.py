"""What a reader sees: the text the detectors match, from the text that was sent.

Contract 3.2 rule 5: "Matching is done on what a reader would see, not on the bytes".
:func:`normalise` turns a display text into a :class:`Normalised` pair of views of the
same length:

``plain``
    Invisible characters removed (zero-width space/joiner/non-joiner, word joiner, BOM,
    soft hyphen, bidi controls, variation and tag characters), Unicode NFKC (full-width
    forms, ligatures, compatibility digits), and the encodings a browser or a JSON viewer
    would undo, repeated until nothing changes: percent-encoding (also double),
    HTML entities (named, decimal, hex) and JSON escapes (``\\u003c``, ``\\/``, ``\\"``).
    Defanged dots (``10[.]0[.]0[.]1``, ``hxxp``) read as dots. A word that mixes Latin
    letters with Cyrillic or Greek ones, mostly of the other script, is read in that
    script: its Latin look-alikes are folded into it (``пaрoль`` with Latin ``a`` and
    ``o`` reads ``пароль``, round 19), as the skeleton folds the other way. Keywords in
    every language are searched here.
``skeleton``
    ``plain`` with every look-alike letter from another script replaced by the ASCII
    letter it is confusable with (Cyrillic ``А`` -> ``A``, Greek ``Ι`` -> ``I``), so
    ASCII formats (vendor prefixes, URLs, markers, JSON keys) match however they are
    spelled. The mapping is Unicode's UTS #39 confusables data (``confusables.txt``),
    as shipped by the ``confusable-homoglyphs`` package; of the characters of a
    confusable class the ASCII one with the same letter case is chosen (``І``, an upper
    case letter, becomes ``I`` rather than the class's prototype ``l``), so that
    ``AKІA`` reads ``AKIA``. Every replacement is one character for one, so a position
    in one view is the same position in the other.

Texts that are plain ASCII without ``%``, ``&``, ``\\``, ``[``/``(`` defangs are returned
as they are (both views the same string): the common case costs a few ``in`` tests.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

__all__ = ["Normalised", "needs_work", "normalise", "skeleton_table"]

# Invisible "format" characters that can split a secret or a marker without showing.
_INVISIBLE: Final[dict[int, None]] = dict.fromkeys(
    [
        0x00AD,  # soft hyphen
        0x034F,  # combining grapheme joiner
        0x061C,  # arabic letter mark
        0x115F,
        0x1160,
        0x17B4,
        0x17B5,
        0x180E,  # mongolian vowel separator
        0x3164,
        0xFEFF,  # zero-width no-break space / BOM
        0xFFA0,
        *range(0x180B, 0x180F),  # mongolian variation selectors
        *range(0x200B, 0x2010),  # zero-width space/non-joiner/joiner, LRM/RLM
        *range(0x202A, 0x202F),  # bidi embeddings and overrides
        *range(0x2060, 0x2070),  # word joiner, invisible operators, bidi isolates
        *range(0xFE00, 0xFE10),  # variation selectors
        *range(0xE0000, 0xE0080),  # tag characters
        *range(0xE0100, 0xE01F0),  # variation selectors supplement
    ]
)
_INVISIBLE_RE: Final = re.compile(
    "[" + "".join(re.escape(chr(c)) for c in sorted(_INVISIBLE)) + "]"
)
# Combining marks left on an ASCII character after NFKC (which composes every accent
# that has a precomposed letter): decoration such as p̲a̲s̲s̲ (U+0332) or s̶t̶r̶i̶k̶e̶ that a
# reader reads through. Accents of other scripts stay (they follow non-ASCII letters).
_DECORATION_RE: Final = re.compile(
    "(?<=[!-~])[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+"
)
_PERCENT_RE: Final = re.compile(r"%[0-9A-Fa-f]{2}")
_ENTITY_RE: Final = re.compile(
    r"&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});?"
)
_JSON_ESCAPE_RE: Final = re.compile(r"\\u[0-9A-Fa-f]{4}(?:\\u[0-9A-Fa-f]{4})?|\\[/\"']")
_DEFANG_RE: Final = re.compile(r"\[\.\]|\(\.\)|\[dot\]|\(dot\)|\[:\]|\bhxxp(?=s?\b)", re.IGNORECASE)
_DEFANG_WORDS: Final = {"[.]": ".", "(.)": ".", "[dot]": ".", "(dot)": ".", "[:]": ":"}
_MAX_ROUNDS: Final = 6


def _json_unescape(match: re.Match[str]) -> str:
    token = match.group()
    if token[1] != "u":
        return token[1]
    units = [int(token[i + 2 : i + 6], 16) for i in range(0, len(token), 6)]
    if len(units) == 2 and 0xD800 <= units[0] < 0xDC00 and 0xDC00 <= units[1] < 0xE000:
        return chr(0x10000 + ((units[0] - 0xD800) << 10) + (units[1] - 0xDC00))
    return "".join(chr(u) if not 0xD800 <= u < 0xE000 else "\ufffd" for u in units)


def _defang(match: re.Match[str]) -> str:
    token = match.group()
    return _DEFANG_WORDS.get(token.lower(), "http")


def _unquote_run(match: re.Match[str]) -> str:
    # A run that is not UTF-8 (``%cc`` in the password ``#AdZ#u1x%ccMp``) is not an
    # encoding: a reader sees the characters as written, so they stay.
    run = match.group()
    try:
        return bytes.fromhex(run.replace("%", "")).decode("utf-8")
    except UnicodeDecodeError:
        return run


_PERCENT_RUN_RE: Final = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _decode_once(text: str) -> str:
    if "%" in text and _PERCENT_RE.search(text):
        text = _PERCENT_RUN_RE.sub(_unquote_run, text)
    if "&" in text and _ENTITY_RE.search(text):
        text = html.unescape(text)
    if "\\" in text:
        text = _JSON_ESCAPE_RE.sub(_json_unescape, text)
    return text


_WORK_RE: Final = re.compile(
    r"%[0-9A-Fa-f]{2}|&(?:#[0-9xX]|[A-Za-z][A-Za-z0-9]{1,31};?)|\\u[0-9A-Fa-f]{4}|\\[/\"']"
    r"|\[\.\]|\(\.\)|\[dot\]|\(dot\)|\[:\]|hxxp",
    re.IGNORECASE,
)


def needs_work(text: str) -> bool:
    """Whether normalising ``text`` can change it (False: it is its own view)."""
    if not text.isascii():
        return True
    # Plain ``in`` tests first: one regex search over every position costs ten of them.
    if (
        "%" in text
        or "&" in text
        or "\\" in text
        or "[" in text
        or "(" in text
        or "xxp" in text
        or "XXP" in text
    ):
        return _WORK_RE.search(text) is not None
    return False


@lru_cache(maxsize=1)
def skeleton_table() -> dict[int, int]:
    """Non-ASCII character -> ASCII look-alike, from UTS #39 confusables data.

    ``confusable-homoglyphs`` stores each line of ``confusables.txt`` (source ->
    prototype) in both directions, so the data is a set of star-shaped classes around
    each prototype. Each non-ASCII member of a class with an ASCII member maps to the
    ASCII member of the same kind (upper-case letter, lower-case letter, digit), or to
    the class's first ASCII member when none is of its kind.
    """
    from confusable_homoglyphs.utils import load

    data: dict[str, list[dict[str, str]]] = load("confusables.json")
    parent: dict[str, str] = {}

    def find(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            ch = parent[ch]
        return ch

    for source, entries in data.items():
        if len(source) != 1:
            continue
        for entry in entries:
            target = entry["c"].strip("\u200e")
            if len(target) != 1:
                continue
            a, b = find(source), find(target)
            if a != b:
                parent[a] = b
    classes: dict[str, list[str]] = {}
    for ch in {*parent, *(p for p in parent.values())}:
        classes.setdefault(find(ch), []).append(ch)
    table: dict[int, int] = {}
    for members in classes.values():
        ascii_members = sorted(c for c in members if c.isascii() and c.isprintable())
        if not ascii_members:
            continue
        for ch in members:
            if ch.isascii():
                continue
            kind = unicodedata.category(ch)
            pick = next(
                (
                    a
                    for a in ascii_members
                    if (kind == "Lu" and a.isupper())
                    or (kind == "Ll" and a.islower())
                    or (kind == "Nd" and a.isdigit())
                ),
                ascii_members[0],
            )
            table[ord(ch)] = ord(pick)
    return table


# A word with Latin letters and Cyrillic or Greek ones in it (letters only: a value such
# as ``Пароль2024x`` is split at its digits and each part judged alone).
_MIXED_WORD_RE: Final = re.compile(
    r"[^\W\d_]*(?:[A-Za-z][^\W\d_]*[\u0370-\u03ff\u0400-\u04ff]"
    r"|[\u0370-\u03ff\u0400-\u04ff][^\W\d_]*[A-Za-z])[^\W\d_]*"
)


@lru_cache(maxsize=1)
def _latin_into() -> dict[str, dict[int, int]]:
    """ASCII letter -> its look-alike in Cyrillic and in Greek (the skeleton reversed).

    Of several look-alikes the one of the same letter case from the script's own block
    is chosen, of the basic alphabet first (``a`` -> ``а`` U+0430, not ``ӓ``-like
    variants or the small capitals of phonetic blocks)."""
    blocks = {"CYRILLIC": (0x0400, 0x04FF), "GREEK": (0x0370, 0x03FF)}
    best: dict[str, dict[int, tuple[int, int]]] = {"CYRILLIC": {}, "GREEK": {}}
    for source, target in skeleton_table().items():
        ch, ascii_letter = chr(source), chr(target)
        if not ch.isalpha() or not ascii_letter.isalpha():
            continue
        for script, (low, high) in blocks.items():
            if not low <= source <= high:
                continue
            rank = (ch.isupper() != ascii_letter.isupper()) * 2 + (not _basic(source))
            current = best[script].get(target)
            if current is None or (rank, source) < current:
                best[script][target] = (rank, source)
    return {
        script: {t: s for t, (rank, s) in table.items() if rank < 2}
        for script, table in best.items()
    }


def _basic(code: int) -> bool:
    return 0x0410 <= code <= 0x044F or 0x0391 <= code <= 0x03C9


def _fold_mixed_word(match: re.Match[str]) -> str:
    word = match.group()
    latin = sum(c.isascii() for c in word)
    cyrillic = sum("\u0400" <= c <= "\u04ff" for c in word)
    greek = sum("\u0370" <= c <= "\u03ff" for c in word)
    if latin > max(cyrillic, greek):
        return word  # mostly Latin: the skeleton view reads it
    table = _latin_into()["CYRILLIC" if cyrillic >= greek else "GREEK"]
    return word.translate(table)


def fold_mixed_words(text: str) -> str:
    """``text`` with each word that mixes scripts read in its main script (same length)."""
    return _MIXED_WORD_RE.sub(_fold_mixed_word, text)


@dataclass(frozen=True, slots=True)
class Normalised:
    """Two same-length views of one display text (see the module docstring)."""

    plain: str
    skeleton: str

    @property
    def same(self) -> bool:
        return self.plain is self.skeleton or self.plain == self.skeleton


def normalise(text: str) -> Normalised:
    """The views of ``text`` that the detectors match."""
    if not needs_work(text):
        return Normalised(text, text)
    plain = text
    for _ in range(_MAX_ROUNDS):
        before = plain
        if not plain.isascii():
            plain = _INVISIBLE_RE.sub("", plain)
            plain = unicodedata.normalize("NFKC", plain)
            plain = _DECORATION_RE.sub("", plain)
        plain = _decode_once(plain)
        if plain == before:
            break
    if ("[" in plain or "(" in plain or "xxp" in plain.lower()) and _DEFANG_RE.search(plain):
        plain = _DEFANG_RE.sub(_defang, plain)
    if plain.isascii():
        return Normalised(plain, plain)
    plain = fold_mixed_words(plain)
    skeleton = plain.translate(skeleton_table())
    return Normalised(plain, skeleton if skeleton != plain else plain)
