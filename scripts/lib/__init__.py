"""Code shared by the scripts in scripts/ (standard library only; pyffish and
python-chess are imported only by the modules that need them):

  engine    the one engine-driver module: UCI and XBoard/CECP drivers, one-shot runs
  protean   the protean binary's one-shot subcommands (perft, bench --list, variants)
  pychess_games  games of an engine against itself with python-chess as the UCI client

An executable script imports these after putting its own folder first on sys.path.
"""
