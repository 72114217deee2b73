// The model of mzotkiew's bot (search/mz_model.h) against a game that bot
// played in Kaggle's own env: it must give the bot's own orders.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "halite/json_codec.h"
#include "halite/lab/agreement.h"
#include "halite/lab/arena.h"
#include "halite/lab/match.h"
#include "halite/opponents/mz_model.h"
#include "halite/opponents/opponents.h"
#include "halite/replay_check.h"
#include "halite/search/model/recognizer.h"
#include "halite/search/planner.h"
#include "halite/search/planners/fleet_planner.h"
#include "halite/search/planners/mcts.h"

using namespace halite;

TEST_CASE("mz_model gives the orders mzotkiew's bot gave in a Kaggle-env game", "[search][mz_model]") {
  // 4 players (zeta_best, mzotkiew, zeta_final, our default submission),
  // kaggle_environments 1.2.1, seed 1017: docs/opponent-models.md.
  const Replay replay =
      read_replay_file(std::string(HALITE_TESTDATA) + "/kaggle-env/4p_zeta_mz_zf_d10_seed1017.json.gz");
  REQUIRE(replay.num_players == 4);
  auto model = search::make_planner("mz_model", std::vector<std::string>{}, 1);
  lab::TurnBudget budget;
  budget.iterations = 1;
  const lab::Agreement a = lab::replay_agreement(replay, 1, *model, budget);
  CHECK(a.turns == 399);
  const lab::AgreementTally& ships = a.ship(lab::ShipClass::All);
  REQUIRE(ships.decisions > 5000);
  // Every ship order, spawn and conversion, in a game its moves shaped.
  CHECK(ships.agreed == ships.decisions);
  CHECK(a.ship(lab::ShipClass::RecordedConvert).decisions > 0);
  CHECK(a.yards.agreed == a.yards.decisions);
  // The fleet policy, fitted or not, agrees with under half of them.
  auto fleet = search::make_planner("fleet", std::vector<std::string>{}, 1);
  CHECK(lab::replay_agreement(replay, 1, *fleet, budget).ship(lab::ShipClass::All).rate() < 0.5);
}

TEST_CASE("the recogniser tells the modelled bots from the others during a game",
          "[search][mz_model][zeta_model][zf_model]") {
  // Seats: zeta_best, mzotkiew, zeta_final, our default submission (no
  // model).
  const Replay replay =
      read_replay_file(std::string(HALITE_TESTDATA) + "/kaggle-env/4p_zeta_mz_zf_d10_seed1017.json.gz");
  search::ModelRecognizer recognizer(opponents::known_models(), 0.98, 20, 50);
  search::ModelRecognizer from_zf(opponents::known_models(), 0.98, 20, 50);  // sees our seat
  int states = 0, predicted_turns = 0;
  const ReplayCheckResult result = check_replay(replay, [&](const State& s) {
    if (s.step() + 1 >= s.config().episode_steps) return;
    if (s.player(2).status == Status::Active) from_zf.observe(s, 2);
    if (s.player(3).status != Status::Active) return;
    recognizer.observe(s, 3);  // seen by our seat, as the bot sees it
    ++states;
    const std::vector<int>& ends = recognizer.predicted_ends();
    if (ends.empty()) return;
    ++predicted_turns;
    REQUIRE(ends.size() == s.ships().size());
    for (size_t i = 0; i < ends.size(); ++i) {
      // Only the recognised players' ships get an end; a cell is one move away.
      if (!recognizer.recognized(s.ships()[i].owner))
        REQUIRE(ends[i] == -1);
      else
        REQUIRE((ends[i] == search::kPredictedConvert || (ends[i] >= 0 && ends[i] < s.cell_count())));
    }
  });
  REQUIRE(result.ok());
  CHECK(states > 300);
  CHECK(predicted_turns > states - 10);  // from its first turns with 20 ship actions
  // The first kind to recognise a seat is its model: zeta_model is tried
  // before zf_model, its same team's other bot.
  for (auto [q, model] : {std::pair{0, "zeta_model"}, std::pair{1, "mz_model"}, std::pair{2, "zf_model"}}) {
    INFO("seat " << q);
    REQUIRE(recognizer.recognized(q));
    CHECK(recognizer.kind_name(recognizer.model_of(q)) == model);
    CHECK(recognizer.agreement(q) > 0.995);
    CHECK(recognizer.modelled(q));
  }
  CHECK_FALSE(from_zf.recognized(3));
  CHECK(from_zf.agreement(3) < 0.9);
  CHECK_FALSE(from_zf.modelled(3));  // every model dropped after 50 misses: none is run for our seat
  recognizer.reset();
  CHECK(recognizer.modelled(0));
  CHECK_FALSE(recognizer.any_recognized());
}

