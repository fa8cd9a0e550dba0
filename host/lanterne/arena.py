"""`lanterne arena`: bot levels play each other, games spread over the machine's cores.

    lanterne arena --game GAME --players 4 hard:greedy --games 1000
    lanterne arena --game GAME hard:greedy --option KEY=VALUE --games 1000

Each game gives every team (who plays together: the game's declared `TEAMS`, a side or
partners, else each seat alone) one of the levels; the levels rotate over the teams from game
to game, the same deal being played once in every arrangement, so seats and the deal even
out. Fewer levels than teams: each level in turn fills the rest, so that each plays as many
teams as the other over a deal (`hard:greedy` at 6 players: one hard team against two greedy
teams, then two hard teams against one greedy team; a fair share is 50 % for each level, as at
4 players). Name every team for a fixed match: `hard:greedy:greedy` is one hard team against
two greedy teams.
The table gives each level's wins with a 95 % Wilson interval, and the draws; `--seed` makes
a run reproducible, `--json` prints the figures for scripts. A simultaneous round (the
engine's `state.simultaneous()`, docs/game-interface.md) takes each seat's choice from its own
level (`card(state, seat, level)` of the bot module, which never reads another seat's pending
choice) through `state.choose`, and the round is then one move. No game is named here: the
games, their teams and default player counts are their declarations'. See docs/bots.md.
"""

import contextlib
import json
import math
import os
import sys
import time

import click

from shared_rules import bots, registry

from . import expert

MAX_MOVES = 20000  # a game still running after this many moves counts as a draw
_COMMITTED = {}  # each game's bot weights as committed, while a trial's are in the table


@contextlib.contextmanager
def _table_as(table, contents):
    # the weights table holding `contents` for a while, then what it held before
    before = dict(table)
    table.clear()
    table.update(contents)
    try:
        yield
    finally:
        table.clear()
        table.update(before)


@contextlib.contextmanager
def trial_weights(game, weights):
    """The game's bot weights with a trial's ({level: {name: value}}, for tuning) over the
    committed levels, for one game; the committed table kept for the yardstick meanwhile
    (committed_weights) and back in place afterwards."""
    if not weights:
        yield
        return
    table = bots.bot_module(game).WEIGHTS
    committed = dict(table)
    trial = dict(committed)
    for lv in weights:
        trial[lv] = dict(committed.get(lv, {}), **weights[lv])
    _COMMITTED[game] = committed
    try:
        with _table_as(table, trial):
            yield
    finally:
        del _COMMITTED[game]


@contextlib.contextmanager
def committed_weights(game):
    """The game's committed bot weights while a host-only level moves: a trial tunes the levels
    it names, never the yardstick, whose play-outs and fallbacks call the bot's levels."""
    committed = _COMMITTED.get(game)
    if committed is None:
        yield
        return
    with _table_as(bots.bot_module(game).WEIGHTS, committed):
        yield


def wilson(wins, n, z=1.96):
    """95 % Wilson score interval (low, high) of a proportion wins/n."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def teams_of(game, players):
    """The number of teams and each seat's team (the game's declared TEAMS for this player
    count; else each seat alone)."""
    seat_team = list(registry.spec(game).TEAMS.get(players) or range(players))
    return len(set(seat_team)), seat_team


def arrangements(levels, teams):
    """The level lists a deal is played with, one per game: with fewer levels than teams, each
    level in turn fills the rest (fill patterns alternate from game to game, so that any run
    of games gives each level the same share of teams within one game); each rotated over the
    teams."""
    k = len(levels)
    fills = [list(levels) + [levels[j]] * (teams - k) for j in range(k)] if k < teams \
        else [list(levels)]
    out = []
    for r in range(teams):
        for lv in fills:
            out.append(lv[r:] + lv[:r])
    return out


def layout(levels, teams, i):
    """Game i's level per team (its deal is i // len(arrangements(levels, teams)))."""
    every = arrangements(levels, teams)
    return every[i % len(every)]


def winning_team(state, seat_team):
    """The winning team's number, or None for a draw (winner() gives the winning seats)."""
    w = state.winner()
    if not w:
        return None
    return seat_team[w[0]]


def play_game(job):
    """One game (a job tuple); returns its result as a dict (run in a worker process)."""
    game, players, options, levels, i, base_seed, weights = job
    with trial_weights(game, weights):
        return _play(game, players, dict(options), levels, i, base_seed)


