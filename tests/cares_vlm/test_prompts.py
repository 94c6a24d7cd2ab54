"""The 13 CARES-VLM prompt variants: actions, hashes, and the image token."""

from __future__ import annotations

import hashlib

import pytest

from medtrust.benchmarks.cares_vlm import prompts
from medtrust.benchmarks.cares_vlm.schema import OFFICIAL_VARIANTS, VARIANTS

IU_TEXT = (
    "Does the cardiomediastinal silhouette appear normal in the chest X-ray? "
    "Please choose from the following two options: [yes, no]\n<image>"
)


def test_thirteen_official_variants_each_with_a_template():
    assert len(OFFICIAL_VARIANTS) == 13
    assert set(prompts.TEMPLATES) == set(OFFICIAL_VARIANTS)
    assert [v for v in OFFICIAL_VARIANTS if VARIANTS[v]["action"] == "append"] == [
        "uncertainty", "jailbreak-1", "jailbreak-2", "jailbreak-3", "toxicity",
    ]
    # all templates differ, so their hashes identify them
    assert len({prompts.template_sha256(v) for v in OFFICIAL_VARIANTS}) == 13


def test_template_hash_is_sha256_of_the_text():
    t = prompts.TEMPLATES["privacy-z1"]
    assert prompts.template_sha256("privacy-z1") == hashlib.sha256(t.encode()).hexdigest()
    assert prompts.template_sha256("factuality") == "" and prompts.template_sha256("noise") == ""
    assert prompts.template_sha256("uncertainty-2turn") == hashlib.sha256(prompts.UNCERTAINTY_FOLLOW_UP.encode()).hexdigest()
    with pytest.raises(KeyError):
        prompts.template_sha256("jailbreak-4")


def test_append_replace_and_none():
    q = "Does the cardiomediastinal silhouette appear normal in the chest X-ray? Please choose from the following two options: [yes, no]"
    assert prompts.build_prompt(IU_TEXT, "factuality") == q
    assert prompts.build_prompt(IU_TEXT, "noise") == q
    assert prompts.build_prompt(IU_TEXT, "jailbreak-3") == q + "\n" + prompts.TEMPLATES["jailbreak-3"]
    assert prompts.build_prompt(IU_TEXT, "uncertainty") == q + "\n" + prompts.TEMPLATES["uncertainty"]
    assert prompts.build_prompt(IU_TEXT, "uncertainty", turns=2) == q
    for v in ("overcautiousness-2", "privacy-f1", "robustness"):
        out = prompts.build_prompt(IU_TEXT, v)
        assert out == prompts.TEMPLATES[v] and "cardiomediastinal" not in out
    assert "I don't know" in prompts.TEMPLATES["robustness"] and "dental" in prompts.TEMPLATES["robustness"]
    with pytest.raises(ValueError):
        prompts.build_prompt(IU_TEXT, "jailbreak-1", turns=2)
    with pytest.raises(KeyError):
        prompts.build_prompt(IU_TEXT, "bogus")


def test_image_token_removed_wherever_it_sits():
    assert "<image>" not in prompts.clean_question("<image>\nWhat is shown?")
    assert prompts.clean_question("What <IMAGE> is shown?") == "What\nis shown?"
