#include "halite3/state.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>

namespace halite3 {

char direction_letter(Direction d) {
  switch (d) {
    case Direction::North:
      return 'n';
    case Direction::South:
      return 's';
    case Direction::East:
      return 'e';
    case Direction::West:
      return 'w';
    case Direction::Still:
      break;
  }
  return 'o';
}

bool parse_direction(char letter, Direction* out) {
  switch (letter) {
    case 'o':
      *out = Direction::Still;
      return true;
    case 'n':
      *out = Direction::North;
      return true;
    case 's':
      *out = Direction::South;
      return true;
    case 'e':
      *out = Direction::East;
      return true;
    case 'w':
      *out = Direction::West;
      return true;
    default:
      return false;
  }
}

int State::neighbour(int c, Direction d) const {
  // Row and column wrap without a division where the direction allows: the
  // resolution of every move goes through here.
  switch (d) {
    case Direction::North:
      return c >= width ? c - width : c + (height - 1) * width;
    case Direction::South:
      return c + width < cells() ? c + width : c - (height - 1) * width;
    case Direction::East: {
      const int x = x_of(c);
      return x + 1 < width ? c + 1 : c - x;
    }
    case Direction::West:
      return x_of(c) > 0 ? c - 1 : c + width - 1;
    case Direction::Still:
      break;
  }
  return c;
}

int State::distance(int a, int b) const {
  const int dx = std::abs(x_of(a) - x_of(b)), dy = std::abs(y_of(a) - y_of(b));
  return std::min(dx, width - dx) + std::min(dy, height - dy);
}

const Ship* State::find_ship(int32_t id) const {
  const auto list = ship_list();
  const auto it = std::lower_bound(list.begin(), list.end(), id, [](const Ship& s, int32_t v) { return s.id < v; });
  return it != list.end() && it->id == id ? &*it : nullptr;
}

State initial_state(const Constants& constants, int width, int height, std::span<const int32_t> halite,
                    std::span<const int> shipyards) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
    throw std::invalid_argument("map size " + std::to_string(width) + "x" + std::to_string(height) + " outside 1.." +
                                std::to_string(kMaxSide));
  if (halite.size() != static_cast<size_t>(width * height))
    throw std::invalid_argument("map has " + std::to_string(halite.size()) + " cells, not " +
                                std::to_string(width * height));
  if (shipyards.empty() || shipyards.size() > static_cast<size_t>(kMaxPlayers))
    throw CapacityError(std::to_string(shipyards.size()) + " players: 1.." + std::to_string(kMaxPlayers) +
                        " supported");
  State s;
  s.width = width;
  s.height = height;
  s.player_count = static_cast<int32_t>(shipyards.size());
  s.owner.fill(kNoOwner);
  for (int c = 0; c < width * height; ++c) {
    if (halite[c] < 0) throw std::invalid_argument("negative halite on cell " + std::to_string(c));
    s.halite[c] = halite[c];
  }
  for (int p = 0; p < s.player_count; ++p) {
    const int yard = shipyards[p];
    if (yard < 0 || yard >= width * height || s.owner[yard] != kNoOwner)
      throw std::invalid_argument("shipyard of player " + std::to_string(p) + " off the map or shared");
    Player& player = s.players[p];
    player.halite = constants.initial_energy;
    player.shipyard = static_cast<uint16_t>(yard);
    player.can_play = true;
    s.owner[yard] = static_cast<uint8_t>(p);
    s.halite[yard] = 0;
  }
  for (int c = 0; c < width * height; ++c) s.map_halite += s.halite[c];
  return s;
}

bool can_still_play(const State& s, const Constants& constants, int p) {
  if (s.players[p].halite >= constants.new_entity_energy_cost) return true;
  for (const Ship& ship : s.ship_list())
    if (ship.owner == p) return true;
  return false;
}

namespace {

constexpr int kNoSlot = -1;

// Ship slots by id for one turn. Ships are sorted by id, so the ids on the
// board lie between the first ship's and the last's, and a table over that
// span answers with one read. A span too wide for the table (an old ship
// still sailing after many spawns) falls back to State::find_ship's binary
// search. Valid until ships are removed or reordered: index() again after a
// player's ships are removed; destroyed ships keep their slots until the
// turn's end drops them.
class ShipSlots {
 public:
  explicit ShipSlots(const State& s) : state_(s) { index(); }

