#include "halite/json_codec.h"

#include <zlib.h>

#include <cmath>
#include <cstdio>
#include <memory>

#include "replay_specification.h"

namespace halite {

namespace {

// A short description of a value for an error message. Containers are named
// by type and size, never dumped: dumping recurses, and a value nested a
// hundred thousand levels deep would overflow the stack.
//
// Strings are dumped with invalid UTF-8 replaced: a Json built in code (not
// parsed) can hold any bytes, and dump() would throw nlohmann's type_error.
std::string dump_scalar(const Json& v) {
  return v.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string describe(const Json& v) {
  if (v.is_object()) return "an object of " + std::to_string(v.size()) + " keys";
  if (v.is_array()) return "a list of " + std::to_string(v.size()) + " items";
  std::string s = dump_scalar(v);
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

[[noreturn]] void fail(const std::string& path, const std::string& expected, const Json& got) {
  throw JsonError(path + ": expected " + expected + ", got " + describe(got));
}

double get_number(const Json& v, const std::string& path, const std::string& expected = "a number") {
  if (!v.is_number()) fail(path, expected, v);
  const double d = v.get<double>();
  if (!std::isfinite(d)) fail(path, expected, v);
  return d;
}

// An integer, accepting integral floats (21.0) as Python's json would hand
// them over from other writers.
int64_t get_integer(const Json& v, const std::string& path, const std::string& expected = "an integer") {
  if (v.is_number_integer()) {
    if (v.is_number_unsigned() && v.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX)) fail(path, expected, v);
    return v.get<int64_t>();
  }
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 9.0e15) return static_cast<int64_t>(d);
  }
  fail(path, expected, v);
}

Json number_json(double v) {
  if (v == std::trunc(v) && std::fabs(v) < 9.0e15) return Json(static_cast<int64_t>(v));
  return Json(v);
}

std::string key_path(const std::string& base, const std::string& key) {
  return base + "[\"" + key + "\"]";
}

// The readers below check types before every access, so nlohmann should
// never throw from them; this is the net that keeps the promise of JsonError
// (naming what was being read) if one ever does.
template <typename F>
auto at_boundary(const char* what, F&& read) {
  try {
    return read();
  } catch (const Json::exception& e) {
    throw JsonError(std::string(what) + ": " + e.what());
  }
}

// Python's json, which wrote every replay and answer the reference knows,
// refuses nesting past its recursion limit of 1000. Deeper values are refused
// here too: nlohmann copies and dumps recursively, and a few hundred thousand
// levels overflow the stack.
constexpr int kMaxJsonDepth = 1000;

}  // namespace

Status status_from_name(const Json& v, const std::string& path) {
  if (v.is_string()) {
    const auto& s = v.get_ref<const std::string&>();
    for (Status st : {Status::Active, Status::Done, Status::Error, Status::Invalid, Status::Timeout})
      if (s == status_name(st)) return st;
  }
  fail(path, "one of ACTIVE, DONE, ERROR, INVALID, TIMEOUT", v);
}

bool action_from_word(std::string_view word, Action* out) {
  for (Action a : {Action::North, Action::South, Action::East, Action::West, Action::Convert, Action::Spawn})
    if (word == action_name(a)) {
      *out = a;
      return true;
    }
  return false;
}

// --------------------------------------------------------------- parsing --

Json parse_json(std::string_view text, const std::string& what) {
  const Json::parser_callback_t depth_limit = [&](int depth, Json::parse_event_t event, Json&) {
    if (depth >= kMaxJsonDepth &&
        (event == Json::parse_event_t::object_start || event == Json::parse_event_t::array_start))
      throw JsonError(what + " is not valid JSON: nested deeper than " + std::to_string(kMaxJsonDepth) +
                      " levels (Python's json limit)");
    return true;
  };
  try {
    return Json::parse(text.begin(), text.end(), depth_limit);
  } catch (const Json::exception& e) {
    // parse_error, and out_of_range for a number past a double's range (1e400).
    throw JsonError(what + " is not valid JSON: " + e.what());
  }
}

