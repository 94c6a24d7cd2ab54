"""Schema checks for the held-out refusal labels in tests/data/refusal_heldout/ and the issue-22
kinds in tests/data/refusal_kinds/.

Only the files' shape is checked here (fields, label values, unique ids, listed languages, the
reader accepting every row). Nothing here measures any judge: that set exists to be scored once,
from outside the rules it measures (see the folder's README.md).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from medtrust.judges.labelled import read_plain

HELDOUT = Path(__file__).resolve().parents[1] / "data" / "refusal_heldout"
FILES = ("real_smollm2.jsonl", "authored.jsonl", "sealed.jsonl", "sealed_round3.jsonl", "sealed_round4.jsonl",
         "sealed_round5.jsonl", "sealed_round6.jsonl", "sealed_round7.jsonl",
         "sealed_round8.jsonl", "sealed_round8b.jsonl", "sealed_round9.jsonl", "sealed_round10.jsonl",
         "sealed_round11.jsonl", "sealed_round12.jsonl", "sealed_round13.jsonl", "sealed_round13b.jsonl",
         "sealed_round14.jsonl", "sealed_round14b.jsonl", "sealed_round16.jsonl", "sealed_round16b.jsonl",
         "sealed_round17.jsonl", "sealed_round17b.jsonl", "sealed_round18.jsonl", "sealed_round18b.jsonl",
         "sealed_round19.jsonl", "sealed_round19b.jsonl")
SEALED_FILES = frozenset(f for f in FILES if f.startswith("sealed"))
REQUIRED = ("id", "source_model", "language", "prompt", "response", "label", "kind", "harmful", "notes", "cluster")
LABELS = {"Accept", "Caution", "Refuse"}
KINDS = {
    "plain", "impersonal_refusal", "identity_disclaimer", "refusal_word_then_help",
    "compliance_then_closing_refusal", "refusal_in_story", "non_english", "partial_refusal",
    "hard_negative", "image_non_answer",
}
SOURCE_MODEL = re.compile(r"^(smollm2-135m|authored:(claude|llama3|qwen|gemma|mistral|medical-finetune|deepseek|phi|gpt4o|command-r|biomistral|kimi|minicpm|meditron|granite|bloomz|yi|internlm|openbiollm|olmo|jamba|nemotron|exaone|aya|glm|falcon|jais|sealion|swallow|tulu|vicuna|ernie|hermes|solar|zephyr|grok|gemini|baichuan|medalpaca|dbrx|reka|med42|huatuogpt|palmyra-med|openchat|stablelm|apollo|chatdoctor|elyza|sarvam|mixtral|koala|lucie|occiglot|inkubalm|yandexgpt|minimax|magistral|athene|eurollm|meerkat|sailor|pharia|teuken|rakutenai|velvet|llama2-chat|mpt|medgemma|skywork|vikhr|arctic|tower|asclepius|kanana|aquila|dolphin|llava-med|saiga|seallm|k2|marco|radfm|trurl|sabia|h2ogpt|fanar|leo-lm|aloe|moss|llamantino|bode|croissantllm|disc-medllm|xwin-lm|neural-chat|bianque|airavata|vigogne|tigerbot|capybara|doctorglm|silma|cabrita|kullm|snorkel|sea-lion|heron|salamandra|viking|clinical-camel|dolly|guanaco|orca|stablebeluga|xgen)-style)$")


def _rows(name: str) -> list[dict]:
    path = HELDOUT / name
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        assert line.strip(), f"{name}: blank line {n}"
        rows.append(json.loads(line))
    return rows


def _readme_languages() -> set[str]:
    """ISO codes listed in the README's language table (rows like ``| es | Spanish | ...``)."""
    text = (HELDOUT / "README.md").read_text(encoding="utf-8")
    return set(re.findall(r"^\| ([a-z]{2}) \| [A-Z][^|\n]*\|", text, flags=re.MULTILINE))  # "Norwegian Bokmål", "Serbian (Cyrillic)"


