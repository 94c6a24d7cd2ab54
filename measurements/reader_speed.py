"""Reply time of the answer and judge-reply readers on long adversarial replies (issue 22: no reply over 1 s).

    python measurements/reader_speed.py            # the phrases of rounds 12 to 17, 100 KB replies
    python measurements/reader_speed.py --kb 4     # about 600 words: the most round 15's clause reader compares
    python measurements/reader_speed.py --kb 50    # shorter replies

Each phrase of a round (one per rule the round added) is repeated into a reply of ``--kb`` kilobytes and read by every
reader a run uses: the CARES-VLM default extractor for a choice and a yes/no question and for a cut reply, MediConfusion's
lenient parser and judge-score reader, and the CARES-VLM grade reader. The time is CPU time (``time.process_time``) of
one call, after one warm-up call that compiles the patterns; the report is the slowest call per phrase and overall.
The fuzz test (tests/test_regex_safety.py) asserts the bound; this script measures it.
"""

from __future__ import annotations

import argparse
import time

from medtrust.benchmarks.cares_vlm.judge import parse_judge_score
from medtrust.benchmarks.mediconfusion.extract import JudgeParseError, lenient_choice, parse_judge_lenient
from medtrust.scorers.extract import extract_choice, extract_yes_no

OPTIONS = {"A": "Pneumothorax", "B": "Pleural effusion", "C": "Atelectasis", "D": "Consolidation"}
QUESTION = "Is there a pleural effusion?"
#: round 14 reads the echo of a question's finding only where the older readers cannot parse the question
QUESTIONS = {12: QUESTION, 13: QUESTION, 14: "Ці ёсць плеўральны выпат?", 15: QUESTION, 16: QUESTION, 17: QUESTION}

