# /main.py: the board (firmware/app.py main; kept short, its source is compiled at each reset)
from firmware import app

app.main()
