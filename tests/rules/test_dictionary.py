"""The board's French word sets (shared_rules/dictionary): which real words are entries, which
forms only the beginners' set takes, the fit with the cards drawn (the seed's own examples),
and the packed files read whole, the same on CPython (zlib) and MicroPython (deflate)."""

import sys

import sizes

from shared_rules.dictionary import judge, reader

# dictionary entries: nouns, adjectives (SATISFAIT, a participle), verbs at the infinitive,
# adverbs, words with accents, cedillas and ligatures
ENTRIES = ("SUD", "SITE", "SATELLITE", "SATISFAIT", "RAT", "RIZ", "RAMEQUIN", "CHEVAL",
           "MANGER", "RAPIDEMENT", "ELEPHANT", "FRANCAIS", "OEIL", "COEUR", "GARCON", "NOEL",
           "ZYTHUM", "KAYAK", "WAGON", "XYLOPHONE", "QUOI", "JOUER", "GENS", "AIR")
# forms only: plurals, conjugated forms, proper nouns (the beginners' option takes them)
FORMS = ("CHEVAUX", "SATISFAITS", "SATELLITES", "MANGEONS", "MANGERIONS", "RATS", "YEUX",
         "PARIS", "LYON", "MARSEILLE", "FRANCOIS", "BRIGITTE", "JOUAIT", "ELEPHANTS")
NOWHERE = ("QWZX", "SATISFAITE" + "Z", "ANTICONSTITUTIONNELLEMENTS" + "Q", "ZZZZZZ", "BRAF")


def test_fold_takes_accents_off_and_writes_ligatures_out():
    assert judge.fold("éléphant") == "ELEPHANT"
    assert judge.fold("Œil") == "OEIL"
    assert judge.fold("cœur") == "COEUR"
    assert judge.fold("garçon") == "GARCON"
    assert judge.fold("Noël") == "NOEL"
    assert judge.fold("ex aequo") is None
    assert judge.fold("aujourd'hui") is None
    assert judge.fold("sud-est") is None
    assert judge.fold("r2d2") is None
    assert judge.fold("") is None
    assert judge.fold("a" * 31) is None
    assert judge.fold(42) is None


# every letter with an accent a French word may hold, and what it folds to (judge's table)
FOLDED = {
    "à": "A", "â": "A", "ä": "A", "á": "A", "ã": "A", "å": "A", "ç": "C", "é": "E", "è": "E",
    "ê": "E", "ë": "E", "î": "I", "ï": "I", "í": "I", "ì": "I", "ô": "O", "ö": "O", "ó": "O",
    "ò": "O", "õ": "O", "ù": "U", "û": "U", "ü": "U", "ú": "U", "ÿ": "Y", "ý": "Y", "ñ": "N",
    "œ": "OE", "æ": "AE", "À": "A", "Â": "A", "Ä": "A", "Á": "A", "Ç": "C", "É": "E", "È": "E",
    "Ê": "E", "Ë": "E", "Î": "I", "Ï": "I", "Ô": "O", "Ö": "O", "Ù": "U", "Û": "U", "Ü": "U",
    "Ÿ": "Y", "Ñ": "N", "Œ": "OE", "Æ": "AE",
}


def test_fold_knows_exactly_the_french_letters_and_nothing_else():
    for cp in range(0x250):  # ASCII, Latin-1, Latin Extended-A and B
        ch = chr(cp)
        want = ch.upper() if "a" <= ch <= "z" or "A" <= ch <= "Z" else FOLDED.get(ch)
        assert judge.fold(ch) == want, (cp, judge.fold(ch), want)
        assert judge.fold("b" + ch + "e") == (None if want is None else "B" + want + "E"), cp
    assert judge.fold("\u20ac") is None and judge.fold("é" * 31) is None  # (30 letters at most)
    assert judge.fold("Æsœpé") == "AESOEPE"


