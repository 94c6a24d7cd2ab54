"""The scripts of measurements/ as modules (the folder is no package), for tests that must agree
with them on which files are sealed, retired or measured."""
from __future__ import annotations

import importlib.util
import sys
from functools import lru_cache
from pathlib import Path
from types import ModuleType

MEASUREMENTS = Path(__file__).resolve().parents[2] / "measurements"


@lru_cache(maxsize=None)
def measurement_module(name: str) -> ModuleType:
    """``measurements/<name>.py`` loaded once as module ``measurements_<name>`` (registered in
    ``sys.modules`` before it runs, as dataclasses and pickling expect), without touching
    ``sys.path``.

    Raises:
        FileNotFoundError: there is no such script.
    """
    path = MEASUREMENTS / f"{name}.py"
    if not path.is_file():
        raise FileNotFoundError(path)
    spec = importlib.util.spec_from_file_location(f"measurements_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
