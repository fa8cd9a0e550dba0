"""`lanterne ports`: the serial ports, with the ones that look like a Pico marked."""

import click

from lanterne.device import available_ports, describe, is_pico


@click.command(short_help="List serial ports; Picos are marked with '*'.")
def ports():
    """List this computer's serial ports; a Pico running MicroPython is marked with '*'.

    (A Pico is recognised by its USB vendor id, 2e8a.) `--port auto`, the default of the other
    commands, uses the only marked port and asks which one when there are several.
    """
    found = available_ports()
    if not found:
        click.echo("no serial ports found (is the board plugged in with a data USB cable?)")
        return
    for info in found:
        click.echo(("* " if is_pico(info) else "  ") + describe(info))
    n = sum(1 for p in found if is_pico(p))
    click.echo(f"{n} Pico board{'' if n == 1 else 's'} found")
