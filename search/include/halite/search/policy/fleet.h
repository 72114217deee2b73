// The fleet policy: the base policy that the `fleet` planner plays
// (planners/fleet_planner.h) and that search planners use for their own ships
// and as the model of strong opponents.
//
// What the strongest 2020 bots did (../shared/design/strategy-notes.md),
// rebuilt on this framework's shared pieces. Each turn, for one player:
//
//  1. Maps. Per cell: the least cargo of an enemy ship that can be there
//     after this turn (DangerMap) and within two moves (for next turn's
//     escapes); the least cargo of an enemy ship within each distance (a
//     target is not chosen where a lighter enemy arrives first); a control
//     map: own minus enemy presence blurred by a Gaussian, empty ships
//     counting fully and loaded ones less, yards too (who holds a region);
//     the box map: the cargo above which a ship of ours is boxed in (a
//     lighter enemy ahead in every direction before an own yard).
//  2. Economy. The first yard at once; spawn while a new ship is expected to
//     repay its cost (the board's halite shared among all ships over the
//     useful turns left); another yard each time the fleet outgrows the
//     ships its yards serve, on the richest site at a set distance from own
//     yards and away from enemy yards; the bank keeps a reserve for defensive
//     spawns and the conversion's cost while the builder travels.
//  3. Roles through one assignment. Ships x targets, one min-cost
//     (Hungarian) assignment, all values in halite per turn:
//     - mining cells, by the carried-halite rate of the trip (the Halite III
//       post-mortem's rate over the whole trip, with optional per-turn
//       discount, cargo and return weights as the 4th-place bot used them),
//       less where a lighter enemy arrives first or the enemy holds the
//       region; cells near own yards wait a little longer (they regrow);
//     - home: the cargo over the distance (raised when enemies close in);
//     - hunting: the four sides of an enemy ship carrying more, so that
//       hunters box a target in; worth more against a target with no free
//       escape and in our region;
//     - guarding an own yard as close as the nearest enemy ship;
//     - building the planned yard; ramming enemy yards that cannot spawn a
//       defender, and any in the last turns;
//     - (off by default) escorting a loaded own ship that is boxed in;
//     - (off by default, and only while the farm grows) standing guard on
//       the farm's edge, where other players' miners would come in.
//     Before it (off by default), surrounds: an enemy ship with cargo whose
//     every direction a lighter ship closes gets one own ship per direction
//     and one on it, ahead of every other role.
//  4. Moves. Each ship's five moves are costed by progress toward its target
//     at its rate, plus safety: a lighter enemy can reach the cell (death),
//     an equal one can (a trade), the cell leaves no safe escape next turn
//     (a trap), a loaded ship ends boxed in, an enemy yard, a yard about to
//     spawn. The shared MoveResolver gives the collision-free joint move.
//     A loaded ship with no safe move converts when that saves its cargo; a
//     yard spawns when an enemy is next to it and no own ship will be on it,
//     unless defenders spawned there were sunk at once `max_lost_defenders`
//     times (an attacker that keeps coming would drain the bank ship for
//     ship) and the player holds more than `defend_last_yards` yards. On
//     those last yards only an own ship no lighter enemy can sink is cover.
//
// Every number is a declared parameter (fleet_params.h, `halite params
// fleet`). Its sources follow the steps: fleet_maps.cpp (1), fleet_economy.cpp
// (2), fleet_roles.cpp and fleet_mining.cpp (3), fleet.cpp (4 and decide()),
// fleet_params.cpp (the parameters). The policy keeps two things across
// turns: the planned yard site, so that a builder is not sent back and forth,
// and how many defenders each yard lost. reset() forgets them, and with
// `remember` = 0 the policy is a pure function of the state (what simulations
// of opponents use).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "halite/search/game_memory.h"
#include "halite/search/planner.h"
#include "halite/search/policy/common.h"
#include "halite/search/policy/fleet_params.h"
#include "halite/search/reasons.h"

