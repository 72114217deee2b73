#!/usr/bin/env python3
"""scripts/kaggle_pool.py without Kaggle's env or network: the lineup draw
(deterministic, a longer run extending a shorter one, every lineup of the
pool played once before any twice, our seat balanced, 2-player games in both
seats); `run` against a stand-in for kaggle-arena's arena.py (resuming skips
the finished games, a harness error goes to OUT.errors.jsonl and is played
again); `summary`, `compare` and `stats` on hand-made records and a small
hand-made replay, to the printed digit; and the clear refusals of bad input.

    python3 tests/test_kaggle_pool.py scripts/kaggle_pool.py
"""
import importlib.util
import itertools
import json
import os
import subprocess
import sys
import tempfile

script = os.path.abspath(sys.argv[1])
passed, failed = [], []


def check(name, cond, detail=""):
    (passed if cond else failed).append(name)
    if not cond:
        print(f"FAIL {name}\n{detail}", file=sys.stderr)


def run(*args, env=None):
    return subprocess.run([sys.executable, script, *args], capture_output=True, text=True, env=env)


spec = importlib.util.spec_from_file_location("kaggle_pool", script)
kp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(kp)

POOL = ["zeta_best", "mzotkiew", "khavo_rule", "flynn_bee7", "tokai", "conchobhar"]

# --- the draw -----------------------------------------------------------------
g40 = kp.draw_games("4p", POOL, "ours", 1, 40)
check("draw is deterministic", g40 == kp.draw_games("4p", POOL, "ours", 1, 40))
check("draw ignores the pool's order", g40 == kp.draw_games("4p", list(reversed(POOL)), "ours", 1, 40))
check("a longer run extends a shorter one", kp.draw_games("4p", POOL, "ours", 1, 13) == g40[:13])
check("another seed, another draw", [g["game_id"] for g in kp.draw_games("4p", POOL, "ours", 2, 40)]
      != [g["game_id"] for g in g40])
combos = {frozenset(c) for c in itertools.combinations(POOL, 3)}
for block in (g40[:20], g40[20:40]):
    lineups = [frozenset(s for s in g["seats"] if s != "ours") for g in block]
    check("each block of 20 games plays all 20 lineups once",
          sorted(map(sorted, lineups)) == sorted(map(sorted, combos)), lineups)
check("each opponent in half the games", all(sum(n in g["seats"] for g in g40) == 20 for n in POOL))
seats = [g["seats"].index("ours") for g in g40]
check("our seat goes round all four in blocks of four",
      all(sorted(seats[i:i + 4]) == [0, 1, 2, 3] for i in range(0, 40, 4)), seats)
check("every game has its own env seed and 4 seats",
      len({g["seed"] for g in g40}) == 40 and all(len(g["seats"]) == 4 for g in g40))
check("game ids are kaggle-arena's", g40[0]["game_id"] == f"4p|{','.join(g40[0]['seats'])}|seed{g40[0]['seed']}")
g2 = kp.draw_games("2p", ["mzotkiew", "zeta_best"], "ours", 3, 2)
check("2p: every seed against every opponent in both seats",
      [g["seats"] for g in g2] == [["ours", "mzotkiew"], ["mzotkiew", "ours"], ["ours", "zeta_best"],
                                   ["zeta_best", "ours"]] * 2 and len({g["seed"] for g in g2}) == 2, g2)
small = kp.draw_games("4p", ["a", "b"], "ours", 1, 2, lineup_size=2)
check("a lineup of 2 is padded with random", all(g["seats"].count("random") == 1 for g in small), small)
r1, r2 = run("plan", "--pool", ",".join(POOL), "--games", "20"), run("plan", "--pool", ",".join(POOL), "--games", "20")
check("plan prints the same draw twice", r1.returncode == 0 and r1.stdout == r2.stdout, r1.stderr)
check("plan counts the games per opponent and our seats",
      "20 games, 0 in -; games per opponent: zeta_best 10, mzotkiew 10, khavo_rule 10, flynn_bee7 10, tokai 10, "
      "conchobhar 10; our seats 0..3: 5 5 5 5" in r1.stdout, r1.stdout)

# --- a replay --------------------------------------------------------------------


