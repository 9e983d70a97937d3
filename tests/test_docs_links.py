"""Every relative link and anchor in the project's Markdown resolves (issue 27).

The documents: README.md, RELIABILITY.md, BENCHMARKS.md, CHANGELOG.md (when there is one)
and docs/*.md. A relative link must name a file or folder of the repository (not outside
it); a fragment (``#section``, alone or after a Markdown file) must name a heading of that
file by GitHub's anchor rules (github-slugger: lower case, punctuation dropped, each space
a hyphen, a repeated heading numbered ``-1``, ``-2``...) or an HTML ``id``/``name``.
External http(s) links are checked for their syntax only: the tests use no network.
Links inside code (fenced blocks, indented blocks, code spans) are text, not links.

Plain functions over plain text: the checks take the files through two callables, so the
unit tests below run them over in-memory documents with broken links to show they fail.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

REPO = Path(__file__).resolve().parents[1]
README_MAX_LINES = 200  # issue 27: a page a newcomer reads in five minutes

Exists = Callable[[str], bool]  # a repository-relative POSIX path: file or folder?
Read = Callable[[str], str]  # the text of a repository-relative Markdown file


def documents(repo: Path = REPO) -> list[str]:
    """The checked Markdown files, repository-relative."""
    names = ["README.md", "RELIABILITY.md", "BENCHMARKS.md", "CHANGELOG.md"]
    found = [name for name in names if (repo / name).is_file()]
    found += sorted(f"docs/{path.name}" for path in (repo / "docs").glob("*.md"))
    return found


# -- Markdown, as much of it as links need ---------------------------------------------------

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_CODE_SPAN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)", re.DOTALL)
_HTML_ID = re.compile(r"""<a\s[^>]*\b(?:id|name)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
_HTML_TAG = re.compile(r"<[^>]+>")
# [text](target) and ![alt](target), with an optional "title"; <target> for spaces.
_INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]"  # [text], one level of nested brackets
    r"\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"  # (target, balanced parentheses
    r"(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)"  # "title")
)
_REFERENCE_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
_AUTOLINK = re.compile(r"<((?:https?|mailto):[^\s<>]*)>", re.IGNORECASE)
_HTML_HREF = re.compile(r"""<a\s[^>]*\bhref\s*=\s*["']([^"']+)["']""", re.IGNORECASE)


def prose_lines(markdown: str) -> Iterator[tuple[int, str]]:
    """(line number, line) of every line outside fenced and indented code blocks."""
    fence: str | None = None
    previous_blank = True
    for number, line in enumerate(markdown.splitlines(), 1):
        opened = _FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = None
            continue
        if opened:
            fence = opened.group(1)
            continue
        # An indented code block starts after a blank line (a list item's continuation
        # lines are indented too, but never right after a blank line at 4+ spaces here).
        if (
            previous_blank
            and line.startswith(("    ", "\t"))
            and not line.lstrip().startswith(("-", "*", "+", "|"))
        ):
            continue
        previous_blank = not line.strip()
        yield number, line


def without_code_spans(text: str) -> str:
    return _CODE_SPAN.sub(" ", text)


def heading_text(raw: str) -> str:
    """What a heading shows: code spans kept as their text, links as their text, no HTML
    tags and no emphasis underscores (asterisks go with the slug's punctuation)."""
    parts: list[str] = []
    last = 0
    for span in _CODE_SPAN.finditer(raw):
        parts.append(_plain(raw[last : span.start()]))
        parts.append(span.group(2).strip())
        last = span.end()
    parts.append(_plain(raw[last:]))
    return "".join(parts).strip()


def _plain(text: str) -> str:
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = _HTML_TAG.sub("", text)
    return re.sub(r"(?<![A-Za-z0-9])_+|_+(?![A-Za-z0-9])", "", text)


