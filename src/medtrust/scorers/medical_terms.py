"""Which English medical terms a text names in another language: "Milz" and "脾脏" name "spleen",
"derrame" names "effusion", "흉수" names "pleural effusion", "thận" names "kidney".

The answer extractor (:mod:`medtrust.scorers.extract`) reads option texts and findings, which the
benchmarks give in English, out of replies in any language. Cognates it reads by spelling
(``_cognate_key``: "neumotórax", "Atelektase"); the words no spelling rule can relate ("Erguss",
"bazo", "почка", "böbrek", "积液") it reads through :data:`medtrust.scorers.medical_vocabulary.TERMS`,
a vocabulary of 332 English terms of radiology, pathology, dermatology and ophthalmology
(modalities, planes, sides, sizes, organs and their adjectives, findings, diagnoses) in 24
languages, written for issue 22 from general medical usage (not from any data set or test file;
its limits are in its own docstring and docs/judges.md, "Answer readers, round 8").

How a form is found (every step is a dictionary lookup or a bounded slice, so the time is linear
in the text; at most :data:`MAX_CHARS` characters are read):

- scripts that put spaces between words (Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari): a
  word or a run of up to four words equals a form; or a word differs from a form of six letters or
  more only in its last three letters at most, sharing at least five ("śledzionę" / "śledziona",
  "почку" / "почка"); Arabic and Hebrew words may carry a one- or two-letter prefix ("الطحال",
  "והטחול"); a German, Dutch or Swedish compound may begin or end with a form of five letters or
  more ("Pleuraerguss", "Netzhautablösung");
- scripts without spaces (Chinese, Japanese, Thai), Korean (whose words carry particles) and
  Devanagari (whose vowel signs are no word characters to the regular-expression engine): a form
  occurs anywhere ("右侧胸腔积液", "비장입니다").

What is not read: a form that is also a frequent English word ("rate", "long", "tim";
``ENGLISH_HOMOGRAPHS`` of the vocabulary) in a text holding an English function word
(:data:`ENGLISH_WORDS`); a word in a substring script that holds a form without naming it
(:data:`NOT_TERMS`: 肾上腺 is the adrenal gland, not the kidney).

Errors: none; any string is read (an empty one names nothing).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache


#: at most this many characters of a text are read
MAX_CHARS = 20_000
#: languages whose forms are read as substrings (no spaces between words, or particles attached)
SUBSTRING_LANGUAGES = frozenset({"zh", "ja", "ko", "th", "hi"})
#: languages whose nouns form compounds that begin or end with another noun's form
COMPOUND_LANGUAGES = frozenset({"de", "nl", "sv"})
#: one- and two-letter prefixes an Arabic, Persian or Hebrew word may carry ("ال", "و", "ב")
_PREFIXES = ("وال", "بال", "فال", "كال", "لل", "ال", "و", "ف", "ب", "ل", "ك", "ה", "ו", "ב", "ל", "מ", "ש", "וה", "שה", "בה", "מה")
_SPACED_WORD = re.compile(r"(?<![^\W\d_])[^\W\d_]++(?:-[^\W\d_]++)?")
#: a character of a script whose forms are read as substrings
SUBSTRING_SCRIPT = re.compile(r"[\u0900-\u097f\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def _norm(s: str) -> str:
    return unicodedata.normalize("NFKC", s).lower().strip()


@dataclass(frozen=True)
class _Index:
    """The vocabulary's forms by how they are found (each maps a lower-case form to its English terms)."""

    words: dict[str, frozenset[str]]  # whole words and runs of words, scripts with spaces
    stems: dict[str, frozenset[str]]  # forms of six letters or more less their last one to three letters
    compounds: dict[str, frozenset[str]]  # German, Dutch and Swedish forms a compound may begin or end with
    substrings: dict[str, frozenset[str]]  # forms in scripts read as substrings, spaces removed
    homographs: dict[str, frozenset[str]]  # forms that are also frequent English words, whole words only
    run: int  # the most words a form has (at most 4)
    longest: int  # the longest substring form (at most 12 characters)


