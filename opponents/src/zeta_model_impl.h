// The model of zeta_best and zeta_final (zeta_model.h), private to its
// files: the bots' fixed numbers (Rules and the k* constants), the helpers
// that replicate numpy and SciPy, and ZetaModelPolicy::Impl, the model's
// memory and this turn's state, whose members are defined by topic:
//  - zeta_model_maps.cpp: the helpers, the mining table, the maps and the
//    yard network;
//  - zeta_model_scores.cpp: cell scores, preferences, trapped enemies, the
//    farming end and the harvest threshold;
//  - zeta_model_yards.cpp: yard sites, conversions, spawns, yard guards;
//  - zeta_model_targets.cpp: ship types and the target assignments;
//  - zeta_model_moves.cpp: each type's preferences;
//  - zeta_model.cpp: the turn.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "halite/opponents/crouse_assignment.h"
#include "halite/opponents/zeta_model.h"
#include "zeta_params.h"

namespace halite::opponents {

using namespace search;  // the library is written on search/'s shared pieces

namespace zeta {

// Numbers of the bots' code (not of their parameter sets) that zeta_final
// changed.
struct Rules {
  std::array<int, 9> ships_per_yards;  // the ship counts for a second, third, ... yard
  // The end of farming: farming cells are mined down to this halite ...
  double farmed_halite;
  double farming_end_min, farming_end_max;  // ... the estimate's range
  // The harvest threshold before its factors: this x step + harvest_base.
  double harvest_per_step, harvest_base;
  // Guards: enemy yards are guarding targets while the player has fewer yards
  // than this; each enemy in the guarded zone keeps this many hunters hunting.
  int guard_enemy_yards_below;
  int hunters_per_intruder;
};
inline constexpr Rules kBestRules = {{0, 8, 16, 23, 27, 31, 36, 42, 46}, 20, 330, 365, 1.1, 80, 1 << 30, 3};
inline constexpr Rules kFinalRules = {{0, 8, 17, 23, 28, 33, 38, 46, 49}, 10, 325, 365, 1, 70, 6, 5};

constexpr int kLastStep = 398;  // the bots' "last step" in their end-game rules
// zeta_final's sites: early, a second yard's site scores its wide-blurred
// halite / this (+ the population around the midpoint); with this many
// connected yards, further sites need dominance (and score it).
constexpr double kEarlySiteHaliteDivisor = 5;
constexpr int kDominanceFromConnected = 4;
constexpr double kNone = -999999;  // the bot's score of a forbidden assignment
constexpr int kFar = 20;           // the bot's "no enemy" distance

// Numbers of the bot's code (not of its parameter set), by rule.
// Cell scores of a ship's reachable cells:
constexpr double kUnguardedYard = 300;     // an enemy yard whose owner can neither spawn nor defend it ...
constexpr double kUnguardedMaxCargo = 30;  // ... for a ship carrying less than this
constexpr double kEnemyYardLoaded = 400;   // a loaded ship on an enemy yard: - (this + cargo)
constexpr double kAttackYard = 400;       // an empty ship attacks an enemy yard (leading, late, in the farm, near home)
constexpr double kEnemyYardOther = -300;  // otherwise an enemy yard is avoided
constexpr double kLighterEnemy = 750;  // an enemy ship lighter than ours on the cell: - (this + cargo - its cargo / 2)
constexpr double kEqualEnemy = 450;    // one as heavy (both would sink)
constexpr double kHeavierCap = 35, kHeavierNeighbourCap = 25;  // caps of the prey bonuses
constexpr double kLighterNeighbourExtra = 0.15;                // lighter enemies next to a cell: discount + this
// Danger of each reachable cell: enemies within the small radius that can
// sink the ship count 2 (1 if as heavy), x this ^ distance (zeta_best) or x
// the discount of their distance (zeta_final: 0, 1, 2, 3 and more); a
// zeta_final ship with every reachable cell in danger weighs the danger this
// much more.
constexpr double kDangerDecay = 0.6;
constexpr std::array<double, 4> kDangerDiscount = {1, 0.75, 0.45, 0.15};
constexpr double kTrappedDangerFactor = 3;
// zeta_final: an empty ship on halite with this many of its reachable cells
// in reach of an empty enemy does not stay to mine (before kStayPenaltyUntil).
constexpr int kThreatenedCells = 4;
constexpr double kThreatenedStay = -70;
constexpr int kStayPenaltyUntil = 370;
// zeta_final's mining scores fall with the "escape" count of a cell (enemies
// that can sink the ship around it: 1 each, 0.5 if as heavy, summed over the
// reachable cells) beyond a tolerance (raised late), to 0 at the tolerance +
// kEscapeNorm; and x clip(least enemy cargo within kTinyRadius / (cargo +
// 10)) when an enemy that can sink it is that near.
constexpr double kEscapeNorm = 22, kDangerTolerance = 10, kLateDangerTolerance = 14;
constexpr int kLateDangerToleranceStep = 360;
constexpr int kTinyRadius = 2;
constexpr double kNearDangerMin = 0.25, kNearDangerMax = 0.75, kNearDangerCargo = 10;
constexpr double kEscapeSafe = 0.85;
constexpr double kEarlyYardStay = -200;  // staying on the yard in the first steps after it is built ...
constexpr int kEarlyYardSteps = 12;      // ... this many
// Worth of a player for the ranks: bank + ships and yards (falling to 0 at
// kLastStep) + a quarter of the cargo.
constexpr double kShipWorth = 500, kYardWorth = 750, kCargoWorth = 0.25;
// Maps: a yard's weight in the dominance maps (own; an enemy's in the safety
// map), the scales of the maps the bot reads, the cargo map's yard cargo.
constexpr double kYardDominance = 1.5, kEnemyYardSafety = 1.8;
constexpr double kSmallDominanceScale = 22, kMediumDominanceScale = 80, kSafetyScale = 20;
constexpr double kRegionScale = 50, kRegionSigma = 2.5, kRegionThreshold = 0.1;
constexpr double kCargoSigma = 2.5, kCargoScale = 30, kYardCargo = 700;
// Preferences that override the rest.
constexpr double kSpawnCell = -1500;     // an own ship next to a spawning yard keeps off it
constexpr double kHoldYard = 10000;      // the yard's ship stays when an enemy is next to it
constexpr double kGuardYard = 8000;      // a neighbour steps onto an unmanned yard under attack
constexpr double kRamAttacker = 500;     // the yard's ship rams the attacker (when the yard spawns)
constexpr double kEndingHome = 9999;     // an ending ship next to a yard goes in
constexpr double kConvertNow = 9999999;  // a ship chosen to convert
constexpr double kPaidConvert = 5000;    // a conversion column above this was paid when chosen
constexpr double kGuardNoMining = -500;  // a guard on its way does not stop to mine
// The end game and the first turns.
constexpr int kFirstTurns = 10;  // without a yard, the first ship builds one by then
constexpr int kLateStep =
    385;  // after this, no yard without cargo to pay it and no defensive spawn while several yards
constexpr double kLateConvertCargo = 800;  // ... the fleet's cargo that still pays a late yard
constexpr double kFirstYardCargo = 1200;   // without a yard, a fleet carrying this converts even late
constexpr int kLastRescueSpawn = 390;      // a player without ships spawns until then

// Kaggle's ship actions, as the bot codes them in its navigation tables.
enum Dir : int { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };

// numpy's pairwise summation (add.reduce over a contiguous float64 array).
double np_sum(const double* a, size_t n);

// scipy.ndimage.gaussian_filter(mode='wrap', truncate 4) on an n x n map,
// rows then columns; `integer` as for an integer array (each pass truncated).
void gaussian_blur(const std::vector<double>& in, int n, double sigma, bool integer, std::vector<double>& out);

// The bot's table of mining turns: argmax over m in [1, 15] of
// (C + (1 - .75^m) 1.02^(n1+m) 500) / (n1 + n2 + m) with C from the
// cargo / halite class ch, rounded (its table was made by a bounded scalar
// minimiser; ours by golden sections to the same rounded optimum).
struct MiningTable {
  std::array<std::array<std::array<uint8_t, 15>, 22>, 22> steps{};
  MiningTable();
};
// The process-wide table, built on the first call.
const MiningTable& mining_table();

// scipy.optimize.linear_sum_assignment(maximize) on rows x cols: the
// (row, col) pairs in row order (wider than tall by transposing, as SciPy).
std::vector<std::pair<int, int>> assign_max(CrouseAssignment& solver, int rows, int cols,
                                            const std::vector<double>& score, bool maximize = true);

inline double clip(double a, double lo, double hi) {
  if (a <= lo) return lo;
  if (a >= hi) return hi;
  return a;
}
// Python's // on floats (CPython's float_floor_div: from fmod, not a / b).
inline double floordiv(double a, double b) {
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) div -= 1.0;
  }
  if (div == 0) return std::copysign(0.0, a / b);
  double fl = std::floor(div);
  if (div - fl > 0.5) fl += 1.0;
  return fl;
}

