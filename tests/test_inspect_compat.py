"""inspect_ai's private names medtrust uses (medtrust._inspect_compat) still exist with the shape
medtrust relies on, and no other module reaches into inspect's private modules.

This is the test to run first after an inspect upgrade: a moved or changed name fails here,
named, instead of somewhere deep in a run.
"""

from __future__ import annotations

import ast
import zipfile
from pathlib import Path

from inspect_ai import eval as inspect_eval
from inspect_ai.model import Model

from medtrust import _inspect_compat as compat

ROOT = Path(__file__).resolve().parents[1]


def _private_inspect_imports(path: Path) -> list[str]:
    """Modules of inspect_ai with a private part (``inspect_ai._x``, ``inspect_ai.x._y``) that
    ``path`` imports, by its syntax tree (imports inside functions included)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names += [node.module] + [f"{node.module}.{a.name}" for a in node.names]
    return sorted({n for n in names if n.split(".")[0] == "inspect_ai" and any(p.startswith("_") for p in n.split(".")[1:])})


def test_only_the_compat_module_imports_private_inspect_modules():
    files = [p for folder in ("src", "tests", "measurements") for p in (ROOT / folder).rglob("*.py")]
    assert len(files) > 100
    found = {str(p.relative_to(ROOT)): n for p in files if (n := _private_inspect_imports(p))}
    assert found == {"src/medtrust/_inspect_compat.py": found.get("src/medtrust/_inspect_compat.py")}
    assert "inspect_ai._util.registry" in found["src/medtrust/_inspect_compat.py"]


def test_the_scanner_sees_every_spelling(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("import inspect_ai._util.zipfile\nfrom inspect_ai.model._model_config import ModelConfig\n"
                 "def f():\n    from inspect_ai._util import json\nfrom inspect_ai.log import read_eval_log\n")  # fmt: skip
    assert _private_inspect_imports(f) == ["inspect_ai._util", "inspect_ai._util.json", "inspect_ai._util.zipfile",
                                           "inspect_ai.model._model_config", "inspect_ai.model._model_config.ModelConfig"]  # fmt: skip


def test_prerequisite_error_keeps_its_message():
    e = compat.PrerequisiteError("[bold]ERROR:[/bold] key not set")
    assert isinstance(e, Exception) and e.message == "[bold]ERROR:[/bold] key not set"


def test_registry_finds_and_creates_medtrust_objects():
    import medtrust._registry  # noqa: F401  (registers the provider and the scorers)

    scorer = compat.registry_create("scorer", "medtrust/cares_llm_scorer", judge="offline")
    assert callable(scorer) and compat.registry_info(scorer).name == "medtrust/cares_llm_scorer"
    apis = compat.registry_find(lambda i: i.type == "modelapi" and i.name.split("/")[-1] == "medtrust")
    assert [compat.registry_info(a).name.split("/")[-1] for a in apis] == ["medtrust"]


def test_model_roles_from_a_recorded_config():
    cfg = compat.ModelConfig(model="medtrust/policy/refuse")
    roles = compat.model_roles_config_to_model_roles({"grader": cfg, "panel": [cfg, cfg]})
    assert isinstance(roles["grader"], Model) and str(roles["grader"]) == "medtrust/policy/refuse"
    assert [str(m) for m in roles["panel"]] == ["medtrust/policy/refuse"] * 2
    assert compat.model_roles_config_to_model_roles(None) is None


def test_json_writer_and_hooks_are_where_medtrust_patches_them():
    assert callable(compat.inspect_json.to_json_safe)
    assert compat.inspect_json.to_json_safe({"a": 1}, indent=None).replace(b" ", b"") == b'{"a":1}'
    assert compat.init_hooks is not None and callable(compat.init_hooks)


def test_zipfile_reads_the_zstd_members_of_an_eval_log(tmp_path):
    from tests.toy_benchmark.benchmark import toy_compliance

    compat.enable_zstd_zipfile()
    (log,) = inspect_eval(toy_compliance(), model="medtrust/policy/accept", log_dir=str(tmp_path), display="none")
    with zipfile.ZipFile(log.location) as z:
        assert "header.json" in z.namelist()
        assert b'"status"' in z.read("header.json")


def test_fast_thin_text_gives_inspect_result_on_random_texts():
    import random

    import medtrust._registry  # noqa: F401  (installs it)

    fast = compat.inspect_thin_text()
    assert compat.install_fast_thin_text() and getattr(fast, "_medtrust_fast", False)  # what inspect's summaries call
    original = fast.original
    rng = random.Random(29)
    pieces = ["word", "a", "-", "--", " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "\u200b", "x" * 50, "é", "中文", ".", "..."]
    for n in list(range(0, 40)) + [200, 400, 1200, 3000]:
        for _ in range(30):
            text = "".join(rng.choice(pieces) for _ in range(n))
            assert fast(text) == original(text), repr(text[:80])
    for text in ("y" * 1024, "y" * 1025, " " * 5000 + "z", "w " * 512, "w " * 513):
        assert fast(text) == original(text)