@lru_cache(maxsize=1)
def _index() -> _Index:
    """Built on the first read, not at import: most replies are read before the layer that needs it."""
    from medtrust.scorers.medical_vocabulary import ENGLISH_HOMOGRAPHS, TERMS

    words: dict[str, set[str]] = {}
    stems: dict[str, set[str]] = {}
    compounds: dict[str, set[str]] = {}
    substrings: dict[str, set[str]] = {}
    homographs: dict[str, set[str]] = {}
    for english, by_language in TERMS.items():
        for language, forms in by_language.items():
            for form in forms:
                f = _norm(form)
                if not f:
                    continue
                if language in SUBSTRING_LANGUAGES or SUBSTRING_SCRIPT.search(f):
                    substrings.setdefault(f.replace(" ", ""), set()).add(english)
                    continue
                words.setdefault(f, set()).add(english)
                if " " not in f and len(f) >= 6:
                    for cut in (1, 2, 3):
                        if len(f) - cut >= 5:
                            stems.setdefault(f[:-cut], set()).add(english)
                if language in COMPOUND_LANGUAGES and " " not in f and len(f) >= 5:
                    compounds.setdefault(f, set()).add(english)
    for english, by_language in ENGLISH_HOMOGRAPHS.items():
        for forms in by_language.values():
            for form in forms:
                homographs.setdefault(_norm(form), set()).add(english)

    def freeze(d: dict[str, set[str]]) -> dict[str, frozenset[str]]:
        return {k: frozenset(v) for k, v in d.items()}

    return _Index(freeze(words), freeze(stems), freeze(compounds), freeze(substrings), freeze(homographs),
                  run=min(max((k.count(" ") + 1 for k in words), default=1), 4),
                  longest=min(max((len(k) for k in substrings), default=1), 12))


#: words in scripts read as substrings that hold a form without naming it, read as a whole and skipped: the adrenal
#: gland (肾上腺: not the kidney), "approximately" (左右: not left and right), "most" (大多数), "crucial" (肝心),
#: "undoubtedly" (无疑, 毫无), Korean "even if" (-지라도: not 지라, spleen), the organ sense of 기관 (not the trachea),
#: Thai "ponder" (ไตร่ตรอง: not ไต, kidney), "skill" (ฝีมือ: not มือ, hand), Hindi "interesting" (दिलचस्प: not
#: दिल, heart) and "only" (सिर्फ: not सिर, head)
NOT_TERMS = frozenset({"肾上腺", "腎上腺", "副腎", "左右", "大多数", "大多數", "肝心", "无疑", "無疑", "毫无", "毫無", "지라도",
                       "기관은", "기관이", "ไตร่ตรอง", "ฝีมือ", "दिलचस्प", "सिर्फ"})
#: words only an English sentence has (function words no other vocabulary language spells alike: not Dutch "is" and
#: "of", Czech and Polish "to"): a text holding
#: one is read without the vocabulary's ``ENGLISH_HOMOGRAPHS`` ("Tim and I disagree", "Let me echo the question", "heart rate of 80")
ENGLISH_WORDS = re.compile(
    r"(?i)(?<![^\W\d_])(?:the|and|with|this|that|these|those|there|which|what|who|it's|are|was|were|been|be|"
    r"i|i'm|you|your|my|we|they|but|not|from|have|has|had|would|should|could|can|will|let|at|it|its)(?![^\W\d_])"
)


def _word_terms(w: str) -> frozenset[str]:
    """Terms one spaced-script word names (lower case): the word, its stem, its prefixes stripped,
    or a compound's first or last part."""
    ix = _index()
    hit = ix.words.get(w)
    if hit:
        return hit
    if len(w) >= 6:
        for cut in (1, 2, 3):
            stem = w[:-cut]
            if len(stem) >= 5 and (stem in ix.stems or stem in ix.words):
                return ix.stems.get(stem) or ix.words[stem]
    for p in _PREFIXES:
        if w.startswith(p) and len(w) - len(p) >= 2 and w[len(p):] in ix.words:
            return ix.words[w[len(p):]]
    found: set[str] = set()
    if len(w) >= 8 and w.isalpha():
        for i in range(5, min(len(w) - 2, 24)):  # "pleuraerguss": a compound's head ("erguss") or its first part
            found |= ix.compounds.get(w[:i], frozenset()) | ix.compounds.get(w[i:], frozenset())
    return frozenset(found)


