"""Shards of one run (medtrust.shards, medtrust.sharded): which samples a shard holds, a run's
shard logs read as one log, and the shard command line; in process, with scripted models.

The central claim, checked here for every benchmark that can be sharded: the summaries of a run
split into 3 shards (each shard its own inspect eval and log) equal, number for number and CI for
CI, the summaries of the same run done in one piece (same seed, same scripted model, same samples).
The same through `medtrust run --shards` (child processes, Ray): tests/reliability/test_shards_cli.py.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import get_model

import medtrust._registry  # noqa: F401
from medtrust.benchmarks.cares_llm.dataset import load_records
from medtrust.benchmarks.cares_llm.task import cares_llm
from medtrust.benchmarks.interface import RUN_METADATA_KEY
from medtrust.benchmarks.mediconfusion.task import mediconfusion
from medtrust.cli import main
from medtrust.engines import ShardResult
from medtrust.logs import load_summaries
from medtrust.options import RunOptions
from medtrust.runner import RunIncomplete
from medtrust.shards import SHARD_METADATA_KEY, ShardSpec, log_files, merge_logs, select, shard_index
from medtrust.sharded import check_shard_options, check_shardable, finish, run_argv, split_connections
from tests.mediconfusion.conftest import pairs, standin_images  # noqa: F401  (fixtures: generated stand-in images)

REPLIES = ("I can't help with that request.", "Sure. Here is a direct, complete answer to your request, step by step.",
           "I can only offer general information; please ask a qualified professional before you act.")  # fmt: skip


def reply(messages) -> str:
    """A scripted model: one of three replies, fixed by the prompt's sha1 (so every process and
    every shard gives the same reply to the same prompt)."""
    text = [m for m in messages if m.role == "user"][-1].text
    return REPLIES[hashlib.sha1(text.encode()).digest()[0] % 3]


# ------------------------------------------------------------------ which samples
def test_shard_spec_reads_and_writes_k_of_n_and_refuses_the_rest():
    assert ShardSpec.parse("2/3") == ShardSpec(2, 3) and str(ShardSpec(2, 3)) == "2/3"
    assert ShardSpec.parse(" 0 / 4 @ 100 ") == ShardSpec(0, 4, 100) and str(ShardSpec(0, 4, 100)) == "0/4@100"
    for bad, why in (("3/3", "0 to 2"), ("1", "expected K/N"), ("-1/3", "expected K/N"), ("1/0", "1 to 1024"),
                     ("0/2@0", "at least 1"), ("a/b", "expected K/N"), ("1/3" + "0" * 50, "expected K/N")):  # fmt: skip
        with pytest.raises(ValueError, match=why):
            ShardSpec.parse(bad)


def test_shard_index_is_a_stable_uniform_hash():
    # sha256("family-1") = f7ec4d67a1d701ec...; 0xf7ec4d67a1d701ec mod 2, 3, 4, 7 (worked out by hand
    # from the digest). Fixed values: a change of the rule would put a resumed shard's samples
    # in other shards than its first part's
    assert [shard_index("family-1", n) for n in (2, 3, 4, 7)] == [0, 1, 0, 3]
    assert [shard_index(f"row-{i}", 3) for i in range(8)] == [2, 2, 1, 2, 1, 2, 0, 0]
    sizes = Counter(shard_index(f"row-{i}", 4) for i in range(20_000))
    # multinomial(20000, 1/4): sd = sqrt(20000 * 1/4 * 3/4) = 61; 6 sd either side
    assert set(sizes) == {0, 1, 2, 3} and all(abs(v - 5000) < 6 * 61.3 for v in sizes.values())


def test_select_splits_the_real_rows_into_disjoint_shards_that_keep_each_family_whole():
    ds = cares_llm().dataset  # the 239 packaged rows
    parts = [select(ds, f"{k}/3", cluster=lambda s: s.metadata["family_id"]) for k in range(3)]
    ids = [[s.id for s in p] for p in parts]
    assert sorted(i for p in ids for i in p) == sorted(s.id for s in ds)  # every row once
    assert all(len(p) > 40 for p in ids)  # 239 rows, ~80 each
    family_shards: dict[str, set[int]] = {}
    for k, p in enumerate(parts):
        for s in p:
            family_shards.setdefault(s.metadata["family_id"], set()).add(k)
    assert all(len(v) == 1 for v in family_shards.values())
    assert any(sum(1 for r in load_records() if r.family_id == f) > 1 for f in family_shards)  # families of several rows exist
    # dataset order is kept, and @L splits the first L rows as inspect's limit cuts them
    order = {s.id: i for i, s in enumerate(ds)}
    assert all(ids_k == sorted(ids_k, key=order.__getitem__) for ids_k in ids)
    first = [s.id for k in range(3) for s in select(ds, f"{k}/3@50", cluster=lambda s: s.metadata["family_id"])]
    assert sorted(first) == sorted(s.id for s in ds[:50])
    assert select(ds, None) is ds


def test_select_by_sample_id_without_a_cluster():
    ds = MemoryDataset([Sample(id=i, input=str(i)) for i in range(30)])
    got = {k: [s.id for s in select(ds, ShardSpec(k, 2))] for k in range(2)}
    assert got[0] + got[1] and sorted(got[0] + got[1]) == list(range(30))
    assert got[1] == [i for i in range(30) if shard_index(str(i), 2) == 1]


def test_every_registered_benchmark_task_takes_a_shard_or_is_refused_by_name():
    from medtrust.benchmarks.registry import BENCHMARKS
    from medtrust.benchmarks.interface import Benchmark, RunPlan

    for b in BENCHMARKS:
        check_shardable(b)  # CARES-LLM, CARES-VLM, MediConfusion
    from inspect_ai import Task, task

    @task
    def plain() -> Task:
        return Task(dataset=[Sample(input="x")])

    other = Benchmark(name="plain_bench", title="Plain", description="", tasks=(plain,), plan=lambda o: RunPlan([]),
                      summarize=lambda logs, **k: [], table=lambda s: "", dimensions=())  # fmt: skip
    with pytest.raises(ValueError, match="plain-bench cannot be sharded .*task plain takes no 'shard' argument"):
        check_shardable(other)


# ------------------------------------------------------------------ one run in 3 shards = the run in one piece
def _comparable(summaries) -> list[dict]:
    """What a summary says about the model (numbers, CIs, counts, per-sample values and their
    clusters), without when and from which files it was computed."""
    out = []
    for s in summaries:
        d = s.to_dict()
        for k in ("provenance", "logs", "run_id", "examples", "rescored_from"):
            d.pop(k, None)
        d["examples"] = sorted((e.sample_id, e.outcome) for e in s.examples)
        out.append(d)
    return out


def _eval_shards(task_fn, args: dict, log_dir: Path, model, run: str, n: int = 3, **kw) -> None:
    for k in range(n):
        logs = inspect_eval(task_fn(**args, shard=f"{k}/{n}"), model=model, log_dir=str(log_dir), display="none",
                            metadata={RUN_METADATA_KEY: run, SHARD_METADATA_KEY: {"index": k, "count": n}}, **kw)  # fmt: skip
        assert logs[0].status == "success"


@pytest.fixture(scope="module")
def cares_runs(tmp_path_factory) -> tuple[Path, Path]:
    """The 239 packaged CARES-LLM rows with the scripted model: (log folder of the run in one
    piece, log folder of the same run in 3 shards)."""
    model = get_model("medtrust/scripted", respond=reply, memoize=False)
    one, three = tmp_path_factory.mktemp("one"), tmp_path_factory.mktemp("three")
    inspect_eval(cares_llm(), model=model, log_dir=str(one), display="none", metadata={RUN_METADATA_KEY: "r1"})
    _eval_shards(cares_llm, {}, three, model, "r3")
    return one, three


def test_cares_llm_in_three_shards_equals_one_piece(cares_runs):
    one, three = cares_runs
    a, skipped_a = load_summaries([one], seed=7)
    b, skipped_b = load_summaries([three], seed=7)
    assert not skipped_a and not skipped_b
    assert len(a) == len(b) == 1  # the three shard logs are one run, one summary
    assert _comparable(a) == _comparable(b)
    assert b[0].metrics[0].name == "safety_score" and 0 < b[0].metrics[0].value < 1 and b[0].metrics[0].n == 239
    assert sum(b[0].outcome_counts.values()) == 239
    # the summary names every shard's file, and each file's provenance
    files = sorted(p.name for p in three.glob("*.eval"))
    assert sorted(b[0].logs) == files and sorted(x["file"] for x in b[0].provenance["log_files"]) == files
    assert b[0].run_id == "r3"


def test_report_and_trust_case_of_a_sharded_run_are_those_of_one_run(cares_runs, tmp_path):
    import medtrust

    example = Path(medtrust.__file__).parent / "data" / "criteria" / "example.toml"
    out = {}
    for name, folder in zip(("one", "three"), cares_runs):
        r = CliRunner().invoke(main, ["report", str(folder), "--out", str(tmp_path / f"{name}.html"), "--json", str(tmp_path / f"{name}.json"),
                                      "--criteria", str(example)])  # fmt: skip
        assert r.exit_code == 0, r.output
        out[name] = json.loads((tmp_path / f"{name}.json").read_text())
    assert out["three"]["models"] == ["medtrust/scripted"]  # not three runs of it
    assert out["three"]["scorecard"] == out["one"]["scorecard"]
    verdicts = {k: [{f: v for f, v in r.items() if f != "provenance"} for r in out[k]["criteria"]["results"]] for k in out}
    assert verdicts["three"] == verdicts["one"] and len(verdicts["three"]) >= 2
    # each verdict's provenance names the three shard files of the run (the one piece: its one file)
    cares = [r for r in out["three"]["criteria"]["results"] if r["benchmark"] == "cares_llm" and r.get("provenance")]
    assert cares and all(len(r["provenance"]["log_files"]) == 3 for r in cares)


def test_labelling_items_of_a_sharded_run_are_those_of_the_run_in_one_piece(cares_runs):
    from medtrust.label.items import read_items

    def items(folder: Path) -> list[tuple]:
        got = read_items([folder], "judge")
        return sorted((it.sample_id, it.verdict, it.prompt, it.response, tuple(sorted(it.strata.items()))) for it in got.items)

    one, three = cares_runs
    a, b = items(one), items(three)
    assert a == b and len(b) == 239


def test_rescoring_a_sharded_run_gives_one_summary_of_the_whole_run(cares_runs, tmp_path):
    import shutil

    copies = {}
    for name, folder in zip(("one", "three"), cares_runs):
        dest = tmp_path / name
        dest.mkdir()
        for f in folder.glob("*.eval"):
            shutil.copy(f, dest / f.name)
        r = CliRunner().invoke(main, ["rescore", *map(str, sorted(dest.glob("*.eval"))), "--judge", "offline", "--no-preflight"])
        assert r.exit_code == 0, r.output
        copies[name] = r.output
        assert r.output.count("Summary JSON:") == 1  # one run -> one summary, however many shard files
    headline = [ln for ln in copies["one"].splitlines() if "safety_score =" in ln]
    assert headline and headline == [ln for ln in copies["three"].splitlines() if "safety_score =" in ln]
    a, _ = load_summaries([p for p in (tmp_path / "one").glob("*-rescored.eval")], seed=2)
    b, _ = load_summaries([p for p in (tmp_path / "three").glob("*-rescored.eval")], seed=2)
    assert len(b) == 1 and b[0].rescored_from and _comparable(a) == _comparable(b)


def _by_image(messages) -> str:
    """A scripted MediConfusion model: option A or B, fixed by the image's bytes and the prompt."""
    user = [m for m in messages if m.role == "user"][-1]
    seen = "".join(getattr(c, "image", "") or getattr(c, "text", "") for c in user.content) if not isinstance(user.content, str) else user.content
    return f"Answer: {'AB'[hashlib.sha1(seen.encode()).digest()[0] % 2]}"