def test_the_seeds_first_example_grows_a_word_card_by_card():
    cards = ["S"]
    for card, word in (("", "SUD"), ("T", "SITE"), ("A", "SATELLITE"), ("A", "SATISFAIT")):
        if card:
            cards.append(card)
        assert judge.misfit(word, cards) is None, (word, cards)
        assert judge.judge(word, cards) == (True, ""), word
    # one A is no longer enough once a second A is drawn: repeated letters are counted
    assert judge.misfit("SATELLITE", cards) == "needs 2 A, has 1"
    assert judge.judge("SITE", ["S", "T", "A"])[0] is False
    assert judge.judge("SUD", ["S", "T"]) == (False, "SUD needs 1 T, has 0")


def test_double_cards_give_either_letter_and_may_change_from_word_to_word():
    # the seed's R, O/Z (read Q/Z), N: RAT, RIZ (the Z), RAMEQUIN (the Q)
    assert judge.judge("RAT", ["R"]) == (True, "")
    assert judge.judge("RIZ", ["R", "QZ"]) == (True, "")
    assert judge.judge("RAMEQUIN", ["R", "QZ", "N"]) == (True, "")
    assert judge.judge("RAT", ["R", "QZ"]) == (False, "RAT has no room for Q/Z")
    # two double cards need two letters; a double card and a single one do not share a letter
    assert judge.misfit("RAMEQUIN", ["R", "QZ", "N", "QZ"]) == "has no room for Q/Z, Q/Z"
    assert judge.misfit("QUIZ", ["Q", "QZ"]) is None
    assert judge.misfit("QUIZ", ["Q", "QZ", "Z"]) == "has no room for Q/Z"
    assert judge.misfit("JOYEUX", ["JY", "Y"]) is None  # J from the double, Y from the other
    # a double first card: the word starts with either of its letters
    assert judge.misfit("YOGA", ["JY", "A"]) is None
    assert judge.misfit("JOUER", ["JY", "R"]) is None
    assert judge.misfit("KAYAK", ["JY"]) == "does not start with J/Y"


def test_the_bots_fit_on_bytes_is_the_judges_fit():
    """could_fit then doubles_fit (the bots' test on a packed word's bytes, no text made) says
    what misfit says, for random rows of single and double cards and random words."""
    from shared_rules.rng import Rng

    rng = Rng(11)
    letters = "AEIOUSQZJYRNT"
    doubles = ("QZ", "JY", "KW", "XY", "ST")
    taken = {}
    agreed = fits = 0
    for _ in range(1500):
        cards = [letters[rng.below(len(letters))]]
        for _ in range(rng.below(6)):
            cards.append(doubles[rng.below(len(doubles))] if rng.below(3) == 0
                         else letters[rng.below(len(letters))])
        word = cards[0][0] + "".join(letters[rng.below(len(letters))]
                                     for _ in range(rng.below(8)))
        w = word.lower().encode()
        fast = judge.could_fit(w, judge.counts(cards)) and \
            judge.doubles_fit(w, judge.spares(cards), taken)
        assert fast == (judge.misfit(word, cards) is None), (word, cards)
        assert all(v == 0 for v in taken.values())
        agreed += 1
        fits += fast
    assert agreed == 1500 and 100 < fits < 1400, fits  # both answers met often


def test_the_first_letter_counts_once():
    # the first card is the initial; a second S card needs a second S after it
    assert judge.misfit("SUD", ["S", "S"]) == "needs 2 S, has 1"
    assert judge.misfit("SOUS", ["S", "S"]) is None
    assert judge.misfit("SUD", ["T"]) == "does not start with T"
    assert judge.misfit("SUD", []) == "no card is drawn"


def test_entries_are_accepted_in_both_sets():
    for w in ENTRIES:
        assert judge.judge(w, [w[0]]) == (True, ""), w
        assert judge.judge(w, [w[0]], every_form=True) == (True, ""), w
    assert judge.judge("éléphant", ["E", "P"]) == (True, "")


def test_plurals_conjugations_and_proper_nouns_only_with_the_beginners_option():
    for w in FORMS:
        ok, why = judge.judge(w, [w[0]])
        assert not ok and why.startswith(w + " is not a dictionary entry"), (w, why)
        assert judge.judge(w, [w[0]], every_form=True) == (True, ""), w