@lru_cache(maxsize=4096)
def term_spans(text: str) -> tuple[tuple[int, int, frozenset[str]], ...]:
    """Where ``text`` names vocabulary terms: (start, end, English terms) in text order, offsets into
    ``text`` (lower-cased with NFKC; at most :data:`MAX_CHARS` characters read). A run of words
    that is one form is one span ("tràn dịch màng phổi"), not its words' spans. Forms that are also
    frequent English words ("rate", "long") are read only when ``text`` holds no English word
    (:data:`ENGLISH_WORDS`): call it on one sentence, not a whole mixed-language reply."""
    t = text[:MAX_CHARS]
    low = t.lower()
    if len(low) != len(t):  # "İ" lowers to two characters: keep offsets those of ``text``
        low = "".join(c.lower()[:1] for c in t)
    ix = _index()
    spans: list[tuple[int, int, frozenset[str]]] = []
    tokens = list(_SPACED_WORD.finditer(low))
    homographs = not ENGLISH_WORDS.search(low)
    i = 0
    while i < len(tokens):
        for n in range(min(ix.run, len(tokens) - i), 0, -1):
            a, b = tokens[i].start(), tokens[i + n - 1].end()
            if n > 1 and not re.fullmatch(r"[^\W\d_-]++(?:[\s-]++[^\W\d_-]++)*+", low[a:b]):
                continue
            key = _norm(re.sub(r"\s+", " ", low[a:b]))
            hit = ix.words.get(key) if n > 1 else _word_terms(key)
            if not hit and homographs:
                hit = ix.homographs.get(key)
            if hit:
                spans.append((a, b, hit))
                i += n
                break
        else:
            i += 1
    if SUBSTRING_SCRIPT.search(t):
        k = 0
        while k < len(t):
            for size in range(min(ix.longest, len(t) - k), 0, -1):
                piece = low[k: k + size]
                if piece in NOT_TERMS:  # "肾上腺" is the adrenal gland, not the kidney in "肾"
                    k += size
                    break
                hit = ix.substrings.get(piece)
                if hit:
                    spans.append((k, k + size, hit))
                    k += size
                    break
            else:
                k += 1
        spans.sort()
    return tuple(spans)


def english_terms(text: str) -> frozenset[str]:
    """The English terms ``text`` names in any vocabulary language (:func:`term_spans`)."""
    return frozenset(e for _, _, terms in term_spans(text) for e in terms)


def _singulars(word: str) -> set[str]:
    w = word.lower()
    out = {w}
    if w.endswith("es") and len(w) > 4:
        out |= {w[:-2], w[:-2] + "is"}  # "metastases" -> "metastasis"
    if w.endswith("s") and len(w) > 3:
        out.add(w[:-1])
    return out


def names_word(terms: frozenset[str], word: str) -> bool:
    """Whether one of ``terms`` is the English ``word`` or ends in it, singular or plural
    ("pleural effusion" names "effusion"; "nodule" names "nodules")."""
    forms = _singulars(word)
    return any(_singulars(e.split()[-1]) & forms for e in terms)


@lru_cache(maxsize=2048)
def substring_forms(word: str) -> tuple[str, ...]:
    """The forms, in the scripts read as substrings (Chinese, Japanese, Korean, Thai, Hindi), of every
    term that is or ends in the English ``word`` ("effusion" -> "积液", "胸水", "흉수", ...)."""
    keep = set()
    for form, terms in _index().substrings.items():
        if names_word(terms, word):
            keep.add(form)
    return tuple(sorted(keep, key=lambda f: (-len(f), f)))
