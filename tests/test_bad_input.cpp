// Bad input at every JSON entry point: each is refused with a JsonError whose
// message names the offending field (or file), or handled as the reference
// handles it (agent answers); nothing crashes and nothing is half-applied.
#include <zlib.h>
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "conformance.h"
#include "halite/json_codec.h"
#include "halite/replay_check.h"
#include "temp_dir.h"

namespace fs = std::filesystem;
using namespace halite;

namespace {

// The message of the JsonError `f` throws; fails the test when it throws
// nothing or something else.
template <typename F>
std::string json_error(F&& f) {
  try {
    f();
  } catch (const JsonError& e) {
    return e.what();
  } catch (const std::exception& e) {
    FAIL("expected JsonError, got another exception: " << e.what());
  } catch (...) {
    FAIL("expected JsonError, got a non-std exception");
  }
  FAIL("expected JsonError, nothing was thrown");
  return {};
}

#define REQUIRE_JSON_ERROR(expr, ...)                                                    \
  do {                                                                                   \
    const std::string message_ = json_error([&] { (void)(expr); });                      \
    INFO("message: " << message_);                                                       \
    for (const std::string& needle_ : std::initializer_list<std::string>{__VA_ARGS__}) { \
      INFO("expected to mention: " << needle_);                                          \
      CHECK(message_.find(needle_) != std::string::npos);                                \
    }                                                                                    \
  } while (0)

void write_plain(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  REQUIRE(out.good());
}

void write_gzip(const std::string& path, const std::string& bytes) {
  gzFile f = gzopen(path.c_str(), "wb");
  REQUIRE(f != nullptr);
  REQUIRE(gzwrite(f, bytes.data(), static_cast<unsigned>(bytes.size())) == static_cast<int>(bytes.size()));
  REQUIRE(gzclose(f) == Z_OK);
}

Config config_of(int size) {
  Config c;
  c.size = size;
  return c;
}

UnitId uid(const char* text) {
  UnitId id;
  REQUIRE(UnitId::parse(text, &id));
  return id;
}

// A small valid position: 2 players on 5x5 at step 3.
State small_state(int episode_steps = 400) {
  Config cfg = config_of(5);
  cfg.episode_steps = episode_steps;
  State s = State::empty(cfg, 2, 3);
  for (int c = 0; c < s.cell_count(); ++c) s.set_halite(c, c * 1.5);
  s.add_shipyard(uid("1-1"), 12, 0);
  s.set_halite(12, 0);
  s.add_ship(uid("0-1"), 6, 0, 30);
  s.add_ship(uid("2-1"), 7, 0, 0);
  s.add_ship(uid("0-2"), 18, 1, 12.5);
  s.add_shipyard(uid("2-2"), 24, 1);
  s.set_halite(24, 0);
  s.mutable_player(1).bank = 4321;
  s.mutable_player(1).reward = 4321;
  return s;
}

Json small_observation() {
  return observation_to_json(small_state(), 0);
}

// A complete (terminal) two-state replay: episodeSteps 5, states 3 and 4.
Json small_replay() {
  State s0 = small_state(5);
  State s1 = s0;
  s1.stage_ship(s1.find_ship(uid("0-1")), Action::North);
  s1.resolve();
  REQUIRE(s1.is_terminal());
  return replay_to_json({s0, s1}, {{}, {Json{{"0-1", "NORTH"}}, Json::object()}}, {"a", "b"}, "bad-input");
}

}  // namespace

// ------------------------------------------------------------- parse_json --

TEST_CASE("parse_json: malformed and truncated text", "[bad_input][json]") {
  for (const char* text : {"", "{", "{\"a\": 1", "[1, 2", "{\"a\": }", "nul", "{'a': 1}", "[1,]", "\"unterminated",
                           "{\"a\": 1} trailing", "NaN", "01x"}) {
    INFO("text: " << text);
    REQUIRE_JSON_ERROR(parse_json(text, "the test input"), "the test input", "not valid JSON");
  }
  CHECK(parse_json("{\"a\": [1, 2.5, null]}") == Json({{"a", {1, 2.5, nullptr}}}));
}

// --------------------------------------------------------- read_json_file --