enum class ShipType {
  None,
  Mining,
  Returning,
  Hunting,
  ShipyardGuarding,
  Guarding,
  Defending,
  Converting,
  Constructing,
  ConstructionGuarding,
  Ending
};

// A hunting target as the bot keeps it: the enemy unit as it was when
// assigned (the bot holds the old object).
struct Target {
  bool yard = false;
  UnitId id{};
  int cell = 0;
  double cargo = 0;
  int owner = 0;
};

}  // namespace zeta

using namespace zeta;  // the model's files read these as their own

struct ZetaModelPolicy::Impl {
  bool final_ = false;  // zeta_final's rules (else zeta_best's)
  const Rules* rules = &kBestRules;
  std::vector<double> p;  // the set in play this turn: zeta_final's early set before early_until, then late
  std::vector<double> late, early;
  int early_until = 0;
  // ---- memory across turns ----
  bool started = false;
  int next_site = -1;
  int pseudo_site = -1;  // zeta_final: the third corner of a lone pair of yards, once chosen
  int first_yard_step = 0;
  int farming_end = 0;
  int last_yard_count = 0;
  double spawn_cost = 0;  // the bot's spawn budget of the last turn (twice the price while a yard is planned)
  std::vector<std::map<UnitId, int>> intrusions;  // per cell
  std::map<UnitId, Target> hunting_targets;       // by own ship
  std::vector<double> small_dom, small_safety, medium_dom, cargo_map;
  std::vector<int> region_map;

