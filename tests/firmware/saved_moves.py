"""A save's moves as move texts, whatever form the game saves them in (both runtimes)."""

from shared_rules import registry


def texts(game, moves):
    """The texts of a save record's `moves`: through the engine's texts() where it has one
    (Tac-Tik's chunks of records, docs/game-interface.md), else the list as it is."""
    read = getattr(registry.engine(game), "texts", None)
    return list(read(moves)) if read is not None else list(moves)