std::string read_file_text(const std::string& path) {
  // gzread reads plain files unchanged, so one path serves both layouts.
  std::unique_ptr<gzFile_s, decltype(&gzclose)> file(gzopen(path.c_str(), "rb"), &gzclose);
  if (!file) throw JsonError(path + ": cannot open file");
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const int n = gzread(file.get(), buffer, sizeof buffer);
    if (n < 0) {
      int code = 0;
      throw JsonError(path + ": cannot read (" + gzerror(file.get(), &code) + ")");
    }
    if (n == 0) break;
    text.append(buffer, static_cast<size_t>(n));
  }
  // A truncated gzip stream ends without error from gzread; gzclose reports it.
  int code = 0;
  const char* message = gzerror(file.get(), &code);
  if (code != Z_OK && code != Z_STREAM_END)
    throw JsonError(path + ": corrupt or truncated gzip data (" + message + ")");
  return text;
}

Json read_json_file(const std::string& path) {
  return parse_json(read_file_text(path), path);
}

// --------------------------------------------------------- configuration --

static Config read_config(const Json& j, std::vector<std::string>* unknown_keys) {
  if (!j.is_object()) fail("configuration", "an object", j);
  Config c;
  for (const auto& item : j.items()) {
    // Named, not a structured binding: C++20 lambdas may not capture those (clang refuses).
    const std::string& key = item.key();
    const Json& v = item.value();
    const std::string path = "configuration." + key;
    auto as_int = [&](int64_t lo, int64_t hi) {
      const int64_t x = get_integer(v, path);
      if (x < lo || x > hi)
        throw JsonError(path + " = " + std::to_string(x) + " is out of range (" + std::to_string(lo) + " to " +
                        std::to_string(hi) + ")");
      return x;
    };
    if (key == "episodeSteps")
      c.episode_steps = static_cast<int>(as_int(INT32_MIN, INT32_MAX));
    else if (key == "size")
      c.size = static_cast<int>(as_int(INT32_MIN, INT32_MAX));
    else if (key == "startingHalite")
      c.starting_halite = get_integer(v, path);
    else if (key == "spawnCost")
      c.spawn_cost = get_integer(v, path);
    else if (key == "convertCost")
      c.convert_cost = get_integer(v, path);
    else if (key == "maxCellHalite")
      c.max_cell_halite = get_integer(v, path);
    else if (key == "moveCost")
      c.move_cost = get_number(v, path);
    else if (key == "collectRate")
      c.collect_rate = get_number(v, path);
    else if (key == "regenRate")
      c.regen_rate = get_number(v, path);
    else if (key == "actTimeout")
      c.act_timeout = get_number(v, path);
    else if (key == "agentTimeout")
      c.agent_timeout = get_number(v, path);
    else if (key == "runTimeout")
      c.run_timeout = get_number(v, path);
    else if (key == "randomSeed") {
      c.random_seed = static_cast<uint32_t>(as_int(0, 4294967295LL));
      c.has_random_seed = true;
    } else if (unknown_keys) {
      unknown_keys->push_back(key);
    }
  }
  if (auto err = c.validate(); !err.empty()) throw JsonError(err);
  return c;
}

Config config_from_json(const Json& j, std::vector<std::string>* unknown_keys) {
  return at_boundary("configuration", [&] { return read_config(j, unknown_keys); });
}

Json config_to_json(const Config& c) {
  Json j = {{"episodeSteps", c.episode_steps},
            {"actTimeout", number_json(c.act_timeout)},
            {"runTimeout", number_json(c.run_timeout)},
            {"startingHalite", c.starting_halite},
            {"size", c.size},
            {"spawnCost", c.spawn_cost},
            {"convertCost", c.convert_cost},
            {"moveCost", number_json(c.move_cost)},
            {"collectRate", c.collect_rate},
            {"regenRate", c.regen_rate},
            {"maxCellHalite", c.max_cell_halite},
            {"agentTimeout", number_json(c.agent_timeout)}};
  if (c.has_random_seed) j["randomSeed"] = c.random_seed;
  return j;
}

// ------------------------------------------------------------ observation --

