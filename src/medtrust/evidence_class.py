"""What a run is evidence of: its evidence class, recorded by every run and carried to the trust case.

A board must never get a verdict from a run that cannot carry it: a smoke test, a model that
never saw the images it was asked about, a sample of stand-in pictures. Every medtrust task
records the facts it knows in ``eval.metadata["medtrust_evidence"]``
(:data:`medtrust.benchmarks.interface.EVIDENCE_METADATA_KEY`, written with :func:`declare`); the
summary stage adds what only the finished log tells (inspect's ``--limit``, the evaluated model)
and gives every summary one :class:`Evidence` (docs/criteria.md, "Evidence classes"):

* **run**: ``full`` (every row of the data used), ``limited`` (a subset: ``--limit``, the quick
  default sample, a row filter, ``limit_per_source``), ``smoke`` (text-only runs of an image
  benchmark, stand-in images, a scripted model: the numbers say the pipeline works, nothing about
  a model). A reference policy (``medtrust/policy/*``) is real evidence about that policy, not
  smoke: it answers by a fixed rule, which is what its numbers describe.
* **data**: ``packaged_sample`` (rows shipped with medtrust that are a sample of the benchmark),
  ``full_split`` (the benchmark's complete official file, packaged or verified by hash),
  ``user_file`` (a file the user gave; its sha256 is recorded), ``stand_in`` (stand-in images),
  ``unknown`` (a log that records no data source: written before evidence classes, or by a
  benchmark that does not declare them). ``real`` = the first three.
* **images**: ``none`` (no image question), ``shown`` (the model was given the images),
  ``blind`` (it answered without them: the image-blind pass asked for on purpose, or a model
  without image input that drops them), ``unknown`` (medtrust cannot tell whether the model takes
  images: a provider it does not know, not declared with ``medtrust run --image-input``).

By default a criterion accepts full and limited runs on real data with the images shown
(:data:`DEFAULT_ACCEPT`, :data:`DEFAULT_DATA`); a criteria file may widen it (``accept``,
``data``). The scorecard uses the same default, so the two never disagree about what ran.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Iterable, Sequence

#: ``eval.metadata`` key in which every medtrust task records what its run is evidence of (data
#: source and hash, why it is limited or smoke, whether images were shown): written with
#: :func:`declare`, read by :func:`log_evidence` (re-exported by medtrust.benchmarks.interface).
EVIDENCE_METADATA_KEY = "medtrust_evidence"
RUN_CLASSES = ("full", "limited", "smoke")
DATA_KINDS = ("packaged_sample", "full_split", "user_file", "stand_in", "unknown")
#: data kinds that are the benchmark's own real data (``data = ["real"]`` in a criteria file)
REAL_DATA = ("packaged_sample", "full_split", "user_file")
IMAGES = ("none", "shown", "blind", "unknown")
#: ``accept`` value that lets a criterion use an image-blind run (never the default)
IMAGE_BLIND = "image-blind"
DEFAULT_ACCEPT = ("full", "limited")
DEFAULT_DATA = ("real",)
#: the label tag of an image-blind run (report labels: ``<model> · image-blind``)
BLIND_TAG = " · image-blind"
#: the form of the image-blind pass (docs/criteria.md, "Image reliance": why removed, not blank or noise)
BLIND_FORM = "removed"
_RANK = {"full": 0, "limited": 1, "smoke": 2}
_DATA_WORDS = {"packaged_sample": "packaged sample", "full_split": "full split", "user_file": "user file", "stand_in": "stand-in data",
               "unknown": "data source not recorded"}  # fmt: skip


def declare(
    *,
    data: str,
    data_sha256: str | dict[str, str] | None = None,
    data_note: str | None = None,
    limited: Sequence[str] = (),
    smoke: Sequence[str] = (),
    images: str = "none",
    blind_pass: bool = False,
) -> dict[str, Any]:
    """The facts a task records as ``metadata["medtrust_evidence"]`` (what the task knows).

    Args:
        data: one of :data:`DATA_KINDS` (``stand_in`` is set from ``smoke`` reasons about images
            by the task itself where it knows them).
        data_sha256: sha256 of the data file (or {source: sha256}); None for a hub split.
        data_note: what the data is, in words (e.g. "packaged CARES-18K test sample, 239 rows").
        limited: why the task evaluates a subset of its data (quick sample, row filter, a limit
            per source); empty = every row.
        smoke: why the run is a smoke run (text-only, stand-in images); empty = none.
        images: ``none`` (no image questions) | ``shown`` | ``blind`` (the image-blind pass).
        blind_pass: the run is the image-blind pass asked for on purpose (``images`` = blind).

    Raises:
        ValueError: an unknown data kind or images value.
    """
    if data not in DATA_KINDS:
        raise ValueError(f"evidence: data must be one of {', '.join(DATA_KINDS)}, not {data!r}")
    if images not in ("none", "shown", "blind"):
        raise ValueError(f"evidence: images must be none, shown or blind, not {images!r}")
    return {"data": data, "data_sha256": data_sha256, "data_note": data_note, "limited": list(limited), "smoke": list(smoke),
            "images": "blind" if blind_pass else images, "blind_pass": bool(blind_pass), "blind_form": BLIND_FORM if blind_pass else None}  # fmt: skip


@dataclass
class Evidence:
    """What one run (one summary) is evidence of (module docstring).

    Attributes:
        run: ``full`` | ``limited`` | ``smoke``.
        data: one of :data:`DATA_KINDS`.
        images: one of :data:`IMAGES`.
        blind_pass: the image-blind pass asked for on purpose (``--image-blind``).
        reasons: why the run is limited, smoke or blind, one sentence each.
        data_sha256: the data file's sha256 (or {source: sha256}), None when unknown.
        data_note: what the data is, in words.
    """

    run: str = "full"
    data: str = "unknown"
    images: str = "none"
    blind_pass: bool = False
    reasons: list[str] = field(default_factory=list)
    data_sha256: Any = None
    data_note: str | None = None

    @property
    def label(self) -> str:
        """Short words for a scorecard cell or a trust-case row, e.g. ``limited · packaged sample``."""
        parts = [self.run, _DATA_WORDS.get(self.data, self.data)]
        if self.images == "blind":
            parts.append("image-blind")
        elif self.images == "unknown":
            parts.append("image input unknown")
        return " · ".join(parts)

    def qualifies(self, accept: Sequence[str] = DEFAULT_ACCEPT, data: Sequence[str] = DEFAULT_DATA) -> bool:
        """Whether this run is evidence under ``accept`` (run classes, plus ``image-blind``) and
        ``data`` (data kinds, ``real`` = :data:`REAL_DATA`)."""
        kinds = {k for d in data for k in (REAL_DATA if d == "real" else (d,))}
        if self.run not in accept or self.data not in kinds:
            return False
        if self.images == "blind" and IMAGE_BLIND not in accept:
            return False
        return self.images != "unknown" or IMAGE_BLIND in accept

    def why_not(self, accept: Sequence[str] = DEFAULT_ACCEPT, data: Sequence[str] = DEFAULT_DATA) -> str:
        """Why the run does not qualify under ``accept`` / ``data`` (one clause), "" when it does."""
        if self.qualifies(accept, data):
            return ""
        kinds = {k for d in data for k in (REAL_DATA if d == "real" else (d,))}
        detail = "; ".join(self.reasons)
        if self.run not in accept:
            what = f"a {self.run} run"
        elif self.data not in kinds:
            what = f"a run on {_DATA_WORDS.get(self.data, self.data)}"
        elif self.images == "blind":
            what = "an image-blind run (the model never saw the images)"
        else:
            what = "a run whose model may not have seen the images"
        return what + (f" ({detail})" if detail else "")

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["label"] = self.label
        d["qualifies"] = self.qualifies()
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> "Evidence":
        """Inverse of :meth:`as_dict`; None (a summary before schema 1.5) -> data ``unknown``."""
        if not d:
            return cls(run="full", data="unknown", reasons=["the summary does not record its evidence class (written before schema 1.5)"])
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in d.items() if k in known})


def model_kind(model: str) -> str:
    """``scripted`` (a test's scripted replies), ``policy`` (a reference policy) or ``model``."""
    if model.startswith("medtrust/scripted"):
        return "scripted"
    if model.startswith("medtrust/policy/"):
        return "policy"
    return "model"


def _limit_reason(log: Any) -> str | None:
    """inspect's own subset of the dataset (``--limit``, a sample range, sample ids), in words."""
    cfg = getattr(log.eval, "config", None)
    limit = getattr(cfg, "limit", None)
    if isinstance(limit, int) and limit:
        return f"--limit {limit}: the first {limit} samples of each task"
    # a shard of a limited run records no inspect limit: the run's --limit is in its shard
    # argument "K/N@L" (medtrust.shards.ShardSpec)
    first = str((getattr(log.eval, "task_args", None) or {}).get("shard") or "").partition("@")[2].strip()
    if first.isdigit():
        return f"--limit {first}: the first {first} samples of each task"
    if isinstance(limit, (list, tuple)) and len(limit) == 2:
        return f"samples {limit[0]}-{limit[1]} of each task"
    if getattr(cfg, "sample_id", None):
        return "selected sample ids only"
    return None


def log_evidence(log: Any) -> Evidence:
    """The :class:`Evidence` of one log (header-only logs work): the task's recorded facts
    (:func:`declare`), inspect's limit and the evaluated model.

    A model without image input (:func:`medtrust.models.capabilities.image_input`) given image
    questions answered them blind; one medtrust does not know, and that the run did not declare
    (``--image-input``), leaves ``images`` ``unknown``.
    """
    from medtrust.models.capabilities import image_input

    facts = dict((getattr(log.eval, "metadata", None) or {}).get(EVIDENCE_METADATA_KEY) or {})
    model = str(log.eval.model)
    reasons: list[str] = []
    smoke = [str(r) for r in facts.get("smoke") or []]
    limited = [str(r) for r in facts.get("limited") or []]
    if model_kind(model) == "scripted":
        smoke.append(f"scripted model {model}: replies written by a test, not a model")
    why = _limit_reason(log)
    if why:
        limited.append(why)
    run = "smoke" if smoke else ("limited" if limited else "full")
    reasons += smoke + limited
    images = str(facts.get("images") or "none")
    blind_pass = bool(facts.get("blind_pass"))
    if blind_pass:
        reasons.append(f"image-blind pass: every image {facts.get('blind_form') or BLIND_FORM} on purpose (--image-blind)")
    elif images == "shown":
        declared = model in (facts.get("image_input_declared") or [])
        can = True if declared else image_input(model)
        if can is False:
            images = "blind"
            reasons.append(f"{model} takes no image input: the images were dropped and every image question answered without its image")
        elif can is None:
            images = "unknown"
            reasons.append(f"medtrust does not know whether {model} takes image input (declare it with `medtrust run --image-input {model}`)")
    data = str(facts.get("data") or "unknown")
    if not facts:
        reasons.append("the log does not record its data source (written before medtrust recorded evidence classes, or by a benchmark "
                       "that does not declare them)")  # fmt: skip
    return Evidence(run=run, data=data if data in DATA_KINDS else "unknown", images=images, blind_pass=blind_pass, reasons=reasons,
                    data_sha256=facts.get("data_sha256"), data_note=facts.get("data_note"))  # fmt: skip


def combine(evidences: Iterable[Evidence]) -> Evidence:
    """One summary's evidence from its logs' (e.g. a CARES-VLM run's dimensions): the weakest
    run class, the weakest data kind (stand-in, unknown, user file, packaged sample, full split
    in that order), blind or unknown images when any log has them; reasons of all, once each."""
    evs = list(evidences)
    if not evs:
        return Evidence(data="unknown", reasons=["no log"])
    if len(evs) == 1:
        return evs[0]
    data_order = ("stand_in", "unknown", "user_file", "packaged_sample", "full_split")
    img_order = ("blind", "unknown", "shown", "none")
    shas = [e.data_sha256 for e in evs if e.data_sha256]
    return Evidence(
        run=max((e.run for e in evs), key=lambda r: _RANK.get(r, 3)),
        data=min((e.data for e in evs), key=lambda d: data_order.index(d) if d in data_order else 0),
        images=min((e.images for e in evs), key=lambda i: img_order.index(i) if i in img_order else 0),
        blind_pass=any(e.blind_pass for e in evs),
        reasons=list(dict.fromkeys(r for e in evs for r in e.reasons)),
        data_sha256=shas[0] if len({repr(s) for s in shas}) == 1 else (shas or None),
        data_note=next((e.data_note for e in evs if e.data_note), None),
    )


def is_blind_pass(metadata: dict[str, Any] | None) -> bool:
    """Whether ``eval.metadata`` belongs to an image-blind pass asked for on purpose."""
    return bool(((metadata or {}).get(EVIDENCE_METADATA_KEY) or {}).get("blind_pass"))


def shows_images(tasks: Sequence[Any]) -> bool:
    """Whether any of a plan's tasks shows images (its recorded evidence says ``images: shown``)."""
    return any(((getattr(t, "metadata", None) or {}).get(EVIDENCE_METADATA_KEY) or {}).get("images") == "shown" for t in tasks)


def split_by_image_input(tasks: Sequence[Any], models: Sequence[str], *, declared: Sequence[str] = (), image_blind: bool = False,
                         title: str = "this benchmark") -> tuple[list[str], list[str]]:  # fmt: skip
    """(models that see the images, models that run only the image-blind pass) of a run, before any model call.

    A model that takes images (medtrust.models.capabilities.image_input, or declared with
    ``--image-input``) sees them; one without image input, or one medtrust does not know, is
    refused on image questions unless the image-blind pass was asked for on purpose
    (``image_blind``): then it runs that pass only, labelled image-blind everywhere.

    Raises:
        ValueError: naming the model, why, and the two ways on (``--image-blind``, ``--image-input``).
    """
    from medtrust.models.capabilities import image_input

    if not shows_images(tasks):
        return list(models), []
    seeing, blind = [], []
    for m in models:
        can = True if m in declared else image_input(m)
        if can:
            seeing.append(m)
        elif image_blind:
            blind.append(m)
        elif can is False:
            raise ValueError(f"{m} takes no image input: {title} asks about images it would never see (it would answer from the text "
                             "alone and get a score for it). Ask for the image-blind pass on purpose with --image-blind (its numbers "
                             "are labelled image-blind and are never evidence), or run a model that takes images")  # fmt: skip
        else:
            raise ValueError(f"medtrust does not know whether {m} takes image input: {title} asks about images. If it does, declare it "
                             f"with --image-input {m}; to ask without the images on purpose, use --image-blind")  # fmt: skip
    return seeing, blind


def record_declared_image_input(tasks: Sequence[Any], declared: Sequence[str]) -> None:
    """Record the models declared with ``--image-input`` in each task's evidence facts (the log then says so)."""
    for t in tasks:
        facts = (getattr(t, "metadata", None) or {}).get(EVIDENCE_METADATA_KEY)
        if isinstance(facts, dict) and declared:
            facts["image_input_declared"] = list(declared)