  // ---- this turn ----
  const State* s = nullptr;
  int me = 0, n = 0, cells = 0, step = 0;
  double bank = 0;
  double spawn_price = 500, convert_price = 500;  // the configuration's
  int ship_count = 0, yard_count = 0;
  std::vector<int> own;        // indices into s->ships(), the bot's order
  std::vector<int> enemies;    // indices into s->ships(), by player then order
  std::vector<int> own_yards;  // indices into s->shipyards()
  std::vector<int> yard_cells;
  std::vector<int16_t> ship_at, yard_at;  // per cell: ship / yard index or -1
  std::vector<double> halite, blurred, ultra;
  double max_ultra = 0;
  double mean_halite = 0, population = 0;
  int disc_cells = 0;
  std::vector<int> rank_of, map_rank_of, halite_rank_of;  // per player
  int rank = 0, map_rank = 0;
  std::vector<int> presence_diff;
  int ship_advantage = 0;
  double enemy_hunting_share = 0;
  int max_connections = 0, connected = 0;
  std::vector<int> enemy_dist, enemy_dist2, yard_dist;
  std::vector<char> is_farming, is_minor, is_guarding, is_yard, is_enemy_at;
  std::vector<int> farming, guarding_border, real_farming;
  bool spawn_limit = false;
  int harvest = 0;
  std::vector<int> reach;  // the assignment's position columns
  int distinct_positions = 0;
  std::vector<std::vector<int>> column_of;  // per cell
  int convert_columns = 0;
  std::vector<int> danger;     // least enemy cargo that can reach each cell
  std::vector<double> escape;  // zeta_final: own x cells, the escape count (see kEscapeNorm)
  double danger_tolerance = kDangerTolerance;
  std::vector<double> pref;  // own x (reach + convert) (integers)
  double cargo = 0;
  std::vector<ShipType> type;  // per own ship
  std::vector<int> planned_sites, planned_moves;
  std::vector<int> mining_target, deposit_target, border_guard;
  std::vector<char> yard_guard, urgent_guard;
  std::vector<int> returning, mining, hunting, guarding;
  std::map<UnitId, int> vulnerable;  // enemy id -> -2 trapped, -1 stays, or its escape Dir
  std::vector<UnitId> vulnerable_order;
  std::vector<std::pair<int, double>> vulnerable_cells;
  std::map<std::pair<UnitId, int>, int> escape_count;
  std::map<std::pair<UnitId, UnitId>, std::vector<int>> interceptions;
  double mining_beta = 0;
  std::vector<int> spawns;  // yard indices
  std::vector<int> order;   // per own ship: option (kMoveActions index or kConvertOption)
  CrouseAssignment solver;

