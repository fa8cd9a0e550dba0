"""`lanterne word WORD`: whether the board would accept a word in Tai Chi Chuan, and why.

The verdict is the board's own (shared_rules/dictionary/judge.py: the fit with the cards drawn,
then the packed word set the board reads), so what this says is what the board says."""

import click

from shared_rules.dictionary import judge, reader


def parse_cards(text):
    """The cards written `text` ("S T A", "R,Q/Z,N"; the round's first card first) as the
    judge takes them ("S", "QZ"); click.BadParameter for anything else."""
    cards = []
    for part in text.replace(",", " ").split():
        letters = part.replace("/", "").upper()
        if not 1 <= len(letters) <= 2 or not all("A" <= c <= "Z" for c in letters) \
                or letters[:1] == letters[1:]:
            raise click.BadParameter(f"{part!r} is not a card (one letter, or two: Q/Z)",
                                     param_hint="--cards")
        cards.append(letters)
    if not cards:
        raise click.BadParameter("no card given", param_hint="--cards")
    return cards


@click.command(short_help="Would the board accept this word (Tai Chi Chuan)?")
@click.argument("word")
@click.option("--cards", default=None, metavar="CARDS",
              help="the cards drawn, the round's first card first, e.g. 'S T A A' or "
                   "'R Q/Z N'; default: only the word's own first letter")
@click.option("--every-form", is_flag=True,
              help="the beginners' set: plurals, conjugated forms and proper nouns too")
def word(word, cards, every_form):
    """Say whether the board accepts WORD, and why: exit status 0 accepted, 1 refused.

    WORD may carry accents (they fold to plain letters, as on the board)."""
    folded = judge.fold(word)
    drawn = parse_cards(cards) if cards is not None else [folded[0] if folded else "A"]
    ok, why = judge.judge(word, drawn, every_form=every_form)
    shown = folded or word
    on = " ".join(judge.card_text(c) for c in drawn)
    if ok:
        kind = "a dictionary entry" if judge.words().lookup(folded.lower()) == reader.ENTRY \
            else "a form of the beginners' set"
        click.echo(f"accepted: {shown} ({kind}) fits {on}")
        return
    click.echo(f"refused: {why}")
    raise SystemExit(1)
