#!/usr/bin/env python3
"""Fit the learned move model's weights and measure it leave-one-bot-out.

The model (search/include/halite/search/model/move_model.h) is a conditional
logit: each of a ship's valid options o gets a feature vector f(o) (computed
by the C++ that inference runs, exported by `halite move-data`), and
P(o) = exp(w . f(o)) / sum over valid options. The weights minimise the mean
negative log-likelihood of the recorded options plus L2 / 2 * |w|^2, by
Newton's method with a backtracking line search (the objective is convex:
a few iterations reach the optimum to machine precision). numpy only.

    halite move-data DIR/*.json.gz --out rows.npz           # every seat
    scripts/train_move_model.py rows.npz... --bots A,B,C,D,E,F --out search/src/model/move_model.json

With --bots, prints for each bot the model trained on the other bots (with and
without the seats named by --extra, e.g. our own bot) and evaluated on the
left-out one: top-1 agreement and mean log-likelihood per ship action, by
class, beside always-stay and, with --fleet DIR (BOT.json files written by
`halite agreement --json`), the fleet policy's agreement on the same games.
The weights written (--out) are fitted on every bot named by --bots, plus
--extra when --final-extra is given. docs/opponent-models.md has the table.

    scripts/train_move_model.py --probabilities WEIGHTS.json ROWS.npz    # print P per row (tests)
"""
import argparse
import glob
import json
import os
import sys

import numpy as np

FORMAT = "halite-move-model"
VERSION = 1
OPTIONS = 6
# The L2 strength: small against the data (a million rows), enough that
# features a bot never shows (a convert feature that is always 0 in the
# training bots) stay at 0 instead of drifting, and that the Hessian is
# well conditioned. Left-out results are flat from 1e-6 to 1e-3.
DEFAULT_L2 = 1e-4
# Training keeps the rows of every third step: consecutive turns of a ship are
# nearly the same row, and a third of a million-row set fits 49 weights as well
# as all of it at a third of the time. Evaluation uses every row.
DEFAULT_TRAIN_STRIDE = 3
# Newton stops when the step changes the objective by less than this.
TOLERANCE = 1e-10
MAX_ITERATIONS = 50
# Rows per block when forming the gradient and Hessian: bounds the working
# memory to a few hundred MB whatever the data size.
BLOCK = 100_000
# The classes `halite agreement` prints, in its order.
CLASSES = ["all", "empty", "loaded", "contact", "free", "recorded stay", "recorded move", "recorded convert"]


class Rows:
    """Rows of one or more `halite move-data` files, features as float32."""

    def __init__(self, paths, dtype=np.float32, stride=1):
        parts = {k: [] for k in ("features", "valid", "action", "loaded", "contact", "name", "replay", "step")}
        self.feature_names = None
        replay_offset = 0
        for path in paths:
            data = np.load(path)
            names = [str(x) for x in data["feature_names"]]
            if self.feature_names is None:
                self.feature_names = names
            elif names != self.feature_names:
                sys.exit("%s: its features differ from the first file's (exported by another build)" % path)
            seat_names = np.array([str(x) for x in data["names"]] + [""])
            keep = data["step"] % stride == 0
            parts["features"].append(data["features"][keep].astype(dtype))
            parts["valid"].append(data["valid"][keep].astype(bool))
            for k in ("action", "loaded", "contact", "step"):
                parts[k].append(data[k][keep].astype(np.int64))
            parts["name"].append(seat_names[data["seat_name"][keep]])
            parts["replay"].append(data["replay"][keep].astype(np.int64) + replay_offset)
            replay_offset += len(data["replays"])
        for k, v in parts.items():
            setattr(self, k, np.concatenate(v) if v else np.zeros(0))
        if len(self.action) and not self.valid[np.arange(len(self.action)), self.action].all():
            sys.exit("a recorded option is marked invalid: the rows are corrupt")

    def subset(self, mask):
        out = Rows.__new__(Rows)
        out.feature_names = self.feature_names
        for k in ("features", "valid", "action", "loaded", "contact", "name", "replay", "step"):
            setattr(out, k, getattr(self, k)[mask])
        return out


def log_probabilities(features, valid, w):
    """log P(option) per row (float64), -inf where invalid."""
    scores = np.einsum("nof,f->no", features, w.astype(features.dtype)).astype(np.float64)
    scores[~valid] = -np.inf
    top = scores.max(axis=1, keepdims=True)
    return scores - top - np.log(np.exp(scores - top).sum(axis=1, keepdims=True))


