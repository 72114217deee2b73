// The lab's match loop with agents: failures applied as Kaggle's runner
// applies them, and a game the engine cannot finish reported, not thrown.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "conformance.h"
#include "halite/lab/arena.h"
#include "halite/lab/match.h"
#include "temp_dir.h"

using namespace halite;

namespace {

// Spawns from every yard every turn, moves new ships off their yard and
// converts them next turn: with free spawns and conversions the number of
// yards doubles every two turns until the engine's unit caps.
class SwarmAgent final : public lab::Agent {
 public:
  void new_game(const Config&, int) override {}
  lab::AgentAnswer act(const State& state, int player) override {
    lab::AgentAnswer answer;
    std::vector<bool> taken(static_cast<size_t>(state.cell_count()), false);
    for (const Shipyard& yard : state.shipyards()) taken[yard.cell] = true;
    for (const Ship& ship : state.ships()) {
      if (ship.owner != player) continue;
      if (!taken[ship.cell]) {
        answer.orders.push_back({ship.id, Action::Convert});
        taken[ship.cell] = true;
        continue;
      }
      for (Action move : {Action::North, Action::East, Action::South, Action::West}) {
        const int to = state.neighbor(ship.cell, move);
        if (taken[to]) continue;
        taken[to] = true;
        answer.orders.push_back({ship.id, move});
        break;
      }
    }
    for (const Shipyard& yard : state.shipyards())
      if (yard.owner == player) answer.orders.push_back({yard.id, Action::Spawn});
    return answer;
  }
};

// Fails in a chosen way at a chosen step.
class FailingAgent final : public lab::Agent {
 public:
  FailingAgent(Status how, int at_step) : how_(how), at_step_(at_step) {}
  void new_game(const Config&, int) override { games_ += 1; }
  lab::AgentAnswer act(const State& state, int) override {
    lab::AgentAnswer answer;
    if (state.step() == at_step_) {
      answer.status = how_;
      answer.why = "failing on purpose";
    }
    return answer;
  }
  int games_ = 0;

 private:
  Status how_;
  int at_step_;
};

lab::MatchOptions free_units_options() {
  lab::MatchOptions options;
  options.config.size = 32;
  options.config.episode_steps = 400;
  options.config.spawn_cost = 0;
  options.config.convert_cost = 0;
  options.config.random_seed = 5;
  options.config.has_random_seed = true;
  options.record = true;
  return options;
}

}  // namespace

TEST_CASE("a game past the engine's unit caps ends as aborted, with its last state intact", "[lab][match]") {
  SwarmAgent a, b;
  const lab::MatchOptions options = free_units_options();
  lab::MatchResult result;
  REQUIRE_NOTHROW(result = lab::play_match(std::vector<lab::Agent*>{&a, &b}, options));
  size_t most_ships = 0, most_yards = 0;
  for (const State& st : result.recorded_states)
    most_ships = std::max(most_ships, st.ships().size()), most_yards = std::max(most_yards, st.shipyards().size());
  INFO(result.aborted << " ships " << most_ships << " yards " << most_yards << " states " << result.states);
  REQUIRE_FALSE(result.aborted.empty());
  CHECK(result.aborted.find("step ") == 0);
  CHECK(result.states < options.config.episode_steps);
  // The last recorded state is the one the refused turn started from, unchanged.
  const State& last = result.recorded_states.back();
  CHECK(last.step() == result.states - 1);
  testing::check_conformance(last);
  CHECK(result.ranks.size() == 2);
}

TEST_CASE("the arena counts no aborted game in any player's figures", "[lab][arena]") {
  lab::ArenaOptions options;
  options.players = {lab::PlayerSpec::parse("random"), lab::PlayerSpec::parse("random")};
  options.games = 2;
  options.config.size = 7;
  options.config.episode_steps = 30;
  const lab::ArenaSummary summary = lab::run_arena(options);
  CHECK(summary.aborted == 0);
  CHECK(summary.to_json().at("aborted") == 0);
}

TEST_CASE("an arena writing replays writes none for a game aborted before its first state", "[lab][arena]") {
  // On 2x2 boards the reference's generator leaves some boards empty and
  // fails on them (so does the engine): such a game never starts.
  TempDir dir("halite_arena_replays");
  lab::ArenaOptions options;
  options.players = {lab::PlayerSpec::parse("greedy"), lab::PlayerSpec::parse("greedy")};
  options.games = 6;
  options.seed = 1;
  options.config.size = 2;
  options.config.episode_steps = 20;
  options.replay_dir = dir.str();
  const lab::ArenaSummary summary = lab::run_arena(options);
  REQUIRE(summary.aborted > 0);
  REQUIRE(summary.aborted < options.games);
  const auto files =
      std::distance(std::filesystem::directory_iterator(dir.path), std::filesystem::directory_iterator());
  CHECK(files == options.games - summary.aborted);
}

TEST_CASE("agent failures are applied as Kaggle's runner applies them", "[lab][match]") {
  for (Status how : {Status::Error, Status::Invalid, Status::Timeout}) {
    FailingAgent failing(how, 3);
    SwarmAgent other;
    lab::MatchOptions options;
    options.config.size = 7;
    options.config.episode_steps = 20;
    options.config.random_seed = 9;
    options.config.has_random_seed = true;
    options.record = true;
    const lab::MatchResult result = lab::play_match(std::vector<lab::Agent*>{&failing, &other}, options);
    INFO(status_name(how));
    CHECK(failing.games_ == 1);
    CHECK(result.aborted.empty());
    CHECK(result.statuses[0] == how);
    CHECK(result.errors[0] == "failing on purpose");
    CHECK(result.errors[1].empty());
    CHECK(result.ranks[0] == 1);
    CHECK(result.ranks[1] == 0);
    // The failed turn's action is recorded as null, as Kaggle records it.
    REQUIRE(result.recorded_actions.size() > 4);
    CHECK(result.recorded_actions[4][0].is_null());
  }
}

