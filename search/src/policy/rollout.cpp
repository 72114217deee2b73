#include "halite/search/policy/rollout.h"

#include <algorithm>
#include <span>

namespace halite::search {

std::vector<ParamSpec> rollout_specs() {
  return {
      {"rollout_return_cargo", 400, 0, 100000, "rollout ships head home with this much cargo"},
      {"rollout_mine_threshold", 60, 0, 500, "rollout ships mine a cell holding at least this much"},
      {"rollout_wander", 0.5, 0, 1, "chance a rollout ship with nothing to do moves at random"},
      {"rollout_avoid_reach", 1, 0, 1, "1: rollout ships keep clear of cells a lighter (or equal) enemy ship can reach",
       true, /*tunable=*/false},
  };
}

RolloutParams RolloutParams::from(const Params& p) {
  return {p.get("rollout_return_cargo"), p.get("rollout_mine_threshold"), p.get("rollout_wander"),
          p.get("rollout_avoid_reach") != 0};
}

// A ship's own draws in one turn: SplitMix64 from (turn draw, ship id), so
// that one ship's choices do not shift another's random numbers.
struct RolloutPolicy::ShipRandom {
  uint64_t x;
  uint64_t next() {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(((next() >> 32) * n) >> 32); }
  bool chance(double p) { return static_cast<double>(next() >> 11) * 0x1.0p-53 < p; }
};

namespace {
int64_t yard_sum(std::span<const Shipyard> yards) {
  int64_t sum = 0;
  for (const Shipyard& y : yards) sum += y.cell * 131 + y.owner;
  return sum;
}
}  // namespace

void RolloutPolicy::prepare(const State& root, const Geometry& geo) {
  const auto yards = root.shipyards();
  const int cells = geo.cells();
  prepared_ = true;
  prep_size_ = geo.size();
  prep_yards_ = static_cast<int>(yards.size());
  prep_sum_ = yard_sum(yards);
  prep_list_.assign(yards.begin(), yards.end());
  new_yards_.reserve(kMaxShipyards);
  std::fill(yard_owner_.begin(), yard_owner_.begin() + cells, int8_t{-1});
  for (const Shipyard& y : yards) yard_owner_[y.cell] = static_cast<int8_t>(y.owner);
  for (int p = 0; p < root.num_players(); ++p)
    for (int c = 0; c < cells; ++c) {
      const NearestYard home = nearest_yard(yards, p, c, geo);
      home_cell_[p][c] = static_cast<int16_t>(home.cell);
      home_dist_[p][c] = static_cast<int16_t>(home.cell < 0 ? 0 : home.dist);
    }
}

// Whether the tables can serve `yards` though they differ from the prepared
// ones: true when `yards` are the prepared yards (same ids, cells and owners,
// in order) less some, followed by new ones; then gone_stamp_ and new_yards_
// describe the difference for this turn.
bool RolloutPolicy::tables_serve_yards(std::span<const Shipyard> yards) {
  new_yards_.clear();
  size_t p = 0;
  for (const Shipyard& y : yards) {
    while (p < prep_list_.size() && prep_list_[p].id < y.id) gone_stamp_[prep_list_[p++].cell] = epoch_;
    if (p < prep_list_.size() && prep_list_[p].id == y.id) {
      const Shipyard& was = prep_list_[p++];
      if (was.cell != y.cell || was.owner != y.owner || !new_yards_.empty()) return false;
    } else {
      new_yards_.push_back(y);
    }
  }
  for (; p < prep_list_.size(); ++p) gone_stamp_[prep_list_[p].cell] = epoch_;
  return true;
}

// Its steps below are declared inline, so that they are compiled into
// stage_all(), which runs in every simulated turn of the searches: as calls,
// the per-ship ones made a rollout turn about a quarter slower (BM_RolloutTurn).
void RolloutPolicy::stage_all(State& s, const Geometry& geo, Rng& turn_rng) {
  next_epoch();
  const uint64_t turn_seed = turn_rng.next();
  const auto ships = s.ships();
  const auto yards = s.shipyards();
  const int num = static_cast<int>(ships.size());
  const bool shared = record_occupants(ships);
  if (p_.avoid_reach) mark_reachers(ships, geo);
  const YardSource source = yard_source(yards, geo);
  const int left = steps_left(s);
  size_t t = 0;  // merge cursor into targets_ (both sorted by id)
  for (int i = 0; i < num; ++i) {
    const Ship& sh = ships[i];
    moves_[i] = 0;
    if (s.player(sh.owner).status != Status::Active) continue;
    ShipRandom rng{turn_seed ^ (static_cast<uint64_t>(sh.id.value) * 0xD1B54A32D192ED03ull)};
    while (t < targets_.size() && targets_[t].first < sh.id) ++t;
    const int target = t < targets_.size() && targets_[t].first == sh.id ? targets_[t].second : -1;
    const ShipYards home = yards_of(sh, target, source, yards, geo);
    const int want = wanted_move(s, geo, sh, target, home, left, rng);
    const int chosen = safe_move(ships, geo, i, want, shared, rng);
    const int end = geo.neighbor(sh.cell, chosen);
    planned_[end] = planned_key(epoch_, sh.owner);
    moves_[i] = static_cast<uint8_t>(chosen);
    if (chosen != 0) s.stage_ship(i, kMoveActions[chosen]);
  }
}

// A new turn's stamps.
inline void RolloutPolicy::next_epoch() {
  if (++epoch_ == kEpochLimit) {  // stamps wrap: clear them once every 2^30 turns
    for (Occupant& o : occ_) o.stamp = 0;
    planned_.fill(0);
    gone_stamp_.fill(0);
    epoch_ = 1;
  }
}

// Every ship on its cell in occ_ (and under_); true when ships share a cell,
// as they do only in a starting state: each keeps the one recorded before it.
inline bool RolloutPolicy::record_occupants(std::span<const Ship> ships) {
  bool shared = false;
  for (const Ship& sh : ships) {
    Occupant& o = occ_[sh.cell];
    const bool taken = o.stamp == epoch_;
    shared |= taken;
    under_[static_cast<size_t>(&sh - ships.data())] = taken ? o.index : int16_t{-1};
    o = {epoch_, sh.owner, static_cast<int16_t>(&sh - ships.data()), sh.cargo};
  }
  return shared;
}

// Per cell, the players with a ship that can reach it this turn.
inline void RolloutPolicy::mark_reachers(std::span<const Ship> ships, const Geometry& geo) {
  std::fill(reachers_.begin(), reachers_.begin() + geo.cells(), uint8_t{0});
  for (const Ship& sh : ships)
    for (int k = 0; k < kNumMoves; ++k) reachers_[geo.neighbor(sh.cell, k)] |= static_cast<uint8_t>(1u << sh.owner);
}

inline RolloutPolicy::YardSource RolloutPolicy::yard_source(std::span<const Shipyard> yards, const Geometry& geo) {
  const bool tables = prepared_ && prep_size_ == geo.size() && prep_yards_ == static_cast<int>(yards.size()) &&
                      prep_sum_ == yard_sum(yards);
  const bool changed_tables = !tables && prepared_ && prep_size_ == geo.size() && tables_serve_yards(yards);
  return tables ? YardSource::tables : changed_tables ? YardSource::changed_tables : YardSource::scan;
}

// A ship's nearest own yard and whether it stands on a yard or targets an own one.
inline RolloutPolicy::ShipYards RolloutPolicy::yards_of(const Ship& sh, int target, YardSource source,
                                                        std::span<const Shipyard> yards, const Geometry& geo) const {
  ShipYards out;
  if (source == YardSource::tables) {
    out.home = home_cell_[sh.owner][sh.cell];
    if (out.home >= 0) out.home_dist = home_dist_[sh.owner][sh.cell];
    out.on_yard = yard_owner_[sh.cell] >= 0;
    out.target_yard = target >= 0 && yard_owner_[target] == sh.owner;
  } else if (source == YardSource::changed_tables) {
    // What the loop over every yard below finds, from the tables.
    out.on_yard = yard_owner_[sh.cell] >= 0 && gone_stamp_[sh.cell] != epoch_;
    out.target_yard = target >= 0 && yard_owner_[target] == sh.owner && gone_stamp_[target] != epoch_;
    for (const Shipyard& y : new_yards_) {
      out.on_yard |= y.cell == sh.cell;
      out.target_yard |= y.cell == target && y.owner == sh.owner;
    }
    out.home = home_cell_[sh.owner][sh.cell];
    if (out.home >= 0 && gone_stamp_[out.home] == epoch_) {
      const NearestYard nearest = nearest_yard(yards, sh.owner, sh.cell, geo);
      out.home = nearest.cell;
      out.home_dist = nearest.dist;
    } else {
      if (out.home >= 0) out.home_dist = home_dist_[sh.owner][sh.cell];
      for (const Shipyard& y : new_yards_) {
        if (y.owner != sh.owner) continue;
        const int d = geo.dist(sh.cell, y.cell);
        if (d < out.home_dist) out.home = y.cell, out.home_dist = d;
      }
    }
  } else {
    for (const Shipyard& y : yards) {
      out.on_yard |= y.cell == sh.cell;
      out.target_yard |= y.cell == target && y.owner == sh.owner;
    }
    const NearestYard nearest = nearest_yard(yards, sh.owner, sh.cell, geo);
    out.home = nearest.cell;
    out.home_dist = nearest.dist;
  }
  return out;
}

// The move a ship wants before safety: toward home, its target or the cell
// it mines; else to the richest neighbour, home with cargo, or a wander.
inline int RolloutPolicy::wanted_move(const State& s, const Geometry& geo, const Ship& sh, int target,
                                      const ShipYards& home, int left, ShipRandom& rng) const {
  int dest = -1;
  if (home.home >= 0 && sh.cargo > 0 && (sh.cargo >= p_.return_cargo || left <= home.home_dist + 1))
    dest = home.home;
  else if (target >= 0 && target != sh.cell &&
           (home.target_yard ? sh.cargo > 0 : s.halite(target) >= p_.mine_threshold))
    dest = target;  // the root plan first: rollouts continue what the greedy policy started
  else if (!home.on_yard && s.halite(sh.cell) >= p_.mine_threshold)
    dest = sh.cell;
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
      if (home.home >= 0 && sh.cargo > 0) {
        const int m = geo.toward(sh.cell, home.home, rng.below(2) != 0);
        want = m < 0 ? 0 : m;
      } else if (rng.chance(p_.wander)) {
        want = 1 + static_cast<int>(rng.below(4));
      }
    }
  }
  return want;
}