def slug(text: str) -> str:
    """GitHub's anchor of a heading's text (github-slugger): lower case; every character
    that is not a letter, a mark, a decimal or letter number, a connector (``_``), a hyphen
    or a space dropped (so ``²`` and ``½`` go too); each space a hyphen."""
    kept = []
    for char in text.lower():
        category = unicodedata.category(char)
        if char in " -" or category[0] in "LM" or category in ("Nd", "Nl", "Pc"):
            kept.append(char)
    return "".join(kept).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """Every fragment a link may name in this document."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    lines = list(prose_lines(markdown))
    for index, (number, line) in enumerate(lines):
        found.update(_HTML_ID.findall(line))
        text: str | None = None
        atx = _ATX.match(line)
        if atx:
            text = atx.group(2) or ""
        elif index + 1 < len(lines) and lines[index + 1][0] == number + 1:
            underline = _SETEXT.match(lines[index + 1][1])
            if underline and line.strip() and not line.lstrip().startswith(("|", "-", "*", ">")):
                text = line
        if text is None:
            continue
        base = slug(heading_text(text))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(markdown: str) -> Iterator[tuple[int, str]]:
    """(line number, target) of every link outside code."""
    for number, line in prose_lines(markdown):
        text = without_code_spans(line)
        for pattern in (_INLINE_LINK, _AUTOLINK, _HTML_HREF):
            for match in pattern.finditer(text):
                target = match.group(1)
                yield number, target[1:-1] if target.startswith("<") else target
        definition = _REFERENCE_DEF.match(text)
        if definition:
            target = definition.group(1)
            yield number, target[1:-1] if target.startswith("<") else target


# -- the checks ---------------------------------------------------------------------------


def external_problem(target: str) -> str | None:
    """Why an absolute URL is malformed, or None. Nothing is fetched."""
    parts = urlsplit(target)
    scheme = parts.scheme.lower()
    if scheme == "mailto":
        return None if "@" in parts.path else "a mailto link without an address"
    if scheme not in ("http", "https"):
        return f"a link with scheme {scheme!r} (only http, https and mailto are expected)"
    if not parts.netloc or any(char.isspace() for char in target):
        return "a malformed URL"
    try:
        parts.port  # noqa: B018 (raises on a port that is not a number)
    except ValueError:
        return "a malformed port"
    host = parts.hostname or ""
    if not re.fullmatch(r"[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|[0-9a-f:.]+", host):
        return "a malformed host"
    return None


def broken_links(doc: str, markdown: str, exists: Exists, read: Read) -> list[str]:
    """``doc:line: target: why`` for every link of ``doc`` (repository-relative) that does
    not resolve; ``exists`` and ``read`` answer for the other files of the repository."""
    problems: list[str] = []
    own_anchors: set[str] | None = None
    for number, target in links(markdown):
        where = f"{doc}:{number}: {target}"
        if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", target):
            why = external_problem(target)
            if why:
                problems.append(f"{where}: {why}")
            continue
        path_part, _, fragment = target.partition("#")
        path_part = unquote(path_part.split("?", 1)[0])
        fragment = unquote(fragment)
        if path_part.startswith("/"):
            problems.append(f"{where}: an absolute path (GitHub resolves it from the host)")
            continue
        if path_part:
            resolved = posixpath.normpath(posixpath.join(posixpath.dirname(doc), path_part))
            if resolved == ".." or resolved.startswith("../"):
                problems.append(f"{where}: outside the repository")
                continue
            if not exists(resolved):
                problems.append(f"{where}: no such file or folder")
                continue
            if not fragment:
                continue
            if not resolved.endswith(".md"):
                problems.append(f"{where}: an anchor into a file that is not Markdown")
                continue
            targets = anchors(read(resolved))
        else:
            if not fragment:
                problems.append(f"{where}: an empty link")
                continue
            if own_anchors is None:
                own_anchors = anchors(markdown)
            targets = own_anchors
        if fragment not in targets:
            problems.append(f"{where}: no heading with the anchor #{fragment}")
    return problems


def _on_disk(repo: Path) -> tuple[Exists, Read]:
    def exists(path: str) -> bool:
        return (repo / PurePosixPath(path)).exists()

    def read(path: str) -> str:
        return (repo / PurePosixPath(path)).read_text(encoding="utf-8")

    return exists, read


# -- the repository's documents -----------------------------------------------------------


def test_the_checked_documents_are_there() -> None:
    names = documents()
    for needed in ("README.md", "RELIABILITY.md", "BENCHMARKS.md", "docs/kafka.md"):
        assert needed in names, f"{needed} is not among the checked documents"
    assert len([name for name in names if name.startswith("docs/")]) >= 5


def test_every_relative_link_and_anchor_in_the_docs_resolves() -> None:
    exists, read = _on_disk(REPO)
    problems = [
        problem for doc in documents() for problem in broken_links(doc, read(doc), exists, read)
    ]
    assert not problems, "broken links:\n" + "\n".join(problems)


def test_the_docs_link_to_each_other() -> None:
    # A check that finds no link passes whatever the links are: make sure it sees them.
    _, read = _on_disk(REPO)
    readme_links = [target for _, target in links(read("README.md"))]
    assert sum(target.startswith("docs/") for target in readme_links) >= 5
    assert any("#" in target for doc in documents() for _, target in links(read(doc)))


def test_the_readme_is_a_newcomers_page() -> None:
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, (
        f"README.md has {len(lines)} lines (at most {README_MAX_LINES}): move detail to docs/"
    )


# -- the checker itself, over in-memory documents -------------------------------------------

FILES = {
    "README.md": "",
    "docs/guide.md": "# Guide\n\n## Set-up: step 1 (`make install`)\n\n"
    "## Set-up: step 1 (`make install`)\n",
    "docs/data.csv": "a,b\n",
    "Makefile": "",
}
FOLDERS = {"docs"}


def _check(doc: str, markdown: str) -> list[str]:
    return broken_links(
        doc,
        markdown,
        lambda path: path in FILES or path in FOLDERS,
        lambda path: FILES[path],
    )


def test_a_broken_link_and_a_broken_anchor_fail() -> None:
    markdown = "\n".join(
        [
            "# Title",
            "",
            "## Known issues",
            "",
            "Good: [guide](docs/guide.md), [step](docs/guide.md#set-up-step-1-make-install),",
            "[again](docs/guide.md#set-up-step-1-make-install-1), [issues](#known-issues),",
            "[folder](docs/), [make](Makefile), [web](https://example.com/a?b=1#c).",
            "",
            "Broken: [gone](docs/missing.md) and [anchor](#known-issue).",
            "[far](docs/guide.md#step-3) [out](../shared/spec/contract.md)",
        ]
    )
    assert _check("README.md", markdown) == [
        "README.md:9: docs/missing.md: no such file or folder",
        "README.md:9: #known-issue: no heading with the anchor #known-issue",
        "README.md:10: docs/guide.md#step-3: no heading with the anchor #step-3",
        "README.md:10: ../shared/spec/contract.md: outside the repository",
    ]


def test_links_resolve_from_the_documents_folder() -> None:
    markdown = "[up](../README.md) [here](guide.md#guide) [wrong](README.md) [csv](data.csv#x)"
    assert _check("docs/other.md", markdown) == [
        "docs/other.md:1: README.md: no such file or folder",
        "docs/other.md:1: data.csv#x: an anchor into a file that is not Markdown",
    ]


def test_external_links_are_checked_for_syntax_only() -> None:
    markdown = (
        "[a](https://example.com) <https://docs.rs/x/1.0/> [b](http://127.0.0.1:3000/d)\n"
        "[c](https://exa mple.com) [d](https:///path) [e](ftp://example.com/f) [f](mailto:x@y.z)\n"
        "[g](<https://exa mple.com>) [h](https://example.com:80x/) [i](https://exa_mple.com/)"
    )
    problems = _check("README.md", markdown)
    assert [problem.split(": ", 1)[1] for problem in problems] == [
        "https:///path: a malformed URL",
        "ftp://example.com/f: a link with scheme 'ftp' (only http, https and mailto are expected)",
        "https://exa mple.com: a malformed URL",
        "https://example.com:80x/: a malformed port",
        "https://exa_mple.com/: a malformed host",
    ]
    # "[c](https://exa mple.com)" is no Markdown link at all (a space ends the target):
    assert "exa mple" not in [target for number, target in links(markdown) if number == 2]


def test_code_is_not_checked() -> None:
    markdown = "\n".join(
        [
            "`[a](missing.md)` in a code span",
            "",
            "```md",
            "[b](missing.md) in a fence",
            "```",
            "",
            "    [c](missing.md) in an indented block",
            "",
            "[d](missing.md) in prose",
        ]
    )
    assert _check("README.md", markdown) == ["README.md:9: missing.md: no such file or folder"]


def test_anchors_follow_githubs_rules() -> None:
    assert slug(heading_text("Delivery guarantees: at-least-once (default), exactly-once")) == (
        "delivery-guarantees-at-least-once-default-exactly-once"
    )
    assert slug(heading_text("`@chao/clean-stream` (TypeScript)")) == "chaoclean-stream-typescript"
    assert slug(heading_text("The `unsafe_summary` rule")) == "the-unsafe_summary-rule"
    assert slug(heading_text("Python: `pipeline.kafka.reader` for services")) == (
        "python-pipelinekafkareader-for-services"
    )
    assert slug(heading_text("What [the docs](x.md) say, _briefly_")) == "what-the-docs-say-briefly"
    assert slug(heading_text("Où ça tourne, m² ½")) == "où-ça-tourne-m-"
    markdown = '# Tests\n\n## Tests\n\n```\n# not a heading\n```\n\nSetext\n---\n<a id="x-y"></a>\n'
    assert anchors(markdown) == {"tests", "tests-1", "setext", "x-y"}
