"""The board's French word sets and their reader: `reader.py` looks a word up reading one small
block of flash, `judge.py` is the one verdict (does the word fit the cards drawn, is it in the
set) that the board, the host and the bots share. The packed files are in `data/`, built by
`make dictionary` (host/lanterne/dictionary_build.py); their sources and licences are in
`data/SOURCES.md`."""
