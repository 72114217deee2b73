// Planners' reasons (search/reasons.h) and the traces written from them:
// explaining changes no order, every own unit is explained with the order it
// got, the search planners say what their values rest on, and what `halite
// play --trace` writes is what `halite view --trace` reads.
#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "build_kind.h"
#include "halite/lab/match.h"
#include "halite/search/planner.h"
#include "run_tool.h"
#include "temp_dir.h"

using namespace halite;

namespace {

// A 4-player game of `steps` states on a small board, each seat `name`, every
// seat explaining or none; the recorded actions, and the reasons of seat 0.
struct TracedGame {
  std::vector<std::vector<Json>> actions;
  std::vector<search::TurnReasons> seat0_reasons;
  std::vector<State> states;
};

TracedGame play(const std::string& name, bool explaining, int steps) {
  std::vector<std::unique_ptr<search::Planner>> planners;
  std::vector<search::Planner*> seats;
  for (int p = 0; p < 4; ++p) {
    planners.push_back(search::make_planner(name, std::vector<std::string>{}, 7 + static_cast<uint64_t>(p)));
    planners.back()->set_explaining(explaining);
    seats.push_back(planners.back().get());
  }
  // Seat 0 is wrapped so that its reasons are kept turn by turn.
  struct Keeper final : lab::Agent {
    search::Planner* planner;
    lab::TurnBudget budget;
    std::vector<search::TurnReasons>* kept;
    void new_game(const Config&, int) override { planner->reset(); }
    lab::AgentAnswer act(const State& s, int player) override {
      lab::AgentAnswer a;
      a.orders = planner->plan(s, player, budget.start());
      if (planner->explaining()) kept->push_back(planner->reasons());
      return a;
    }
  };
  TracedGame out;
  lab::MatchOptions options;
  options.config.size = 13;
  options.config.episode_steps = steps;
  options.config.random_seed = 11;
  options.config.has_random_seed = true;
  options.budget.iterations = 60;
  options.record = true;
  Keeper keeper;
  keeper.planner = seats[0];
  keeper.budget = options.budget;
  keeper.kept = &out.seat0_reasons;
  std::vector<std::unique_ptr<lab::PlannerAgent>> others;
  std::vector<lab::Agent*> agents = {&keeper};
  for (int p = 1; p < 4; ++p) {
    others.push_back(std::make_unique<lab::PlannerAgent>(*seats[static_cast<size_t>(p)], options.budget));
    seats[static_cast<size_t>(p)]->set_explaining(explaining);  // PlannerAgent without a trace turned it off
    agents.push_back(others.back().get());
  }
  const lab::MatchResult result = lab::play_match(agents, options);
  out.actions = result.recorded_actions;
  out.states = result.recorded_states;
  return out;
}

}  // namespace

TEST_CASE("trace: explaining changes no planner's orders, and every own unit is explained with its order", "[trace]") {
  const int steps = testing::per_build(70, 30);
  for (const char* name : {"fleet", "mcts", "beam", "greedy"}) {
    INFO(name);
    const TracedGame quiet = play(name, false, steps);
    const TracedGame traced = play(name, true, steps);
    CHECK(quiet.actions == traced.actions);
    REQUIRE(quiet.seat0_reasons.empty());
    REQUIRE(traced.seat0_reasons.size() == static_cast<size_t>(steps - 1));
    std::set<std::string> bases;
    for (size_t t = 0; t < traced.seat0_reasons.size(); ++t) {
      const search::TurnReasons& r = traced.seat0_reasons[t];
      const State& s = traced.states[t];
      CHECK(r.step == s.step());
      CHECK(r.player == 0);
      CHECK(r.planner == name);
      // Every own ship and yard once, with the order the replay recorded.
      size_t own = 0;
      for (const Ship& sh : s.ships()) own += sh.owner == 0;
      for (const Shipyard& y : s.shipyards()) own += y.owner == 0;
      CHECK(r.units.size() == own);
      const Json& recorded = traced.actions[t + 1][0];
      for (const search::UnitReason& u : r.units) {
        const std::string id = u.unit.str();
        const std::string given = recorded.contains(id) ? recorded[id].get<std::string>() : "";
        CHECK(action_name(u.action) == given);
        if (u.basis) bases.insert(u.basis);
        if (u.danger) CHECK((*u.danger == 0 || *u.danger == 0.5 || *u.danger == 1));
        if (u.visits) CHECK(*u.visits >= 0);
      }
    }
    // The fleet-based planners give roles and values; mcts's searched units
    // rest on the tree; greedy explains nothing beyond the orders.
    if (std::string(name) == "greedy") {
      CHECK(bases.empty());
    } else {
      CHECK(bases.count("policy") == 1);
    }
    if (std::string(name) == "mcts") CHECK(bases.count("tree") == 1);
  }
}

