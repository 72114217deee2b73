#include "halite/state.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <charconv>
#include <cmath>
#include <cstring>

#include "halite/board_gen.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace halite {

// ---------------------------------------------------------------- ids ----

std::string UnitId::str() const {
  return std::to_string(label()) + "-" + std::to_string(serial());
}

bool UnitId::parse(std::string_view text, UnitId* out) {
  const auto dash = text.find('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 == text.size()) return false;
  uint32_t label = 0, serial = 0;
  const char* first = text.data();
  const char* mid = first + dash;
  const char* last = first + text.size();
  auto r1 = std::from_chars(first, mid, label);
  auto r2 = std::from_chars(mid + 1, last, serial);
  if (r1.ec != std::errc() || r1.ptr != mid || r2.ec != std::errc() || r2.ptr != last) return false;
  // Only the spelling str() writes back: the reference matches ids as
  // strings, so "01-1" is not unit "1-1" (and, read as it, would be renamed).
  if ((first[0] == '0' && dash > 1) || (mid[1] == '0' && last - mid > 2)) return false;
  if (serial == 0 && label != 0) return false;
  if (serial >= (1u << kSerialBits) || label >= (1u << (32 - kSerialBits))) return false;
  *out = make(label, serial);
  return true;
}

const char* status_name(Status s) {
  switch (s) {
    case Status::Active:
      return "ACTIVE";
    case Status::Done:
      return "DONE";
    case Status::Error:
      return "ERROR";
    case Status::Invalid:
      return "INVALID";
    case Status::Timeout:
      return "TIMEOUT";
  }
  return "?";
}

const char* action_name(Action a) {
  switch (a) {
    case Action::None:
      return "";
    case Action::North:
      return "NORTH";
    case Action::South:
      return "SOUTH";
    case Action::East:
      return "EAST";
    case Action::West:
      return "WEST";
    case Action::Convert:
      return "CONVERT";
    case Action::Spawn:
      return "SPAWN";
  }
  return "";
}

// ------------------------------------------------------------ config -----

namespace {
template <typename T>
std::string range_error(const char* key, T value, const char* range) {
  std::string v;
  if constexpr (std::is_floating_point_v<T>) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", static_cast<double>(value));
    v = buf;
  } else {
    v = std::to_string(value);
  }
  return std::string("configuration key '") + key + "' = " + v + " is out of range (" + range + ")";
}
bool finite_in(double v, double lo, double hi) {
  return std::isfinite(v) && v >= lo && v <= hi;
}
}  // namespace

std::string Config::validate() const {
  // Upper bounds keep every derived quantity exact in doubles (< 2^53) and the
  // ids packable; the reference itself only states the lower bounds.
  if (size < kMinBoardSize || size > kMaxBoardSize)
    return range_error("size", size, "2 to 32: the engine's fixed board capacity");
  if (episode_steps < 2 || episode_steps > 1'000'000) return range_error("episodeSteps", episode_steps, "2 to 1000000");
  if (starting_halite < 0 || starting_halite > 1'000'000'000'000LL)
    return range_error("startingHalite", starting_halite, "0 to 10^12");
  if (spawn_cost < 0 || spawn_cost > 1'000'000'000'000LL) return range_error("spawnCost", spawn_cost, "0 to 10^12");
  if (convert_cost < 0 || convert_cost > 1'000'000'000'000LL)
    return range_error("convertCost", convert_cost, "0 to 10^12");
  if (!finite_in(move_cost, 0, 1)) return range_error("moveCost", move_cost, "0 to 1");
  if (!finite_in(collect_rate, 0, 1)) return range_error("collectRate", collect_rate, "0 to 1");
  if (!finite_in(regen_rate, 0, 10)) return range_error("regenRate", regen_rate, "0 to 10");
  if (max_cell_halite < 0 || max_cell_halite > 1'000'000'000LL)
    return range_error("maxCellHalite", max_cell_halite, "0 to 10^9");
  if (!finite_in(act_timeout, 0, 1e9)) return range_error("actTimeout", act_timeout, "0 to 10^9");
  if (!finite_in(agent_timeout, 0, 1e9)) return range_error("agentTimeout", agent_timeout, "0 to 10^9");
  if (!finite_in(run_timeout, 0, 1e12)) return range_error("runTimeout", run_timeout, "0 to 10^12");
  return {};
}

// ------------------------------------------------------------- round3 ----

namespace {
// The body of round3(), inlined into regeneration (its hottest caller; a call
// per growing cell costs more than the rounding).
[[gnu::always_inline]] inline double round3_inline(double x) {
  // x = mantissa * 2^-shift exactly; x * 1000 = mantissa * 1000 * 2^-shift,
  // whose integer rounding (halves to even) is done in 64-bit integers. The
  // quotient n / 1000.0 is then the double nearest to the decimal n/1000,
  // which is what Python's round() returns after its string round trip.
  const uint64_t bits = std::bit_cast<uint64_t>(x);
  const int exponent = static_cast<int>((bits >> 52) & 0x7ff);
  if (exponent == 0) return 0.0 * x;  // zero or subnormal: rounds to (signed) 0
  const uint64_t mantissa = (bits & ((uint64_t{1} << 52) - 1)) | (uint64_t{1} << 52);
  const int shift = 1075 - exponent;
  if (shift <= 0) return x;                  // an integer already (|x| >= 2^52)
  if (shift >= 64) return 0.0 * x;           // |x| < 2^-11: |x| * 1000 < 0.5
  const uint64_t product = mantissa * 1000;  // < 2^63
  uint64_t n = product >> shift;
  const uint64_t rest = product & ((uint64_t{1} << shift) - 1);
  const uint64_t half = uint64_t{1} << (shift - 1);
  if (rest > half || (rest == half && (n & 1))) ++n;
  const double magnitude = static_cast<double>(n) / 1000.0;
  return (bits >> 63) ? -magnitude : magnitude;
}
}  // namespace

double round3(double x) {
  return round3_inline(x);
}

namespace {
// n / 1000.0, correctly rounded, without a division (divsd is not
// pipelined: one every 4-5 cycles on the development machine), for
// n < 2^30 (regeneration's n): 1/1000 = kC1 + kC2 + e, with kC1 its first
// 23 significant bits (so n * kC1 is exact) and kC2 the rest rounded
// (|kC2| < 2^-22 / 1000, |e| <= 2^-53 |kC2|). n * kC1 + RN(n * kC2) is then
// within q 2^-74 of q = n / 1000, and the addition's one rounding gives
// RN(q): unless q is a double itself, q is more than q 2^-61 from every
// midpoint between doubles (q in [2^k, 2^(k+1)) and a midpoint m 2^(k-53),
// m odd: n 2^(53-k) - 1000 m is a nonzero multiple of 8, so the distance is
// at least 2^(k-53) / 125). Checked equal to n / 1000.0 for every n < 2^31
// (the first difference is at 2,097,152,151). With FMA contraction (-march
// with FMA) a product is exact and the sum nearer still.
inline constexpr double kC1 = std::bit_cast<double>(std::bit_cast<uint64_t>(0.001) & ~((uint64_t{1} << 30) - 1));
inline constexpr double kC2 = (1.0 - 1000.0 * kC1) / 1000.0;  // 1000 * kC1 and 1 - it are exact

[[gnu::always_inline]] inline double thousandths(uint32_t n) {
  const double d = static_cast<double>(n);
  return d * kC1 + d * kC2;
}
}  // namespace

// ------------------------------------------------------------ geometry ---

static_assert(
    [] {
      for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n)
        for (int cell = 0; cell < kMaxCells; ++cell)
          if (detail::divide_by_size(cell, n) != cell / n) return false;
      return true;
    }(),
    "divide_by_size must equal cell / n on every cell of every board size");

