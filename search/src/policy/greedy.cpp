#include "halite/search/policy/greedy.h"

#include <algorithm>
#include <cmath>

#include "halite/search/policy/policy_planner.h"

namespace halite::search {

std::vector<ParamSpec> greedy_specs() {
  std::vector<ParamSpec> v = {
      {"max_mine_turns", 12, 1, 60, "most turns a trip plans to mine one cell", true},
      {"targets_per_ship", 8, 1, 64, "candidate cells kept per ship for the assignment", true},
      {"min_target_halite", 20, 0, 500, "cells with less halite are never targets"},
      {"return_bias", 1.2, 0, 10, "multiplies the rate of heading home with the cargo now"},
      {"target_threat_weight", 0.5, 0, 1, "rate discount of a target near an enemy ship carrying less"},
      {"threat_radius", 2, 0, 8, "how far from a target enemy ships count as a threat", true},
      {"hunt_weight", 0.3, 0, 10, "rate of hunting an enemy ship per halite it carries (empty ships only)"},
      {"hunt_radius", 4, 0, 16, "how far an empty ship looks for enemy ships to hunt", true},
      {"danger_penalty", 2000, 0, 1e6, "cost of ending a turn where a lighter enemy ship can reach (plus the cargo)"},
      {"tie_penalty", 400, 0, 1e6, "cost of ending a turn where an enemy ship with equal cargo can reach"},
      {"min_turn_value", 1, 0, 1000, "least value of one turn of a ship's progress toward its target"},
      {"spawn_block_penalty", 300, 0, 1e6, "cost of ending a turn on a yard that is about to spawn"},
      {"crash_home_steps", 1, 0, 20, "in the last this many steps own ships may crash together on a yard", true},
  };
  for (ParamSpec& s : economy_specs()) v.push_back(std::move(s));
  return v;
}

GreedyParams GreedyParams::from(const Params& p) {
  return {p.get_int("max_mine_turns"),   p.get_int("targets_per_ship"), p.get("min_target_halite"),
          p.get("return_bias"),          p.get("target_threat_weight"), p.get_int("threat_radius"),
          p.get("hunt_weight"),          p.get_int("hunt_radius"),      p.get("danger_penalty"),
          p.get("tie_penalty"),          p.get("min_turn_value"),       p.get("spawn_block_penalty"),
          p.get_int("crash_home_steps"), EconomyParams::from(p)};
}

namespace {
// A column key: cells are their own key; hunting enemy ship j is kHuntKey + j;
// the private "home" and "idle" columns of a row are negative.
constexpr int kHuntKey = kMaxCells;
constexpr double kAbsent = 1e9;
}  // namespace

const PolicyDecision& GreedyPolicy::decide(const State& s, int player) {
  PolicyDecision& d = decision_;
  d.clear();
  requests_.clear();
  penalties_.clear();
  if (s.player(player).status != Status::Active) return d;
  geo_.init(s.size());
  danger_.compute(s, player, geo_);
  build_ = plan_builds(s, player, geo_, p_.econ);
  sites_.clear();
  for (int i : build_.convert_ships) sites_.push_back(s.ships()[i].cell);
  home_distances(s, player, geo_, sites_, home_);

  mark_cells(s, player);
  score_targets(s, player);
  const std::vector<int>& col_of_row = assign_targets();
  cost_moves(s, player, col_of_row);

  std::vector<int> shared_cells;
  if (steps_left(s) <= p_.crash_home_steps)
    for (const Shipyard& y : s.shipyards())
      if (y.owner == player) shared_cells.push_back(y.cell);
  const std::vector<int>& choice = resolver_.solve(requests_, geo_, shared_cells);
  for (size_t r = 0; r < requests_.size(); ++r) d.ship_choices.push_back({requests_[r].ship_index, choice[r]});
  d.spawn_yards = unblocked_spawns(s, geo_, d.ship_choices, build_.spawn_yards);
  return d;
}

void GreedyPolicy::mark_cells(const State& s, int player) {
  // Cells with a yard cannot be mined; cells near a lighter enemy are risky.
  const int cells = geo_.cells();
  std::fill(yard_cell_.begin(), yard_cell_.begin() + cells, uint8_t{0});
  for (const Shipyard& y : s.shipyards()) yard_cell_[y.cell] = static_cast<uint8_t>(y.owner == player ? 1 : 2);
  for (int c : sites_) yard_cell_[c] = 1;
  std::fill(threat_.begin(), threat_.begin() + cells, kInf);
  const int rad = p_.threat_radius;
  const int n = s.size();
  for (const Ship& e : s.ships()) {
    if (e.owner == player) continue;
    for (int dr = -rad; dr <= rad; ++dr)
      for (int dc = -(rad - std::abs(dr)); dc <= rad - std::abs(dr); ++dc) {
        const int c = offset_cell(e.cell, dr, dc, n);
        threat_[c] = std::min(threat_[c], e.cargo);
      }
  }
}

void GreedyPolicy::score_targets(const State& s, int player) {
  const int cells = geo_.cells();
  const Config& cfg = s.config();
  const int left = steps_left(s);
  const int max_t = p_.max_mine_turns;
  double keep[61], growth[2 * kMaxBoardSize + 1];
  for (int t = 0; t <= max_t; ++t) keep[t] = 1 - std::pow(1 - cfg.collect_rate, t);
  for (int k = 0; k <= 2 * kMaxBoardSize; ++k) growth[k] = std::pow(1 + cfg.regen_rate, k);
  const double cap = static_cast<double>(cfg.max_cell_halite);

  // Rows: own ships that do not convert.
  ship_rows_.clear();
  const auto ships = s.ships();
  for (int i = 0; i < static_cast<int>(ships.size()); ++i) {
    if (ships[i].owner != player) continue;
    if (std::find(build_.convert_ships.begin(), build_.convert_ships.end(), i) != build_.convert_ships.end()) continue;
    ship_rows_.push_back(i);
  }
  const int rows = static_cast<int>(ship_rows_.size());
  cands_.clear();
  cand_begin_.assign(static_cast<size_t>(rows + 1), 0);
  home_rates_.assign(static_cast<size_t>(rows), 0);
  for (int r = 0; r < rows; ++r) {
    const Ship& sh = ships[ship_rows_[r]];
    const int hd = home_[sh.cell];
    cand_begin_[r] = static_cast<int>(cands_.size());
    if (sh.cargo > 0 && must_recall(s, hd, p_.econ)) {
      home_rates_[r] = kAbsent / 10;  // recall overrides everything
      continue;
    }
    home_rates_[r] = sh.cargo > 0 ? sh.cargo * p_.return_bias / std::max(1, hd) : 0;
    scratch_.clear();
    for (int c = 0; c < cells; ++c) {
      const double h = s.halite(c);
      if (h < p_.min_target_halite || yard_cell_[c]) continue;
      const int d1 = geo_.dist(sh.cell, c), d2 = home_[c];
      const double ha = std::min(h * growth[d1], std::max(h, cap));
      double best = 0;
      for (int t = 1; t <= max_t && d1 + t + d2 <= left; ++t)
        best = std::max(best, (sh.cargo + ha * keep[t]) / (d1 + t + d2));
      if (best <= 0) continue;
      if (threat_[c] < sh.cargo + ha * keep[1]) best *= 1 - p_.target_threat_weight;
      scratch_.push_back({best, c});
    }
    if (sh.cargo == 0 && p_.hunt_weight > 0)
      for (int j = 0; j < static_cast<int>(ships.size()); ++j) {
        const Ship& e = ships[j];
        if (e.owner == player || e.cargo <= 0 || yard_cell_[e.cell] == 2) continue;
        const int dist = geo_.dist(sh.cell, e.cell);
        if (dist > p_.hunt_radius) continue;
        scratch_.push_back({e.cargo * p_.hunt_weight / (dist + 1), kHuntKey + j});
      }
    const size_t k = std::min(scratch_.size(), static_cast<size_t>(p_.targets_per_ship));
    std::partial_sort(
        scratch_.begin(), scratch_.begin() + static_cast<std::ptrdiff_t>(k), scratch_.end(),
        [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
    for (size_t i = 0; i < k; ++i) cands_.push_back({scratch_[i].second, scratch_[i].first});
  }
  cand_begin_[rows] = static_cast<int>(cands_.size());
}

const std::vector<int>& GreedyPolicy::assign_targets() {
  // Columns: shared target keys (sorted, unique), then one private column per row.
  const int rows = static_cast<int>(ship_rows_.size());
  columns_.clear();
  for (const auto& [key, rate] : cands_) columns_.push_back(key);
  std::sort(columns_.begin(), columns_.end());
  columns_.erase(std::unique(columns_.begin(), columns_.end()), columns_.end());
  shared_columns_ = static_cast<int>(columns_.size());
  const int cols = shared_columns_ + rows;
  cost_.assign(static_cast<size_t>(rows) * cols, kAbsent);
  for (int r = 0; r < rows; ++r) {
    double* row = &cost_[static_cast<size_t>(r) * cols];
    for (int i = cand_begin_[r]; i < cand_begin_[r + 1]; ++i) {
      const int j = static_cast<int>(
          std::lower_bound(columns_.begin(), columns_.begin() + shared_columns_, cands_[i].first) - columns_.begin());
      row[j] = -cands_[i].second;
    }
    row[shared_columns_ + r] = -home_rates_[r];
  }
  return rows > 0 ? assignment_.solve(rows, cols, cost_) : ship_rows_;
}

void GreedyPolicy::cost_moves(const State& s, int player, const std::vector<int>& col_of_row) {
  // Targets, then per-move costs for the resolver.
  PolicyDecision& d = decision_;
  const auto ships = s.ships();
  const int rows = static_cast<int>(ship_rows_.size());
  const int shared = shared_columns_;
  const int cols = shared + rows;
  std::vector<int> spawn_cells;
  for (int y : build_.spawn_yards) spawn_cells.push_back(s.shipyards()[y].cell);
  for (int r = 0; r < rows; ++r) {
    const Ship& sh = ships[ship_rows_[r]];
    const int j = col_of_row[r];
    int target = sh.cell;
    double rate = 0;
    if (j >= shared) {
      rate = home_rates_[r];
      if (sh.cargo > 0) {
        // The nearest yard (or this turn's site) by the home distance table.
        int best = nearest_yard(s.shipyards(), player, sh.cell, geo_).cell;
        for (int c : sites_)
          if (best < 0 || geo_.dist(sh.cell, c) < geo_.dist(sh.cell, best)) best = c;
        if (best >= 0) target = best;
      }
    } else {
      const int key = columns_[j];
      target = key >= kHuntKey ? ships[key - kHuntKey].cell : key;
      rate = -cost_[static_cast<size_t>(r) * cols + j];
    }
    rate = std::min(rate, kAbsent / 100);
    const double per_turn = std::max(rate, p_.min_turn_value);
    MoveRequest req;
    req.ship_index = ship_rows_[r];
    req.cell = sh.cell;
    const int d0 = geo_.dist(sh.cell, target);
    std::array<double, kNumMoves> pen{};
    for (int m = 0; m < kNumMoves; ++m) {
      const int nc = geo_.neighbor(sh.cell, m);
      const double dz = danger_.at(nc);
      if (dz < sh.cargo)
        pen[m] += p_.danger_penalty + sh.cargo;
      else if (dz == sh.cargo)
        pen[m] += p_.tie_penalty;
      if (std::find(spawn_cells.begin(), spawn_cells.end(), nc) != spawn_cells.end()) pen[m] += p_.spawn_block_penalty;
      req.cost[m] = per_turn * (geo_.dist(nc, target) - d0) + pen[m];
    }
    req.cost[kConvertOption] = kInf;
    requests_.push_back(req);
    penalties_.push_back(pen);
    d.targets.push_back(target);
    d.rates.push_back(per_turn);
  }
  for (int i : build_.convert_ships) {
    MoveRequest req;
    req.ship_index = i;
    req.cell = ships[i].cell;
    req.cost.fill(kInf);
    req.cost[kConvertOption] = 0;
    requests_.push_back(req);
    penalties_.push_back({});
    d.targets.push_back(ships[i].cell);
    d.rates.push_back(0);
  }
}

void GreedyPolicy::stage(State& s, int player) {
  stage_decision(s, decide(s, player));
}

PlannerInfo greedy_planner_info() {
  return {"greedy",
          "cell scoring by mining rate over the whole trip, Hungarian assignment of ships to targets, danger-aware "
          "collision-free moves",
          greedy_specs(), [](const Params& p, const PlannerSetup&) {
            return std::make_unique<PolicyPlanner<GreedyPolicy>>("greedy", GreedyPolicy(GreedyParams::from(p)));
          }};
}

}  // namespace halite::search
