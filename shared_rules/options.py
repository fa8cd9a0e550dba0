"""The one checker of a game's options, for every game: what a menu, a host `new` or a save
brings is checked against the game's declaration (`spec.OPTIONS`, `spec.PLAYERS`) before
anything in play is let go. Unknown keys and bad values are refused with the same words in
every game; the bots' `players`, `bots` and `level` are every game's, handled here only.

A declaration's option row is `(key, values, check, where, menu)`:
- `values`: the values, the default first (a menu starts there; the engine's OPTIONS are these);
- `check`: None for "one of `values`" (the same type: True is not 1), `("int", lo, hi)` for
  any integer in range, `("ints", lo, hi, n)` for a list of at most n of them, `("text", n,
  module)` for one of `values` or a text of at most n characters that the game's `module`
  (shared_rules.<game>.<module>) reads with its `parse(text)` (Tai Chi Chuan's deck: the first
  bad line refused with its number and reason);
- `where`: "both" (the board takes it and hands it to the engine), "board" (the board's own,
  never the engine's: Tac-Tik's card mode, Wuxing's age) or "engine" (the engine's, set by the
  board from its own: not taken from a menu, a host or a save);
- `menu`: None, or the menu row `(label, choices, names, short)` (names: the choices' texts on
  the panel, None for the values' own; short: a label for a panel too narrow for it).
"""

from micropython import const

_GREEDY = const("greedy")  # a game without `level`: the bot of every game before levels (old saves)


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def integer(name, value, lo, hi):
    """`value` if it is an integer lo..hi, else ValueError."""
    if not is_int(value) or not lo <= value <= hi:
        raise ValueError("%s must be an integer %d..%d" % (name, lo, hi))
    return value


def int_list(name, value, lo, hi, max_len):
    """`value` if it is a list of at most max_len integers lo..hi, else ValueError."""
    if not isinstance(value, list) or len(value) > max_len:
        raise ValueError("%s must be a list of at most %d integers" % (name, max_len))
    for v in value:
        integer(name + " item", v, lo, hi)
    return value


def seats(name, value, players):
    """`value` if it is a list of distinct seats 0..players-1 (the seats the bot plays), else
    ValueError: a seat named twice or out of the game is a bad start, not a bot playing twice."""
    int_list(name, value, 0, players - 1, players)
    for i in range(len(value)):
        if value[i] in value[i + 1:]:
            raise ValueError("%s names seat %d twice" % (name, value[i]))
    return value


def _words(name, values):
    """The refusal of a value not among `values`, in the words its type calls for."""
    if True in values and False in values and all(v is None or v is True or v is False
                                                  for v in values):
        return name + " must be true or false" + (" or null" if None in values else "")
    if all(isinstance(v, str) for v in values):
        return name + " must be one of " + ", ".join(values)
    return name + " must be one of " + " ".join([str(v) for v in values])


def one_of(name, value, values):
    """`value` if it is one of `values` with their type (True is not 1, "1" is not 1)."""
    for v in values:
        if type(v) is type(value) and v == value:
            return v
    raise ValueError(_words(name, values))


def row(spec, key):
    """The declaration's row of option `key`, or None."""
    for r in spec.OPTIONS:
        if r[0] == key:
            return r
    return None


def value(key, v, r, game=None):
    """`v` checked against its row `r` (of the game named `game`, for a text a module of its
    own reads); ValueError naming the key."""
    check = r[2]
    if check is None:
        return one_of(key, v, r[1])
    if check[0] == "int":
        return integer(key, v, check[1], check[2])
    if check[0] == "text":
        return text(key, v, r, game)
    return int_list(key, v, check[1], check[2], check[3])


def text(key, v, r, game):
    """One of the row's values, or a text of at most check[1] characters that the game's
    module check[2] reads (`parse(v)`: its ValueError is the refusal, in one line)."""
    for x in r[1]:
        if type(x) is type(v) and x == v:
            return x
    check = r[2]
    if not isinstance(v, str) or len(v) > check[1]:
        raise ValueError("%s must be %s or a text of at most %d characters" % (
            key, " or ".join([str(x) for x in r[1]]), check[1]))
    if game is not None:
        from shared_rules import registry

        registry.part(game, check[2]).parse(v)
    return v


def players(spec, options):
    """The player count of these options (the declaration's DEFAULT_PLAYERS when absent)."""
    counts = spec.PLAYERS
    n = integer("players", options.get("players", spec.DEFAULT_PLAYERS), min(counts),
                max(counts))
    if n not in counts:
        raise ValueError("players must be " + ", ".join([str(c) for c in counts[:-1]]) +
                         " or " + str(counts[-1]))
    return n


def level(options):
    """The bots' level (shared_rules/bots.py, one of ALL_LEVELS); absent: "greedy", the bot every
    game had before levels, so a save or a host `new` from then plays on against the bot it
    was played against. ValueError otherwise."""
    if "level" not in options:
        return _GREEDY
    from shared_rules.bots import ALL_LEVELS  # imported only for a level named (heap)

    return one_of("level", options["level"], ALL_LEVELS)


def check(spec, options):
    """Raise ValueError unless `options` is an object whose every key is the game's (or
    every game's: players, bots, level) with a value of its type and range. The keys are
    read in sorted order, so the first bad key named is the same on every runtime."""
    if not isinstance(options, dict):
        raise ValueError("options must be an object")
    n = players(spec, options)
    for key in sorted(options):
        v = options[key]
        if key == "players":
            continue
        if key == "bots":
            seats(key, v, n)
        elif key == "level":
            level(options)
        else:
            r = row(spec, key)
            if r is None or r[3] == "engine":
                raise ValueError("unknown option: " + str(key)[:40])
            value(key, v, r, getattr(spec, "NAME", None))
    humans = getattr(spec, "HUMANS_ONLY", None)  # (key, value, why): a value no bot can play
    if humans and options.get(humans[0]) == humans[1] and options.get("bots"):
        raise ValueError(humans[2])


def board_keys(spec):
    """The keys the board keeps and the engine never sees: bots, level and the declaration's
    "board" options (the host's replay leaves them out)."""
    return ("bots", "level") + tuple([r[0] for r in spec.OPTIONS if r[3] == "board"])


def engine(spec, options, drop=()):
    """The engine's keyword arguments among a game's options: every key but the board's own
    (board_keys) and those of `drop`."""
    skip = board_keys(spec)
    out = {}
    for k in options:
        if k not in skip and k not in drop:
            out[k] = options[k]
    return out


def with_board(options, bots, chosen_level):
    """`options` with the board's own `bots` and (when not greedy) `level` written in: the
    options the `new` event, the save and the `state` reply give."""
    options["bots"] = list(bots)
    options.pop("level", None)  # greedy is the default: named only when chosen otherwise
    if chosen_level != _GREEDY:
        options["level"] = chosen_level
    return options