  // After ships are removed.
  void index() {
    const State& s = state_;
    tabled_ = true;
    span_ = 0;
    if (s.ship_count == 0) return;
    first_id_ = s.ships[0].id;
    const int64_t span = int64_t{s.ships[s.ship_count - 1].id} - first_id_ + 1;
    tabled_ = span <= kTableSpan;
    if (!tabled_) return;
    span_ = static_cast<int32_t>(span);
    std::fill_n(table_.begin(), span_, static_cast<int16_t>(kNoSlot));
    for (int i = 0; i < s.ship_count; ++i) table_[s.ships[i].id - first_id_] = static_cast<int16_t>(i);
  }

  // The slot of the ship with that id, or kNoSlot.
  int slot(int32_t id) const {
    if (!tabled_) {
      const Ship* ship = state_.find_ship(id);
      return ship ? static_cast<int>(ship - state_.ships.data()) : kNoSlot;
    }
    const int64_t offset = int64_t{id} - first_id_;
    return offset >= 0 && offset < span_ ? table_[offset] : kNoSlot;
  }

 private:
  // Ids a table covers: in the official games the ids on the board at once
  // span a few hundred.
  static constexpr int kTableSpan = 4 * kMaxShips;
  static_assert(kMaxShips <= INT16_MAX, "a slot must fit the table's entries");
  const State& state_;
  int32_t first_id_ = 0;
  int32_t span_ = 0;
  bool tabled_ = true;
  std::array<int16_t, kTableSpan> table_;  // entries 0 .. span_ - 1 are set
};

// Why the reference's CommandTransaction::check would reject this player's
// commands, or "" when it would not. Each check depends on the player's own
// state only, so removing one player never makes another's commands invalid.
// `commanded` is by ship slot, false for the player's ships on entry.
std::string invalid_reason(const State& s, const Constants& constants, int p, std::span<const Command> commands,
                           const ShipSlots& slots, std::span<bool> commanded) {
  int64_t expenses = 0;
  int spawns = 0;
  const int64_t bank = s.players[p].halite;
  for (const Command& command : commands) {
    if (command.type == Command::Type::Spawn) {
      if (++spawns > 1) return "more than one spawn";
      if ((expenses += constants.new_entity_energy_cost) > bank) return "spends more than its bank (spawn)";
      continue;
    }
    const int slot = slots.slot(command.ship);
    if (slot == kNoSlot || s.ships[slot].owner != p) return "no ship " + std::to_string(command.ship) + " of its own";
    if (commanded[slot]) return "two commands for ship " + std::to_string(command.ship);
    commanded[slot] = true;
    if (command.type == Command::Type::Construct) {
      const Ship& ship = s.ships[slot];
      const int64_t credit = s.halite[ship.cell] + static_cast<int64_t>(ship.halite);
      if ((expenses += std::max<int64_t>(0, constants.dropoff_cost - credit)) > bank)
        return "spends more than its bank (dropoff by ship " + std::to_string(command.ship) + ")";
      if (s.owner[ship.cell] != kNoOwner) return "dropoff on an owned cell by ship " + std::to_string(command.ship);
    }
  }
  return {};
}

void remove_player(State& s, int p) {
  Player& player = s.players[p];
  player.removed = true;
  player.can_play = false;
  player.halite = 0;
  // Its ships vanish with their cargo; nothing is dumped.
  const auto end = std::remove_if(s.ships.begin(), s.ships.begin() + s.ship_count,
                                  [p](const Ship& ship) { return ship.owner == p; });
  s.ship_count = static_cast<int32_t>(end - s.ships.begin());
}

// Removes the players whose bot errored or whose commands are invalid, in
// player order, as the reference does, and indexes `slots` again if any.
std::vector<Removal> remove_invalid_players(State& s, const Constants& constants,
                                            std::span<const PlayerCommands> commands, ShipSlots& slots) {
  std::vector<Removal> removed;
  // All are checked against the turn's starting ships, which is the same as
  // checking each after the removals before it (see invalid_reason).
  std::array<bool, kMaxShips> commanded;
  std::fill_n(commanded.begin(), s.ship_count, false);
  for (int p = 0; p < s.player_count; ++p) {
    if (s.players[p].removed) continue;
    std::string why =
        commands[p].bot_error ? "bot error" : invalid_reason(s, constants, p, commands[p].commands, slots, commanded);
    if (!why.empty()) removed.push_back({p, std::move(why)});
  }
  if (removed.empty()) return removed;
  for (const Removal& removal : removed) remove_player(s, removal.player);
  slots.index();
  return removed;
}

// n / d for 0 <= n < 2^53 and d >= 1, through a double division: a 64-bit
// integer division takes several times as long on many x86 processors. The
// double quotient is n / d correctly rounded, within n / d * 2^-53 < 1 / d
// of it, and a non-integer n / d is at least 1 / d from any integer, so its
// integer part is that of n / d.
int64_t floor_quotient(int64_t n, int64_t d) {
  return static_cast<int64_t>(static_cast<double>(n) / static_cast<double>(d));
}

// The reference's ceil(double(n) / double(d)), for the same n and d: the
// rounded quotient reaches an integer only where n / d is one.
int64_t ceil_quotient(int64_t n, int64_t d) {
  const int64_t q = floor_quotient(n, d);
  return q * d < n ? q + 1 : q;
}

// Halite a destroyed or depositing ship leaves on `cell`: the owner of the
// cell banks it (whoever's ship it was); an unowned cell keeps it.
void dump(State& s, int cell, int64_t amount) {
  if (s.owner[cell] != kNoOwner) {
    Player& player = s.players[s.owner[cell]];
    player.halite += amount;
    player.deposited += amount;
    return;
  }
  if (s.halite[cell] + amount > INT32_MAX) throw CapacityError("halite on a cell past INT32_MAX");
  s.halite[cell] += static_cast<int32_t>(amount);
  s.map_halite += amount;
}

// What happens to each ship slot during a turn; entries past the ships on
// the board are set as ships are spawned.
struct ShipMarks {
  std::array<bool, kMaxShips> dead;
  std::array<bool, kMaxShips> settled;  // moved, deposited or spawned: does not mine

