"""Re-scoring a finished log without calling the evaluated model (`medtrust rescore`).

inspect records a package scorer under its unqualified name (``<benchmark>_scorer``), so a bare
``inspect score LOG`` cannot find it; this command looks the scorer up as ``medtrust/<name>``
with the options recorded in the log (those the rescoring decides, such as
``allow_remote_restricted``, through the benchmark's ``rescore_options``), refuses non-local
judges for restricted samples (``Benchmark.restriction``), optionally binds new judges (``--judge-model``), writes
the rescored log beside the original (``<name>-rescored.eval``, the original is kept) and its
summary, and prints the summary. Only judge calls are made (none with the offline judge).
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

from medtrust.benchmarks.interface import RESCORED_METADATA_KEY, RescoreSettings
from medtrust.judges.roles import GRADER_ROLE, grader_roles
from medtrust.logs import read_log


def rescore_log(
    path: str | Path,
    *,
    judge_models: list[Any] | None = None,
    judge: str | None = None,
    out: str | Path | None = None,
    allow_remote_restricted: bool = False,
    generate_config: Any = None,
    preflight: bool = False,
) -> Path:
    """Re-score one medtrust log; returns the path of the new log.

    The new log records its origin in ``eval.metadata["rescored_from"]``
    (:data:`medtrust.benchmarks.interface.RESCORED_METADATA_KEY`): {"log": the original's file
    name, "judge": the judge asked, "rescored": UTC time}, so that `medtrust report` shows it as
    a rescoring of that log, not as a second run of the model.

    Args:
        path: an inspect ``.eval``/``.json`` log written by a medtrust task.
        judge_models: inspect models bound to the ``grader`` role (several = majority).
        judge: override the ``judge`` option of the scorers that record one (``auto`` | ``offline`` | ``model``).
        out: where to write the new log (default ``<stem>-rescored<suffix>`` beside the original).
        allow_remote_restricted: let restricted samples (a registered ``Benchmark.restriction``)
            reach non-local judges; passed to the scorers through their benchmark's
            ``rescore_options`` (the value recorded in the log is never reused).
        generate_config: an inspect ``GenerateConfig`` (``timeout``, ``max_retries``) merged into
            every judge's config: the ``judge_models``, else the judges recorded in the log.
        preflight: check every judge this rescoring will call (:func:`judges_to_call`) with
            `medtrust run`'s one-request preflight (medtrust.preflight.preflight_endpoints), after
            the restricted-data check (so a refused judge gets no request at all).

    Raises:
        ValueError: the file is not a readable inspect log, the log has no samples or was not
            written by a medtrust scorer; with ``preflight``, a judge endpoint that is not usable.
        medtrust.restricted.RestrictedDataError (a ValueError): the log holds restricted samples and a judge is not
            local (checked before any judge call; names model, role and URL).
    """
    from inspect_ai import score
    from inspect_ai.log import write_eval_log

    from medtrust._inspect_compat import registry_create

    import medtrust._registry  # noqa: F401  (registers medtrust scorers, installs secret redaction)
    from medtrust.benchmarks.registry import BENCHMARKS

    src = Path(path)
    log = read_log(src)
    if not log.samples:
        raise ValueError(f"{src}: log has no samples to re-score")
    settings = RescoreSettings(judge=judge, allow_remote_restricted=allow_remote_restricted)
    scorers = []
    for spec in log.eval.scorers or []:
        options: dict[str, Any] = dict(spec.options or {})
        if judge is not None and "judge" in options:
            options["judge"] = judge
        options.update(rescore_options(spec.name, settings))
        # a package scorer is recorded unqualified: try medtrust's name first, then the name as recorded
        names = [spec.name] if "/" in spec.name else [f"medtrust/{spec.name}", spec.name]
        errors = []
        for name in names:
            try:
                scorers.append(registry_create("scorer", name, **options))
                break
            except Exception as e:  # noqa: BLE001 - collected and reported together below
                errors.append(f"{name}: {e}")
        else:
            raise ValueError(f"{src}: scorer '{spec.name}' is not a registered scorer ({'; '.join(errors)})")
    if not scorers:
        raise ValueError(f"{src}: log records no scorer")
    # every registered restriction, whichever benchmark wrote the log: a sample naming a
    # restricted source is restricted wherever it comes from
    for restriction in (b.restriction for b in BENCHMARKS if b.restriction is not None):
        restricted = {str(s.metadata.get("source")) for s in log.samples if restriction.covers(s.metadata)}
        if restricted and judge_models:
            restriction.check_models(restricted, [(j, None, GRADER_ROLE) for j in judge_models],
                                     allow_remote_restricted=allow_remote_restricted)  # fmt: skip
    if preflight:
        from medtrust.preflight import preflight_endpoints

        names = [j for j in judge_models or [] if isinstance(j, str)]  # inspect Model objects: built by the caller, not checked
        checks = judges_to_call(log, names, judge) if names or not judge_models else []
        preflight_endpoints([("judge", n, a) for n, a in checks])
    roles = grader_roles([_configured(j, generate_config) for j in judge_models or []])
    if roles is None and generate_config is not None and log.eval.model_roles:
        from medtrust._inspect_compat import model_roles_config_to_model_roles

        roles = model_roles_config_to_model_roles({
            role: [c.model_copy(update={"config": c.config.merge(generate_config)}) for c in cfg] if isinstance(cfg, list)
            else cfg.model_copy(update={"config": cfg.config.merge(generate_config)})
            for role, cfg in log.eval.model_roles.items()})  # fmt: skip
    # model "none": inspect's null model, so re-scoring can never call (or rebuild) the evaluated model
    new = score(log, scorers, model="none", model_roles=roles, action="overwrite", display="none")
    dest = Path(out) if out else src.with_name(f"{src.stem}-rescored{src.suffix}")
    original = rescored_origin(log) or src.name  # a rescoring of a rescoring still names the first log
    new.eval.metadata = {**(new.eval.metadata or {}), RESCORED_METADATA_KEY: {
        "log": original, "judge": judge_words(judge_models, judge),
        "rescored": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")}}  # fmt: skip
    write_eval_log(new, str(dest))
    return dest


def rescore_options(scorer_name: str, settings: RescoreSettings) -> dict[str, Any]:
    """Options a rescoring sets on a logged scorer (recorded as ``name`` or ``medtrust/name``):
    its registered benchmark's ``rescore_options(settings)``, {} for a scorer no benchmark lists."""
    from medtrust.benchmarks.registry import BENCHMARKS

    name = scorer_name.split("/")[-1]
    owner = next((b for b in BENCHMARKS if name in b.scorer_names), None)
    return owner.rescore_options(settings) if owner is not None and owner.rescore_options is not None else {}


