// The arena on Halite III: greedy policy specs played on engine3/ with the
// Halite IV arena's seats, seeds, records and statistics; `halite arena
// --game halite3` and `halite profile --game halite3` end to end and their
// bad values.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "build_kind.h"
#include "halite/lab/arena.h"
#include "halite/lab/halite3_match.h"
#include "halite3/replay.h"
#include "run_tool.h"
#include "temp_dir.h"

using namespace halite;
using halite::testing::per_build;

namespace {

// Short games on small maps: the seats, seeds and records are the same
// whatever the length.
lab::ArenaOptions small_arena(int games, bool four_player) {
  lab::ArenaOptions o;
  o.game = lab::Game::Halite3;
  o.four_player = four_player;
  o.players = {lab::PlayerSpec::parse("greedy", lab::Game::Halite3),
               lab::PlayerSpec::parse("greedy:return_fraction=0.8", lab::Game::Halite3)};
  o.games = games;
  o.seed = 5;
  o.halite3_size = 32;
  o.halite3_turns = per_build(60, 25);
  return o;
}

std::vector<lab::ArenaGame> played(const lab::ArenaOptions& o, lab::ArenaSummary* summary = nullptr) {
  std::vector<lab::ArenaGame> games;
  const lab::ArenaSummary s = lab::run_arena(o, [&](const lab::ArenaGame& g) { games.push_back(g); });
  if (summary) *summary = s;
  std::sort(games.begin(), games.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
  return games;
}

// A game's record without its turn times, the one part that is not reproducible.
nlohmann::json untimed(const lab::ArenaOptions& o, const lab::ArenaGame& g) {
  nlohmann::json record = lab::game_record(o, g);
  record.erase("turn_ms");
  return record;
}

}  // namespace

TEST_CASE("halite3 arena: a seed plays the same games whatever the threads, seats swapped on each map",
          "[halite3][arena]") {
  lab::ArenaOptions o = small_arena(4, false);
  lab::ArenaSummary summary;
  const std::vector<lab::ArenaGame> games = played(o, &summary);
  REQUIRE(games.size() == 4);
  for (const lab::ArenaGame& g : games) {
    INFO("game " << g.index);
    CHECK(g.result.aborted == "");
    CHECK(g.map_size == 32);
    // A game ends at its turn count or when a player is left who can play;
    // finish_game counts one turn more, as the official engine does.
    CHECK(g.result.states <= o.halite3_turns + 1);
    CHECK(g.seat_player == (g.index % 2 == 0 ? std::vector<int>{0, 1} : std::vector<int>{1, 0}));
    std::vector<int> ranks = g.result.ranks;
    std::sort(ranks.begin(), ranks.end());
    CHECK(ranks == std::vector<int>{0, 1});  // the engine breaks every tie
    CHECK(g.result.errors == std::vector<std::string>{"", ""});
    REQUIRE(g.result.turn_ms.size() == 2);
    CHECK(g.result.turn_ms[0].size() + 1 == static_cast<size_t>(g.result.states));
    const nlohmann::json record = lab::game_record(o, g);
    CHECK(record["size"] == 32);
    CHECK(lab::game_record(o, lab::game_from_record(o, record)) == record);
  }
  // Two games a map, the seats swapped.
  CHECK(games[0].board_seed == games[1].board_seed);
  CHECK(games[2].board_seed == games[3].board_seed);
  CHECK(games[0].board_seed != games[2].board_seed);
  CHECK(summary.games == 4);
  CHECK(summary.players[0].wins + summary.players[1].wins == 4);
  CHECK(summary.players[0].avg_bank > 0);
  CHECK(summary.timed_games == 4);

  o.jobs = 2;
  const std::vector<lab::ArenaGame> again = played(o);
  REQUIRE(again.size() == 4);
  for (size_t g = 0; g < 4; ++g) CHECK(untimed(o, again[g]) == untimed(o, games[g]));
  o.seed = 6;
  CHECK(lab::arena_game(o, 0).board_seed != games[0].board_seed);
}

TEST_CASE("halite3 arena: four-player seats rotate over the specs, map sides in turn", "[halite3][arena]") {
  lab::ArenaOptions o = small_arena(per_build(8, 4), true);
  o.halite3_size = 0;  // the official sides in turn, one a map
  o.halite3_turns = per_build(12, 6);
  for (int index = 0; index < 8; ++index) {
    const lab::ArenaGame g = lab::arena_game(o, index);
    const std::vector<int> rotated = index % 2 == 0 ? std::vector<int>{0, 1, 0, 1} : std::vector<int>{1, 0, 1, 0};
    CHECK(g.seat_player == rotated);
    CHECK(g.map_size == lab::kHalite3Sides[static_cast<size_t>(index / 4)]);
    CHECK(g.board_seed == lab::arena_game(o, index / 4 * 4).board_seed);
  }
  for (const lab::ArenaGame& g : played(o)) {
    INFO("game " << g.index);
    CHECK(g.result.aborted == "");
    CHECK(g.result.ranks.size() == 4);
    CHECK(lab::game_record(o, g)["size"] == g.map_size);
  }
  // A record of another map side is not this arena's game.
  nlohmann::json record = lab::game_record(o, lab::arena_game(o, 0));
  record["size"] = 64;
  CHECK_THROWS_WITH(lab::game_from_record(o, record), Catch::Contains("another --size?"));
}

TEST_CASE("halite3 arena: a bad spec is refused naming it", "[halite3][arena]") {
  const auto refused = [](const std::string& spec, const std::string& why) {
    INFO(spec);
    CHECK_THROWS_WITH(lab::PlayerSpec::parse(spec, lab::Game::Halite3), Catch::Contains(why));
  };
  refused("fleet", "player 'fleet': unknown Halite III planner 'fleet' (the planners are greedy, beam and mcts)");
  refused("greedy:no_such=1", "no_such");
  refused("greedy:return_fraction=2", "return_fraction");
  refused("greedy:return_fraction=x", "'x' is not a number");
  refused("greedy:blind", "the Halite III planners take no blind");
  refused("py:agent.py", "Python agent files play Halite IV only");
  const lab::PlayerSpec spec =
      lab::PlayerSpec::parse("greedy:return_fraction=0.8,max_mine_turns=5", lab::Game::Halite3);
  const halite3::search::PolicyParams params = lab::halite3_policy_params(spec);
  CHECK(params.return_fraction == 0.8);
  CHECK(params.max_mine_turns == 5);
  CHECK(lab::halite3_policy_params(lab::PlayerSpec::parse("greedy", lab::Game::Halite3)).return_fraction ==
        halite3::search::PolicyParams::defaults().return_fraction);
}

TEST_CASE("halite3 arena: halite arena --game halite3 writes records, replays and a summary",
          "[halite3][arena][tool]") {
  const TempDir dir("halite3_arena");
  const std::string out = dir.file("games.jsonl"), replays = dir.file("replays");
  const std::string arena =
      "arena --game halite3 --players 'greedy;greedy:return_fraction=0.8' --games 2 --jobs 1 "
      "--size 32 --turns 20 --seed 3 --out " +
      out;
  const ToolRun run = run_halite(arena + " --replays " + replays);
  INFO(run.output);
  REQUIRE(run.status == 0);
  CHECK_THAT(run.output, Catch::Contains("2 two-player Halite III games, 32x32, 20 turns"));
  CHECK_THAT(run.output, Catch::Contains("greedy:return_fraction=0.8"));
  std::ifstream lines(out);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    const nlohmann::json record = nlohmann::json::parse(line);
    CHECK(record["size"] == 32);
    CHECK(record["states"].get<int>() <= 21);
    ++count;
  }
  CHECK(count == 2);
  for (const char* name : {"game-0.hlt", "game-1.hlt"}) {
    const halite3::Replay replay = halite3::read_replay_file(replays + "/" + name);
    CHECK(replay.width == 32);
    CHECK(replay.names.size() == 2);
  }
  // --summary reads the records back as the arena summed them up.
  const ToolRun summary = run_halite(arena + " --summary");
  INFO(summary.output);
  CHECK(summary.status == 0);
  const std::string table = run.output.substr(run.output.find("player"));
  CHECK(summary.output.substr(summary.output.find("player")) == table);
  const ToolRun resumed = run_halite(arena + " --resume --games 3");
  INFO(resumed.output);
  CHECK(resumed.status == 0);
  CHECK_THAT(resumed.output, Catch::Contains("3 two-player Halite III games"));
}

