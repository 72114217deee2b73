// State: the whole Halite IV game at one step, as a compact value.
//
// Design (see ../shared/design/architecture.md):
//  * Trivially copyable, fixed capacity, no heap: `State copy = state;` is a
//    memcpy of sizeof(State) bytes (about 16 KB, whatever the board uses).
//    In a loop that refills the same states, `dst.assign_from(src)` gives the
//    same result at the cost of what the source uses (see Copying below).
//  * Exact: cell halite is a double updated by the same operations, in the
//    same order, as the reference (kaggle-environments `halite`). Cargo and
//    banks are doubles too: they hold integers exactly under the default
//    rules and the reference's fractional values when moveCost > 0.
//  * Ids are compact integers inside (UnitId); Kaggle strings only at the
//    JSON boundary.
//  * A turn resolves incrementally: stage commands one unit at a time
//    (each answered with whether it will take effect), read the state in
//    between, then resolve(). step() does both for a whole turn.
//
// Ordering. ships() and shipyards() are sorted by id, which is creation
// order: the order in which the reference walks a player's units (it decides
// which spawn or conversion is paid first, and which new unit gets which id).
//
// Capacity. At most kMaxShips ships and kMaxShipyards shipyards are on the
// board at once (over all players). A spawn or conversion past the cap throws
// CapacityError: the engine never silently drops a unit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "halite/config.h"

namespace halite {

inline constexpr int kMaxShips = 400;
inline constexpr int kMaxShipyards = 128;

// A unit id: Kaggle's "<label>-<k>" packed as label * 4096 + k. `label` is
// the index of the state the unit first appears in; k counts (from 1) the
// spawns and conversions of that turn over all players. Packed ids order as
// creation order.
struct UnitId {
  uint32_t value = 0;
  static constexpr uint32_t kSerialBits = 12;
  static constexpr UnitId make(uint32_t label, uint32_t serial) { return UnitId{(label << kSerialBits) | serial}; }
  constexpr uint32_t label() const { return value >> kSerialBits; }
  constexpr uint32_t serial() const { return value & ((1u << kSerialBits) - 1); }
  std::string str() const;  // "label-serial"
  // Parses "label-serial" as str() writes it (no leading zeros); false (and
  // *out untouched) when it is not of that form or out of range.
  static bool parse(std::string_view text, UnitId* out);
  constexpr auto operator<=>(const UnitId&) const = default;
};

enum class Status : uint8_t { Active, Done, Error, Invalid, Timeout };
const char* status_name(Status);
// Kaggle's failure statuses: the player's units are removed and its reward is
// null from the step they occur.
constexpr bool is_failure(Status s) {
  return s == Status::Error || s == Status::Invalid || s == Status::Timeout;
}

// One order for one unit. Ships take None, the four moves and Convert;
// shipyards take None and Spawn. Anything else is ignored, as the reference
// ignores it (a ship given Spawn stays and mines).
enum class Action : uint8_t { None, North, South, East, West, Convert, Spawn };
const char* action_name(Action);  // Kaggle's word; "" for None
constexpr bool is_move(Action a) {
  return a >= Action::North && a <= Action::West;
}

struct Ship {
  double cargo;
  UnitId id;
  uint16_t cell;
  uint8_t owner;
  Action action;  // staged for this turn; None after resolve()
  bool operator==(const Ship&) const = default;
};

struct Shipyard {
  UnitId id;
  uint16_t cell;
  uint8_t owner;
  Action action;  // staged for this turn; None after resolve()
  bool operator==(const Shipyard&) const = default;
};

struct Player {
  double bank;
  // Kaggle's reward: the bank while ACTIVE; frozen at step - episodeSteps - 1
  // when eliminated; meaningless (null in JSON) for failure statuses.
  double reward;
  // Seconds left in the overage bank. Kept for the observation; the rules
  // never read it (the runner that times agents updates it).
  double remaining_overage_time;
  Status status;
  bool operator==(const Player&) const = default;
};

class CapacityError : public std::length_error {
 public:
  using std::length_error::length_error;
};

// Why a staged command would not take effect (stage() answers with this).
enum class StageResult : uint8_t {
  Ok,                  // takes effect when the turn resolves
  NotForThisUnit,      // a move/convert for a shipyard, spawn for a ship: ignored
  InsufficientHalite,  // spawn/convert the bank (plus cargo) cannot pay for now
  OnShipyard,          // convert on a cell that already has a shipyard
  PlayerNotActive,     // the player no longer acts; the order is ignored
};

class State {
 public:
  // The starting state for `num_players` (1, 2 or 4) players: the board the
  // reference generates for config.random_seed, one ship per player.
  // Throws std::invalid_argument for an invalid configuration or player count.
  static State initial(const Config& config, int num_players);

