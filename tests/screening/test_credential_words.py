"""Round 20 (issue 26): credential words of the world's languages.

rules/credential_words.toml holds, per language, the words for a password, a machine
secret (token, key), two-factor authentication, its seed, and recovery codes. Every
language must have all of them; a handful of languages have a positive and a near miss
here (new sentences, not held-out lines): a word only says where a secret could be, the
value must still have a secret's shape, so security advice in the language is released.
"""

from __future__ import annotations

import pytest

from pipeline.screening import screen
from pipeline.screening.rules import WORD_KINDS, credential_words, world_words

WORDS = credential_words()

# The languages issue 26 asked for: the most spoken ones, the EU, Nordic, Baltic and
# Balkan ones, the Indic and South-East Asian ones, and the major African ones.
REQUIRED = {
    "es", "pt", "fr", "de", "it", "nl", "pl", "cs", "sk", "sl", "hr", "sr", "mk", "bg",
    "sq", "ro", "hu", "el", "ru", "uk", "be", "tr", "sv", "da", "nb", "is", "fi", "et",
    "lv", "lt", "ga", "mt", "ca", "eu", "gl", "cy", "ar", "fa", "he", "ur", "ps", "ku",
    "hi", "bn", "ta", "te", "mr", "gu", "kn", "ml", "pa", "or", "ne", "si", "as", "th",
    "lo", "my", "km", "vi", "id", "ms", "jv", "su", "tl", "zh", "ja", "ko", "ka", "hy",
    "az", "kk", "uz", "mn", "sw", "am", "ha", "yo", "ig", "zu", "xh", "af", "so", "om",
    "rw", "sn", "mg", "ti", "st",
}  # fmt: skip


def test_every_language_has_every_kind_of_word() -> None:
    assert set(WORDS) >= REQUIRED, sorted(REQUIRED - set(WORDS))
    for code, entry in WORDS.items():
        for kind in WORD_KINDS:
            assert entry[kind], (code, kind)
            assert all(w == w.lower() and w.strip() == w for w in entry[kind]), (code, kind)


def test_words_are_stored_as_the_plain_view_reads_them() -> None:
    # Thai "ำ" is split by NFKC and zero-width joiners are removed, as in the text
    assert "รหัสสํารอง" in world_words("recovery")
    assert not any("\u200c" in w or "\u200d" in w for w in world_words("password"))


def test_the_detector_uses_the_words() -> None:
    from pipeline.screening.detectors.credential import CredentialDetector

    detector = CredentialDetector()
    assert "slaptažodis" in detector.password_words
    assert "ufunguo wa siri" in detector.secret_words
    assert "ni" in detector.link_words


# (language, a secret stated, security advice or talk about one with the same word)
CASES = [
    (
        "bn",
        "ব্যাকআপ সার্ভারের পাসওয়ার্ড হলো Qe7mT2xv9Lka, কাল বদলানো হবে।",
        "পাসওয়ার্ড কমপক্ষে বারো অক্ষরের হওয়া উচিত এবং কারও সাথে শেয়ার করবেন না।",
    ),
    (
        "ta",
        "சேவையகத்தின் கடவுச்சொல் Rk4!pWz82nq என்று கோப்பில் உள்ளது.",
        "கடவுச்சொல்லை யாருடனும் பகிர வேண்டாம், அதை அடிக்கடி மாற்றவும்.",
    ),
    (
        "lt",
        "Serverio slaptažodis yra Vb8kLm2QzT5, pakeisk jį po diegimo.",
        "Slaptažodis turi būti ne trumpesnis nei dvylika simbolių.",
    ),
    (
        "yo",
        "Ọ̀rọ̀ ìgbaniwọlé fún olupin náà ni Hy7qPw3Rk2x.",
        "Má ṣe pín ọ̀rọ̀ ìgbaniwọlé rẹ pẹ̀lú ẹnikẹ́ni rárá.",
    ),
    (
        "sw",
        "Nenosiri la hifadhidata ni Tq9mZ4kLx2w, usilishiriki.",
        "Nenosiri lako ni siri yako, usimpe mtu yeyote.",
    ),
    (
        "ka",
        "სერვერის პაროლი არის Jm4kQ9zXw2p ჩანაწერში.",
        "პაროლი უნდა შეიცავდეს ციფრებს და სიმბოლოებს.",
    ),
    (
        "km",
        "ពាក្យសម្ងាត់ម៉ាស៊ីនមេ: Pw8xLq3Zk7m",
        "កុំចែករំលែកពាក្យសម្ងាត់របស់អ្នកជាមួយអ្នកដទៃ។",
    ),
    (
        "fi",
        "Varmuuskopion TOTP-siemen on QW3E7RTY2UIOPA4SDF5GHJKL tilille ops.",
        "Ota kaksivaiheinen tunnistus käyttöön ja säilytä siemen turvallisesti.",
    ),
    (
        "ha",
        "Kalmar sirri ta uwar garken shine Fz6pLk2Wq9d.",
        "Kada ka raba kalmar sirri da kowa, ka canza ta akai-akai.",
    ),
    (
        "hy",
        "Սերվերի գաղտնաբառը՝ Nc5wTz8Kq3v",
        "Գաղտնաբառը պետք է լինի առնվազն տասներկու նիշ։",
    ),
]


@pytest.mark.parametrize(("lang", "positive", "near_miss"), CASES, ids=[c[0] for c in CASES])
def test_a_secret_in_the_language_is_dropped_and_advice_is_not(
    lang: str, positive: str, near_miss: str
) -> None:
    assert lang in WORDS
    assert screen(positive) == "credential", positive
    assert screen(near_miss) is None, near_miss


def test_a_parenthesised_gloss_does_not_break_the_link() -> None:
    # the English word glossed in brackets after the local one, then the value
    assert screen("Kalmar sirri (password) ta sabar shine Gp4kTw8Lz2m.") == "credential"
    assert screen("Kalmar sirri (password) ta sabar tana cikin ma'ajiya.") is None