static State read_observation(const Json& obs, const Config& config) {
  if (!obs.is_object()) fail("observation", "an object", obs);
  for (const char* key : {"halite", "players", "step"})
    if (!obs.contains(key)) throw JsonError(std::string("observation: missing \"") + key + "\"");
  const Json& players = obs["players"];
  if (!players.is_array() || (players.size() != 1 && players.size() != 2 && players.size() != 4))
    fail("observation.players", "a list of 1, 2 or 4 players", players);
  const int64_t step = get_integer(obs["step"], "observation.step", "a step number");
  if (step < 0 || step >= config.episode_steps)
    throw JsonError("observation.step = " + std::to_string(step) + " is outside the episode (0 to " +
                    std::to_string(config.episode_steps - 1) + ")");
  State s = State::empty(config, static_cast<int>(players.size()), static_cast<int>(step));

  const Json& halite = obs["halite"];
  if (!halite.is_array() || halite.size() != static_cast<size_t>(s.cell_count()))
    fail("observation.halite", "a list of " + std::to_string(s.cell_count()) + " numbers (size * size)", halite);
  for (int c = 0; c < s.cell_count(); ++c) {
    const double h = get_number(halite[c], "observation.halite[" + std::to_string(c) + "]", "a number >= 0");
    if (h < 0) fail("observation.halite[" + std::to_string(c) + "]", "a number >= 0", halite[c]);
    s.set_halite(c, h);
  }

  auto cell_of = [&](const Json& v, const std::string& path) {
    const int64_t cell = get_integer(v, path, "a cell index");
    if (cell < 0 || cell >= s.cell_count())
      fail(path, "a cell index from 0 to " + std::to_string(s.cell_count() - 1), v);
    return static_cast<int>(cell);
  };
  auto id_of = [&](const std::string& key, const std::string& path) {
    UnitId id;
    if (!UnitId::parse(key, &id)) throw JsonError(path + ": \"" + key + "\" is not a unit id of the form <step>-<n>");
    // A unit created while step t resolved is labelled t + 1, so no unit of
    // the state at step s has a label above s. A later label would collide
    // with (or sort after) the ids this state's own spawns will get.
    if (id.label() > static_cast<uint32_t>(step))
      throw JsonError(path + ": unit id \"" + key + "\" is from step " + std::to_string(id.label()) +
                      ", after the observation's step " + std::to_string(step));
    return id;
  };

  for (size_t p = 0; p < players.size(); ++p) {
    const std::string base = "observation.players[" + std::to_string(p) + "]";
    const Json& entry = players[p];
    if (!entry.is_array() || entry.size() != 3) fail(base, "[bank, shipyards, ships]", entry);
    const double bank = get_number(entry[0], base + "[0]", "a bank >= 0");
    if (bank < 0) fail(base + "[0]", "a bank >= 0", entry[0]);
    Player& pl = s.mutable_player(static_cast<int>(p));
    pl.bank = bank;
    pl.reward = bank;
    if (!entry[1].is_object()) fail(base + "[1]", "an object {shipyardId: cell}", entry[1]);
    if (!entry[2].is_object()) fail(base + "[2]", "an object {shipId: [cell, cargo]}", entry[2]);
    try {
      for (const auto& [key, v] : entry[1].items()) {
        const std::string path = key_path(base + "[1]", key);
        s.add_shipyard(id_of(key, path), cell_of(v, path), static_cast<int>(p));
      }
      for (const auto& [key, v] : entry[2].items()) {
        const std::string path = key_path(base + "[2]", key);
        if (!v.is_array() || v.size() != 2) fail(path, "[cell, cargo]", v);
        const double cargo = get_number(v[1], path + "[1]", "a cargo >= 0");
        if (cargo < 0) fail(path + "[1]", "a cargo >= 0", v[1]);
        s.add_ship(id_of(key, path), cell_of(v[0], path + "[0]"), static_cast<int>(p), cargo);
      }
    } catch (const std::invalid_argument& e) {
      throw JsonError(base + ": " + e.what());
    } catch (const CapacityError& e) {
      throw JsonError(base + ": " + e.what());
    }
  }
  if (obs.contains("remainingOverageTime") && obs.contains("player")) {
    const int64_t me = get_integer(obs["player"], "observation.player", "a player index");
    if (me < 0 || me >= s.num_players()) fail("observation.player", "a player index of this game", obs["player"]);
    s.mutable_player(static_cast<int>(me)).remaining_overage_time =
        get_number(obs["remainingOverageTime"], "observation.remainingOverageTime");
  }
  // Ships and shipyards draw their ids from one counter: an id held by both
  // cannot be, and would make an order for it reach only the ship.
  const auto ships = s.ships();
  const auto yards = s.shipyards();
  for (size_t i = 0, j = 0; i < ships.size() && j < yards.size();) {
    if (ships[i].id == yards[j].id)
      throw JsonError("observation.players: unit id \"" + ships[i].id.str() + "\" is both a ship (of player " +
                      std::to_string(ships[i].owner) + ") and a shipyard (of player " + std::to_string(yards[j].owner) +
                      ")");
    if (ships[i].id < yards[j].id)
      ++i;
    else
      ++j;
  }
  if (auto err = s.check(); !err.empty()) throw JsonError("observation is not a reachable position: " + err);
  return s;
}

