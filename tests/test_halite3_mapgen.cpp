// The Halite III map generator (engine3/mapgen.h): the starts of official
// games equal the maps generated for their seeds (testdata/halite3/: the
// five full games; testdata/halite3/starts/: one-turn official games kept
// for their starts, covering 32x32 with 4 players, 48 to 64 cells a side,
// 1 and 8 players and maps that are not square), the reflections and
// shipyards of the rule, and the arguments it refuses.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "halite3/mapgen.h"
#include "halite3/replay.h"

using namespace halite3;

namespace {

const std::string kDir = std::string(HALITE_TESTDATA) + "/halite3";

std::vector<std::string> replays_in(const std::string& dir) {
  std::vector<std::string> paths;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".hlt") paths.push_back(entry.path().string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

int32_t at(const GeneratedMap& map, int x, int y) {
  return map.halite[y * map.width + x];
}

std::pair<int, int> yard(const GeneratedMap& map, int player) {
  return {map.shipyards[player] % map.width, map.shipyards[player] / map.width};
}

// What every generated map holds: shipyards on distinct cells holding 0,
// every cell within 0..max_cell_production.
void check_common(const GeneratedMap& map, int players, const Constants& constants) {
  REQUIRE(map.shipyards.size() == static_cast<size_t>(players));
  REQUIRE(map.halite.size() == static_cast<size_t>(map.width * map.height));
  for (int p = 0; p < players; ++p) {
    CHECK(map.halite[map.shipyards[p]] == 0);
    for (int q = 0; q < p; ++q) CHECK(map.shipyards[p] != map.shipyards[q]);
  }
  CHECK(*std::min_element(map.halite.begin(), map.halite.end()) >= 0);
  CHECK(*std::max_element(map.halite.begin(), map.halite.end()) <= constants.max_cell_production);
}

const int kSides[] = {32, 40, 48, 56, 64};  // the official map sizes
const uint32_t kSeeds[] = {0, 1, 77, 4'294'967'295u};

}  // namespace

TEST_CASE("halite3: the starts of official games are the maps generated for their seeds", "[halite3][mapgen]") {
  std::vector<std::string> paths = replays_in(kDir);
  const std::vector<std::string> starts = replays_in(kDir + "/starts");
  paths.insert(paths.end(), starts.begin(), starts.end());
  REQUIRE(paths.size() >= 18);
  std::vector<std::string> covered;
  for (const std::string& path : paths) {
    INFO(path);
    const Replay replay = read_replay_file(path);
    REQUIRE(replay.map_seed);
    const GeneratedMap map =
        generate_map(*replay.map_seed, replay.width, replay.height, replay.players(), replay.constants);
    CHECK(map.shipyards == replay.shipyards);
    CHECK(map.halite == replay.halite);
    // The state a generated game starts from is the one the replay check starts from.
    CHECK(generate_game(*replay.map_seed, replay.width, replay.height, replay.players(), replay.constants) ==
          initial_state(replay.constants, replay.width, replay.height, replay.halite, replay.shipyards));
    covered.push_back(std::to_string(replay.width) + "x" + std::to_string(replay.height) + "-" +
                      std::to_string(replay.players()));
  }
  // Every official size with 2 and 4 players, and 1 and 8 players.
  for (const int side : kSides)
    for (const int players : {2, 4}) {
      const std::string name = std::to_string(side) + "x" + std::to_string(side) + "-" + std::to_string(players);
      CHECK(std::find(covered.begin(), covered.end(), name) != covered.end());
    }
  CHECK(std::find(covered.begin(), covered.end(), "40x40-1") != covered.end());
  CHECK(std::find(covered.begin(), covered.end(), "64x64-8") != covered.end());
}

TEST_CASE("halite3: 2-player maps are mirror images left to right", "[halite3][mapgen]") {
  for (const int side : kSides)
    for (const uint32_t seed : kSeeds) {
      INFO(side << "x" << side << ", seed " << seed);
      const Constants constants = Constants::for_map(side, side);
      const GeneratedMap map = generate_map(seed, side, side, 2, constants);
      check_common(map, 2, constants);
      for (int y = 0; y < side; ++y)
        for (int x = 0; x < side / 2; ++x) REQUIRE(at(map, x, y) == at(map, side - 1 - x, y));
      const auto [x0, y0] = yard(map, 0);
      CHECK(yard(map, 1) == std::pair{side - 1 - x0, y0});
      CHECK(y0 == side / 2);  // tiles of side/2 x side: at mid-height
      // The richest cell holds the draw from min..max_cell_production.
      CHECK(*std::max_element(map.halite.begin(), map.halite.end()) >= constants.min_cell_production);
    }
  // The shipyard's column: 8 + (w - 16) / 24 * 20 for tiles 16..40 cells a side, else the centre.
  CHECK(yard(generate_map(5, 32, 32, 2, Constants::for_map(32, 32)), 0) == std::pair{8, 16});
  CHECK(yard(generate_map(5, 40, 40, 2, Constants::for_map(40, 40)), 0) == std::pair{11, 20});
  CHECK(yard(generate_map(5, 64, 64, 2, Constants::for_map(64, 64)), 0) == std::pair{16, 32});
}

TEST_CASE("halite3: 4-player maps are mirror images both ways, shipyards in player order", "[halite3][mapgen]") {
  for (const int side : kSides)
    for (const uint32_t seed : kSeeds) {
      INFO(side << "x" << side << ", seed " << seed);
      const Constants constants = Constants::for_map(side, side);
      const GeneratedMap map = generate_map(seed, side, side, 4, constants);
      check_common(map, 4, constants);
      for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
          REQUIRE(at(map, x, y) == at(map, side - 1 - x, y));
          REQUIRE(at(map, x, y) == at(map, x, side - 1 - y));
        }
      const auto [x0, y0] = yard(map, 0);
      CHECK(x0 < side / 2);
      CHECK(y0 < side / 2);
      CHECK(yard(map, 1) == std::pair{side - 1 - x0, y0});
      CHECK(yard(map, 2) == std::pair{x0, side - 1 - y0});
      CHECK(yard(map, 3) == std::pair{side - 1 - x0, side - 1 - y0});
    }
  CHECK(yard(generate_map(5, 32, 32, 4, Constants::for_map(32, 32)), 0) == std::pair{8, 8});
  CHECK(yard(generate_map(5, 64, 64, 4, Constants::for_map(64, 64)), 0) == std::pair{21, 21});
}

TEST_CASE("halite3: 1 and 8 players, and maps that are not square", "[halite3][mapgen]") {
  const Constants constants = Constants::for_map(64, 64);
  const GeneratedMap one = generate_map(3, 48, 48, 1, constants);
  check_common(one, 1, constants);
  CHECK(yard(one, 0) == std::pair{24, 24});  // a 48x48 tile: its centre
  // 8 players: 4x2 tiles of 16x32, the left half reflected into the right.
  const GeneratedMap eight = generate_map(3, 64, 64, 8, constants);
  check_common(eight, 8, constants);
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 32; ++x) REQUIRE(at(eight, x, y) == at(eight, 63 - x, y));
  for (int p = 0; p < 4; ++p) {
    const auto [x, y] = yard(eight, p);
    CHECK(yard(eight, p + 4) == std::pair{63 - x, y});
  }
  const GeneratedMap wide = generate_map(3, 64, 32, 2, constants);
  check_common(wide, 2, constants);
  CHECK(yard(wide, 0) == std::pair{21, 16});  // a 32x32 tile, 2 players: only x moves off the centre
}

