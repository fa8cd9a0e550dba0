"""The dictionary builder (host/lanterne/dictionary_build.py): its packing read back by the
board's reader, and the committed word sets equal to what the build makes from the pinned
sources, where those are installed (`make dictionary` installs them)."""

import pytest
from lanterne import dictionary_build as build

from shared_rules.dictionary import reader


def test_fold_keeps_words_of_letters_only():
    assert build.fold("Éléphant") == "elephant"
    assert build.fold("cœur") == "coeur"
    for bad in ("sud-est", "aujourd'hui", "2CV", "a", "x" * 31, "ex aequo"):
        assert build.fold(bad) is None, bad


def test_a_small_set_packs_and_reads_back(tmp_path):
    forms = {"abaca", "abaque", "abaques", "bateau", "bateaux", "zythum", "zythums"} | {
        "mot" + chr(97 + i) * (1 + i % 5) for i in range(26)}
    entries = {"abaca", "abaque", "bateau", "zythum"}
    path = tmp_path / "words.bin"
    path.write_bytes(build.pack_words(entries, forms, chunk=30))  # many small chunks
    w = reader.Words(str(path))
    assert (w.count, w.entries) == (len(forms), len(entries)) and w.chunks > 6
    for word in forms:
        assert w.lookup(word) == (reader.ENTRY if word in entries else reader.FORM), word
    for word in ("aa", "abac", "abacas", "bateauz", "mot", "motzz", "zz", "zzzzzz"):
        assert w.lookup(word) == reader.NOT_FOUND, word


def test_separators_are_the_shortest_start_after_the_last_word():
    assert build._separator("abaca", "abaque") == b"abaq"
    assert build._separator("bateaux", "bb") == b"bb"
    assert build._separator("ab", "abc") == b"abc"


def test_the_committed_sets_are_what_the_build_makes():
    why = build.sources_missing()
    if why:
        pytest.skip(f"the dictionary's sources are not installed here: {why}")
    for name, data in build.build().items():
        assert (build.OUT / name).read_bytes() == data, f"{name} is out of date: make dictionary"
