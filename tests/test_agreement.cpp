// halite agreement and lab/agreement.h: a planner agrees with itself on every
// order of a game it played, the tallies partition the ships, and bad input
// gets a clear error.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "halite/json_codec.h"
#include "halite/lab/agreement.h"
#include "halite/lab/match.h"
#include "run_tool.h"

using namespace halite;

namespace {

// A recorded game between two built-in planners (iteration-capped, seeded).
Replay recorded_game(const std::vector<std::string>& names, int size, int steps, uint32_t board_seed) {
  std::vector<std::unique_ptr<search::Planner>> owned;
  std::vector<search::Planner*> planners;
  for (size_t i = 0; i < names.size(); ++i) {
    owned.push_back(search::make_planner(names[i], std::vector<std::string>{}, 100 + i));
    planners.push_back(owned.back().get());
  }
  lab::MatchOptions options;
  options.config.size = size;
  options.config.episode_steps = steps;
  options.config.random_seed = board_seed;
  options.config.has_random_seed = true;
  options.budget.iterations = 1;
  options.record = true;
  const lab::MatchResult result = lab::play_match(planners, options);
  return replay_from_json(result.replay(names, "agreement-test"));
}

void check_partitions(const lab::Agreement& a) {
  using lab::ShipClass;
  const int64_t all = a.ship(ShipClass::All).decisions;
  CHECK(a.ship(ShipClass::Empty).decisions + a.ship(ShipClass::Loaded).decisions == all);
  CHECK(a.ship(ShipClass::Contact).decisions + a.ship(ShipClass::Free).decisions == all);
  CHECK(a.ship(ShipClass::RecordedStay).decisions + a.ship(ShipClass::RecordedMove).decisions +
            a.ship(ShipClass::RecordedConvert).decisions ==
        all);
  int64_t cells = 0, diagonal = 0;
  for (size_t r = 0; r < a.confusion.size(); ++r)
    for (size_t c = 0; c < a.confusion[r].size(); ++c)
      cells += a.confusion[r][c], diagonal += r == c ? a.confusion[r][c] : 0;
  CHECK(cells == all);
  CHECK(diagonal == a.ship(ShipClass::All).agreed);
  for (const lab::AgreementTally& t : a.ships) CHECK(t.agreed <= t.decisions);
}

ToolRun run_tool(const std::string& args) {
  return run_halite("agreement " + args);
}

}  // namespace

TEST_CASE("agreement: a planner agrees with every order it gave, and less with another player's", "[lab][agreement]") {
  const Replay replay = recorded_game({"fleet", "greedy"}, 15, 120, 7);
  auto fleet = search::make_planner("fleet", std::vector<std::string>{}, 1);
  lab::TurnBudget budget;
  budget.iterations = 1;

  const lab::Agreement self = lab::replay_agreement(replay, 0, *fleet, budget);
  REQUIRE(self.ship(lab::ShipClass::All).decisions > 200);
  CHECK(self.turns == 119);
  CHECK(self.ship(lab::ShipClass::All).agreed == self.ship(lab::ShipClass::All).decisions);
  CHECK(self.yards.agreed == self.yards.decisions);
  CHECK(self.yards.decisions > 0);
  check_partitions(self);

  // The same planner object again: reset() makes the second pass the same;
  // the turns' tallies, recorded, add up to the total.
  const lab::Agreement again = lab::replay_agreement(replay, 0, *fleet, budget, /*record_turns=*/true);
  CHECK(again.ship(lab::ShipClass::All).agreed == self.ship(lab::ShipClass::All).agreed);
  CHECK(self.per_turn.empty());
  REQUIRE(static_cast<int64_t>(again.per_turn.size()) == again.turns);
  int64_t decisions = 0, agreed = 0;
  for (size_t i = 0; i < again.per_turn.size(); ++i) {
    decisions += again.per_turn[i].ships.decisions, agreed += again.per_turn[i].ships.agreed;
    CHECK(again.per_turn[i].step == static_cast<int>(i));
  }
  CHECK(decisions == again.ship(lab::ShipClass::All).decisions);
  CHECK(agreed == again.ship(lab::ShipClass::All).agreed);

  const lab::Agreement other = lab::replay_agreement(replay, 1, *fleet, budget);
  REQUIRE(other.ship(lab::ShipClass::All).decisions > 100);
  CHECK(other.ship(lab::ShipClass::All).rate() < 1.0);
  CHECK(other.ship(lab::ShipClass::All).rate() > 0.0);
  check_partitions(other);

  lab::Agreement sum = self;
  sum += other;
  CHECK(sum.replays == 2);
  CHECK(sum.ship(lab::ShipClass::All).decisions ==
        self.ship(lab::ShipClass::All).decisions + other.ship(lab::ShipClass::All).decisions);
  const Json j = sum.to_json();
  CHECK(j["ships"]["all"]["decisions"].get<int64_t>() == sum.ship(lab::ShipClass::All).decisions);
}

