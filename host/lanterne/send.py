"""`lanterne send`: one protocol command to the board, and its reply."""

import json
import sys

import click

from lanterne.device import choose_port, port_option
from lanterne.stream import BoardLink
from lanterne.untrusted import BadInput, load_json, printable


def _value(text):
    try:
        return load_json(text)
    except BadInput:
        return text


def parse_command(words):  # noqa: C901 - one branch a command word
    """A command from the words typed: a JSON object, or the short form
    `new GAME [seed=N] [key=value ...]`, `move NOTATION`, `brightness N`, `state`, `hello`, ...
    """
    text = " ".join(words).strip()
    if not text:
        raise click.UsageError("give a command, e.g. `lanterne send state`")
    if text.startswith("{"):
        try:
            obj = load_json(text)
        except BadInput as exc:
            raise click.UsageError(str(exc)) from None
        if not isinstance(obj, dict) or not isinstance(obj.get("cmd"), str):
            raise click.UsageError('a JSON command is an object with a "cmd" string')
        return obj
    name, _, rest = text.partition(" ")
    rest = rest.strip()
    if name == "move":
        if not rest:
            raise click.UsageError("move needs its notation, e.g. `lanterne send move 9,8,E`")
        return {"cmd": "move", "move": rest}
    if name == "brightness":
        try:
            return {"cmd": "brightness", "value": int(rest)}
        except ValueError:
            raise click.UsageError("brightness needs a number 0..255") from None
    if name == "new":
        parts = rest.split()
        cmd = {"cmd": "new", "options": {}}
        for p in parts:
            if "=" in p:
                k, v = p.split("=", 1)
                if k == "seed":
                    if not v.isdigit():
                        raise click.UsageError(f"seed must be a whole number, not {v!r}")
                    cmd["seed"] = int(v)
                elif k == "moves":
                    cmd["moves"] = [m for m in v.split(";") if m]
                else:
                    cmd["options"][k] = _value(v)
            else:
                cmd["game"] = p
        return cmd
    if rest:
        raise click.UsageError(f"`{name}` takes no argument (or give the command as JSON)")
    return {"cmd": name}


@click.command(short_help="Send one command to the board and print its reply.")
@port_option
@click.option("--timeout", type=click.FloatRange(0, 3600), default=5.0, show_default=True,
              help="seconds to wait for the reply")
@click.argument("command", nargs=-1, required=True)
def send(port, timeout, command):
    """Send one command to the board and print its reply (one JSON line).

    COMMAND is a command name with its arguments, or the command as JSON (the commands and
    their fields are in docs/protocol.md). For `new`, key=value values are read as JSON when
    they parse (true, 24, [1]), otherwise as text.

    \b
    Examples:
      lanterne send hello
      lanterne send state
      lanterne send new tayu seed=7 players=2 edition=goliath 'bots=[1]'
      lanterne send move 9,8,E
      lanterne send brightness 40
      lanterne send '{"cmd": "undo"}'
    Exit status 1 when the board answers with an error.
    """
    cmd = parse_command(command)
    link = BoardLink(choose_port(port), reconnect=False)
    link.open(wait=0)
    try:
        reply = link.request(cmd, timeout=timeout)
    finally:
        link.close()
    click.echo(printable(json.dumps(reply.obj, ensure_ascii=False)))
    if reply.ev == "error":
        sys.exit(1)