  // An empty state (no units, zero halite) on a validated configuration;
  // building block for the JSON codec and hand-made test positions.
  static State empty(const Config& config, int num_players, int step = 0);

  // ---- reading ---------------------------------------------------------
  const Config& config() const { return config_; }
  int size() const { return config_.size; }
  int cell_count() const { return config_.size * config_.size; }
  int step() const { return step_; }
  int num_players() const { return num_players_; }
  const Player& player(int p) const { return players_[p]; }
  double halite(int cell) const { return halite_[cell]; }
  // The board's cell_count() cells, row-major: for views that read the
  // board without copying it (the Python module's numpy views).
  std::span<const double> cells() const { return {halite_, static_cast<size_t>(cell_count())}; }
  std::span<const Ship> ships() const { return {ships_, static_cast<size_t>(num_ships_)}; }
  std::span<const Shipyard> shipyards() const { return {yards_, static_cast<size_t>(num_yards_)}; }
  // Index into ships()/shipyards() of the unit with this id, or -1.
  int find_ship(UnitId id) const;
  int find_shipyard(UnitId id) const;
  // True when the episode is over: every player DONE or failed.
  bool is_terminal() const;
  int active_players() const;

  // Cell arithmetic on the torus (cell = row * size + col).
  int row(int cell) const { return cell / config_.size; }
  int col(int cell) const { return cell % config_.size; }
  // The cell one step away (cell itself for None, Convert, Spawn); `cell`
  // must be on the board. No division: it runs for every moving ship of
  // every simulated turn.
  int neighbor(int cell, Action move) const;

  // ---- incremental turn ------------------------------------------------
  // Stage an order for one unit (by index into ships()/shipyards()),
  // replacing any order staged for it before. The order is always recorded
  // as the reference would treat it (an order a unit cannot take is stored
  // as None); the answer says whether it takes effect given everything this
  // player has staged so far, evaluated in the reference's order (spawns
  // before conversions, each in creation order). resolve() is authoritative.
  StageResult stage_ship(int index, Action action);
  StageResult stage_shipyard(int index, Action action);
  void clear_staged();

  // Marks a player as failed this turn (ERROR, INVALID or TIMEOUT), as the
  // Kaggle runner does when an answer raises, is malformed or is late: its
  // staged orders are dropped, its units act as if given no orders in this
  // turn's resolution, and then they and its bank are removed.
  void fail_player(int player, Status status);

  // Resolves the turn with the staged orders in the reference's order
  // (spawns, conversions and moves per player; ids; ship collisions; ship on
  // enemy shipyard; deposits; mining; regeneration; step + 1), then applies
  // the interpreter's rules: elimination, end of episode, statuses, rewards.
  // Staged orders are cleared. Throws CapacityError past the unit caps.
  // A no-op on a terminal state.
  void resolve();

  // Orders by id, as an agent answers: ids that are not this player's live
  // units are ignored, as the reference ignores them.
  struct Command {
    UnitId unit;
    Action action;
    bool operator==(const Command&) const = default;
  };
  using Orders = std::vector<Command>;
  void stage(int player, std::span<const Command> commands);
  // A whole turn: stage each player's orders (orders_by_player[p] for player
  // p; missing players give none), then resolve().
  void step(std::span<const Orders> orders_by_player);

  // ---- checking --------------------------------------------------------
  // Empty when all invariants hold; else a description of the first broken
  // one. Run after every resolve() in debug builds.
  std::string check() const;
  bool operator==(const State&) const = default;