def test_words_in_no_set_are_refused_with_their_reason():
    for w in NOWHERE:
        assert judge.judge(w, [w[0]], every_form=True) == (
            False, w + " is not in the dictionary") or len(w) > reader.MAX_LEN, w
    assert judge.judge("sud-est", ["S"]) == (False, "not a word of letters only")
    assert judge.judge("S", ["S"]) == (False, "shorter than 2 letters")
    assert judge.judge("SUD", ["S"], min_len=4) == (False, "shorter than 4 letters")
    w = judge.words()
    assert w.lookup("") == reader.NOT_FOUND
    assert w.lookup("a" * 40) == reader.NOT_FOUND
    assert w.lookup("aaaaa") == reader.NOT_FOUND  # before the first word's neighbours
    assert w.lookup("zzzzzzzz") == reader.NOT_FOUND  # after the last word


def test_every_chunk_inflates_to_sorted_words_matching_the_header():
    w = judge.words()
    step = sizes.pick(1, 1, 25)  # the board reads one chunk in 25
    count = entries = 0
    last = b""
    with open(w.path, "rb") as f:
        for i in range(0, w.chunks, step):
            block = reader.FrontCoded(w.read_chunk(f, i))
            key = w._record(f, i)[0]
            assert step > 1 or not i or last < key, i
            first = True
            while True:
                got = block.next()
                if got is None:
                    break
                word, flag = got
                assert last < word and flag in (0, 1) and (key <= word or not first)
                last = word
                first = False
                count += 1
                entries += flag
            if step > 1:
                last = b""
    if step == 1:
        assert count == w.count and entries == w.entries
        assert 300000 < w.count < 400000 and 60000 < w.entries < 80000


def test_a_damaged_file_is_refused_in_one_line():
    for bad in (b"", b"LWD0" + bytes(12), b"LWD1" + bytes(12)):
        name = "_bad_words_" + sys.implementation.name + ".bin"  # (both runtimes run at once)
        with open(name, "wb") as f:
            f.write(bad)
        try:
            reader.Words(name)
        except ValueError as exc:
            assert "word set" in str(exc)
        else:
            raise AssertionError("a damaged file was read")
    # a good header and index over a chunk that is no deflate stream
    head = b"LWD1" + bytes([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 11])
    index = bytes([0, 0, 0, 0, 0, 28]) + bytes([0, 0, 0, 0, 0, 34])
    with open(name, "wb") as f:
        f.write(head + index + b"\xff\xff\xff\xff\xff\xff")
    w = reader.Words(name)
    try:
        got = w.lookup("abc")
    except ValueError as exc:
        assert str(exc).startswith("a damaged word set")
    else:
        assert got == reader.NOT_FOUND  # (or inflated to nothing: no word, never a crash)
    import os
    os.remove(name)
    try:
        reader.data_path("nothing-here.bin")
    except ValueError as exc:
        assert str(exc) == "the word set nothing-here.bin is not on this device"
    else:
        raise AssertionError("found a missing file")


def test_the_bots_words_are_entries_level_by_level():
    b = reader.BotWords()
    w = judge.words()
    assert b.levels == 3 and b.count == sum([b.letter(chr(97 + i))[2][2] for i in range(26)])
    assert b.count == 30000
    for ch in sizes.pick("abcdefghijklmnopqrstuvwxyz", "eqwz", "q"):
        upto = b.letter(ch)[2]
        assert upto[0] <= upto[1] <= upto[2]
        for level in range(3):
            lines = b.stream(ch, level)
            i = 0
            last = b""
            while True:
                words = lines.piece()
                if words is None:
                    break
                for word in words:
                    assert word[:1] == ch.encode()
                    # each level's words sorted, after those of the levels below
                    assert i == 0 or i in upto or last < word, (ch, word)
                    if level == 2 and i < sizes.pick(100000, 200, 20):
                        assert w.lookup(word) == reader.ENTRY, word
                    last = word
                    i += 1
            assert i == upto[level], (ch, level)