State state_from_observation(const Json& obs, const Config& config) {
  return at_boundary("observation", [&] { return read_observation(obs, config); });
}

Json observation_to_json(const State& s, int player) {
  Json halite = Json::array();
  for (int c = 0; c < s.cell_count(); ++c) halite.push_back(number_json(s.halite(c)));
  Json players = Json::array();
  for (int p = 0; p < s.num_players(); ++p)
    players.push_back(Json::array({number_json(s.player(p).bank), Json::object(), Json::object()}));
  for (const Shipyard& y : s.shipyards()) players[y.owner][1][y.id.str()] = y.cell;
  for (const Ship& sh : s.ships()) players[sh.owner][2][sh.id.str()] = Json::array({sh.cell, number_json(sh.cargo)});
  return Json{{"halite", std::move(halite)},
              {"players", std::move(players)},
              {"player", player},
              {"step", s.step()},
              {"remainingOverageTime", number_json(s.player(player).remaining_overage_time)}};
}

// --------------------------------------------------------------- actions --

void read_action_entry(std::string_view key, Action a, const State& s, int player, ParsedAction* out) {
  UnitId id;
  int index = -1;
  const auto quoted = [&] { return "\"" + std::string(key) + "\""; };
  if (!UnitId::parse(key, &id)) {
    out->ignored.push_back(quoted() + ": not a unit id");
  } else if ((index = s.find_ship(id)) >= 0 && s.ships()[index].owner == player) {
    if (a == Action::Spawn)
      out->ignored.push_back(quoted() + ": SPAWN given to a ship (it stays)");
    else
      out->orders.push_back({id, a});
  } else if ((index = s.find_shipyard(id)) >= 0 && s.shipyards()[index].owner == player) {
    if (a != Action::Spawn)
      out->ignored.push_back(quoted() + ": " + action_name(a) + " given to a shipyard");
    else
      out->orders.push_back({id, a});
  } else {
    out->ignored.push_back(quoted() + ": not a live unit of player " + std::to_string(player));
  }
}

static ParsedAction read_action(const Json& answer, const State& s, int player) {
  ParsedAction out;
  if (!answer.is_object()) {
    if (!answer.is_null()) out.ignored.push_back("answer is not an object; counted as {}");
    return out;
  }
  for (const auto& [key, v] : answer.items()) {
    Action a;
    if (!v.is_string() || !action_from_word(v.get_ref<const std::string&>(), &a)) {
      out.status = Status::Invalid;
      out.invalid_reason =
          "action for \"" + key + "\" is " + describe(v) + ", not one of NORTH, SOUTH, EAST, WEST, CONVERT, SPAWN";
      out.orders.clear();
      return out;
    }
  }
  for (const auto& [key, v] : answer.items()) {
    Action a = Action::None;
    action_from_word(v.get_ref<const std::string&>(), &a);
    read_action_entry(key, a, s, player, &out);
  }
  return out;
}

ParsedAction parse_action(const Json& answer, const State& s, int player) {
  return at_boundary("action", [&] { return read_action(answer, s, player); });
}

Json staged_action_to_json(const State& s, int player) {
  Json j = Json::object();
  for (const Shipyard& y : s.shipyards())
    if (y.owner == player && y.action != Action::None) j[y.id.str()] = action_name(y.action);
  for (const Ship& sh : s.ships())
    if (sh.owner == player && sh.action != Action::None) j[sh.id.str()] = action_name(sh.action);
  return j;
}

// --------------------------------------------------------------- replays --