def make_replay(path, last=320):
    """Seat 0 (ours): ships s1, s2; s2 converts at step 50 (yard y1); s3 built at 120; s1 sunk at 150; y1 lost
    at 260. Seat 1: a1 converts at 10 (yard ay1), a2 built at 11, ay1 lost at 240 while a3 is built. Seat 2:
    one ship and one yard throughout. Seat 3: the same until it errs at step 300 (the env empties it)."""
    steps = []
    for t in range(last + 1):
        if t < 50:
            ours = ({}, {"s1": [0, 0], "s2": [1, 0]})
        elif t < 120:
            ours = ({"y1": 1}, {"s1": [0, 0]})
        elif t < 150:
            ours = ({"y1": 1}, {"s1": [0, 0], "s3": [1, 0]})
        elif t < 260:
            ours = ({"y1": 1}, {"s3": [1, 0]})
        else:
            ours = ({}, {"s3": [1, 0]})
        if t < 10:
            a = ({}, {"a1": [5, 0]})
        elif t == 10:
            a = ({"ay1": 5}, {})
        elif t < 240:
            a = ({"ay1": 5}, {"a2": [5, 0]})
        else:
            a = ({}, {"a2": [5, 0], "a3": [6, 0]})
        b = ({"by": 9}, {"b1": [9, 30]})
        c = ({"cy": 12}, {"c1": [12, 0]}) if t < 300 else ({}, {})
        # Player 1 could pay a defender the turn before it loses its yard (step 240); the others never can.
        players = [[600 if (k == 1 and t == 239) else 100, y, s] for k, (y, s) in enumerate((ours, a, b, c))]
        step = [{"observation": {"step": t, "players": players, "halite": [0] * 441},
                 "action": {}, "status": "ACTIVE", "reward": 0}]
        for _ in range(3):
            step.append({"observation": {}, "action": {}, "status": "ACTIVE", "reward": 0})
        if t == 50:
            step[0]["action"] = {"s2": "CONVERT", "s1": "NORTH"}
        if t == 10:
            step[1]["action"] = {"a1": "CONVERT"}
        if t >= 300:
            step[3]["status"] = "ERROR"
        steps.append(step)
    with open(path, "w") as f:
        json.dump({"configuration": {"size": 21, "episodeSteps": 400}, "steps": steps}, f)


def make_losses_replay(path):
    """One turn on a 5x5 board, in which every ship of seat 0 is lost, one for each cause: a (0 -> 1) meets
    the empty enemy e1 (trade); b (cargo 50) stays and the empty e2 arrives (caught); c and d meet away from
    a yard (own); f and g meet on their own yard at 12 (home); h moves onto the enemy yard at 24 (yard); k
    vanishes alone (other)."""
    ours = {"a": [0, 0], "b": [10, 50], "c": [20, 0], "d": [22, 0], "f": [7, 0], "g": [17, 0], "h": [23, 0],
            "k": [4, 0]}
    before = [[0, {"y0": 12}, ours], [0, {"ey": 24}, {"e1": [1, 0], "e2": [11, 0]}]]
    after = [[0, {"y0": 12}, {}], [0, {"ey": 24}, {"e2": [10, 50]}]]
    steps = [[{"observation": {"step": 0, "players": before, "halite": [0] * 25}, "action": {}, "status": "ACTIVE"},
              {"observation": {}, "action": {}, "status": "ACTIVE"}],
             [{"observation": {"step": 1, "players": after, "halite": [0] * 25}, "status": "ACTIVE",
               "action": {"a": "EAST", "c": "EAST", "d": "WEST", "f": "SOUTH", "g": "NORTH", "h": "EAST"}},
              {"observation": {}, "action": {"e2": "WEST"}, "status": "ACTIVE"}]]
    with open(path, "w") as f:
        json.dump({"configuration": {"size": 5, "episodeSteps": 400}, "steps": steps}, f)


def make_cornered_replay(path):
    """One turn on a 3x3 board: our ship s (cargo 20) in the centre, the empty enemy ships e1 and e2 above
    it and left of it, within one move of every cell it could end on; e1 steps onto it (caught, cornered)."""
    before = [[0, {}, {"s": [4, 20]}], [0, {}, {"e1": [1, 0], "e2": [3, 0]}]]
    after = [[0, {}, {}], [0, {}, {"e1": [4, 20], "e2": [3, 0]}]]
    steps = [[{"observation": {"step": 0, "players": before, "halite": [0] * 9}, "action": {}, "status": "ACTIVE"},
              {"observation": {}, "action": {}, "status": "ACTIVE"}],
             [{"observation": {"step": 1, "players": after, "halite": [0] * 9}, "status": "ACTIVE", "action": {}},
              {"observation": {}, "action": {"e1": "SOUTH"}, "status": "ACTIVE"}]]
    with open(path, "w") as f:
        json.dump({"configuration": {"size": 3, "episodeSteps": 400}, "steps": steps}, f)