  // ---- copying ---------------------------------------------------------
  // Makes *this the same as `src`, as `*this = src` does, moving only what
  // `src` uses: the header (configuration, step, counts, players,
  // regeneration bits), its live ships and shipyards (staged orders
  // included) and its size*size cells. Afterwards *this is byte for byte
  // the object `src` is: `*this == src`, `hash(*this) == hash(src)`, and
  // both continue identically. *this may be any State (another board size,
  // more or fewer units); self-assignment is a no-op.
  //
  // When to use it: in the inner loop of a search that resets scratch
  // states to a root again and again (`scratch.assign_from(root)` in place
  // of `scratch = root`). For a one-off copy, `State copy = state;` is as
  // good and needs no destination.
  //
  // Cost: 368 + 16 * ships + 8 * shipyards + 8 * size * size bytes moved
  // (5,568 for a 21x21 board with 100 ships and 9 shipyards, against the
  // 15,984 of a plain copy: about 47 ns against 108 ns on the loaded
  // development machine, docs/engine.md), plus zeroing the slots the
  // destination used beyond the source's counts and its cells beyond the
  // source's board.
  //
  // Invariant it relies on and keeps: in every State, unit slots past
  // ships().size() and shipyards().size(), and cells past cell_count(), are
  // zero. Every State the engine makes keeps it (check() verifies it), and
  // so `operator==` and hash() see only live data.
  inline void assign_from(const State& src) noexcept;

  // ---- construction (used by the JSON codec and tests) -----------------
  void set_step(int step) { step_ = step; }
  void set_halite(int cell, double value) {
    halite_[cell] = value;
    update_growing(cell);
  }
  Player& mutable_player(int p) { return players_[p]; }
  // Adds a unit keeping id order. Throws CapacityError when full and
  // std::invalid_argument for a bad cell, owner or a duplicate id.
  void add_ship(UnitId id, int cell, int owner, double cargo);
  void add_shipyard(UnitId id, int cell, int owner);

 private:
  // Every write of a staged action goes through these (they keep the
  // staged counts); recount_staged() after writing actions wholesale.
  void set_ship_action(Ship& ship, Action action) {
    staged_converts_ =
        static_cast<int16_t>(staged_converts_ - (ship.action == Action::Convert) + (action == Action::Convert));
    ship.action = action;
  }
  void set_yard_action(Shipyard& yard, Action action) {
    staged_spawns_ = static_cast<int16_t>(staged_spawns_ - (yard.action == Action::Spawn) + (action == Action::Spawn));
    yard.action = action;
  }
  // The staged spawns and conversions counted over the units (what the
  // kept counts must equal).
  struct StagedCounts {
    int spawns, converts;
  };
  StagedCounts count_staged() const;
  void recount_staged();
  void remove_marked_ships(const uint8_t* remove);
  void remove_marked_shipyards(const uint8_t* remove);
  // Throws CapacityError when this turn's staged spawns or conversions would
  // pass a unit cap; changes nothing. Returns whether any spawn or
  // conversion is staged at all.
  bool check_capacity() const;
  // resolve_board() runs the reference's board phases in order on shared
  // per-turn lookups (TurnScratch, state.cpp).
  struct TurnScratch;
  void resolve_board(bool spawns_or_conversions);
  void spawn_and_convert(TurnScratch& t);
  void move_ships(TurnScratch& t);
  void resolve_ship_collisions(TurnScratch& t);
  void resolve_shipyard_cells(TurnScratch& t);
  void mine(TurnScratch& t);
  void apply_interpreter();
  void regenerate(const uint16_t* ship_at);
  StageResult evaluate_staged(int player, int ship_index, int yard_index) const;