TEST_CASE("read_json_file: missing, empty, truncated gzip, gzip of non-JSON", "[bad_input][file]") {
  TempDir dir("halite_bad_input");
  const std::string small = R"({"hello": [1, 2, 3], "world": "x"})";
  std::string large = "[";
  for (int i = 0; i < 40000; ++i) large += (i ? "," : "") + std::to_string(i * 7919 % 100003);
  large += "]";

  SECTION("missing file") {
    const std::string path = dir.file("does_not_exist.json");
    REQUIRE_JSON_ERROR(read_json_file(path), path);
  }
  SECTION("a directory") {
    REQUIRE_JSON_ERROR(read_json_file(dir.path.string()), dir.path.string());
  }
  SECTION("empty file") {
    const std::string path = dir.file("empty.json");
    write_plain(path, "");
    REQUIRE_JSON_ERROR(read_json_file(path), path);
  }
  SECTION("plain and gzip files that are fine") {
    write_plain(dir.file("ok.json"), small);
    write_gzip(dir.file("ok.json.gz"), small);
    write_gzip(dir.file("large.json.gz"), large);
    CHECK(read_json_file(dir.file("ok.json")) == parse_json(small));
    CHECK(read_json_file(dir.file("ok.json.gz")) == parse_json(small));
    CHECK(read_json_file(dir.file("large.json.gz")).size() == 40000);
  }
  SECTION("plain JSON cut short") {
    const std::string path = dir.file("cut.json");
    write_plain(path, small.substr(0, small.size() / 2));
    REQUIRE_JSON_ERROR(read_json_file(path), path);
  }
  SECTION("truncated gzip streams") {
    for (const std::string* content : {&small, static_cast<const std::string*>(&large)}) {
      const std::string whole = dir.file("whole.gz");
      write_gzip(whole, *content);
      const auto full_size = fs::file_size(whole);
      // Cut in the deflate data, in the trailer, and just after the header.
      for (uintmax_t keep : {full_size / 2, full_size - 4, full_size - 1, uintmax_t{12}, uintmax_t{2}}) {
        const std::string path = dir.file("cut_" + std::to_string(keep) + ".gz");
        fs::copy_file(whole, path, fs::copy_options::overwrite_existing);
        fs::resize_file(path, keep);
        INFO("content " << content->size() << " bytes, gzip cut to " << keep << " of " << full_size);
        REQUIRE_JSON_ERROR(read_json_file(path), path);
      }
    }
  }
  SECTION("gzip of something that is not JSON") {
    const std::string path = dir.file("text.gz");
    write_gzip(path, "this is not json at all\n");
    REQUIRE_JSON_ERROR(read_json_file(path), path, "not valid JSON");
  }
  SECTION("gzip of binary garbage, and of an empty string") {
    std::string garbage;
    for (int i = 0; i < 256; ++i) garbage += static_cast<char>(i);
    write_gzip(dir.file("garbage.gz"), garbage);
    REQUIRE_JSON_ERROR(read_json_file(dir.file("garbage.gz")), dir.file("garbage.gz"));
    write_gzip(dir.file("nothing.gz"), "");
    REQUIRE_JSON_ERROR(read_json_file(dir.file("nothing.gz")), dir.file("nothing.gz"));
  }
  SECTION("a gzip whose data is corrupted in the middle") {
    const std::string path = dir.file("corrupt.gz");
    write_gzip(path, large);
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(path) / 2));
    const char junk[16] = {'\xff', '\x00', '\x13', '\x37', '\xff', '\xff', '\x01', '\x02',
                           '\x7f', '\x80', '\xaa', '\x55', '\x00', '\x00', '\xde', '\xad'};
    f.write(junk, sizeof junk);
    f.close();
    REQUIRE_JSON_ERROR(read_json_file(path), path);
  }
  SECTION("read_replay_file names the file for a non-replay") {
    const std::string path = dir.file("not_a_replay.json.gz");
    write_gzip(path, small);
    REQUIRE_JSON_ERROR(read_replay_file(path), path, "configuration");
    REQUIRE_JSON_ERROR(read_replay_file(dir.file("missing.json")), dir.file("missing.json"));
  }
}

// ------------------------------------------------------- config_from_json --

TEST_CASE("config_from_json: wrong types and out-of-range values name the key", "[bad_input][config]") {
  struct Bad {
    const char* json;
    const char* key;
  };
  const Bad bad[] = {
      {R"({"size": "21"})", "size"},
      {R"({"size": 21.5})", "size"},
      {R"({"size": true})", "size"},
      {R"({"size": null})", "size"},
      {R"({"size": [21]})", "size"},
      {R"({"size": 33})", "size"},
      {R"({"size": 1})", "size"},
      {R"({"size": 0})", "size"},
      {R"({"size": -21})", "size"},
      {R"({"size": 1e300})", "size"},
      {R"({"size": 99999999999})", "size"},
      {R"({"spawnCost": -1})", "spawnCost"},
      {R"({"spawnCost": "500"})", "spawnCost"},
      {R"({"convertCost": -500})", "convertCost"},
      {R"({"convertCost": 0.5})", "convertCost"},
      {R"({"moveCost": 2})", "moveCost"},
      {R"({"moveCost": -0.1})", "moveCost"},
      {R"({"moveCost": "0"})", "moveCost"},
      {R"({"collectRate": 1.5})", "collectRate"},
      {R"({"collectRate": null})", "collectRate"},
      {R"({"regenRate": -0.02})", "regenRate"},
      {R"({"maxCellHalite": -1})", "maxCellHalite"},
      {R"({"startingHalite": -24000})", "startingHalite"},
      {R"({"episodeSteps": 1})", "episodeSteps"},
      {R"({"episodeSteps": "400"})", "episodeSteps"},
      {R"({"episodeSteps": 18446744073709551615})", "episodeSteps"},
      {R"({"actTimeout": -3})", "actTimeout"},
      {R"({"agentTimeout": "60"})", "agentTimeout"},
      {R"({"runTimeout": -1})", "runTimeout"},
      {R"({"randomSeed": -1})", "randomSeed"},
      {R"({"randomSeed": 4294967296})", "randomSeed"},
      {R"({"randomSeed": 1.5})", "randomSeed"},
      {R"({"randomSeed": "7"})", "randomSeed"},
  };
  for (const Bad& b : bad) {
    INFO("configuration " << b.json);
    REQUIRE_JSON_ERROR(config_from_json(parse_json(b.json)), b.key);
  }
  for (const char* not_object : {"[]", "null", "21", "\"size\"", "true"}) {
    INFO("configuration " << not_object);
    REQUIRE_JSON_ERROR(config_from_json(parse_json(not_object)), "configuration");
  }

  SECTION("the boundaries that are accepted") {
    CHECK(config_from_json(parse_json(R"({"size": 32})")).size == 32);
    CHECK(config_from_json(parse_json(R"({"size": 2})")).size == 2);
    CHECK(config_from_json(parse_json(R"({"size": 21.0})")).size == 21);  // an integral float
    const Config seeded = config_from_json(parse_json(R"({"randomSeed": 4294967295})"));
    CHECK(seeded.random_seed == 4294967295u);
    CHECK(seeded.has_random_seed);
    const Config zero = config_from_json(parse_json(R"({"randomSeed": 0})"));
    CHECK(zero.random_seed == 0);
    CHECK(zero.has_random_seed);
    CHECK_FALSE(config_from_json(Json::object()).has_random_seed);
    CHECK(config_from_json(Json::object()) == Config{});
    CHECK(config_from_json(parse_json(R"({"moveCost": 1})")).move_cost == 1);
    CHECK(config_from_json(parse_json(R"({"spawnCost": 0})")).spawn_cost == 0);
  }
  SECTION("unknown keys are reported, not fatal") {
    std::vector<std::string> unknown;
    const Config c =
        config_from_json(parse_json(R"({"size": 15, "agentExec": "LOCAL", "__raw_path__": "x"})"), &unknown);
    CHECK(c.size == 15);
    CHECK(unknown == std::vector<std::string>{"__raw_path__", "agentExec"});
  }
  SECTION("a round trip of a valid configuration") {
    Config c;
    c.size = 15;
    c.move_cost = 0.25;
    c.random_seed = 123;
    c.has_random_seed = true;
    CHECK(config_from_json(config_to_json(c)) == c);
  }
}