TEST_CASE("the recogniser's models take at most its share of a turn with a deadline", "[search][recogniser]") {
  // A model that takes 40 ms a decision, and says as much; three opponents.
  // Within 200 ms the share is 100 ms (kRecognizerTimeShare): two decisions
  // fit (40 ms, then 40 ms in the 60 left), the third does not. Each
  // decision measured against half of the time left before it would take
  // the third too (40 <= 60 of 120), 120 ms of the 200. A slow machine only
  // runs fewer.
  static constexpr double kDecisionMs = 40;
  struct SlowModel : search::OpponentModel {
    explicit SlowModel(int* calls) : calls(calls) {}
    const search::PolicyDecision& decide(const State&, int) override {
      ++*calls;
      std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(kDecisionMs));
      return decision;
    }
    bool stateless() const override { return true; }
    int* calls;
    search::PolicyDecision decision;
  };
  int calls = 0;
  const std::vector<search::ModelKind> kinds{
      {"slow", [&calls] { return std::unique_ptr<search::OpponentModel>(new SlowModel(&calls)); }, kDecisionMs}};
  const State s = State::empty(Config{}, 4, 10);
  search::ModelRecognizer recognizer(kinds, 0.98, 20, 50);
  recognizer.observe(s, 0, search::Budget::milliseconds(5 * kDecisionMs));
  CHECK(calls >= 1);
  CHECK(calls <= 2);
  // Without a deadline every opponent is modelled, every turn.
  calls = 0;
  recognizer.observe(s, 0);
  CHECK(calls == 3);
}

TEST_CASE("the fleet policy catches an enemy ship where it is predicted to end", "[search][mz_model]") {
  Config cfg;
  State s = State::empty(cfg, 2, 100);
  auto cell = [](int r, int c) { return r * 21 + c; };
  s.add_shipyard(UnitId::make(1, 1), cell(15, 15), 0);
  s.add_shipyard(UnitId::make(1, 2), cell(3, 3), 1);
  s.add_ship(UnitId::make(2, 1), cell(10, 10), 0, 0);   // ours, empty
  s.add_ship(UnitId::make(2, 2), cell(9, 11), 1, 300);  // theirs, loaded, diagonal to ours
  for (int c = 0; c < 441; ++c) s.set_halite(c, 30);
  s.mutable_player(0).bank = s.mutable_player(1).bank = 2000;
  search::FleetParams p = search::FleetParams::from(search::default_params("fleet"));
  search::FleetPolicy policy(p);
  // Predicted: the loaded ship steps west, next to ours (north of it).
  for (int end : {cell(9, 10), cell(8, 11)}) {
    policy.set_predicted_cells({-1, end});
    const search::PolicyDecision& d = policy.decide(s, 0);
    REQUIRE(d.ship_choices.size() == 1);
    search::Geometry geo;
    geo.init(21);
    const int to = geo.neighbor(cell(10, 10), d.ship_choices[0].second);
    if (end == cell(9, 10))
      CHECK(to == end);  // caught where it will be
    else
      CHECK(to != cell(9, 11));  // not where it was
  }
}

TEST_CASE("the fleet planner recognises mz_model in a game, and not another planner", "[search][mz_model]") {
  for (const char* opponent : {"mz_model", "greedy"}) {
    auto fleet = search::make_planner("fleet", std::vector<std::string>{"known_hunt_weight=0.5"}, 1);
    auto other = search::make_planner(opponent, std::vector<std::string>{}, 2);
    lab::MatchOptions options;
    options.config.episode_steps = 80;
    options.config.random_seed = 5;
    options.config.has_random_seed = true;
    options.budget.iterations = 1;
    lab::play_match(std::vector<search::Planner*>{fleet.get(), other.get()}, options);
    const auto* planner = dynamic_cast<const search::FleetPlanner*>(fleet.get());
    REQUIRE(planner != nullptr);
    INFO(opponent);
    CHECK(planner->recognizer().recognized(1) == (std::string(opponent) == "mz_model"));
    CHECK(planner->against_known() == (std::string(opponent) == "mz_model"));
  }
}

TEST_CASE("beam and mcts that never leave their policy answer as the fleet planner, known values included",
          "[search][mz_model][beam][mcts]") {
  // Against mz_model, recognised within the game: the fleet planner switches
  // to the known_* values, and so must the policy beam and mcts fall back on.
  const std::vector<std::string> values = {"known_hunt_weight=0.5", "known_spawn_min_value=400"};
  auto fleet = search::make_planner("fleet", values, 1);
  std::vector<std::unique_ptr<search::Planner>> anchored;
  for (const char* name : {"beam", "mcts"}) {
    std::vector<std::string> o = values;
    o.push_back("min_gain=100000");
    anchored.push_back(search::make_planner(name, o, 1));
  }
  auto other = search::make_planner("mz_model", std::vector<std::string>{}, 2);
  Config config;
  config.episode_steps = 120;
  config.random_seed = 5;
  State s = State::initial(config, 2);
  std::vector<State::Orders> orders(2);
  int known_turns = 0;
  while (!s.is_terminal()) {
    orders[0] = fleet->plan(s, 0, search::Budget::iterations(1));
    known_turns += dynamic_cast<const search::FleetPlanner&>(*fleet).against_known() ? 1 : 0;
    for (auto& planner : anchored) {
      INFO(planner->name() << ", step " << s.step());
      REQUIRE(planner->plan(s, 0, search::Budget::iterations(30)) == orders[0]);
    }
    orders[1] = other->plan(s, 1, search::Budget::iterations(1));
    s.step(orders);
  }
  CHECK(known_turns > 20);
}