TEST_CASE("halite3: map generation is deterministic and depends on the seed", "[halite3][mapgen]") {
  const Constants constants = Constants::for_map(48, 48);
  const GeneratedMap a = generate_map(2026, 48, 48, 4, constants);
  CHECK(generate_map(2026, 48, 48, 4, constants).halite == a.halite);
  CHECK(generate_map(2027, 48, 48, 4, constants).halite != a.halite);
  const State s = generate_game(2026, 48, 48, 4, constants);
  CHECK(s == generate_game(2026, 48, 48, 4, constants));
  CHECK(s.player_count == 4);
  CHECK(s.ship_count == 0);
  for (int p = 0; p < 4; ++p) {
    CHECK(s.players[p].halite == constants.initial_energy);
    CHECK(s.players[p].shipyard == a.shipyards[p]);
    CHECK(s.owner[a.shipyards[p]] == p);
  }
  int64_t total = 0;
  for (const int32_t h : a.halite) total += h;
  CHECK(s.map_halite == total);
}

TEST_CASE("halite3: map generation refuses sizes, player counts and constants it cannot honour", "[halite3][mapgen]") {
  const Constants c = Constants::for_map(32, 32);
  CHECK_THROWS_WITH(generate_map(1, 32, 32, 3, c), Catch::Contains("players 3"));
  CHECK_THROWS_WITH(generate_map(1, 32, 32, 0, c), Catch::Contains("players 0"));
  CHECK_THROWS_WITH(generate_map(1, 32, 32, 16, c), Catch::Contains("players 16"));
  CHECK_THROWS_WITH(generate_map(1, 32, 32, -2, c), Catch::Contains("players -2"));
  CHECK_THROWS_WITH(generate_map(1, 65, 64, 2, c), Catch::Contains("map width 65 outside 1..64"));
  CHECK_THROWS_WITH(generate_map(1, 32, 0, 2, c), Catch::Contains("map height 0 outside 1..64"));
  CHECK_THROWS_WITH(generate_map(1, 33, 32, 2, c), Catch::Contains("map width 33 is not a multiple of 2"));
  CHECK_THROWS_WITH(generate_map(1, 32, 31, 4, c), Catch::Contains("map height 31 is not a multiple of 2"));
  CHECK_THROWS_WITH(generate_map(1, 34, 32, 8, c), Catch::Contains("map width 34 is not a multiple of 4"));
  CHECK_NOTHROW(generate_map(1, 31, 32, 1, c));
  CHECK_THROWS_AS(generate_game(1, 32, 32, 3, c), std::invalid_argument);
  Constants bad = c;
  bad.factor_exp_1 = 0;
  CHECK_THROWS_WITH(generate_map(1, 32, 32, 2, bad), Catch::Contains("FACTOR_EXP_1"));
  bad = c;
  bad.factor_exp_2 = -1;
  CHECK_THROWS_WITH(generate_map(1, 32, 32, 2, bad), Catch::Contains("FACTOR_EXP_2"));
  bad = c;
  bad.factor_exp_2 = 5000;  // the noise overflows a double
  CHECK_THROWS_WITH(generate_map(1, 32, 32, 2, bad), Catch::Contains("overflows"));
  bad = c;
  bad.persistence = -0.5;
  CHECK_THROWS_WITH(generate_map(1, 32, 32, 2, bad), Catch::Contains("PERSISTENCE"));
  bad = c;
  bad.min_cell_production = 1001;
  CHECK_THROWS_WITH(generate_map(1, 32, 32, 2, bad), Catch::Contains("cell production bounds 1001..1000"));
}
