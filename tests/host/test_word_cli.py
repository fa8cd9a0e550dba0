"""`lanterne word`: the board's verdict on a word, with its reason and exit status."""

from click.testing import CliRunner
from lanterne.cli import main


def run(*args):
    return CliRunner().invoke(main, ["word", *args])


def test_an_entry_that_fits_is_accepted():
    r = run("satisfait", "--cards", "S T A A")
    assert r.exit_code == 0
    assert r.output == "accepted: SATISFAIT (a dictionary entry) fits S T A A\n"
    r = run("RAMEQUIN", "--cards", "R,Q/Z,N")
    assert r.exit_code == 0 and "fits R Q/Z N" in r.output
    r = run("Éléphant")
    assert r.exit_code == 0 and r.output.startswith("accepted: ELEPHANT")


def test_refusals_say_why():
    r = run("site", "--cards", "S T A")
    assert r.exit_code == 1 and r.output == "refused: SITE needs 1 A, has 0\n"
    r = run("chevaux")
    assert r.exit_code == 1 and "not a dictionary entry" in r.output
    r = run("qwzx")
    assert r.exit_code == 1 and r.output == "refused: QWZX is not in the dictionary\n"
    r = run("sud-est")
    assert r.exit_code == 1 and r.output == "refused: not a word of letters only\n"


def test_the_beginners_set_takes_forms():
    r = run("chevaux", "--every-form")
    assert r.exit_code == 0 and "(a form of the beginners' set)" in r.output
    assert run("Marseille", "--every-form").exit_code == 0
    assert run("Marseille").exit_code == 1


def test_a_bad_card_is_a_usage_error():
    for bad in ("S 1", "ABC", "QQ", ""):
        r = run("sud", "--cards", bad)
        assert r.exit_code == 2 and "--cards" in r.output, bad
