"""The price table: the packaged entries, matching, local models, a user's table first, bad tables named."""

from __future__ import annotations

import pytest

from medtrust.estimate.prices import PACKAGED, PriceError, load_table, price_of, tables


def test_packaged_table_is_dated_and_names_its_sources():
    t = load_table(PACKAGED)
    assert t.as_of == "2026-03" and all(e["source"] for e in t.entries)
    mini = price_of("openai/gpt-4o-mini", [t])
    assert (mini.input, mini.output, mini.batch_input, mini.batch_output) == (0.15, 0.60, 0.075, 0.30)
    assert price_of("openai/gpt-4o-mini-2024-07-18", [t]).input == 0.15
    assert price_of("openai/gpt-4o", [t]).input == 2.50  # not taken for gpt-4o-mini, nor the other way round
    assert price_of("anthropic/claude-3-haiku-20240307", [t]).batch_output == 0.625


def test_unknown_price_is_none_and_local_models_cost_nothing():
    t = tables(None)
    assert price_of("openai/gpt-9-ultra", t) is None and price_of("together/some/model", t) is None
    assert price_of("medtrust/embedded", t).local and price_of("medtrust/embedded", t).input == 0.0
    # any model whose requests stay on this machine
    local = price_of("openai/gpt-4o-mini", t, base_url="http://127.0.0.1:8000/v1")
    assert local.local and local.input == 0.0


def test_a_users_table_comes_first(tmp_path):
    f = tmp_path / "mine.toml"
    f.write_text('as_of = "2026-11"\n[[price]]\nmodels = ["openai/gpt-4o-mini"]\ninput = 0.10\noutput = 0.40\nsource = "our contract"\n')
    p = price_of("openai/gpt-4o-mini", tables(f))
    assert (p.input, p.batch_input, p.source, p.as_of) == (0.10, None, "our contract", "2026-11")
    assert price_of("openai/gpt-4o", tables(f)).input == 2.50  # the rest still from the packaged table


@pytest.mark.parametrize(("body", "message"), [
    ("[[price]]\nmodels = ['a/b']\ninput = -1\noutput = 1\nsource = 's'\n", "price entry 1: field 'input' must be a number >= 0"),
    ("[[price]]\nmodels = ['a/b']\ninput = 1\noutput = 1\n", "price entry 1: field 'source'"),
    ("[[price]]\nmodels = 'a/b'\ninput = 1\noutput = 1\nsource = 's'\n", "field 'models' must be a list"),
    ("[[price]]\nmodels = ['a/b']\ninput = 1\noutput = 1\nbatch_input = 0.5\nsource = 's'\n", "give both batch_input and batch_output"),
    ("[[price]]\nmodels = ['a/b']\ninput = 1\noutput = 1\nsource = 's'\ncurrency = 'EUR'\n", "unknown field 'currency'"),
    ("title = 'x'\n", "no [[price]] entries"),
    ("[[price]\n", "not valid TOML"),
])  # fmt: skip
def test_bad_tables_are_named(tmp_path, body, message):
    f = tmp_path / "bad.toml"
    f.write_text(body)
    with pytest.raises(PriceError) as e:
        load_table(f)
    assert str(e.value).startswith(f"{f}: ") and message in str(e.value)