def _play(game, players, options, levels, i, base_seed):
    secretless = bool(options.pop("_no_secret", False))
    nteams, seat_team = teams_of(game, players)
    per_team = layout(levels, nteams, i)
    # every arrangement of the levels over the teams plays the same deal
    seed = base_seed * 1000003 + i // len(arrangements(levels, nteams))
    st = bots.new_game(game, players, seed, **options)
    # the game's secret, as a board draws it (bots.set_secret): from the match's seed here so
    # that a run replays; no level reads it (the host-only spy knows the code, not this)
    bots.set_secret(0 if secretless else ((seed * 2654435761) ^ 0x5BD1E995) & 0xFFFFFFFF or 1)
    n = 0
    cost = {}
    worst = {}
    if bots.plays(game, "hard") != "greedy":
        bots.bot_module(game)  # (imported here, not inside the first move's time)
    while not st.is_over() and n < MAX_MOVES:
        if st.simultaneous():  # a simultaneous round (the interface: docs/game-interface.md)
            mv = None
            for seat in range(players):  # each seat's choice from its own level, then the round
                lv = per_team[seat_team[seat]]
                t0 = time.perf_counter()
                if lv in expert.LEVELS:
                    with committed_weights(game):
                        c = expert.choice(st, seat, lv, game)
                else:
                    c = bots.bot_choice(st, seat, lv, game)
                dt = time.perf_counter() - t0
                cost[lv] = cost.get(lv, 0.0) + dt
                worst[lv] = max(worst.get(lv, 0.0), dt)
                mv = st.choose(seat, c)
            st.apply(mv)
            n += 1
            continue
        lv = per_team[seat_team[st.current_player]]
        t0 = time.perf_counter()
        if lv in expert.LEVELS:
            with committed_weights(game):
                mv = expert.move(st, lv, game)
        else:
            mv = bots.bot_move(st, lv, game)
        dt = time.perf_counter() - t0
        cost[lv] = cost.get(lv, 0.0) + dt
        worst[lv] = max(worst.get(lv, 0.0), dt)
        st.apply(mv)
        n += 1
    w = winning_team(st, seat_team) if st.is_over() else None
    return {"i": i, "seed": seed, "levels": per_team, "winner": w,
            "winner_level": None if w is None else per_team[w], "moves": n, "cost": cost,
            "worst": worst}


def summarise(results, levels, nteams):
    """Per level: games played, wins, rate, Wilson interval; draws; timing."""
    n = len(results)
    draws = sum(1 for r in results if r["winner"] is None)
    rows = []
    for lv in dict.fromkeys(levels):
        wins = sum(1 for r in results if r["winner_level"] == lv)
        seats = sum(r["levels"].count(lv) for r in results) / max(1, n)
        lo, hi = wilson(wins, n)
        total = sum(r["cost"].get(lv, 0.0) for r in results)
        worst = max([r["worst"].get(lv, 0.0) for r in results] or [0.0])
        rows.append({"level": lv, "wins": wins, "rate": wins / n if n else 0.0,
                     "ci95": [lo, hi], "teams_per_game": seats,
                     "fair_share": seats / nteams, "cpu_s": total, "worst_move_ms": worst * 1e3})
    return {"games": n, "draws": draws, "draw_rate": draws / n if n else 0.0, "levels": rows,
            "moves_per_game": sum(r["moves"] for r in results) / max(1, n)}


def run(game, players, levels, games, seed=0, jobs=None, options=None, progress=None,
        weights=None):
    """Play the match; returns the list of game results (in game order)."""
    jobs_list = [(game, players, options or {}, tuple(levels), i, seed, weights)
                 for i in range(games)]
    results = []
    jobs = jobs or os.cpu_count() or 1
    if jobs <= 1:
        for j in jobs_list:
            results.append(play_game(j))
            if progress:
                progress(results[-1])
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for r in pool.imap_unordered(play_game, jobs_list, chunksize=1):
                results.append(r)
                if progress:
                    progress(r)
    results.sort(key=lambda r: r["i"])
    return results


def check_game(game):
    """The game to play, the first by default: any game (one without a bot module of its
    own plays its engine's greedy bot at every level, bots.plays)."""
    known = list(registry.names())
    if game is None and known:
        return known[0]
    if game not in known:
        raise click.BadParameter(f"{game!r} is not one of {', '.join(known)}")
    return game


def parse_levels(spec):
    levels = [x.strip() for x in spec.split(":") if x.strip()]
    for lv in levels:
        if lv not in bots.ALL_LEVELS + expert.LEVELS:
            known = ", ".join(bots.ALL_LEVELS + expert.LEVELS)
            raise click.BadParameter(f"unknown level {lv!r} (levels: {known})")
    if not levels:
        raise click.BadParameter("give levels such as hard:greedy")
    return levels


