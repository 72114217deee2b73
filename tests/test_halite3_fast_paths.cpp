// The Halite III engine's fast paths against the rules' plain statements:
// inspiration counted with bit rows against a count of enemy ships by torus
// distance on random boards, and commands finding their ships by id through
// a turn's slot table when ids are far apart, after a player's removal and
// over spawns and collisions, and move costs and mining through a double
// quotient against the reference's integer division and ceil.
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <cmath>
#include <iterator>
#include <random>
#include <vector>

#include "halite3/state.h"

using namespace halite3;

namespace {

// A board `width` x `height` with `players` shipyards on its first row and
// `ships` ships on distinct random cells, owners at random.
State random_board(std::mt19937& rng, int width, int height, int players, int ships) {
  const Constants constants = Constants::for_map(width, height);
  std::vector<int> yards;
  for (int p = 0; p < players; ++p) yards.push_back(p);
  State s = initial_state(constants, width, height, std::vector<int32_t>(width * height, 0), yards);
  std::vector<int> cells(width * height);
  for (int c = 0; c < width * height; ++c) cells[c] = c;
  std::shuffle(cells.begin(), cells.end(), rng);
  std::uniform_int_distribution<int> owner(0, players - 1);
  for (int i = 0; i < ships && i < width * height; ++i)
    s.ships[s.ship_count++] =
        Ship{s.next_ship_id++, 0, static_cast<uint16_t>(cells[i]), static_cast<uint8_t>(owner(rng)), false};
  return s;
}

// The rule as stated, on a map at least 2r + 1 wide and high.
bool inspired_by_distance(const State& s, const Ship& ship, const Constants& constants) {
  int64_t enemies = 0;
  for (const Ship& other : s.ship_list())
    enemies += other.owner != ship.owner && s.distance(ship.cell, other.cell) <= constants.inspiration_radius;
  return enemies >= constants.inspiration_ship_count;
}

}  // namespace

TEST_CASE("halite3: inspiration by bit rows matches a count of enemy ships by distance", "[halite3]") {
  std::mt19937 rng(20261207);
  // Every radius a row of 64 bits allows, the official one most often, on
  // maps from just wide enough to the largest, square or not, crowded or not.
  const int radii[] = {0, 1, 2, 3, 4, 4, 4, 5, 6, 9, 15, 31};
  for (int round = 0; round < 400; ++round) {
    Constants constants;
    constants.inspiration_radius = radii[round % std::size(radii)];
    constants.inspiration_ship_count = 1 + round % 3;
    const int least = static_cast<int>(2 * constants.inspiration_radius + 1);
    std::uniform_int_distribution<int> side(least, kMaxSide);
    const int width = side(rng), height = side(rng);
    const int players = round % 2 == 0 ? 4 : 2;
    State s = random_board(rng, width, height, players, 1 + round % 200);
    update_inspiration(s, constants);
    for (const Ship& ship : s.ship_list()) {
      INFO(width << "x" << height << ", radius " << constants.inspiration_radius << ", ship " << ship.id << " at ("
                 << s.x_of(ship.cell) << "," << s.y_of(ship.cell) << ")");
      REQUIRE(ship.inspired == inspired_by_distance(s, ship, constants));
    }
  }
}

namespace {

// A 16x16 map with `halite` on every cell and two shipyards, at (2,2) and
// (12,12).
State open_board(int32_t halite) {
  const Constants constants = Constants::for_map(16, 16);
  return initial_state(constants, 16, 16, std::vector<int32_t>(16 * 16, halite),
                       std::vector<int>{2 * 16 + 2, 12 * 16 + 12});
}

void add_ship_with_id(State& s, int32_t id, int owner, int x, int y) {
  s.next_ship_id = id + 1;
  s.ships[s.ship_count++] = Ship{id, 500, static_cast<uint16_t>(s.cell(x, y)), static_cast<uint8_t>(owner), false};
}

int cell_of(const State& s, int32_t id) {
  return s.find_ship(id) ? s.find_ship(id)->cell : -1;
}

}  // namespace