namespace halite::search {

// Deterministic. Buffers are reused: after the first turns decide() does
// not allocate.
class FleetPolicy {
 public:
  // What each ship was given to do by the last decide().
  enum class Role : uint8_t { Mine, Home, Hunt, Guard, Build, Ram, Escort, Patrol, Idle };
  static constexpr int kRoles = 9;
  struct RoleCounts {
    int count[kRoles] = {};
    int of(Role r) const { return count[static_cast<int>(r)]; }
  };

  explicit FleetPolicy(const FleetParams& params);
  // New parameters (a refitted opponent model); keeps the planned site.
  void set_params(const FleetParams& params);
  const PolicyDecision& decide(const State& state, int player);
  // The defensive spawns for `ship_choices`, the moves to be played after
  // the last decide() on `state` (a search planner may have changed them):
  // every own yard with an enemy ship next to it and no own ship ending on
  // it spawns, as decide() does for its own moves, while the bank after
  // decide()'s economy and the spawns already in `spawn_yards` allows and
  // max_lost_defenders / defend_last_yards let it. Adds to `spawn_yards`
  // (kept sorted). decide() ends with it.
  void add_defenders(const State& state, int player, const std::vector<std::pair<int, int>>& ship_choices,
                     std::vector<int>& spawn_yards) const;
  // The orders played this turn on the last decide()'s `state`, when a
  // search planner changed decide()'s: its defensive spawns are the ones
  // counted next turn for max_lost_defenders (with `remember`).
  void note_played(const State& state, int player, const State::Orders& orders);
  // decide() and stage the result on `state` (for simulations).
  void stage(State& state, int player);
  // A new game: forget the planned yard site and the defenders lost.
  void reset();
  // Where each ship of the next decide()'s state ends this turn, for enemy
  // ships whose orders are known: a cell, kConverts, or -1 (unknown; it may
  // end anywhere it can reach). Used when its size is the state's number of
  // ships; an empty vector (the default) predicts nothing.
  static constexpr int kConverts = kPredictedConvert;
  void set_predicted_cells(std::vector<int> cells) { predicted_ = std::move(cells); }
  // How much each player's ships press on ours, in [0, 1] (all 1 until set;
  // threat_weights() reads them off the game memory): an enemy ship's weight
  // in the pressure (pressure_penalty, pressure_discount, risk_return_bias)
  // is multiplied by its owner's. Danger, traps and boxes count every ship.
  using ThreatWeights = std::array<double, kMaxPlayers>;
  static ThreatWeights full_threat() {
    ThreatWeights w;
    w.fill(1.0);
    return w;
  }
  void set_threat_weights(const ThreatWeights& weights) { threat_ = weights; }
  const FleetParams& params() const { return p_; }
  const Geometry& geometry() const { return geo_; }
  // The per-move costs of the last decide() (ship_choices order), for
  // planners that search over moves with this policy as the prior.
  const std::vector<MoveRequest>& requests() const { return requests_; }
  // The planned yard site (-1: none) and the control map of the last decide().
  int planned_site() const { return site_; }
  double control(int cell) const { return control_[cell]; }
  // The box map of the last decide(): a ship of ours carrying more than this
  // is boxed in on `cell` (+inf there, and everywhere when box_penalty is 0).
  double box_cargo(int cell) const { return box_cargo_[cell]; }
  // How many defenders spawned at `yard` were sunk the turn they appeared
  // (counted with `remember`).
  int lost_defenders(UnitId yard) const;
  // How many own ships took each role in the last decide() (converting ships
  // count as Build; Home holds ships with cargo going home, Idle those
  // without cargo and without a target).
  const RoleCounts& roles() const { return roles_; }
  // The last decide()'s reasons, added to `reasons`' units (Planner::explain;
  // `state` and `player` are the ones decide() was given): each ship's role,
  // the value of its move (the move's cost, negated: halite per turn) and of
  // the best other, the danger where it ends; why each spawning yard spawns.
  void explain(const State& state, int player, TurnReasons& reasons) const;
  // How many ships' mining targets came from the mining memo (the last
  // decide()'s) instead of a whole search, over this policy's life.
  uint64_t mining_memo_hits() const { return mining_memo_hits_; }

 private:
  struct Column {
    Role role;
    int cell;    // where the ship heads
    int target;  // enemy ship index (Hunt), yard index (Guard, Ram), own ship index (Escort), else -1
  };

