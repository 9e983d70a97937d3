"""pipeline.screening.word_trie: the trie pattern matches exactly its words, the longer
first where one is a prefix of another, with a space inside a word as told."""

from __future__ import annotations

import re

from pipeline.screening.word_trie import trie_pattern


def test_the_pattern_matches_its_words_and_no_others() -> None:
    words = ["pass", "password", "passwort", "pin", "a.b"]
    pattern = re.compile(f"(?:{trie_pattern(words)})$")
    for word in words:
        assert pattern.match(word), word
    for other in ["pas", "passw", "pinx", "axb", ""]:
        assert not pattern.match(other), other


def test_the_longer_word_goes_first_and_a_space_is_what_the_caller_says() -> None:
    assert re.match(trie_pattern(["pass", "password"]), "password1").group() == "password"
    assert re.match(trie_pattern(["system prompt"]), "system  prompt") is None
    loose = trie_pattern(["system prompt"], space=r"\s+")
    assert re.match(loose, "system \n prompt").group() == "system \n prompt"
