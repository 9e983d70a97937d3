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


@pytest.mark.parametrize("code", sorted(WORDS))
def test_every_word_labels_a_value_and_a_mask_is_released(code: str) -> None:
    """Each password and secret word of each language, as a label before a value of a
    secret's shape, is read as the keyword (inflected forms and the scripts without
    spaces included); the same label before a mask or a placeholder is released."""
    for kind, value, mask in (
        ("password", "Qm7#vK2pX9tL", "********"),
        ("secret", "c8Fq2LmZ7vRt4XpN9kWb3HsJ", "<your-token>"),
    ):
        for word in WORDS[code][kind]:
            assert screen(f"{word}: {value}") == "credential", (code, word)
            assert screen(f"{word}: {mask}") is None, (code, word)


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


# --- round 20: vendor keys named by their surroundings, env-rooted paths -------------------


def _b64(text: str) -> str:
    import base64

    return base64.b64encode(text.encode()).decode()


def test_basic_auth_with_the_key_as_user_and_no_password() -> None:
    # APIs that take the secret key as the user name send base64 of "key:"
    key = "sk_test_Q8mZr2Lk5vT9wX3pN7cB1dF4"
    assert screen(f"Der Proxy-Log zeigt Authorization: Basic {_b64(key + ':')}") == ("credential")
    # a plain user name with an empty password is no secret
    assert screen(f"curl sent Authorization: Basic {_b64('apiuser:')} here.") is None
    assert screen(f"Header Authorization: Basic {_b64('payments-service-account:')}") is None


def test_an_ak_sk_pair_under_names_that_say_so() -> None:
    pair = "obs:\n  ak: KWCA7T9WQU32USASCJL4\n  sk: ModygVluw0X4C8Lf0HuRm4rslMYTcG9AeGKCUMC1"
    assert screen(pair) == "credential"
    assert screen("cos_ak=QWERT5YUIOP2ASDF8GHJ cos_sk=Zq8mP2vL9kT5rW7nX3bY6cF1dH4jS0aEu") == (
        "credential"
    )
    # references, and an access key id alone, are no pair
    assert (
        screen("Set obs_ak: ${OBS_AK} and obs_sk: ${OBS_SK}; the values come from Vault.") is None
    )
    assert (
        screen("obs_ak: KWCA7T9WQU32USASCJL4 is the access key id; the SK is in the vault.") is None
    )


def test_a_multi_word_keyed_anchor_ends_after_its_last_word() -> None:
    assert screen("Konfiguracja: klucz do CRC 5be1c93d07a2f4e6, tryb testowy.") == "credential"
    assert screen("Klucz do CRC ma 16 znaków i jest w panelu.") is None


@pytest.mark.parametrize(
    "text",
    [
        "The job config lives at $JENKINS_HOME/jobs/nightly/config.xml per the admin.",
        "Der Build legt die Artefakte unter ${CI_PROJECT_DIR}/dist/app.tar ab.",
        "El instalador copia el binario a %SONAR_SCANNER_HOME%\\bin\\sonar.bat y falla.",
        "ログは $GITHUB_WORKSPACE/build/logs/test.log に出力される。",
    ],
)
def test_a_path_rooted_in_any_upper_case_variable(text: str) -> None:
    assert screen(text) == "internal_path"


@pytest.mark.parametrize(
    "text",
    [
        "Set $HOME correctly before running the script.",
        "Export ${DB_PASS} from the vault; never hard-code it.",
        "The shell expands $PATH and $USER for each session.",
        "Requests go to ${API_URL}/v2/orders with a retry.",
        "Price rose 20% after the update, now $45/month.",
        "The printf format %s/%d prints both fields.",
        "Pull from https://$REGISTRY_HOST/team/app and tag it.",
    ],
)
def test_variables_that_root_no_file_path(text: str) -> None:
    assert screen(text) is None


def test_a_rooted_path_is_no_secret_value() -> None:
    # the credential word before it does not make a path a secret: it is internal_path
    text = "Das Tool liest seine Zugangsdaten aus %APPDATA%\\tool\\auth_state.json beim Start."
    assert screen(text) == "internal_path"
