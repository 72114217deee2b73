// Replays the project writes load back and reproduce: the writer, the reader
// (plain and Kaggle-wrapped) and the checker agree.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "halite/lab/match.h"
#include "halite/replay_check.h"
#include "run_tool.h"
#include "temp_dir.h"

using namespace halite;

TEST_CASE("a recorded game writes a replay that replay-check reproduces", "[replay][writer]") {
  for (int players : {1, 2, 4}) {
    auto a = search::make_planner("miner", std::vector<std::string>{}, 1);
    auto b = search::make_planner("random", std::vector<std::string>{}, 2);
    auto c = search::make_planner("miner", std::vector<std::string>{}, 3);
    auto d = search::make_planner("random", std::vector<std::string>{}, 4);
    std::vector<search::Planner*> all = {a.get(), b.get(), c.get(), d.get()};
    all.resize(static_cast<size_t>(players));
    lab::MatchOptions options;
    options.config.size = 15;
    options.config.episode_steps = 120;
    options.config.random_seed = 77;
    options.config.has_random_seed = true;
    options.record = true;
    const lab::MatchResult result = lab::play_match(all, options);
    INFO(players << " players");
    REQUIRE(result.recorded_states.size() == static_cast<size_t>(result.states));

    const Json written = result.replay({}, "writer-test");
    const std::string text = written.dump();
    const Replay plain = replay_from_json(parse_json(text));
    CHECK(plain.num_players == players);
    CHECK(plain.steps.size() == result.recorded_states.size());
    const ReplayCheckResult r = check_replay(plain);
    INFO((r.ok() ? std::string() : r.difference->str()));
    CHECK(r.ok());
    CHECK(r.board_generated);

    // Kaggle's API wraps the replay as a JSON string.
    const Replay wrapped = replay_from_json(Json{{"replay", text}});
    CHECK(check_replay(wrapped).ok());

    // Ids are stable from step to step: every unit keeps its id while it lives.
    for (size_t t = 1; t < result.recorded_states.size(); ++t)
      for (const Ship& s : result.recorded_states[t].ships())
        if (s.id.label() < static_cast<uint32_t>(t)) CHECK(result.recorded_states[t - 1].find_ship(s.id) >= 0);
  }
}

TEST_CASE("halite replay-check accepts plain, gzip and wrapped files and reports differences", "[replay][tool]") {
  const TempDir tmp("halite_replay_check_test");
  const std::string dir = tmp.str();
  const std::string gz = HALITE_TESTDATA "/replays/s15_2p_s11_greedy_rammer.json.gz";
  const Json replay = read_json_file(gz);
  {
    std::ofstream(dir + "/plain.json") << replay.dump();
    std::ofstream(dir + "/wrapped.json") << Json{{"replay", replay.dump()}}.dump();
    Json broken = replay;
    broken["steps"][10][0]["observation"]["players"][0][0] = 123456;
    std::ofstream(dir + "/broken.json") << broken.dump();
    std::ofstream(dir + "/truncated.json") << replay.dump().substr(0, 5000);
  }
  auto run = [](const std::string& args) {
    const ToolRun r = run_halite("replay-check " + args);
    return std::make_pair(r.status, r.output);
  };
  auto [ok_status, ok_text] = run(gz + " " + dir + "/plain.json " + dir + "/wrapped.json");
  CHECK(ok_status == 0);
  CHECK(ok_text.find("3 of 3 files reproduce exactly") != std::string::npos);
  CHECK(ok_text.find("OK, 38 states") != std::string::npos);

  auto [bad_status, bad_text] = run(dir + "/broken.json");
  CHECK(bad_status == 1);
  CHECK(bad_text.find("MISMATCH at step 10, player 0, bank: expected 123456") != std::string::npos);

  auto [cut_status, cut_text] = run(dir + "/truncated.json " + dir + "/missing.json");
  CHECK(cut_status == 1);
  CHECK(cut_text.find("truncated.json: ERROR") != std::string::npos);
  CHECK(cut_text.find("missing.json: ERROR") != std::string::npos);
}

TEST_CASE("halite play takes several overrides per agent, agents separated by semicolons", "[replay][tool]") {
  const TempDir dir("halite_play_agents");
  const std::string a = dir.file("a.json"), b = dir.file("b.json"), c = dir.file("c.json");
  const std::string common = "play --players 2 --seed 3 --episode-steps 30 --out ";
  // The miner that never spawns nor mines below 900: unlike the default miner.
  const ToolRun overridden = run_halite(common + a + " --agents 'miner:max_ships=0,mine_threshold=900;random'");
  REQUIRE(overridden.status == 0);
  const ToolRun by_comma = run_halite(common + b + " --agents 'miner,random'");
  REQUIRE(by_comma.status == 0);
  const ToolRun by_semicolon = run_halite(common + c + " --agents 'miner;random'");
  REQUIRE(by_semicolon.status == 0);
  const auto steps_of = [](const std::string& path) {
    std::stringstream text;
    text << std::ifstream(path).rdbuf();
    return parse_json(text.str()).at("steps");
  };
  CHECK(steps_of(b) == steps_of(c));
  CHECK(steps_of(a) != steps_of(b));
  const ToolRun unknown = run_halite(common + a + " --agents 'miner:max_ships=0,no_such_parameter=1;random'");
  CHECK(unknown.status == 2);
  CHECK(unknown.output.find("no_such_parameter") != std::string::npos);
}