TEST_CASE("an arena's game records read back, checked against the arena", "[lab][arena]") {
  lab::ArenaOptions options;
  options.players = {lab::PlayerSpec::parse("miner"), lab::PlayerSpec::parse("random")};
  options.games = 4;
  options.config.size = 7;
  options.config.episode_steps = 20;
  options.budget.iterations = 10;
  std::vector<lab::ArenaGame> games;
  const lab::ArenaSummary whole = lab::run_arena(options, [&](const lab::ArenaGame& g) { games.push_back(g); });
  REQUIRE(games.size() == 4);
  for (const lab::ArenaGame& g : games) {
    const nlohmann::json record = lab::game_record(options, g);
    CHECK(lab::game_record(options, lab::game_from_record(options, record)) == record);
    // Every seat's time of each turn it was asked, to 0.01 ms.
    REQUIRE(record["turn_ms"].size() == 2);
    CHECK(!record["turn_ms"][0].empty());
    for (const nlohmann::json& ms : record["turn_ms"][0]) {
      const double hundredths = ms.get<double>() * 100;
      CHECK(std::abs(hundredths - std::round(hundredths)) < 1e-6);
    }
  }
  CHECK(whole.timed_games == 4);

  // Resuming from two finished games: the other two are played, the summary is the whole arena's.
  std::sort(games.begin(), games.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
  const std::vector<lab::ArenaGame> finished = {lab::game_from_record(options, lab::game_record(options, games[0])),
                                                lab::game_from_record(options, lab::game_record(options, games[3]))};
  std::vector<int> played;
  const lab::ArenaSummary resumed = lab::run_arena(
      options, [&](const lab::ArenaGame& g) { played.push_back(g.index); }, finished);
  std::sort(played.begin(), played.end());
  CHECK(played == std::vector<int>{1, 2});
  for (size_t p = 0; p < 2; ++p) {
    CHECK(resumed.players[p].games == whole.players[p].games);
    CHECK(resumed.players[p].wins == whole.players[p].wins);
    CHECK(resumed.players[p].avg_bank == whole.players[p].avg_bank);
    // The finished games' turn times come back from their records.
    CHECK(resumed.players[p].turns == whole.players[p].turns);
    CHECK(resumed.players[p].turns > 0);
  }
  CHECK(resumed.timed_games == 4);
  // A record written before records held turn times reads back without them.
  nlohmann::json untimed = lab::game_record(options, games[0]);
  untimed.erase("turn_ms");
  const lab::ArenaGame old_game = lab::game_from_record(options, untimed);
  CHECK(old_game.result.turn_ms == std::vector<std::vector<double>>(2));
  const lab::ArenaSummary partly_timed = lab::run_arena(options, {}, {old_game, finished[1]});
  CHECK(partly_timed.timed_games == 3);
  CHECK(partly_timed.players[0].games == 4);
  CHECK_THAT(partly_timed.table(), Catch::Contains("turn times from 3 of the 4 finished games"));
  CHECK_THROWS_WITH(lab::run_arena(options, {}, {finished[0], finished[0]}), Catch::Contains("game 0 is there twice"));

  // Some of the games summed up without playing the others: as run_arena
  // would sum them, and over all four the whole arena's summary.
  const lab::ArenaSummary all_four = lab::summarize_arena(options, games);
  CHECK(all_four.to_json() == whole.to_json());
  const lab::ArenaSummary two = lab::summarize_arena(options, finished);
  CHECK(two.games == 2);
  CHECK(two.players[0].games == 2);
  CHECK(two.players[0].wins + two.players[1].wins == 2);
  CHECK(two.players[0].avg_bank == (games[0].result.banks[0] + games[3].result.banks[1]) / 2);  // miner: seat 0, then 1
  CHECK(lab::summarize_arena(options, {}).games == 0);
  CHECK_THROWS_WITH(lab::summarize_arena(options, {finished[1], finished[1]}),
                    Catch::Contains("game 3 is there twice"));

  auto refused = [&](nlohmann::json record, const std::string& why) {
    INFO(record.dump());
    CHECK_THROWS_WITH(lab::game_from_record(options, record), Catch::Contains(why));
  };
  const nlohmann::json good = lab::game_record(options, games[1]);
  nlohmann::json r = good;
  r["board_seed"] = 12345;
  refused(r, "\"board_seed\" = 12345");
  r = good;
  r["seats"] = {"miner", "miner"};
  refused(r, "\"seats\"");
  r = good;
  r["game"] = 4;
  refused(r, "not a game of this arena (0 to 3)");
  r = good;
  r.erase("ranks");
  refused(r, "no \"ranks\"");
  r = good;
  r["banks"] = {1};
  refused(r, "\"banks\" is not a list of 2");
  r = good;
  r["states"] = "many";
  refused(r, "bad game record");
  r = good;
  r["turn_ms"] = {1.5, 2.5};
  refused(r, "\"turn_ms\" is not a list of 2 lists of numbers");
  r = good;
  r["turn_ms"][1].push_back("slow");
  refused(r, "\"turn_ms\" is not a list of 2 lists of numbers");
  refused(nlohmann::json::array(), "no \"game\"");
}
