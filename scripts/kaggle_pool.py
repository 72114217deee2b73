#!/usr/bin/python3
"""Play a Kaggle submission against a pool of public 2020 bots in Kaggle's own
Halite env, and read the results: the project's one script for the Kaggle-env
protocol (docs/kaggle-pool.md).

Sub-commands
  plan     print the games a run would play (the deterministic draw), and which
           of them --out already holds
  run      play them, one process per game (one game at a time by default),
           appending one JSON line per finished game to --out and keeping each
           game's replay (gzipped) beside it; resumable: the games already in
           --out are skipped, so an interrupted or extended run goes on where
           it stopped
  summary  first places with 95% Wilson intervals, mean rank, our bank against
           the best other player's, ERROR/TIMEOUT/INVALID counts, per
           opponent our first-place share in the lineups that hold it and in
           those that do not (a leave-one-out check), and per game our ships,
           yards, bank and cargo at steps 100, 200, 300 and the end beside the
           best other player's (the winner, unless we won), the halite brought
           home a ship-turn, ships lost by cause, yards lost and yards lost
           after step 250 (from the replays)
  compare  BASE.jsonl NEW.jsonl: the paired difference, game by game (same
           seed, lineup and seats), of our margin over the best other player
           and of our bank, with a 95% confidence interval (the pairing and
           the records' reading are scripts/paired_by_seed.py's)
  stats    the per-game figures of summary for replay files

The draw (--seed): in 4-player mode (--lineup-size 3) every 3-subset of the
pool is played once, in a shuffled order, before any is played again; the
three opponents' seats are shuffled and our seat goes round all four seats in
shuffled blocks of four games; every game's env seed (the board) is drawn
too. In 2-player mode each drawn env seed is played against every opponent
in the pool, in both seats. Game i is the same whatever --games is, so a
longer run extends a shorter one, and two submissions run with the same
--seed and --pool play the same boards, lineups and seats (compare pairs
them).

Games are played with the harness ../shared/tools/kaggle-arena/arena.py
(outside the repository; its play_game(): kaggle_environments.make('halite')
and env.run, the agents loaded by the env's own loader, exactly as Kaggle
does). Set it up once with its setup.sh and `source DEST/env.sh`, which sets
$KAGGLE_ENV_PATH (the env checkout) and $OPPONENTS (bots/<name>/main.py).

Records: one JSON object a line, arena.py's result fields (game_id, format,
seed, seats, rewards, statuses, ranks, win_share, halite, ships, shipyards,
timing, replay, ...) plus "pool" (the draw: seed, index, agent, pool) and
"game_stats" (the per-game figures). A game whose harness failed (no
result, a crash of the env, a --game-timeout) goes to OUT.errors.jsonl
instead, and is played again by the next run.

Exit status: 0; 2 with a message naming the problem for bad input (a missing
file, a line that is not a game record, an unknown bot name, ...); 130 when
stopped by SIGINT or SIGTERM (the games being played are ended, the finished
ones kept).
"""

import argparse
import gzip
import importlib.util
import itertools
import json
import math
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_ARENA = os.path.normpath(os.path.join(ROOT, "..", "shared", "tools", "kaggle-arena", "arena.py"))
# The bots that fail in 2-player games (../shared/tools/kaggle-arena/README.md, "The opponents").
FAILS_2P = {"khavo_rule": "fails near step 300", "flynn_bee7": "fails at step 0", "conchobhar": "fails at step 0"}

sys.path.insert(0, HERE)
import paired_by_seed  # noqa: E402  (scripts/paired_by_seed.py: the pairing and the Wilson interval)
import replay_stats as replay_reader  # noqa: E402  (scripts/replay_stats.py: reading a replay file)
from game_figures import BAD_STATUSES, CHECKPOINTS, LATE_STEP, LOSS_CAUSES  # noqa: E402
import game_figures  # noqa: E402  (scripts/game_figures.py: a game's figures from its replay)

wilson = paired_by_seed.wilson


class InputError(Exception):
    """Bad input: printed as 'kaggle_pool: MESSAGE' and exit status 2."""


# ---------------------------------------------------------------------------
# the draw


def parse_pool(text):
    names = [n.strip() for n in (text or "").split(",") if n.strip()]
    if not names:
        raise InputError("--pool is empty: name the opponents, e.g. --pool zeta_best,mzotkiew,tokai")
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise InputError(f"--pool names {', '.join(dup)} more than once")
    for n in names:
        if any(c in n for c in "|,= /"):
            raise InputError(f"bad bot name '{n}' in --pool")
    return names


def game_id(fmt, seats, seed):
    """arena.py's game id (its summary and scripts/paired_by_seed.py key games the same way)."""
    return f"{fmt}|{','.join(seats)}|seed{seed}"


