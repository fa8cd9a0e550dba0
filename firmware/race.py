"""A buzzer race among the seats (issue 35): who pressed first, from where, refereed by the
scans of a 74HC165 chain (firmware/seats.py), for a game that asks every seat at once (Tai Chi
Chuan's challenge: its board package calls this when it lands).

    race = Race(seats, seed)          # a round's race; `seed`: the game's, and the round's
    race.open(at)                     # from this scan time on, a buzz counts
    race.buzz(seat, at)               # each seat's press, in scan order (SeatButtons' events)
    if race.decided(): text = race.result()   # "s2", or "s2 tie 0 2": the move to log

The first scan after the opening wins. Seats whose presses were in that same scan tie: the tie
is settled by the seeded generator (shared_rules.rng, the same on both runtimes) and the result
names the seats that tied, so the log says what happened and a replay applies the logged winner
without racing again (`parse`). A buzz before the opening locks that seat out for the round;
a seat locked out, or with nobody playing there, is not heard.
"""

from shared_rules.rng import Rng


class Race:
    def __init__(self, seats, seed):
        self.seats = seats
        self.seed = seed
        self.locked = bytearray(seats)  # 1: buzzed early, out for this round
        self.open_at = None  # the scan time from which a buzz counts (None: not open yet)
        self.best = 0  # the first scan time heard after the opening
        self.first = []  # the seats buzzing in that scan, in the order heard
        self.early = []  # the seats locked out, in order

    def open(self, at):
        self.open_at = at

    def buzz(self, seat, at):
        """A seat's press at scan time `at`: early (locked out), first, tied, or too late.
        Returns True when it counted for the lead (first or tied)."""
        if not 0 <= seat < self.seats or self.locked[seat]:
            return False
        if self.open_at is None or at - self.open_at < 0:
            self.locked[seat] = 1
            self.early.append(seat)
            return False
        if not self.first or at - self.best < 0:
            self.best = at
            self.first = [seat]
            return True
        if at == self.best and seat not in self.first:
            self.first.append(seat)
            return True
        return False

    def decided(self):
        """Someone buzzed after the opening (call once the pass's scans are all fed: the
        scans of one pass come together, so a tie in the first scan is complete)."""
        return bool(self.first)

    def winner(self):
        """The winning seat: the first scan's only seat, or of a tie the seeded draw."""
        first = self.first
        if len(first) == 1:
            return first[0]
        tied = sorted(first)  # the draw never depends on the order the seats were fed in
        return tied[Rng(self.seed).below(len(tied))]

    def result(self):
        """The race as a move's text: `s2`, or `s2 tie 0 2` (the tied seats, ascending)."""
        w = self.winner()
        if len(self.first) == 1:
            return "s" + str(w)
        return "s" + str(w) + " tie " + " ".join(str(s) for s in sorted(self.first))


def parse(text):
    """(winner, tied seats) from a result's text (a replay); ValueError if it is not one."""
    from shared_rules import canon

    words = canon.ascii_words(text)
    if not words or words[0][:1] != "s" or not canon.is_digits(words[0][1:]):
        raise ValueError("not a race result: " + text)
    w = canon.ascii_int(words[0][1:])
    tied = []
    if len(words) > 1:
        if words[1] != "tie" or len(words) < 4:
            raise ValueError("not a race result: " + text)
        for word in words[2:]:
            if not canon.is_digits(word):
                raise ValueError("not a race result: " + text)
            tied.append(canon.ascii_int(word))
        if w not in tied:
            raise ValueError("the winner of a tie is one of the tied: " + text)
    return w, tied