def objective(rows, w, l2, with_derivatives):
    """Mean negative log-likelihood + l2 / 2 |w|^2, and its gradient and Hessian."""
    n, f = len(rows.action), rows.features.shape[2]
    loss, grad, hess = 0.0, np.zeros(f), np.zeros((f, f))
    for a in range(0, n, BLOCK):
        x = rows.features[a : a + BLOCK]
        y = rows.action[a : a + BLOCK]
        logp = log_probabilities(x, rows.valid[a : a + BLOCK], w)
        m = len(y)
        loss -= logp[np.arange(m), y].sum()
        if not with_derivatives:
            continue
        p = np.exp(logp)
        x64 = x.astype(np.float64)
        mean = np.einsum("no,nof->nf", p, x64)
        grad += mean.sum(axis=0) - x64[np.arange(m), y].sum(axis=0)
        centred = (x64 - mean[:, None, :]) * np.sqrt(p)[:, :, None]
        flat = centred.reshape(-1, f)
        hess += flat.T @ flat
    loss = loss / n + 0.5 * l2 * w @ w
    if not with_derivatives:
        return loss
    return loss, grad / n + l2 * w, hess / n + l2 * np.eye(f)


def fit(rows, l2, quiet=True):
    w = np.zeros(rows.features.shape[2])
    loss, grad, hess = objective(rows, w, l2, True)
    for it in range(MAX_ITERATIONS):
        step = np.linalg.solve(hess, -grad)
        t = 1.0
        while True:
            trial = w + t * step
            trial_loss = objective(rows, trial, l2, False)
            if trial_loss <= loss + 1e-4 * t * grad @ step or t < 1e-8:
                break
            t *= 0.5
        if not quiet:
            print("  newton %d: loss %.6f step %.3g" % (it, trial_loss, t), file=sys.stderr)
        done = loss - trial_loss < TOLERANCE
        w = trial
        if done:
            break
        loss, grad, hess = objective(rows, w, l2, True)
    return w


def evaluate(rows, w):
    """Per class: (rows, top-1 agreement, mean log-likelihood, always-stay agreement)."""
    out = {}
    if not len(rows.action):
        return out
    logp = np.concatenate(
        [
            log_probabilities(rows.features[a : a + BLOCK], rows.valid[a : a + BLOCK], w)
            for a in range(0, len(rows.action), BLOCK)
        ]
    )
    # Ties go to the lowest option, as MoveModel::most_likely breaks them.
    top = np.argmax(logp, axis=1)
    ll = logp[np.arange(len(rows.action)), rows.action]
    y = rows.action
    masks = {
        "all": np.ones(len(y), bool),
        "empty": rows.loaded == 0,
        "loaded": rows.loaded == 1,
        "contact": rows.contact == 1,
        "free": rows.contact == 0,
        "recorded stay": y == 0,
        "recorded move": (y >= 1) & (y <= 4),
        "recorded convert": y == 5,
    }
    for c, m in masks.items():
        k = int(m.sum())
        out[c] = (k, float((top[m] == y[m]).mean()) if k else 0.0, float(ll[m].mean()) if k else 0.0,
                  float((y[m] == 0).mean()) if k else 0.0)
    return out


def fleet_figures(directory, bot):
    """Fleet's agreement per class summed over DIR/BOT/*.json (`halite agreement --json`), or None."""
    paths = sorted(glob.glob(os.path.join(directory, bot, "*.json"))) if directory else []
    if not paths:
        return None
    decisions, agreed = {}, {}
    for path in paths:
        with open(path) as f:
            ships = json.load(f)["ships"]
        for c in CLASSES:
            decisions[c] = decisions.get(c, 0) + ships[c]["decisions"]
            agreed[c] = agreed.get(c, 0) + ships[c]["agreed"]
    return {c: agreed[c] / decisions[c] for c in CLASSES if decisions[c]}


def weights_json(names, w, meta):
    return json.dumps(
        {"format": FORMAT, "version": VERSION, "features": names, "weights": [float(x) for x in w], "trained": meta},
        indent=1,
    ) + "\n"


def read_weights(path):
    with open(path) as f:
        j = json.load(f)
    if j.get("format") != FORMAT or j.get("version") != VERSION:
        sys.exit("%s: not a version %d move model weight file" % (path, VERSION))
    return j["features"], np.array(j["weights"], dtype=np.float64)


def training_rows(rows, seats, stride):
    return rows.subset(np.isin(rows.name, seats) & (rows.step % stride == 0))


