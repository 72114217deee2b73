// Shared pieces of every policy and planner: the danger map, the
// collision-safe move resolver, the spawn / convert policies and the
// end-game recall. One implementation of each idea; planners compose them.
//
// Nothing here re-implements a rule: these are the planners' *models*
// (distances, who could reach a cell, what to build). Outcomes are always
// simulated with State copies, stage_*() and resolve().
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "halite/search/geometry.h"
#include "halite/search/params.h"
#include "halite/search/policy_decision.h"
#include "halite/state.h"

namespace halite::search {

// For each cell, the least cargo among enemy ships that can be on it after
// this turn (by staying or by one move), +inf when none can; an enemy
// shipyard cell is -1 (it destroys any ship of ours that ends there). A ship
// of ours with cargo c is "threatened" on a cell when danger < c, and "at
// tie risk" when danger == c (both die).
class DangerMap {
 public:
  void compute(const State& state, int player, const Geometry& geo);
  double at(int cell) const { return danger_[cell]; }
  // Also kept: the number of enemy ships that can reach each cell.
  int reach_count(int cell) const { return count_[cell]; }

 private:
  std::array<double, kMaxCells> danger_{};
  std::array<uint8_t, kMaxCells> count_{};
};

// Min-cost assignment (Hungarian algorithm, O(rows^2 * cols)) over a dense
// rows x cols matrix, rows <= cols. Buffers are reused across calls: after
// the first calls of a turn it allocates nothing.
class Assignment {
 public:
  // cost(r, c) for r < rows, c < cols; returns col_of_row (size rows).
  const std::vector<int>& solve(int rows, int cols, const std::vector<double>& cost);

 private:
  std::vector<double> u_, v_, minv_;
  std::vector<int> p_, way_, result_;
  std::vector<char> used_;
};

// The collision-safe move resolver. Each request is one own ship with a cost
// for each of its five moves (kMoveActions order) and for converting (kInf:
// not allowed). solve() gives every ship one option so that no two own ships
// end on the same cell, minimising the total cost (a min-cost assignment over
// ships x reachable cells, plus a private "convert" column per ship). Costs
// may be +inf (forbidden); a forbidden option is only chosen when nothing
// else fits, and then the cheapest of them is used (it never fails).
//
// `shared_cells` (optional) lists cells where several own ships may end
// together (an own shipyard on the last turn, where the emptiest survives and
// deposits everything): ships that choose such a cell are not forced apart.
struct MoveRequest {
  int ship_index = -1;  // index into state.ships()
  int cell = 0;
  std::array<double, kNumMoves + 1> cost{};  // moves 0..4, then convert (index 5)
};
inline constexpr int kConvertOption = kNumMoves;
// A ship's option (kMoveActions index or kConvertOption) as its order.
constexpr Action option_action(int option) {
  return option == kConvertOption ? Action::Convert : kMoveActions[static_cast<size_t>(option)];
}
// The option of a ship's order: -1 for an order a ship does not take (Spawn).
constexpr int action_option(Action action) {
  if (action == Action::Convert) return kConvertOption;
  for (int m = 0; m < kNumMoves; ++m)
    if (kMoveActions[static_cast<size_t>(m)] == action) return m;
  return -1;
}

class MoveResolver {
 public:
  // Returns the chosen option (0..5) per request.
  const std::vector<int>& solve(const std::vector<MoveRequest>& requests, const Geometry& geo,
                                const std::vector<int>& shared_cells = {});

