"""docs/configuration.md tells the truth about the settings: its table of every ``CHAO_*``
variable is what pipeline/dev/settings_doc.py generates from the settings classes (their
fields, env prefixes and aliases), every settings class of the code is in that index, no
product code reads a ``CHAO_*`` variable around them (``os.environ``, ``os.getenv``, read
with ast), and the test knobs the tests read directly are the ones the page lists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pipeline.dev import settings_doc

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = (ROOT / "pipeline", ROOT / "topologies")


def _files(*folders: Path) -> list[Path]:
    return sorted(f for folder in folders for f in folder.rglob("*.py"))


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level NAME = "string" assignments (an env name kept in a constant)."""
    found: dict[str, str] = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            found |= {t.id: node.value.value for t in node.targets if isinstance(t, ast.Name)}
    return found


def _is_environ(node: ast.expr) -> bool:
    """``os.environ`` or a bare ``environ`` (from os import environ)."""
    return (isinstance(node, ast.Attribute) and node.attr == "environ") or (
        isinstance(node, ast.Name) and node.id == "environ"
    )


def environment_reads(path: Path) -> set[str]:
    """The variables ``path`` reads from the environment itself: ``os.environ[X]``,
    ``os.environ.get(X)`` (and setdefault, pop), ``os.getenv(X)``, ``X in os.environ``,
    with X a string or a module-level constant holding one."""
    tree = ast.parse(path.read_text())
    constants = _constants(tree)

    def name_of(node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name):
            return constants.get(node.id)
        return None

    keys: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and _is_environ(node.value):
            keys.append(node.slice)
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr in ("get", "setdefault", "pop")
                and _is_environ(func.value)
            ) or (
                (isinstance(func, ast.Attribute) and func.attr == "getenv")
                or (isinstance(func, ast.Name) and func.id == "getenv")
            ):
                keys.append(node.args[0])
        elif (
            isinstance(node, ast.Compare)
            and any(isinstance(op, ast.In | ast.NotIn) for op in node.ops)
            and any(_is_environ(c) for c in node.comparators)
        ):
            keys.append(node.left)
    return {name for key in keys if (name := name_of(key)) is not None}


def _settings_classes_in_code() -> set[str]:
    """Every class of the product derived from pydantic-settings' BaseSettings."""
    found: set[str] = set()
    for path in _files(*PRODUCT):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and any(
                (isinstance(b, ast.Name) and b.id == "BaseSettings")
                or (isinstance(b, ast.Attribute) and b.attr == "BaseSettings")
                for b in node.bases
            ):
                found.add(node.name)
    return found


def test_the_page_s_table_is_the_one_the_classes_give() -> None:
    document = settings_doc.DOC.read_text()
    assert document == settings_doc.rendered(document), (
        "docs/configuration.md is out of date: run python -m pipeline.dev.settings_doc"
    )
    listed = set(re.findall(r"^\| `([A-Z0-9_]+)` \|", document, re.MULTILINE))
    derived = {variable.name for variable in settings_doc.variables()}
    assert derived <= listed
    # Something to check: every group's variables are there.
    for name in ("CHAO_REORDER_WINDOW_S", "CHAO_TOPIC_RAW", "CHAO_WORKER_BROKER_WAIT_S",
                 "CHAO_PROCESSING_GUARANTEE", "CHAO_TRACE_MAX_EVENTS", "CHAO_API_AUTH_SECRET",
                 "CHAO_KAFKA_SSL_CAFILE", "CHAO_KAFKA_VERSION"):  # fmt: skip
        assert name in derived, name


def test_every_settings_class_is_in_the_index() -> None:
    assert {cls.__name__ for cls in settings_doc.SETTINGS} == _settings_classes_in_code()


def test_no_product_code_reads_a_chao_variable_around_the_settings_classes() -> None:
    found = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in _files(*PRODUCT)
        for name in environment_reads(path)
        if name.startswith("CHAO_")
    }
    assert found == set(), "make these fields of a settings class (docs/configuration.md)"


def test_the_test_knobs_listed_are_the_ones_read() -> None:
    read = {
        name
        for path in _files(ROOT / "tests", ROOT / "benchmarks")
        for name in environment_reads(path)
        if name.startswith("CHAO_")
    }
    section = settings_doc.DOC.read_text().split("## Test and benchmark knobs", 1)[1]
    listed = set(re.findall(r"^\| `(CHAO_[A-Z0-9_]+)` \|", section, re.MULTILINE))
    assert read == listed
    derived = {variable.name for variable in settings_doc.variables()}
    assert not read & derived  # a knob is not also a product setting


def test_the_scan_finds_every_form_of_read(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\n"
        "from os import environ, getenv\n"
        'WAIT = "CHAO_A"\n'
        "os.environ.get(WAIT)\n"
        'os.environ["CHAO_B"]\n'
        'os.getenv("CHAO_C", "1")\n'
        'getenv("CHAO_D")\n'
        '"CHAO_E" in os.environ\n'
        'environ.setdefault("CHAO_F", "x")\n'
        "text = \"os.environ.get('CHAO_G')\"\n"
        "env = dict(os.environ)\n"
    )
    assert environment_reads(sample) == {"CHAO_A", "CHAO_B", "CHAO_C", "CHAO_D", "CHAO_E", "CHAO_F"}