TEST_CASE("halite3: commands reach their ships by id over wide id spans and after removals", "[halite3]") {
  const Constants constants = Constants::for_map(16, 16);
  SECTION("ids further apart than a table of slots covers") {
    State s = open_board(100);
    add_ship_with_id(s, 0, 0, 5, 5);
    add_ship_with_id(s, 100000, 1, 9, 9);
    add_ship_with_id(s, 100001, 0, 7, 7);
    std::vector<PlayerCommands> commands(2);
    commands[0].commands = {Command::move(100001, Direction::North), Command::move(0, Direction::East)};
    commands[1].commands = {Command::move(100000, Direction::South)};
    CHECK(resolve_turn(s, constants, commands).empty());
    CHECK(cell_of(s, 0) == s.cell(6, 5));
    CHECK(cell_of(s, 100000) == s.cell(9, 10));
    CHECK(cell_of(s, 100001) == s.cell(7, 6));
    // An id between them that no ship has.
    commands[0].commands = {Command::move(100001, Direction::North), Command::move(0, Direction::West)};
    commands[1].commands = {Command::move(50000, Direction::South)};
    const auto removed = resolve_turn(s, constants, commands);
    REQUIRE(removed.size() == 1);
    CHECK(removed[0].player == 1);
    CHECK(cell_of(s, 0) == s.cell(5, 5));
    CHECK(cell_of(s, 100001) == s.cell(7, 5));
  }
  SECTION("a removed player's ships leave the slots of the others' shifted") {
    State s = open_board(100);
    s.players[1].halite = 10000;
    add_ship_with_id(s, 3, 0, 4, 4);
    add_ship_with_id(s, 4, 1, 5, 5);
    add_ship_with_id(s, 5, 0, 6, 6);
    add_ship_with_id(s, 6, 1, 7, 7);
    add_ship_with_id(s, 9, 1, 8, 8);
    std::vector<PlayerCommands> commands(2);
    commands[0].commands = {Command::move(3, Direction::East), Command::move(4, Direction::East)};  // 4 is not its own
    commands[1].commands = {Command::move(9, Direction::West), Command::construct(6),
                            Command::move(4, Direction::North)};
    const auto removed = resolve_turn(s, constants, commands);
    REQUIRE(removed.size() == 1);
    CHECK(removed[0].player == 0);
    CHECK(s.ship_count == 2);
    CHECK(cell_of(s, 4) == s.cell(5, 4));
    CHECK(cell_of(s, 9) == s.cell(7, 8));
    CHECK(cell_of(s, 6) == -1);  // became a dropoff
    REQUIRE(s.players[1].dropoff_count == 1);
    CHECK(s.players[1].dropoffs[0] == s.cell(7, 7));
  }
  SECTION("ships spawned and destroyed over turns") {
    State s = open_board(0);  // moves are free
    std::vector<PlayerCommands> commands(2);
    for (auto& c : commands) c.commands = {Command::spawn()};
    resolve_turn(s, constants, commands);  // ids 0 (player 1) and 1 (player 0)
    commands[0].commands = {Command::move(1, Direction::South), Command::spawn()};
    commands[1].commands = {Command::move(0, Direction::North), Command::spawn()};
    resolve_turn(s, constants, commands);  // ids 2 (player 1) and 3 (player 0)
    commands[0].commands = {Command::move(1, Direction::East), Command::move(3, Direction::West)};
    commands[1].commands = {Command::move(2, Direction::West), Command::move(0, Direction::South)};
    CHECK(resolve_turn(s, constants, commands).empty());
    CHECK(cell_of(s, 1) == s.cell(3, 3));
    CHECK(cell_of(s, 3) == s.cell(1, 2));
    CHECK(cell_of(s, 2) == s.cell(11, 12));
    CHECK(cell_of(s, 0) == s.cell(12, 12));
    commands[0].commands = {Command::move(3, Direction::North)};
    commands[1].commands = {Command::move(2, Direction::East)};  // onto ship 0: both destroyed
    CHECK(resolve_turn(s, constants, commands).empty());
    CHECK(s.ship_count == 2);
    commands[0].commands = {Command::move(1, Direction::North), Command::move(3, Direction::East)};
    commands[1].commands = {Command::move(0, Direction::North)};
    const auto removed = resolve_turn(s, constants, commands);
    REQUIRE(removed.size() == 1);
    CHECK(removed[0].player == 1);
    CHECK(cell_of(s, 1) == s.cell(3, 2));
    CHECK(cell_of(s, 3) == s.cell(2, 1));
  }
}

namespace {

// Cell halite over the whole range, with multiples of `ratio` and their
// neighbours, where a quotient's rounding would show.
std::vector<int32_t> quotient_cells(std::mt19937& rng, int cells, int64_t ratio) {
  std::uniform_int_distribution<int32_t> any(0, INT32_MAX);
  std::vector<int32_t> halite(cells);
  for (int c = 0; c < cells; ++c) {
    const int64_t multiple = ratio * std::uniform_int_distribution<int64_t>(0, INT32_MAX / ratio)(rng);
    const int64_t near = std::clamp<int64_t>(multiple + c % 3 - 1, 0, INT32_MAX);
    halite[c] = c % 2 == 0 ? any(rng) : static_cast<int32_t>(near);
  }
  return halite;
}

}  // namespace

TEST_CASE("halite3: move costs and mining round their quotients as the reference's integer and double division",
          "[halite3]") {
  std::mt19937 rng(7);
  constexpr int kSide = 32;
  const int64_t ratios[] = {1, 2, 3, 4, 7, 10, 1000, 65537, INT32_MAX, int64_t{INT32_MAX} + 1, int64_t{1} << 40};
  for (const int64_t ratio : ratios) {
    INFO("ratio " << ratio);
    Constants constants = Constants::for_map(kSide, kSide);
    constants.inspiration_enabled = false;
    constants.max_energy = INT32_MAX;
    constants.move_cost_ratio = constants.extract_ratio = ratio;
    const std::vector<int32_t> halite = quotient_cells(rng, kSide * kSide, ratio);
    // Ships on every even row, off the shipyard's column: mining with an empty
    // hold, then moving north onto the empty odd rows with a full one.
    State s = initial_state(constants, kSide, kSide, halite, std::vector<int>{kSide});
    for (int y = 0; y < kSide; y += 2)
      for (int x = 1; x < kSide; ++x)
        s.ships[s.ship_count++] = Ship{s.next_ship_id++, 0, static_cast<uint16_t>(s.cell(x, y)), 0, false};
    State mined = s;
    resolve_turn(mined, constants, std::vector<PlayerCommands>(1));
    std::vector<PlayerCommands> north(1);
    for (Ship& ship : s.ships) ship.halite = INT32_MAX;
    for (const Ship& ship : s.ship_list()) north[0].commands.push_back(Command::move(ship.id, Direction::North));
    resolve_turn(s, constants, north);
    for (int i = 0; i < mined.ship_count; ++i) {
      const int cell = mined.ships[i].cell;
      const int64_t on_cell = halite[cell];
      const auto extracted = static_cast<int64_t>(std::ceil(static_cast<double>(on_cell) / static_cast<double>(ratio)));
      REQUIRE(mined.halite[cell] == on_cell - extracted);
      REQUIRE(s.ships[i].halite == INT32_MAX - on_cell / ratio);
    }
  }
}