  // Layout: a fixed-size header (config_ to growing_) followed directly by
  // ships_, so that assign_from() moves the header and the live ships in one
  // block; then the shipyards and the cells, each used from its start.
  Config config_;
  int32_t step_ = 0;
  int16_t num_players_ = 0;
  int16_t num_ships_ = 0;
  int16_t num_yards_ = 0;
  uint8_t failing_ = 0;  // players failed this turn (bit per player): resolve() still runs
  // How many shipyards have Spawn staged and ships Convert: kept by every
  // write of an action, so that resolve() knows without a pass over the
  // units whether spawn_and_convert() has work and whether a cap is near.
  int16_t staged_spawns_ = 0;
  int16_t staged_converts_ = 0;
  Player players_[kMaxPlayers] = {};
  // One bit per cell whose halite regeneration can still change: neither 0
  // (which stays 0) nor exactly maxCellHalite (which stays there). A function
  // of halite_, kept in step by every write, so that regeneration visits
  // only these cells instead of branching over the whole board.
  uint64_t growing_[kMaxCells / 64] = {};
  // Slots past the counts, and cells past the board, are kept zeroed so that
  // a defaulted ==, the hash and assign_from() see only the live data.
  Ship ships_[kMaxShips] = {};
  Shipyard yards_[kMaxShipyards] = {};
  double halite_[kMaxCells] = {};
  void update_growing(int cell) {
    const double h = halite_[cell];
    const uint64_t bit = uint64_t{1} << (cell & 63);
    if (h != 0 && h != static_cast<double>(config_.max_cell_halite))
      growing_[cell >> 6] |= bit;
    else
      growing_[cell >> 6] &= ~bit;
  }
};

static_assert(std::is_trivially_copyable_v<State>, "State must be a memcpy value");

namespace detail {
// cell / n as (cell * kDivideBySize[n]) >> 16, with kDivideBySize[n] =
// ceil(2^16 / n): the rounding error, below cell / 2^16 <= 1/64, never
// reaches the next multiple of 1/n for n <= 32 (checked below for every size
// and every cell of the capacity, state.cpp).
inline constexpr auto kDivideBySize = [] {
  struct Table {
    uint32_t magic[kMaxBoardSize + 1] = {};
  } t;
  for (int n = 1; n <= kMaxBoardSize; ++n)
    t.magic[n] = (65536u + static_cast<uint32_t>(n) - 1) / static_cast<uint32_t>(n);
  return t;
}();
constexpr int divide_by_size(int cell, int n) {
  return static_cast<int>((static_cast<uint32_t>(cell) * kDivideBySize.magic[n]) >> 16);
}
}  // namespace detail

inline int State::neighbor(int cell, Action move) const {
  const int n = config_.size;
  switch (move) {
    case Action::North:
      return cell >= n ? cell - n : cell + n * (n - 1);
    case Action::South:
      return cell < n * (n - 1) ? cell + n : cell - n * (n - 1);
    case Action::East: {
      const int row_start = detail::divide_by_size(cell, n) * n;
      return cell + 1 == row_start + n ? row_start : cell + 1;
    }
    case Action::West: {
      const int row_start = detail::divide_by_size(cell, n) * n;
      return cell == row_start ? row_start + n - 1 : cell - 1;
    }
    default:
      return cell;
  }
}

inline void State::assign_from(const State& src) noexcept {
  static_assert(std::is_standard_layout_v<State> && offsetof(State, config_) == 0,
                "assign_from copies the header and the live ships as one prefix");
  if (this == &src) return;
  const int old_ships = num_ships_, old_yards = num_yards_, old_cells = cell_count();
  const int ships = src.num_ships_, yards = src.num_yards_, cells = src.cell_count();
  std::memcpy(static_cast<void*>(this), static_cast<const void*>(&src),
              offsetof(State, ships_) + static_cast<size_t>(ships) * sizeof(Ship));
  if (old_ships > ships)
    std::memset(static_cast<void*>(ships_ + ships), 0, static_cast<size_t>(old_ships - ships) * sizeof(Ship));
  std::memcpy(static_cast<void*>(yards_), static_cast<const void*>(src.yards_),
              static_cast<size_t>(yards) * sizeof(Shipyard));
  if (old_yards > yards)
    std::memset(static_cast<void*>(yards_ + yards), 0, static_cast<size_t>(old_yards - yards) * sizeof(Shipyard));
  std::memcpy(halite_, src.halite_, static_cast<size_t>(cells) * sizeof(double));
  if (old_cells > cells) std::memset(halite_ + cells, 0, static_cast<size_t>(old_cells - cells) * sizeof(double));
}

// Python's round(x, 3) for a finite x >= 0: the exact binary value rounded
// correctly to 3 decimals, halves to even, returned as the nearest double.
double round3(double x);

// A 64-bit hash of everything in the state (FNV-1a over its bytes); equal
// states hash equal. For fixed-seed regression tests.
uint64_t hash(const State& state);

}  // namespace halite