def draw_games(mode, pool, agent, seed, count, lineup_size=3):
    """The games of a run, in playing order: dicts with format, seed, seats, game_id, index.
    4p: `count` games; 2p: `count` env seeds, each against every opponent in both seats."""
    pool_key = ",".join(sorted(pool))
    if agent in pool:
        raise InputError(f"the agent's name '{agent}' is also in --pool: name it differently (--name)")
    rng = random.Random(f"kaggle_pool|{mode}|{seed}|{lineup_size}|{pool_key}")
    used = set()

    def env_seed():
        while True:
            s = rng.randrange(1, 2 ** 31 - 1)
            if s not in used:
                used.add(s)
                return s

    games = []
    if mode == "4p":
        if not 1 <= lineup_size <= 3:
            raise InputError(f"--lineup-size {lineup_size}: a 4-player game seats us and 1 to 3 opponents")
        if len(pool) < lineup_size:
            raise InputError(f"--pool has {len(pool)} bots, fewer than --lineup-size {lineup_size}")
        combos = list(itertools.combinations(sorted(pool), lineup_size))
        n_seats = lineup_size + 1
        cycle, seat_cycle = [], []
        for i in range(count):
            if not cycle:
                cycle = combos[:]
                rng.shuffle(cycle)
            if not seat_cycle:
                seat_cycle = list(range(n_seats))
                rng.shuffle(seat_cycle)
            others = list(cycle.pop())
            rng.shuffle(others)
            ours = seat_cycle.pop()
            seats = others[:ours] + [agent] + others[ours:]
            # kaggle's 3-player boards are not the competition's: lineup sizes 1 and 2 pad with 'random'
            while len(seats) < 4:
                seats.append("random")
            s = env_seed()
            games.append({"format": "4p", "seed": s, "seats": seats, "index": i})
    elif mode == "2p":
        i = 0
        for _ in range(count):
            s = env_seed()
            for opp in sorted(pool):
                for seats in ([agent, opp], [opp, agent]):
                    games.append({"format": "2p", "seed": s, "seats": seats, "index": i})
                    i += 1
    else:
        raise InputError(f"unknown mode {mode}")
    for g in games:
        g["game_id"] = game_id(g["format"], g["seats"], g["seed"])
    return games


# ---------------------------------------------------------------------------
# records


def read_records(path, required=True):
    """Game records of a JSONL file (blank lines skipped). Raises InputError naming the file and line."""
    if not os.path.exists(path):
        if required:
            raise InputError(f"{path}: no such file")
        return []
    out = []
    try:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    r = json.loads(line)
                except json.JSONDecodeError as e:
                    raise InputError(f"{path}:{number}: not a JSON line ({e.msg})")
                if not isinstance(r, dict):
                    raise InputError(f"{path}:{number}: not a game record (a JSON object)")
                missing = [k for k in ("game_id", "format", "seed", "seats") if k not in r]
                if not missing and not r.get("harness_error"):
                    missing = [k for k in ("rewards", "statuses") if k not in r]
                if missing:
                    raise InputError(f"{path}:{number}: not a game record (no {', '.join(missing)})")
                if not isinstance(r["seats"], list) or (r.get("rewards") is not None
                                                        and len(r["rewards"]) != len(r["seats"])):
                    raise InputError(f"{path}:{number}: seats and rewards do not match")
                r["_where"] = f"{path}:{number}"
                out.append(r)
    except OSError as e:
        raise InputError(f"{path}: {e.strerror}")
    return out


def finished(records):
    """The finished games, one per game id (the last record of a game id wins)."""
    by_id = {}
    for r in records:
        if not r.get("harness_error") and r.get("rewards") is not None:
            by_id[r["game_id"]] = r
    return list(by_id.values())


# ---------------------------------------------------------------------------
# replay statistics


def load_replay(path):
    """A replay file (plain or gzipped) as replay_stats.py reads it; InputError when it is not one."""
    try:
        replay, _, _ = replay_reader.load(path)
    except replay_reader.ReplayError as e:
        raise InputError(str(e))
    return replay


def replay_stats(replay):
    """game_figures.replay_stats(): the per-game figures; InputError when the replay is malformed."""
    try:
        return game_figures.replay_stats(replay)
    except replay_reader.ReplayError as e:
        raise InputError(str(e))


def best_other(rewards, me):
    """The seat of the best other player (highest reward; None ranks last; the lower seat on a tie)."""
    key = [(-math.inf if r is None else r) for r in rewards]
    others = [i for i in range(len(rewards)) if i != me]
    return max(others, key=lambda i: (key[i], -i)) if others else None


def ranks_and_shares(rewards):
    """Average ranks (1 = best, ties averaged) and first-place shares (ties split); None is worst."""
    keys = [(-math.inf if r is None else float(r)) for r in rewards]
    ranks = [sum(k > x for k in keys) + (sum(k == x for k in keys) + 1) / 2 for x in keys]
    top = max(keys)
    n_top = sum(k == top for k in keys)
    return ranks, [(1.0 / n_top if k == top else 0.0) for k in keys]


def game_stats_of(record, replay_path_override=None):
    """The record's per-game figures: from its replay when that file exists, else those stored at run time."""
    path = replay_path_override or record.get("replay")
    if path and os.path.exists(path):
        return replay_stats(load_replay(path))
    return record.get("game_stats")


# ---------------------------------------------------------------------------
# run


