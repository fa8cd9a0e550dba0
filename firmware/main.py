"""Flashed as /main.py on the Pico: start the board (profile.json in the working directory,
"/" on a Pico; the unix port runs it from a folder laid out the same way)."""

from firmware import app

app.main()