// ------------------------------------------------- state_from_observation --

namespace {

// The observation the cases below break, checked to give the state it shows.
Json accepted_observation() {
  const Json good = small_observation();
  REQUIRE(state_from_observation(good, config_of(5)) == [] {
    State s = small_state();
    return s;
  }());
  return good;
}

// Checks that state_from_observation refuses `obs` with a message that
// mentions every one of `needles`.
void refused(const Json& obs, std::initializer_list<std::string> needles) {
  INFO("observation " << obs.dump());
  const std::string message = json_error([&] { (void)state_from_observation(obs, config_of(5)); });
  INFO("message: " << message);
  for (const std::string& n : needles) {
    INFO("expected to mention: " << n);
    CHECK(message.find(n) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("state_from_observation: malformed observations name the field: not an object, or a key missing",
          "[bad_input][observation]") {
  const Json good = accepted_observation();

  SECTION("not an object") {
    refused(Json::array(), {"observation"});
    refused(Json(), {"observation"});
    refused(Json("x"), {"observation"});
  }
  SECTION("missing keys") {
    for (const char* key : {"halite", "players", "step"}) {
      Json o = good;
      o.erase(key);
      refused(o, {key});
    }
  }
}

TEST_CASE("state_from_observation: malformed observations name the field: halite", "[bad_input][observation]") {
  const Json good = accepted_observation();

  SECTION("halite: wrong length, negative, wrong type") {
    Json o = good;
    o["halite"].erase(o["halite"].size() - 1);
    refused(o, {"observation.halite", "25"});
    o = good;
    o["halite"].push_back(0);
    refused(o, {"observation.halite"});
    o = good;
    o["halite"] = Json::object();
    refused(o, {"observation.halite"});
    o = good;
    o["halite"][3] = -1;
    refused(o, {"observation.halite[3]"});
    o = good;
    o["halite"][3] = "7";
    refused(o, {"observation.halite[3]"});
    o = good;
    o["halite"][4] = nullptr;
    refused(o, {"observation.halite[4]"});
    o = good;
    o["halite"][5] = Json::array({1});
    refused(o, {"observation.halite[5]"});
  }
}

TEST_CASE("state_from_observation: malformed observations name the field: players and their units",
          "[bad_input][observation]") {
  const Json good = accepted_observation();

  SECTION("players: not 1, 2 or 4 entries, malformed entries, banks") {
    Json o = good;
    o["players"].push_back(o["players"][1]);
    refused(o, {"observation.players"});
    o = good;
    o["players"] = Json::array();
    refused(o, {"observation.players"});
    o = good;
    o["players"] = Json::object();
    refused(o, {"observation.players"});
    o = good;
    o["players"][1] = Json::array({5000, Json::object()});
    refused(o, {"observation.players[1]"});
    o = good;
    o["players"][1] = 5000;
    refused(o, {"observation.players[1]"});
    o = good;
    o["players"][0][0] = -5;
    refused(o, {"observation.players[0][0]"});
    o = good;
    o["players"][0][0] = "5000";
    refused(o, {"observation.players[0][0]"});
    o = good;
    o["players"][0][1] = Json::array();
    refused(o, {"observation.players[0][1]"});
    o = good;
    o["players"][1][2] = Json::array({Json::array({3, 0})});
    refused(o, {"observation.players[1][2]"});
  }
  SECTION("malformed ship entries") {
    const Json bad_entries[] = {Json(6),
                                Json::array({6}),
                                Json::array({6, 0, 0}),
                                Json::array({"6", 0}),
                                Json::array({6, "0"}),
                                Json::array({6.5, 0}),
                                Json::array({6, -1}),
                                Json::object({{"cell", 6}}),
                                Json::array({nullptr, 0}),
                                Json::array({6, nullptr})};
    for (const Json& e : bad_entries) {
      Json o = good;
      o["players"][0][2]["0-1"] = e;
      refused(o, {"observation.players[0][2][\"0-1\"]"});
    }
  }
  SECTION("malformed shipyard entries") {
    for (const Json& e : {Json("12"), Json(12.5), Json::array({12}), Json()}) {
      Json o = good;
      o["players"][0][1]["1-1"] = e;
      refused(o, {"observation.players[0][1][\"1-1\"]"});
    }
  }
}

TEST_CASE("state_from_observation: malformed observations name the field: unit ids", "[bad_input][observation]") {
  const Json good = accepted_observation();

  SECTION("bad ids") {
    for (const char* id : {"abc", "1-", "-1", "1-2-3", "", "-", "1--2", "a-1", "1-a", " 1-1", "1-1 ", "+1-1", "1-0",
                           "1-4096", "99999999999-1"}) {
      Json o = good;
      o["players"][1][2][id] = Json::array({0, 0});
      INFO("ship id \"" << id << "\"");
      refused(o, {std::string("\"") + id + "\"", "observation.players[1][2]"});
      Json y = good;
      y["players"][1][1][id] = 0;
      refused(y, {std::string("\"") + id + "\"", "observation.players[1][1]"});
    }
  }
  SECTION("duplicate ids across players") {
    Json o = good;
    o["players"][1][2]["0-1"] = Json::array({3, 0});  // p0 also has a ship 0-1
    refused(o, {"observation.players[1]", "0-1"});
    o = good;
    o["players"][1][1]["1-1"] = 3;  // p0 also has a shipyard 1-1
    refused(o, {"observation.players[1]", "1-1"});
  }
}

TEST_CASE("state_from_observation: malformed observations name the field: cells, steps and positions out of reach",
          "[bad_input][observation]") {
  const Json good = accepted_observation();

  SECTION("cell index out of range") {
    for (const Json& cell : {Json(25), Json(-1), Json(1000000)}) {
      Json o = good;
      o["players"][1][2]["0-2"] = Json::array({cell, 0});
      refused(o, {"observation.players[1][2][\"0-2\"][0]"});
      Json y = good;
      y["players"][1][1]["2-2"] = cell;
      refused(y, {"observation.players[1][1][\"2-2\"]"});
    }
  }
  SECTION("step outside the episode, or not a step number") {
    for (const Json& step : {Json(-1), Json(400), Json(100000), Json("3"), Json(2.5), Json()}) {
      Json o = good;
      o["step"] = step;
      refused(o, {"observation.step"});
    }
  }
  SECTION("positions the rules cannot produce") {
    Json o = good;
    o["players"][1][2]["0-2"] = Json::array({6, 0});  // onto p0's ship 0-1, after step 0
    refused(o, {"observation"});
    o = good;
    o["halite"][12] = 5;  // under p0's yard
    refused(o, {"observation", "12"});
    o = good;
    o["players"][1][1]["2-2"] = 12;  // two yards on a cell
    refused(o, {"observation", "12"});
  }
}

TEST_CASE("state_from_observation: malformed observations name the field: player and remainingOverageTime",
          "[bad_input][observation]") {
  const Json good = accepted_observation();

  SECTION("player / remainingOverageTime") {
    Json o = good;
    o["player"] = 2;
    refused(o, {"observation.player"});
    o = good;
    o["player"] = "0";
    refused(o, {"observation.player"});
    o = good;
    o["remainingOverageTime"] = "60";
    refused(o, {"observation.remainingOverageTime"});
  }
}

// ------------------------------------------------------------ parse_action --

TEST_CASE("parse_action: non-object answers count as {}", "[bad_input][action]") {
  const State s = small_state();
  for (const Json& answer : {Json(), Json("NORTH"), Json::array({"0-1", "NORTH"}), Json(3), Json(2.5), Json(true),
                             Json(false), Json::array()}) {
    INFO("answer " << answer.dump());
    const ParsedAction a = parse_action(answer, s, 0);
    CHECK(a.status == Status::Active);
    CHECK(a.orders.empty());
    CHECK(a.invalid_reason.empty());
    CHECK(a.ignored.size() == (answer.is_null() ? 0u : 1u));
  }
  const ParsedAction empty = parse_action(Json::object(), s, 0);
  CHECK(empty.status == Status::Active);
  CHECK(empty.orders.empty());
  CHECK(empty.ignored.empty());
}

TEST_CASE("parse_action: one value outside the enum makes the whole answer INVALID", "[bad_input][action]") {
  const State s = small_state();
  for (const Json& value : {Json("north"), Json(), Json(3), Json("SPAWN "), Json(" NORTH"), Json(""), Json("MOVE"),
                            Json(true), Json::array({"NORTH"}), Json::object({{"a", "NORTH"}}), Json("Convert")}) {
    INFO("value " << value.dump());
    // Alongside a valid order for another ship: nothing survives.
    const ParsedAction a = parse_action(Json{{"2-1", "EAST"}, {"0-1", value}}, s, 0);
    CHECK(a.status == Status::Invalid);
    CHECK(a.orders.empty());
    CHECK(a.invalid_reason.find("0-1") != std::string::npos);
    // Even under a key that is no unit of the player's.
    const ParsedAction b = parse_action(Json{{"2-1", "EAST"}, {"no-such-unit", value}}, s, 0);
    CHECK(b.status == Status::Invalid);
    CHECK(b.orders.empty());
    CHECK(b.invalid_reason.find("no-such-unit") != std::string::npos);
  }
}

TEST_CASE("parse_action: keys that are not the player's live units are ignored and reported", "[bad_input][action]") {
  const State s = small_state();
  const Json answer = {
      {"0-1", "NORTH"},    // own ship
      {"2-1", "CONVERT"},  // own ship
      {"1-1", "SPAWN"},    // own yard
      {"0-2", "SOUTH"},    // enemy ship
      {"2-2", "SPAWN"},    // enemy yard
      {"5-1", "EAST"},     // dead / never existed
      {"abc", "WEST"},     // not an id
      {"0-1-1", "WEST"},   // not an id
  };
  const ParsedAction a = parse_action(answer, s, 0);
  CHECK(a.status == Status::Active);
  REQUIRE(a.orders.size() == 3);
  auto order_for = [&](const char* id) {
    for (const auto& c : a.orders)
      if (c.unit == uid(id)) return c.action;
    FAIL("no order for " << id);
    return Action::None;
  };
  CHECK(order_for("0-1") == Action::North);
  CHECK(order_for("2-1") == Action::Convert);
  CHECK(order_for("1-1") == Action::Spawn);
  CHECK(a.ignored.size() == 5);
  for (const char* id : {"0-2", "2-2", "5-1", "abc", "0-1-1"}) {
    bool reported = false;
    for (const std::string& why : a.ignored) reported |= why.find(std::string("\"") + id + "\"") != std::string::npos;
    INFO("ignored key " << id);
    CHECK(reported);
  }
  // The same answer from player 1: its own two units only.
  const ParsedAction b = parse_action(answer, s, 1);
  REQUIRE(b.orders.size() == 2);
  CHECK(b.ignored.size() == 6);
}

TEST_CASE("parse_action: SPAWN to a ship and moves or CONVERT to a shipyard are ignored", "[bad_input][action]") {
  const State s = small_state();
  const ParsedAction a = parse_action(Json{{"0-1", "SPAWN"}, {"1-1", "NORTH"}, {"2-1", "SOUTH"}}, s, 0);
  CHECK(a.status == Status::Active);
  REQUIRE(a.orders.size() == 1);
  CHECK(a.orders[0].unit == uid("2-1"));
  CHECK(a.orders[0].action == Action::South);
  CHECK(a.ignored.size() == 2);
  const ParsedAction b = parse_action(Json{{"1-1", "CONVERT"}}, s, 0);
  CHECK(b.orders.empty());
  CHECK(b.ignored.size() == 1);

  // Staged and resolved, the ignored orders change nothing: the ship mines.
  State t = s;
  t.stage(0, a.orders);
  CHECK(staged_action_to_json(t, 0) == Json{{"2-1", "SOUTH"}});
  t.resolve();
  testing::check_conformance(t);
  const Ship& stayed = t.ships()[static_cast<size_t>(t.find_ship(uid("0-1")))];
  CHECK(stayed.cell == 6);
  CHECK(stayed.cargo == 30 + 2);  // int(9 * 0.25)
}

// ---------------------------------------------------------- replay_from_json --

TEST_CASE("replay_from_json: structure errors name the field | the Kaggle wrapper", "[bad_input][replay]") {
  const Json good = small_replay();
  const Replay r = replay_from_json(good);
  REQUIRE(r.num_players == 2);
  REQUIRE(r.steps.size() == 2);
  REQUIRE(r.config.size == 5);
  REQUIRE(check_replay(r).ok());

  auto refused = [&](const Json& j, std::initializer_list<std::string> needles) {
    const std::string message = json_error([&] { (void)replay_from_json(j); });
    INFO("message: " << message);
    for (const std::string& n : needles) {
      INFO("expected to mention: " << n);
      CHECK(message.find(n) != std::string::npos);
    }
  };

  SECTION("missing configuration or steps; not an object") {
    Json j = good;
    j.erase("configuration");
    refused(j, {"configuration"});
    j = good;
    j.erase("steps");
    refused(j, {"steps"});
    refused(Json::array(), {"replay"});
    refused(Json("replay"), {"replay"});
    refused(Json(), {"replay"});
  }
  SECTION("a bad configuration inside") {
    Json j = good;
    j["configuration"]["size"] = "5";
    refused(j, {"configuration.size"});
    j = good;
    j["configuration"] = Json::array();
    refused(j, {"configuration"});
  }
  SECTION("steps not a non-empty list") {
    for (const Json& steps : {Json::object(), Json("steps"), Json(3), Json::array(), Json()}) {
      Json j = good;
      j["steps"] = steps;
      refused(j, {"replay.steps"});
    }
  }
  SECTION("wrong number of player entries") {
    Json j = good;
    j["steps"][1].erase(1);
    refused(j, {"replay.steps[1]", "2 player entries"});
    j = good;
    j["steps"][0].push_back(j["steps"][0][1]);
    refused(j, {"replay.steps[0]"});
    j = good;
    j["steps"][1] = Json::object();
    refused(j, {"replay.steps[1]"});
  }
  SECTION("bad entries: status, reward, observation") {
    for (const Json& status : {Json("RUNNING"), Json("active"), Json(), Json(1)}) {
      Json j = good;
      j["steps"][1][0]["status"] = status;
      refused(j, {"replay.steps[1][0].status"});
    }
    Json j = good;
    j["steps"][1][1].erase("status");
    refused(j, {"replay.steps[1][1]", "status"});
    j = good;
    j["steps"][1][0]["reward"] = "5000";
    refused(j, {"replay.steps[1][0].reward"});
    j = good;
    j["steps"][1][0].erase("observation");
    refused(j, {"replay.steps[1][0].observation"});
    j = good;
    j["steps"][1][1]["observation"] = Json::array();
    refused(j, {"replay.steps[1][1].observation"});
    j = good;
    j["steps"][1][1]["observation"]["remainingOverageTime"] = "60";
    refused(j, {"replay.steps[1][1].observation.remainingOverageTime"});
    j = good;
    j["steps"][1][0] = Json::array();
    refused(j, {"replay.steps[1][0]"});
  }
  SECTION("the Kaggle wrapper {\"replay\": \"<json string>\"}") {
    const Replay wrapped = replay_from_json(Json{{"replay", good.dump()}});
    CHECK(wrapped.num_players == 2);
    CHECK(wrapped.steps.size() == 2);
    CHECK(wrapped.config == r.config);
    CHECK(check_replay(wrapped).ok());
    const Replay wrapped_object = replay_from_json(Json{{"replay", good}});
    CHECK(wrapped_object.steps.size() == 2);
    // A wrapper whose string is not JSON, or not a replay.
    refused(Json{{"replay", good.dump().substr(0, 100)}}, {"replay"});
    refused(Json{{"replay", "{not json"}}, {"replay", "not valid JSON"});
    refused(Json{{"replay", "[]"}}, {"replay"});
    refused(Json{{"replay", 5}}, {"replay"});
    refused(Json{{"replay", nullptr}}, {"replay"});
  }
}

TEST_CASE("check_replay: a replay whose later records are damaged reports a difference or a JsonError",
          "[bad_input][replay]") {
  const Json good = small_replay();
  REQUIRE(check_replay(replay_from_json(good)).ok());

  auto outcome = [&](const Json& j) -> std::string {
    // Either refused on reading, or read and then reported as a difference;
    // never another exception.
    try {
      const Replay r = replay_from_json(j);
      const ReplayCheckResult res = check_replay(r);
      return res.ok() ? std::string("ok") : "difference: " + res.difference->str();
    } catch (const JsonError& e) {
      return std::string("JsonError: ") + e.what();
    }
  };

  SECTION("a wrong number in a later observation is a difference, not an error") {
    Json j = good;
    j["steps"][1][0]["observation"]["halite"][0] = 12345;
    const std::string got = outcome(j);
    INFO(got);
    CHECK(got.rfind("difference: step 4", 0) == 0);
    CHECK(got.find("halite[0]") != std::string::npos);
  }
  SECTION("a damaged step-0 observation is a JsonError naming the field") {
    Json j = good;
    j["steps"][0][0]["observation"]["halite"][2] = -3;
    const std::string got = outcome(j);
    INFO(got);
    CHECK(got.rfind("JsonError", 0) == 0);
    CHECK(got.find("halite[2]") != std::string::npos);
  }
  SECTION("a later observation without its step") {
    Json j = good;
    j["steps"][1][0]["observation"].erase("step");
    const std::string got = outcome(j);
    INFO(got);
    CHECK(got.rfind("difference: step 4", 0) == 0);
    CHECK(got.find("step: expected missing") != std::string::npos);
  }
  SECTION("a later observation with malformed players") {
    Json j = good;
    j["steps"][1][0]["observation"]["players"][0][2] = Json::array({1, 2});
    std::string got;
    try {
      got = outcome(j);
    } catch (const std::exception& e) {
      got = std::string("other exception: ") + e.what();
    }
    INFO(got);
    CHECK(got.rfind("other exception", 0) != 0);
    CHECK(got != "ok");
  }
}

// replay_from_json validates only the step-0 observation fully; a later
// player-0 observation without "halite" or "players" is a reported difference
// naming the key (it once escaped as nlohmann's out_of_range).
TEST_CASE("check_replay: a later observation missing halite or players is a difference or a JsonError",
          "[bad_input][replay]") {
  const Json good = small_replay();
  for (const char* key : {"halite", "players"}) {
    Json j = good;
    j["steps"][1][0]["observation"].erase(key);
    INFO("removed " << key);
    std::string got;
    try {
      const ReplayCheckResult res = check_replay(replay_from_json(j));
      got = res.ok() ? std::string("ok") : "difference: " + res.difference->str();
    } catch (const JsonError& e) {
      got = std::string("JsonError: ") + e.what();
    } catch (const std::exception& e) {
      got = std::string("other exception: ") + e.what();
    }
    INFO(got);
    CHECK(got.rfind("other exception", 0) != 0);
    CHECK(got != "ok");
    CHECK(got.find(key) != std::string::npos);
  }
}

// ---------------------------------------------- found by the bad-input audit --

TEST_CASE("numbers past a double's range are a JsonError naming the input, everywhere", "[bad_input][json]") {
  for (const char* text : {"1e400", "[1, -1e400]", "{\"episodeSteps\": 1e999}"})
    REQUIRE_JSON_ERROR(parse_json(text, "the test input"), "the test input", "not valid JSON");
  TempDir dir("halite_bad_input");
  std::string replay = small_replay().dump();
  replay.replace(replay.find("\"halite\":["), 10, "\"halite\":[1e400,");
  write_plain(dir.file("big.json"), replay);
  REQUIRE_JSON_ERROR(read_replay_file(dir.file("big.json")), dir.file("big.json"));
  write_gzip(dir.file("big.json.gz"), replay);
  REQUIRE_JSON_ERROR(read_replay_file(dir.file("big.json.gz")), dir.file("big.json.gz"));
  // Inside the Kaggle API wrapper's string.
  write_plain(dir.file("wrapped.json"), Json{{"replay", replay}}.dump());
  REQUIRE_JSON_ERROR(read_replay_file(dir.file("wrapped.json")), "replay");
}

TEST_CASE("unit ids from after the observation's step are refused, naming the id", "[bad_input][observation]") {
  const Config cfg = config_of(5);
  Json ship_from_future = small_observation();  // step 3
  ship_from_future["players"][1][2]["4-1"] = Json::array({3, 0});
  REQUIRE_JSON_ERROR(state_from_observation(ship_from_future, cfg), "\"4-1\"", "step 4", "step 3");
  Json yard_from_future = small_observation();
  yard_from_future["players"][0][1]["9-3"] = 4;
  REQUIRE_JSON_ERROR(state_from_observation(yard_from_future, cfg), "\"9-3\"");
  // At step 0 only the starting ships ("0-k") can exist.
  Json at_start = small_observation();
  at_start["step"] = 0;
  at_start["players"][0][1] = Json::object();
  at_start["players"][1][1] = Json::object();
  at_start["players"][0][2] = Json{{"0-1", {6, 0}}};
  at_start["players"][1][2] = Json{{"1-1", {18, 0}}};
  REQUIRE_JSON_ERROR(state_from_observation(at_start, cfg), "\"1-1\"", "step 1");
  at_start["players"][1][2] = Json{{"0-2", {18, 0}}};
  const State ok = state_from_observation(at_start, cfg);
  CHECK(ok.ships().size() == 2);
  // A unit made during the last turn carries the observation's own step: accepted.
  Json newest = small_observation();
  newest["players"][1][2]["3-1"] = Json::array({3, 0});
  CHECK(state_from_observation(newest, cfg).ships().size() == 4);
}

TEST_CASE("written replays carry Kaggle's title and specification", "[replay][writer]") {
  const Json written = small_replay();
  CHECK(written.at("title") == "Halite 4");
  const Json reference = read_json_file(std::string(HALITE_TESTDATA) + "/replays/s01_2p_s21_random_random.json.gz");
  CHECK(written.at("specification") == reference.at("specification"));
  CHECK(written.at("title") == reference.at("title"));
}

TEST_CASE("error messages describe containers without dumping them", "[bad_input][json]") {
  // 100,000 levels of nesting: naming it must not recurse through it.
  std::string deep(100000, '[');
  deep += std::string(100000, ']');
  // Built past parse_json, which refuses nesting this deep, as a caller could.
  const Json nested = Json::parse(deep);
  REQUIRE_JSON_ERROR(config_from_json(nested), "configuration", "a list of 1 items");
}

// ---------------------------------- found by the bad-input audit, second pass --

TEST_CASE("invalid UTF-8 in a value built in code is a JsonError, not nlohmann's type_error", "[bad_input][json]") {
  // Parsed text cannot hold invalid UTF-8, but a Json built by a caller can:
  // naming the bad value must not throw from dump().
  const std::string bad = "\xff\xfe";
  REQUIRE_JSON_ERROR(config_from_json(Json{{"size", bad}}), "configuration.size");
  Json obs = small_observation();
  obs["halite"][0] = bad;
  REQUIRE_JSON_ERROR(state_from_observation(obs, config_of(5)), "observation.halite[0]");
  const State s = small_state();
  ParsedAction a;
  REQUIRE_NOTHROW(a = parse_action(Json{{"0-1", bad}}, s, 0));
  CHECK(a.status == Status::Invalid);
  Json replay = small_replay();
  replay["steps"][1][0]["status"] = bad;
  REQUIRE_JSON_ERROR(replay_from_json(replay), "replay.steps[1][0].status");
}

TEST_CASE("JSON nested deeper than Python's json allows is refused at parsing, in every reader", "[bad_input][json]") {
  // Copying or dumping 200,000 levels overflowed the stack (a crash, not an error).
  std::string deep(200000, '[');
  deep += std::string(200000, ']');
  REQUIRE_JSON_ERROR(parse_json(deep, "the test input"), "the test input", "nested deeper than 1000");
  std::string at_limit(1000, '[');
  at_limit += std::string(1000, ']');
  CHECK_NOTHROW(parse_json(at_limit));
  TempDir dir("halite_bad_input");
  std::string replay = small_replay().dump();
  const std::string action = "\"action\":{\"0-1\":\"NORTH\"}";
  REQUIRE(replay.find(action) != std::string::npos);
  replay.replace(replay.find(action), action.size(), "\"action\":" + deep);
  write_plain(dir.file("deep.json"), replay);
  REQUIRE_JSON_ERROR(read_replay_file(dir.file("deep.json")), dir.file("deep.json"), "nested deeper");
  write_gzip(dir.file("deep.json.gz"), replay);
  REQUIRE_JSON_ERROR(read_replay_file(dir.file("deep.json.gz")), dir.file("deep.json.gz"), "nested deeper");
  write_plain(dir.file("wrapped.json"), Json{{"replay", replay}}.dump());
  REQUIRE_JSON_ERROR(read_replay_file(dir.file("wrapped.json")), dir.file("wrapped.json"), "nested deeper");
}

TEST_CASE("unit ids spelled other than the reference writes them are not ids", "[bad_input][observation]") {
  // The reference matches ids as strings: "01-1" is not unit "1-1". Read as
  // "1-1" it was renamed on writing back and could collide with a real "1-1".
  for (const char* text : {"01-1", "1-01", "00-1", "0-01", "003-2"}) {
    UnitId id;
    INFO(text);
    CHECK_FALSE(UnitId::parse(text, &id));
    Json obs = small_observation();
    obs["players"][1][2][text] = Json::array({3, 0});
    REQUIRE_JSON_ERROR(state_from_observation(obs, config_of(5)), std::string("\"") + text + "\"", "not a unit id");
  }
  const State s = small_state();
  const ParsedAction a = parse_action(Json{{"02-1", "NORTH"}, {"2-1", "SOUTH"}}, s, 0);
  REQUIRE(a.orders.size() == 1);
  CHECK(a.orders[0].action == Action::South);
  for (const char* text : {"0-1", "10-1", "3-10", "100-205"}) {
    UnitId id;
    INFO(text);
    CHECK(UnitId::parse(text, &id));
    CHECK(id.str() == text);
  }
}

TEST_CASE("one id held by a ship and a shipyard is refused, naming the id", "[bad_input][observation]") {
  Json obs = small_observation();
  obs["players"][1][2]["2-2"] = Json::array({3, 0});  // "2-2" is player 1's shipyard
  REQUIRE_JSON_ERROR(state_from_observation(obs, config_of(5)), "\"2-2\"", "ship", "shipyard");
}

TEST_CASE("check_replay: an observation with more players than each step has entries is a JsonError",
          "[bad_input][replay]") {
  Json j = small_replay();
  for (int t = 0; t < 2; ++t)
    j["steps"][t][0]["observation"]["players"].push_back(Json::array({0, Json::object(), Json::object()}));
  for (int t = 0; t < 2; ++t)
    j["steps"][t][0]["observation"]["players"].push_back(Json::array({0, Json::object(), Json::object()}));
  const Replay r = replay_from_json(j);
  REQUIRE_JSON_ERROR(check_replay(r), "players", "2 players", "got 4");
}

TEST_CASE("written replays hold the keys of a reference replay at every level", "[replay][writer]") {
  const Json written = small_replay();
  const Json reference = read_json_file(std::string(HALITE_TESTDATA) + "/replays/s01_2p_s21_random_random.json.gz");
  auto keys = [](const Json& j) {
    std::vector<std::string> k;
    for (const auto& item : j.items()) k.push_back(item.key());
    return k;
  };
  std::vector<std::string> top = keys(reference);
  // "dev": the reference generator's own kaggle-environments checkout; the
  // replays Kaggle served in 2020 have no such key.
  std::erase(top, std::string("module_version"));
  CHECK(keys(written) == top);
  CHECK(written.at("name") == reference.at("name"));
  CHECK(written.at("description") == reference.at("description"));
  CHECK(written.at("version") == reference.at("version"));
  CHECK(written.at("schema_version") == reference.at("schema_version"));
  for (int p = 0; p < 2; ++p) {
    INFO("player " << p);
    CHECK(keys(written["steps"][0][p]) == keys(reference["steps"][0][p]));
    CHECK(keys(written["steps"][0][p]["observation"]) == keys(reference["steps"][0][p]["observation"]));
  }
}

TEST_CASE("check_replay: a replay built in code with invalid UTF-8 in a later record is a difference",
          "[bad_input][replay]") {
  Json j = small_replay();
  j["steps"][1][0]["observation"]["halite"][0] = "\xff";
  const Replay r = replay_from_json(j);
  ReplayCheckResult res;
  REQUIRE_NOTHROW(res = check_replay(r));
  REQUIRE_FALSE(res.ok());
  CHECK(res.difference->field == "halite[0]");
}