  explicit ShipMarks(int ship_count) {
    std::fill_n(dead.begin(), ship_count, false);
    std::fill_n(settled.begin(), ship_count, false);
  }
};

void build_dropoffs(State& s, const Constants& constants, std::span<const PlayerCommands> commands,
                    const ShipSlots& slots, ShipMarks& marks) {
  for (int p = 0; p < s.player_count; ++p) {
    if (s.players[p].removed) continue;
    for (const Command& command : commands[p].commands) {
      if (command.type != Command::Type::Construct) continue;
      const int i = slots.slot(command.ship);
      Ship& ship = s.ships[i];
      Player& player = s.players[p];
      if (player.dropoff_count >= kMaxDropoffs)
        throw CapacityError("player " + std::to_string(p) + " builds more than " + std::to_string(kMaxDropoffs) +
                            " dropoffs");
      player.dropoffs[player.dropoff_count++] = ship.cell;
      s.owner[ship.cell] = static_cast<uint8_t>(p);
      // The full cost is charged and the cell's halite and the cargo are
      // credited as a deposit (so they count in `deposited`).
      const int64_t credit = s.halite[ship.cell] + static_cast<int64_t>(ship.halite);
      s.map_halite -= s.halite[ship.cell];
      s.halite[ship.cell] = 0;
      player.halite += credit;
      player.deposited += credit;
      player.halite -= constants.dropoff_cost;
      marks.dead[i] = true;
    }
  }
}

void move_ships(State& s, const Constants& constants, std::span<const PlayerCommands> commands, const ShipSlots& slots,
                ShipMarks& marks) {
  // A ship's destination; a ship that does not move stays on its own cell.
  std::array<uint16_t, kMaxShips> target;
  std::array<bool, kMaxShips> moving;
  for (int i = 0; i < s.ship_count; ++i) {
    target[i] = s.ships[i].cell;
    moving[i] = false;
  }
  for (int p = 0; p < s.player_count; ++p) {
    if (s.players[p].removed) continue;
    for (const Command& command : commands[p].commands) {
      if (command.type != Command::Type::Move || command.direction == Direction::Still) continue;
      const int i = slots.slot(command.ship);
      Ship& ship = s.ships[i];
      const int64_t ratio = ship.inspired ? constants.inspired_move_cost_ratio : constants.move_cost_ratio;
      const int64_t cost = ratio > 0 ? floor_quotient(s.halite[ship.cell], ratio) : s.halite[ship.cell] / ratio;
      if (ship.halite < cost) continue;  // cannot pay: stays (and may mine)
      ship.halite -= static_cast<int32_t>(cost);
      target[i] = static_cast<uint16_t>(s.neighbour(ship.cell, command.direction));
      moving[i] = true;
    }
  }
  // A cell where more than one ship arrives, or one arrives where another
  // stays, destroys every ship on it: one bit a cell for "a ship arrives"
  // and one for "and another one too", set without branches (which ships
  // move is as good as random). Two ships never stay on one cell.
  constexpr int kCellsPerWord = 64;
  std::array<uint64_t, kMaxCells / kCellsPerWord> arrives, collides;
  const int words = (s.cells() + kCellsPerWord - 1) / kCellsPerWord;
  std::fill_n(arrives.begin(), words, uint64_t{0});
  std::fill_n(collides.begin(), words, uint64_t{0});
  for (int i = 0; i < s.ship_count; ++i) {
    const int word = target[i] / kCellsPerWord;
    const uint64_t bit = uint64_t{!marks.dead[i] && moving[i]} << (target[i] % kCellsPerWord);
    collides[word] |= arrives[word] & bit;
    arrives[word] |= bit;
  }
  for (int i = 0; i < s.ship_count; ++i) {
    const int word = target[i] / kCellsPerWord;
    collides[word] |= arrives[word] & (uint64_t{!marks.dead[i] && !moving[i]} << (target[i] % kCellsPerWord));
  }
  for (int i = 0; i < s.ship_count; ++i) {
    if (marks.dead[i]) continue;
    Ship& ship = s.ships[i];
    if (collides[target[i] / kCellsPerWord] >> (target[i] % kCellsPerWord) & 1) {
      dump(s, target[i], ship.halite);
      marks.dead[i] = true;
    } else if (moving[i]) {
      ship.cell = target[i];
      marks.settled[i] = true;
    }
  }
}

void deposit(State& s, ShipMarks& marks) {
  for (int i = 0; i < s.ship_count; ++i) {
    Ship& ship = s.ships[i];
    if (marks.dead[i] || s.owner[ship.cell] != ship.owner) continue;
    dump(s, ship.cell, ship.halite);
    ship.halite = 0;
    marks.settled[i] = true;
  }
}

void spawn_ships(State& s, const Constants& constants, std::span<const PlayerCommands> commands, ShipMarks& marks) {
  for (int p = s.player_count - 1; p >= 0; --p) {
    if (s.players[p].removed) continue;
    const auto& list = commands[p].commands;
    if (std::none_of(list.begin(), list.end(), [](const Command& c) { return c.type == Command::Type::Spawn; }))
      continue;
    Player& player = s.players[p];
    if (s.ship_count >= kMaxShips) throw CapacityError("more than " + std::to_string(kMaxShips) + " ships");
    player.halite -= constants.new_entity_energy_cost;
    const int fresh = s.ship_count++;
    s.ships[fresh] = Ship{s.next_ship_id++, 0, player.shipyard, static_cast<uint8_t>(p), false};
    marks.dead[fresh] = false;
    marks.settled[fresh] = true;
    for (int i = 0; i < fresh; ++i) {
      if (marks.dead[i] || s.ships[i].cell != player.shipyard) continue;
      // A ship already there: both are destroyed, its cargo to the yard's owner.
      dump(s, player.shipyard, s.ships[i].halite);
      marks.dead[i] = marks.dead[fresh] = true;
    }
  }
}

void mine(State& s, const Constants& constants, const ShipMarks& marks) {
  for (int i = 0; i < s.ship_count; ++i) {
    Ship& ship = s.ships[i];
    if (marks.dead[i] || marks.settled[i] || ship.halite >= constants.max_energy) continue;
    const int64_t on_cell = s.halite[ship.cell];
    const int64_t ratio = ship.inspired ? constants.inspired_extract_ratio : constants.extract_ratio;
    int64_t extracted =
        ratio > 0 ? ceil_quotient(on_cell, ratio)
                  : static_cast<int64_t>(std::ceil(static_cast<double>(on_cell) / static_cast<double>(ratio)));
    int64_t gained = extracted;
    if (extracted == 0 && on_cell > 0) extracted = gained = on_cell;
    if (extracted + ship.halite > constants.max_energy) extracted = constants.max_energy - ship.halite;
    // The bonus is computed from what the ship would have mined before the
    // cap, in double, as the reference's `gained += multiplier * gained`.
    if (ship.inspired && constants.inspired_bonus_multiplier > 0)
      gained = static_cast<int64_t>(static_cast<double>(gained) +
                                    constants.inspired_bonus_multiplier * static_cast<double>(gained));
    if (constants.max_energy - ship.halite < gained) gained = constants.max_energy - ship.halite;
    ship.halite += static_cast<int32_t>(gained);
    s.halite[ship.cell] -= static_cast<int32_t>(extracted);
    s.map_halite -= extracted;
  }
}

// The reference's update_player_stats, as far as the rules need it.
void mark_alive(State& s, const Constants& constants) {
  for (int p = 0; p < s.player_count; ++p) {
    Player& player = s.players[p];
    if (!player.removed && player.can_play && can_still_play(s, constants, p)) player.last_turn_alive = s.turn;
  }
}

}  // namespace