def leave_one_out(rows, bots, extra, l2, fleet_dir, stride, left_out):
    print("leave-one-bot-out, L2 %g: trained on the other bots (+%s: with those seats too)" % (l2, ",".join(extra)))
    header = "%-12s %-17s %8s %7s %7s %8s %8s %7s" % (
        "left out", "class", "actions", "stay", "fleet", "model", "+extra", "loglik")
    print(header)
    totals = []
    for bot in bots:
        if left_out and bot not in left_out:
            continue
        test = rows.subset(rows.name == bot)
        others = [b for b in bots if b != bot]
        w = fit(training_rows(rows, others, stride), l2)
        w_extra = fit(training_rows(rows, others + extra, stride), l2) if extra else None
        e = evaluate(test, w)
        e_extra = evaluate(test, w_extra) if extra else None
        fleet = fleet_figures(fleet_dir, bot)
        for c in CLASSES:
            k, top1, ll, stay = e[c]
            if not k:
                continue
            print("%-12s %-17s %8d %6.1f%% %7s %7.1f%% %8s %7.3f" % (
                bot, c, k, 100 * stay, "%.1f%%" % (100 * fleet[c]) if fleet and c in fleet else "-",
                100 * top1, "%.1f%%" % (100 * e_extra[c][1]) if e_extra else "-", ll))
        totals.append((e["all"][0], e["all"][1], e["all"][2], e["all"][3]))
        sys.stdout.flush()
    k = sum(t[0] for t in totals)
    if len(totals) < 2:
        return
    print("%-12s %-17s %8d %6.1f%% %7s %7.1f%% %8s %7.3f" % (
        "mean of bots", "all", k, 100 * np.mean([t[3] for t in totals]), "-",
        100 * np.mean([t[1] for t in totals]), "-", np.mean([t[2] for t in totals])))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rows", nargs="+", help="`halite move-data` .npz files")
    ap.add_argument("--bots", help="comma-separated seat names: leave each out in turn, fit the weights on all")
    ap.add_argument("--extra", default="", help="comma-separated seat names also tried in training (e.g. ours)")
    ap.add_argument("--final-extra", action="store_true", help="fit the written weights on --extra's seats too")
    ap.add_argument("--l2", type=float, default=DEFAULT_L2, help="L2 strength (default %g)" % DEFAULT_L2)
    ap.add_argument("--train-stride", type=int, default=DEFAULT_TRAIN_STRIDE,
                    help="train on the rows of steps that are multiples of it (default %d)" % DEFAULT_TRAIN_STRIDE)
    ap.add_argument("--stride", type=int, default=1,
                    help="read only the rows of steps that are multiples of it (default 1: every row)")
    ap.add_argument("--leave-out", default="", help="comma-separated: only these bots' folds (default every bot)")
    ap.add_argument("--fleet", help="directory of BOT/*.json from `halite agreement --json --planner fleet`")
    ap.add_argument("--out", help="write the weights fitted on every --bots seat here")
    ap.add_argument("--no-loo", action="store_true", help="skip the leave-one-bot-out table")
    ap.add_argument("--probabilities", metavar="WEIGHTS", help="print P(option) of every row under these weights")
    args = ap.parse_args()
    if args.l2 <= 0:
        sys.exit("--l2 must be positive (it keeps the Hessian invertible)")
    if args.train_stride < 1 or args.stride < 1:
        sys.exit("--train-stride and --stride must be at least 1")

    if args.probabilities:
        names, w = read_weights(args.probabilities)
        rows = Rows(args.rows, dtype=np.float64)
        if names != rows.feature_names:
            sys.exit("the weights' features differ from the rows'")
        for p in np.exp(log_probabilities(rows.features, rows.valid, w)):
            print(" ".join("%.17g" % x for x in p))
        return

    rows = Rows(args.rows, stride=args.stride)
    if not len(rows.action):
        sys.exit("no rows in the files given")
    if not args.bots:
        sys.exit("--bots is required (the seat names to train on)")
    bots = [b for b in args.bots.split(",") if b]
    extra = [b for b in args.extra.split(",") if b]
    known = set(rows.name.tolist())
    for b in bots + extra:
        if b not in known:
            sys.exit("no rows of seat %r (seats in the files: %s)" % (b, ", ".join(sorted(known))))
    if not args.no_loo:
        left_out = [b for b in args.leave_out.split(",") if b]
        leave_one_out(rows, bots, extra, args.l2, args.fleet, args.train_stride, left_out)
    if args.out:
        train = bots + (extra if args.final_extra else [])
        train_rows = training_rows(rows, train, args.train_stride)
        w = fit(train_rows, args.l2, quiet=False)
        e = evaluate(train_rows, w)["all"]
        meta = {"seats": train, "rows": len(train_rows.action), "l2": args.l2, "train_stride": args.train_stride,
                "training_top1": round(e[1], 4), "training_loglik": round(e[2], 4)}
        with open(args.out, "w") as f:
            f.write(weights_json(rows.feature_names, w, meta))
        print("wrote %s: fitted on %s (%d rows; top-1 %.1f%%, log-likelihood %.3f on them)" % (
            args.out, ",".join(train), meta["rows"], 100 * e[1], e[2]))


if __name__ == "__main__":
    main()