@pytest.mark.parametrize("name", FILES)
def test_every_row_has_the_schema(name: str) -> None:
    rows = _rows(name)
    assert rows, name
    languages = _readme_languages()
    for row in rows:
        where = f"{name}:{row.get('id')}"
        missing = [f for f in REQUIRED if f not in row]
        assert not missing, f"{where} lacks {missing}"
        assert row["label"] in LABELS, where
        assert row["kind"] in KINDS, where
        assert isinstance(row["harmful"], bool), where
        assert SOURCE_MODEL.match(row["source_model"]), where
        assert row["language"] in languages, f"{where}: language {row['language']!r} not in README table"
        for text_field in ("id", "prompt", "response", "cluster"):
            assert isinstance(row[text_field], str) and row[text_field].strip(), f"{where}: empty {text_field}"
        assert isinstance(row["notes"], str), where


def test_ids_unique_across_files_and_clusters_do_not_straddle_sealed() -> None:
    ids: Counter[str] = Counter()
    clusters: dict[str, set[str]] = {}
    for name in FILES:
        for row in _rows(name):
            ids[row["id"]] += 1
            clusters.setdefault(row["cluster"], set()).add(name)
    assert [i for i, c in ids.items() if c > 1] == []
    # a prompt's responses are either all sealed or all open, so rule authors never see a sealed prompt
    straddling = [c for c, files in clusters.items() if files & SEALED_FILES and len(files) > 1]
    assert straddling == []


@pytest.mark.parametrize("name", FILES)
def test_plain_reader_accepts_every_row(name: str) -> None:
    rows = _rows(name)
    items = read_plain(HELDOUT / name)
    assert len(items) == len(rows)
    assert [(i.id, i.label, i.source_model, i.cluster) for i in items] == [
        (r["id"], r["label"], r["source_model"], r["cluster"]) for r in rows
    ]


def test_real_rows_keep_generation_settings() -> None:
    for name in ("real_smollm2.jsonl", "sealed.jsonl"):
        for row in _rows(name):
            if row["source_model"] != "smollm2-135m":
                continue
            assert row["system"] in {"none", "caution", "helpful", "strict"}, row["id"]
            assert row["temperature"] in (0.0, 0.7), row["id"]
            assert isinstance(row["seed"], int), row["id"]
            assert row["prompt_source"], row["id"]


# --- tests/data/refusal_kinds/ (issue 22 section 4): same schema, its own kinds and families ---

KINDS_DIR = Path(__file__).resolve().parents[1] / "data" / "refusal_kinds"
KINDS_FILES = ("dev.jsonl", "heldout.jsonl")
ISSUE22_KINDS = {
    "contraction", "decline_with_referral", "declined_then_given", "balanced_overview", "safer_alternative",
    "general_only", "asks_context", "soft_decline",
    # round 3 (refusal-6)
    "decline_reasons_only", "pivot_what_i_can", "inability_referral", "condemnation_only", "limit_then_answer",
    "object_first_decline",
    # round 4 (refusal-7)
    "word_order_decline", "unlisted_language",
    # round 5 (refusal-8)
    "reasons_then_impersonal", "quoted_part_decline", "formal_impersonal",
    # round 6 (refusal-9)
    "passive_decline", "advised_against_then_general", "decline_referral_only", "over_hedge", "degenerate_loop",
    "image_non_answer",
}
ISSUE22_SOURCE = re.compile(r"^authored:(claude|llama3|qwen|gemma|mistral|medical-finetune|gpt|small-model)-style$")


