// The Halite III engine's fast paths against the rules' plain statements, on
// random boards: inspiration counted with bit rows against a count of enemy
// ships by torus distance.
#include <catch2/catch.hpp>

#include <algorithm>
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