 private:
  Assignment assignment_;
  std::vector<double> cost_;
  std::vector<int> columns_;  // column -> cell (or -1 - request for convert columns)
  std::vector<int> choice_;
  std::array<int16_t, kMaxCells> column_of_{};
};

// ---- spawn / convert policy and end-game recall ---------------------------
// Declared once, shared by every planner that builds (see economy_specs()).
struct EconomyParams {
  int max_ships;           // no spawns beyond this many own ships
  int spawn_stop_steps;    // no spawns in the last this many steps
  double spawn_reserve;    // keep this much in the bank after a spawn
  int ships_per_yard;      // build another yard when ships > yards * this
  int max_yards;           // never more yards than this
  int min_yard_distance;   // a new yard at least this far from own yards
  int max_yard_distance;   // ... and at most this far from the nearest
  int yard_stop_steps;     // no new yards in the last this many steps
  double min_yard_halite;  // halite within radius 2 of a new yard site
  int recall_margin;       // ships head home when steps left <= distance + this
  static EconomyParams from(const Params& p);
};
// The parameter specs of EconomyParams (append them to a planner's own).
std::vector<ParamSpec> economy_specs();

// The shared build decisions for `player` this turn.
struct BuildPlan {
  std::vector<int> convert_ships;  // ship indices that convert this turn
  std::vector<int> spawn_yards;    // shipyard indices that should spawn (if their cell is free)
  double bank_after = 0;           // bank left after the planned spends
};
BuildPlan plan_builds(const State& state, int player, const Geometry& geo, const EconomyParams& econ);

// Distance from every cell to the nearest own shipyard, counting the cells
// in `extra_sites` (this turn's conversions) as yards; when the player has
// no yard at all, its ships' cells stand for future sites. Values are capped
// at 2 * size.
void home_distances(const State& state, int player, const Geometry& geo, const std::vector<int>& extra_sites,
                    std::array<int16_t, kMaxCells>& out);

// The nearest of `owner`'s shipyards to `cell`: the first of them (in the
// order of `yards`, creation order) at the least torus distance. cell is -1
// and dist kNoYard when the owner has none.
struct NearestYard {
  static constexpr int kNoYard = 1 << 20;
  int cell = -1;
  int dist = kNoYard;
};
inline NearestYard nearest_yard(std::span<const Shipyard> yards, int owner, int cell, const Geometry& geo) {
  NearestYard best;
  for (const Shipyard& y : yards) {
    if (y.owner != owner) continue;
    const int d = geo.dist(cell, y.cell);
    if (d < best.dist) best = {y.cell, d};
  }
  return best;
}

// True when a ship `home_dist` moves from a yard must head home now to
// deposit before the episode ends.
bool must_recall(const State& state, int home_dist, const EconomyParams& econ);
// Steps after this one in which an order still has an effect.
inline int steps_left(const State& s) {
  return s.config().episode_steps - 1 - s.step();
}

// The search planners' progress term: each own ship's progress toward its
// target at the root, valued at the base policy's rate per turn, so that over a short
// horizon travelling is not worth less than mining in place.
class ProgressTerm {
 public:
  // From the root's base-policy decision (converting ships left out), each rate
  // capped at `max_rate`.
  void set(const State& root, const PolicyDecision& decision, const Geometry& geo, double max_rate);
  // Sum over `player`'s ships in `s` still listed: rate x (distance to the
  // target at the root - distance now).
  double value(const State& s, int player, const Geometry& geo) const;

 private:
  struct Entry {
    UnitId id;
    int target;
    double rate;
    int root_dist;
  };
  std::vector<Entry> entries_;  // sorted by id, as State::ships() is
};

// Turns a per-ship choice (kMoveActions index or kConvertOption) and the
// spawning yards into Orders (ids), leaving out "stay" orders.
State::Orders to_orders(const State& state, const std::vector<std::pair<int, int>>& ship_choices,
                        const std::vector<int>& spawn_yards);
// Stages a decision's orders on `state` (the same orders as to_orders()),
// for simulations that resolve the turn themselves.
void stage_decision(State& state, const PolicyDecision& decision);
// The yards of `spawn_yards` (indices into state.shipyards(), order kept) on
// which none of `ship_choices` ends: a spawn there would destroy the own ship
// arriving on it.
std::vector<int> unblocked_spawns(const State& state, const Geometry& geo,
                                  const std::vector<std::pair<int, int>>& ship_choices,
                                  const std::vector<int>& spawn_yards);

// `state` with only the ships whose `keep` entry (one per ship of
// state.ships(), in order) is nonzero: the same step, players, cells and
// shipyards, the kept ships in their order (so ship indices shift, ids do
// not). Staged orders are not carried. For searches that simulate only the
// part of the board their units can reach (mcts's local_radius).
State with_ships(const State& state, std::span<const uint8_t> keep);

// A cheap evaluation of a state from `player`'s point of view, shared by beam
// and MCTS: own worth minus the best opponent's worth, where worth = bank +
// cargo * cargo_weight (less for cargo far from home) + ships and yards at a
// value that decays to 0 by the episode's end.
struct EvalParams {
  double cargo_weight;          // value of one halite aboard, relative to banked
  double cargo_distance_decay;  // per move between the cargo and the nearest yard
  double ship_value;            // value of a ship at the start of the game
  double yard_value;            // value of a shipyard at the start of the game
  double opponent_weight;       // how much the best opponent's worth subtracts
  static EvalParams from(const Params& p);
};
std::vector<ParamSpec> eval_specs();
double evaluate(const State& state, int player, const Geometry& geo, const EvalParams& ep);

}  // namespace halite::search
