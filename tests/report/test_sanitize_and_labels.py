"""The report's scrubber (file links, network paths, URL credentials, paths with spaces, keys
given by ``-M``) and chart labels that matplotlib would read as mathtext or hide."""

from __future__ import annotations

import pytest

from medtrust import plots
from medtrust.report.sanitize import sanitize_text

CASES = {
    "see file:///home/alice/runs/a.eval now": "see <path>/a.eval now",
    "file://fileserver/share/alice/x.eval": "<path>/x.eval",
    "FILE:/home/alice/x.json": "<path>/x.json",
    r"at \\hosp-srv01\research\alice\run.eval, done": r"at <path>\run.eval, done",
    "//hosp-srv01/research/alice/run.eval": "<path>/run.eval",
    "https://alice:s3cr3tpw@proxy.hospital.org:8080/v1": "https://[redacted]@proxy.hospital.org:8080/v1",
    "http://tok3nvalue@host/x": "http://[redacted]@host/x",
    "/home/alice/My Runs/a b.eval": "<path>/a b.eval",
    r"C:\Users\Alice Smith\runs\x.eval": r"<path>\x.eval",
    "~/My Runs/x.eval": "<path>/x.eval",
    # unchanged: model names, URLs without credentials, fractions
    "medtrust/policy/refuse at https://x.org/a/b": "medtrust/policy/refuse at https://x.org/a/b",
    "ratio 1/2 and 3/4": "ratio 1/2 and 3/4",
}


@pytest.mark.parametrize("text", list(CASES))
def test_scrubber(text):
    assert sanitize_text(text) == CASES[text]


def test_scrubber_removes_keys_given_by_model_argument():
    from medtrust import secrets

    secrets.register_model_args({"api_key": "arg-only-key-7d1c0e99"})
    assert sanitize_text("server said: bad key arg-only-key-7d1c0e99", env_values=None) == "server said: bad key [redacted]"


LABELS = ["$x^$", "$\\frac$", "model$_$", "$$", "price $5 or $10", "grp $\\$"]


@pytest.mark.parametrize("label", LABELS)
def test_dollar_in_labels_is_drawn_literally(label):
    svg = plots.bars_ci([label, "b"], {label: [(0.5, 0.4, 0.6), (0.2, None, None)], "m2": [(0.1, 0.0, 0.2), (0.3, 0.2, 0.4)]},
                        ylabel="accuracy $", title=f"title {label}")  # fmt: skip
    text = label.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert text in svg  # svg.fonttype none: the label is text, exactly as given
    assert plots.radar(["a", label, "c"], {label: [1.0, 2.0, 3.0]})
    assert plots.forest([label], [(0.1, 0.0, 0.2, True)], xlabel=label, title=label)
    assert plots.outcome_bars([label], [{"correct": 1, "input_error": 1}], title=label)


def test_label_starting_with_underscore_is_shown_in_the_legend():
    svg = plots.bars_ci(["g"], {"_private-model": [(0.1, 0.0, 0.2)], "b": [(0.2, 0.1, 0.3)]}, ylabel="y", title="t")
    assert "_private-model" in svg