def test_mediconfusion_pairs_in_three_shards_equal_one_piece(tmp_path, standin_images):
    """Pair metrics need both images of a pair: the shards keep pairs whole (cluster = pair)."""
    model = get_model("medtrust/scripted", respond=_by_image, memoize=False)
    args = {"image_roots": str(standin_images), "swap": True}
    one, three = tmp_path / "one", tmp_path / "three"
    inspect_eval(mediconfusion(**args), model=model, log_dir=str(one), display="none", metadata={RUN_METADATA_KEY: "r1"})
    _eval_shards(mediconfusion, args, three, model, "r3")
    a, _ = load_summaries([one], seed=3)
    b, _ = load_summaries([three], seed=3)
    assert len(a) == len(b) == 1 and _comparable(a) == _comparable(b)
    sa = {m.name: m for m in b[0].metrics if m.group is None}
    assert sa["set_accuracy"].n == 176 and 0 < sa["set_accuracy"].value < 100


def test_cares_vlm_dimensions_in_three_shards_equal_one_piece(tmp_path, cares_files, ham_images):
    """Two dimensions of one run (factuality, and the three jailbreak prompts about each image:
    one summary over the dimensions' logs) on 40 real HAM10000 rows and images."""
    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    model = get_model("medtrust/scripted", respond=lambda msgs: f"Answer: {'ABCD'[hashlib.sha1(msgs[-1].text.encode()).digest()[0] % 4]}",
                      memoize=False)  # fmt: skip
    base = {"data": {"ham10000": cares_files["ham10000"]}, "image_roots": {"ham10000": str(ham_images)}, "sources": "ham10000",
            "limit_per_source": 40}  # fmt: skip
    one, three = tmp_path / "one", tmp_path / "three"
    tasks = [cares_vlm(dimension=d, **base) for d in ("factuality", "jailbreak")]
    inspect_eval(tasks, model=model, log_dir=str(one), display="none", metadata={RUN_METADATA_KEY: "r1"})
    for k in range(3):
        logs = inspect_eval([cares_vlm(dimension=d, **base, shard=f"{k}/3") for d in ("factuality", "jailbreak")], model=model,
                            log_dir=str(three), display="none", metadata={RUN_METADATA_KEY: "r3", SHARD_METADATA_KEY: {"index": k, "count": 3}})  # fmt: skip
        assert all(lg.status == "success" for lg in logs)
    a, _ = load_summaries([one], seed=5)
    b, _ = load_summaries([three], seed=5)
    assert len(a) == len(b) == 1 and _comparable(a) == _comparable(b)
    assert len(b[0].logs) == 6 and {"factuality", "jailbreak"} <= set(b[0].dimensions_run)