// ------------------------------------------------------- construction ----

State State::empty(const Config& config, int num_players, int step) {
  if (auto err = config.validate(); !err.empty()) throw std::invalid_argument(err);
  if (num_players != 1 && num_players != 2 && num_players != 4)
    throw std::invalid_argument("number of players is " + std::to_string(num_players) + "; Halite IV takes 1, 2 or 4");
  if (step < 0 || step >= config.episode_steps)
    throw std::invalid_argument("step " + std::to_string(step) + " is outside the episode (0 to episodeSteps-1)");
  State s;
  s.config_ = config;
  s.step_ = step;
  s.num_players_ = static_cast<int16_t>(num_players);
  for (int p = 0; p < num_players; ++p)
    s.players_[p] = Player{kStartingBank, kStartingBank, config.agent_timeout, Status::Active};
  return s;
}

State State::initial(const Config& config, int num_players) {
  State s = empty(config, num_players, 0);
  generate_starting_halite(config.size, config.random_seed, config.starting_halite, s.halite_);
  for (int c = 0; c < s.cell_count(); ++c) s.update_growing(c);
  for (int p = 0; p < num_players; ++p)
    s.add_ship(UnitId::make(0, static_cast<uint32_t>(p + 1)), starting_cell(config.size, num_players, p), p, 0);
  return s;
}

int State::find_ship(UnitId id) const {
  const Ship* end = ships_ + num_ships_;
  const Ship* it = std::lower_bound(ships_, end, id, [](const Ship& s, UnitId v) { return s.id < v; });
  return (it != end && it->id == id) ? static_cast<int>(it - ships_) : -1;
}

int State::find_shipyard(UnitId id) const {
  const Shipyard* end = yards_ + num_yards_;
  const Shipyard* it = std::lower_bound(yards_, end, id, [](const Shipyard& s, UnitId v) { return s.id < v; });
  return (it != end && it->id == id) ? static_cast<int>(it - yards_) : -1;
}

namespace {
void check_unit_args(const State& s, int cell, int owner) {
  if (cell < 0 || cell >= s.cell_count())
    throw std::invalid_argument("cell " + std::to_string(cell) + " is off the board (0 to " +
                                std::to_string(s.cell_count() - 1) + ")");
  if (owner < 0 || owner >= s.num_players())
    throw std::invalid_argument("player " + std::to_string(owner) + " does not exist");
}
}  // namespace

void State::add_ship(UnitId id, int cell, int owner, double cargo) {
  check_unit_args(*this, cell, owner);
  if (!(cargo >= 0) || !std::isfinite(cargo))
    throw std::invalid_argument("ship " + id.str() + " has negative or non-finite cargo");
  if (num_ships_ == kMaxShips)
    throw CapacityError("more than " + std::to_string(kMaxShips) + " ships on the board (the engine's cap)");
  Ship* end = ships_ + num_ships_;
  Ship* it = std::lower_bound(ships_, end, id, [](const Ship& s, UnitId v) { return s.id < v; });
  if (it != end && it->id == id) throw std::invalid_argument("duplicate ship id " + id.str());
  std::memmove(it + 1, it, static_cast<size_t>(end - it) * sizeof(Ship));
  *it = Ship{cargo, id, static_cast<uint16_t>(cell), static_cast<uint8_t>(owner), Action::None};
  ++num_ships_;
}

