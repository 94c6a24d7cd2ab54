"""medtrust: trust evaluation of medical language and vision-language models on inspect_ai.

Benchmarks: CARES-LLM (Chen et al. 2025), CARES-VLM (Xia et al. 2024), MediConfusion
(Sepehri et al. 2024). See docs/architecture.md for the map of the package.
"""

__version__ = "0.1.0"
