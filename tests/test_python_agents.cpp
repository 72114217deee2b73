// Kaggle Python agent files as seats (lab/python_agent.h): played through the
// worker by Debian's python3, with failures recorded as Kaggle's runner
// records them. The agents are the small files of tests/agents/ (standard
// library only). The comparison with Kaggle's own env is
// test_python_agents_kaggle.py.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "halite/lab/arena.h"
#include "halite/lab/match.h"
#include "halite/lab/python_agent.h"

using namespace halite;

namespace {

std::string agent_file(const std::string& name) {
  return std::string(HALITE_TEST_AGENTS) + "/" + name;
}

lab::MatchOptions small_game(int steps) {
  lab::MatchOptions options;
  options.config.size = 7;
  options.config.episode_steps = steps;
  options.config.random_seed = 11;
  options.config.has_random_seed = true;
  options.record = true;
  return options;
}

}  // namespace

TEST_CASE("python agents: a deterministic agent file plays whole games, the same in each", "[lab][python]") {
  auto agent = lab::make_python_agent(lab::PythonRuntime{}, agent_file("deterministic.py"));
  auto greedy = search::make_planner("greedy", std::vector<std::string>{}, 3);
  lab::MatchOptions options = small_game(40);
  std::vector<lab::MatchResult> results;
  for (int game = 0; game < 2; ++game) {  // one worker over both games
    lab::PlannerAgent opponent(*greedy, lab::TurnBudget{});
    results.push_back(lab::play_match(std::vector<lab::Agent*>{agent.get(), &opponent}, options));
  }
  for (const lab::MatchResult& r : results) {
    CHECK(r.aborted.empty());
    CHECK(r.errors[0].empty());
    CHECK(r.statuses[0] == Status::Done);
  }
  CHECK(results[0].states == results[1].states);
  CHECK(results[0].rewards == results[1].rewards);
  CHECK(results[0].recorded_actions == results[1].recorded_actions);
  // It converted at step 0 and mined: it did more than answer {}.
  CHECK(results[0].recorded_actions[1][0].size() == 1);
  CHECK(results[0].recorded_states.back().player(0).bank > 0);
}

TEST_CASE("python agents: exceptions, bad answers, slowness and a broken file fail as on Kaggle", "[lab][python]") {
  struct Case {
    const char* file;
    Status status;
    const char* reason;  // part of MatchResult::errors
    int failed_turn;     // the state the agent failed to answer
  };
  const Case cases[] = {
      {"raises.py", Status::Error, "ValueError: the test agent fails on purpose at step 3", 3},
      {"invalid.py", Status::Invalid, "\"JUMP\"", 3},
      {"odd_answers.py", Status::Invalid, "<not JSON: set {'NORTH'}>", 3},
      {"sleeps.py", Status::Timeout, "overdrew the overage bank", 3},
      {"broken.py", Status::Error, "SyntaxError", 0},
  };
  for (const Case& c : cases) {
    INFO(c.file);
    auto agent = lab::make_python_agent(lab::PythonRuntime{}, agent_file(c.file));
    auto miner = search::make_planner("miner", std::vector<std::string>{}, 1);
    lab::MatchOptions options = small_game(12);
    options.config.act_timeout = 0.2;  // keeps the sleeper's TIMEOUT short
    options.config.agent_timeout = 1.0;
    for (int game = 0; game < 2; ++game) {  // after a TIMEOUT the next game has a fresh worker
      lab::PlannerAgent opponent(*miner, lab::TurnBudget{});
      const lab::MatchResult r = lab::play_match(std::vector<lab::Agent*>{agent.get(), &opponent}, options);
      CHECK(r.statuses[0] == c.status);
      CHECK(r.errors[0].find(c.reason) != std::string::npos);
      CHECK(r.statuses[1] != Status::Error);
      REQUIRE(r.recorded_actions.size() > static_cast<size_t>(c.failed_turn + 1));
      CHECK(r.recorded_actions[c.failed_turn + 1][0].is_null());  // Kaggle records a failed turn as null
      for (int t = 1; t <= c.failed_turn; ++t) CHECK(r.recorded_actions[t][0].is_object());  // a list or None: {}
    }
  }
}