void State::add_shipyard(UnitId id, int cell, int owner) {
  check_unit_args(*this, cell, owner);
  if (num_yards_ == kMaxShipyards)
    throw CapacityError("more than " + std::to_string(kMaxShipyards) + " shipyards on the board (the engine's cap)");
  Shipyard* end = yards_ + num_yards_;
  Shipyard* it = std::lower_bound(yards_, end, id, [](const Shipyard& s, UnitId v) { return s.id < v; });
  if (it != end && it->id == id) throw std::invalid_argument("duplicate shipyard id " + id.str());
  std::memmove(it + 1, it, static_cast<size_t>(end - it) * sizeof(Shipyard));
  *it = Shipyard{id, static_cast<uint16_t>(cell), static_cast<uint8_t>(owner), Action::None};
  ++num_yards_;
}

// --------------------------------------------------------------- status --

int State::active_players() const {
  int n = 0;
  for (int p = 0; p < num_players_; ++p) n += players_[p].status == Status::Active;
  return n;
}

bool State::is_terminal() const {
  return active_players() == 0;
}

// ------------------------------------------------------------- staging ---

StageResult State::evaluate_staged(int player, int ship_index, int yard_index) const {
  // Replays this player's spending in the reference's order up to the unit
  // asked about: spawns (yards in creation order), then conversions (ships in
  // creation order). Surplus from conversions is credited only afterwards.
  double bank = players_[player].bank;
  const double spawn_cost = static_cast<double>(config_.spawn_cost);
  const double convert_cost = static_cast<double>(config_.convert_cost);
  for (int i = 0; i < num_yards_; ++i) {
    const Shipyard& y = yards_[i];
    if (y.owner != player || y.action != Action::Spawn) continue;
    const bool ok = bank >= spawn_cost;
    if (ok) bank -= spawn_cost;
    if (i == yard_index) return ok ? StageResult::Ok : StageResult::InsufficientHalite;
  }
  for (int i = 0; i < num_ships_; ++i) {
    const Ship& s = ships_[i];
    if (s.owner != player || s.action != Action::Convert) continue;
    bool on_yard = false;
    for (int j = 0; j < num_yards_; ++j) on_yard |= yards_[j].cell == s.cell;
    if (on_yard) {
      if (i == ship_index) return StageResult::OnShipyard;
      continue;
    }
    const bool ok = s.cargo + bank >= convert_cost;
    if (ok) bank += std::min(s.cargo - convert_cost, 0.0);
    if (i == ship_index) return ok ? StageResult::Ok : StageResult::InsufficientHalite;
  }
  return StageResult::Ok;
}

StageResult State::stage_ship(int index, Action action) {
  if (index < 0 || index >= num_ships_)
    throw std::out_of_range("ship index " + std::to_string(index) + " out of range");
  Ship& s = ships_[index];
  if (players_[s.owner].status != Status::Active) {
    set_ship_action(s, Action::None);
    return action == Action::None ? StageResult::Ok : StageResult::PlayerNotActive;
  }
  if (action == Action::Spawn) {
    set_ship_action(s, Action::None);
    return StageResult::NotForThisUnit;
  }
  set_ship_action(s, action);
  return action == Action::Convert ? evaluate_staged(s.owner, index, -1) : StageResult::Ok;
}

StageResult State::stage_shipyard(int index, Action action) {
  if (index < 0 || index >= num_yards_)
    throw std::out_of_range("shipyard index " + std::to_string(index) + " out of range");
  Shipyard& y = yards_[index];
  if (players_[y.owner].status != Status::Active) {
    set_yard_action(y, Action::None);
    return action == Action::None ? StageResult::Ok : StageResult::PlayerNotActive;
  }
  if (action != Action::Spawn && action != Action::None) {
    set_yard_action(y, Action::None);
    return StageResult::NotForThisUnit;
  }
  set_yard_action(y, action);
  return action == Action::Spawn ? evaluate_staged(y.owner, -1, index) : StageResult::Ok;
}

void State::clear_staged() {
  for (int i = 0; i < num_ships_; ++i) ships_[i].action = Action::None;
  for (int i = 0; i < num_yards_; ++i) yards_[i].action = Action::None;
  staged_spawns_ = staged_converts_ = 0;
}

State::StagedCounts State::count_staged() const {
  StagedCounts n{0, 0};
  for (int i = 0; i < num_yards_; ++i) n.spawns += yards_[i].action == Action::Spawn;
  for (int i = 0; i < num_ships_; ++i) n.converts += ships_[i].action == Action::Convert;
  return n;
}

void State::recount_staged() {
  const StagedCounts n = count_staged();
  staged_spawns_ = static_cast<int16_t>(n.spawns);
  staged_converts_ = static_cast<int16_t>(n.converts);
}

void State::fail_player(int player, Status status) {
  if (player < 0 || player >= num_players_)
    throw std::out_of_range("player " + std::to_string(player) + " does not exist");
  if (!is_failure(status)) throw std::invalid_argument("fail_player takes ERROR, INVALID or TIMEOUT");
  if (players_[player].status != Status::Active) return;
  players_[player].status = status;
  failing_ |= static_cast<uint8_t>(1u << player);
  for (int i = 0; i < num_ships_; ++i)
    if (ships_[i].owner == player) set_ship_action(ships_[i], Action::None);
  for (int i = 0; i < num_yards_; ++i)
    if (yards_[i].owner == player) set_yard_action(yards_[i], Action::None);
}