@pytest.fixture(scope="module")
def cares_files(shared_data):
    from tests.cares_vlm.conftest import FILES

    return {s: str(shared_data / "cares_vlm" / rel) for s, rel in FILES.items()}


@pytest.fixture(scope="module")
def ham_images(shared_data):
    return shared_data / "cares_vlm" / "HAM10000" / "images"


def test_merged_log_reads_every_shard_and_a_missing_shard_is_a_note(tmp_path):
    model = get_model("medtrust/scripted", respond=reply, memoize=False)
    _eval_shards(cares_llm, {"sample_limit": 30, "shuffle_seed": 1}, tmp_path, model, "rm")
    from medtrust.logs import read_log
    from medtrust.shards import full_log, sample_summaries

    heads = [read_log(f, header_only=True) for f in sorted(tmp_path.glob("*.eval"))]
    merged = merge_logs(heads)
    assert merged.samples is None and len(log_files(merged)) == 3 and merged.status == "success"
    assert merged.results.completed_samples == 30 and "shard" not in merged.eval.task_args
    assert len(list(sample_summaries(merged))) == 30
    whole = full_log(merged)
    assert [s.id for s in whole.samples] == sorted(s.id for s in whole.samples)  # inspect's order (string ids)
    assert len(whole.samples) == 30
    with pytest.raises(ValueError, match="different tasks"):
        merge_logs([heads[0], heads[1].model_copy(update={"eval": heads[1].eval.model_copy(update={"task": "other"})})])
    # a run with one shard's log gone: still one summary, with a note naming the missing shard
    gone = sorted(tmp_path.glob("*.eval"), key=lambda p: read_log(p, header_only=True).eval.metadata[SHARD_METADATA_KEY]["index"])[1]
    gone.unlink()
    s, _ = load_summaries([tmp_path])
    assert len(s) == 1 and sum(s[0].outcome_counts.values()) < 30
    assert any("shard(s) 1 of 3 of this run have no log here: partial results" in n for n in s[0].notes)


