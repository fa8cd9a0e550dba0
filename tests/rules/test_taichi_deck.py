"""Tai Chi Chuan's deck (shared_rules/taichi/deck.py): the approximation shipped, an owner's
deck text checked line by line (one bad card: one error naming its line and why), and a game
dealt from an owner's deck; a state's bytes, with the word `refuse` would take back."""

from taichi_helpers import game

from shared_rules import registry
from shared_rules.taichi import deck, rules, spec


def bad(text):
    try:
        deck.parse(text)
    except ValueError as exc:
        return str(exc)
    raise AssertionError("taken: " + text)


def test_the_approximation_has_45_cards_15_of_each_symbol():
    cards = deck.parse(deck.APPROX)
    assert len(cards) == 45
    for s in range(3):
        assert len([c for c in cards if c[1] == s]) == 15
    doubles = sorted([c[0] for c in cards if len(c[0]) == 2])
    assert doubles == ["JY", "KW", "QZ", "XH"]  # Q/Z: the seed's RAMEQUIN example needs a Q
    letters = ""
    for c in cards:
        letters += c[0]
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        assert ch in letters, ch  # every letter is somewhere


def test_an_owners_deck_is_read_and_every_bad_line_refused_with_its_reason():
    text = "# my deck\nA lotus\n\nQ/Z ombrelle  # the double card\n" + "E yinyang\n" * 8
    cards = deck.parse(text)
    assert cards[:2] == (("A", 2), ("QZ", 0)) and len(cards) == 10
    assert bad("A lotus\nB fleur\n" + "E lotus\n" * 9) == \
        "deck line 2: unknown symbol (ombrelle, yinyang or lotus)"
    assert bad("A lotus\nb lotus\n") == "deck line 2: a card's letters are capitals A-Z"
    assert bad("AB/C lotus\n") == "deck line 1: a card has one letter or two different ones (Q/Z)"
    assert bad("Q/Q lotus\n") == "deck line 1: a card has one letter or two different ones (Q/Z)"
    assert bad("A lotus extra\n") == "deck line 1: a card is its letters and its symbol"
    assert bad("\u00c9 lotus\n") == "deck line 1: a card's letters are capitals A-Z"
    assert bad("A lotus\n" * 9) == "a deck needs at least 10 cards"
    assert bad("A lotus\n" * 91) == "deck line 91: more than 90 cards"
    assert bad(42) == "a deck is a text"


def test_a_game_dealt_from_an_owners_deck():
    text = "S lotus\nA lotus\nT ombrelle\nE yinyang\nQ/Z lotus\n" * 3
    st = rules.new_game(3, 5, deck=text)
    assert len(st.cards) == 15 and st.options()["deck"] == text
    again = rules.replay(st.options(), 5, [])
    assert again.digest() == st.digest()
    back = rules.deserialize(st.serialize())
    assert back.options() == st.options() and back.digest() == st.digest()
    try:
        rules.new_game(3, 5, deck="S lotus\nA rose\n")
    except ValueError as exc:
        assert str(exc) == "deck line 2: unknown symbol (ombrelle, yinyang or lotus)"
    else:
        raise AssertionError("a bad deck was dealt")


def test_the_bytes_of_a_state_keep_the_word_refuse_would_take_back():
    st = game(2, ["S ombrelle", "T lotus"])
    st.apply("word SITE")
    data = st.serialize()
    back = rules.deserialize(data)
    assert back.serialize() == data and "refuse" in [str(m) for m in back.legal_moves()]
    back.apply("refuse")
    st.apply("refuse")
    assert back.digest() == st.digest() and st.said == ["SITE"]
    take = game(3, ["S ombrelle", "A lotus"], won=[["E lotus"], ["E yinyang"], []])
    take.apply("word SA")
    take.apply("stop")
    take.apply("decline")  # seat 1; seat 2 holds nothing: now seat 0 takes
    good = take.serialize()
    assert take.phase == rules.TAKE and rules.deserialize(good).digest() == take.digest()
    assert b";09;00;00;" in good  # the row (card 9), the queue (seat 0), the kinds (MOST)
    broken = (good.replace(b";09;00;00;", b";09;;00;"),  # a take with nobody to take
              good.replace(b";09;00;00;", b";09;00;02;"),  # an unknown kind of take
              good.replace(b";09;00;00;", b";09;05;00;"),  # a seat of no player
              good.replace(b";09;00;00;", b";;00;00;"),  # no card turned
              good.replace(b";take;", b";tea;"))
    for junk in (b"", b"TC1", data + b"|", data.replace(b"TC1", b"TC2", 1),
                 data[:-3], data + b"|SITE|TC1;", b"\xff\xfe", "TC1;" * 30) + broken:
        try:
            rules.deserialize(junk)
        except ValueError as exc:
            assert str(exc) == "not a Tai Chi Chuan state", (junk, str(exc))
        else:
            raise AssertionError("read junk")


def test_the_declaration_agrees_with_the_engine_and_the_bots():
    assert spec.NAME == rules.NAME and spec.PLAYERS == rules.PLAYERS
    engine = [o for o in spec.OPTIONS if o[3] != "board"]
    assert sorted([o[0] for o in engine]) == sorted(rules.OPTIONS)  # (dict order differs)
    for row in engine:
        assert row[1] == rules.OPTIONS[row[0]], row[0]
    for row in spec.OPTIONS:
        menu = row[4]
        if menu is not None and menu[2] is not None:
            assert len(menu[2]) == len(menu[1]), row[0]
    assert spec.DEFAULT_PLAYERS in spec.PLAYERS and "taichi" in registry.names()
    assert registry.part("taichi", spec.BOT).LEVELS == ("easy", "normal", "hard")
    for path in spec.DATA:
        with open(path, "rb") as f:
            assert len(f.read(4)) == 4