TEST_CASE("agreement: four players on a small board, each seat reproduced by its own planner", "[lab][agreement]") {
  const Replay replay = recorded_game({"greedy", "fleet", "greedy", "fleet"}, 11, 80, 3);
  lab::TurnBudget budget;
  budget.iterations = 1;
  for (int seat : {1, 3}) {
    auto fleet = search::make_planner("fleet", std::vector<std::string>{}, 1);
    const lab::Agreement a = lab::replay_agreement(replay, seat, *fleet, budget);
    CHECK(a.ship(lab::ShipClass::All).agreed == a.ship(lab::ShipClass::All).decisions);
    check_partitions(a);
  }
  auto fleet = search::make_planner("fleet", std::vector<std::string>{}, 1);
  CHECK_THROWS_AS(lab::replay_agreement(replay, 4, *fleet, budget), std::invalid_argument);
  CHECK_THROWS_AS(lab::replay_agreement(replay, -1, *fleet, budget), std::invalid_argument);
}

TEST_CASE("agreement tool: the measurement, and usage errors that name what was wrong", "[lab][agreement][tool]") {
  const std::string replay = std::string(HALITE_TESTDATA) + "/replays/s15_2p_s11_greedy_rammer.json.gz";
  const ToolRun ok = run_tool(replay + " --planner greedy --player 0 --iterations 1");
  CHECK(ok.status == 0);
  CHECK(ok.output.find("always-stay model agrees on") != std::string::npos);
  CHECK(ok.output.find("recorded \\ predicted") != std::string::npos);

  const ToolRun json = run_tool(replay + " --planner fleet:hunt_weight=0.2 --player 1 --iterations 1 --json");
  CHECK(json.status == 0);
  const Json j = Json::parse(json.output);
  CHECK(j["player"].get<int>() == 1);
  CHECK(j["ships"]["all"]["decisions"].get<int64_t>() > 0);

  const std::string turns_file = "agreement_test_turns.jsonl";
  const ToolRun turns = run_tool(replay + " --planner greedy --player 1 --iterations 1 --per-turn " + turns_file);
  CHECK(turns.status == 0);
  {
    std::ifstream in(turns_file);
    std::string line;
    int lines = 0;
    int64_t decisions = 0;
    while (std::getline(in, line)) {
      const Json t = Json::parse(line);
      CHECK(t["player"].get<int>() == 1);
      CHECK(t["step"].get<int>() == lines);
      decisions += t["decisions"].get<int64_t>();
      ++lines;
    }
    CHECK(lines == j["turns"].get<int>());  // the turns player 1 was in the game (the same for any planner)
    CHECK(decisions > 0);
  }
  std::remove(turns_file.c_str());
  // A run that fails writes no per-turn file, not even a partial one.
  const ToolRun failed = run_tool(replay + " --planner greedy --player 3 --per-turn " + turns_file);
  CHECK(failed.status != 0);
  CHECK_FALSE(std::ifstream(turns_file).good());
  CHECK_FALSE(std::ifstream(turns_file + ".partial").good());

  const ToolRun no_planner = run_tool(replay + " --player 0");
  CHECK(no_planner.status == 2);
  CHECK(no_planner.output.find("--planner") != std::string::npos);
  const ToolRun bad_player = run_tool(replay + " --planner greedy --player 3");
  CHECK(bad_player.status != 0);
  CHECK(bad_player.output.find("player 3 is not in this replay") != std::string::npos);
  const ToolRun bad_param = run_tool(replay + " --planner greedy:no_such_param=1 --player 0");
  CHECK(bad_param.status != 0);
  CHECK(bad_param.output.find("no_such_param") != std::string::npos);
  const ToolRun missing = run_tool("no-such-replay.json --planner greedy --player 0");
  CHECK(missing.status != 0);
  CHECK(missing.output.find("no-such-replay.json") != std::string::npos);
}