def record(seed, seats, rewards, statuses=None, **extra):
    r = {"game_id": f"4p|{','.join(seats)}|seed{seed}", "format": "4p", "seed": seed, "seats": seats,
         "rewards": rewards, "statuses": statuses or ["DONE"] * len(seats)}
    r.update(extra)
    return json.dumps(r)


with tempfile.TemporaryDirectory() as d:
    rp = os.path.join(d, "g1.json")
    make_replay(rp)
    st = kp.replay_stats(kp.load_replay(rp))
    check("replay: our ships and yards at 100/200/300/end",
          st[0]["ships_at"] == {"100": 1, "200": 1, "300": 1, "end": 1}
          and st[0]["yards_at"] == {"100": 1, "200": 1, "300": 0, "end": 0}, st[0])
    check("replay: a CONVERT is no loss, a sunk ship is; a yard lost after 250",
          (st[0]["ships_lost"], st[0]["yards_lost"], st[0]["yards_lost_late"], st[0]["ships_built"]) == (1, 1, 1, 1),
          st[0])
    check("replay: a yard lost before 250 is not late",
          (st[1]["ships_lost"], st[1]["yards_lost"], st[1]["yards_lost_late"], st[1]["ships_built"]) == (0, 1, 0, 2)
          and st[1]["ships_at"] == {"100": 1, "200": 1, "300": 2, "end": 2}, st[1])
    check("replay: a yard lost with spawnCost in the bank and no SPAWN counts as a defender affordable",
          (st[0]["yards_lost_affordable"], st[1]["yards_lost_affordable"]) == (0, 1), st)
    check("replay: bank and cargo at 100/200/300/end",
          st[1]["bank_at"] == {"100": 100, "200": 100, "300": 100, "end": 100}
          and st[2]["cargo_at"] == {"100": 30, "200": 30, "300": 30, "end": 30} and st[0]["cargo_at"]["end"] == 0, st)
    check("replay: ship-turns and halite banked (bank growth plus ships and yards bought)",
          (st[2]["ship_turns"], st[2]["banked"]) == (320, 0) and st[0]["ship_turns"] == 50 * 2 + 70 + 30 * 2 + 170
          and (st[0]["banked"], st[1]["banked"]) == (500 + 500, 2 * 500 + 500), st)
    check("replay: a ship sunk with no other there is lost to no known cause",
          st[0]["lost_by"] == {"trade": 0, "caught": 0, "home": 0, "own": 0, "yard": 0, "other": 1}, st[0])
    check("replay: an erring player's emptied fleet is no loss",
          (st[3]["ships_lost"], st[3]["yards_lost"]) == (0, 0) and st[3]["ships_at"]["300"] == 0, st[3])
    losses = os.path.join(d, "losses.json")
    make_losses_replay(losses)
    lost = kp.replay_stats(kp.load_replay(losses))
    check("replay: ships lost by cause (trade, caught, home, own, yard, other)",
          lost[0]["lost_by"] == {"trade": 1, "caught": 1, "home": 2, "own": 2, "yard": 1, "other": 1}
          and lost[0]["ships_lost"] == 8 and lost[1]["lost_by"]["trade"] == 1 and lost[1]["ships_lost"] == 1, lost)
    check("replay: a ship caught with a safe move left (b could go north) is not cornered; its cargo counts",
          (lost[0]["caught_cargo"], lost[0]["caught_cornered"]) == (50, 0), lost[0])
    cornered_path = os.path.join(d, "cornered.json")
    make_cornered_replay(cornered_path)
    trapped = kp.replay_stats(kp.load_replay(cornered_path))
    check("replay: a ship caught with every move within one of a lighter enemy ship is cornered",
          trapped[0]["lost_by"]["caught"] == 1
          and (trapped[0]["caught_cargo"], trapped[0]["caught_cornered"]) == (20, 1)
          and trapped[1]["ships_lost"] == 0, trapped)
    import gzip
    with open(rp, "rb") as src, gzip.open(rp + ".gz", "wb") as dst:
        dst.write(src.read())
    check("replay: gzipped the same", kp.replay_stats(kp.load_replay(rp + ".gz")) == st)
    r = run("stats", rp + ".gz")
    check("stats prints each seat", r.returncode == 0 and "0     1/1/1/1" in r.stdout and "1     1/1/2/2" in r.stdout
          and r.stdout.splitlines()[2].split() == ["0", "1/1/1/1", "1/1/0/0", "100/100/100/100", "1", "1", "1", "1", "0",
                                                   "400", "1000", "0/0/0/0/0/1", "0", "0"], r.stdout + r.stderr)
    r = run("stats", cornered_path)
    check("stats: the ships caught cornered and their cargo",
          r.returncode == 0 and r.stdout.splitlines()[2].split()[-3:] == ["0/1/0/0/0/0", "1", "20"],
          r.stdout + r.stderr)

    # --- summary -------------------------------------------------------------------
    runs = os.path.join(d, "run.jsonl")
    with open(runs, "w") as f:
        f.write(record(1, ["ours", "a", "b", "c"], [5000, 3000, 2000, 1000], replay=rp, load_avg=[1, 2.5, 3]) + "\n")
        f.write(record(1, ["ours", "a", "b", "c"], [1, 1, 1, 1]).replace('"rewards"', '"harness_error": "x", "rewards"')
                + "\n")  # a failed attempt of a finished game: ignored
        f.write(record(2, ["a", "ours", "b", "d"], [4000, 3000, 100, None], ["DONE", "DONE", "DONE", "ERROR"]) + "\n")
        f.write("\n")
        f.write(record(3, ["b", "c", "ours", "d"], [2000, 2000, 2000, 500]) + "\n")  # a three-way tie for first
        f.write(record(4, ["c", "d", "a", "ours"], [100, 200, 300, 60]) + "\n")
    with open(runs + ".errors.jsonl", "w") as f:
        f.write(json.dumps({"game_id": "4p|ours,a,b,d|seed9", "format": "4p", "seed": 9,
                            "seats": ["ours", "a", "b", "d"], "harness_error": "Traceback\nRuntimeError: boom"}) + "\n")
    r = run("summary", runs)
    out = r.stdout
    check("summary runs", r.returncode == 0, r.stderr)
    # firsts 1 + 0 + 1/3 + 0 of 4; ranks 1, 2, 2 (three-way tie), 4
    check("summary: first places, Wilson interval, mean rank",
          "ours: first in 1.33333 of 4 (33.3% [7.5, 75.5] 95% Wilson), mean rank 2.25" in out, out)
    # banks 5000 3000 2000 60; best others 3000 4000 2000 300; margins 2000 -1000 0 -240 (se 639.9)
    check("summary: bank vs best other, margin",
          "mean bank 2,515 vs best other 2,325: margin +190 +- 640 (standard error)" in out, out)
    check("summary: ERROR/TIMEOUT/INVALID counts",
          "ERROR/TIMEOUT/INVALID: ours 0/0/0; a 0/0/0; b 0/0/0; c 0/0/0; d 1/0/0" in out, out)
    check("summary: the machine's load", "machine load, 5-minute average at the games' ends: mean 2.5, max 2.5" in out,
          out)
    check("summary: first places by bot", "first places: a 2, ours 1.33333, b 0.333333, c 0.333333" in out, out)
    rows = {ln.split()[0]: ln.split() for ln in out.splitlines() if ln.startswith("  ") and ln.split()[0] in "abcd"}
    check("summary: per opponent a (with it 1 of 3, we ahead 1, it first 2; without 1/3)",
          rows.get("a") == ["a", "3", "1", "33.3%", "[6.1,", "79.2]", "1/3", "2", "1", "0.333333", "(33.3%)"], rows)
    check("summary: per opponent b (a tie is not ahead)",
          rows.get("b") == ["b", "3", "1.33333", "44.4%", "[10.2,", "84.9]", "2/3", "0.333333", "1", "0", "(0.0%)"],
          rows)
    check("summary: per opponent d (an ERROR ranks last)",
          rows.get("d") == ["d", "3", "0.333333", "11.1%", "[0.8,", "65.1]", "2/3", "0", "1", "1", "(100.0%)"], rows)
    check("summary: ships and yards against the best other",
          "mean ships: ours 1.0/1.0/1.0/1.0; best other 1.0/1.0/2.0/2.0" in out
          and "mean yards: ours 1.0/1.0/0.0/0.0; best other 1.0/1.0/0.0/0.0" in out
          and "mean bank: ours 100/100/100/100; best other 100/100/100/100" in out
          and "halite banked a game (bank growth plus spending): ours 1,000 over 400 ship-turns (2.50 a ship-turn); "
              "best other 1,500 over" in out, out)
    check("summary: losses by cause",
          "ships lost a game by cause (ours): trade 0.0, caught 0.0, home 0.0, own 0.0, yard 0.0, other 1.0" in out, out)
    check("summary: no line of ships caught where none was", "ships caught" not in out, out)
    caught_runs = os.path.join(d, "caught.jsonl")
    with open(caught_runs, "w") as f:
        f.write(record(5, ["ours", "a"], [100, 200], replay=cornered_path).replace('"4p', '"2p') + "\n")
    r = run("summary", caught_runs)
    check("summary: the ships caught, cornered, and their cargo",
          r.returncode == 0 and "ships caught (ours): 1, cornered 1 (100%: every move within one of a lighter enemy "
          "ship), 20 cargo on average" in r.stdout and "ships caught (best other)" not in r.stdout, r.stdout + r.stderr)
    check("summary: losses", "ships lost: ours 1 (1.00 a game), best other 0 (0.00 a game)" in out
          and "yards lost: ours 1 (1.00 a game), best other 1 (1.00 a game)" in out
          and "yards lost after step 250: ours 1 (1.00 a game), best other 0 (0.00 a game)" in out, out)
    game_row = [ln.split() for ln in out.splitlines() if ln.startswith("  4p|ours,a,b,c|seed1")]
    check("summary: the per-game row",
          game_row == [["4p|ours,a,b,c|seed1", "0", "1", "5,000", "a", "3,000", "1/1/1/1", "1/1/2/2", "1/1/0/0",
                        "1/1/0/0", "1", "1", "1"]], out)
    check("summary: games without replays and the harness errors are named",
          "3 games without a replay or stored figures" in out and "1 with harness errors (not counted)" in out
          and "4p|ours,a,b,d|seed9: RuntimeError: boom" in out, out)

    # --- compare ---------------------------------------------------------------------
    base, new = os.path.join(d, "base.jsonl"), os.path.join(d, "new.jsonl")
    with open(base, "w") as f:
        f.write(record(1, ["ours", "a", "b", "c"], [5000, 3000, 2000, 1000]) + "\n")
        f.write(record(2, ["a", "ours", "b", "d"], [4000, 3000, 100, None]) + "\n")
        f.write(record(3, ["b", "c", "ours", "d"], [2000, 1500, 2000, 500]) + "\n")
        f.write(json.dumps({"game_id": "4p|ours,a,b,d|seed9", "format": "4p", "seed": 9,
                            "seats": ["ours", "a", "b", "d"], "harness_error": "boom"}) + "\n")
    with open(new, "w") as f:
        f.write(record(1, ["ours", "a", "b", "c"], [1, 1, 1, 1]) + "\n")  # replaced by the later record
        f.write(record(1, ["ours", "a", "b", "c"], [5500, 3000, 2000, 1000]) + "\n")
        f.write(record(2, ["a", "ours", "b", "d"], [4000, 3500, 100, None]) + "\n")
        f.write(record(3, ["b", "c", "ours", "d"], [2300, 1500, 2100, 500]) + "\n")
        f.write(record(4, ["c", "d", "a", "ours"], [100, 200, 300, 60]) + "\n")  # not in BASE
    r = run("compare", base, new, "--games")
    out = r.stdout
    check("compare runs", r.returncode == 0, r.stderr)
    check("compare: the pairs",
          "3 games paired (same seed, lineup and seats); 0 only in BASE, 1 only in NEW" in out, out)
    # margins BASE 2000, -1000, 0; NEW 2500, -500, -200: +500, +500, -200 (se 233.3, t(2) 4.303)
    check("compare: paired margin with its interval",
          "margin over the best other player, NEW - BASE: +267 +- 233 (standard error), 95% CI [-737, +1,271]; "
          "NEW better in 2 of 3, worse in 1" in out, out)
    check("compare: paired bank", "bank, NEW - BASE: +367 +- 133 (standard error), 95% CI [-207, +940]; "
                                  "NEW better in 3 of 3, worse in 0" in out, out)
    check("compare: first places of both",
          "BASE: first in 2 of 3 (66.7% [20.8, 93.9]), mean rank 1.33, mean margin +333" in out
          and "NEW: first in 1 of 3 (33.3% [6.1, 79.2]), mean rank 1.67, mean margin +600" in out
          and "first places NEW gained 0, lost 1" in out, out)
    check("compare: every pair", "4p|b,c,ours,d|seed3: margin BASE +0 (rank 1), NEW -200 (rank 2): -200" in out, out)

    # --- run against a stand-in arena: resume, harness errors ---------------------------
    fake = os.path.join(d, "fake")
    os.makedirs(os.path.join(fake, "env", "kaggle_environments"))
    for n in ("a", "b", "c", "d"):
        os.makedirs(os.path.join(fake, "bots", n))
        open(os.path.join(fake, "bots", n, "main.py"), "w").close()
    agent = os.path.join(fake, "ours.py")
    open(agent, "w").close()
    arena = os.path.join(fake, "arena.py")
    calls = os.path.join(fake, "calls.txt")
    with open(arena, "w") as f:
        f.write(f'''
import json, os
def play_game(game, env_path, specs, cfg, replay_dir, numpy_compat=True):
    with open({calls!r}, "a") as f:
        f.write(game["game_id"] + "\\n")
    if str(game["seed"]) == os.environ.get("FAKE_FAIL_SEED"):
        raise RuntimeError("boom")
    assert set(specs) == set(game["seats"]) and all(os.path.isfile(p) for p in specs.values())
    n = len(game["seats"])
    rewards = [1000 * (i + 1) for i in range(n)]
    res = dict(game_id=game["game_id"], format=game["format"], seed=game["seed"], seats=game["seats"],
               rewards=rewards, statuses=["DONE"] * n, steps=400, wall_s=0.1, harness_error=None)
    fn = os.path.join(replay_dir, game["game_id"].replace("|", "__") + ".json")
    steps = [[{{"observation": {{"step": t, "players": [[0, {{}}, {{"s%d" % p: [0, 0]}}] for p in range(n)]}},
               "action": {{}}, "status": "ACTIVE"}}] + [{{"action": {{}}, "status": "ACTIVE"}}] * (n - 1)
             for t in range(3)]
    with open(fn, "w") as f:
        json.dump({{"configuration": {{"size": 21}}, "steps": steps}}, f)
    res["replay"] = fn
    return res
''')
    out_run = os.path.join(d, "runs", "r.jsonl")
    common = ["run", "--agent", agent, "--pool", "a,b,c,d", "--seed", "7", "--out", out_run, "--arena", arena,
              "--opponents", os.path.join(fake, "bots"), "--env-path", os.path.join(fake, "env"), "--no-summary"]
    drawn = kp.draw_games("4p", ["a", "b", "c", "d"], "ours", 7, 6)
    env = dict(os.environ, FAKE_FAIL_SEED=str(drawn[1]["seed"]))
    r = run(*common, "--games", "3", env=env)
    check("run plays the drawn games", r.returncode == 0 and "3 to play with 1 worker" in r.stdout,
          r.stdout + r.stderr)
    done = [json.loads(ln) for ln in open(out_run)]
    errs = [json.loads(ln) for ln in open(out_run + ".errors.jsonl")]
    check("run: finished games in OUT, the harness error beside it",
          [x["game_id"] for x in done] == [drawn[0]["game_id"], drawn[2]["game_id"]]
          and [x["game_id"] for x in errs] == [drawn[1]["game_id"]]
          and "RuntimeError: boom" in errs[0]["harness_error"],
          (done, errs))
    check("run: records carry the draw and the per-game figures, the replay gzipped",
          done[0]["pool"] == {"draw_seed": 7, "index": 0, "agent": "ours", "pool": ["a", "b", "c", "d"], "mode": "4p"}
          and done[0]["game_stats"][0]["ships_at"] == {"end": 1} and done[0]["replay"].endswith(".json.gz")
          and os.path.isfile(done[0]["replay"]) and os.path.dirname(done[0]["replay"]).endswith("r-replays"),
          done[0])
    r = run(*common, "--games", "5")
    check("run resumes: only the missing and the failed games",
          r.returncode == 0 and "5 games drawn (seed 7), 2 already in" in r.stdout and "3 to play" in r.stdout,
          r.stdout + r.stderr)
    played = [ln.strip() for ln in open(calls)]
    check("run: no finished game played twice",
          played == [g["game_id"] for g in drawn[:3]] + [drawn[1]["game_id"], drawn[3]["game_id"], drawn[4]["game_id"]],
          played)
    check("run: OUT then holds the 5 games", sorted(json.loads(ln)["game_id"] for ln in open(out_run))
          == sorted(g["game_id"] for g in drawn[:5]))
    r = run("summary", out_run)
    check("run's records summarise", r.returncode == 0 and "first in 1.25 of 5" not in r.stdout
          and "== 4p: 5 games of ours ==" in r.stdout, r.stdout + r.stderr)
    r = run("plan", "--pool", "a,b,c,d", "--seed", "7", "--games", "6", "--out", out_run)
    check("plan marks the games done", r.returncode == 0 and r.stdout.count("(done)") == 5
          and "6 games, 5 in" in r.stdout, r.stdout + r.stderr)

    # --- bad input ------------------------------------------------------------------
    def refused(name, result, message):
        check(name, result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr,
              f"rc {result.returncode}\n{result.stderr}")

    refused("summary: a missing file", run("summary", os.path.join(d, "nope.jsonl")), "nope.jsonl: no such file")
    bad = os.path.join(d, "bad.jsonl")
    with open(bad, "w") as f:
        f.write(record(1, ["ours", "a", "b", "c"], [1, 2, 3, 4]) + "\n{not json\n")
    refused("summary: a malformed line", run("summary", bad), "bad.jsonl:2: not a JSON line")
    with open(bad, "w") as f:
        f.write(json.dumps({"game_id": "x", "format": "4p", "seed": 1}) + "\n")
    refused("summary: a record without seats", run("summary", bad), "bad.jsonl:1: not a game record (no seats)")
    with open(bad, "w") as f:
        f.write("[1, 2]\n")
    refused("compare: a line that is no object", run("compare", bad, new), "bad.jsonl:1: not a game record")
    refused("compare: a missing file", run("compare", base, os.path.join(d, "nope.jsonl")), "nope.jsonl: no such file")
    refused("summary: no game of the agent", run("summary", runs, "--agent", "zeta"),
            "no finished game with agent 'zeta'")
    other = os.path.join(d, "other.jsonl")
    with open(other, "w") as f:
        f.write(record(77, ["ours", "a", "b", "c"], [1, 2, 3, 4]) + "\n")
    refused("compare: no shared game", run("compare", base, other), "share no game")
    refused("run: an unknown bot", run(*common[:4], "a,b,nosuch", *common[5:], "--games", "1"),
            "unknown bot 'nosuch'")
    check("run: the unknown bot's message lists the known ones",
          "(known: a, b, c, d, random)" in run(*common[:4], "a,b,nosuch", *common[5:], "--games", "1").stderr)
    refused("run: a missing agent", run("run", "--agent", os.path.join(d, "none.py"), *common[3:], "--games", "1"),
            "--agent: no such file")
    refused("run: a missing arena", run(*common[:10], os.path.join(d, "no_arena.py"), *common[11:], "--games", "1"),
            "no_arena.py does not exist")
    refused("plan: a bot twice in the pool", run("plan", "--pool", "a,b,a", "--games", "1"), "names a more than once")
    refused("plan: our name in the pool", run("plan", "--pool", "ours,b,c", "--games", "1"),
            "'ours' is also in --pool")
    refused("plan: a lineup larger than the pool", run("plan", "--pool", "a,b", "--games", "1"),
            "fewer than --lineup-size 3")
    refused("plan: no --games", run("plan", "--pool", "a,b,c"), "--games (4p) or --seeds (2p)")
    with open(bad, "w") as f:
        f.write('{"steps": 3}')
    refused("stats: not a replay", run("stats", bad), "not a replay")
    h = run("--help")
    check("--help names every sub-command", h.returncode == 0 and all(
        c in h.stdout for c in ("plan", "run", "summary", "compare", "stats")), h.stdout)
    h = run("run", "--help")
    check("run --help documents its options", h.returncode == 0 and all(
        o in h.stdout for o in ("--pool", "--lineup-size", "--seed", "--games", "--seeds", "--workers", "--out",
                                "--replay-dir", "--arena", "--opponents", "--env-path", "--config")), h.stdout)

print(f"{len(passed)} passed, {len(failed)} failed")
sys.exit(1 if failed else 0)