  double P(int i) const { return p[static_cast<size_t>(i)]; }
  int PI(int i) const { return static_cast<int>(p[static_cast<size_t>(i)]); }
  const Ship& ship(int k) const { return s->ships()[static_cast<size_t>(own[static_cast<size_t>(k)])]; }
  int xof(int c) const { return c % n; }
  int yof(int c) const { return n - 1 - c / n; }
  int at(int x, int y) const { return (n - 1 - (((y % n) + n) % n)) * n + ((x % n) + n) % n; }
  int dist(int a, int b) const {
    const int dx = std::abs(xof(a) - xof(b)), dy = std::abs(yof(a) - yof(b));
    return std::min(dx, n - dx) + std::min(dy, n - dy);
  }
  int axis_dist(int a, int b) const {
    const int d = std::abs(a - b);
    return std::min(d, n - d);
  }
  int move(int c, int d) const {
    static constexpr int dx[4] = {0, 1, 0, -1}, dy[4] = {1, 0, -1, 0};
    return at(xof(c) + dx[d], yof(c) + dy[d]);
  }
  // The bot's reach order: stay, south, north, west, east.
  std::array<int, 5> in_reach(int c) const {
    return {c, move(c, kSouth), move(c, kNorth), move(c, kWest), move(c, kEast)};
  }
  std::array<int, 4> neighbours(int c) const {
    return {move(c, kSouth), move(c, kNorth), move(c, kWest), move(c, kEast)};
  }
  // The bot's navigation: the x move (west / east) first, then the y move.
  std::vector<int> nav(int from, int to) const {
    std::vector<int> out;
    auto code = [this](int a1, int a2, int smaller, int greater) {
      const int adiff = std::abs(a1 - a2), adist = std::min(adiff, n - adiff);
      const bool wrap = adiff != adist;
      int d = -1;
      if ((a2 > a1) != wrap) d = greater;
      if ((a1 > a2) != wrap) d = smaller;
      return d;
    };
    const int x = code(from % n, to % n, kWest, kEast), y = code(from / n, to / n, kNorth, kSouth);
    if (x >= 0) out.push_back(x);
    if (y >= 0) out.push_back(y);
    return out;
  }
  // The bot's "farthest directions" code (west 1, east 2, north 4, south 8).
  int farthest_code(int from, int to) const {
    auto code = [this](int a1, int a2, int smaller, int greater) {
      const int adiff = std::abs(a1 - a2), adist = std::min(adiff, n - adiff);
      const bool wrap = adiff != adist;
      int d = 0;
      if ((a2 > a1) != wrap) d = greater;
      if ((a1 > a2) != wrap) d = smaller;
      return std::pair{adist, d};
    };
    const auto [xd, xc] = code(from % n, to % n, 1, 2);
    const auto [yd, yc] = code(from / n, to / n, 4, 8);
    if (yd < xd) return xc;
    if (yd > xd) return yc;
    return xc + yc;
  }
  std::vector<int> radius_list(int c, int r) const {
    std::vector<int> out;
    for (int q = 0; q < cells; ++q)
      if (dist(c, q) <= r) out.push_back(q);
    return out;
  }