void State::stage(int player, std::span<const Command> commands) {
  for (const Command& c : commands) {
    if (int i = find_ship(c.unit); i >= 0) {
      if (ships_[i].owner == player) stage_ship(i, c.action);
    } else if (int j = find_shipyard(c.unit); j >= 0) {
      if (yards_[j].owner == player) stage_shipyard(j, c.action);
    }
  }
}

void State::step(std::span<const Orders> orders_by_player) {
  // Strong exception safety: resolve() changes nothing when it throws, but the
  // orders staged here would stay staged; the orders staged before are kept
  // to be put back.
  Action ship_actions[kMaxShips], yard_actions[kMaxShipyards];
  for (int i = 0; i < num_ships_; ++i) ship_actions[i] = ships_[i].action;
  for (int i = 0; i < num_yards_; ++i) yard_actions[i] = yards_[i].action;
  const int n = std::min<int>(static_cast<int>(orders_by_player.size()), num_players_);
  for (int p = 0; p < n; ++p) stage(p, orders_by_player[p]);
  try {
    resolve();
  } catch (...) {
    for (int i = 0; i < num_ships_; ++i) ships_[i].action = ship_actions[i];
    for (int i = 0; i < num_yards_; ++i) yards_[i].action = yard_actions[i];
    recount_staged();
    throw;
  }
}

// ------------------------------------------------------------ resolution -

void State::remove_marked_ships(const uint8_t* remove) {
  int out = 0;
  for (int i = 0; i < num_ships_; ++i)
    if (!remove[i]) ships_[out++] = ships_[i];
  std::memset(static_cast<void*>(ships_ + out), 0, static_cast<size_t>(num_ships_ - out) * sizeof(Ship));
  num_ships_ = static_cast<int16_t>(out);
}

void State::remove_marked_shipyards(const uint8_t* remove) {
  int out = 0;
  for (int i = 0; i < num_yards_; ++i)
    if (!remove[i]) yards_[out++] = yards_[i];
  std::memset(static_cast<void*>(yards_ + out), 0, static_cast<size_t>(num_yards_ - out) * sizeof(Shipyard));
  num_yards_ = static_cast<int16_t>(out);
}

bool State::check_capacity() const {
  // Every staged spawn and conversion taking effect is an upper bound, and
  // almost always far inside the caps: then nothing more is needed.
  int spawns = staged_spawns_, converts = staged_converts_;
  const bool staged = spawns + converts > 0;
  if (num_ships_ + spawns <= kMaxShips && num_yards_ + converts <= kMaxShipyards) return staged;
  // Near a cap: count exactly what resolve_board() will create, with the
  // same bank arithmetic (spawns first, then conversions, player by player).
  const double spawn_cost = static_cast<double>(config_.spawn_cost);
  const double convert_cost = static_cast<double>(config_.convert_cost);
  spawns = converts = 0;
  // Cells converted this turn: a second ship converting on one (possible at
  // step 0, where ships may share a cell) fails as on an existing yard.
  uint16_t converted_at[kMaxShips];
  for (int p = 0; p < num_players_; ++p) {
    double bank = players_[p].bank;
    for (int i = 0; i < num_yards_; ++i)
      if (yards_[i].owner == p && yards_[i].action == Action::Spawn && bank >= spawn_cost) {
        bank -= spawn_cost;
        ++spawns;
      }
    for (int i = 0; i < num_ships_; ++i) {
      const Ship& s = ships_[i];
      if (s.owner != p || s.action != Action::Convert || s.cargo + bank < convert_cost) continue;
      bool on_yard = false;
      for (int j = 0; j < num_yards_; ++j) on_yard = on_yard || yards_[j].cell == s.cell;
      for (int j = 0; j < converts; ++j) on_yard = on_yard || converted_at[j] == s.cell;
      if (on_yard) continue;
      bank += std::min(s.cargo - convert_cost, 0.0);
      converted_at[converts++] = s.cell;
    }
  }
  if (num_ships_ + spawns > kMaxShips)
    throw CapacityError("more than " + std::to_string(kMaxShips) + " ships on the board (the engine's cap)");
  if (num_yards_ + converts > kMaxShipyards)
    throw CapacityError("more than " + std::to_string(kMaxShipyards) + " shipyards on the board (the engine's cap)");
  return staged;
}

void State::resolve() {
  if (is_terminal() && failing_ == 0) return;
  // Strong exception safety: the only throw of a turn is decided here, before
  // anything changes, so a refused turn leaves the state as it was.
  const bool spawns_or_conversions = check_capacity();
#ifndef NDEBUG
  // The invariant check below throws after the turn ran; the state it
  // refuses is put back so that this throw, too, changes nothing.
  const State before = *this;
#endif
  failing_ = 0;
  resolve_board(spawns_or_conversions);
  apply_interpreter();
#ifndef NDEBUG
  if (auto err = check(); !err.empty()) {
    *this = before;
    throw std::logic_error("State::check failed after resolve: " + err);
  }
#endif
}

