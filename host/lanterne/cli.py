"""`lanterne` command line: one click group; each command lives in its own module."""

import click

from lanterne import __version__

# name -> "module:function"; imported only when that command runs, so start-up stays fast.
COMMANDS = {
    "sim": "lanterne.sim:sim",
    "ports": "lanterne.ports:ports",
    "flash": "lanterne.flash:flash",
    "test": "lanterne.devtest:run_tests_cmd",
    "log": "lanterne.log:log",
    "send": "lanterne.send:send",
    "replay": "lanterne.replay:replay",
    "watch": "lanterne.watch:watch",
    "arena": "lanterne.arena:arena",
    "word": "lanterne.word:word",
}


class LazyGroup(click.Group):
    """A click group whose commands are imported on first use."""

    def list_commands(self, ctx):
        return sorted(COMMANDS)

    def get_command(self, ctx, name):
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, attr = target.split(":")
        return getattr(__import__(module, fromlist=[attr]), attr)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lanterne")
def main():
    """Lanterne: the LED game board's companion tool (Ta Yü, Tac-Tik, Wuxing duel).

    Play on a simulated board, flash a Raspberry Pi Pico, log games from its USB serial port,
    replay and check them move by move.
    """
