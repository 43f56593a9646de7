"""The match's engines: `--engine key=value ...` specs and starting them.

The drivers are lib/engine.py's (the one driver module of scripts/): UCI and
XBoard/CECP over pipes with deadlines, failures raised as EngineFailure with a kind
(`crash`, `hang`, `time`) that the runner counts before restarting the engine.
"""
import os
import shlex
from dataclasses import dataclass, field

from lib.engine import EngineFailure, Resigned, UciEngine, XBoardEngine  # noqa: F401

from . import tc as tcmod


@dataclass
class EngineSpec:
    """One engine as given on the command line (`--engine key=value ...`)."""
    name: str
    cmd: list
    proto: str = "uci"
    dir: str = None
    options: dict = field(default_factory=dict)
    tc: object = None           # TimeControl overriding the match's
    nodes: int = None
    depth: int = None
    variant: str = None         # the engine's own name for the variant (XBoard)


def parse_engine_spec(tokens):
    """`cmd=PATH [name=N] [proto=uci|xboard] [dir=D] [args="..."] [option.NAME=VALUE]
    [tc=T] [nodes=N] [depth=D] [variant=V]` (cutechess-cli's style)."""
    values = {}
    options = {}
    for token in tokens:
        key, eq, value = token.partition("=")
        if not eq:
            raise ValueError(f"engine setting {token!r} is not key=value")
        if key.startswith("option."):
            options[key[len("option."):]] = value
        elif key in ("cmd", "name", "proto", "dir", "args", "tc", "nodes", "depth", "variant"):
            values[key] = value
        else:
            raise ValueError(f"unknown engine setting {key!r}")
    if "cmd" not in values:
        raise ValueError("an engine needs cmd=PATH")
    cmd = shlex.split(values["cmd"]) + shlex.split(values.get("args", ""))
    proto = values.get("proto", "uci")
    if proto not in ("uci", "xboard"):
        raise ValueError(f"proto must be uci or xboard, not {proto!r}")
    spec = EngineSpec(name=values.get("name", os.path.basename(cmd[0])), cmd=cmd, proto=proto,
                      dir=values.get("dir"), options=options, variant=values.get("variant"))
    if "tc" in values:
        spec.tc = tcmod.parse_tc(values["tc"])
    for key in ("nodes", "depth"):
        if key in values:
            number = int(values[key])
            if number <= 0:
                raise ValueError(f"{key} must be positive")
            setattr(spec, key, number)
    return spec


def start_engine(spec, variant, chess960, log=None):
    """A started engine set up for the variant with the spec's options; an engine that
    fails to set up is shut down before the EngineFailure goes on."""
    if spec.proto == "xboard" and spec.nodes is not None:
        raise EngineFailure("crash", f"{spec.name}: fixed nodes are not supported over XBoard")
    engine = (UciEngine if spec.proto == "uci" else XBoardEngine)(spec.cmd, spec.name, spec.dir, log)
    try:
        if spec.proto == "uci":
            engine.configure(variant, chess960, spec.options)
        else:
            engine.configure(variant, chess960, spec.options, variant_name=spec.variant)
    except EngineFailure:
        engine.quit()
        raise
    return engine


def new_game(engine, spec, variant_start, tc):
    """`ucinewgame`, or XBoard's `new` with the variant, force mode, the level (a clock
    that never matters under a fixed depth when there is none) and `sd`."""
    if spec.proto == "uci":
        engine.new_game()
    else:
        engine.new_game(variant_start, tcmod.xboard_level(tc) if tc else "level 0 10000 0",
                        spec.depth)
        engine.sync()
