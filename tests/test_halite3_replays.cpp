// Halite III replays of the official engine (testdata/halite3/: 32x32 and
// 40x40, 2 and 4 players, from scripts/halite3/reference.sh; in those of
// seeds 4, 8, 12 and 16 a seat sends two commands for one ship, garbage or a
// dropoff it cannot pay for, or crashes, is removed, and some games end
// early) reproduce exactly, their starts the maps generated for their seeds;
// broken files are reported, never crash.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "halite3/replay_check.h"
#include "halite3_testdata.h"
#include "run_tool.h"
#include "temp_dir.h"

using namespace halite3;

namespace {

const std::string& kDir = testing::kTestdataDir;

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// The error message of reading `bytes` as a replay file, or "" when it reads.
std::string read_error(const TempDir& dir, const std::string& bytes) {
  const std::string path = dir.file("bad.hlt");
  write_bytes(path, bytes);
  try {
    (void)read_replay_file(path);
  } catch (const ReplayError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("halite3: every stored reference replay reproduces exactly", "[halite3][replay]") {
  const auto paths = testing::stored_replays();
  REQUIRE(paths.size() >= 5);
  int removals = 0, four_players = 0, early_ends = 0;
  for (const std::string& path : paths) {
    INFO(path);
    const Replay replay = read_replay_file(path);
    const ReplayCheckResult r = check_replay(replay);
    if (!r.ok()) FAIL(r.difference->str());
    CHECK(r.turns + 1 == replay.number_turns);
    four_players += replay.players() == 4;
    early_ends += r.turns < replay.constants.max_turns;
    // A player whose commands stop being recorded was removed that turn.
    for (size_t t = 2; t + 1 < replay.frames.size(); ++t)
      for (int p = 0; p < replay.players(); ++p)
        removals += replay.frames[t - 1].commands[p] && !replay.frames[t].commands[p];
  }
  // What the set covers.
  CHECK(four_players >= 1);
  CHECK(early_ends >= 2);
  CHECK(removals >= 3);
}

TEST_CASE("halite3: a changed record is reported at the turn, player and field that differ", "[halite3][replay]") {
  Replay replay = read_replay_file(kDir + "/32-2p-seed1.hlt");
  SECTION("a bank") {
    replay.frames[57].bank[1] += 1;
    const auto d = check_replay(replay).difference;
    REQUIRE(d);
    CHECK(d->str() == "turn 57, player 1, bank: expected " + std::to_string(replay.frames[57].bank[1]) + ", got " +
                          std::to_string(replay.frames[57].bank[1] - 1));
  }
  SECTION("a ship's cargo") {
    RecordedShip& ship = replay.frames[120].ships[0].front();
    ship.halite += 7;
    const auto d = check_replay(replay).difference;
    REQUIRE(d);
    CHECK(d->turn == 120);
    CHECK(d->player == 0);
    CHECK(d->field == "ship " + std::to_string(ship.id));
  }
  SECTION("a command") {
    // Frame 1's commands are the first spawns: drop player 0's.
    replay.frames[1].commands[0]->clear();
    const auto d = check_replay(replay).difference;
    REQUIRE(d);
    CHECK(d->turn == 1);
    CHECK(d->player == 0);
    CHECK(d->field == "bank");
  }
  SECTION("a dropoff") {
    const auto frame = std::find_if(replay.frames.begin(), replay.frames.end(),
                                    [](const RecordedFrame& f) { return !f.dropoffs_built.empty(); });
    REQUIRE(frame != replay.frames.end());
    frame->dropoffs_built.front().x += 1;
    const auto d = check_replay(replay).difference;
    REQUIRE(d);
    CHECK(d->turn == frame - replay.frames.begin());
    CHECK(d->field == "dropoffs built");
  }
  SECTION("a rank") {
    std::swap(replay.results[0].rank, replay.results[1].rank);
    const auto d = check_replay(replay).difference;
    REQUIRE(d);
    CHECK(d->field == "rank");
  }
}

TEST_CASE("halite3: the check reports the first difference from the generated start", "[halite3][replay][mapgen]") {
  Replay replay = read_replay_file(kDir + "/32-2p-seed1.hlt");
  REQUIRE(replay.map_seed == 1u);
  CHECK(check_replay(replay).map_generated);
  SECTION("a cell") {
    replay.halite[5 * 32 + 7] += 1;
    const auto d = check_replay(replay).difference;
    REQUIRE(d);
    CHECK(d->str() == "turn 0, halite at (7,5) from map_generator_seed 1: expected " +
                          std::to_string(replay.halite[5 * 32 + 7]) + ", got " +
                          std::to_string(replay.halite[5 * 32 + 7] - 1));
  }
  SECTION("another seed") {
    replay.map_seed = 2;
    const auto d = check_replay(replay).difference;
    REQUIRE(d);
    CHECK(d->turn == 0);
    CHECK_THAT(d->field, Catch::StartsWith("halite at (0,0) from map_generator_seed 2"));
  }
  SECTION("a shipyard") {
    std::swap(replay.shipyards[0], replay.shipyards[1]);
    const auto d = check_replay(replay).difference;
    REQUIRE(d);
    CHECK(d->str() == "turn 0, player 0, shipyard from map_generator_seed 1: expected (23,16), got (8,16)");
  }
  SECTION("a start the generator cannot make") {
    replay.width = 33;
    const auto d = check_replay(replay).difference;
    REQUIRE(d);
    CHECK_THAT(d->got, Catch::Contains("map width 33"));
  }
  SECTION("no seed recorded: the start is not checked") {
    replay.map_seed.reset();
    const ReplayCheckResult r = check_replay(replay);
    CHECK(r.ok());
    CHECK_FALSE(r.map_generated);
  }
}

TEST_CASE("halite3: truncated, garbage and incomplete replays give errors naming what is wrong", "[halite3][replay]") {
  const TempDir dir("halite3_bad");
  const std::string good = read_bytes(kDir + "/40-2p-seed4.hlt");
  REQUIRE(is_zstd(good));
  CHECK_THAT(read_error(dir, good.substr(0, good.size() / 2)), Catch::Contains("zstd"));
  CHECK_THAT(read_error(dir, good.substr(0, 6)), Catch::Contains("zstd"));
  CHECK_THAT(read_error(dir, "this is not a replay"), Catch::Contains("not JSON"));
  CHECK_THAT(read_error(dir, ""), Catch::Contains("empty file"));
  CHECK_THAT(read_error(dir, "[1, 2]"), Catch::Contains("not a replay"));
  CHECK_THAT(read_error(dir, "{}"), Catch::Contains("GAME_CONSTANTS: missing \"GAME_CONSTANTS\""));
  // Plain JSON with one field broken at a time.
  const std::string json = read_replay_bytes(kDir + "/40-2p-seed4.hlt");
  REQUIRE_FALSE(json.empty());
  auto broken = [&](const std::string& from, const std::string& to) {
    std::string text = json;
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    return read_error(dir, text);
  };
  CHECK_THAT(broken("\"MAX_ENERGY\"", "\"MAX_ENERGIES\""), Catch::Contains("GAME_CONSTANTS: missing MAX_ENERGY"));
  CHECK_THAT(broken("\"CAPTURE_ENABLED\":false", "\"CAPTURE_ENABLED\":true"),
             Catch::Contains("capture is not implemented"));
  CHECK_THAT(broken("\"EXTRACT_RATIO\":4", "\"EXTRACT_RATIO\":4.5"),
             Catch::Contains("EXTRACT_RATIO has the wrong type"));
  CHECK_THAT(broken("\"type\":\"g\"", "\"type\":\"x\""), Catch::Contains("unknown command type \"x\""));
  CHECK_THAT(broken("\"type\":\"g\"", "\"type\":\"x\""), Catch::Contains("full_frames[1]"));
  CHECK_THAT(broken("\"direction\":\"", "\"direction\":\"q"), Catch::Contains("bad move direction"));
  CHECK_THAT(broken("\"production_map\"", "\"production_mop\""), Catch::Contains("missing \"production_map\""));
  CHECK_THAT(broken("\"width\":40", "\"width\":400"), Catch::Contains("map size 400x40 not supported"));
  CHECK_THAT(broken("\"map_generator_seed\":4", "\"map_generator_seed\":-4"),
             Catch::Contains("map_generator_seed -4 is not a 32-bit unsigned integer"));
  CHECK_THAT(read_error(dir, json.substr(0, json.size() - 10)), Catch::Contains("not JSON"));
  // A file that does not exist.
  CHECK_THROWS_WITH(read_replay_file(dir.file("missing.hlt")), Catch::Contains("cannot open"));
}

TEST_CASE("halite replay-check reads .hlt files and reports like for Halite IV", "[halite3][replay][tool]") {
  const auto paths = testing::stored_replays();
  std::string args;
  for (const std::string& path : paths) args += " " + path;
  const ToolRun ok = run_halite("replay-check" + args);
  CHECK(ok.status == 0);
  CHECK_THAT(ok.output,
             Catch::Contains("OK, Halite III, 400 turns, 2 players, 32x32, starting map matches map_generator_seed"));
  CHECK_THAT(ok.output, Catch::Contains(std::to_string(paths.size()) + " of " + std::to_string(paths.size()) +
                                        " files reproduce exactly"));
  // A zstd file under another name is still recognised; a broken one is an ERROR line.
  const TempDir dir("halite3_tool");
  write_bytes(dir.file("game.bin"), read_bytes(paths.front()));
  const std::string bytes = read_bytes(paths.front());
  write_bytes(dir.file("cut.hlt"), bytes.substr(0, bytes.size() / 3));
  const ToolRun mixed = run_halite("replay-check " + dir.file("game.bin") + " " + dir.file("cut.hlt"));
  CHECK(mixed.status == 1);
  CHECK_THAT(mixed.output, Catch::Contains("game.bin: OK, Halite III"));
  CHECK_THAT(mixed.output, Catch::Contains("cut.hlt: ERROR"));
  CHECK_THAT(mixed.output, Catch::Contains("1 of 2 files reproduce exactly"));
}