def _configured(model: Any, config: Any) -> Any:
    """``model`` (a name) as an inspect Model with ``config``; unchanged without a config."""
    if config is None or not isinstance(model, str):
        return model
    from inspect_ai.model import get_model

    return get_model(model, config=config, memoize=False)


def judges_to_call(log: Any, judge_models: list[str] | None, judge: str | None) -> list[tuple[str, dict[str, Any]]]:
    """The judge models a rescoring of ``log`` (a header is enough) will call, as
    (inspect model name, model args with ``base_url``): the ``judge_models`` given, else the
    models the log recorded under its roles; none with ``judge="offline"``."""
    if judge == "offline":
        return []
    if judge_models:
        return [(j, {}) for j in judge_models]
    out: list[tuple[str, dict[str, Any]]] = []
    for cfg in (log.eval.model_roles or {}).values():
        for c in cfg if isinstance(cfg, list) else [cfg]:
            out.append((c.model, {"base_url": c.base_url} if c.base_url else {}))
    return out


def rescored_origin(log: Any) -> str | None:
    """The original log file name a rescored log records, or None for a log that is not one."""
    origin = (log.eval.metadata or {}).get(RESCORED_METADATA_KEY)
    return str(origin["log"]) if isinstance(origin, dict) and origin.get("log") else None


def judge_words(judge_models: list[Any] | None, judge: str | None) -> str:
    """The judge a rescoring asked, in words: the ``grader`` model(s), else the ``--judge`` choice,
    else the scorer options recorded in the log."""
    names = [str(getattr(m, "name", m)) for m in judge_models or []]
    if names:
        return names[0] if len(names) == 1 else f"majority of {', '.join(names)}"
    if judge == "offline":
        return "offline rule judge"
    if judge is not None:
        return f"judge option '{judge}'"
    return "the scorer options recorded in the log"
