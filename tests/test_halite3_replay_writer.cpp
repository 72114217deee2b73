// Halite III replays written by this engine (replay_writer.h): a game played
// and written reads back and reproduces exactly; an official game replayed
// and re-written is the official file field by field (but for the fields the
// engine fills from the clock or names itself); `halite play --game halite3`
// writes a replay `halite replay-check` reproduces, and refuses bad values.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "build_kind.h"
#include "halite3/game.h"
#include "halite3/mapgen.h"
#include "halite3/replay_check.h"
#include "halite3/replay_writer.h"
#include "halite3/search/policy.h"
#include "halite3_testdata.h"
#include "run_tool.h"
#include "temp_dir.h"

using namespace halite3;
using Json = nlohmann::json;

namespace {

// A short game keeps the test fast: a few dozen turns still spawn, mine,
// deposit and collide.
constexpr int kShortGameTurns = 60;

// Fields the engine cannot take from the game: the wall-clock time of the
// run, and the engine's own name.
constexpr const char* kClockField = "execution_time";
constexpr const char* kVersionField = "ENGINE_VERSION";

GameOutcome play_greedy(const State& start, const Constants& constants, uint32_t seed, ReplayRecorder& recorder) {
  std::vector<search::GreedyPolicy> policies(static_cast<size_t>(start.player_count),
                                             search::GreedyPolicy(search::PolicyParams::defaults()));
  return play_game(
      start, constants, seed,
      [&](const State& s) {
        std::vector<PlayerCommands> commands(static_cast<size_t>(s.player_count));
        for (int p = 0; p < s.player_count; ++p)
          if (!s.players[p].removed) commands[p].commands = policies[p].decide(s, constants, p);
        return commands;
      },
      &recorder);
}

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> out;
  for (const auto& [key, value] : object.items()) out.push_back(key);
  return out;
}

// The items of a list the reference fills from an unordered container, in
// a fixed order (and a shipwreck's ships sorted).
Json sorted_list(Json list) {
  for (Json& item : list)
    if (item.is_object() && item.contains("ships")) std::sort(item["ships"].begin(), item["ships"].end());
  std::sort(list.begin(), list.end(), [](const Json& a, const Json& b) { return a.dump() < b.dump(); });
  return list;
}

// The first field where `ours` and `official` differ ("" when none): every
// key of both, every value equal, lists from unordered containers compared
// as sets, `skip` not compared.
std::string difference(const std::string& where, const Json& ours, const Json& official,
                       const std::vector<std::string>& unordered = {}, const std::vector<std::string>& skip = {}) {
  if (keys(ours) != keys(official)) return where + ": keys differ";
  for (const auto& [key, value] : official.items()) {
    if (std::find(skip.begin(), skip.end(), key) != skip.end()) continue;
    const bool as_set = std::find(unordered.begin(), unordered.end(), key) != unordered.end();
    const Json mine = as_set ? sorted_list(ours[key]) : ours[key];
    const Json theirs = as_set ? sorted_list(value) : value;
    if (mine != theirs)
      return where + "." + key + ": " + mine.dump().substr(0, 300) + " vs " + theirs.dump().substr(0, 300);
  }
  return "";
}

std::string replay_difference(const Json& ours, const Json& official) {
  const std::vector<std::string> whole = {"full_frames", "game_statistics", kVersionField};
  if (std::string d = difference("replay", ours, official, {}, whole); !d.empty()) return d;
  if (ours["full_frames"].size() != official["full_frames"].size()) return "full_frames: lengths differ";
  for (size_t t = 0; t < official["full_frames"].size(); ++t)
    if (std::string d = difference("full_frames[" + std::to_string(t) + "]", ours["full_frames"][t],
                                   official["full_frames"][t], {"events", "cells"});
        !d.empty())
      return d;
  const Json& stats = ours["game_statistics"];
  const Json& theirs = official["game_statistics"];
  if (std::string d = difference("game_statistics", stats, theirs, {}, {kClockField, "player_statistics"}); !d.empty())
    return d;
  for (size_t p = 0; p < theirs["player_statistics"].size(); ++p)
    if (std::string d = difference("player_statistics[" + std::to_string(p) + "]", stats["player_statistics"][p],
                                   theirs["player_statistics"][p], {"halite_per_dropoff"});
        !d.empty())
      return d;
  return "";
}

}  // namespace

