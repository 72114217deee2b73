// A model of one strong opponent: the decision rules of mzotkiew's public
// 2020 bot (a top-10 finisher; github.com/mzotkiew/Halite-IV), rewritten on
// this framework's pieces from what that bot does, as a sparring partner for
// `halite arena` and as an opponent model for search.
//
// Why it exists: the fleet policy, fitted to that bot's moves, agrees with
// 43.7% of them (docs/opponent-models.md), and pools built from it did not
// predict how changes fare against the real bot. A model of the bot's own
// rules is the closest sparring partner short of running it.
//
// The rules, each turn, for one player (every number is a parameter below):
//  - danger: per player, the least cargo of another player's ship that can
//    end on each cell; enemy yards whose owner can pay a spawn count as 0;
//  - every own ship scores its five moves ("intentions"): a move where a
//    lighter ship can arrive is -64, an equal one too unless next to an own
//    yard; a loaded ship with no safe move and enough halite converts;
//  - "can be surrounded": per cell, how many more enemy ships than own empty
//    ones can reach it before it reaches an own yard; loaded ships avoid such
//    cells and flee them;
//  - hoards: an enemy ship that every direction closes gets one own lighter
//    ship per direction and one on it (a small assignment per target);
//  - an endangered enemy ship draws the lighter own ships next to it;
//  - empty ships go to the cells around enemy yards (worth the cargo heading
//    there), to enemy ships near own yards, and to the planned yard site;
//  - mining: one assignment of ships to cells worth mining (halite above a
//    bound relative to the mean; the best rate over stay lengths, not
//    counting the way home; cells the nearest enemy is far from wait; loaded
//    ships keep mining while the rate is above cargo / collect_multiplier);
//  - spawning while the board's expected share per ship exceeds `spawning`;
//    yards once the fleet has `per_shipyard` ships per yard, on the best
//    site away from own yards; a defender for a threatened yard;
//  - the moves: one assignment of ships to cells by their intentions.
// From step 300 (when it is behind a player it can still overtake), that
// player's yards and ships become targets.
//
// Deterministic and a pure function of the state (it keeps nothing across
// turns), so it serves as an opponent inside simulations as it is.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "halite/opponents/crouse_assignment.h"
#include "halite/search/planner.h"
#include "halite/search/policy/common.h"

namespace halite::opponents {

using search::Geometry;
using search::Params;
using search::ParamSpec;
using search::PlannerInfo;
using search::PolicyDecision;

struct MzModelParams {
  double cell_halite;        // a cell is mined above this x the mean of non-empty cells ...
  double cell_halite_bonus;  // ... plus this x the home bonus (radius_bonus - distance to an own yard)
  int radius_bonus;
  double cell_halite_multiplier;  // ... x this for an empty ship
  int clean_time;                 // from this step every cell is mined
  double collect_multiplier;      // a loaded ship mines while this x the rate exceeds its cargo
  double zero_multiplier;         // a loaded ship's mining rates x this (keeps mining before going home)
  double attack_distance;         // value of a cell to attack: (value / 4 + this) / distance
  double spawning;                // spawn while the board's share per ship exceeds this
  int far_radius;                 // a cell the nearest enemy is this much farther from than our yard waits
  double surround_divide;         // rates on cells where ships can be surrounded / this
  int shipyard_radius;            // yard sites: this far from own yards; halite counted within it
  double per_shipyard;            // one yard per this many ships, less one
  int zero_surround;              // "can be surrounded" only when more empty ships than this are on the board
  int attack_step;                // from this step, players it can overtake are attacked
  int max_ships;                  // no spawns at or beyond this many ships
  static MzModelParams from(const Params& p);
};
std::vector<ParamSpec> mz_model_specs();

class MzModelPolicy {
 public:
  explicit MzModelPolicy(const MzModelParams& params) : p_(params) {}
  const PolicyDecision& decide(const State& state, int player);
  const MzModelParams& params() const { return p_; }

 private:
  struct OwnShip {
    int index;                           // into state.ships()
    std::array<double, 5> intentions{};  // N, E, S, W, stay (the model's move order)
    bool run_away = false;
    bool going_back = false;
    int target = -1;  // a hoard's cell for this ship
    int action = -1;  // fixed order: a kMoveActions index or kConvertOption (-1: from the assignment)
  };

  // The turn's steps, in decide()'s order.
  void compute_maps(const State& s, int player);
  void score_danger(const State& s, int player);       // intentions from danger; conversions
  void mark_yard_attacks(const State& s, int player);  // enemies near own yards, cells round theirs
  void compute_can_surround(const State& s, int player);
  void avoid_surrounds(const State& s);
  void plan_hoards(const State& s, int player);
  void draw_to_endangered(const State& s, int player);
  void plan_spawning(const State& s);
  void plan_yard(const State& s, int player);
  void defend_yards(const State& s, int player, int my_yards, double target_yards);
  void mine_and_attack(const State& s);
  void resolve_moves(const State& s, int player);

  // Cell <-> the model's (x, y): x the column, y rising to the north.
  int x_of(int cell) const { return cell % n_; }
  int y_of(int cell) const { return n_ - 1 - cell / n_; }
  int cell_of(int x, int y) const { return (n_ - 1 - ((y % n_ + n_) % n_)) * n_ + (x % n_ + n_) % n_; }
  // The cell after model move m (0 N, 1 E, 2 S, 3 W, 4 stay).
  int moved(int cell, int m) const;
  // Distance from a to b along direction `dir` (a cone of half-width `bound`
  // around it; outside it a lap of the board is added); .1 more on the
  // diagonal.
  double distance_dir(int a, int b, int dir, int bound) const;
  // The model's moves from a toward b with their weights (1 along the major
  // axis, .9 the minor one, .1 sideways when aligned; stay when a == b), in
  // the order the model lists them.
  int toward(int a, int b, std::array<std::pair<int, double>, 4>& out) const;
  void mark_attack(int cell, double value) {
    attack_value_[cell] = value;
    attack_set_[cell] = 1;
  }

  MzModelParams p_;
  Geometry geo_;
  PolicyDecision decision_;
  int n_ = 0;
  std::vector<OwnShip> own_;
  std::vector<char> attacked_player_;
  std::vector<double> danger_;  // players x cells
  std::array<uint8_t, kMaxCells> zero_danger_{};
  std::array<int, kMaxCells> my_yard_dist_{}, enemy_yard_dist_{}, enemy_dist_{};
  std::array<double, kMaxCells> base_bonus_{};
  std::vector<double> strong_;  // cells x (2 n): least enemy cargo within each distance
  std::array<int, kMaxCells> can_surround_{};
  std::array<double, kMaxCells> attack_value_{};
  std::array<uint8_t, kMaxCells> attack_set_{};
  std::array<double, 2 * kMaxBoardSize + 1> rate_by_distance_{};
  std::vector<int> spawning_;  // yard indices, in the model's order (repeats allowed)
  bool want_to_spawn_ = false;
  double per_cell_ = 0;
  CrouseAssignment assignment_;
  std::vector<double> cost_;
  std::vector<int> columns_, enemies_;
};

PlannerInfo mz_model_planner_info();

}  // namespace halite::opponents
