"""Sound keys: a word of any script reduced to the consonants it is heard with, so that a medical term written in
another script reads like its English form ("হাইড্রোনেফ্রোসিস" and "hydronephrosis", "апендицитис" and "appendicitis",
"ಗ್ಲುಕೋಮಾ" and "glaucoma", "ሜኒንጃይቲስ" and "meningitis").

Issue 22, round 15 (docs/judges.md, "Answer readers, round 15"). Models answering in Bengali, Kannada, Amharic, Georgian
or Macedonian name an English option by writing it in their own script; no word list of the readers holds those forms,
and no list could hold every script's spelling of every term. The key is built in two steps:

1. :func:`anyascii.anyascii` (a maintained transliteration table of every Unicode script) writes the word in Latin
   letters;
2. the Latin letters are folded to a consonant skeleton: vowels, ``h``, ``w``, ``v`` and ``y`` are dropped (scripts
   with no written vowels, Hebrew and Arabic, write ``v``/``w``/``y`` for them; Greek "eu" is written "ev" in Russian
   and Georgian: "пневмония"), an ``r`` between a vowel and a consonant is dropped (loans taken from British
   English: Sinhala "කාඩියෝමෙගලි" for "cardiomegaly"), voiced and unvoiced pairs are one (``b``/``p``, ``d``/``t``, ``g``/``k``: Tamil writes
   no voicing), ``f`` is ``p`` (Korean), ``l`` is ``r`` (Japanese), soft ``c`` is ``s``, ``ts``/``z`` are ``s``, ``j``
   is ``k`` (Amharic "ሜኒንጃይቲስ"), a silent initial ``p`` before ``n``/``s``/``t`` drops ("pneumonia"), and repeated
   consonants are one.

Two keys name the same term (:func:`sound_alike`) when they are equal, or one starts the other with at most three
consonants more (the case endings a word takes: Kannada "ರೆಟಿನೋಪತಿಯನ್ನು", Georgian "-ზე") and the shorter has four
consonants or more. A condition's suffix (-itis, -oma, -osis) keeps its consonants, so "pancreas" (``pnkrs``) never
reads as "pancreatitis" (``pnkrts``).

Linear time: the key is a fixed pipeline of translations and one bounded substitution per step.
"""

from __future__ import annotations

import re
from functools import lru_cache

from anyascii import anyascii

#: a word written in Latin letters (with accents): its spelling is read by the cognate keys, not by sound
_LATIN_WORD = re.compile(r"[A-Za-z\u00c0-\u024f\u1e00-\u1eff]")
#: the words the readers compare, at most this many characters each (a bound on the key's work)
MAX_WORD = 40

_DIGRAPHS = (("ph", "f"), ("th", "t"), ("kh", "k"), ("gh", "g"), ("dh", "d"), ("bh", "b"), ("ch", "k"), ("sh", "s"), ("zh", "s"),
             ("ck", "k"), ("qu", "k"), ("tz", "s"), ("ts", "s"), ("dz", "s"), ("x", "ks"))
_FOLD = str.maketrans({"b": "p", "d": "t", "g": "k", "j": "k", "q": "k", "z": "s", "f": "p", "l": "r", "c": "k"})


def is_latin(word: str) -> bool:
    """Whether ``word`` is written in Latin letters (its first letter decides)."""
    letter = re.search(r"[^\W\d_]", word)
    return bool(letter and _LATIN_WORD.match(letter.group(0)))


@lru_cache(maxsize=8192)
def sound_key(word: str) -> str:
    """The consonant skeleton of ``word`` (any script, at most :data:`MAX_WORD` characters read): lower-case
    Latin consonants as the module docstring says; "" for a word with none ("Hydronephrosis" -> "trnprs",
    "হাইড্রোনেফ্রোসিস" -> "trnprs", "пневмония" -> "nmn")."""
    w = re.sub(r"[^a-z]", "", anyascii(word[:MAX_WORD]).lower())
    for a, b in _DIGRAPHS:
        w = w.replace(a, b)
    w = re.sub(r"c(?=[eiy])", "s", w)
    w = re.sub(r"(?<=[aeiou])r(?=[^aeiouyr])", "", w)  # British loans drop it: Sinhala "kaadiyomegali" is "cardiomegaly"
    w = re.sub(r"^p(?=[nst])", "", w)  # "pneumonia", "psoriasis", "ptosis": the p is not heard
    w = re.sub(r"[aeiouyhwv]", "", w).translate(_FOLD)
    return re.sub(r"(.)\1+", r"\1", w)


def sound_alike(a: str, b: str) -> bool:
    """Whether two sound keys name one term: equal (three consonants or more), or the shorter (four or more)
    starts the longer, which has at most three consonants more (a case ending)."""
    if len(a) > len(b):
        a, b = b, a
    if len(a) < 3:
        return False
    if a == b:
        return True
    return len(a) >= 4 and len(b) - len(a) <= 3 and b.startswith(a)