TEST_CASE("halite3 arena: halite arena refuses bad Halite III values", "[halite3][arena][tool]") {
  const auto refused = [](const std::string& args, const std::string& message) {
    const ToolRun run = run_halite("arena " + args);
    INFO(args << "\n" << run.output);
    CHECK(run.status == 2);
    CHECK_THAT(run.output, Catch::Contains(message));
  };
  const std::string players = " --players 'greedy;greedy'";
  refused("--game halite5" + players, "--game takes halite4 or halite3, not 'halite5'");
  refused("--game halite3 --players 'greedy;fleet'", "--players: player 'fleet': unknown Halite III planner 'fleet'");
  refused("--game halite3 --players 'greedy;greedy:no_such=1'", "no_such");
  refused("--game halite3 --players 'greedy;greedy:return_fraction=7'", "return_fraction");
  refused("--game halite3 --players greedy", "two-player games take exactly two players");
  refused("--game halite3 --size 33" + players, "--size 33");
  refused("--game halite3 --size 65" + players, "--size = 65 is out of range");
  refused("--game halite3 --turns 0" + players, "--turns");
  for (const char* flag : {"--episode-steps 50", "--act-timeout 1", "--overage 5", "--python python3", "--trace"})
    refused(std::string("--game halite3 ") + flag + players,
            std::string(flag).substr(0, std::string(flag).find(' ')) + " is not available with --game halite3");
  refused("--turns 10" + players, "--turns is for --game halite3");
}

TEST_CASE("halite3 profile: halite profile --game halite3 times the policy and the engine on its game",
          "[halite3][profile][tool]") {
  const TempDir dir("halite3_profile");
  const std::string csv = dir.file("turns.csv");
  const ToolRun run = run_halite("profile --game halite3 --size 32 --turns 12 --reps 2 --csv " + csv);
  INFO(run.output);
  REQUIRE(run.status == 0);
  CHECK_THAT(run.output, Catch::Contains("Halite III, 2 players, 32x32, seed 1: "));
  CHECK_THAT(run.output, Catch::Contains("decide_ms="));
  CHECK_THAT(run.output, Catch::Contains(" copy_ns="));
  std::ifstream lines(csv);
  std::string header, line;
  std::getline(lines, header);
  CHECK(header == "turn,ships,decide_ms_0,decide_ms_1,copy_ns,turn_ns");
  int turns = 0;
  while (std::getline(lines, line)) ++turns;
  CHECK(run.output.find("turns=" + std::to_string(turns) + "\n") != std::string::npos);
  const auto refused = [](const std::string& args, const std::string& message) {
    const ToolRun bad = run_halite("profile " + args);
    INFO(args << "\n" << bad.output);
    CHECK(bad.status == 2);
    CHECK_THAT(bad.output, Catch::Contains(message));
  };
  refused("--game halite3 --planner fleet", "--planner is not available with --game halite3");
  refused("--game halite3 --agents 'greedy;fleet'", "unknown Halite III planner 'fleet'");
  refused("--players 4", "--players is for --game halite3");
}