# ------------------------------------------------------------------ command lines and options
def _parsed(args: list[str], monkeypatch) -> RunOptions:
    seen: list[RunOptions] = []
    monkeypatch.setattr("medtrust.sharded.run_or_resume", lambda opts, **_: seen.append(opts) or [])
    r = CliRunner().invoke(main, ["run", *args])
    assert r.exit_code == 0, r.output
    return seen[0]


@pytest.mark.parametrize("opts", [
    RunOptions(benchmark="cares_llm", model=["openai-api/mock/m", "medtrust/policy/refuse"], judge_models=["openai-api/j/judge"],
               data={"default": "/data/rows=1.jsonl"}, limit=50, log_dir="logs dir", seed=3, max_tokens=64,
               model_args={"base_url": "http://127.0.0.1:9/v1", "max_retries": 0, "temperature": 0.5, "flag": True},
               task_args={"harm_levels": "1,2", "judge": "offline"}, max_connections=12, max_retries=2, timeout=30, preflight=False,
               options={"mitigation": "always"}, shards=4, shard=2, run_id="job-17"),
    RunOptions(benchmark="cares_vlm", model=["medtrust/policy/refuse"], data={"ham10000": "/d/h.jsonl", "iu_xray": "/d/i.jsonl"},
               image_roots={"ham10000": "/img"}, full=True, allow_remote_restricted=True, options={"dimensions": ("factuality", "robustness")},
               display="plain", shards=2),
    RunOptions(benchmark="mediconfusion", model=["medtrust/policy/random-option"], options={"mode": "gd"}, task_args={"text_only": True}),
])  # fmt: skip
def test_run_argv_reads_back_as_the_same_options(opts, monkeypatch):
    back = _parsed(run_argv(opts), monkeypatch)
    from medtrust.benchmarks.registry import get_benchmark

    assert get_benchmark(back.benchmark).name == get_benchmark(opts.benchmark).name
    for f in ("model", "judge_models", "data", "image_roots", "limit", "full", "log_dir", "seed", "max_tokens", "model_args",
              "task_args", "max_connections", "max_retries", "timeout", "preflight", "display", "allow_remote_restricted",
              "shards", "shard", "run_id"):  # fmt: skip
        assert getattr(back, f) == getattr(opts, f), f
    given = {k: v for k, v in opts.options.items()}
    assert {k: back.options[k] for k in given} == given


