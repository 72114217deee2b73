#include "halite/search/policy/common.h"

#include <algorithm>
#include <cmath>

#include <boost/container/static_vector.hpp>

namespace halite::search {

// A yard site is worth the halite within this many moves of it: the cells
// its ships mine on their first trips out and back, which is what pays for
// the conversion (min_yard_halite is measured over them).
constexpr int kYardSiteRadius = 2;

// ----------------------------------------------------------- DangerMap ----

void DangerMap::compute(const State& s, int player, const Geometry& geo) {
  const int cells = geo.cells();
  std::fill(danger_.begin(), danger_.begin() + cells, kInf);
  std::fill(count_.begin(), count_.begin() + cells, uint8_t{0});
  for (const Ship& sh : s.ships()) {
    if (sh.owner == player) continue;
    for (int m = 0; m < kNumMoves; ++m) {
      const int c = geo.neighbor(sh.cell, m);
      danger_[c] = std::min(danger_[c], sh.cargo);
      if (count_[c] < 255) ++count_[c];
    }
  }
  for (const Shipyard& y : s.shipyards())
    if (y.owner != player) danger_[y.cell] = -1;
}

// ---------------------------------------------------------- Assignment ----

const std::vector<int>& Assignment::solve(int rows, int cols, const std::vector<double>& cost) {
  // Shortest augmenting paths with potentials (the classic O(n^2 m) form),
  // 1-based with column 0 as the virtual start.
  const int n = rows, m = cols;
  u_.assign(static_cast<size_t>(n + 1), 0);
  v_.assign(static_cast<size_t>(m + 1), 0);
  p_.assign(static_cast<size_t>(m + 1), 0);
  way_.assign(static_cast<size_t>(m + 1), 0);
  for (int i = 1; i <= n; ++i) {
    p_[0] = i;
    int j0 = 0;
    minv_.assign(static_cast<size_t>(m + 1), kInf);
    used_.assign(static_cast<size_t>(m + 1), 0);
    do {
      used_[j0] = 1;
      const int i0 = p_[j0];
      double delta = kInf;
      int j1 = 0;
      const double* row = &cost[static_cast<size_t>(i0 - 1) * m];
      for (int j = 1; j <= m; ++j) {
        if (used_[j]) continue;
        const double cur = row[j - 1] - u_[i0] - v_[j];
        if (cur < minv_[j]) minv_[j] = cur, way_[j] = j0;
        if (minv_[j] < delta) delta = minv_[j], j1 = j;
      }
      for (int j = 0; j <= m; ++j) {
        if (used_[j])
          u_[p_[j]] += delta, v_[j] -= delta;
        else
          minv_[j] -= delta;
      }
      j0 = j1;
    } while (p_[j0] != 0);
    do {
      const int j1 = way_[j0];
      p_[j0] = p_[j1];
      j0 = j1;
    } while (j0);
  }
  result_.assign(static_cast<size_t>(n), -1);
  for (int j = 1; j <= m; ++j)
    if (p_[j] > 0) result_[p_[j] - 1] = j - 1;
  return result_;
}

// -------------------------------------------------------- MoveResolver ----

namespace {
// A forbidden option keeps a finite cost so that the assignment always has a
// solution; it is large enough that any allowed option wins over it, and an
// absent pair (ship cannot reach the cell) is larger still.
constexpr double kForbiddenCost = 1e7;
constexpr double kUnreachableCost = 1e10;
}  // namespace

const std::vector<int>& MoveResolver::solve(const std::vector<MoveRequest>& requests, const Geometry& geo,
                                            const std::vector<int>& shared_cells) {
  const int rows = static_cast<int>(requests.size());
  choice_.assign(static_cast<size_t>(rows), 0);
  if (rows == 0) return choice_;
  columns_.clear();
  std::fill(column_of_.begin(), column_of_.begin() + geo.cells(), int16_t{-1});
  auto is_shared = [&](int cell) {
    return std::find(shared_cells.begin(), shared_cells.end(), cell) != shared_cells.end();
  };
  // Columns: every reachable non-shared cell once; shared cells and converts
  // get a private column per ship (encoded as -(1 + row) * 8 - option).
  for (int r = 0; r < rows; ++r)
    for (int m = 0; m < kNumMoves; ++m) {
      const int c = geo.neighbor(requests[r].cell, m);
      if (is_shared(c) || column_of_[c] >= 0) continue;
      column_of_[c] = static_cast<int16_t>(columns_.size());
      columns_.push_back(c);
    }
  const int shared_base = static_cast<int>(columns_.size());
  for (int r = 0; r < rows; ++r) {
    for (int m = 0; m < kNumMoves; ++m)
      if (is_shared(geo.neighbor(requests[r].cell, m))) columns_.push_back(-(1 + r) * 8 - m);
    if (requests[r].cost[kConvertOption] < kInf) columns_.push_back(-(1 + r) * 8 - kConvertOption);
  }
  const int cols = static_cast<int>(columns_.size());
  cost_.assign(static_cast<size_t>(rows) * cols, kUnreachableCost);
  auto clamp = [](double c) { return c < kInf ? std::min(c, kForbiddenCost * 0.5) : kForbiddenCost; };
  for (int r = 0; r < rows; ++r) {
    double* row = &cost_[static_cast<size_t>(r) * cols];
    for (int m = 0; m < kNumMoves; ++m) {
      const int c = geo.neighbor(requests[r].cell, m);
      if (column_of_[c] >= 0) {
        // Two moves may reach the same cell only on a 2x2 board; keep the cheaper.
        double& slot = row[column_of_[c]];
        slot = std::min(slot, clamp(requests[r].cost[m]));
      }
    }
    for (int j = shared_base; j < cols; ++j) {
      const int code = -columns_[j];
      if (code / 8 - 1 != r) continue;
      row[j] = clamp(requests[r].cost[code % 8]);
    }
  }
  const std::vector<int>& col_of_row = assignment_.solve(rows, cols, cost_);
  for (int r = 0; r < rows; ++r) {
    const int j = col_of_row[r];
    int option = 0;
    if (j >= shared_base) {
      option = (-columns_[j]) % 8;
    } else {
      const int cell = columns_[j];
      double best = kInf;
      for (int m = 0; m < kNumMoves; ++m)
        if (geo.neighbor(requests[r].cell, m) == cell && requests[r].cost[m] < best)
          best = requests[r].cost[m], option = m;
    }
    choice_[r] = option;
  }
  return choice_;
}

// ------------------------------------------------------------- economy ----

std::vector<ParamSpec> economy_specs() {
  return {
      {"max_ships", 30, 0, 400, "no spawns beyond this many own ships", true},
      {"spawn_stop_steps", 80, 0, 400, "no spawns in the last this many steps", true},
      {"spawn_reserve", 0, 0, 100000, "bank kept after a spawn"},
      {"ships_per_yard", 8, 1, 100, "build another yard when own ships exceed yards times this", true},
      {"max_yards", 4, 1, 100, "never more own yards than this", true},
      {"min_yard_distance", 5, 1, 32, "a new yard at least this far from own yards", true},
      {"max_yard_distance", 9, 1, 64, "a new yard at most this far from the nearest own yard", true},
      {"yard_stop_steps", 120, 0, 400, "no new yards in the last this many steps", true},
      {"min_yard_halite", 1000, 0, 100000, "least halite within distance 2 of a new yard site"},
      {"recall_margin", 2, 0, 50, "ships head home when steps left <= distance home + this", true},
  };
}

EconomyParams EconomyParams::from(const Params& p) {
  return {p.get_int("max_ships"),         p.get_int("spawn_stop_steps"), p.get("spawn_reserve"),
          p.get_int("ships_per_yard"),    p.get_int("max_yards"),        p.get_int("min_yard_distance"),
          p.get_int("max_yard_distance"), p.get_int("yard_stop_steps"),  p.get("min_yard_halite"),
          p.get_int("recall_margin")};
}

BuildPlan plan_builds(const State& s, int player, const Geometry& geo, const EconomyParams& econ) {
  BuildPlan plan;
  double bank = s.player(player).bank;
  plan.bank_after = bank;
  if (s.player(player).status != Status::Active) return plan;
  const double convert_cost = static_cast<double>(s.config().convert_cost);
  const double spawn_cost = static_cast<double>(s.config().spawn_cost);
  const int left = steps_left(s);
  int ships = 0, yards = 0;
  for (const Ship& sh : s.ships()) ships += sh.owner == player;
  for (const Shipyard& y : s.shipyards()) yards += y.owner == player;
  auto yard_on = [&](int cell) {
    for (const Shipyard& y : s.shipyards())
      if (y.cell == cell) return true;
    return false;
  };
  const auto all_ships = s.ships();
  if (yards == 0 && ships > 0) {
    // No base: the ship carrying the most converts (keeping a ship alive
    // matters more than where the first yard stands).
    int best = -1;
    for (int i = 0; i < static_cast<int>(all_ships.size()); ++i) {
      const Ship& sh = all_ships[i];
      if (sh.owner != player || yard_on(sh.cell) || sh.cargo + bank < convert_cost) continue;
      if (ships == 1 && sh.cargo + bank < convert_cost + spawn_cost && left > 0) continue;  // it would end the fleet
      if (best < 0 || sh.cargo > all_ships[best].cargo) best = i;
    }
    if (best >= 0) {
      plan.convert_ships.push_back(best);
      bank += std::min(all_ships[best].cargo - convert_cost, 0.0);
      ++yards;
      --ships;
    }
  } else if (yards > 0 && yards < econ.max_yards && ships > yards * econ.ships_per_yard &&
             left > econ.yard_stop_steps && bank >= convert_cost) {
    int best = -1;
    double best_halite = econ.min_yard_halite;
    for (int i = 0; i < static_cast<int>(all_ships.size()); ++i) {
      const Ship& sh = all_ships[i];
      if (sh.owner != player || yard_on(sh.cell)) continue;
      const int nearest = nearest_yard(s.shipyards(), player, sh.cell, geo).dist;
      if (nearest < econ.min_yard_distance || nearest > econ.max_yard_distance) continue;
      double around = 0;
      for (int c = 0; c < geo.cells(); ++c)
        if (geo.dist(c, sh.cell) <= kYardSiteRadius) around += s.halite(c);
      if (around > best_halite) best_halite = around, best = i;
    }
    if (best >= 0) {
      plan.convert_ships.push_back(best);
      bank += std::min(all_ships[best].cargo - convert_cost, 0.0);
      ++yards;
      --ships;
    }
  }
  if (left > econ.spawn_stop_steps) {
    const auto all_yards = s.shipyards();
    for (int i = 0; i < static_cast<int>(all_yards.size()); ++i) {
      if (all_yards[i].owner != player || ships >= econ.max_ships) continue;
      if (bank - spawn_cost < econ.spawn_reserve) break;
      bank -= spawn_cost;
      ++ships;
      plan.spawn_yards.push_back(i);
    }
  }
  plan.bank_after = bank;
  return plan;
}

void home_distances(const State& s, int player, const Geometry& geo, const std::vector<int>& extra_sites,
                    std::array<int16_t, kMaxCells>& out) {
  const int cells = geo.cells();
  const int16_t cap = static_cast<int16_t>(2 * geo.size());
  std::fill(out.begin(), out.begin() + cells, cap);
  // Yards and this turn's sites, bounded by the unit caps: no heap.
  boost::container::static_vector<int, kMaxShipyards + kMaxShips> sites;
  for (const Shipyard& y : s.shipyards())
    if (y.owner == player) sites.push_back(y.cell);
  for (int c : extra_sites)
    if (sites.size() < sites.capacity()) sites.push_back(c);
  if (sites.empty())
    for (const Ship& sh : s.ships())
      if (sh.owner == player && sites.size() < static_cast<size_t>(kMaxShipyards)) sites.push_back(sh.cell);
  for (int c = 0; c < cells; ++c)
    for (int site : sites) out[c] = static_cast<int16_t>(std::min<int>(out[c], geo.dist(c, site)));
}

bool must_recall(const State& s, int home_dist, const EconomyParams& econ) {
  return steps_left(s) <= home_dist + econ.recall_margin;
}

State::Orders to_orders(const State& s, const std::vector<std::pair<int, int>>& ship_choices,
                        const std::vector<int>& spawn_yards) {
  State::Orders orders;
  for (const auto& [index, option] : ship_choices) {
    if (option == 0) continue;
    orders.push_back({s.ships()[index].id, option_action(option)});
  }
  for (int y : spawn_yards) orders.push_back({s.shipyards()[y].id, Action::Spawn});
  return orders;
}

State with_ships(const State& state, std::span<const uint8_t> keep) {
  State out = State::empty(state.config(), state.num_players(), state.step());
  for (int p = 0; p < state.num_players(); ++p) out.mutable_player(p) = state.player(p);
  for (int c = 0; c < state.cell_count(); ++c) out.set_halite(c, state.halite(c));
  const auto ships = state.ships();
  for (size_t i = 0; i < ships.size(); ++i)
    if (keep[i]) out.add_ship(ships[i].id, ships[i].cell, ships[i].owner, ships[i].cargo);
  for (const Shipyard& y : state.shipyards()) out.add_shipyard(y.id, y.cell, y.owner);
  return out;
}

void stage_decision(State& s, const PolicyDecision& d) {
  for (const auto& [index, option] : d.ship_choices)
    if (option != 0) s.stage_ship(index, option_action(option));
  for (int y : d.spawn_yards) s.stage_shipyard(y, Action::Spawn);
}

std::vector<int> unblocked_spawns(const State& s, const Geometry& geo,
                                  const std::vector<std::pair<int, int>>& ship_choices,
                                  const std::vector<int>& spawn_yards) {
  std::vector<int> out;
  for (int y : spawn_yards) {
    const int cell = s.shipyards()[y].cell;
    bool blocked = false;
    for (const auto& [index, option] : ship_choices)
      blocked |= option != kConvertOption && geo.neighbor(s.ships()[index].cell, option) == cell;
    if (!blocked) out.push_back(y);
  }
  return out;
}

// ---------------------------------------------------------- evaluation ----

std::vector<ParamSpec> eval_specs() {
  return {
      {"eval_cargo_weight", 0.8, 0, 2, "value of one halite aboard relative to one banked"},
      {"eval_cargo_decay", 0.97, 0, 1, "cargo value factor per move between the ship and its nearest yard"},
      {"eval_ship_value", 600, 0, 5000, "value of a ship at step 0 (decays linearly to 0 at the end)"},
      {"eval_yard_value", 600, 0, 5000, "value of a shipyard at step 0 (decays linearly to 0 at the end)"},
      {"eval_opponent_weight", 1, 0, 2, "weight of the best opponent's worth (subtracted)"},
  };
}

EvalParams EvalParams::from(const Params& p) {
  return {p.get("eval_cargo_weight"), p.get("eval_cargo_decay"), p.get("eval_ship_value"), p.get("eval_yard_value"),
          p.get("eval_opponent_weight")};
}

double evaluate(const State& s, int player, const Geometry& geo, const EvalParams& ep) {
  const int n = s.num_players();
  double worth[kMaxPlayers] = {};
  const double frac = std::max(0.0, static_cast<double>(steps_left(s)) / s.config().episode_steps);
  int yard_cells[kMaxPlayers][16];
  int yard_count[kMaxPlayers] = {};
  // cargo_distance_decay^d by table (d < 2 * size + 1 on the torus).
  double decay[2 * kMaxBoardSize + 1];
  decay[0] = 1;
  for (int d = 1; d <= 2 * geo.size(); ++d) decay[d] = decay[d - 1] * ep.cargo_distance_decay;
  for (int p = 0; p < n; ++p) worth[p] = s.player(p).bank;
  for (const Shipyard& y : s.shipyards()) {
    worth[y.owner] += ep.yard_value * frac;
    if (yard_count[y.owner] < 16) yard_cells[y.owner][yard_count[y.owner]++] = y.cell;
  }
  for (const Ship& sh : s.ships()) {
    double w = ep.ship_value * frac;
    if (sh.cargo > 0) {
      int d = 2 * geo.size();
      for (int k = 0; k < yard_count[sh.owner]; ++k) d = std::min(d, geo.dist(sh.cell, yard_cells[sh.owner][k]));
      // Cargo that cannot reach a yard before the end is worth nothing.
      if (d <= steps_left(s)) w += sh.cargo * ep.cargo_weight * decay[d];
    }
    worth[sh.owner] += w;
  }
  for (int p = 0; p < n; ++p)
    if (s.player(p).status != Status::Active && s.player(p).status != Status::Done) worth[p] = -1e9;
  double best_other = n > 1 ? -kInf : 0;
  for (int p = 0; p < n; ++p)
    if (p != player) best_other = std::max(best_other, worth[p]);
  return worth[player] - ep.opponent_weight * best_other;
}

// --------------------------------------------------------- progress ----

void ProgressTerm::set(const State& root, const PolicyDecision& decision, const Geometry& geo, double max_rate) {
  entries_.clear();
  for (size_t k = 0; k < decision.ship_choices.size(); ++k)
    if (decision.ship_choices[k].second != kConvertOption) {
      const Ship& ship = root.ships()[decision.ship_choices[k].first];
      entries_.push_back({ship.id, decision.targets[k], std::min(decision.rates[k], max_rate),
                          geo.dist(ship.cell, decision.targets[k])});
    }
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.id < b.id; });
}

double ProgressTerm::value(const State& s, int player, const Geometry& geo) const {
  size_t k = 0;
  double progress = 0;
  for (const Ship& sh : s.ships()) {
    if (sh.owner != player) continue;
    while (k < entries_.size() && entries_[k].id < sh.id) ++k;
    if (k == entries_.size()) break;
    if (entries_[k].id != sh.id) continue;
    progress += entries_[k].rate * (entries_[k].root_dist - geo.dist(sh.cell, entries_[k].target));
  }
  return progress;
}

}  // namespace halite::search