static Replay read_replay(const Json& input) {
  const Json* root = &input;
  Json unwrapped;
  if (input.is_object() && input.contains("replay") && !input.contains("steps")) {
    const Json& inner = input["replay"];
    if (inner.is_string()) {
      unwrapped = parse_json(inner.get_ref<const std::string&>(), "replay (the wrapper's string)");
      root = &unwrapped;
    } else if (inner.is_object()) {
      root = &inner;
    } else {
      fail("replay", "the replay as a JSON string or object", inner);
    }
  }
  const Json& j = *root;
  if (!j.is_object()) fail("replay", "an object", j);
  if (!j.contains("configuration")) throw JsonError("replay: missing \"configuration\"");
  if (!j.contains("steps")) throw JsonError("replay: missing \"steps\"");
  Replay r;
  r.config = config_from_json(j["configuration"]);
  const Json& steps = j["steps"];
  if (!steps.is_array() || steps.empty()) fail("replay.steps", "a non-empty list of steps", steps);
  if (!steps[0].is_array()) fail("replay.steps[0]", "a list with one entry per player", steps[0]);
  r.num_players = static_cast<int>(steps[0].size());
  if (r.num_players != 1 && r.num_players != 2 && r.num_players != 4)
    fail("replay.steps[0]", "1, 2 or 4 player entries", steps[0]);
  if (j.contains("info")) r.info = j["info"];
  if (r.info.is_object() && r.info.contains("TeamNames") && r.info["TeamNames"].is_array())
    for (const Json& n : r.info["TeamNames"])
      r.team_names.push_back(n.is_string() ? n.get<std::string>() : describe(n));
  r.steps.reserve(steps.size());
  for (size_t t = 0; t < steps.size(); ++t) {
    const std::string base = "replay.steps[" + std::to_string(t) + "]";
    const Json& row = steps[t];
    if (!row.is_array() || row.size() != static_cast<size_t>(r.num_players))
      fail(base, "a list of " + std::to_string(r.num_players) + " player entries", row);
    std::vector<ReplayEntry> entries(row.size());
    for (size_t p = 0; p < row.size(); ++p) {
      const std::string path = base + "[" + std::to_string(p) + "]";
      const Json& e = row[p];
      if (!e.is_object()) fail(path, "an object", e);
      ReplayEntry& out = entries[p];
      out.action = e.value("action", Json());
      if (!e.contains("status")) throw JsonError(path + ": missing \"status\"");
      out.status = status_from_name(e["status"], path + ".status");
      if (e.contains("reward") && !e["reward"].is_null()) out.reward = get_number(e["reward"], path + ".reward");
      if (!e.contains("observation") || !e["observation"].is_object())
        fail(path + ".observation", "an object", e.value("observation", Json()));
      out.observation = e["observation"];
      if (out.observation.contains("remainingOverageTime")) {
        out.remaining_overage_time =
            get_number(out.observation["remainingOverageTime"], path + ".observation.remainingOverageTime");
        out.has_overage_time = true;
      }
    }
    r.steps.push_back(std::move(entries));
  }
  return r;
}

Replay replay_from_json(const Json& input) {
  return at_boundary("replay", [&] { return read_replay(input); });
}

Replay read_replay_file(const std::string& path) {
  try {
    return replay_from_json(read_json_file(path));
  } catch (const JsonError& e) {
    const std::string what = e.what();
    if (what.rfind(path, 0) == 0) throw;
    throw JsonError(path + ": " + what);
  }
}

Json replay_to_json(const std::vector<State>& states, const std::vector<std::vector<Json>>& actions,
                    const std::vector<std::string>& team_names, const std::string& id) {
  if (states.empty()) throw std::invalid_argument("replay_to_json: no states");
  const int n = states.front().num_players();
  Json steps = Json::array();
  for (size_t t = 0; t < states.size(); ++t) {
    const State& s = states[t];
    Json row = Json::array();
    for (int p = 0; p < n; ++p) {
      const Player& pl = s.player(p);
      Json action = Json::object();
      if (t > 0 && t < actions.size() && p < static_cast<int>(actions[t].size())) action = actions[t][p];
      Json obs = p == 0 ? observation_to_json(s, 0)
                        : Json{{"player", p}, {"remainingOverageTime", number_json(pl.remaining_overage_time)}};
      row.push_back(Json{{"action", std::move(action)},
                         {"reward", is_failure(pl.status) ? Json() : number_json(pl.reward)},
                         {"info", Json::object()},
                         {"observation", std::move(obs)},
                         {"status", status_name(pl.status)}});
    }
    steps.push_back(std::move(row));
  }
  Json rewards = Json::array(), statuses = Json::array();
  for (const Json& e : steps.back()) {
    rewards.push_back(e["reward"]);
    statuses.push_back(e["status"]);
  }
  Json names = Json::array();
  for (int p = 0; p < n; ++p)
    names.push_back(p < static_cast<int>(team_names.size()) ? team_names[p] : "agent " + std::to_string(p));
  return Json{{"id", id},
              {"name", "halite"},
              {"title", "Halite 4"},
              {"description", "The game of space salt."},
              {"version", "1.2.1"},
              {"schema_version", 1},
              {"configuration", config_to_json(states.front().config())},
              {"specification", Json::parse(kReplaySpecification)},
              {"steps", std::move(steps)},
              {"rewards", std::move(rewards)},
              {"statuses", std::move(statuses)},
              {"info", Json{{"TeamNames", std::move(names)}}}};
}

}  // namespace halite
