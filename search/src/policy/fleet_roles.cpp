// The fleet policy's roles: each ship's candidate targets and one
// assignment over them, surrounds ahead of it.
#include "halite/search/policy/fleet.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "fleet_internal.h"

namespace halite::search {

using namespace fleet_internal;

namespace {

// Column keys of the role assignment: a mining cell is its own key; the
// others are offset past every cell.
constexpr int kHuntKey = kMaxCells;                  // + enemy ship * 4 + side
constexpr int kGuardKey = kHuntKey + kMaxShips * 4;  // + own yard
constexpr int kRamKey = kGuardKey + kMaxShipyards;   // + enemy yard
constexpr int kBuildKey = kRamKey + kMaxShipyards;   // the planned site
constexpr int kEscortKey = kBuildKey + 1;            // + own ship
constexpr int kPostKey = kEscortKey + kMaxShips;     // + cell on the farm's edge
constexpr int kKeyCount = kPostKey + kMaxCells;
// No cell needs more than this fraction of maxCellHalite to be worth mining:
// the threshold scales with the board's mean, which early in a rich game can
// approach the cap itself.
constexpr double kMaxHarvestFraction = 0.9;

// The move that leaves a cell into direction k's cone (box_cones' bit order).
constexpr std::array<int, 4> kConeMove = {1, 2, 4, 3};
// A surround's assignment: a filled place outweighs any distance saved (no
// two ships are this far apart), and the place on the target weighs half a
// direction's.
constexpr double kSurroundFill = 1000;
constexpr double kSurroundCenterWeight = 0.5;
constexpr int kSurroundCenter = 4;

}  // namespace

int FleetPolicy::column_of(int key, Role role, int cell, int target) {
  int& slot = key_column_[key];
  if (slot < 0) {
    slot = static_cast<int>(columns_.size());
    columns_.push_back({role, cell, target});
    used_keys_.push_back(key);
  }
  return slot;
}

int FleetPolicy::free_escapes(const State& s, int enemy) const {
  const Ship& e = s.ships()[enemy];
  int free = 0;
  for (int m = 0; m < kNumMoves; ++m) {
    const int o = geo_.neighbor(e.cell, m);
    free += !(own_reach_min_[o] < e.cargo || yard_cell_[o] == 1);
  }
  return free;
}

void FleetPolicy::score_ship(const State& s, int me, int row) {
  const auto ships = s.ships();
  const int i = rows_[row];
  const Ship& sh = ships[i];
  const double x = sh.cargo;
  const int hd = home_[sh.cell];
  const int left = steps_left(s);
  if (i == builder_) {
    cands_.push_back({column_of(kBuildKey, Role::Build, site_, -1), kForcedValue});
    return;
  }
  if (surround_cell_[row] >= 0) {
    private_value_[row] = kForcedValue;
    private_role_[row] = Role::Hunt;
    return;
  }
  if (x > 0 && left <= hd + p_.recall_margin) {
    private_value_[row] = kForcedValue;
    private_role_[row] = Role::Home;
    return;
  }
  if (x > 0) {
    // Lighter enemies pressing on a loaded ship send it home sooner.
    const double risk = x >= p_.min_return_cargo ? p_.risk_return_bias * pressure(sh.cell, x) : 0;
    private_value_[row] =
        p_.return_bias * discount_[hd] * cargo_weight_ * x / std::max(hd, p_.min_return_turns) * (1 + risk);
    private_role_[row] = Role::Home;
  }

  // Mining: its best targets_per_ship cells.
  best_mining_targets(s, sh.cell, x);
  for (const auto& [value, cell] : top_) cands_.push_back({column_of(cell, Role::Mine, cell, -1), value});

  // Hunting: each side of an enemy ship that carries more, so that hunters
  // come from different sides and box it in.
  if (p_.hunt_weight > 0)
    for (int j = 0; j < static_cast<int>(ships.size()); ++j) {
      const Ship& e = ships[j];
      if (e.owner == me || e.cargo <= x || e.cargo < p_.hunt_min_cargo) continue;
      if (geo_.dist(sh.cell, e.cell) > p_.hunt_radius) continue;
      // A target near its own yard deposits before it can be caught (and
      // that yard's ships meet the hunters there).
      if (spared_[j]) continue;
      double value = p_.hunt_weight * (e.cargo - x);
      if (escapes_[j] == 0)
        value *= p_.hunt_trap_bonus;
      else if (escapes_[j] == 1)
        value *= 0.5 * (1 + p_.hunt_trap_bonus);
      if (control_[e.cell] > 0) value *= 1 + p_.hunt_control_bonus * control_[e.cell];
      if (farm_[e.cell]) value *= 1 + p_.farm_hunt_bonus;
      for (int side = 1; side < kNumMoves; ++side) {
        const int a = geo_.neighbor(e.cell, side);
        cands_.push_back(
            {column_of(kHuntKey + j * 4 + side - 1, Role::Hunt, a, j), value / (geo_.dist(sh.cell, a) + 1)});
      }
    }

  // Escorting a loaded ship of ours that is boxed in: an empty ship next to
  // it closes the cells it can reach to the enemy's empty hunters (a 1:1
  // trade they avoid).
  if (p_.escort_weight > 0 && x == 0)
    for (int r = 0; r < static_cast<int>(rows_.size()); ++r) {
      const Ship& o = ships[rows_[r]];
      if (o.cargo <= box_cargo_[o.cell]) continue;
      const int d = geo_.dist(sh.cell, o.cell);
      if (d > p_.escort_radius) continue;
      cands_.push_back(
          {column_of(kEscortKey + rows_[r], Role::Escort, o.cell, rows_[r]), p_.escort_weight * o.cargo / (d + 1)});
    }

  if (!farm_posts_.empty() && x == 0) score_posts(s, sh.cell);

  // Guarding a threatened own yard: a ship that gets there no later than
  // the nearest enemy (an empty one may arrive with it: the collision spares
  // the yard).
  for (int y = 0; y < static_cast<int>(s.shipyards().size()); ++y) {
    const Shipyard& yd = s.shipyards()[y];
    if (yd.owner != me || yard_threat_[y] > p_.guard_radius) continue;
    const int d = geo_.dist(sh.cell, yd.cell);
    if (d < yard_threat_[y] || (d == yard_threat_[y] && x == 0))
      cands_.push_back({column_of(kGuardKey + y, Role::Guard, yd.cell, y), p_.guard_value / (d + 1)});
  }

  // Ramming enemy yards: those that cannot put a defender on their cell, and
  // in the last turns any within reach.
  if (x == 0)
    for (int y = 0; y < static_cast<int>(s.shipyards().size()); ++y) {
      const Shipyard& yd = s.shipyards()[y];
      if (yd.owner == me) continue;
      const int d = geo_.dist(sh.cell, yd.cell);
      const bool final_turns = left <= p_.final_attack_steps && d <= left;
      if (!final_turns && d > p_.yard_attack_radius) continue;
      if (final_turns || !defended_[y])
        cands_.push_back({column_of(kRamKey + y, Role::Ram, yd.cell, y), p_.yard_attack_value / (d + 1)});
    }
}

// Standing guard on the farm's edge: other players' ships that would mine
// the farm keep off cells an empty ship of ours can reach. A guard moves on
// rather than stay where staying mines.
void FleetPolicy::score_posts(const State& s, int from) {
  for (int c : farm_posts_) {
    const int d = geo_.dist(from, c);
    if (d > p_.farm_guard_radius || (d == 0 && s.halite(c) > 0)) continue;
    cands_.push_back({column_of(kPostKey + c, Role::Patrol, c, -1), p_.farm_guard_value / (d + 1)});
  }
}

void FleetPolicy::assign(const State& s, int me) {
  const auto ships = s.ships();
  const Config& cfg = s.config();
  const int step = s.step();
  rows_.clear();
  for (int i = 0; i < static_cast<int>(ships.size()); ++i)
    if (ships[i].owner == me && std::find(converts_.begin(), converts_.end(), i) == converts_.end()) rows_.push_back(i);

  // What every row needs: home distances (this turn's conversions count as
  // yards), the least halite worth mining per cell, the phase's cargo
  // weight, each enemy's free escapes, the nearest enemy of each own yard.
  sites_.clear();
  for (int i : converts_) sites_.push_back(ships[i].cell);
  home_distances(s, me, geo_, sites_, home_);
  const int cells = geo_.cells();
  // How many moves nearer an enemy yard than our own each cell is.
  std::fill(enemy_yard_lead_.begin(), enemy_yard_lead_.begin() + cells, int16_t{0});
  if (p_.enemy_yard_discount > 0)
    for (const Shipyard& y : s.shipyards())
      if (y.owner != me)
        for (int c = 0; c < cells; ++c)
          enemy_yard_lead_[c] =
              static_cast<int16_t>(std::max<int>(enemy_yard_lead_[c], home_[c] - geo_.dist(c, y.cell)));
  const int left = steps_left(s);
  plan_harvest(s, me);
  cargo_weight_ = step < p_.early_steps ? p_.early_cargo_weight : p_.cargo_weight;
  enemy_discount_scale_ = left <= p_.late_discount_steps ? p_.late_discount_scale : 1.0;
  safe_cells_wait_ = p_.safe_discount > 0 && left > p_.safe_end_steps;
  fill_tables(cfg);
  prepare_mining(s);
  diff_mining_cells(s);
  size_up_enemies(s, me);

  compute_box_map(s, me);
  plan_surrounds(s, me);
  solve_assignment(s, me);
}

void FleetPolicy::plan_harvest(const State& s, int me) {
  const Config& cfg = s.config();
  const int step = s.step();
  const int cells = geo_.cells();
  const int left = steps_left(s);
  double nonzero_total = 0;
  int nonzero = 0;
  for (int c = 0; c < cells; ++c)
    if (s.halite(c) > 0 && !yard_cell_[c]) nonzero_total += s.halite(c), ++nonzero;
  const double mean = nonzero ? nonzero_total / nonzero : 0;
  // The belt around own yards is mined a little later: it regrows, and it is
  // where ships mine safely when the open board is contested.
  for (int c = 0; c < cells; ++c) {
    double t = p_.min_target_halite;
    if (left > p_.harvest_all_steps)
      t = std::max(t, mean * (p_.harvest_ratio + p_.home_harvest_bonus * std::max(0, p_.harvest_radius - home_[c])));
    harvest_min_[c] = std::min(t, kMaxHarvestFraction * static_cast<double>(cfg.max_cell_halite));
  }
  // The farm: cells we hold near own yards, in the farming phase.
  const bool farming =
      step >= p_.farm_start_step && step < p_.farm_end_step && cfg.collect_rate > 0 && cfg.collect_rate < 1;
  harvest_threshold_ = std::clamp(p_.harvest_base + p_.harvest_slope * step, p_.harvest_min, p_.harvest_max);
  for (int c = 0; c < cells; ++c) {
    farm_[c] = farming && !yard_cell_[c] && home_[c] <= p_.farm_radius && control_[c] >= p_.farm_control;
    if (farm_[c] && p_.farm_yards > 1) {
      int near = 0;
      for (const Shipyard& y : s.shipyards())
        if (y.owner == me && geo_.dist(c, y.cell) <= p_.farm_radius) ++near;
      farm_[c] = near >= p_.farm_yards;
    }
  }
  farm_posts_.clear();
  if (farming && p_.farm_guard_value > 0)
    for (int c = 0; c < cells; ++c) {
      if (!farm_[c]) continue;
      bool edge = false;
      for (int m = 1; m < kNumMoves; ++m) {
        const int o = geo_.neighbor(c, m);
        edge = edge || (!farm_[o] && yard_cell_[o] != 1);
      }
      if (edge) farm_posts_.push_back(c);
    }
}

void FleetPolicy::size_up_enemies(const State& s, int me) {
  const auto ships = s.ships();
  const Config& cfg = s.config();
  escapes_.assign(ships.size(), kNumMoves);
  spared_.assign(ships.size(), 0);
  for (int j = 0; j < static_cast<int>(ships.size()); ++j) {
    if (ships[j].owner == me) continue;
    escapes_[j] = free_escapes(s, j);
    spared_[j] = nearest_yard(s.shipyards(), ships[j].owner, ships[j].cell, geo_).dist <= p_.hunt_home_radius;
  }
  // An enemy yard is defended when its owner can spawn or has a ship next to it.
  defended_.assign(s.shipyards().size(), 0);
  for (int y = 0; y < static_cast<int>(s.shipyards().size()); ++y) {
    const Shipyard& yd = s.shipyards()[y];
    if (yd.owner == me) continue;
    bool defended = s.player(yd.owner).bank >= static_cast<double>(cfg.spawn_cost);
    for (const Ship& o : ships) defended = defended || (o.owner == yd.owner && geo_.dist(o.cell, yd.cell) <= 1);
    defended_[y] = defended;
  }
  yard_threat_.assign(s.shipyards().size(), 1 << 20);
  for (int y = 0; y < static_cast<int>(s.shipyards().size()); ++y) {
    const Shipyard& yd = s.shipyards()[y];
    if (yd.owner != me) continue;
    for (const Ship& e : ships)
      if (e.owner != me) yard_threat_[y] = std::min(yard_threat_[y], geo_.dist(e.cell, yd.cell));
  }
}

void FleetPolicy::solve_assignment(const State& s, int me) {
  const int rows = static_cast<int>(rows_.size());
  // Candidates per row, then one assignment over rows x (shared columns +
  // one private column per row: home, or idle).
  if (key_column_.size() != static_cast<size_t>(kKeyCount)) key_column_.assign(kKeyCount, -1);
  for (int key : used_keys_) key_column_[key] = -1;
  used_keys_.clear();
  columns_.clear();
  cands_.clear();
  cand_begin_.assign(static_cast<size_t>(rows + 1), 0);
  private_value_.assign(static_cast<size_t>(rows), 0);
  private_role_.assign(static_cast<size_t>(rows), Role::Idle);
  for (int r = 0; r < rows; ++r) {
    cand_begin_[r] = static_cast<int>(cands_.size());
    score_ship(s, me, r);
  }
  cand_begin_[rows] = static_cast<int>(cands_.size());
  keep_mining_memo(s);
  const int shared = static_cast<int>(columns_.size());
  const int cols = shared + rows;
  cost_.assign(static_cast<size_t>(rows) * cols, kAbsent);
  for (int r = 0; r < rows; ++r) {
    double* row = &cost_[static_cast<size_t>(r) * cols];
    for (int k = cand_begin_[r]; k < cand_begin_[r + 1]; ++k)
      row[cands_[k].first] = std::min(row[cands_[k].first], -cands_[k].second);
    row[shared + r] = -private_value_[r];
  }
  shared_columns_ = shared;
  row_column_.clear();
  if (rows > 0) row_column_ = assignment_.solve(rows, cols, cost_);
}

// ------------------------------------------------------------- surrounds ----

bool FleetPolicy::find_surround(const State& s, int me, int victim, Surround& out) {
  const auto ships = s.ships();
  const Ship& e = ships[victim];
  const int n = geo_.size();
  const int radius = p_.surround_radius;
  // A direction is open beyond the target's nearest yard that way.
  std::array<int, 4> limit;
  limit.fill(radius + 1);
  for (const Shipyard& y : s.shipyards()) {
    if (y.owner != e.owner) continue;
    const auto [dr, dc] = torus_delta(e.cell, y.cell, n);
    const int cones = box_cones(dr, dc), d = std::abs(dr) + std::abs(dc);
    for (int k = 0; k < 4; ++k)
      if (cones >> k & 1) limit[k] = std::min(limit[k], d);
  }
  std::array<bool, 4> closed{};
  surround_cands_.clear();
  for (int i = 0; i < static_cast<int>(ships.size()); ++i) {
    const Ship& o = ships[i];
    if (o.owner == e.owner || o.cargo >= e.cargo) continue;
    const int d = geo_.dist(e.cell, o.cell);
    if (d == 0 || d > radius) continue;
    const auto [dr, dc] = torus_delta(e.cell, o.cell, n);
    const int cones = box_cones(dr, dc);
    for (int k = 0; k < 4; ++k) closed[k] = closed[k] || ((cones >> k & 1) && d < limit[k]);
    if (o.owner == me && row_of_ship_[i] >= 0 && surround_free_[row_of_ship_[i]]) surround_cands_.push_back(i);
  }
  if (!(closed[0] && closed[1] && closed[2] && closed[3])) return false;
  const int cands = static_cast<int>(surround_cands_.size());
  if (cands < p_.surround_min_hunters) return false;
  // Places (four directions, then on the target) x candidates, and one
  // empty choice per place.
  constexpr int kPlaces = kSurroundCenter + 1;
  const int cols = cands + kPlaces;
  surround_cost_.assign(static_cast<size_t>(kPlaces) * cols, kAbsent);
  for (int c = 0; c < cands; ++c) {
    const Ship& h = ships[surround_cands_[c]];
    const auto [dr, dc] = torus_delta(e.cell, h.cell, n);
    const int cones = box_cones(dr, dc), d = std::abs(dr) + std::abs(dc);
    for (int k = 0; k < 4; ++k)
      if ((cones >> k & 1) && d < limit[k]) surround_cost_[static_cast<size_t>(k) * cols + c] = d - kSurroundFill;
    surround_cost_[static_cast<size_t>(kSurroundCenter) * cols + c] = kSurroundCenterWeight * (d - kSurroundFill);
  }
  for (int k = 0; k < kPlaces; ++k)
    for (int c = cands; c < cols; ++c) surround_cost_[static_cast<size_t>(k) * cols + c] = 0;
  const std::vector<int>& chosen = surround_assignment_.solve(kPlaces, cols, surround_cost_);
  out.victim = victim;
  out.hunters = out.distance = 0;
  for (int k = 0; k < kPlaces; ++k) {
    const int c = chosen[k];
    out.row[k] = -1;
    if (c >= cands || surround_cost_[static_cast<size_t>(k) * cols + c] >= kAbsent) continue;
    const int i = surround_cands_[c];
    out.row[k] = row_of_ship_[i];
    ++out.hunters;
    out.distance += geo_.dist(e.cell, ships[i].cell);
  }
  return out.hunters >= p_.surround_min_hunters;
}

void FleetPolicy::plan_surrounds(const State& s, int me) {
  const auto ships = s.ships();
  const int rows = static_cast<int>(rows_.size());
  surround_cell_.assign(static_cast<size_t>(rows), -1);
  surround_victim_.assign(static_cast<size_t>(rows), -1);
  if (p_.surround_radius <= 0 || rows < p_.surround_min_hunters) return;
  const int left = steps_left(s);
  row_of_ship_.assign(ships.size(), -1);
  surround_free_.assign(static_cast<size_t>(rows), 0);
  for (int r = 0; r < rows; ++r) {
    const int i = rows_[r];
    row_of_ship_[i] = r;
    // The builder and recalled ships keep their roles.
    surround_free_[r] = i != builder_ && ships[i].cargo <= p_.surround_max_cargo &&
                        !(ships[i].cargo > 0 && left <= home_[ships[i].cell] + p_.recall_margin);
  }
  surrounds_.clear();
  Surround plan;
  for (int j = 0; j < static_cast<int>(ships.size()); ++j) {
    const Ship& e = ships[j];
    if (e.owner == me || spared_[j] || e.cargo < p_.hunt_min_cargo) continue;
    if (find_surround(s, me, j, plan)) surrounds_.push_back(plan);
  }
  std::sort(surrounds_.begin(), surrounds_.end(), [&](const Surround& a, const Surround& b) {
    if (a.hunters != b.hunters) return a.hunters > b.hunters;
    if (ships[a.victim].cargo != ships[b.victim].cargo) return ships[a.victim].cargo > ships[b.victim].cargo;
    if (a.distance != b.distance) return a.distance < b.distance;
    return a.victim < b.victim;
  });
  for (const Surround& ranked : surrounds_) {
    // Planned again from the ships earlier surrounds left.
    if (!find_surround(s, me, ranked.victim, plan)) continue;
    const Ship& e = ships[plan.victim];
    const int center = plan.row[kSurroundCenter];
    int center_cell = center >= 0 ? e.cell : -1;
    for (int k = 0; k < 4; ++k) {
      const int r = plan.row[k];
      if (r < 0) continue;
      // Close in along the direction's axis: two cells out, then next to
      // the target. A ship already next to it stays while it is lighter
      // than the target after mining there and not boxed in itself, else
      // backs off; with the ship on the target beside it, the two swap
      // (mzotkiew's moves).
      const Ship& h = ships[rows_[r]];
      const int near = geo_.neighbor(e.cell, kConeMove[k]);
      const int far = geo_.neighbor(near, kConeMove[k]);
      const int d = geo_.dist(h.cell, near);
      int cell = d > 1 ? far : near;
      if (d == 0) {
        const double mined = h.cargo + keep_[1] * s.halite(near);
        if (center >= 0 && center_cell == e.cell && geo_.dist(ships[rows_[center]].cell, near) == 1) {
          cell = e.cell;
          center_cell = near;
        } else if (!(s.halite(near) == 0 || (mined < e.cargo && mined <= box_cargo_[near]))) {
          cell = far;
        }
      }
      surround_cell_[r] = cell;
      surround_victim_[r] = plan.victim;
      surround_free_[r] = 0;
    }
    if (center >= 0) {
      surround_cell_[center] = center_cell;
      surround_victim_[center] = plan.victim;
      surround_free_[center] = 0;
    }
  }
}

}  // namespace halite::search