std::vector<Removal> resolve_turn(State& s, const Constants& constants, std::span<const PlayerCommands> commands) {
  if (commands.size() != static_cast<size_t>(s.player_count))
    throw std::invalid_argument("resolve_turn: " + std::to_string(commands.size()) + " players' commands for " +
                                std::to_string(s.player_count) + " players");
  ++s.turn;
  ShipSlots slots(s);
  std::vector<Removal> removed = remove_invalid_players(s, constants, commands, slots);
  ShipMarks marks(s.ship_count);
  build_dropoffs(s, constants, commands, slots, marks);
  move_ships(s, constants, commands, slots, marks);
  deposit(s, marks);
  spawn_ships(s, constants, commands, marks);
  // Drop the destroyed ships, keeping the order (and so the marks) of the rest.
  int kept = 0;
  for (int i = 0; i < s.ship_count; ++i) {
    if (marks.dead[i]) continue;
    s.ships[kept] = s.ships[i];
    marks.settled[kept] = marks.settled[i];
    marks.dead[kept++] = false;
  }
  s.ship_count = kept;
  mine(s, constants, marks);
  mark_alive(s, constants);
  return removed;
}

bool check_game_end(State& s, const Constants& constants) {
  if (s.map_halite == 0) {
    const auto list = s.ship_list();
    return std::all_of(list.begin(), list.end(), [](const Ship& ship) { return ship.halite == 0; });
  }
  int alive = 0;
  for (int p = 0; p < s.player_count; ++p) {
    Player& player = s.players[p];
    const bool can_play = can_still_play(s, constants, p);
    if (!player.removed && player.can_play && !can_play) {
      player.can_play = false;
      player.last_turn_alive = s.turn;
    }
    if (!player.removed && can_play) ++alive;
  }
  if (alive > 1) return false;
  // A game of one player goes on while that player can play.
  return !(s.player_count == 1 && alive == 1);
}