  // Which of last turn's defenders were sunk at once (into lost_defenders_).
  void count_lost_defenders(const State& s, int player);
  // This turn's defenders: the spawns of `spawn_yards` beyond the economy's.
  void note_defenders(const State& s, int player, const std::vector<int>& spawn_yards);
  void compute_maps(const State& s, int player);
  void compute_enemy_maps();
  void plan_economy(const State& s, int player);
  void choose_site(const State& s, int player);
  // The halite within site_radius of `cell` (itself left out), each term
  // halite x (radius + 1 - distance) passed through `weigh`: the one sum
  // behind site_score() (an exact division) and its bound (a product).
  template <class Weigh>
  double site_sum(const State& s, int cell, Weigh weigh) const;
  double site_score(const State& s, int cell) const;
  // At least site_score(), at a fraction of its cost.
  double site_score_bound(const State& s, int cell) const;
  void assign(const State& s, int player);
  // assign()'s steps: the least halite worth mining per cell, the farm and
  // its posts; each enemy ship's escapes and whether it is spared, which
  // enemy yards are defended, how near the enemy is to each own yard; every
  // row's candidates and the assignment over them.
  void plan_harvest(const State& s, int player);
  void size_up_enemies(const State& s, int player);
  void solve_assignment(const State& s, int player);
  // The tables of powers and rate bounds, refilled when the rules or the
  // parameters they depend on change.
  void fill_tables(const Config& cfg);
  // What score_ship() needs of every cell worth mining, the same for every ship.
  void prepare_mining(const State& s);
  // Compares this decide()'s mine_cells_ with the last one's (mining_memo_
  // says whether the rest of the inputs are the same), for best_mining_targets().
  void diff_mining_cells(const State& s);
  // Keeps this decide()'s mining targets for the next one.
  void keep_mining_memo(const State& s);
  void score_ship(const State& s, int player, int row);
  // The farm's posts as candidates of an empty ship on `cell` (farm guards).
  void score_posts(const State& s, int cell);
  // Into top_: the best targets_per_ship mining targets (value, cell) of a
  // ship on `cell` carrying `cargo`, best first.
  void best_mining_targets(const State& s, int cell, double cargo);
  // What best_mining_targets() weighs every cell with, for one ship.
  struct MiningTrip {
    int from;            // the ship's cell
    double x;            // its cargo
    size_t k;            // targets kept
    int left;            // steps left
    int max_t;           // the most turns a trip mines its cell
    double cap;          // maxCellHalite
    double carried;      // the cargo's part of a trip's value
    double stay_factor;  // a trip to the cell the ship is on is worth this times more
    bool prune;          // cells are passed over by their bounds
  };
  struct MineCell;
  // Whether a target worth `value` (or any less) on `cell` would enter top_.
  bool can_enter(const MiningTrip& trip, double value, int cell) const;
  // At least the value consider_mining() gives a trip to m, d1 moves away,
  // where it finds hv halite.
  double mining_value_bound(const MiningTrip& trip, const MineCell& m, int d1, double hv) const;
  // A trip to m, d1 moves away, into top_ when it is among the best so far
  // (else its value, or the bound it was passed over with, into outside_best_).
  void consider_mining(const MiningTrip& trip, const MineCell& m, int d1);
  // Into top_ from the mining memo: false when the memo cannot give the
  // best targets (top_ is left empty then).
  bool mining_targets_from_memo(const MiningTrip& trip);
  // The cells within kNearRadius and on, ring by ring, until top_ is full:
  // the distance reached.
  int mine_near_cells(const MiningTrip& trip);
  // The cells farther than `near` whose bounds can enter top_.
  void mine_far_cells(const MiningTrip& trip, int near);
  // top_ into the mining memo for the next decide().
  void remember_mining_targets(const MiningTrip& trip);
  void cost_moves(const State& s, int player);
  // Where the ship of assignment row `row` heads and how much a move nearer
  // is worth (cost_moves()).
  struct Heading {
    Role role;
    int target;   // the cell it heads for
    int victim;   // the enemy ship it hunts (-1: none)
    double rate;  // value of a move nearer, in [1, kForcedValue / 100]
    int slack;    // how near the target counts as there
  };
  Heading heading(const State& s, int player, int row) const;
  // Into surround_cell_ / surround_victim_: the surrounds of this turn,
  // best first (most ships, then the most cargo, then the least distance),
  // each from the own ships earlier ones left.
  void plan_surrounds(const State& s, int player);
  // The surround of enemy ship `victim` from the own ships not yet taken:
  // false when it is not kept (too few ships, a direction open).
  struct Surround {
    int victim;
    int hunters;             // own ships in it
    int distance;            // their summed distances to the victim
    std::array<int, 5> row;  // per direction (cone order), then on the target: a row, -1: none
  };
  bool find_surround(const State& s, int player, int victim, Surround& out);
  // box_cargo_ from the enemy ships, own yards and this turn's sites.
  void compute_box_map(const State& s, int player);
  // The assignment column for `key` (created on first use).
  int column_of(int key, Role role, int cell, int target);
  // The moves of enemy ship `enemy` that no own ship lighter than it can
  // reach this turn and that do not end on an own yard.
  int free_escapes(const State& s, int enemy) const;
  // Sum of the weights of enemy ships lighter than `cargo` near `cell`.
  double pressure(int cell, double cargo) const {
    double sum = 0;
    for (int k = pressure_begin_[cell]; k < pressure_begin_[cell + 1]; ++k)
      if (pressure_[static_cast<size_t>(k)].first < cargo) sum += pressure_[static_cast<size_t>(k)].second;
    return sum;
  }
  // map[c] = min(map[c], cargo) for every cell c within `radius` moves of `cell`.
  void lower_within(std::array<double, kMaxCells>& map, int cell, int radius, double cargo) const {
    for (int dr = -radius; dr <= radius; ++dr)
      for (int dc = -(radius - std::abs(dr)); dc <= radius - std::abs(dr); ++dc) {
        double& v = map[offset(cell, dr, dc)];
        v = std::min(v, cargo);
      }
  }
  // offset_cell() through wrap_ (filled by compute_maps()) for offsets within its margin.
  int offset(int cell, int dr, int dc) const {
    const int n = geo_.size();
    if (std::abs(dr) > kWrapMargin || std::abs(dc) > kWrapMargin) return offset_cell(cell, dr, dc, n);
    return wrap_[static_cast<size_t>(cell / n + dr + kWrapMargin)] * n +
           wrap_[static_cast<size_t>(cell % n + dc + kWrapMargin)];
  }
  // The least cargo of an enemy ship within distance d of cell c.
  double lighter_within(int cell, int d) const {
    return within_[static_cast<size_t>(cell) * within_stride_ + std::min(d, within_stride_ - 1)];
  }

