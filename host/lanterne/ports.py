"""`lanterne ports`: the serial ports, with the ones that look like a Pico marked."""

import click

from lanterne.device import available_ports, describe, is_pico


@click.command()
def ports():
    """List serial ports; a Pico running MicroPython (USB vendor 2e8a) is marked with '*'.

    `--port auto` in the other commands picks the only marked port, and asks when there are
    several.
    """
    found = available_ports()
    if not found:
        click.echo("no serial ports found (is the board plugged in with a data USB cable?)")
        return
    for info in found:
        click.echo(("* " if is_pico(info) else "  ") + describe(info))
    n = sum(1 for p in found if is_pico(p))
    click.echo(f"{n} Pico board{'' if n == 1 else 's'} found")
