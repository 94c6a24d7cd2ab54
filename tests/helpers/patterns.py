"""Every regular expression the reply readers hold, for the linear-time checks (issue 22).

Three sources, so a pattern cannot hide:

- module-level compiled patterns (also inside tuples, lists and dicts) of each reader module;
- pattern literals in the modules' source: the first argument of every ``re.compile``/``re.search``
  /``re.match``/``re.fullmatch``/``re.sub``/``re.findall``/``re.finditer``/``re.split`` call whose
  value is a constant expression (string literals, module constants and their concatenations);
- patterns compiled while the readers run (``re._compile`` is wrapped), which catches patterns
  built at run time (option texts, lexicon families, reasoning tags).
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
import re
from typing import Any, Callable, Iterator

#: Modules that read model or judge replies.
READER_MODULES = (
    "medtrust.scorers.extract",
    "medtrust.scorers.judge_text",
    "medtrust.scorers.medical_terms",
    "medtrust.scorers.llm_extract",
    "medtrust.scorers.abstention",
    "medtrust.benchmarks.cares_vlm.extract",
    "medtrust.benchmarks.cares_vlm.abstention",
    "medtrust.benchmarks.cares_vlm.judge",
    "medtrust.benchmarks.mediconfusion.extract",
    "medtrust.benchmarks.cares_llm.judge",
    "medtrust.judges.refusal",
    "medtrust.judges.offline",
)

_RE_FUNCS = {"compile", "search", "match", "fullmatch", "sub", "subn", "findall", "finditer", "split"}
#: position of the flags argument of each re function
_FLAGS_ARG = {"compile": 1, "search": 2, "match": 2, "fullmatch": 2, "findall": 2, "finditer": 2, "sub": 4, "subn": 4,
              "split": 3}


def flag_key(flags: int) -> int:
    """Flags as a key: re.UNICODE is implied for str patterns (a compiled pattern reports it)."""
    return int(flags) & ~re.UNICODE


def module_patterns(name: str) -> list[tuple[str, str, int, bool]]:
    """(where, pattern, flags, anchored) for every compiled pattern held at module level by
    ``name``; ``anchored`` when the source only ever calls ``.match``/``.fullmatch`` on it."""
    mod = importlib.import_module(name)
    src = inspect.getsource(mod)
    out: list[tuple[str, str, int, bool]] = []

    def anchored(attr: str) -> bool:
        uses = re.findall(re.escape(attr) + r"\.(\w+)\(", src)
        return bool(uses) and all(u in ("match", "fullmatch") for u in uses)

    def visit(where: str, v: Any, depth: int = 0) -> None:
        if isinstance(v, re.Pattern):
            out.append((where, v.pattern, flag_key(v.flags), anchored(where.rsplit(".", 1)[-1])))
        elif depth < 2 and isinstance(v, (tuple, list, frozenset, set)):
            for i, x in enumerate(v):
                visit(f"{where}[{i}]", x, depth + 1)
        elif depth < 2 and isinstance(v, dict):
            for k, x in v.items():
                visit(f"{where}[{k!r}]", x, depth + 1)

    for attr, v in vars(mod).items():
        visit(f"{name}.{attr}", v)
    return out


def source_patterns(name: str) -> list[tuple[str, str, int, bool]]:
    """(where, pattern, flags, anchored) for every ``re.<func>(pattern, ...)`` call in the module's source
    whose pattern is a constant expression (evaluated in the module's namespace)."""
    mod = importlib.import_module(name)
    tree = ast.parse(inspect.getsource(mod))
    out: list[tuple[str, str, int, bool]] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                and node.func.attr in _RE_FUNCS and node.args):
            continue
        value = _constant(node.args[0], vars(mod))
        if not isinstance(value, str):
            continue
        flags = 0
        for kw in node.keywords:
            if kw.arg == "flags":
                flags = _constant(kw.value, vars(mod)) or 0
        at = _FLAGS_ARG[node.func.attr]
        if len(node.args) > at:
            flags = _constant(node.args[at], vars(mod)) or 0
        out.append((f"{name}:{node.lineno} re.{node.func.attr}", value, flag_key(flags) if isinstance(flags, int) else 0,
                    node.func.attr in ("match", "fullmatch")))
    return out


def _constant(node: ast.AST, ns: dict[str, Any]) -> Any:
    """The value of a constant expression: literals, names of module constants, +, |, joins of
    literal tuples; None for anything else."""
    try:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            v = ns.get(node.id)
            return v if isinstance(v, (str, int)) else None
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "re":
            return getattr(re, node.attr, None)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.BitOr)):
            a, b = _constant(node.left, ns), _constant(node.right, ns)
            if a is None or b is None:
                return None
            return a + b if isinstance(node.op, ast.Add) else a | b
        if isinstance(node, ast.JoinedStr):
            parts = []
            for v in node.values:
                x = _constant(v.value if isinstance(v, ast.FormattedValue) else v, ns)
                if not isinstance(x, str):
                    return None
                parts.append(x)
            return "".join(parts)
    except TypeError:
        return None
    return None


@contextlib.contextmanager
def compiled_patterns() -> Iterator[set[tuple[str, int]]]:
    """Record every (pattern, flags) that ``re`` compiles inside the block (the cache is
    cleared first, so patterns compiled earlier are compiled, and seen, again)."""
    seen: set[tuple[str, int]] = set()
    original: Callable[..., Any] = re._compile  # type: ignore[attr-defined]

    def spy(pattern: Any, flags: Any) -> Any:
        if isinstance(pattern, str):
            seen.add((pattern, flag_key(flags)))
        return original(pattern, flags)

    re.purge()
    re._compile = spy  # type: ignore[attr-defined]
    try:
        yield seen
    finally:
        re._compile = original  # type: ignore[attr-defined]
