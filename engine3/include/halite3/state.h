// State: the whole Halite III game at one turn, as a compact value, and the
// rules that move it from one turn to the next.
//
// The rules are those of the official engine (HaliteChallenge/Halite-III,
// game_engine/core/HaliteImpl.cpp and core/command/), settled by reading it
// and checked against the games it plays (docs/halite3.md). Halite is an
// integer everywhere in that engine (`long`), so it is one here too.
//
// Design (see ../shared/design/architecture.md):
//  * Trivially copyable, fixed capacity, no heap: `State copy = state;` is a
//    memcpy (about 33 KB).
//  * Ships are kept sorted by id. Ids count spawns over all players from 0;
//    a spawn that collides on arrival still uses its id, as in the reference.
//  * A turn: update_inspiration() (the reference does it first, and the
//    replay records ships after it), then resolve_turn() with every
//    player's commands, then check_game_end(). After the last turn,
//    finish_game(). BankHistory and rank_players() give the final ranking.
//
// Capacity. Maps up to kMaxSide x kMaxSide, at most kMaxPlayers players,
// kMaxShips ships on the board at once (over all players) and kMaxDropoffs
// dropoffs per player. Anything past them throws CapacityError: the engine
// never silently drops a unit.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "halite3/constants.h"

namespace halite3 {

inline constexpr int kMaxSide = 64;
inline constexpr int kMaxCells = kMaxSide * kMaxSide;
// Spawns resolve in decreasing player id (what the reference's unordered_map
// of players gives with libstdc++ for ids below 13); 8 stays well inside.
inline constexpr int kMaxPlayers = 8;
inline constexpr int kMaxShips = 1024;
inline constexpr int kMaxDropoffs = 32;
inline constexpr uint8_t kNoOwner = 0xFF;

struct CapacityError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// North is y - 1, as on the reference's screen (row 0 at the top).
enum class Direction : uint8_t { Still, North, South, East, West };
// The replay's and the bots' letter: o n s e w.
char direction_letter(Direction d);
// false when `letter` is not one of them.
bool parse_direction(char letter, Direction* out);

struct Ship {
  int32_t id;
  int32_t halite;  // cargo, 0..max_energy
  uint16_t cell;   // y * width + x
  uint8_t owner;
  bool inspired;  // as update_inspiration() last set it; a new ship is not
  bool operator==(const Ship&) const = default;
};

struct Player {
  int64_t halite;     // the bank ("energy" in the replay)
  int64_t deposited;  // all halite ever deposited: cargo, collisions on owned cells, dropoff credit
  int32_t last_turn_alive;
  uint16_t shipyard;  // a cell
  uint16_t dropoff_count;
  std::array<uint16_t, kMaxDropoffs> dropoffs;  // cells, in construction order
  // Removed by the engine (an invalid command or a bot error): no ships, a
  // bank of 0, no more commands. Its shipyard and dropoffs stay its own.
  bool removed;
  // The reference's can_play: cleared for good, at a turn's end check, when
  // the player has no ship and cannot pay for one.
  bool can_play;
  bool operator==(const Player&) const = default;
};

struct State {
  int32_t width = 0, height = 0;
  int32_t turn = 0;  // turns resolved (finish_game() adds one, as the reference counts)
  int32_t player_count = 0;
  int32_t ship_count = 0;
  int32_t next_ship_id = 0;
  int64_t map_halite = 0;                   // the sum of `halite` (the reference keeps it running)
  std::array<int32_t, kMaxCells> halite{};  // per cell, row-major
  std::array<uint8_t, kMaxCells> owner{};   // the player whose shipyard or dropoff it is, or kNoOwner
  std::array<Player, kMaxPlayers> players{};
  std::array<Ship, kMaxShips> ships{};