  void reset(int farming_end0) {
    started = false;
    next_site = -1;
    pseudo_site = -1;
    first_yard_step = 0;
    farming_end = farming_end0;
    last_yard_count = 0;
    spawn_cost = 0;  // set on the first turn
    intrusions.clear();
    hunting_targets.clear();
    small_dom.clear();
    small_safety.clear();
    medium_dom.clear();
    cargo_map.clear();
    region_map.clear();
  }

  // The turn, in its steps (zeta_model.cpp).
  void decide(const State& st, int player, PolicyDecision& d);
  bool start_turn(const State& st, int player);  // false: the player is out
  void list_units();
  void read_halite();
  void rank_players();
  void measure_distances();
  void start_ship_plans();
  void update_spawn_cost();
  void assign_moves();
  void plan_spawns();
  void write_orders(PolicyDecision& d) const;
  void compute_maps();
  std::vector<double> dominance(double sigma, double factor) const;
  void compute_regions();
  double cell_score(int k, int cell) const;
  void fill_preferences();
  void find_vulnerable();
  int estimate_farming_end() const;
  int harvest_threshold() const;
  bool reached_spawn_limit() const;
  void plan_site();
  int best_site() const;
  void build_yards();
  bool should_convert(int k) const;
  bool good_triangle(int cell) const;
  int populated(int cell) const;
  int excircle_midpoint(int a, int b, int c) const;
  bool is_triangle(int a, int b, int c) const;
  void convert(int k);
  void spawn(int yard);
  void guard_yards();
  int guard_position(int site, std::vector<UnitId>& taken);
  void move_ships();
  // The target assignments (zeta_model_targets.cpp): mining, then hunting,
  // then guards.
  void assign_targets();
  std::vector<int> mining_columns() const;
  void assign_mining();
  void retype_miners(const std::vector<std::pair<int, int>>& ship_targets);
  // The hunting assignment, as the guards read it.
  struct Hunts {
    std::vector<std::pair<int, int>> columns;  // (direction code, enemy)
    int cols = 0;
    std::vector<double> scores;              // hunters x columns
    std::vector<std::pair<int, int>> pairs;  // (hunter row, column)
    std::vector<char> hunted_now;            // per ship of the state
    std::vector<double> assigned;            // the pairs' scores
  };
  Hunts assign_hunting();
  void assign_guards(Hunts& hunts);
  int guard_index(int hunters) const;
  void pick_guards(const Hunts& hunts, double threshold);
  void assign_defenders(const std::vector<Target>& targets);
  void assign_border_guards();
  ShipType ship_type(int k) const;
  double mining_score(int k, int ship_cell, int cell, double cargo_k) const;
  double hunting_score(int k, int e);
  bool interception(int k, int e, int safe, std::vector<int>* dir, int* idist, int* ipos) const;
  int farming_between(int src, int dst, bool x_axis) const;
  void change(int k, int cell, double delta);
  void prefer(int k, const std::vector<int>& dirs, double weight, bool penalize_farming = true,
              bool reduce_farming_penalty = false, int destination = -1);
  int nearest_yard(int c) const;
  void handle_returning(int k);
  void handle_mining(int k);
  void handle_hunting(int k);
  void handle_guarding(int k);
  void handle_constructing(int k, double weight);
  double border_score(int ship_cell, int border) const;
  int own_index(UnitId id) const {
    for (size_t k = 0; k < own.size(); ++k)
      if (ship(static_cast<int>(k)).id == id) return static_cast<int>(k);
    return -1;
  }
  bool typed(int k) const { return type[static_cast<size_t>(k)] != ShipType::None; }
  bool in_list(const std::vector<int>& v, int x) const { return std::find(v.begin(), v.end(), x) != v.end(); }
};

}  // namespace halite::opponents
