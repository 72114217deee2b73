// halite deviations (lab/deviations.h): a planner's departures from its base
// policy, each worth the difference of two continuations of the game.
#include <catch2/catch.hpp>

#include <cmath>

#include "halite/lab/deviations.h"
#include "halite/search/params.h"
#include "halite/search/policy/common.h"
#include "run_tool.h"

using namespace halite;

namespace {

lab::DeviationOptions small_games(int games, int horizon) {
  lab::DeviationOptions o;
  o.config.size = 9;
  o.config.episode_steps = 40;
  o.games = games;
  o.first_board_seed = 7;
  o.horizon = horizon;
  o.budget.iterations = 60;
  return o;
}

}  // namespace

TEST_CASE("deviations: the base against itself never departs", "[lab][deviations]") {
  const lab::PlayerSpec fleet = lab::PlayerSpec::parse("fleet");
  const lab::DeviationReport r =
      lab::measure_deviations(fleet, fleet, {lab::PlayerSpec::parse("greedy")}, small_games(2, 4));
  CHECK(r.games == 2);
  CHECK(r.turns == 2 * 39);
  CHECK(r.turn_gain.count == 0);
  CHECK(r.searched_gain.count == 0);
  for (const lab::GainTally& t : r.by_kind) CHECK(t.count == 0);
  CHECK(r.final_banks.size() == 2);
}

TEST_CASE("deviations: with a one-turn horizon a departure's gain is the turn's difference in evaluate()",
          "[lab][deviations]") {
  // An independent replay of the game: the same planners and seeds
  // (deviations.h: board seed x 4, + seat for the opponents), each departing
  // turn resolved both ways here.
  const lab::PlayerSpec mcts = lab::PlayerSpec::parse("mcts:contact_radius=0,max_units=4");
  const lab::PlayerSpec base = lab::PlayerSpec::parse("fleet");
  const lab::PlayerSpec greedy = lab::PlayerSpec::parse("greedy");
  const lab::DeviationOptions options = small_games(1, 1);
  const lab::DeviationReport r = lab::measure_deviations(mcts, base, {greedy}, options);
  REQUIRE(r.turn_gain.count > 0);
  int64_t ships = 0;
  for (const lab::GainTally& t : r.by_kind) ships += t.count;
  CHECK(ships >= r.turn_gain.count);  // every departing turn has a departing unit
  // mcts's own estimate, on the departing turns its answer left the policy's joint move.
  CHECK(r.searched_gain.count > 0);
  CHECK(r.searched_gain.count <= r.turn_gain.count);

  Config config = options.config;
  config.random_seed = options.first_board_seed;
  config.has_random_seed = true;
  State s = State::initial(config, 2);
  auto planner = search::make_planner("mcts", mcts.overrides, uint64_t{config.random_seed} * 4);
  auto fleet = search::make_planner("fleet", std::vector<std::string>{}, uint64_t{config.random_seed} * 4);
  auto other = search::make_planner("greedy", std::vector<std::string>{}, uint64_t{config.random_seed} * 4 + 1);
  const search::EvalParams eval = search::EvalParams::from(search::default_params("mcts"));
  search::Geometry geo;
  geo.init(config.size);
  double sum = 0;
  int64_t count = 0;
  std::vector<State::Orders> orders(2);
  while (!s.is_terminal()) {
    orders[1] = other->plan(s, 1, options.budget.start());
    const State::Orders from_base = fleet->plan(s, 0, options.budget.start());
    orders[0] = planner->plan(s, 0, options.budget.start());
    if (!(orders[0] == from_base)) {
      State a = s, b = s;
      a.step(orders);
      b.step(std::vector<State::Orders>{from_base, orders[1]});
      sum += search::evaluate(a, 0, geo, eval) - search::evaluate(b, 0, geo, eval);
      ++count;
    }
    s.step(orders);
  }
  CHECK(count == r.turn_gain.count);
  CHECK(sum == Approx(r.turn_gain.sum).margin(1e-6));
  CHECK(r.final_banks.at(0) == s.player(0).bank);

  // Deterministic: the same measurement again.
  const lab::DeviationReport again = lab::measure_deviations(mcts, base, {greedy}, options);
  CHECK(again.turn_gain.sum == r.turn_gain.sum);
  CHECK(again.turn_gain.count == r.turn_gain.count);
}

TEST_CASE("deviations: four players, and what it refuses", "[lab][deviations]") {
  const lab::PlayerSpec greedy = lab::PlayerSpec::parse("greedy");
  const lab::DeviationReport r =
      lab::measure_deviations(lab::PlayerSpec::parse("mcts:contact_radius=0"), lab::PlayerSpec::parse("fleet"),
                              {greedy, greedy, greedy}, small_games(1, 3));
  CHECK(r.turns > 0);
  CHECK(r.turn_gain.count > 0);
  CHECK(std::isfinite(r.turn_gain.mean()));
  CHECK_THROWS_AS(lab::measure_deviations(greedy, greedy, {greedy, greedy}, small_games(1, 3)), std::invalid_argument);
  CHECK_THROWS_AS(lab::measure_deviations(greedy, greedy, {greedy}, small_games(1, 0)), std::invalid_argument);
}

TEST_CASE("deviations tool: the table, JSON, and usage errors that name what was wrong", "[lab][deviations][tool]") {
  const std::string small = " --size 9 --episode-steps 30 --games 1 --iterations 40";
  const ToolRun ok = run_halite("deviations --planner mcts:contact_radius=0 --opponents greedy" + small);
  INFO(ok.output);
  CHECK(ok.status == 0);
  CHECK(ok.output.find("departing turns:") != std::string::npos);
  CHECK(ok.output.find("final banks") != std::string::npos);
  const ToolRun json = run_halite("deviations --planner mcts:contact_radius=0 --opponents greedy --json" + small);
  CHECK(json.status == 0);
  const Json j = Json::parse(json.output);
  CHECK(j.at("games") == 1);
  CHECK(j.at("turns") == 29);
  CHECK(j.at("by_kind").size() == lab::kDepartureKinds);

  const ToolRun no_planner = run_halite("deviations --games 1");
  CHECK(no_planner.status == 2);
  CHECK(no_planner.output.find("--planner") != std::string::npos);
  const ToolRun three = run_halite("deviations --planner mcts --opponents 'greedy;greedy'");
  CHECK(three.status == 2);
  CHECK(three.output.find("1 or 3") != std::string::npos);
  const ToolRun bad_param = run_halite("deviations --planner mcts:no_such_param=1 --opponents greedy" + small);
  CHECK(bad_param.status == 2);
  CHECK(bad_param.output.find("no_such_param") != std::string::npos);
  const ToolRun python =
      run_halite("deviations --planner mcts --opponents py:" + std::string(HALITE_TEST_AGENTS) + "/raises.py" + small);
  CHECK(python.status != 0);
  CHECK(python.output.find("Python agent") != std::string::npos);
}