  static constexpr int kMaxDist = 2 * kMaxBoardSize + 1;
  static constexpr int kMaxTurns = 61;  // bound of max_mine_turns + 1

  FleetParams p_;
  Geometry geo_;
  RoleCounts roles_;
  std::vector<double> kernel_;  // Gaussian weights by (dr, dc) offset, (2R+1)^2
  int kernel_radius_ = 0;
  // Maps (compute_maps).
  DangerMap danger_;
  // With predicted enemy orders (predicted_): the least cargo of an enemy
  // ship ending on each cell this turn (unknown ones: wherever they can
  // reach), and the cargo of the predicted ships ending there (-inf where an
  // unknown one may end).
  std::vector<int> predicted_;
  bool predicting_ = false;
  std::array<double, kMaxCells> exact_danger_{}, prey_{};
  std::array<double, kMaxCells> danger2_{};        // least enemy cargo within distance 2 (-1: enemy yard); with
                                                   // predicted_escapes, of predicted ships within 1 of their ends
  std::array<double, kMaxCells> control_{};        // own minus enemy presence
  std::array<double, kMaxCells> own_reach_min_{};  // least own cargo that can be there after this turn
  std::vector<double> within_;                     // cells x within_stride_: least enemy cargo within d
  int within_stride_ = 1;                          // the board's greatest distance + 1
  // What the maps of the enemy ships alone (within_, pressure_, enemy_on_,
  // enemy_danger2_) were computed for: the board size, pressure_radius and
  // the enemy ships (cell, cargo, pressure weight) in the state's order.
  struct EnemyShip {
    int cell;
    double cargo;
    double pressure_weight;  // its owner's threat weight
    bool operator==(const EnemyShip&) const = default;
  };
  std::vector<EnemyShip> enemies_, enemy_maps_ships_;
  ThreatWeights threat_ = full_threat();
  int enemy_maps_size_ = 0, enemy_maps_radius_ = -1;
  std::array<double, kMaxCells> enemy_danger2_{};  // danger2_ before the yards
  // wrap_[x + kWrapMargin]: row (or column) x of the board taken round the torus.
  static constexpr int kWrapMargin = 2 * kMaxBoardSize;
  std::array<int16_t, kMaxBoardSize + 2 * kWrapMargin> wrap_{};
  int wrap_size_ = 0;
  std::vector<int> pressure_begin_, pressure_fill_;  // per cell: its range in pressure_
  std::vector<std::pair<double, double>> pressure_;  // (enemy cargo, weight) near each cell
  std::array<uint8_t, kMaxCells> yard_cell_{};       // 1: own yard, 2: enemy yard
  std::array<uint8_t, kMaxCells> enemy_on_{};        // an enemy ship stands there
  // The box map (compute_box_map): a ship carrying more than box_cargo_[c]
  // is boxed in on c (+inf: some direction is open, or the map is off).
  std::array<double, kMaxCells> box_cargo_{};
  struct BoxOffset {
    int8_t dr, dc, dist;
    uint8_t cones;  // bit k: in direction k's cone (a diagonal offset is in two)
  };
  // Every offset within box_radius but (0, 0), each axis within
  // [-(n - 1) / 2, n / 2]: one offset per pair of cells on small boards.
  std::vector<BoxOffset> box_offsets_;
  int box_offsets_radius_ = -1, box_offsets_size_ = 0;
  // What box_cargo_ was computed for: the enemy maps' and the parameters'
  // generations and our yards' cells (0: not computed).
  uint32_t box_map_generation_ = 0, box_map_params_ = 0;
  std::vector<int> box_yards_, box_map_yards_;
  std::vector<int> box_escape_;    // cells x 4: the nearest own yard's distance in each cone (box_radius + 1: none)
  std::vector<double> box_cover_;  // cells x 4: the least cargo of an enemy ship nearer than that yard
  double board_halite_ = 0;
  // Economy (plan_economy).
  int site_ = -1;  // the planned yard site, kept across turns
  // Defensive spawns of the last decide() and, per yard, how many of them
  // were sunk the turn they appeared (kept across turns with `remember`).
  struct Defender {
    UnitId yard;
    int cell;
    int step;
  };
  std::vector<Defender> defenders_;
  std::vector<std::pair<UnitId, int>> lost_defenders_;
  int builder_ = -1;              // ship index heading for the site this turn
  std::vector<int> converts_;     // ship indices converting this turn
  std::vector<int> spawn_yards_;  // spawns for the economy
  double bank_after_ = 0;
  int my_ships_ = 0, my_yards_ = 0, max_enemy_ships_ = 0;
  // Roles (assign).
  std::vector<int> sites_;  // cells of this turn's conversions
  std::array<int16_t, kMaxCells> home_{};
  // Per cell, how many moves nearer an enemy yard than own yards (0: none).
  std::array<int16_t, kMaxCells> enemy_yard_lead_{};
  std::array<double, kMaxCells> harvest_min_{};  // least halite worth mining
  std::array<uint8_t, kMaxCells> farm_{};        // cells left to regrow to harvest_threshold_
  std::vector<int> farm_posts_;                  // farm cells next to a cell outside the farm (farm guards' posts)
  double harvest_threshold_ = 0;
  double cargo_weight_ = 1;
  double enemy_discount_scale_ = 1;  // late_discount_scale in the last late_discount_steps steps, else 1
  bool safe_cells_wait_ = false;     // safe_discount > 0 and not in the last safe_end_steps steps
  std::array<double, kMaxTurns> keep_{};
  std::array<double, kMaxDist + kMaxTurns> discount_{};
  std::array<double, kMaxDist> growth_{};
  std::array<double, kMaxDist> mined_left_{};  // (1 - collect_rate)^k: a cell mined k turns by an enemy
  double log_keep_ = 0;                        // log(1 - collect_rate)
  // Per whole number of moves d of a trip: bounds on the mining rate over
  // every t, max_t keep_[t] / (d + t), and on the cargo's, 1 / (d + 1).
  static constexpr int kTripBounds = 3 * kMaxDist;
  std::array<double, kTripBounds> mined_rate_bound_{}, carried_rate_bound_{};
  // What the tables above (and keep_, discount_, growth_) were filled for.
  bool tables_filled_ = false;
  double tables_collect_rate_ = 0, tables_regen_rate_ = 0, tables_step_discount_ = 0;
  int tables_max_t_ = 0;
  // A cell worth mining this turn (prepare_mining), in cell order.
  struct MineCell {
    int cell;
    int home;  // distance to the nearest own yard (home_)
    double halite;
    double held;          // a trip's value factor where the enemy holds the region
    double held_pressed;  // held x exp(-pressure_discount x the pressure of every enemy near the cell)
    double lightest_presser, heaviest_presser;  // least and most cargo of those enemies (+inf, -inf: none)
    double territory;  // exp(-enemy_yard_discount x enemy_yard_lead_), 1 where no enemy yard is nearer; / the safe
                       // cell's divisor
    bool farm;
    bool enemy_on;
  };
  std::vector<MineCell> mine_cells_;
  std::array<int16_t, kMaxCells> mine_index_{};  // per cell: its index in mine_cells_, -1: not worth mining
  std::array<int16_t, kMaxCells> picked_{};      // indices into mine_cells_ a ship's search visits
  // The cells by distance from cell 0, as (row, column) offsets (ring_begin_[d]: the first at distance d).
  int ring_size_ = 0;
  std::vector<std::pair<uint8_t, uint8_t>> ring_;
  std::vector<int> ring_begin_;
  bool mining_bounded_ = false;              // the bounds score_ship() prunes with hold
  bool single_peak_ = false;                 // a trip's rate over t has one peak (no discount)
  int peak_ = 1;                             // the t at which the last trip's rate peaked
  std::vector<std::pair<double, int>> top_;  // a ship's best mining targets so far (value, cell), best first
  // The mining memo. A search asks decide() about many states one turn
  // apart from one root, differing in a few ships; most ships stand where
  // they stood, with the same cargo, and most cells' MineCell is the same.
  // A ship's best targets depend only on its cell, its cargo, the MineCells
  // and inputs that change only with the step, the rules, the parameters and
  // the enemy ships (within_, pressure_). So when those are the last
  // decide()'s, the best k of a ship on the same cell with the same cargo
  // are those of its last best whose cells did not change and of the changed
  // cells, provided they beat every cell left out then (outside_best: the
  // most any of those is worth, by value, by the bound it was passed over
  // with, or by the k-th best of the near cells for the far cells passed
  // over without a look); else the whole search.
  struct MiningMemo {
    uint32_t generation;  // == memo_generation_: from the last decide()
    double cargo;
    double outside_best;  // -inf: no cell worth mining was left out
    int begin, count;     // its targets in memo_targets_
  };
  double outside_best_ = -kInf;  // of the search under way: the most a cell left out of top_ is worth
  std::array<MiningMemo, kMaxCells> mining_memo_{};  // per cell of the ship asking
  std::vector<std::pair<double, int>> memo_targets_, next_memo_targets_;
  std::vector<MineCell> last_mine_cells_;
  uint32_t memo_generation_ = 0;  // the last decide()'s; 0: none to use
  uint64_t mining_memo_hits_ = 0;
  bool memo_usable_ = false;  // this decide()'s inputs but the MineCells are the last one's
  int last_step_ = -1;
  Config last_config_;
  uint32_t params_generation_ = 0, last_params_generation_ = 0;          // set_params() calls
  uint32_t enemy_maps_generation_ = 0, last_enemy_maps_generation_ = 0;  // compute_enemy_maps() calls
  std::array<uint8_t, kMaxCells> mine_changed_{};  // per cell: its MineCell differs from the last (or is new or gone)
  std::vector<int> changed_mine_;                  // indices into mine_cells_ of the changed cells worth mining now
  std::vector<int> escapes_;                       // per ship index: free escapes of an enemy ship
  std::vector<uint8_t>
      spared_;  // per ship index: an enemy ship within hunt_home_radius of one of its yards (not hunted)
  std::vector<uint8_t> defended_;  // per yard index: an enemy yard can put a defender on its cell
  std::vector<int> yard_threat_;   // per yard index: distance of the nearest enemy ship to an own yard
  std::vector<int> rows_;          // own ship indices in the assignment
  std::vector<Column> columns_;
  std::vector<int> key_column_, used_keys_;
  std::vector<std::pair<int, double>> cands_;  // (column, value), grouped by row
  std::vector<int> cand_begin_;
  std::vector<double> private_value_;
  std::vector<Role> private_role_;
  // Surrounds (plan_surrounds): per row, the cell a surrounding ship heads
  // for and the enemy ship index it surrounds (-1: none); per ship index, its
  // row (-1: not one of ours in the assignment).
  std::vector<int> surround_cell_, surround_victim_, row_of_ship_;
  std::vector<uint8_t> surround_free_;  // per row: may join a surround
  std::vector<Surround> surrounds_;
  std::vector<int> surround_cands_;  // rows near the victim being planned
  std::vector<double> surround_cost_;
  Assignment surround_assignment_;
  int shared_columns_ = 0;
  std::vector<double> cost_;
  std::vector<int> row_column_;  // chosen column per row
  Assignment assignment_;
  // Moves (cost_moves, decide).
  std::vector<int> spawn_cells_, shared_cells_;
  MoveResolver resolver_;
  std::vector<MoveRequest> requests_;
  PolicyDecision decision_;
};

// Our policy at the root (`own`) and its stateless copy for simulated turns
// (`model`) play base.against_known() once every opponent is recognised
// (`known`), `base` otherwise, as beam and mcts do; `playing_known` records
// which, and nothing is set when it is already so.
void play_known_values(bool known, const FleetParams& base, bool& playing_known, FleetPolicy& own, FleetPolicy& model);

// Behaviour as GameMemory measures it (PlayerMemory::approach_rate(),
// guard_rate()).
struct FleetBehaviour {
  double approach_rate;
  double guard_rate;
};
// What GameMemory measures on the fleet policy at its defaults in self-play
// on 21x21, 10 games each (docs/search.md): approach 0.134 (4-player) and
// 0.115 (2-player); guard 0.998 and 0.999.
inline constexpr double kFleetApproachRate = 0.13;
inline constexpr double kFleetGuardRate = 0.99;
FleetBehaviour fleet_reference_behaviour();

// Each player's threat weight (FleetPolicy::set_threat_weights) from what
// the game memory saw: an opponent's sink_rate(threat_sink_rate,
// threat_prior_turns) over threat_sink_rate, at most 1. All 1 when
// threat_sink_rate is 0, and for the memory's own player.
FleetPolicy::ThreatWeights threat_weights(const FleetParams& params, const GameMemory& memory);
// Those weights, from `own`'s parameters, set on our policy at the root
// (`own`) and on its stateless copy for simulated turns (`model`), as beam
// and mcts do every turn.
void set_threat_weights(const GameMemory& memory, FleetPolicy& own, FleetPolicy& model);

// The fleet parameters that model an opponent from what the game memory saw
// it do: hunting scaled by how often its empty ships closed on our loaded
// ones, guarding by how often it guarded a threatened yard, each relative to
// what the fleet policy itself does; the cells it mines (harvest_ratio) by
// how rich its mined cells were against ours (`own`: our own memory entry,
// whose mining the base parameters drove in this very game); each within a
// factor of 4 either way. A player seen little stays near `base` (the
// memory's statistics start at their priors). docs/opponent-models.md has
// what the public bots show.
FleetParams opponent_model(const FleetParams& base, const PlayerMemory& observed, const PlayerMemory& own);

}  // namespace halite::search