def resolve_specs(args, names):
    specs = {}
    opp_dir = args.opponents or os.environ.get("OPPONENTS")
    for n in names:
        if n == "random":
            specs[n] = "random"
            continue
        if not opp_dir:
            raise InputError("set --opponents or $OPPONENTS (source DEST/env.sh of the arena's setup.sh)")
        p = os.path.join(opp_dir, n, "main.py")
        if not os.path.isfile(p):
            known = sorted(d for d in os.listdir(opp_dir) if os.path.isfile(os.path.join(opp_dir, d, "main.py"))) \
                if os.path.isdir(opp_dir) else []
            raise InputError(f"unknown bot '{n}': no {p}" + (f" (known: {', '.join(known)}, random)" if known
                                                              else f" ({opp_dir} holds no bots)"))
        specs[n] = os.path.abspath(p)
    return specs


def agent_spec(path):
    path = os.path.abspath(os.path.expanduser(path))
    if os.path.isdir(path):
        path = os.path.join(path, "main.py")
    if not os.path.isfile(path):
        raise InputError(f"--agent: no such file {path}")
    return path


def default_replay_dir(out):
    stem = out[:-len(".jsonl")] if out.endswith(".jsonl") else out
    return stem + "-replays"


def parse_config(items):
    cfg = {}
    for it in items or []:
        if "=" not in it:
            raise InputError(f"bad --config '{it}': expected KEY=VALUE")
        k, v = it.split("=", 1)
        try:
            cfg[k] = json.loads(v)
        except json.JSONDecodeError:
            cfg[k] = v
    return cfg