TEST_CASE("the known_* values replace their parameters, -1 leaves them", "[search][mz_model]") {
  search::Params p = search::default_params("fleet");
  for (const char* o : {"hunt_weight=0.16", "empty_tie_penalty=0", "ships_per_yard=7", "spawn_min_value=300",
                        "return_bias=1.2", "known_hunt_weight=0.5", "known_empty_tie_penalty=450",
                        "known_ships_per_yard=5", "known_spawn_min_value=400", "known_return_bias=0.9"})
    p.set_from_string(o);
  const search::FleetParams base = search::FleetParams::from(p);
  const search::FleetParams known = base.against_known();
  CHECK(known.hunt_weight == 0.5);
  CHECK(known.empty_tie_penalty == 450);
  CHECK(known.ships_per_yard == 5);
  CHECK(known.spawn_min_value == 400);
  CHECK(known.return_bias == 0.9);
  CHECK(known.danger_penalty == base.danger_penalty);  // the rest as it was

  const search::FleetParams unchanged = search::FleetParams::from(search::default_params("fleet")).against_known();
  const search::FleetParams defaults = search::FleetParams::from(search::default_params("fleet"));
  CHECK(unchanged.hunt_weight == defaults.hunt_weight);
  CHECK(unchanged.empty_tie_penalty == defaults.empty_tie_penalty);
  CHECK(unchanged.ships_per_yard == defaults.ships_per_yard);
  CHECK(unchanged.spawn_min_value == defaults.spawn_min_value);
  CHECK(unchanged.return_bias == defaults.return_bias);
}

TEST_CASE("mcts plays a recognised opponent's predicted first turn, so its tree is reused against it",
          "[search][mz_model][mcts]") {
  // Against mz_model the first turn of the tree is the one the game then
  // plays (the model is exact and our orders are the tree's), so the subtree
  // kept is the next root's whenever the searched units stay; against greedy
  // (not recognised, modelled by the fleet policy) it almost never is.
  for (const char* opponent : {"mz_model", "greedy"}) {
    const bool known = std::string(opponent) == "mz_model";
    auto planner =
        search::make_planner("mcts", std::vector<std::string>{"known_hunt_weight=0.5", "contact_radius=0"}, 3);
    auto other = search::make_planner(opponent, std::vector<std::string>{}, 2);
    const auto* mcts = dynamic_cast<const search::MctsPlanner*>(planner.get());
    REQUIRE(mcts != nullptr);
    Config config;
    config.episode_steps = 100;
    config.random_seed = 5;
    State s = State::initial(config, 2);
    std::vector<State::Orders> orders(2);
    int predicted = 0, known_turns = 0, reused = 0, searched = 0;
    while (!s.is_terminal()) {
      orders[0] = planner->plan(s, 0, search::Budget::iterations(40));
      orders[1] = other->plan(s, 1, search::Budget::iterations(1));
      const search::MctsPlanner::TreeInfo& info = mcts->tree_info();
      predicted += info.predicted_opponents;
      known_turns += info.against_known ? 1 : 0;
      searched += info.units > 0 ? 1 : 0;
      reused += info.reused_visits > 0 ? 1 : 0;
      s.step(orders);
    }
    INFO(opponent << ": predicted on " << predicted << " turns, known values on " << known_turns << ", searched "
                  << searched << ", reused " << reused);
    CHECK(searched > 50);
    if (known) {
      CHECK(predicted > 50);  // from the recogniser's first 20 actions on
      CHECK(known_turns == predicted);
      CHECK(reused > searched / 4);
    } else {
      CHECK(predicted == 0);
      CHECK(known_turns == 0);
      CHECK(reused < searched / 10);
    }
  }
}

TEST_CASE("an arena spec's blind seat is built with no model of a named bot", "[lab][arena][opponents]") {
  // Against mz_model the fleet policy that predicts recognises it, and with a
  // known_* value that stops its spawns once every opponent is recognised it
  // plays otherwise; a blind seat plays as with predict_opponents=0.
  const auto banks = [](const std::string& ours) {
    lab::ArenaOptions options;
    options.players = {lab::PlayerSpec::parse(ours), lab::PlayerSpec::parse("mz_model")};
    options.games = 2;
    options.config.size = 11;
    options.config.episode_steps = 60;
    options.budget.iterations = 1;
    std::vector<std::vector<double>> out(2);
    lab::run_arena(options, [&](const lab::ArenaGame& g) { out[g.index] = g.result.banks; });
    return out;
  };
  const std::string fleet = "fleet:known_spawn_min_value=1000000";
  const lab::PlayerSpec blind = lab::PlayerSpec::parse(fleet + ",blind");
  CHECK(blind.blind);
  CHECK(blind.overrides == std::vector<std::string>{"known_spawn_min_value=1000000"});
  CHECK(banks(fleet + ",blind") == banks(fleet + ",predict_opponents=0"));
  CHECK(banks(fleet + ",blind") != banks(fleet));
}