// What the phases of one turn's board resolution share. Per-cell lookups
// hold (index + 1); 0 means none. Only the board's cells are cleared, which is
// what keeps a 21x21 turn cheap in a 32x32 capacity.
struct State::TurnScratch {
  int cells = 0;
  // The ships that existed when the turn began are the first `old_ships`:
  // ships spawned this turn are appended with ids above every existing one,
  // so the arrays stay sorted.
  int old_ships = 0;
  int num_crowded = 0;
  uint16_t yard_at[kMaxCells];
  uint16_t ship_at[kMaxCells];
  int16_t next_on_cell[kMaxShips];
  uint8_t remove_ship[kMaxShips];
  // Cells where a second ship arrived, each once: the only cells phase 3
  // visits.
  uint16_t crowded[kMaxShips];
};

void State::resolve_board(bool spawns_or_conversions) {
  TurnScratch t;
  t.cells = cell_count();
  t.old_ships = num_ships_;
  std::memset(t.yard_at, 0, static_cast<size_t>(t.cells) * sizeof(uint16_t));
  for (int i = 0; i < num_yards_; ++i) t.yard_at[yards_[i].cell] = static_cast<uint16_t>(i + 1);
  std::memset(t.remove_ship, 0, static_cast<size_t>(t.old_ships));
  // The reference's order: 1-2. spawns, conversions and moves, player by
  // player; 3. ship collisions; 4-5. ships on shipyards; 6-7. mining and
  // regeneration.
  if (spawns_or_conversions) spawn_and_convert(t);
  move_ships(t);
  resolve_ship_collisions(t);
  resolve_shipyard_cells(t);
  mine(t);
  // After phases 3-5, ship_at holds exactly the cells where a ship stays:
  // those do not regenerate.
  regenerate(t.ship_at);
  // Every order was carried out or dropped: spawn_and_convert() cleared the
  // yards' orders and mine() the ships'.
  staged_spawns_ = staged_converts_ = 0;
  ++step_;
}

void State::spawn_and_convert(TurnScratch& t) {
  const double spawn_cost = static_cast<double>(config_.spawn_cost);
  const double convert_cost = static_cast<double>(config_.convert_cost);
  const uint32_t label = static_cast<uint32_t>(step_ + 1);
  uint32_t serial = 0;
  uint16_t* yard_at = t.yard_at;
  uint8_t* remove_ship = t.remove_ship;
  const int old_ships = t.old_ships;
  auto has_yard = [&](int cell) { return yard_at[cell] != 0; };

  // 1. Spawns and conversions, player by player: the order decides which are
  // paid for and the ids. (Moves touch neither banks nor yards: move_ships()
  // does them all afterwards.)
  for (int p = 0; p < num_players_; ++p) {
    double& bank = players_[p].bank;
    double leftover = 0;
    const int yards_at_start = num_yards_;
    for (int i = 0; i < yards_at_start; ++i) {
      Shipyard& y = yards_[i];
      if (y.owner != p) continue;
      if (y.action == Action::Spawn && bank >= spawn_cost) {
        bank -= spawn_cost;
        assert(num_ships_ < kMaxShips && "check_capacity() runs first");
        ships_[num_ships_] = Ship{0.0, UnitId::make(label, ++serial), y.cell, static_cast<uint8_t>(p), Action::None};
        remove_ship[num_ships_] = 0;
        ++num_ships_;
      }
      y.action = Action::None;
    }
    for (int i = 0; i < old_ships; ++i) {
      Ship& s = ships_[i];
      if (s.owner != p || s.action != Action::Convert) continue;
      if (!has_yard(s.cell) && s.cargo + bank >= convert_cost) {
        const double delta = s.cargo - convert_cost;
        leftover += std::max(delta, 0.0);
        bank += std::min(delta, 0.0);
        assert(num_yards_ < kMaxShipyards && "check_capacity() runs first");
        yards_[num_yards_] = Shipyard{UnitId::make(label, ++serial), s.cell, static_cast<uint8_t>(p), Action::None};
        ++num_yards_;
        yard_at[s.cell] = static_cast<uint16_t>(num_yards_);
        halite_[s.cell] = 0;
        update_growing(s.cell);
        remove_ship[i] = 1;
      }
    }
    bank += leftover;
  }
}

void State::move_ships(TurnScratch& t) {
  const double keep_after_move = 1.0 - config_.move_cost;
  const uint8_t* remove_ship = t.remove_ship;
  uint16_t* ship_at = t.ship_at;
  int16_t* next_on_cell = t.next_on_cell;

  // 1. Moves, in one pass over all players' ships; then each surviving ship
  // is placed in ship_at, which holds (index + 1) of the last ship placed on
  // a cell, further ships on the cell chained through next_on_cell. A cell
  // goes on the crowded list when its second ship arrives.
  // Cleared in whole words of 64 cells: regenerate() reads it so.
  std::memset(ship_at, 0, static_cast<size_t>((t.cells + 63) & ~63) * sizeof(uint16_t));
  int crowded = 0;
  const int ships = num_ships_;  // a local: the int16 stores below may alias num_ships_
  for (int i = 0; i < ships; ++i) {
    if (remove_ship[i]) continue;  // converted
    Ship& s = ships_[i];
    int cell = s.cell;  // kept in a register: reloading it after the store waits on store forwarding
    if (is_move(s.action)) {
      cell = neighbor(cell, s.action);
      s.cell = static_cast<uint16_t>(cell);
      s.cargo *= keep_after_move;
    }
    const int previous = ship_at[cell];
    next_on_cell[i] = static_cast<int16_t>(previous - 1);
    if (previous != 0 && next_on_cell[previous - 1] < 0) t.crowded[crowded++] = static_cast<uint16_t>(cell);
    ship_at[cell] = static_cast<uint16_t>(i + 1);
  }
  t.num_crowded = crowded;
}