def load_arena(path):
    if not os.path.isfile(path):
        raise InputError(f"the harness {path} does not exist: set --arena or $KAGGLE_ARENA")
    spec = importlib.util.spec_from_file_location("kaggle_arena", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not hasattr(module, "play_game"):
        raise InputError(f"{path} has no play_game(): not kaggle-arena's arena.py")
    return module


def schedule(args):
    pool = parse_pool(args.pool)
    if args.mode == "2p":
        count = args.seeds
    else:
        count = args.games
    if count is None or count < 0:
        raise InputError("--games (4p) or --seeds (2p) must be given and at least 0")
    return pool, draw_games(args.mode, pool, args.name, args.seed, count, args.lineup_size)


def cmd_plan(args):
    pool, games = schedule(args)
    done = {r["game_id"] for r in finished(read_records(args.out, required=False))} if args.out else set()
    for g in games:
        print(f"{g['index']:4d} {g['game_id']}{'  (done)' if g['game_id'] in done else ''}")
    cover = {n: sum(n in g["seats"] for g in games) for n in pool}
    seats = [sum(g["seats"].index(args.name) == s for g in games) for s in range(len(games[0]["seats"]))] \
        if games else []
    print(f"{len(games)} games, {sum(g['game_id'] in done for g in games)} in {args.out or '-'}; "
          f"games per opponent: {', '.join(f'{n} {c}' for n, c in cover.items())}; "
          f"our seats 0..{len(seats) - 1}: {' '.join(map(str, seats))}")
    return 0


def cmd_play_one(args):
    """Hidden: play one game in this process (its own process group, started by `run`)."""
    with open(args.job) as f:
        job = json.load(f)
    arena = load_arena(job["arena"])
    game = job["game"]
    try:
        res = arena.play_game(game, job["env_path"], job["specs"], job["config"], job["replay_dir"], True)
    except Exception as e:  # noqa: BLE001 - any failure is the harness's, recorded
        import traceback
        res = {"game_id": game["game_id"], "format": game["format"], "seed": game["seed"], "seats": game["seats"],
               "harness_error": "".join(traceback.format_exception(type(e), e, e.__traceback__))[-4000:]}
    with open(job["result"] + ".tmp", "w") as f:
        json.dump(res, f)
    os.rename(job["result"] + ".tmp", job["result"])
    sys.stdout.flush()
    os._exit(0)


def finish_record(res, game, args, pool):
    res["pool"] = {"draw_seed": args.seed, "index": game["index"], "agent": args.name, "pool": sorted(pool),
                   "mode": args.mode}
    replay = res.get("replay")
    if replay and os.path.exists(replay):
        try:
            res["game_stats"] = replay_stats(load_replay(replay))
        except InputError as e:
            res["game_stats_error"] = str(e)
        if not args.no_gzip:
            with open(replay, "rb") as src, gzip.open(replay + ".gz", "wb") as dst:
                dst.write(src.read())
            os.remove(replay)
            res["replay"] = replay + ".gz"
    res["finished_at"] = time.strftime("%Y-%m-%dT%H:%M:%S")
    res["load_avg"] = [round(x, 2) for x in os.getloadavg()]  # a busy machine shortens our bot's searches
    return res


def cmd_run(args):
    pool, games = schedule(args)
    if args.mode == "2p":
        failing = [f"{n} ({FAILS_2P[n]})" for n in pool if n in FAILS_2P]
        if failing:
            print(f"kaggle_pool: warning: in 2-player games these bots fail: {', '.join(failing)}", file=sys.stderr)
    specs = resolve_specs(args, pool + ["random"])
    specs[args.name] = agent_spec(args.agent)
    env_path = args.env_path or os.environ.get("KAGGLE_ENV_PATH")
    if not env_path or not os.path.isdir(os.path.join(env_path, "kaggle_environments")):
        raise InputError("set --env-path or $KAGGLE_ENV_PATH to the kaggle-environments checkout "
                         "(source DEST/env.sh of the arena's setup.sh)")
    arena_path = os.path.abspath(args.arena or os.environ.get("KAGGLE_ARENA") or DEFAULT_ARENA)
    load_arena(arena_path)  # fail now, not in every game
    cfg = parse_config(args.config)
    if args.workers < 1:
        raise InputError("--workers must be at least 1")
    out = os.path.abspath(args.out)
    replay_dir = os.path.abspath(args.replay_dir or default_replay_dir(out))
    done = {r["game_id"] for r in finished(read_records(out, required=False))}
    todo = [g for g in games if g["game_id"] not in done]
    print(f"[kaggle_pool] {len(games)} games drawn (seed {args.seed}), {len(games) - len(todo)} already in {out}, "
          f"{len(todo)} to play with {args.workers} worker{'s' if args.workers > 1 else ''}; replays in {replay_dir}",
          flush=True)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    os.makedirs(replay_dir, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="kaggle_pool_")
    running = {}  # pid -> (Popen, game, start, result path, log file)
    queue = list(todo)
    n_done = 0
    t_all = time.time()
    # SIGINT (ignored in a job a script started in the background) and SIGTERM stop the run the same way:
    # the games being played are ended, the finished ones kept
    def _stop(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    env = dict(os.environ)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        env.setdefault(var, "1")
    try:
        while queue or running:
            while queue and len(running) < args.workers:
                g = queue.pop(0)
                base = os.path.join(tmp, f"{g['index']}")
                job = {"arena": arena_path, "env_path": os.path.abspath(env_path), "config": cfg,
                       "specs": {s: specs[s] for s in g["seats"]}, "replay_dir": replay_dir,
                       "result": base + ".result.json",
                       "game": {k: g[k] for k in ("game_id", "format", "seed", "seats")}}
                with open(base + ".job.json", "w") as f:
                    json.dump(job, f)
                log = open(os.path.join(replay_dir, g["game_id"].replace("|", "__") + ".log"), "w")
                p = subprocess.Popen([sys.executable, os.path.abspath(__file__), "_play-one", base + ".job.json"],
                                     stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env)
                running[p.pid] = (p, g, time.time(), base + ".result.json", log)
            time.sleep(0.5)
            for pid in list(running):
                p, g, start, result, log = running[pid]
                timed_out = args.game_timeout and time.time() - start > args.game_timeout
                if p.poll() is None and not timed_out:
                    continue
                try:
                    os.killpg(pid, signal.SIGKILL)  # the game's process group: its bots' subprocesses too
                except (ProcessLookupError, PermissionError):
                    pass
                p.wait()
                log.close()
                if os.path.exists(result):
                    with open(result) as f:
                        res = json.load(f)
                    os.remove(result)
                else:
                    res = {"game_id": g["game_id"], "format": g["format"], "seed": g["seed"], "seats": g["seats"],
                           "harness_error": (f"HARNESS_TIMEOUT after {args.game_timeout}s" if timed_out else
                                             f"the game process exited with {p.returncode} without a result")}
                res = finish_record(res, g, args, pool)
                bad = bool(res.get("harness_error"))
                with open(out + ".errors.jsonl" if bad else out, "a") as f:
                    f.write(json.dumps(res) + "\n")
                del running[pid]
                n_done += 1
                if bad:
                    msg = "HARNESS_ERROR " + res["harness_error"].strip().splitlines()[-1][:200] + \
                          f" (in {out}.errors.jsonl)"
                else:
                    msg = " ".join(f"{s}:{r}({st[:4]})" for s, r, st in zip(res["seats"], res["rewards"],
                                                                            res["statuses"]))
                    msg += f" steps={res['steps']} wall={res['wall_s']}s"
                print(f"[kaggle_pool] {n_done}/{len(todo)} {g['game_id']} -> {msg} "
                      f"(elapsed {time.time() - t_all:.0f}s)", flush=True)
    except KeyboardInterrupt:
        for pid, (p, *_rest) in running.items():
            try:
                os.killpg(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        print("[kaggle_pool] interrupted: the finished games are kept; run again to go on", file=sys.stderr)
        return 130
    finally:
        for name in os.listdir(tmp):
            os.remove(os.path.join(tmp, name))
        os.rmdir(tmp)
    if not args.no_summary:
        return summarize([out], args.name, per_game=False)
    return 0


# ---------------------------------------------------------------------------
# summary


def _f(x, nd=0, sign=False):
    if x is None:
        return "-"
    if isinstance(x, float) and math.isnan(x):
        return "-"
    return f"{x:+,.{nd}f}" if sign else f"{x:,.{nd}f}"


def _table(hdr, rows, indent="  "):
    w = [max(len(str(x)) for x in col) for col in zip(hdr, *rows)]
    lines = [indent + "  ".join(str(h).ljust(w[i]) for i, h in enumerate(hdr)).rstrip()]
    for r in rows:
        lines.append(indent + "  ".join(str(x).ljust(w[i]) for i, x in enumerate(r)).rstrip())
    return "\n".join(lines)


def _mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else None


def _se(xs):
    if len(xs) < 2:
        return None
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))


def summarize(paths, agent, per_game=True, out=sys.stdout):
    records = []
    errors = []
    for p in paths:
        rs = read_records(p)
        records += rs
        errors += read_records(p + ".errors.jsonl", required=False) if not p.endswith(".errors.jsonl") else []
    games = finished(records)
    done_ids = {r["game_id"] for r in games}
    harness = [r for r in records + errors if r.get("harness_error") and r["game_id"] not in done_ids]
    mine = [r for r in games if agent in r["seats"]]
    if not mine:
        raise InputError(f"{', '.join(paths)}: no finished game with agent '{agent}' (name it with --agent)")
    w = out.write
    for fmt in sorted({r["format"] for r in mine}):
        rs = sorted((r for r in mine if r["format"] == fmt), key=lambda r: (r.get("pool", {}).get("index", 0),
                                                                              r["game_id"]))
        n = len(rs)
        firsts, ranks, banks, best_banks, margins = 0.0, [], [], [], []
        winners = {}
        bad = {}
        rows = []
        stat_rows = []
        opp_names = sorted({s for r in rs for s in r["seats"] if s != agent})
        for r in rs:
            me = r["seats"].index(agent)
            rk, share = ranks_and_shares(r["rewards"])
            firsts += share[me]
            ranks.append(rk[me])
            mine_bank = r["rewards"][me]
            b = best_other(r["rewards"], me)
            banks.append(mine_bank if mine_bank is not None else 0)
            other_bank = r["rewards"][b] if b is not None else None
            best_banks.append(other_bank if other_bank is not None else 0)
            margins.append((mine_bank or 0) - (other_bank or 0))
            for i, s in enumerate(r["seats"]):
                if share[i] > 0:
                    winners[s] = winners.get(s, 0.0) + share[i]
                st = r["statuses"][i]
                if st in BAD_STATUSES:
                    bad.setdefault(s, {k: 0 for k in BAD_STATUSES})[st] += 1
            gs = game_stats_of(r)
            rows.append((r, me, b, rk[me], gs))
        lo, hi = wilson(firsts, n)
        w(f"== {fmt}: {n} game{'s' if n != 1 else ''} of {agent}"
          f"{f', {len(harness)} with harness errors (not counted)' if harness else ''} ==\n")
        se = _se(margins)
        w(f"{agent}: first in {firsts:g} of {n} ({100 * firsts / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] 95% Wilson), "
          f"mean rank {sum(ranks) / n:.2f}\n")
        w(f"  mean bank {_f(sum(banks) / n)} vs best other {_f(sum(best_banks) / n)}: margin "
          f"{_f(sum(margins) / n, sign=True)}{f' +- {_f(se)} (standard error)' if se is not None else ''}\n")
        counts = {s: bad.get(s, {k: 0 for k in BAD_STATUSES}) for s in [agent] + opp_names}
        w("  ERROR/TIMEOUT/INVALID: " + "; ".join(
            f"{s} {c['ERROR']}/{c['TIMEOUT']}/{c['INVALID']}" for s, c in counts.items()) + "\n")
        loads = [r["load_avg"][1] for r in rs if isinstance(r.get("load_avg"), list) and len(r["load_avg"]) == 3]
        if loads:
            w(f"  (machine load, 5-minute average at the games' ends: mean {sum(loads) / len(loads):.1f}, "
              f"max {max(loads):.1f}; our bot plans to a deadline, so a busy machine weakens it)\n")
        by_firsts = sorted(winners.items(), key=lambda kv: (-kv[1], kv[0]))
        w("  first places: " + ", ".join(f"{s} {v:g}" for s, v in by_firsts) + "\n")
        # per opponent: our first-place share with it in the lineup and without it
        opp_rows = []
        for o in opp_names:
            with_o = [(r, me) for r, me, *_ in rows if o in r["seats"]]
            without = [(r, me) for r, me, *_ in rows if o not in r["seats"]]

            def share_of(sub):
                k = sum(ranks_and_shares(r["rewards"])[1][me] for r, me in sub)
                return k, len(sub)

            k1, n1 = share_of(with_o)
            k0, n0 = share_of(without)
            own = sum(ranks_and_shares(r["rewards"])[1][r["seats"].index(o)] for r, _ in with_o)
            ahead = sum(1 for r, me in with_o if ranks_and_shares(r["rewards"])[0][me]
                        < ranks_and_shares(r["rewards"])[0][r["seats"].index(o)])
            l1, h1 = wilson(k1, n1)
            opp_rows.append([o, n1, f"{k1:g}", f"{100 * k1 / n1:.1f}% [{100 * l1:.1f}, {100 * h1:.1f}]",
                             f"{ahead}/{n1}", f"{own:g}", n0,
                             f"{k0:g} ({100 * k0 / n0:.1f}%)" if n0 else "-"])
        w("per opponent (with it: the games whose lineup holds it; without: the others):\n")
        w(_table(["opponent", "games", "our_firsts", "share [95% CI]", "we_ahead", "its_firsts",
                  "games_without", "our_firsts_without"], opp_rows) + "\n")
        # per-game replay figures
        have = [(r, me, b, rk, gs) for r, me, b, rk, gs in rows if gs]
        if have:
            def series(gs, p, what):
                return [gs[p][what].get(str(c)) for c in list(CHECKPOINTS) + ["end"]]

            def slash(xs):
                return "/".join("-" if x is None else str(x) for x in xs)

            cols = [str(c) for c in CHECKPOINTS] + ["end"]
            w(f"our ships, yards, bank and cargo at steps {', '.join(cols)} against the best other player's (the winner unless "
              f"we won), {len(have)} game{'s' if len(have) != 1 else ''} with replays:\n")
            for what in ("ships_at", "yards_at", "bank_at", "cargo_at"):
                # Records stored before a figure existed have none of it.
                ours_m = [_mean([gs[me].get(what, {}).get(c) for r, me, b, rk, gs in have]) for c in cols]
                theirs_m = [_mean([gs[b].get(what, {}).get(c) for r, me, b, rk, gs in have]) for c in cols]
                nd = 1 if what in ("ships_at", "yards_at") else 0
                w(f"  mean {what[:-3]}: ours {'/'.join(_f(x, nd) for x in ours_m)}; "
                  f"best other {'/'.join(_f(x, nd) for x in theirs_m)}\n")
            with_yield = [(gs[me], gs[b]) for r, me, b, rk, gs in have if gs[me].get("ship_turns") and gs[b].get("ship_turns")]
            if with_yield:
                def fleet(side):
                    banked = _mean([pair[side]["banked"] for pair in with_yield])
                    turns = _mean([pair[side]["ship_turns"] for pair in with_yield])
                    return f"{_f(banked)} over {_f(turns)} ship-turns ({banked / turns:.2f} a ship-turn)"
                w(f"  halite banked a game (bank growth plus spending): ours {fleet(0)}; best other {fleet(1)}\n")
            for side, who in ((0, "ours"), (1, "best other")):
                counts = {cause: _mean([gs[(me, b)[side]].get("lost_by", {}).get(cause, 0)
                                        for r, me, b, rk, gs in have]) for cause in LOSS_CAUSES}
                w(f"  ships lost a game by cause ({who}): "
                  + ", ".join(f"{cause} {counts[cause]:.1f}" for cause in LOSS_CAUSES) + "\n")
            for side, who in ((0, "ours"), (1, "best other")):
                # Records stored before these figures existed count 0 for them.
                caught = sum(gs[(me, b)[side]].get("lost_by", {}).get("caught", 0) for r, me, b, rk, gs in have)
                if caught == 0:
                    continue
                cargo = sum(gs[(me, b)[side]].get("caught_cargo", 0) for r, me, b, rk, gs in have)
                trapped = sum(gs[(me, b)[side]].get("caught_cornered", 0) for r, me, b, rk, gs in have)
                w(f"  ships caught ({who}): {caught}, cornered {trapped} ({100 * trapped / caught:.0f}%: every "
                  f"move within one of a lighter enemy ship), {cargo / caught:.0f} cargo on average\n")
            for what, label in (("ships_lost", "ships lost"), ("yards_lost", "yards lost"),
                                ("yards_lost_late", f"yards lost after step {LATE_STEP}"),
                                ("yards_lost_affordable", "yards lost with a defender affordable")):
                # Records stored before a figure existed count 0 for it.
                ours_t = sum(gs[me].get(what, 0) for r, me, b, rk, gs in have)
                theirs_t = sum(gs[b].get(what, 0) for r, me, b, rk, gs in have)
                w(f"  {label}: ours {ours_t} ({ours_t / len(have):.2f} a game), best other {theirs_t} "
                  f"({theirs_t / len(have):.2f} a game)\n")
            if per_game:
                for r, me, b, rk, gs in have:
                    stat_rows.append([
                        r["game_id"], me, f"{rk:g}", _f(r["rewards"][me]), f"{r['seats'][b]}",
                        _f(r["rewards"][b]),
                        slash(series(gs, me, "ships_at")), slash(series(gs, b, "ships_at")),
                        slash(series(gs, me, "yards_at")), slash(series(gs, b, "yards_at")),
                        gs[me]["ships_lost"], gs[me]["yards_lost"], gs[me]["yards_lost_late"]])
                w("per game (ships and yards at steps " + "/".join(cols) + "):\n")
                w(_table(["game", "seat", "rank", "bank", "best_other", "its_bank", "ships", "its_ships", "yards",
                          "its_yards", "ships_lost", "yards_lost", f"yards_lost>{LATE_STEP}"], stat_rows) + "\n")
        missing = n - len(have)
        if missing:
            w(f"  {missing} game{'s' if missing != 1 else ''} without a replay or stored figures\n")
    if harness:
        w(f"-- {len(harness)} game{'s' if len(harness) != 1 else ''} with harness errors (played again by run) --\n")
        for r in harness:
            w(f"  {r['game_id']}: {(r['harness_error'] or '').strip().splitlines()[-1][:200]}\n")
    return 0


def cmd_summary(args):
    return summarize(args.results, args.agent, per_game=not args.no_games)


# ---------------------------------------------------------------------------
# compare

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
        11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093,
        20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048,
        29: 2.045, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}