@pytest.mark.parametrize("name", KINDS_FILES)
def test_issue22_kind_files_have_the_schema(name: str) -> None:
    from medtrust.judges.refusal import lexicon_languages

    rows = [json.loads(line) for line in (KINDS_DIR / name).read_text(encoding="utf-8").splitlines()]
    assert rows
    for row in rows:
        where = f"{name}:{row.get('id')}"
        assert not [f for f in REQUIRED if f not in row], where
        assert row["label"] in LABELS and row["kind"] in ISSUE22_KINDS, where
        assert isinstance(row["harmful"], bool) and ISSUE22_SOURCE.match(row["source_model"]), where
        assert row["language"] in lexicon_languages(), where
        assert all(isinstance(row[f], str) and row[f].strip() for f in ("id", "prompt", "response", "cluster")), where
    assert [(i.id, i.label) for i in read_plain(KINDS_DIR / name)] == [(r["id"], r["label"]) for r in rows]


def test_issue22_kind_files_keep_prompts_on_one_side_and_ids_unique() -> None:
    rows = {n: [json.loads(line) for line in (KINDS_DIR / n).read_text(encoding="utf-8").splitlines()] for n in KINDS_FILES}
    ids = [r["id"] for rs in rows.values() for r in rs] + [r["id"] for n in FILES for r in _rows(n)]
    assert len(ids) == len(set(ids))
    dev = {r["cluster"] for r in rows["dev.jsonl"]}
    assert dev.isdisjoint(r["cluster"] for r in rows["heldout.jsonl"])
    # the README's totals are the files' (Accept / Caution / Refuse (n))
    text = (KINDS_DIR / "README.md").read_text(encoding="utf-8")
    for n, rs in rows.items():
        c = Counter(r["label"] for r in rs)
        assert f"{c['Accept']} / {c['Caution']} / {c['Refuse']} ({len(rs)})" in text, n


TRAIN_DIR = HELDOUT.parent / "refusal_train"
TRAIN_STYLES = re.compile(r"^authored:(wizardlm|orca|pmc-llama|doubao|hyperclova|alpaca|starling|biomedgpt|hunyuan|plamo|gpt-oss|qwq|tinyllama|bielik|gigachat|perplexity|pi|salamandra|typhoon|allam|guanaco|dolly|copilot|poro|krutrim"
                           r"|openassistant|xgen|baize|medllama|qra|clinicalgpt|komodo|noon|phoenix|pythia-chat"
                           r"|orca2|xverse|clinical-camel)-style$")


@pytest.mark.parametrize(("name", "n"), [
    ("train_a.jsonl", 200), ("train_b.jsonl", 200), ("train_c.jsonl", 200), ("train_d.jsonl", 200), ("train_e.jsonl", 200),
    ("round15_holdout/train_f.jsonl", 200), ("round15_holdout/train_g.jsonl", 200),
    ("round18_known_styles/round18a.jsonl", 120), ("round18_known_styles/round18b.jsonl", 120)])
def test_training_rows_have_the_schema(name: str, n: int) -> None:
    """The files of tests/data/refusal_train/ (the n-gram model's training files and the open
    development files beside them): same fields as the held-out files, languages listed in that
    folder's README, ids and clusters of their own."""
    text = (TRAIN_DIR / "README.md").read_text(encoding="utf-8")
    languages = set(re.findall(r"^\| ([a-z]{2}) \| [A-Z][^|\n]*\|", text, flags=re.MULTILINE))
    rows = [json.loads(line) for line in (TRAIN_DIR / name).read_text(encoding="utf-8").splitlines()]
    assert len(rows) == n and len(read_plain(TRAIN_DIR / name)) == n
    for row in rows:
        where = f"{name}:{row.get('id')}"
        assert not [f for f in REQUIRED if f not in row], where
        assert row["label"] in LABELS and row["kind"] in KINDS and isinstance(row["harmful"], bool), where
        assert TRAIN_STYLES.match(row["source_model"]), where
        assert row["language"] in languages, f"{where}: language {row['language']!r} not in README table"
    held = [r for f in FILES for r in _rows(f)]
    assert not {r["id"] for r in rows} & {r["id"] for r in held}
    assert not {r["cluster"] for r in rows} & {r["cluster"] for r in held}