void finish_game(State& s, const Constants& constants) {
  ++s.turn;
  update_inspiration(s, constants);
  mark_alive(s, constants);
}

void BankHistory::record(const State& s) {
  std::array<int64_t, kMaxPlayers> row{};
  for (int p = 0; p < s.player_count; ++p) {
    const Player& player = s.players[p];
    row[p] = !player.removed && player.can_play ? player.halite : 0;
  }
  rows_.push_back(row);
}

std::vector<int> rank_players(const State& s, const BankHistory& history, std::span<const int64_t> random_ids) {
  if (random_ids.size() != static_cast<size_t>(s.player_count))
    throw std::invalid_argument("rank_players: one random id per player");
  // Is a worse than b (the reference's PlayerStatistics::operator<).
  const auto worse = [&](int a, int b) {
    const int32_t la = s.players[a].last_turn_alive, lb = s.players[b].last_turn_alive;
    if (la != lb) return la < lb;
    for (int t = la; t >= 0; --t)
      if (history.at(t, a) != history.at(t, b)) return history.at(t, a) < history.at(t, b);
    return random_ids[a] < random_ids[b];
  };
  std::vector<int> order(s.player_count);
  for (int p = 0; p < s.player_count; ++p) order[p] = p;
  std::stable_sort(order.begin(), order.end(), worse);
  std::reverse(order.begin(), order.end());
  std::vector<int> rank(s.player_count);
  for (int i = 0; i < s.player_count; ++i) rank[order[i]] = i + 1;
  return rank;
}

}  // namespace halite3