def parse_options(items):
    out = {}
    for item in items:
        if "=" not in item:
            raise click.BadParameter(f"option {item!r}: write key=value")
        k, v = item.split("=", 1)
        try:
            out[k] = json.loads(v)
        except ValueError:
            out[k] = v
    return out


def parse_weights(text, game):
    """--weights: a JSON object {level: {name: value}} over the game's bot weights, each name
    one some level of the game has (a misspelt name would otherwise tune nothing)."""
    if not text:
        return None
    try:
        weights = json.loads(text)
    except ValueError as e:
        raise click.BadParameter(f"not JSON: {e}", param_hint="--weights") from None
    try:
        table = bots.bot_module(game).WEIGHTS
    except (ValueError, AttributeError):
        raise click.BadParameter(f"{game} has no bot weights to tune",
                                 param_hint="--weights") from None
    names = set()
    for kv in table.values():
        names.update(kv)
    if not isinstance(weights, dict):
        raise click.BadParameter("give {level: {name: value}}", param_hint="--weights")
    for lv, kv in weights.items():
        if lv not in table or not isinstance(kv, dict):
            raise click.BadParameter(f"{lv!r}: give {{name: value}} for one of "
                                     f"{', '.join(table)}", param_hint="--weights")
        for name in kv:
            if name not in names:
                raise click.BadParameter(f"{lv}: {game} has no weight {name!r} (weights: "
                                         f"{', '.join(sorted(names))})", param_hint="--weights")
    return weights


@click.command()
@click.argument("levels", metavar="LEVELS")
@click.option("--game", default=None, callback=lambda ctx, param, value: check_game(value),
              help="the game (default: the menu's first)")
@click.option("--players", type=int, default=None,
              help="default: the game's declared DEFAULT_PLAYERS")
@click.option("--games", "n", type=int, default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="the match's seed")
@click.option("--jobs", type=int, default=None, help="worker processes (default: the cores)")
@click.option("--option", "opts", multiple=True, help="an engine option key=value (repeatable)")
@click.option("--weights", default=None,
              help='trial weights as JSON, e.g. \'{"hard": {"risk": 300}}\' (tuning)')
@click.option("--json", "as_json", is_flag=True, help="print the figures as JSON")
@click.option("--no-secret", is_flag=True,
              help="the bots without the game's secret (a board before issue 33)")
def arena(levels, game, players, n, seed, jobs, opts, weights, as_json, no_secret):
    """Bot levels against each other: LEVELS is one level per team, e.g. hard:greedy
    (levels: greedy easy normal hard; host-only: expert, spy). Fewer levels than teams:
    each fills the rest in turn (hard:greedy at 6 players: one hard team against two greedy
    ones, then two against one); name every team for a fixed match (hard:greedy:greedy)."""
    lv = parse_levels(levels)
    players = players or registry.spec(game).DEFAULT_PLAYERS
    options = parse_options(opts)
    if no_secret:
        options["_no_secret"] = True
    weights = parse_weights(weights, game)
    nteams, _ = teams_of(game, players)
    t0 = time.time()
    if as_json:
        results = run(game, players, lv, n, seed, jobs, options, weights=weights)
    else:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), transient=True) as bar:
            task = bar.add_task(f"{game} {players}p {':'.join(lv)}", total=n)
            results = run(game, players, lv, n, seed, jobs, options,
                          lambda r: bar.advance(task), weights)
    summary = summarise(results, lv, nteams)
    summary.update({"game": game, "players": players, "seed": seed, "options": options,
                    "weights": weights,
                    "match": ":".join(lv), "wall_s": time.time() - t0})
    if as_json:
        json.dump(summary, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{game}, {players} players, {n} games, seed {seed}")
    for col in ("level", "teams/game", "wins", "win rate", "95 % CI", "fair share",
                "worst move"):
        table.add_column(col, justify="right")
    for row in summary["levels"]:
        lo, hi = row["ci95"]
        table.add_row(row["level"], f"{row['teams_per_game']:.2g}", str(row["wins"]),
                      f"{100 * row['rate']:.1f} %", f"{100 * lo:.1f}–{100 * hi:.1f} %",
                      f"{100 * row['fair_share']:.0f} %", f"{row['worst_move_ms']:.1f} ms")
    table.add_row("draws", "", str(summary["draws"]), f"{100 * summary['draw_rate']:.1f} %",
                  "", "", "")
    Console().print(table)
    Console().print(f"{summary['moves_per_game']:.0f} moves a game, {summary['wall_s']:.0f} s "
                    "(move times: CPython on this machine)")
