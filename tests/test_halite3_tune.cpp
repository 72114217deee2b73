// SPSA on the Halite III policy: the SPSA code of Halite IV's `halite tune`
// with Halite III games (the arena on engine3/): a seed gives the same run
// whatever the threads, a log resumes to it exactly, the tuned file is a
// Halite III spec file, bad flags and parameters are refused; `halite
// params --game halite3` lists the policy's declared parameters.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "build_kind.h"
#include "halite/json_codec.h"
#include "halite/lab/halite3_match.h"
#include "halite/lab/spsa.h"
#include "halite3/search/policy_params.h"
#include "run_tool.h"
#include "temp_dir.h"

using namespace halite;
using halite::testing::per_build;

namespace {

// Each line of a tune log without its wall time, the one part that differs between runs.
std::vector<nlohmann::json> log_without_times(const std::string& path) {
  std::vector<nlohmann::json> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    nlohmann::json j = nlohmann::json::parse(line);
    j.erase("seconds");
    out.push_back(j);
  }
  return out;
}

// Two iterations of two short games on 32x32: the seeds, boards and updates
// are the same whatever the length.
lab::TuneOptions small_tune() {
  lab::TuneOptions o;
  o.game = lab::Game::Halite3;
  o.planner = "greedy";
  o.names = {"return_fraction", "max_mine_turns", "spawn_stop_fraction"};
  o.games = 2;
  o.spsa.iterations = 2;
  o.spsa.seed = 3;
  o.halite3_size = 32;
  o.halite3_turns = per_build(60, 25);
  return o;
}

}  // namespace

TEST_CASE("halite3 tune: a seed gives one run whatever the threads, and its log resumes to it exactly",
          "[halite3][tune]") {
  const TempDir tmp("halite3_tune");
  const lab::TuneOptions o = small_tune();
  const lab::TuneRun full = lab::run_tune(o, tmp.file("full.jsonl"));
  REQUIRE(full.history.size() == 2);
  for (const lab::SpsaIteration& it : full.history) {
    CHECK(it.outcome.games == 2);
    CHECK(it.outcome.y_plus + it.outcome.y_minus == Approx(1));  // pair mode: theta+ against theta-
  }
  const std::vector<nlohmann::json> full_log = log_without_times(tmp.file("full.jsonl"));
  const nlohmann::json& header = full_log.at(0)["options"];
  CHECK(header["game"] == "halite3");
  CHECK(header["halite3_size"] == 32);
  CHECK_FALSE(header.contains("budget_ms"));  // Halite IV's settings are not a Halite III tune's

  lab::run_tune(o, tmp.file("part.jsonl"), {}, 1);
  const lab::TuneRun resumed = lab::resume_tune(tmp.file("part.jsonl"), 2);  // the rest on two threads
  CHECK(resumed.theta == full.theta);
  CHECK(log_without_times(tmp.file("part.jsonl")) == full_log);
  CHECK(lab::tuned_params_json(resumed) == lab::tuned_params_json(full));
  const nlohmann::json tuned = lab::tuned_params_json(full);
  CHECK(tuned["planner"] == "greedy");
  CHECK(tuned["params"].size() == halite3::search::policy_specs().size());
}

TEST_CASE("halite3 tune: the official sides in turn go on from one iteration's boards to the next's",
          "[halite3][tune]") {
  lab::ArenaOptions a;
  a.game = lab::Game::Halite3;
  a.players = {lab::PlayerSpec::parse("greedy", lab::Game::Halite3)};
  a.four_player = true;
  a.halite3_side_offset = 3;
  CHECK(lab::arena_game(a, 0).map_size == 56);
  CHECK(lab::arena_game(a, 4).map_size == 64);
  CHECK(lab::arena_game(a, 8).map_size == 32);
}

