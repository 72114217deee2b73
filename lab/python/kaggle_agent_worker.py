"""Plays a Kaggle Halite IV agent file as a seat of `halite arena` / `halite play`.

    python3 kaggle_agent_worker.py AGENT_FILE

The worker stays up across turns and games (docs/python-agents.md). It speaks
the bot's line protocol (docs/bot.md) with the referee (lab's ProcessAgent):

- once started, it writes the line `kaggle-agent-worker ready`;
- a configuration line starts a game: the agent file is loaded afresh at the
  game's first observation, as kaggle_environments loads it per episode (a
  new, empty globals dict; the file's folder on sys.path while it runs; the
  agent is the last callable the file leaves in its globals);
- an observation line is answered with one line: the agent's action as JSON,
  or `ERROR: <reason>` when the agent (or loading it) raised, which the
  referee records as Kaggle's runner does: ERROR.

The agent is called as Kaggle's runner calls it: with the observation and the
configuration as Structs (dicts whose keys are also attributes; the
configuration carries `__raw_path__`, the file's path), fresh copies each
turn, cut to the number of positional parameters the agent declares. When
kaggle_environments is importable, its own Struct is used. Its answer is sent
as it is when it is JSON; a value that JSON cannot hold is sent as a string
describing it (never one of the six action words), so the referee finds the
answer INVALID as Kaggle's schema check would. What the agent prints goes to
the worker's stderr: the worker's own stdout carries only the protocol.

Standard library only.
"""
import json
import math
import os
import sys
import traceback

READY_LINE = "kaggle-agent-worker ready"
ERROR_PREFIX = "ERROR: "
# How much of a value the worker quotes when it describes what it cannot send.
DESCRIBED_CHARS = 80


def _own_stdio():
    """The protocol's streams, with the agent's stdin and stdout moved aside.

    An agent that prints (to sys.stdout, or a child process to fd 1) must not
    corrupt the answers, and one that reads stdin must not eat observations.
    """
    protocol_in = os.fdopen(os.dup(0), "r", encoding="utf-8")
    protocol_out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.stdout = sys.stderr
    sys.stdin = open(os.devnull, "r")
    return protocol_in, protocol_out


def _struct_type():
    try:
        from kaggle_environments.utils import structify  # noqa: E402 (optional)

        return structify
    except Exception:  # absent, or broken in this Python: the stand-in below
        return _structify


class Struct(dict):
    """kaggle_environments' Struct when that package is absent: a dict whose
    keys are also attributes."""

    def __init__(self, entries):
        dict.__init__(self, entries)
        self.__dict__.update(entries)

    def __setattr__(self, name, value):
        self.__dict__[name] = value
        self[name] = value


def _structify(value):
    if isinstance(value, list):
        return [_structify(v) for v in value]
    if isinstance(value, dict):
        return Struct({k: _structify(v) for k, v in value.items()})
    return value


def _load_agent(path):
    """The last callable the file leaves in a new globals dict (Kaggle's loader)."""
    with open(path, "r", encoding="utf-8") as f:
        source = f.read()
    code = compile(source, path, "exec")
    folder = os.path.dirname(os.path.abspath(path))
    env = {}
    sys.path.append(folder)  # the file may import modules beside it
    try:
        exec(code, env)
    finally:
        if sys.path and sys.path[-1] == folder:
            sys.path.pop()
    callables = [v for v in env.values() if callable(v)]
    if not callables:
        raise ValueError("%s defines no callable: it has no agent" % path)
    return callables[-1]


def _describe(value):
    text = repr(value)
    if len(text) > DESCRIBED_CHARS:
        text = text[:DESCRIBED_CHARS] + "..."
    return "<not JSON: %s %s>" % (type(value).__name__, text)


def _plain(value):
    """The value as JSON can hold it; what it cannot becomes a description."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return str.__str__(value)  # a str Enum's text, as json and Kaggle's schema check see it
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else _describe(value)
    if isinstance(value, dict):
        return {k if isinstance(k, str) else str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return _describe(value)


def _error_line(error):
    reason = "%s: %s" % (type(error).__name__, error)
    return ERROR_PREFIX + " ".join(reason.split())


class Worker:
    def __init__(self, agent_path, structify):
        self.agent_path = agent_path
        self.structify = structify
        self.configuration = {}
        self.agent = None

    def new_game(self, configuration):
        self.configuration = configuration
        self.agent = None

    def act(self, observation):
        try:
            if self.agent is None:
                self.agent = _load_agent(self.agent_path)
            configuration = self.structify(dict(self.configuration))
            configuration["__raw_path__"] = self.agent_path
            args = [self.structify(observation), configuration]
            code = getattr(self.agent, "__code__", None)
            if code is not None and hasattr(code, "co_argcount"):
                args = args[: code.co_argcount]
            action = self.agent(*args)
        except BaseException as e:  # the agent's failure is its ERROR, never the worker's end
            traceback.print_exc(file=sys.stderr)
            sys.stderr.flush()
            return _error_line(e)
        return json.dumps(_plain(action), separators=(",", ":"))

    def answer(self, line):
        try:
            message = json.loads(line)
        except ValueError as e:
            return _error_line(e)
        if not isinstance(message, dict):
            return _error_line(TypeError("a protocol line must be a JSON object"))
        if "player" in message and "step" in message:
            return self.act(message)
        self.new_game(message)
        return None


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: kaggle_agent_worker.py AGENT_FILE\n")
        return 2
    protocol_in, protocol_out = _own_stdio()
    worker = Worker(argv[1], _struct_type())
    protocol_out.write(READY_LINE + "\n")
    protocol_out.flush()
    for line in protocol_in:
        reply = worker.answer(line)
        if reply is not None:
            protocol_out.write(reply + "\n")
            protocol_out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