def t975(df):
    """Student's t 97.5% quantile (two-sided 95%); between tabulated degrees of freedom the smaller one's
    (a slightly wider interval); 1.96 beyond 120."""
    if df > 120:
        return 1.96
    return T975[max(k for k in T975 if k <= df)]


def paired_line(d):
    n = len(d)
    mean = sum(d) / n
    if n < 2:
        return mean, None, f"{mean:+,.0f} (one game: no interval)"
    se = _se(d)
    h = t975(n - 1) * se
    return mean, (mean - h, mean + h), (f"{mean:+,.0f} +- {se:,.0f} (standard error), 95% CI "
                                        f"[{mean - h:+,.0f}, {mean + h:+,.0f}]; NEW better in "
                                        f"{sum(x > 0 for x in d)} of {n}, worse in {sum(x < 0 for x in d)}")


def cmd_compare(args):
    for p in (args.base, args.new):
        read_records(p)  # this script's checks first: missing file, malformed line
    base_tmp = [r for r in finished(read_records(args.base))]
    new_tmp = [r for r in finished(read_records(args.new))]
    # paired_by_seed.load reads a file of finished games: harness errors and repeats dropped first
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for name, rs in (("base", base_tmp), ("new", new_tmp)):
            p = os.path.join(d, name + ".jsonl")
            with open(p, "w") as f:
                for r in rs:
                    f.write(json.dumps({k: v for k, v in r.items() if k != "_where"}) + "\n")
            paths.append(p)
        try:
            base = paired_by_seed.load(paths[0], args.base_agent or args.agent, args.agent)
            new = paired_by_seed.load(paths[1], args.agent)
        except SystemExit as e:
            msg = str(e).replace(paths[0], args.base).replace(paths[1], args.new)
            raise InputError(msg)
    keys = sorted(set(base) & set(new))
    if not keys:
        raise InputError(f"{args.base} and {args.new} share no game (same --seed, --pool and --name?)")
    n = len(keys)
    w = sys.stdout.write
    w(f"{n} games paired (same seed, lineup and seats); {len(base) - n} only in BASE, {len(new) - n} only in NEW\n")
    _, _, line = paired_line([new[k][2] - base[k][2] for k in keys])
    w(f"margin over the best other player, NEW - BASE: {line}\n")
    _, _, line = paired_line([new[k][0] - base[k][0] for k in keys])
    w(f"bank, NEW - BASE: {line}\n")
    for name, run in (("BASE", base), ("NEW", new)):
        firsts = sum(run[k][1] == 1 for k in keys)
        lo, hi = wilson(firsts, n)
        w(f"  {name}: first in {firsts} of {n} ({100 * firsts / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]), "
          f"mean rank {sum(run[k][1] for k in keys) / n:.2f}, mean margin {sum(run[k][2] for k in keys) / n:+,.0f}\n")
    gained = sum(new[k][1] == 1 and base[k][1] != 1 for k in keys)
    lost = sum(base[k][1] == 1 and new[k][1] != 1 for k in keys)
    w(f"  first places NEW gained {gained}, lost {lost} (the games that changed)\n")
    if args.games:
        for k in keys:
            w(f"  {k}: margin BASE {base[k][2]:+,.0f} (rank {base[k][1]}), NEW {new[k][2]:+,.0f} "
              f"(rank {new[k][1]}): {new[k][2] - base[k][2]:+,.0f}\n")
    return 0


