// The Halite III bot (bot3/, search3/): the official protocol on a recorded
// exchange, malformed input refused by line and field, the greedy policy's
// commands legal on states of the official engine's replays
// (testdata/halite3/), its move resolver and trip value, determinism, and,
// when the official engine is built (/tmp/h3ref/build/halite), one game in it.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "halite3/bot/protocol.h"
#include "halite3/replay.h"
#include "halite3/search/move_resolver.h"
#include "halite3/search/policy.h"
#include "halite3/search/trip.h"
#include "temp_dir.h"

using namespace halite3;
using halite3::search::GreedyPolicy;
using halite3::search::PolicyParams;
using halite3::search::Role;

namespace {

const std::string kDir = std::string(HALITE_TESTDATA) + "/halite3";
// The engine's input to seat 0 of a 32x32 2-player game (seed 7) for its
// first 30 turns, recorded with `tee` between the engine and the bot.
const std::string kExchange = kDir + "/bot-exchange-32-2p.txt";

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The ProtocolError message of reading all of `input`, or "" when it reads.
std::string protocol_error(const std::string& input) {
  std::istringstream in(input);
  bot::LineReader reader(in);
  try {
    bot::GameStart start = bot::read_game_start(reader);
    while (bot::read_frame(reader, start.constants, start.state) != 0) {
    }
  } catch (const bot::ProtocolError& e) {
    return e.what();
  }
  return "";
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

// Checks one decide(): no move from a ship that cannot pay for it, a spawn
// only with the bank for it and no own ship ending on the yard, at most one
// command per ship, and no two own ships ending on one cell except on an own
// depot in the final rush. The engine accepts the commands.
void check_legal(const State& s, const Constants& c, int me, const GreedyPolicy& policy,
                 const std::vector<Command>& commands) {
  std::vector<int> ending(s.cells(), 0);
  std::vector<int32_t> commanded;
  int64_t spent = 0;
  bool spawn = false;
  for (const Command& command : commands) {
    if (command.type == Command::Type::Spawn) {
      spawn = true;
      continue;
    }
    const Ship* ship = s.find_ship(command.ship);
    REQUIRE(ship);
    REQUIRE(ship->owner == me);
    REQUIRE(std::find(commanded.begin(), commanded.end(), command.ship) == commanded.end());
    commanded.push_back(command.ship);
    if (command.type == Command::Type::Construct) {
      spent += std::max<int64_t>(0, c.dropoff_cost - s.halite[ship->cell] - ship->halite);
      continue;
    }
    REQUIRE(command.direction != Direction::Still);
    INFO("ship " << ship->id << " with " << ship->halite << " on a cell of " << s.halite[ship->cell]);
    REQUIRE(ship->halite >= s.halite[ship->cell] / c.move_cost_ratio);
    ++ending[s.neighbour(ship->cell, command.direction)];
  }
  bool rush = false;
  for (const auto& plan : policy.plans()) rush = rush || plan.role == Role::Rush;
  for (const Ship& ship : s.ship_list())
    if (ship.owner == me && std::find(commanded.begin(), commanded.end(), ship.id) == commanded.end())
      ++ending[ship.cell];
  for (int cell = 0; cell < s.cells(); ++cell) {
    if (ending[cell] <= 1) continue;
    INFO("turn " << s.turn << ": " << ending[cell] << " own ships end on cell " << cell);
    REQUIRE((rush && s.owner[cell] == me));
  }
  if (spawn) {
    REQUIRE(s.players[me].halite - spent >= c.new_entity_energy_cost);
    REQUIRE(ending[s.players[me].shipyard] == 0);
  }
  State after = s;
  std::vector<PlayerCommands> all(s.player_count);
  all[me].commands = commands;
  REQUIRE(resolve_turn(after, c, all).empty());
}

}  // namespace

TEST_CASE("halite3 bot: the protocol reads a recorded exchange", "[halite3][bot3]") {
  std::istringstream in(read_text(kExchange));
  bot::LineReader reader(in);
  bot::GameStart start = bot::read_game_start(reader);
  CHECK(start.me == 0);
  CHECK(start.state.player_count == 2);
  CHECK(start.state.width == 32);
  CHECK(start.state.height == 32);
  CHECK(start.constants.max_turns == 400);
  CHECK(start.constants.dropoff_cost == 4000);
  CHECK(start.state.players[0].shipyard == start.state.cell(8, 16));
  CHECK(start.state.players[1].shipyard == start.state.cell(23, 16));
  CHECK(start.state.halite[start.state.cell(0, 0)] == 3);   // the first cell of the first row
  CHECK(start.state.halite[start.state.cell(8, 16)] == 0);  // a shipyard's cell is emptied
  int turns = 0, last = 0;
  while (const int turn = bot::read_frame(reader, start.constants, start.state)) {
    CHECK(turn == last + 1);
    last = turn;
    ++turns;
  }
  CHECK(turns == 30);
  const State& s = start.state;
  CHECK(s.turn == 29);
  CHECK(s.players[0].halite == 0);
  CHECK(s.players[1].halite == 6);
  REQUIRE(s.find_ship(1));
  CHECK(s.find_ship(1)->halite == 909);
  CHECK(s.find_ship(1)->cell == s.cell(10, 22));
  CHECK(s.find_ship(9)->owner == 1);
  CHECK(s.halite[s.cell(20, 16)] == 86);  // the last changed cell of the last frame
  CHECK(bot::format_commands({Command::move(3, Direction::North), Command::construct(4), Command::spawn()}) ==
        "m 3 n c 4 g");
  CHECK(bot::format_commands({}).empty());
}

TEST_CASE("halite3 bot: malformed input is refused, naming the line and what was wrong", "[halite3][bot3]") {
  const std::vector<std::string> good = split_lines(read_text(kExchange));
  REQUIRE(protocol_error(join_lines(good)).empty());
  const auto with = [&](size_t index, const std::string& line) {
    std::vector<std::string> lines = good;
    lines.at(index) = line;
    return protocol_error(join_lines(lines));
  };
  // Lines (from 0): constants, players, two shipyards, size, 32 rows, then
  // turn 1 at index 37: its number, player 0, player 1, the changed count.
  CHECK_THAT(with(0, "{not json"), Catch::Contains("line 1: the constants"));
  CHECK_THAT(with(0, "{}"), Catch::Contains("missing STRICT_ERRORS"));
  CHECK_THAT(with(1, "2"), Catch::Contains("line 2: expected 'players my_id' (2 integers), got '2'"));
  CHECK_THAT(with(1, "2 5"), Catch::Contains("my id 5 outside 0..1"));
  CHECK_THAT(with(2, "0 8 sixteen"), Catch::Contains("line 3: expected a shipyard 'id x y', got '0 8 sixteen'"));
  CHECK_THAT(with(3, "0 23 16"), Catch::Contains("shipyard given twice"));
  CHECK_THAT(with(4, "32 99"), Catch::Contains("height 99 outside 1..64"));
  CHECK_THAT(with(5, "1 2 3"), Catch::Contains("line 6: expected map row 0 (32 cells' halite) (32 integers)"));
  CHECK_THAT(with(37, "x"), Catch::Contains("line 38: expected the turn number"));
  CHECK_THAT(with(38, "0 0 0"), Catch::Contains("line 39: expected a player 'id ships dropoffs bank'"));
  CHECK_THAT(with(38, "7 0 0 5000"), Catch::Contains("player id 7 outside 0..1"));
  CHECK_THAT(with(39, "0 0 0 5000"), Catch::Contains("player 0 given twice"));
  CHECK_THAT(with(40, "-1"), Catch::Contains("changed cell count -1 outside"));
  CHECK_THAT(protocol_error(join_lines({good.begin(), good.begin() + 39})),
             Catch::Contains("line 40: the input ended where a player 'id ships dropoffs bank' was expected"));
  CHECK_THAT(protocol_error(""), Catch::Contains("line 1: the input ended where the constants"));
}

TEST_CASE("halite3 bot: the move resolver never puts two ships on one cell", "[halite3][bot3]") {
  search::MoveResolver resolver;
  const std::vector<uint8_t> none;
  // A swap: 0 <-> 1.
  CHECK(resolver.resolve({{0, {1, 0}}, {1, {0, 1}}}, 4, none, 8) == std::vector<int>{1, 0});
  // A chain: 0 pushes 1 which pushes 2 onto a free cell.
  CHECK(resolver.resolve({{0, {1, 0}}, {1, {2, 1}}, {2, {3, 2}}}, 4, none, 8) == std::vector<int>{1, 2, 3});
  // A ship that cannot move (it lists only its cell) blocks: 0 stays.
  CHECK(resolver.resolve({{0, {1, 0}}, {1, {1}}}, 4, none, 8) == std::vector<int>{0, 1});
  // Two ships wanting one cell: the first gets it, the second its next cell.
  CHECK(resolver.resolve({{0, {2, 0}}, {1, {2, 3}}}, 4, none, 8) == std::vector<int>{2, 3});
  // A rotation that comes back to the first ship's wanted cell is refused
  // (its pusher wants it): 0 wants 1's cell, 1 wants 2's, 2 wants 1's.
  const auto rotation = resolver.resolve({{0, {1, 0}}, {1, {2, 1}}, {2, {1, 2}}}, 4, none, 8);
  CHECK(rotation[0] != rotation[1]);
  CHECK(rotation[1] != rotation[2]);
  CHECK(rotation[0] != rotation[2]);
  // Shared cells take any number of ships.
  std::vector<uint8_t> shared(4, 0);
  shared[3] = 1;
  CHECK(resolver.resolve({{0, {3}}, {1, {3}}, {2, {3}}}, 4, shared, 8) == std::vector<int>{3, 3, 3});
}

TEST_CASE("halite3 bot: a trip's value follows the post-mortem's rate", "[halite3][bot3]") {
  search::TripInput in;
  in.halite = 400;
  in.to_cell = 3;
  in.to_home = 5;
  in.turns_left = 300;
  const double near = search::best_trip(in).rate;
  CHECK(near > 0);
  in.to_cell = 10;
  CHECK(search::best_trip(in).rate < near);  // farther is worse
  in.to_cell = 3;
  in.bonus = 3;
  CHECK(search::best_trip(in).rate > near);  // inspired is better
  in.bonus = 1;
  in.stop_turns = 4;
  CHECK(search::best_trip(in).rate < near);  // stops on the way to pay the moves take time
  in.stop_turns = 0;
  in.to_cell = 0;  // mining where it is
  const double on_the_spot = search::best_trip(in).rate;
  in.next_travel_min = 0;  // further cells as near as this one: no travel
  CHECK(search::best_trip(in).rate > on_the_spot);
  in.next_travel_min = 1;
  in.to_cell = 3;
  in.turns_left = 5;  // no time to get there, mine and come back
  CHECK(search::best_trip(in).rate == 0);
  in.turns_left = 300;
  in.cargo = 1000;  // no room
  CHECK(search::best_trip(in).rate == 0);
}

TEST_CASE("halite3 bot: the policy's commands are legal on replay states", "[halite3][bot3]") {
  int checked = 0, spawns = 0, moves = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kDir)) {
    if (entry.path().extension() != ".hlt") continue;
    INFO(entry.path().string());
    const Replay replay = read_replay_file(entry.path().string());
    State s = initial_state(replay.constants, replay.width, replay.height, replay.halite, replay.shipyards);
    std::vector<GreedyPolicy> policies(replay.players(), GreedyPolicy(PolicyParams::defaults()));
    for (size_t t = 1; t < replay.frames.size(); ++t) {
      update_inspiration(s, replay.constants);
      const bool sampled = t % 7 == 1 || static_cast<int64_t>(t) + 30 > replay.constants.max_turns;
      for (int p = 0; p < replay.players() && sampled; ++p) {
        if (s.players[p].removed) continue;
        const auto commands = policies[p].decide(s, replay.constants, p);
        check_legal(s, replay.constants, p, policies[p], commands);
        ++checked;
        for (const Command& command : commands) (command.type == Command::Type::Spawn ? spawns : moves) += 1;
      }
      std::vector<PlayerCommands> recorded(replay.players());
      for (int p = 0; p < replay.players(); ++p) {
        if (replay.frames[t].commands[p])
          recorded[p].commands = *replay.frames[t].commands[p];
        else if (!s.players[p].removed)
          recorded[p].bot_error = true;
      }
      resolve_turn(s, replay.constants, recorded);
      if (check_game_end(s, replay.constants)) break;
    }
  }
  CHECK(checked > 300);
  CHECK(spawns > 10);
  CHECK(moves > 1000);
}