// Whether ship i's move m keeps clear of its own side's planned cells, of
// own ships not yet moved and of lighter enemies.
inline bool RolloutPolicy::safe(std::span<const Ship> ships, const Geometry& geo, int i, int m, bool shared) const {
  const Ship& sh = ships[static_cast<size_t>(i)];
  const int c = geo.neighbor(sh.cell, m);
  if (planned_[c] == planned_key(epoch_, sh.owner)) return false;
  // The enemy ships that can reach c are on c or next to it.
  const bool enemy_near = p_.avoid_reach && (reachers_[c] & ~(1u << sh.owner)) != 0;
  if (enemy_near && !shared) {
    bool reached = false;
    for (int k = 0; k < kNumMoves; ++k) {
      const Occupant& o = occ_[geo.neighbor(c, k)];
      reached |= (o.stamp == epoch_) & (o.owner != sh.owner) & (o.cargo <= sh.cargo);
    }
    if (reached) return false;
  } else if (enemy_near) {
    for (int k = 0; k < kNumMoves; ++k) {
      const Occupant& o = occ_[geo.neighbor(c, k)];
      if (o.stamp != epoch_) continue;
      for (int j = o.index; j >= 0; j = under_[static_cast<size_t>(j)])
        if (ships[j].owner != sh.owner && ships[j].cargo <= sh.cargo) return false;
    }
  }
  const Occupant& o = occ_[c];
  if (o.stamp != epoch_ || c == sh.cell) return true;
  if (o.owner == sh.owner) return o.index < i;
  return o.cargo > sh.cargo;
}

// The wanted move when it is safe, else the first safe move from a random
// offset (staying when none is).
inline int RolloutPolicy::safe_move(std::span<const Ship> ships, const Geometry& geo, int i, int want, bool shared,
                                    ShipRandom& rng) const {
  int chosen = want;
  if (!safe(ships, geo, i, chosen, shared)) {
    chosen = -1;
    const int offset = static_cast<int>(rng.below(kNumMoves));
    for (int k = 0; k < kNumMoves && chosen < 0; ++k)
      if (safe(ships, geo, i, (offset + k) % kNumMoves, shared)) chosen = (offset + k) % kNumMoves;
    if (chosen < 0) chosen = 0;
  }
  return chosen;
}

}  // namespace halite::search
