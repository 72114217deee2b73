// Checks shared by the search-layer tests.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <tuple>
#include <vector>

#include "halite/search/rng.h"
#include "halite/state.h"

namespace halite::testing {

// Checks one answer against the state the way the engine will treat it:
// every order names a live unit of the player, once, and takes effect.
inline void check_orders(const State& s, int player, const State::Orders& orders, bool expect_no_collisions) {
  State copy = s;
  std::set<uint32_t> seen;
  std::set<int> ends;
  std::set<uint32_t> moved;
  for (const State::Command& c : orders) {
    INFO("step " << s.step() << " unit " << c.unit.str() << " " << action_name(c.action));
    REQUIRE(seen.insert(c.unit.value).second);
    const int si = s.find_ship(c.unit), yi = s.find_shipyard(c.unit);
    REQUIRE((si >= 0 || yi >= 0));
    if (si >= 0) {
      REQUIRE(s.ships()[si].owner == player);
      REQUIRE(c.action != Action::Spawn);
      REQUIRE(copy.stage_ship(si, c.action) == StageResult::Ok);
    } else {
      REQUIRE(s.shipyards()[yi].owner == player);
      REQUIRE(c.action == Action::Spawn);
      REQUIRE(copy.stage_shipyard(yi, c.action) == StageResult::Ok);
    }
  }
  if (!expect_no_collisions) return;
  for (int i = 0; i < static_cast<int>(s.ships().size()); ++i) {
    const Ship& sh = s.ships()[i];
    if (sh.owner != player) continue;
    Action a = Action::None;
    for (const State::Command& c : orders)
      if (c.unit == sh.id) a = c.action;
    if (a == Action::Convert) continue;
    INFO("step " << s.step() << " ship " << sh.id.str());
    REQUIRE(ends.insert(s.neighbor(sh.cell, a)).second);
  }
  for (const State::Command& c : orders) {
    const int yi = s.find_shipyard(c.unit);
    if (yi >= 0) REQUIRE(ends.count(s.shipyards()[yi].cell) == 0);  // a spawn never lands on an own ship
  }
}

// A random cost matrix for the assignment solvers: rows in [1, 4], cols in
// [rows, rows + 2], integer costs in [0, 20) so that ties are common.
inline std::tuple<int, int, std::vector<double>> random_assignment_matrix(search::Rng& rng) {
  const int rows = 1 + static_cast<int>(rng.below(4)), cols = rows + static_cast<int>(rng.below(3));
  std::vector<double> cost(static_cast<size_t>(rows * cols));
  for (double& c : cost) c = std::floor(rng.uniform() * 20);
  return {rows, cols, cost};
}

// The total cost of an answer, checking that it is one column per row, each
// column once.
inline double assignment_total(int rows, int cols, const std::vector<double>& cost,
                               const std::vector<int>& col_of_row) {
  REQUIRE(col_of_row.size() == static_cast<size_t>(rows));
  REQUIRE(std::set<int>(col_of_row.begin(), col_of_row.end()).size() == static_cast<size_t>(rows));
  double total = 0;
  for (int r = 0; r < rows; ++r) total += cost[static_cast<size_t>(r * cols + col_of_row[static_cast<size_t>(r)])];
  return total;
}

// The least total by brute force over column permutations.
inline double least_assignment_total(int rows, int cols, const std::vector<double>& cost) {
  std::vector<int> perm(static_cast<size_t>(cols));
  for (int c = 0; c < cols; ++c) perm[static_cast<size_t>(c)] = c;
  double best = std::numeric_limits<double>::infinity();
  do {
    double t = 0;
    for (int r = 0; r < rows; ++r) t += cost[static_cast<size_t>(r * cols + perm[static_cast<size_t>(r)])];
    best = std::min(best, t);
  } while (std::next_permutation(perm.begin(), perm.end()));
  return best;
}

}  // namespace halite::testing
