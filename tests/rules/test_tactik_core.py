"""Tac-Tik core: new game, deal and exchange, turn order, serialisation round trip."""

from shared_rules.tactik import rules as tactik


def test_new_game_deals_four_cards_and_starts_with_exchange():
    s = tactik.new_game(4, seed=3)
    assert s.phase == "exchange"
    assert s.current_player == 0
    for seat in range(4):
        assert len(s.hand(seat)) == 4
    assert s.card_count() == 48
    assert len(s.pack) == 32
    pos = s.positions()
    assert sorted(pos) == ["blue", "green", "red", "yellow"]
    for colour in pos:
        assert pos[colour] == ["N", "N", "N", "N"]


def test_exchange_passes_to_partner_then_play_starts_left_of_dealer():
    s = tactik.new_game(4, seed=5)
    hands = [s.hand(i) for i in range(4)]
    given = []
    for seat in range(4):
        assert s.current_player == seat
        card = hands[seat][0]
        given.append(card)
        s.apply("give " + card)
    assert s.phase == "play"
    assert s.current_player == 0
    for seat in range(4):
        expect = list(hands[seat])
        expect.remove(given[seat])
        expect.append(given[(seat + 2) % 4])
        assert sorted(s.hand(seat)) == sorted(expect)
    assert s.history == ["give " + given[i] for i in range(4)]


def test_serialize_round_trips():
    s = tactik.new_game(6, seed=9)
    for _ in range(30):
        s.apply(tactik.greedy_move(s))
    data = s.serialize()
    t = tactik.deserialize(data)
    assert t.serialize() == data
    assert t.digest() == s.digest()
    assert t.positions() == s.positions()
    assert [str(m) for m in t.legal_moves()] == [str(m) for m in s.legal_moves()]


def test_view_shows_only_what_a_seat_may_see():
    s = tactik.new_game(4, seed=8)
    card = s.hand(0)[0]
    s.apply("give " + card)
    v = s.view(0)
    assert v["given"] == card and v["hand"] == s.hand(0) and len(v["hand"]) == 3
    assert v["held"] == [3, 4, 4, 4] and v["pack"] == 32 and v["played"] == []
    # the partner receives nothing until every seat has given
    assert s.view(2)["given"] is None and s.view(2)["hand"] == s.hand(2)
    assert len(s.hand(2)) == 4
    # other seats' hands and the order of the pack do not show
    other = s.clone()
    for seat in (1, 2, 3):
        other.hands[seat] = sorted([(k + 1) % 12 for k in other.hands[seat]])
    other.pack = bytearray(reversed(other.pack))
    other.pending[1] = 5
    assert other.view(0) == v and other.view(2) != s.view(2)
