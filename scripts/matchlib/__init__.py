"""The match runner behind `scripts/match`.

Pure parts (standard library only, unit-tested by `test_pure.py`):
  stats     Elo from a score, 95% error bars (trinomial and pentanomial), LOS, SPRT
  tc        time-control parsing, the runner's clocks, UCI `go` and XBoard `level` strings
  pgn       PGN writing (tags, move text, Variant and FEN tags)
  openings  FEN/EPD opening files

Parts that talk to processes or to the referee (pyffish, imported only by them):
  engine    the --engine specs; starting and configuring an engine with the drivers of
            scripts/lib/engine.py (UCI and XBoard/CECP)
  referee   legal moves, FEN updates and game end from pyffish
  runner    games, scheduling over --concurrency workers, the match summary
  cli       the command line
"""
