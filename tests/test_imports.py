"""The import graph of capes: the layers DESIGN.md draws, and no cycles (issue #13).

Layers: ``core`` knows no game and no interface; a game knows ``core`` and itself, never another game or an
interface; the interfaces (``cli``, ``web``, ``sim``) reach games only through the registry. Every import counts,
including those inside functions (a lazy import is still a dependency); only ``if TYPE_CHECKING:`` blocks are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "capes"


def _modules() -> dict[str, Path]:
    mods: dict[str, Path] = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = path
    return mods


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The capes modules that ``name`` imports (``from pkg import x`` counts as pkg and pkg.x when x is a module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join(parts + ([child.module] if child.module else []))
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in MODULES and m != name}


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_checker_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_in_capes() -> None:
    assert _cycles(GRAPH) == []


def _layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) > 2 and parts[1] == "games":
        return "games." + parts[2]
    return parts[1] if len(parts) > 1 else "capes"


def test_layers_core_knows_no_game_and_no_interface() -> None:
    wrong = {(m, d) for m, deps in GRAPH.items() if _layer(m) == "core" for d in deps if _layer(d) != "core"}
    assert wrong == set()


def test_the_graph_counts_imports_inside_functions(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("import os\ndef f():\n    from capes.games.heroes.odds import attack_odds\n", "utf-8")
    assert _imports("probe", probe) == {"capes.games.heroes.odds"}


#: the interfaces: the CLI, the web server, simulation, sweeps and their report, the RL adapters
INTERFACES = ("cli", "web", "sim", "sweep", "sweep_ray", "report", "rl")


def test_layers_the_interfaces_import_no_game_module() -> None:
    """DESIGN "Layers" and issue #13: the CLI, web, sim, sweep and report reach games only through the registry."""
    wrong = {(m, d) for m, deps in GRAPH.items() if _layer(m) in INTERFACES
             for d in deps if _layer(d).startswith("games")}
    assert wrong == set()


def test_layers_a_game_knows_only_core_and_itself() -> None:
    wrong = {(m, d) for m, deps in GRAPH.items() if _layer(m).startswith("games.")
             for d in deps if _layer(d) not in ("core", _layer(m), "games")}
    assert wrong == set()
