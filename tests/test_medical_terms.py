"""The multilingual medical vocabulary and its reader (medtrust.scorers.medical_terms; issue 22, round 8).

Each test reads a real sentence a report or a model might write and checks which English terms it
names, and where: forms by word, by stem, by compound part, with an Arabic or Hebrew prefix, and as
substrings in scripts without spaces; offsets stay those of the text.
"""

from __future__ import annotations

import re

import pytest

from medtrust.scorers import medical_terms as mt
from medtrust.scorers.medical_vocabulary import TERMS


@pytest.mark.parametrize("text, term", [
    ("Das abgebildete Organ ist die Milz.", "spleen"),  # a word
    ("El órgano mostrado es el bazo.", "spleen"),
    ("Kleiner Pleuraerguss links.", "effusion"),  # a compound's head
    ("Typisches Bild einer Netzhautablösung.", "retinal detachment"),
    ("Die Retina zeigt eine Ablösung.", "detachment"),
    ("Das ist eine Ultraschallaufnahme.", "ultrasound"),  # a compound's first part
    ("Перелома нет.", "fracture"),  # an inflected form: the genitive
    ("العضو الظاهر هو الطحال.", "spleen"),  # an Arabic article prefix
    ("زهו הטחול.", "spleen"),  # a Hebrew article prefix
    ("图像显示的是脾脏。", "spleen"),  # a substring in a script without spaces
    ("비장입니다.", "spleen"),  # a Korean word with its particle
    ("Cơ quan trong ảnh là thận.", "kidney"),
    ("यह तिल्ली है।", "spleen"),  # Devanagari, read as substrings
])
def test_forms_name_their_english_term(text, term):
    assert term in mt.english_terms(text)


def test_spans_keep_the_texts_offsets_and_prefer_the_longest_form():
    text = "İki taraflı. Kleiner Pleuraerguss links."  # "İ" lowers to two characters
    spans = mt.term_spans(text)
    hit = next((a, b) for a, b, terms in spans if "effusion" in terms)
    assert text[hit[0]: hit[1]] == "Pleuraerguss"
    spans = mt.term_spans("Hình ảnh tràn dịch màng phổi bên phải.")
    runs = ["Hình ảnh tràn dịch màng phổi bên phải."[a:b] for a, b, _ in spans]
    assert all(" " not in r or len(r.split()) <= 4 for r in runs)


def test_frequent_english_words_of_another_meaning_are_no_forms():
    """"long" is Dutch for lung, "been" Dutch for leg, "rate" French for spleen: an English reply ("heart
    rate", "has been", "long axis") must not name those organs."""
    assert mt.english_terms("The heart rate has been normal along the long axis.").isdisjoint({"lung", "leg", "spleen"})
    forms = {f for by in TERMS.values() for fs in by.values() for f in fs}
    assert {"long", "been", "rate", "main", "plan"}.isdisjoint(forms)


def test_nothing_named_in_text_without_terms():
    assert mt.english_terms("") == frozenset()
    assert mt.english_terms("Answer: B.") == frozenset()


def test_names_word_reads_heads_and_plurals():
    assert mt.names_word(frozenset({"pleural effusion"}), "effusion")
    assert mt.names_word(frozenset({"nodule"}), "nodules")
    assert mt.names_word(frozenset({"metastasis"}), "metastases")
    assert not mt.names_word(frozenset({"effusion"}), "pleural")


def test_substring_forms_of_a_head_word():
    forms = mt.substring_forms("effusion")
    assert "积液" in forms and "胸水" in forms
    assert all(re.search(r"[^\x00-\x7f]", f) for f in forms)


def test_vocabulary_shape():
    """Every entry is an English key in lower case with tuples of non-empty lower-case forms."""
    assert len(TERMS) >= 250
    for english, by_language in TERMS.items():
        assert english == english.lower().strip()
        for language, forms in by_language.items():
            assert re.fullmatch(r"[a-z]{2}", language)
            assert forms and all(f and f == f.lower().strip() for f in forms), (english, language)


def test_reading_is_bounded_on_long_text():
    """At most MAX_CHARS characters are read: a form after them is not seen."""
    text = "x " * mt.MAX_CHARS + "Milz"
    assert "spleen" not in mt.english_terms(text)
    assert "spleen" in mt.english_terms("Milz " + "x " * 10)