TEST_CASE("halite3 bot: the same input gives the same commands", "[halite3][bot3]") {
  const auto run = [] {
    std::istringstream in(read_text(kExchange));
    bot::LineReader reader(in);
    bot::GameStart start = bot::read_game_start(reader);
    GreedyPolicy policy(PolicyParams::defaults());
    std::vector<std::string> lines;
    while (bot::read_frame(reader, start.constants, start.state) != 0)
      lines.push_back(bot::format_commands(policy.decide(start.state, start.constants, start.me)));
    return lines;
  };
  const auto first = run();
  REQUIRE(first.size() == 30);
  CHECK(first == run());
  CHECK(first[0] == "g");  // turn 1: no ships, a full bank
}

TEST_CASE("halite3 bot: one game in the official engine", "[halite3][bot3][integration]") {
  const std::string engine = "/tmp/h3ref/build/halite";
  if (!std::filesystem::exists(engine)) {
    WARN("skipped: no official Halite III engine at " << engine << " (scripts/halite3/reference.sh builds it)");
    return;
  }
  const TempDir dir("halite3_bot_game");
  const std::string bot = HALITE3_BOT_PATH;
  const std::string command = "cd " + dir.str() + " && " + engine +
                              " --seed 3 --width 32 --height 32 --no-timeout --results-as-json --replay-directory " +
                              dir.str() + " '" + bot + "' '" + bot + "' > result.json 2> engine.err";
  const int status = std::system(command.c_str());
  REQUIRE(WEXITSTATUS(status) == 0);
  const std::string result = read_text(dir.file("result.json"));
  INFO(result);
  CHECK_THAT(result, Catch::Contains("\"terminated\": {\n        \"0\": false,\n        \"1\": false"));
}

