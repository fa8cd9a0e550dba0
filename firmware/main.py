"""Flashed as /main.py on the Pico: start the board (profile in /profile.json)."""

from firmware import app

app.main()