TEST_CASE("halite3: a game played and written reads back and reproduces exactly", "[halite3][writer]") {
  constexpr uint32_t kSeed = 5;
  Constants constants = Constants::for_map(32, 32);
  constants.max_turns = kShortGameTurns;
  const State start = generate_game(kSeed, 32, 32, 2, constants);
  ReplayRecorder recorder(constants, kSeed, {"greedy", "greedy"});
  const GameOutcome outcome = play_greedy(start, constants, kSeed, recorder);
  REQUIRE(outcome.final_state.turn == kShortGameTurns + 1);
  REQUIRE(outcome.final_state.next_ship_id > 2);

  const TempDir dir("halite3_writer");
  const std::string path = dir.file("game.hlt");
  write_replay_file(path, recorder.json());
  std::string magic(4, '\0');
  std::ifstream(path, std::ios::binary).read(magic.data(), 4);
  CHECK(is_zstd(magic));  // compressed, as the reference writes it
  const Replay replay = read_replay_file(path);
  const ReplayCheckResult check = check_replay(replay);
  INFO((check.difference ? check.difference->str() : ""));
  REQUIRE(check.ok());
  CHECK(check.map_generated);
  CHECK(check.turns == kShortGameTurns);
  CHECK(replay.number_turns == outcome.final_state.turn);
  REQUIRE(replay.results.size() == 2);
  for (int p = 0; p < 2; ++p) {
    CHECK(replay.results[p].rank == outcome.ranks[p]);
    CHECK(replay.results[p].random_id == outcome.random_ids[p]);
    CHECK(replay.results[p].final_production == outcome.final_state.players[p].halite);
  }
}

TEST_CASE("halite3: an official game re-written from its reproduction is the official file", "[halite3][writer]") {
  const auto paths = testing::stored_replays();
  REQUIRE(paths.size() >= 5);
  for (const std::string& path : paths) {
    // The sanitizer build leaves out the 64x64 4-player game (most of this
    // test's time there); the smaller games cover every field.
    if (halite::testing::kSanitizedBuild && path.find("64-4p") != std::string::npos) continue;
    INFO(path);
    const std::string text = read_replay_bytes(path);
    const Json official = Json::parse(text);
    const Replay replay = parse_replay(text);
    REQUIRE(replay.map_seed);
    const State start = initial_state(replay.constants, replay.width, replay.height, replay.halite, replay.shipyards);
    ReplayRecorder recorder(replay.constants, *replay.map_seed, replay.names);
    play_game(
        start, replay.constants, *replay.map_seed,
        [&](const State& s) { return turn_commands(s, replay.frames.at(static_cast<size_t>(s.turn) + 1)); }, &recorder);
    CHECK(replay_difference(recorder.json(), official) == "");
    CHECK(official[kVersionField] != recorder.json()[kVersionField]);
  }
}

TEST_CASE("halite3: halite play --game halite3 writes a replay that replay-check reproduces", "[halite3][writer]") {
  const TempDir dir("halite3_play");
  const std::string out = dir.file("game.hlt");
  const ToolRun play = run_halite("play --game halite3 --seed 7 --players 4 --size 40 --turns 40 --out " + out);
  INFO(play.output);
  REQUIRE(play.status == 0);
  CHECK(play.output.find("Game: Halite III, 4 players, 40x40, seed 7, 41 turns") != std::string::npos);
  const ToolRun check = run_halite("replay-check " + out);
  INFO(check.output);
  CHECK(check.status == 0);
  CHECK(check.output.find("OK, Halite III, 40 turns, 4 players, 40x40") != std::string::npos);
}

TEST_CASE("halite3: halite play refuses bad Halite III values", "[halite3][writer]") {
  const TempDir dir("halite3_play_bad");
  const std::string out = " --out " + dir.file("never.hlt");
  const auto refused = [&](const std::string& args, const std::string& message) {
    const ToolRun run = run_halite("play " + args + out);
    INFO(args << "\n" << run.output);
    CHECK(run.status == 2);
    CHECK(run.output.find(message) != std::string::npos);
  };
  refused("--game halite5", "--game takes halite4 or halite3, not 'halite5'");
  refused("--game halite3 --size 33", "--size 33");
  refused("--game halite3 --size 65", "--size = 65 is out of range");
  refused("--game halite3 --players 3", "--players takes 2 or 4");
  refused("--game halite3 --agents 'greedy;fleet'", "unknown Halite III planner 'fleet'");
  refused("--game halite3 --agents 'greedy:no_such=1;greedy'", "no_such");
  refused("--game halite3 --agents greedy", "--agents names 1 agents for 2 players");
  refused("--game halite3 --view page.html", "--view is not available with --game halite3");
  refused("--turns 10", "--turns is for --game halite3");
  CHECK(!std::filesystem::exists(dir.file("never.hlt")));
}