TEST_CASE("python agents: bad player specs and runtimes are refused before any game", "[lab][python]") {
  CHECK_THROWS_WITH(lab::PlayerSpec::parse("py:"), Catch::Contains("py:FILE"));
  CHECK_THROWS_WITH(lab::PlayerSpec::parse("py:/no/such/agent.py"), Catch::Contains("cannot read the agent file"));
  CHECK_THROWS_WITH(lab::PlayerSpec::parse(std::string("py:") + HALITE_TEST_AGENTS),
                    Catch::Contains("cannot read the agent file"));
  CHECK_THROWS_WITH(lab::PlayerSpec::parse("greedy:seed=x"), Catch::Contains("seed takes an integer"));
  CHECK_THROWS_WITH(lab::PlayerSpec::parse("greedy:seed=-1"), Catch::Contains("seed takes an integer"));
  const lab::PlayerSpec seeded = lab::PlayerSpec::parse("greedy:seed=12,max_ships=40");
  CHECK(seeded.seed == 12u);
  CHECK(seeded.overrides == std::vector<std::string>{"max_ships=40"});
  lab::PythonRuntime no_python;
  no_python.python = "/no/such/python3";
  CHECK_THROWS_WITH(lab::check_python_agent(no_python, agent_file("deterministic.py")),
                    Catch::Contains("cannot run the Python interpreter"));
  lab::PythonRuntime no_worker;
  no_worker.worker = "/no/such/worker.py";
  CHECK_THROWS_WITH(lab::check_python_agent(no_worker, agent_file("deterministic.py")),
                    Catch::Contains("no Python agent worker"));
  CHECK_NOTHROW(lab::check_python_agent(lab::PythonRuntime{}, agent_file("deterministic.py")));
}

TEST_CASE("python agents: an interpreter that cannot start the worker is an ERROR, not a hang", "[lab][python]") {
  lab::PythonRuntime runtime;
  runtime.python = "/bin/false";
  auto agent = lab::make_python_agent(runtime, agent_file("deterministic.py"));
  auto miner = search::make_planner("miner", std::vector<std::string>{}, 1);
  lab::PlannerAgent opponent(*miner, lab::TurnBudget{});
  const lab::MatchResult r = lab::play_match(std::vector<lab::Agent*>{agent.get(), &opponent}, small_game(5));
  CHECK(r.statuses[0] == Status::Error);
  CHECK(r.errors[0] == "the agent process exited before it was ready");
}

TEST_CASE("python agents: the arena seats one worker per seat, kept across games", "[lab][python][arena]") {
  lab::ArenaOptions options;
  options.players = {lab::PlayerSpec::parse("py:" + agent_file("deterministic.py")), lab::PlayerSpec::parse("greedy")};
  options.four_player = true;  // seats py, greedy, py, greedy: two workers in every game
  options.games = 4;
  options.config.size = 9;
  options.config.episode_steps = 25;
  const lab::ArenaSummary summary = lab::run_arena(options);
  CHECK(summary.aborted == 0);
  CHECK(summary.players[0].games == 4);
  CHECK(summary.players[0].errors == 0);
  CHECK(summary.players[1].errors == 0);
}

TEST_CASE("python agents: `halite arena` and `halite play` take py:FILE players", "[lab][python][tools]") {
  const std::string out = "python_agents_arena.out";
  const std::string arena = std::string(HALITE_TOOL_PATH) + " arena --players 'py:" + agent_file("deterministic.py") +
                            ";miner' --games 2 --size 7 --episode-steps 20 --json > " + out + " 2>/dev/null";
  REQUIRE(std::system(arena.c_str()) == 0);
  std::ifstream in(out);
  const Json summary = Json::parse(in);
  CHECK(summary.at("games") == 2);
  CHECK(summary.at("players").at(0).at("errors") == 0);
  const std::string play = std::string(HALITE_TOOL_PATH) + " play --players 2 --agents py:" + agent_file("raises.py") +
                           ",miner --size 7 --episode-steps 10 --out python_agents_play.json > " + out + " 2>/dev/null";
  REQUIRE(std::system(play.c_str()) == 0);
  std::stringstream text;
  text << std::ifstream(out).rdbuf();
  CHECK(text.str().find("ERROR (ValueError: the test agent fails on purpose at step 3)") != std::string::npos);
  const std::string missing =
      std::string(HALITE_TOOL_PATH) + " arena --players 'py:/no/such.py;miner' > " + out + " 2>&1";
  CHECK(WEXITSTATUS(std::system(missing.c_str())) == 2);
  std::remove(out.c_str());
  std::remove("python_agents_play.json");
}