# ---------------------------------------------------------------------------
# stats


def cmd_stats(args):
    for path in args.replays:
        st = replay_stats(load_replay(path))
        cols = [str(c) for c in CHECKPOINTS] + ["end"]
        print(f"{path}:")
        rows = [[p, "/".join(str(s["ships_at"].get(c, "-")) for c in cols),
                 "/".join(str(s["yards_at"].get(c, "-")) for c in cols),
                 "/".join(str(s["bank_at"].get(c, "-")) for c in cols),
                 s["ships_built"], s["ships_lost"], s["yards_lost"], s["yards_lost_late"],
                 s["yards_lost_affordable"], s["ship_turns"], s["banked"],
                 "/".join(str(s["lost_by"][cause]) for cause in LOSS_CAUSES), s["caught_cornered"],
                 s["caught_cargo"]] for p, s in enumerate(st)]
        print(_table(["seat", "ships " + "/".join(cols), "yards " + "/".join(cols), "bank " + "/".join(cols),
                      "ships_built", "ships_lost", "yards_lost", f"yards_lost>{LATE_STEP}", "yards_lost_affordable",
                      "ship_turns", "banked", "lost_by " + "/".join(LOSS_CAUSES), "caught_cornered",
                      "caught_cargo"], rows))
    return 0