  int cells() const { return width * height; }
  int cell(int x, int y) const { return y * width + x; }
  int x_of(int cell) const { return cell % width; }
  int y_of(int cell) const { return cell / width; }
  int neighbour(int cell, Direction d) const;
  int distance(int a, int b) const;  // Manhattan on the torus
  std::span<const Ship> ship_list() const { return {ships.data(), static_cast<size_t>(ship_count)}; }
  const Ship* find_ship(int32_t id) const;  // nullptr when no ship has that id
  bool operator==(const State&) const = default;
};
static_assert(std::is_trivially_copyable_v<State>);

// A game's first state: `halite` is the map (width * height cells, row-major,
// 0..INT32_MAX) and `shipyards` one cell per player. Shipyard cells are
// emptied, as the reference does; every bank starts at initial_energy.
// Throws std::invalid_argument for sizes or cells out of range.
State initial_state(const Constants& constants, int width, int height, std::span<const int32_t> halite,
                    std::span<const int> shipyards);

struct Command {
  enum class Type : uint8_t { Move, Construct, Spawn };
  Type type = Type::Move;
  Direction direction = Direction::Still;  // Move only
  int32_t ship = -1;                       // Move and Construct
  static Command move(int32_t ship, Direction d) { return {Type::Move, d, ship}; }
  static Command construct(int32_t ship) { return {Type::Construct, Direction::Still, ship}; }
  static Command spawn() { return {Type::Spawn, Direction::Still, -1}; }
  bool operator==(const Command&) const = default;
};

// One player's answer for a turn. `bot_error`: the bot crashed, timed out or
// sent what does not parse; the reference then removes the player before
// any command is applied.
struct PlayerCommands {
  std::vector<Command> commands;
  bool bot_error = false;
};

struct Removal {
  int player;
  std::string reason;
};

// Marks each ship inspired when at least inspiration_ship_count ships of
// other players are within inspiration_radius (the reference counts every
// cell of the square of that radius that is within the distance, so on a map
// narrower than the square a cell may count twice, as there).
void update_inspiration(State& state, const Constants& constants);

// One turn, in the reference's order: players whose bot errored are removed;
// each remaining player's commands are validated and a player with an
// invalid one (a ship it does not own, two commands for one ship, more than
// one spawn, spending more than its bank, a dropoff on an owned cell) is
// removed; then dropoffs are built, ships move (a ship that cannot pay for
// its move stays), collisions destroy every ship involved, ships on their
// owner's shipyard or dropoff deposit, spawns happen, and ships that neither
// moved, deposited nor were spawned mine. `commands` has one entry per
// player; removed players' entries are ignored. Returns who was removed.
std::vector<Removal> resolve_turn(State& state, const Constants& constants, std::span<const PlayerCommands> commands);

// The reference's end check after each turn (it also clears can_play of the
// players who can no longer play). True when the game ends now; the game
// also ends after constants.max_turns turns.
bool check_game_end(State& state, const Constants& constants);

// After the last turn: the turn count and inspiration as the reference's
// final frame has them, and last_turn_alive of the players still playing.
void finish_game(State& state, const Constants& constants);

// Can a player act next turn: a ship, or the halite for one.
bool can_still_play(const State& state, const Constants& constants, int player);

// The banks the reference's ranking compares, one row per turn (0 for a
// removed player or one that can no longer play). Not part of State: it
// grows with the game.
class BankHistory {
 public:
  void record(const State& state);  // after initial_state, each resolve_turn, and finish_game
  int64_t at(int turn, int player) const { return rows_.at(turn).at(player); }
  int turns() const { return static_cast<int>(rows_.size()); }

 private:
  std::vector<std::array<int64_t, kMaxPlayers>> rows_;
};

// Ranks (1 = first) per player: later last_turn_alive first, then the bank at
// that turn, then at each earlier turn, then the larger random_id (the
// engine's tie-break, recorded in the replay's game_statistics).
std::vector<int> rank_players(const State& state, const BankHistory& history, std::span<const int64_t> random_ids);

}  // namespace halite3
