#!/usr/bin/env python3
"""Fit a planner's parameters so that it plays like a recorded player.

The objective is `halite agreement`: the share of a recorded player's ship
actions that the planner, planning for that player from the same states,
would have given. Coordinate search over the named parameters (each tried a
step up and a step down within its declared range; the step halves after a
round that changed nothing), on a training set of replays, with the
agreement on held-out replays reported for the start and the result.

Replays are found by the kaggle-arena naming, MODE__A,B,C,D__seedN.json: the
player is the seat whose name is --name. Replays whose seed is odd are held
out (--holdout-mod changes the split).

    scripts/fit_agreement.py --name mz --replays /tmp/rep/*/ --planner fleet \
        --params hunt_weight,danger_penalty --out mz-fleet.json

The result is {"planner": ..., "params": {...}}: what `halite arena` takes as
NAME@FILE. docs/opponent-models.md has the measurements.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys

NAME_RE = re.compile(r"^(\w+)__([^_]+(?:,[^_]+)*)__seed(\d+)\.json(\.gz)?$")


def find_replays(dirs, name, players):
    """(path, seat, seed) for each replay in dirs where `name` sat."""
    found = []
    for d in dirs:
        paths = [d] if os.path.isfile(d) else sorted(glob.glob(os.path.join(d, "*.json*")))
        for path in paths:
            m = NAME_RE.match(os.path.basename(path))
            if not m:
                continue
            seats = m.group(2).split(",")
            if name in seats and (players == 0 or len(seats) == players):
                found.append((path, seats.index(name), int(m.group(3))))
    return found


def load_specs(tool, planner):
    out = subprocess.run([tool, "params", planner, "--json"], capture_output=True, text=True, check=True)
    defaults = json.loads(out.stdout)
    help_text = subprocess.run([tool, "params", planner], capture_output=True, text=True, check=True).stdout
    ranges = {}
    for line in help_text.splitlines():
        m = re.match(r"^(\w+)\s+\S+\s+\(default \S+, range \[([^,]+), ([^\]]+)\](, integer)?", line)
        if m:
            ranges[m.group(1)] = (float(m.group(2)), float(m.group(3)), bool(m.group(4)))
    return defaults, ranges


class Objective:
    def __init__(self, tool, planner, replays, jobs):
        self.tool, self.planner, self.jobs = tool, planner, jobs
        self.groups = {}
        for path, seat, _ in replays:
            self.groups.setdefault(seat, []).append(path)
        self.cache = {}

    def spec(self, params):
        return self.planner + ":" + ",".join(f"{k}={v}" for k, v in sorted(params.items()))

    def _run(self, spec, seat, paths):
        out = subprocess.run([self.tool, "agreement", *paths, "--planner", spec, "--player", str(seat),
                              "--iterations", "1", "--json"], capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit(f"halite agreement failed: {out.stderr.strip()}")
        return json.loads(out.stdout)

    def __call__(self, params):
        spec = self.spec(params)
        if spec in self.cache:
            return self.cache[spec]
        with concurrent.futures.ThreadPoolExecutor(self.jobs) as pool:
            results = list(pool.map(lambda item: self._run(spec, *item), self.groups.items()))
        decisions = sum(r["ships"]["all"]["decisions"] for r in results)
        agreed = sum(r["ships"]["all"]["agreed"] for r in results)
        value = agreed / decisions if decisions else 0.0
        self.cache[spec] = value
        return value


def candidates(value, lo, hi, integer, step):
    if integer:
        delta = max(1, round(abs(value) * step))
        vals = [value - delta, value + delta]
    elif value == 0:
        vals = [min(hi, (hi - lo) * step * 0.01 if hi - lo > 100 else (hi - lo) * step * 0.1)]
    else:
        vals = [value * (1 - step), value * (1 + step)]
    out = []
    for v in vals:
        v = min(hi, max(lo, v))
        v = int(round(v)) if integer else round(v, 6)
        if v != value and v not in out:
            out.append(v)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--name", required=True, help="the recorded player's name in the replay file names")
    ap.add_argument("--replays", nargs="+", required=True, help="replay files or folders")
    ap.add_argument("--players", type=int, default=0, help="only games with this many players (0: any)")
    ap.add_argument("--planner", default="fleet")
    ap.add_argument("--start", help="a JSON parameter file to start from ({\"params\": {...}} or a plain object)")
    ap.add_argument("--params", required=True, help="comma-separated parameters to fit")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--step", type=float, default=0.5, help="first relative step (halved after a round with no gain)")
    ap.add_argument("--holdout-mod", type=int, default=2, help="seeds with seed %% this == 1 are held out")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--tool", default=os.path.join(os.path.dirname(__file__), "..", "build", "tools", "halite"))
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    replays = find_replays(a.replays, a.name, a.players)
    train = [r for r in replays if r[2] % a.holdout_mod != 1]
    held = [r for r in replays if r[2] % a.holdout_mod == 1]
    if not train or not held:
        sys.exit(f"need replays on both sides of the split: {len(train)} training, {len(held)} held out")
    defaults, ranges = load_specs(a.tool, a.planner)
    params = {}
    if a.start:
        start = json.load(open(a.start))
        params.update(start.get("params", start))
    names = [p for p in a.params.split(",") if p]
    for p in names:
        if p not in ranges:
            sys.exit(f"{a.planner} declares no parameter '{p}'")
        params.setdefault(p, defaults[p])

    fit, check = Objective(a.tool, a.planner, train, a.jobs), Objective(a.tool, a.planner, held, a.jobs)
    best = fit(params)
    start_held = check(params)
    print(f"{len(train)} training replays, {len(held)} held out; start: {100 * best:.2f}% training, "
          f"{100 * start_held:.2f}% held out", flush=True)
    step = a.step
    for rnd in range(a.rounds):
        changed = False
        for p in names:
            lo, hi, integer = ranges[p]
            for v in candidates(params[p], lo, hi, integer, step):
                trial = dict(params, **{p: v})
                value = fit(trial)
                if value > best + 1e-4:
                    print(f"  round {rnd + 1}: {p} {params[p]} -> {v}: {100 * value:.2f}%", flush=True)
                    params, best, changed = trial, value, True
        if not changed:
            step /= 2
    end_held = check(params)
    print(f"result: {100 * best:.2f}% training, {100 * end_held:.2f}% held out "
          f"(from {100 * start_held:.2f}%)")
    with open(a.out, "w") as f:
        json.dump({"planner": a.planner, "params": params,
                   "fit": {"name": a.name, "training_replays": len(train), "held_out_replays": len(held),
                           "training_agreement": best, "held_out_agreement": end_held,
                           "held_out_agreement_at_start": start_held}}, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