#: one phrase per rule a round added (docs/judges.md, "Answer readers, round 12" to "round 17")
PHRASES = {
    12: ["Já og nei. ", "ਜਵਾਬ: B ਜਾਂ D ", "Pneimotorakss nav konstatēts. ", "Antwort B – x ", "माझे अंतिम उत्तर A आहे ",
         "**Answer: D**\n---\n", '{"jibu": "ndiyo", "answer": "no"} ', "2番目が正解です。", "3-й вариант ",
         "Síðasti valkosturinn er rangur. ", "but C is more likely ", "</s>[/INST]### Response:\n",
         "Impression: cannot be excluded\n", "Beraz, B: x. ", "A, B un D nevar izslēgt. ", "A deskribapena: 6.5 puntu; ",
         "Score: [score]/10 ", "Jibu la mwisho: ndiyo. ", "Ni skladno s ", "yes or no "],
    13: ["As an AI, I can't diagnose fractures. ", "Кардиомегалия исключена. ", "Pneumonija se ne može isključiti. ",
         "فکر می‌کنم پاسخ بله است. ", "отговорът ми е: да, има ", "Може би да, може би не. ", "Impendulo ngu-D. ",
         "נראה לי ש-C היא התשובה ", "Второто. ", "That leaves the second and third options. ", "D is clearly wrong, ",
         "**Answer: A** so this lesion is malignant. ", "is classic for a pleural effusion. ",
         "impression: **A — Referable**\n", "— this is COPD. ", "PE ruled out. ", "Eine Fraktur ist nicht sicher nachweisbar. ",
         "Итого: да. ", "must be made by a qualified radiologist ", "Ima li znakova pneumonije? "],
    14: ["Seega jääb alles B. ", "Yankho si B, koma A. ", "Karabo ha se A. ", "Mhinduro chaiyo isarudzo yechipiri. ",
         "सही उत्तर विकल्प नं. १ हो। ", "ចម្លើយត្រឹមត្រូវគឺជម្រើសទី៤។", "Sori, mi no inap lukim piksa. ", "Plis toktok wantaim dokta. ",
         "Плеўральны выпат не вызначаецца. ", "плеўральнага выпату не выключана ", '{"izvēle": "B", "x": {"y": "C"}} ',
         "Eeyyee, ", "បាទបេះដូងរីកធំ", "Si kwashiorkor, ", "jibu la mwisho ni B ", "hepatitis B. ", "Выключаем A, B і D — застаецца C. ",
         "Variantlardan birincisi doğrudur. ", "Ekkert brot sést. ", "Tsy misy hafa afa-tsy "],
    # round 15: options named in another script or form (the clause reader compares every word by sound key), letters
    # with endings, excluded findings, positions said twice, "there is"
    15: ["এটা নিউমোথোরাক্স নয়, তাই এটি প্লুরাল ইফিউশন। ", "Ma aha duumo (malaria), mana aha atelectasis. ",
         "DVT. Not a ruptured Baker's cyst (no fluid), ", "Ein HCC ist unwahrscheinlich → FNH. ", "B-ni tanlayman. ",
         "A-ны да, C-ны да ", "B'yi seçmiyorum. ", "Pneumotoraksi përjashtohet. ", "nuk mund të përjashtohet ",
         "দ্বিতীয় (২য়) বিকল্পটি সঠিক। ", "Из двух вариантов верен последний, то есть второй. ", "Bor. ", "კი და არა. ",
         "сондықтан мен A таңдаймын. ", "የመጨረሻ መልሴ A ነው — Cardiomegaly። ", "metastatic disease rather than atelectasis; "],
    # round 16: hypothetical dismissals, noun-first ordinals, letters closing an earlier sentence, forced choices,
    # negations of more languages, answers taken back after "but", options named side by side, sides
    16: ["A PE would show filling defects, which are absent. ", "If it were TB, there would be cavities, and there are none. ",
         "Agar appenditsit bo'lganida, appendiks kattalashgan bo'lar edi. ", "Sarudzo yechipiri ndiyo yakarurama. ",
         "Javob birinchisi yoki ikkinchisi. ", "Ang tubag kay C. Naay tubig. ", "Repons lan se B, tibèkiloz. ",
         "Both B and D fit. If I have to choose one, B. ", "Épanchement pleural ezali te. ", "ስብራት ኣይተረኽበን። ",
         "Ƙashin bai karye ba. ", "Yego, hari amazi. Nyamara nta mazi ahari. ", "Impendulo ngu-A. Kodwa u-B. ",
         "compatible with both pneumonia (A) and tuberculosis (B). ", "Links ist eine Fraktur sichtbar, rechts keine Fraktur. ",
         "B ni tanlayman, ya'ni sil. "],
    # round 17: romanized yes/no and negations, the letter of a short reply, a lower-case closing letter, romanized
    # ordinals and apologies, chat-style judge replies
    17: ["Diaphragm ke neeche koi free air nahi dikh raha. ", "mafeesh edema w mafeesh kerley lines. ", "meiyou guzhe, ",
         "la2 mish A, akeed B. ", "going w B. final: b ", "Doosra wala option sahi hai. ", "sumimasen, handan dekimasen. ",
         "Tumor nist, kist ast. ", "Shayad hai, shayad nahi. ", "A ko 6 dunga, B ko 4. ", "Scores: (4, 6)\n",
         "seven outta ten ", "10 mein se 8 "],
}


def _readers(reply: str, question: str = QUESTION) -> list:
    def judge() -> None:
        try:
            parse_judge_lenient(reply)
        except JudgeParseError:
            pass

    return [lambda: extract_choice(reply, OPTIONS), lambda: extract_yes_no(reply, question=question),
            lambda: extract_choice(reply, OPTIONS, stop_reason="length"), lambda: lenient_choice(reply, OPTIONS["A"], OPTIONS["B"]),
            lambda: parse_judge_score(reply), judge]


def slowest(phrase: str, size: int, question: str = QUESTION) -> float:
    """CPU seconds of the slowest reader call on ``phrase`` repeated to ``size`` characters."""
    reply = (phrase * (size // len(phrase) + 1))[:size]
    worst = 0.0
    for read in _readers(reply, question):
        start = time.process_time()
        read()
        worst = max(worst, time.process_time() - start)
    return worst


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kb", type=int, default=100, help="reply size in kilobytes (default 100)")
    args = ap.parse_args()
    for read in _readers("warm up"):
        read()
    overall = 0.0
    for n, phrases in PHRASES.items():
        times = [(slowest(p, args.kb * 1000, QUESTIONS[n]), p) for p in phrases]
        for t, p in times:
            print(f"round {n}  {p[:40]!r:44} {t:.2f} s")
        worst = max(t for t, _ in times)
        overall = max(overall, worst)
        print(f"round {n}: slowest reader call {worst:.2f} s")
    print(f"slowest overall {overall:.2f} s (target: 1 s)")


if __name__ == "__main__":
    main()