# ---------------------------------------------------------------------------


def build_parser():
    ap = argparse.ArgumentParser(prog="kaggle_pool.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="{plan,run,summary,compare,stats}")

    def draw_options(p):
        p.add_argument("--pool", required=True,
                       help="comma list of opponents, each a directory $OPPONENTS/NAME/main.py or 'random', e.g. "
                            "zeta_best,mzotkiew,khavo_rule,flynn_bee7,tokai,conchobhar")
        p.add_argument("--mode", choices=["4p", "2p"], default="4p",
                       help="4p: 4-player games, us and --lineup-size opponents drawn from the pool (default); "
                            "2p: head-to-head against every opponent in the pool, both seats per env seed")
        p.add_argument("--lineup-size", type=int, default=3,
                       help="4p: opponents a game (default 3; 1 or 2 fill the other seats with 'random')")
        p.add_argument("--games", type=int, help="4p: number of games")
        p.add_argument("--seeds", type=int, help="2p: number of env seeds (each played 2 x len(pool) times)")
        p.add_argument("--seed", type=int, default=1, help="the draw's seed: env seeds, lineups and seats (default 1)")
        p.add_argument("--name", default="ours", help="our seat's name in the records (default ours)")

    p = sub.add_parser("plan", help="print the drawn games (and which --out holds)",
                       description="Print the games of a run: index, game id (format|seats|seed<env seed>), and "
                                   "'(done)' for those --out holds; then the games per opponent and our seats.")
    draw_options(p)
    p.add_argument("--out", help="a run's JSONL: mark the games it holds")
    p.set_defaults(func=cmd_plan)

    r = sub.add_parser("run", help="play the drawn games", formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Play the drawn games not yet in --out. Needs $KAGGLE_ENV_PATH and $OPPONENTS "
                                   "(source DEST/env.sh after the arena's setup.sh).")
    draw_options(r)
    r.add_argument("--agent", required=True,
                   help="our submission: its main.py or the directory holding it (an unpacked submission.tar.gz)")
    r.add_argument("--out", required=True, help="the JSONL of finished games (appended; its games are skipped)")
    r.add_argument("--replay-dir", help="where the replays go (default: OUT without .jsonl, plus '-replays'); "
                                        "also each game's log of its process's output")
    r.add_argument("--no-gzip", action="store_true", help="keep the replays as plain JSON")
    r.add_argument("--workers", type=int, default=1, help="games played at once (default 1)")
    r.add_argument("--game-timeout", type=float, default=3600,
                   help="wall seconds before a game's processes are killed and it is recorded as a harness error "
                        "(default 3600)")
    r.add_argument("--config", action="append",
                   help="env configuration KEY=VALUE, repeatable (e.g. actTimeout=6; the env's defaults otherwise)")
    r.add_argument("--opponents", help="the bots' directory (default $OPPONENTS)")
    r.add_argument("--env-path", help="the kaggle-environments checkout (default $KAGGLE_ENV_PATH)")
    r.add_argument("--arena", help="kaggle-arena's arena.py (default $KAGGLE_ARENA, else "
                                   "../shared/tools/kaggle-arena/arena.py from the repository)")
    r.add_argument("--no-summary", action="store_true", help="no summary at the end")
    r.set_defaults(func=cmd_run)

    s = sub.add_parser("summary", help="report on runs",
                       description="First places (ties split) with 95% Wilson intervals, mean rank (1 = best, "
                                   "ties averaged), mean bank against the best other player's and the margin, "
                                   "ERROR/TIMEOUT/INVALID counts per bot, first places per bot, per opponent our "
                                   "first-place share in the lineups with it and without it; from the replays: "
                                   "our ships and yards at steps 100/200/300/end beside the best other player's "
                                   "(the winner unless we won), ships lost (gone without a CONVERT), yards lost, "
                                   "yards lost after step 250, as means and per game. OUT.errors.jsonl beside "
                                   "each file is read too (harness errors, listed).")
    s.add_argument("results", nargs="+", help="JSONL files written by run")
    s.add_argument("--agent", default="ours", help="our seat's name (default ours)")
    s.add_argument("--no-games", action="store_true", help="leave out the per-game table")
    s.set_defaults(func=cmd_summary)

    c = sub.add_parser("compare", help="paired comparison of two runs on the same draw",
                       description="Pairs the games of two runs by seed, lineup and seats (scripts/paired_by_seed.py"
                                   "'s keys) and prints NEW - BASE of our margin over the best other player (our "
                                   "bank minus the highest other bank) and of our bank: mean, standard error, 95% "
                                   "confidence interval (Student's t), how many games NEW did better; and both "
                                   "runs' first places with Wilson intervals.")
    c.add_argument("base")
    c.add_argument("new")
    c.add_argument("--agent", default="ours", help="our seat's name (default ours)")
    c.add_argument("--base-agent", help="its name in BASE when that differs")
    c.add_argument("--games", action="store_true", help="also print every pair")
    c.set_defaults(func=cmd_compare)

    t = sub.add_parser("stats", help="per-game figures of replay files",
                       description="For each replay (Kaggle JSON, or .json.gz): per seat ships and yards at steps "
                                   "100/200/300/end, ships built, ships lost, yards lost, yards lost after 250, "
                                   "ship-turns, halite banked, ships lost by cause, ships caught cornered and the "
                                   "cargo of the ships caught.")
    t.add_argument("replays", nargs="+")
    t.set_defaults(func=cmd_stats)

    h = sub.add_parser("_play-one")  # internal: one game, started by run
    h.add_argument("job")
    h.set_defaults(func=cmd_play_one)
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except InputError as e:
        print(f"kaggle_pool: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