void State::resolve_ship_collisions(TurnScratch& t) {
  const int old_ships = t.old_ships;
  uint16_t* ship_at = t.ship_at;
  const int16_t* next_on_cell = t.next_on_cell;
  uint8_t* remove_ship = t.remove_ship;

  // 3. Ship collisions, on the crowded cells only (each cell is independent
  // of the others, so their order does not matter).
  for (int c = 0; c < t.num_crowded; ++c) {
    const int cell = t.crowded[c];
    // Two ships, the common case: the one with less cargo takes the other's
    // (one addition: no order to keep); equal cargo destroys both.
    const int a = ship_at[cell] - 1, b = next_on_cell[a];
    if (next_on_cell[b] < 0) {
      const double cargo_a = ships_[a].cargo, cargo_b = ships_[b].cargo;
      if (cargo_a == cargo_b) {
        remove_ship[a] = remove_ship[b] = 1;
        ship_at[cell] = 0;
      } else {
        const int winner = cargo_a < cargo_b ? a : b, loser = a + b - winner;
        remove_ship[loser] = 1;
        ships_[winner].cargo += ships_[loser].cargo;
        ship_at[cell] = static_cast<uint16_t>(winner + 1);
      }
      continue;
    }
    // Three or more. Members in the reference's board order: ships present
    // at the turn's start by (owner, id), then this turn's spawns by id. The
    // order only matters for summing fractional cargo (moveCost > 0). Sorted
    // by a key holding that order (index in the low 16 bits), by insertion:
    // for a handful of ships std::sort's call and moves cost more than the
    // comparisons.
    int members[kMaxShips];
    int count = 0;
    for (int j = ship_at[cell] - 1; j >= 0; j = next_on_cell[j]) {
      const int key = (j >= old_ships ? kMaxPlayers << 16 : ships_[j].owner << 16) | j;
      int k = count++;
      for (; k > 0 && members[k - 1] > key; --k) members[k] = members[k - 1];
      members[k] = key;
    }
    for (int k = 0; k < count; ++k) members[k] &= 0xffff;
    double least = ships_[members[0]].cargo;
    for (int k = 1; k < count; ++k) least = std::min(least, ships_[members[k]].cargo);
    int winner = -1, at_least = 0;
    for (int k = 0; k < count; ++k)
      if (ships_[members[k]].cargo == least) ++at_least, winner = members[k];
    if (at_least != 1) winner = -1;
    for (int k = 0; k < count; ++k) {
      const int j = members[k];
      if (j == winner) continue;
      remove_ship[j] = 1;
      if (winner >= 0) ships_[winner].cargo += ships_[j].cargo;
    }
    ship_at[cell] = winner >= 0 ? static_cast<uint16_t>(winner + 1) : 0;
  }
}

void State::resolve_shipyard_cells(TurnScratch& t) {
  uint16_t* yard_at = t.yard_at;
  uint16_t* ship_at = t.ship_at;
  uint8_t* remove_ship = t.remove_ship;

  // 4. A ship on an enemy shipyard destroys it and is destroyed; 5. a ship
  // on its own shipyard deposits. Each cell holds at most one ship now.
  uint8_t remove_yard[kMaxShipyards];
  std::memset(remove_yard, 0, static_cast<size_t>(num_yards_));
  bool any_yard_removed = false;
  for (int i = 0; i < num_yards_; ++i) {
    const Shipyard& y = yards_[i];
    const int v = ship_at[y.cell];
    if (v == 0) continue;
    Ship& s = ships_[v - 1];
    if (s.owner != y.owner) {
      const int si = v - 1;
      remove_yard[i] = 1;
      remove_ship[si] = 1;
      ship_at[y.cell] = 0;
      any_yard_removed = true;
    }
  }
  for (int i = 0; i < num_yards_; ++i) {
    if (remove_yard[i]) continue;
    const Shipyard& y = yards_[i];
    const int v = ship_at[y.cell];
    if (v == 0) continue;
    Ship& s = ships_[v - 1];
    players_[s.owner].bank += s.cargo;
    s.cargo = 0;
  }
  if (!any_yard_removed) return;
  remove_marked_shipyards(remove_yard);
  // yard_at is stale after removal; rebuild for the mining phase.
  std::memset(yard_at, 0, static_cast<size_t>(t.cells) * sizeof(uint16_t));
  for (int i = 0; i < num_yards_; ++i) yard_at[yards_[i].cell] = static_cast<uint16_t>(i + 1);
}

void State::mine(TurnScratch& t) {
  const uint16_t* yard_at = t.yard_at;
  const uint8_t* remove_ship = t.remove_ship;
  auto has_yard = [&](int cell) { return yard_at[cell] != 0; };

  // 6. Mining by ships that did not move. The removed ships are dropped in
  // the same pass (remove_marked_ships(), fused).
  const double collect_rate = config_.collect_rate;
  const int ships = num_ships_;  // a local: the int16 stores below may alias num_ships_
  int out = 0;
  for (int i = 0; i < ships; ++i) {
    if (remove_ship[i]) continue;
    // The ship is moved whole first (one 16-byte load and store; a changed
    // local copy was stored field by field, five stores) and then changed in
    // its new slot. Not the other way round: a field written in place and
    // then the whole ship loaded would wait on a narrow store the CPU cannot
    // forward to a 16-byte load (it stalls until the store retires).
    const int cell = ships_[i].cell;
    const bool stays = !is_move(ships_[i].action);
    Ship& s = ships_[out++];
    s = ships_[i];
    if (stays && !has_yard(cell)) {
      const double delta = std::trunc(halite_[cell] * collect_rate);
      if (delta > 0) {
        s.cargo += delta;
        halite_[cell] -= delta;
        update_growing(cell);
      }
    }
    s.action = Action::None;
  }
  std::memset(static_cast<void*>(ships_ + out), 0, static_cast<size_t>(ships - out) * sizeof(Ship));
  num_ships_ = static_cast<int16_t>(out);
}