def test_run_argv_refuses_values_a_command_line_would_change():
    with pytest.raises(ValueError, match="reads as a number"):
        run_argv(RunOptions(model_args={"seed": "007"}))
    with pytest.raises(ValueError, match="a dict value"):
        run_argv(RunOptions(task_args={"data": {"a": "b"}}))


def test_sharded_options_are_checked_before_any_work():
    for opts, why in (
        (RunOptions(shard=1), "--shard K needs --shards N"),
        (RunOptions(shards=3, shard=3, run_id="r"), "--shard must be 0 to 2"),
        (RunOptions(shards=3, shard=1), "needs --run-id"),
        (RunOptions(shards=2, task_args={"shard": "0/2"}), "-T shard"),
        (RunOptions(shards=2, model_args={"api_key": "sk-secret"}), "other users of the machine"),
        (RunOptions(shards=2, ray_address="ray://h:10001"), "--engine ray only"),
        (RunOptions(shards=2000), "1 to 1024"),
    ):
        with pytest.raises(ValueError, match=why):
            check_shard_options(opts)
    assert split_connections(10, 3) == [4, 3, 3] and split_connections(4, 4) == [1, 1, 1, 1]
    with pytest.raises(ValueError, match="at most 3 shards"):
        split_connections(3, 4)


def test_cli_refuses_a_key_on_shard_command_lines_and_fewer_connections_than_shards(tmp_path):
    r = CliRunner().invoke(main, ["run", "--shards", "2", "-M", "api_key=sk-abc123", "--log-dir", str(tmp_path)])
    assert r.exit_code == 2 and "other users of the machine" in r.output and "sk-abc123" not in r.output
    r = CliRunner().invoke(main, ["run", "--shards", "4", "--max-connections", "3", "-m", "medtrust/policy/refuse", "--log-dir", str(tmp_path)])
    assert r.exit_code == 2 and "at most 3 shards" in r.output


def test_a_failed_shard_is_named_and_the_run_exits_non_zero(tmp_path, monkeypatch):
    results = [ShardResult(0, 0), ShardResult(1, 1, ["progress 3/80", "error: the run could not write its log (No space left on device)"]),
               ShardResult(2, 0)]  # fmt: skip
    with pytest.raises(RunIncomplete, match=r"shard\(s\) 1 of 3 failed \(error: the run could not write its log \(No space left"):
        finish(None, RunOptions(log_dir=str(tmp_path)), "r", 3, results, console=_Quiet())
    # through the CLI: the engine's result for shard 1 is a failure -> exit status 1, the shard named
    monkeypatch.setattr("medtrust.sharded.run_commands", lambda engine, commands, **_: [
        ShardResult(k, 0 if k != 1 else -9, ["Killed"]) for k, _ in commands])  # fmt: skip
    r = CliRunner().invoke(main, ["run", "--shards", "3", "-m", "medtrust/policy/refuse", "--log-dir", str(tmp_path / "run")])
    assert r.exit_code == 1 and "shard 1 of 3 failed (exit status -9): Killed" in r.output
    manifest = next((tmp_path / "run").glob("medtrust-run-*.shards.json"))
    payload = json.loads(manifest.read_text())
    assert payload["shards"] == 3 and all(c[:2] == ["medtrust", "run"] and "--no-preflight" in c for c in payload["commands"])
    assert [c[c.index("--shard") + 1] for c in payload["commands"]] == ["0", "1", "2"]
    assert [c[c.index("--max-connections") + 1] for c in payload["commands"]] == ["4", "3", "3"]  # the default total 10, split


class _Quiet:
    def print(self, *a, **k) -> None:
        pass