TEST_CASE("halite3 tune: bad options refused", "[halite3][tune]") {
  lab::TuneOptions o = small_tune();
  o.names = {"avoid_enemy_reach"};  // a mode switch
  CHECK_THROWS_WITH(o.validate(), Catch::Contains("not tunable"));
  o.names = {"max_ships"};  // Halite IV greedy's, not Halite III's
  CHECK_THROWS_WITH(o.validate(), Catch::Contains("max_ships"));
  o = small_tune();
  o.planner = "fleet";
  CHECK_THROWS_WITH(o.validate(), Catch::Contains("unknown Halite III planner 'fleet'"));
  o = small_tune();
  o.halite3_size = 33;  // two tiles of 16.5
  CHECK_THROWS_WITH(o.validate(), Catch::Contains("--size 33"));
  o = small_tune();
  o.mode = "opponent";
  o.opponent = "greedy:nosuch=1";
  CHECK_THROWS_WITH(o.validate(), Catch::Contains("nosuch"));
}

TEST_CASE("halite3 tune: halite tune --game halite3 through the tool, its file in the arena, bad flags refused",
          "[halite3][tune][tool]") {
  const TempDir tmp("halite3_tune_tool");
  const std::string dir = tmp.str();
  const std::string files =
      " --log " + dir + "/t.jsonl --out " + dir + "/t.json --csv " + dir + "/t.csv --svg " + dir + "/t.svg";
  const std::string tune = "tune greedy --game halite3 --games-per-iteration 2 --size 32 --turns 20 --jobs 1";
  const ToolRun run = run_halite(tune + " --spsa-iterations 1 --params return_fraction" + files);
  INFO(run.output);
  REQUIRE(run.status == 0);
  CHECK(run.output.find("Halite III, 32x32, 20 turns") != std::string::npos);
  CHECK(run.output.find("[1/1] y+") != std::string::npos);
  CHECK(run.output.find("check: halite arena --game halite3 --players 'greedy@") != std::string::npos);
  CHECK(read_json_file(dir + "/t.json")["planner"] == "greedy");

  // The tuned file is a Halite III spec's, and not a Halite IV greedy's.
  const ToolRun arena = run_halite("arena --game halite3 --players 'greedy@" + dir + "/t.json;@" + dir +
                                   "/t.json:max_mine_turns=5' --games 2 --size 32 --turns 20 --jobs 1");
  INFO(arena.output);
  CHECK(arena.status == 0);
  CHECK(run_halite("arena --players 'greedy@" + dir + "/t.json;greedy' --games 2").status == 2);

  for (const char* bad : {" --budget-ms 5", " --iterations 5", " --episode-steps 40", " --size 33", " --params nosuch",
                          " --params avoid_enemy_reach", " --players 3"}) {
    const ToolRun refused = run_halite(tune + bad + " --force" + files);
    INFO(bad << ": " << refused.output);
    CHECK(refused.status == 2);
  }
  CHECK(run_halite(tune + " --budget-ms 5 --force" + files).output.find("--budget-ms is not available") !=
        std::string::npos);
  CHECK(run_halite("tune greedy --turns 20 --force" + files).status == 2);            // --turns is Halite III's
  CHECK(run_halite("tune --resume " + dir + "/t.jsonl --game halite3").status == 2);  // settings come from the log
}

TEST_CASE("halite3 params: halite params --game halite3 lists the policy's declared parameters", "[halite3][tool]") {
  const ToolRun list = run_halite("params --game halite3");
  INFO(list.output);
  REQUIRE(list.status == 0);
  for (const halite3::search::ParamSpec& spec : halite3::search::policy_specs())
    CHECK(list.output.find(spec.name) != std::string::npos);
  const ToolRun json = run_halite("params greedy --game halite3 --json --set return_fraction=0.8");
  REQUIRE(json.status == 0);
  const nlohmann::json values = nlohmann::json::parse(json.output);
  CHECK(values.size() == halite3::search::policy_specs().size());
  CHECK(values["return_fraction"] == 0.8);
  CHECK(run_halite("params fleet --game halite3").status == 2);
  CHECK(run_halite("params greedy --game halite3 --set max_ships=3").status == 2);
}