namespace {
// A bit for each of the 64 entries p[0..63] that is not zero.
inline uint64_t nonzero_bits(const uint16_t* p) {
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  uint64_t zeros = 0;
  for (int k = 0; k < 4; ++k) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k + 8));
    const __m128i bytes = _mm_packs_epi16(_mm_cmpeq_epi16(a, zero), _mm_cmpeq_epi16(b, zero));
    zeros |= static_cast<uint64_t>(static_cast<uint32_t>(_mm_movemask_epi8(bytes))) << (16 * k);
  }
  return ~zeros;
#else
  uint64_t bits = 0;
  for (int k = 0; k < 64; ++k) bits |= static_cast<uint64_t>(p[k] != 0) << k;
  return bits;
#endif
}
}  // namespace

void State::regenerate(const uint16_t* ship_at) {
  // 7. Regeneration where no ship is, visiting only the cells that can still
  // change (growing_) and have no ship (ship_at, read 64 cells at a time).
  const int words = (cell_count() + 63) / 64;
  const double growth = 1.0 + config_.regen_rate;
  const double cap = static_cast<double>(config_.max_cell_halite);
  // The short path below takes grown < cap and < 2^20; 1000 * cap is an
  // integer (maxCellHalite <= 10^9) to compare with n.
  const double short_limit = std::min(cap, 0x1p20);
  const uint64_t cap_thousandths = static_cast<uint64_t>(config_.max_cell_halite) * 1000;
  for (int w = 0; w < words; ++w) {
    uint64_t bits = growing_[w] & ~nonzero_bits(ship_at + 64 * w);
    while (bits) {
      const int c = w * 64 + std::countr_zero(bits);
      bits &= bits - 1;
      const double grown = halite_[c] * growth;
      // round3 of most values without the mantissa arithmetic: for
      // 0 < x < 2^20, t = x * 1000 + 0.5 in doubles is within 2^-22 of the
      // exact value, so when its fraction is at least 2^-16 away from an
      // integer, truncating t gives the exact x * 1000 rounded (no half is
      // that near), and n / 1000.0 is what round3 returns. t is computed
      // scaled by 2^16 (exactly: powers of two commute with rounding), so
      // that one truncation gives n (the high bits) and the fraction's first
      // 16 bits (the low ones) in an integer. Whether the cell stops growing
      // is decided on n, not on the quotient: below the cap, round3(grown)
      // <= cap (monotonic, fixes integers), and it is the cap exactly when n
      // is 1000 * cap.
      if (grown > 0 && grown < short_limit) {
        const uint64_t scaled = static_cast<uint64_t>(static_cast<int64_t>(grown * (1000.0 * 0x1p16) + 0x1p15));
        const uint32_t n = static_cast<uint32_t>(scaled >> 16);
        if (static_cast<uint32_t>(scaled & 0xffff) - 1 < 0xfffe) {  // fraction in [2^-16, 1 - 2^-16)
          halite_[c] = thousandths(n);
          if (n - uint64_t{1} >= cap_thousandths - 1)
            growing_[w] &= ~(uint64_t{1} << (c & 63));  // n is 0 or 1000 * cap
          continue;
        }
      }
      // round3 is monotonic and fixes integers, so a product at or above the
      // cap (an integer) rounds to at least the cap.
      const double next = grown >= cap ? cap : std::min(round3_inline(grown), cap);
      halite_[c] = next;
      if (next == cap || next == 0) growing_[w] &= ~(uint64_t{1} << (c & 63));
    }
  }
}

void State::apply_interpreter() {
  // Elimination: no ships, and no shipyard or not enough to spawn.
  // Units per player, counted in 16-bit lanes of one register (at most 400
  // ships): incrementing counters in memory would chain every ship through
  // a store and a reload.
  uint64_t ship_lanes = 0, yard_lanes = 0;
  for (int i = 0; i < num_ships_; ++i) ship_lanes += uint64_t{1} << (16 * ships_[i].owner);
  for (int i = 0; i < num_yards_; ++i) yard_lanes += uint64_t{1} << (16 * yards_[i].owner);
  int ships_of[kMaxPlayers], yards_of[kMaxPlayers];
  for (int p = 0; p < kMaxPlayers; ++p) {
    ships_of[p] = static_cast<int>((ship_lanes >> (16 * p)) & 0xffff);
    yards_of[p] = static_cast<int>((yard_lanes >> (16 * p)) & 0xffff);
  }
  bool wipe = false;
  for (int p = 0; p < num_players_; ++p) {
    Player& pl = players_[p];
    if (pl.status == Status::Active && ships_of[p] == 0 &&
        (yards_of[p] == 0 || pl.bank < static_cast<double>(config_.spawn_cost))) {
      pl.status = Status::Done;
      pl.reward = static_cast<double>(step_ - config_.episode_steps - 1);
    }
    if (is_failure(pl.status)) {
      wipe |= ships_of[p] + yards_of[p] > 0;
      pl.bank = 0;
      pl.reward = 0;
    }
  }
  if (wipe) {
    uint8_t remove_ship[kMaxShips], remove_yard[kMaxShipyards];
    for (int i = 0; i < num_ships_; ++i) remove_ship[i] = is_failure(players_[ships_[i].owner].status);
    for (int i = 0; i < num_yards_; ++i) remove_yard[i] = is_failure(players_[yards_[i].owner].status);
    remove_marked_ships(remove_ship);
    remove_marked_shipyards(remove_yard);
  }
  if (num_players_ > 1 && active_players() < 2)
    for (int p = 0; p < num_players_; ++p)
      if (players_[p].status == Status::Active) players_[p].status = Status::Done;
  for (int p = 0; p < num_players_; ++p)
    if (players_[p].status == Status::Active) players_[p].reward = players_[p].bank;
  // The runner ends the episode at its last state.
  if (step_ >= config_.episode_steps - 1)
    for (int p = 0; p < num_players_; ++p)
      if (players_[p].status == Status::Active) players_[p].status = Status::Done;
}

