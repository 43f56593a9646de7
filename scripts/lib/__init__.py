"""Code shared by the scripts in scripts/ (standard library only; pyffish and
python-chess are imported only by the modules that need them):

  engine         the one engine-driver module: UCI and XBoard/CECP drivers, one-shot runs
  protean        the protean binary's one-shot subcommands (perft, bench --list, variants)
  pychess_games  games of an engine against itself with python-chess as the UCI client
  refdata        reference counts for the perft-data generators: pyffish, python-chess,
                 Stockfish / Fairy-Stockfish 11.1 over UCI, the deepening rule, the
                 variants.ini files (named once, read through ini_text)
  datafiles      the position and game-end lists under scripts/data/, the renderers of
                 engine-tests' .perft and game-end files, write-or-check of a generated file

An executable script imports these after putting its own folder first on sys.path.
"""