TEST_CASE("trace: a trace line has the viewer's layout", "[trace]") {
  search::TurnReasons r;
  r.step = 5;
  r.player = 1;
  r.planner = "mcts";
  r.iterations = 40;
  search::UnitReason ship;
  ship.unit = UnitId::make(2, 1);
  ship.action = Action::North;
  ship.value = 3.5;
  ship.runner_up = Action::None;
  ship.runner_up_value = 2;
  ship.role = "mine";
  ship.danger = 0.5;
  ship.visits = 12;
  ship.basis = "tree";
  search::UnitReason yard;
  yard.unit = UnitId::make(1, 2);
  r.units = {ship, yard};
  const Json line = search::trace_line(r);
  CHECK(line["step"] == 5);
  CHECK(line["player"] == 1);
  CHECK(line["planner"] == "mcts");
  CHECK(line["iterations"] == 40);
  CHECK(line["units"][0] == Json::parse(R"({"id": "2-1", "action": "NORTH", "value": 3.5, "runner_up": "",
      "runner_up_value": 2, "role": "mine", "danger": 0.5, "visits": 12, "basis": "tree"})"));
  CHECK(line["units"][1] == Json::parse(R"({"id": "1-2", "action": ""})"));
}

TEST_CASE("trace: halite play --trace writes what halite view --trace reads, and arena --trace one per game",
          "[trace][tools]") {
  const TempDir dir("halite_trace_tool");
  const std::string replay = dir.file("game.json"), trace = dir.file("game.trace.jsonl");
  const ToolRun played = run_halite("play --size 11 --episode-steps 40 --iterations 30 --out " + replay + " --trace " +
                                    trace + " --agents 'mcts;fleet;greedy;miner'");
  INFO(played.output);
  REQUIRE(played.status == 0);
  CHECK(played.output.find("--trace " + trace) != std::string::npos);  // the view command names it
  std::ifstream in(trace);
  int lines = 0;
  for (std::string line; std::getline(in, line);) {
    const Json j = Json::parse(line);
    CHECK(j["units"].is_array());
    ++lines;
  }
  CHECK(lines == 4 * 39);  // every seat is a planner, every turn, none failed
  const ToolRun viewed = run_halite("view " + replay + " --trace " + trace + " --out " + dir.file("page.html"));
  INFO(viewed.output);
  CHECK(viewed.status == 0);
  // A trace of another game is refused by the viewer.
  const ToolRun other = run_halite("play --size 11 --episode-steps 40 --seed 5 --iterations 30 --out " +
                                   dir.file("other.json") + " --agents 'mcts;fleet;greedy;miner'");
  REQUIRE(other.status == 0);
  CHECK(run_halite("view " + dir.file("other.json") + " --trace " + trace + " --out " + dir.file("o.html")).status ==
        1);

  // The replays' folder is made when it is missing.
  const ToolRun arena = run_halite("arena --players 'fleet;greedy' --games 2 --jobs 1 --size 11 --episode-steps 30 " +
                                   std::string("--no-progress --replays ") + dir.file("runs") + " --trace");
  INFO(arena.output);
  REQUIRE(arena.status == 0);
  for (int g = 0; g < 2; ++g) {
    const std::string base = dir.file("runs/game-" + std::to_string(g));
    CHECK(run_halite("view " + base + ".json --trace " + base + ".trace.jsonl --out " + base + ".html").status == 0);
  }
  CHECK(run_halite("arena --players 'fleet;greedy' --games 1 --trace").status == 2);  // no --replays
  const ToolRun no_folder = run_halite("arena --players 'fleet;greedy' --games 1 --replays /dev/null/runs");
  CHECK(no_folder.status != 0);
  CHECK(no_folder.output.find("cannot make the folder") != std::string::npos);
  CHECK(run_halite("play --size 11 --episode-steps 5 --out " + dir.file("x.json") + " --trace " +
                   dir.file("no/such/dir/t.jsonl"))
            .status != 0);
}