// -------------------------------------------------------------- checking -

std::string State::check() const {
  const int cells = cell_count();
  if (config_.size < kMinBoardSize || config_.size > kMaxBoardSize) return "size out of range";
  if (num_players_ < 1 || num_players_ > kMaxPlayers) return "player count out of range";
  if (num_ships_ < 0 || num_ships_ > kMaxShips || num_yards_ < 0 || num_yards_ > kMaxShipyards)
    return "unit count out of range";
  uint8_t ship_on[kMaxCells] = {}, yard_on[kMaxCells] = {};
  for (int i = 0; i < num_ships_; ++i) {
    const Ship& s = ships_[i];
    if (i > 0 && !(ships_[i - 1].id < s.id)) return "ships not in strictly increasing id order at " + s.id.str();
    if (s.cell >= cells) return "ship " + s.id.str() + " off the board";
    if (s.owner >= num_players_) return "ship " + s.id.str() + " has no owner";
    if (!(s.cargo >= 0)) return "ship " + s.id.str() + " has negative cargo";
    if (ship_on[s.cell]++ && step_ > 0) return "two ships on cell " + std::to_string(s.cell);
    if (is_failure(players_[s.owner].status)) return "failed player still owns ship " + s.id.str();
  }
  for (int i = 0; i < num_yards_; ++i) {
    const Shipyard& y = yards_[i];
    if (i > 0 && !(yards_[i - 1].id < y.id)) return "shipyards not in strictly increasing id order at " + y.id.str();
    if (y.cell >= cells) return "shipyard " + y.id.str() + " off the board";
    if (y.owner >= num_players_) return "shipyard " + y.id.str() + " has no owner";
    if (yard_on[y.cell]++) return "two shipyards on cell " + std::to_string(y.cell);
    if (halite_[y.cell] != 0) return "shipyard cell " + std::to_string(y.cell) + " holds halite";
  }
  for (int c = 0; c < cells; ++c)
    if (!(halite_[c] >= 0) || !std::isfinite(halite_[c])) return "cell " + std::to_string(c) + " has invalid halite";
  for (int c = cells; c < kMaxCells; ++c)
    if (halite_[c] != 0) return "halite stored past the board";
  for (int i = num_ships_; i < kMaxShips; ++i)
    if (!(ships_[i] == Ship{})) return "ship slot " + std::to_string(i) + " past the count is not zero";
  for (int i = num_yards_; i < kMaxShipyards; ++i)
    if (!(yards_[i] == Shipyard{})) return "shipyard slot " + std::to_string(i) + " past the count is not zero";
  for (int c = 0; c < kMaxCells; ++c) {
    const bool growing = c < cells && halite_[c] != 0 && halite_[c] != static_cast<double>(config_.max_cell_halite);
    if (growing != static_cast<bool>((growing_[c >> 6] >> (c & 63)) & 1))
      return "regeneration set out of step with the halite of cell " + std::to_string(c);
  }
  for (int p = 0; p < num_players_; ++p)
    if (!(players_[p].bank >= 0)) return "player " + std::to_string(p) + " has a negative bank";
  if (const StagedCounts n = count_staged(); n.spawns != staged_spawns_ || n.converts != staged_converts_)
    return "staged spawn and conversion counts out of step with the staged orders";
  return {};
}

// ----------------------------------------------------------------- hash --

namespace {
struct Fnv {
  uint64_t h = 1469598103934665603ull;
  template <typename T>
  void add(const T& v) {
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &v, sizeof(T));
    for (unsigned char b : bytes) h = (h ^ b) * 1099511628211ull;
  }
};
}  // namespace

uint64_t hash(const State& s) {
  Fnv f;
  f.add(s.step());
  f.add(s.num_players());
  for (int p = 0; p < s.num_players(); ++p) {
    const Player& pl = s.player(p);
    f.add(pl.bank);
    f.add(pl.reward);
    f.add(static_cast<uint8_t>(pl.status));
  }
  for (const Ship& sh : s.ships()) {
    f.add(sh.id.value);
    f.add(sh.cell);
    f.add(sh.owner);
    f.add(sh.cargo);
    f.add(static_cast<uint8_t>(sh.action));
  }
  for (const Shipyard& y : s.shipyards()) {
    f.add(y.id.value);
    f.add(y.cell);
    f.add(y.owner);
    f.add(static_cast<uint8_t>(y.action));
  }
  for (int c = 0; c < s.cell_count(); ++c) f.add(s.halite(c));
  return f.h;
}

}  // namespace halite