TEST_CASE("halite3 bot: --config sets the policy's parameters, its player count's entry over the rest",
          "[halite3][bot3]") {
  const TempDir dir("halite3_bot_config");
  const std::string bot = HALITE3_BOT_PATH;
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir.file(name)) << text;
    return dir.file(name);
  };
  // Runs the bot on the recorded 2-player exchange; returns its exit status,
  // its lines on stdout and its stderr.
  struct Run {
    int status;
    std::vector<std::string> lines;
    std::string err;
  };
  const auto run = [&](const std::string& args) {
    const std::string command =
        "'" + bot + "' " + args + " < '" + kExchange + "' > '" + dir.file("out") + "' 2> '" + dir.file("err") + "'";
    const int status = std::system(command.c_str());
    return Run{WEXITSTATUS(status), split_lines(read_text(dir.file("out"))), read_text(dir.file("err"))};
  };
  // The in-process policy with the same values, for comparison.
  const auto expected = [&](const std::vector<std::string>& sets) {
    halite::search::Params params{search::policy_specs()};
    for (const std::string& s : sets) params.set_from_string(s);
    std::istringstream in(read_text(kExchange));
    bot::LineReader reader(in);
    bot::GameStart start = bot::read_game_start(reader);
    GreedyPolicy policy(PolicyParams::from(params));
    std::vector<std::string> lines = {"halite3_greedy"};
    while (bot::read_frame(reader, start.constants, start.state) != 0)
      lines.push_back(bot::format_commands(policy.decide(start.state, start.constants, start.me)));
    return lines;
  };

  const std::string config = write("bot.json", R"({"planner": "greedy", "params": {"return_fraction": 0.5,
      "max_mine_turns": 4}, "by_players": {"2": {"params": {"max_mine_turns": 3}},
      "4": {"params": {"max_mine_turns": 20}}}})");
  const Run configured = run("--config '" + config + "'");
  REQUIRE(configured.status == 0);
  const std::vector<std::string> want = expected({"return_fraction=0.5", "max_mine_turns=3"});
  CHECK(configured.lines == want);
  CHECK(want != expected({}));
  // --set goes over the file; a file of bare values (halite params --json) reads too.
  const std::string bare = write("bare.json", R"({"return_fraction": 0.5})");
  CHECK(run("--config '" + bare + "' --set max_mine_turns=3").lines == want);
  CHECK(run("--set max_mine_turns=3 --config '" + config + "'").lines == want);
  const Run listed = run("--config '" + config + "' --params");
  CHECK(listed.status == 0);
  CHECK_THAT(listed.lines.empty() ? "" : read_text(dir.file("out")), Catch::Contains("return_fraction"));

  // Bad files end the bot before the game, naming what was wrong.
  const auto refused = [&](const std::string& args, const std::string& named) {
    const Run r = run(args);
    CHECK(r.status == 2);
    CHECK(r.lines.empty());
    CHECK_THAT(r.err, Catch::Contains(named));
  };
  refused("--config '" + write("unknown.json", R"({"params": {"no_such_value": 1}})") + "'", "no_such_value");
  refused("--config '" + write("range.json", R"({"params": {"return_fraction": 7}})") + "'", "return_fraction");
  refused("--config '" + write("planner.json", R"({"planner": "fleet", "params": {}})") + "'", "fleet");
  refused("--config '" + write("players.json", R"({"by_players": {"2": {"params": {"max_mine_turns": -1}}}})") + "'",
          "max_mine_turns");
  refused("--config '" + write("broken.json", R"({"params": )") + "'", "is not valid JSON");
  refused("--config '" + dir.file("missing.json") + "'", "cannot open file");
  refused("--budget-ms soon", "--budget-ms takes a number");
  refused("--iterations -3", "--iterations = -3 is out of range");
}
