#include "halite/search/rollout.h"

#include <algorithm>

namespace halite::search {

std::vector<ParamSpec> rollout_specs() {
  return {
      {"rollout_return_cargo", 400, 0, 100000, "rollout ships head home with this much cargo"},
      {"rollout_mine_threshold", 60, 0, 500, "rollout ships mine a cell holding at least this much"},
      {"rollout_wander", 0.5, 0, 1, "chance a rollout ship with nothing to do moves at random"},
  };
}

RolloutParams RolloutParams::from(const Params& p) {
  return {p.get("rollout_return_cargo"), p.get("rollout_mine_threshold"), p.get("rollout_wander")};
}

void RolloutPolicy::stage_all(State& s, const Geometry& geo, Rng& rng) {
  if (++epoch_ == 0) {  // stamps wrapped: clear them once every 2^32 turns
    stamp_.fill(0);
    taken_stamp_.fill(0);
    epoch_ = 1;
  }
  const auto ships = s.ships();
  const auto yards = s.shipyards();
  const int num = static_cast<int>(ships.size());
  for (const Ship& sh : ships) {
    stamp_[sh.cell] = epoch_;
    occ_owner_[sh.cell] = sh.owner;
    occ_cargo_[sh.cell] = sh.cargo;
    occ_index_[sh.cell] = static_cast<int16_t>(&sh - ships.data());
  }
  const int left = steps_left(s);
  size_t t = 0;  // merge cursor into targets_ (both sorted by id)
  for (int i = 0; i < num; ++i) {
    const Ship& sh = ships[i];
    moves_[i] = 0;
    if (s.player(sh.owner).status != Status::Active) continue;
    while (t < targets_.size() && targets_[t].first < sh.id) ++t;
    const int target = t < targets_.size() && targets_[t].first == sh.id ? targets_[t].second : -1;
    int home = -1, home_d = 1 << 20;
    bool on_yard = false, target_yard = false;
    for (const Shipyard& y : yards) {
      on_yard |= y.cell == sh.cell;
      target_yard |= y.cell == target && y.owner == sh.owner;
      if (y.owner != sh.owner) continue;
      const int d = geo.dist(sh.cell, y.cell);
      if (d < home_d) home_d = d, home = y.cell;
    }
    int dest = -1;
    if (home >= 0 && sh.cargo > 0 && (sh.cargo >= p_.return_cargo || left <= home_d + 1)) dest = home;
    else if (target >= 0 && target != sh.cell && (target_yard ? sh.cargo > 0 : s.halite(target) >= p_.mine_threshold))
      dest = target;  // the root plan first: rollouts continue what the greedy policy started
    else if (!on_yard && s.halite(sh.cell) >= p_.mine_threshold) dest = sh.cell;
    int want = 0;
    if (dest >= 0) {
      const int m = geo.toward(sh.cell, dest, rng.below(2) != 0);
      want = m < 0 ? 0 : m;
    } else {
      double best = p_.mine_threshold;
      for (int m = 1; m < kNumMoves; ++m) {
        const double h = s.halite(geo.neighbor(sh.cell, m));
        if (h >= best) best = h, want = m;
      }
      if (want == 0) {
        if (home >= 0 && sh.cargo > 0) {
          const int m = geo.toward(sh.cell, home, rng.below(2) != 0);
          want = m < 0 ? 0 : m;
        } else if (rng.chance(p_.wander)) {
          want = 1 + static_cast<int>(rng.below(4));
        }
      }
    }
    // Keep clear of own planned cells, of own ships not yet moved and of
    // lighter enemies; else the first safe move from a random offset.
    auto safe = [&](int m) {
      const int c = geo.neighbor(sh.cell, m);
      if (taken_stamp_[c] == epoch_ && plan_owner_[c] == sh.owner) return false;
      if (stamp_[c] != epoch_ || c == sh.cell) return true;
      if (occ_owner_[c] == sh.owner) return occ_index_[c] < i;
      return occ_cargo_[c] > sh.cargo;
    };
    int chosen = want;
    if (!safe(chosen)) {
      chosen = -1;
      const int offset = static_cast<int>(rng.below(kNumMoves));
      for (int k = 0; k < kNumMoves && chosen < 0; ++k)
        if (safe((offset + k) % kNumMoves)) chosen = (offset + k) % kNumMoves;
      if (chosen < 0) chosen = 0;
    }
    const int end = geo.neighbor(sh.cell, chosen);
    taken_stamp_[end] = epoch_;
    plan_owner_[end] = sh.owner;
    moves_[i] = static_cast<uint8_t>(chosen);
    if (chosen != 0) s.stage_ship(i, kMoveActions[chosen]);
  }
}

}  // namespace halite::search
