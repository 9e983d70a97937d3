"""The import direction between the two packages: ``pipeline`` is the pure layer (stages,
models, Kafka helpers, the HTTP API's plain parts) and ``topologies`` wires it to Faust on
top of it, so no module under pipeline/ imports ``topologies``. Imports are read with
ast (a docstring or comment naming a topologies module is no import)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The one exception, and why: the CLI (pipeline/cli.py, the ``chao-pipeline`` entry point)
# is the program's top, above both packages; its ``worker`` command starts the Faust
# worker, importing it inside that command only so every other command runs without
# loading Faust.
ALLOWED = {("pipeline/cli.py", "_cmd_worker")}


def imports_of(path: Path, package: str = "topologies") -> list[tuple[str, int, str | None]]:
    """Every import of ``package`` (or a module under it) in ``path``: (module, line,
    the function it is inside, None at module level)."""
    tree = ast.parse(path.read_text())
    found: list[tuple[str, int, str | None]] = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = function
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = child.name if function is None else function
            if isinstance(child, ast.Import):
                found.extend(
                    (alias.name, child.lineno, function)
                    for alias in child.names
                    if _under(alias.name, package)
                )
            elif (
                isinstance(child, ast.ImportFrom)
                and child.level == 0
                and child.module is not None
                and (
                    _under(child.module, package)
                    or any(_under(f"{child.module}.{a.name}", package) for a in child.names)
                )
            ):
                found.append((child.module, child.lineno, function))
            visit(child, inner)

    visit(tree, None)
    return found


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_no_module_under_pipeline_imports_topologies() -> None:
    files = sorted((ROOT / "pipeline").rglob("*.py"))
    assert len(files) > 50
    found = [
        f"{f.relative_to(ROOT)}:{line} imports {module}"
        for f in files
        for module, line, function in imports_of(f)
        if (f.relative_to(ROOT).as_posix(), function) not in ALLOWED
    ]
    assert found == [], "pipeline/ must not import topologies: " + ", ".join(found)


def test_the_cli_starts_the_worker_through_its_one_allowed_import() -> None:
    # The exception is used (else it should go) and is inside the command, not at the top.
    imports = imports_of(ROOT / "pipeline" / "cli.py")
    assert [(module, function) for module, _, function in imports] == [
        ("topologies.worker", "_cmd_worker")
    ]


def test_the_scan_finds_every_form_of_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Uses topologies.worker (a docstring: no import)."""\n'
        "import topologies\n"
        "import topologies.app as app\n"
        "from topologies import faust_bridge\n"
        "from topologies.patches import apply\n"
        "from . import topologies_like\n"
        "from pipeline import dev\n"
        "import topologiesx\n"
        "def f():\n"
        "    def g():\n"
        "        from topologies.worker import run_worker\n"
    )
    assert imports_of(sample) == [
        ("topologies", 2, None),
        ("topologies.app", 3, None),
        ("topologies", 4, None),
        ("topologies.patches", 5, None),
        ("topologies.worker", 11, "f"),
    ]
    assert imports_of(sample, "pipeline.dev") == [("pipeline", 7, None)]


def test_the_product_does_not_import_the_development_tools() -> None:
    # pipeline/dev/ (generator, demo, local brokers, worker runner) is for development and
    # tests only; the CLI reaches it from its generate, demo and broker commands.
    files = sorted(
        f
        for f in [*(ROOT / "pipeline").rglob("*.py"), *(ROOT / "topologies").rglob("*.py")]
        if (ROOT / "pipeline" / "dev") not in f.parents and f != ROOT / "pipeline" / "cli.py"
    )
    found = [
        f"{f.relative_to(ROOT)}:{line} imports {module}"
        for f in files
        for module, line, _ in imports_of(f, "pipeline.dev")
    ]
    assert found == [], "the product must not import pipeline/dev: " + ", ".join(found)
    imported = imports_of(ROOT / "pipeline" / "cli.py", "pipeline.dev")
    assert imported and all(function is not None for _, _, function in imported)
