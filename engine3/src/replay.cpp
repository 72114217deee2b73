#include "halite3/replay.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <memory>

#include <zstd.h>
#include <nlohmann/json.hpp>

namespace halite3 {

using Json = nlohmann::json;

bool is_zstd(const std::string& bytes) {
  return bytes.size() >= 4 && static_cast<unsigned char>(bytes[0]) == 0x28 &&
         static_cast<unsigned char>(bytes[1]) == 0xB5 && static_cast<unsigned char>(bytes[2]) == 0x2F &&
         static_cast<unsigned char>(bytes[3]) == 0xFD;
}

namespace {

std::string decompress(const std::string& bytes) {
  const std::unique_ptr<ZSTD_DStream, size_t (*)(ZSTD_DStream*)> stream(ZSTD_createDStream(), ZSTD_freeDStream);
  if (!stream) throw ReplayError("zstd: cannot create a decompression stream");
  ZSTD_initDStream(stream.get());
  std::string out;
  std::string chunk(ZSTD_DStreamOutSize(), '\0');
  ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
  size_t last = 0;
  while (in.pos < in.size) {
    ZSTD_outBuffer buffer{chunk.data(), chunk.size(), 0};
    last = ZSTD_decompressStream(stream.get(), &buffer, &in);
    if (ZSTD_isError(last)) throw ReplayError(std::string("zstd: ") + ZSTD_getErrorName(last));
    out.append(chunk.data(), buffer.pos);
  }
  // Flush what the decoder still holds, then insist the frame was complete.
  while (last != 0) {
    ZSTD_outBuffer buffer{chunk.data(), chunk.size(), 0};
    last = ZSTD_decompressStream(stream.get(), &buffer, &in);
    if (ZSTD_isError(last)) throw ReplayError(std::string("zstd: ") + ZSTD_getErrorName(last));
    if (buffer.pos == 0 && last != 0) throw ReplayError("zstd: the compressed data is truncated");
    out.append(chunk.data(), buffer.pos);
  }
  return out;
}

const Json& at(const Json& json, const char* key) {
  if (!json.is_object()) throw ReplayError(std::string("expected an object holding \"") + key + "\"");
  const auto it = json.find(key);
  if (it == json.end()) throw ReplayError(std::string("missing \"") + key + "\"");
  return *it;
}

int64_t integer(const Json& json, const char* key) {
  const Json& value = at(json, key);
  if (!value.is_number_integer()) throw ReplayError(std::string("\"") + key + "\" is not an integer: " + value.dump());
  return value.get<int64_t>();
}

// A replay keys players (and ships) by their id as a string.
int player_key(const std::string& key, int players) {
  size_t used = 0;
  int p = -1;
  try {
    p = std::stoi(key, &used);
  } catch (const std::exception&) {
  }
  if (used != key.size() || p < 0 || p >= players) throw ReplayError("player key \"" + key + "\" is not a player id");
  return p;
}

// Runs `parse`, prefixing any error with where it happened.
template <class F>
auto within(const std::string& where, F&& parse) {
  try {
    return parse();
  } catch (const std::exception& e) {
    throw ReplayError(where + ": " + e.what());
  }
}

Command parse_command(const Json& json) {
  const Json& type = at(json, "type");
  if (!type.is_string()) throw ReplayError("command type is not a string: " + type.dump());
  const std::string word = type.get<std::string>();
  if (word == "g") return Command::spawn();
  if (word != "c" && word != "m") throw ReplayError("unknown command type \"" + word + "\"");
  const auto ship = static_cast<int32_t>(integer(json, "id"));
  if (word == "c") return Command::construct(ship);
  const Json& letter = at(json, "direction");
  Direction d;
  if (!letter.is_string() || letter.get<std::string>().size() != 1 ||
      !parse_direction(letter.get<std::string>()[0], &d))
    throw ReplayError("bad move direction " + letter.dump());
  return Command::move(ship, d);
}

std::vector<int64_t> per_player(const Json& json, int players) {
  std::vector<int64_t> values(players, 0);
  if (!json.is_object()) throw ReplayError("expected an object keyed by player");
  for (const auto& [key, value] : json.items()) {
    if (!value.is_number_integer()) throw ReplayError("player " + key + ": not an integer: " + value.dump());
    values[player_key(key, players)] = value.get<int64_t>();
  }
  return values;
}

RecordedShip parse_ship(const std::string& id, const Json& json) {
  return within("entity " + id, [&] {
    RecordedShip ship;
    size_t used = 0;
    ship.id = static_cast<int32_t>(std::stol(id, &used));
    if (used != id.size()) throw ReplayError("not an id");
    ship.x = static_cast<int>(integer(json, "x"));
    ship.y = static_cast<int>(integer(json, "y"));
    ship.halite = integer(json, "energy");
    const Json& inspired = at(json, "is_inspired");
    if (!inspired.is_boolean()) throw ReplayError("\"is_inspired\" is not a boolean");
    ship.inspired = inspired.get<bool>();
    return ship;
  });
}

RecordedFrame parse_frame(const Json& json, int players) {
  RecordedFrame frame;
  frame.commands.resize(players);
  const Json& moves = at(json, "moves");
  if (!moves.is_object()) throw ReplayError("\"moves\" is not an object");
  for (const auto& [key, list] : moves.items()) {
    if (!list.is_array()) throw ReplayError("moves of player " + key + " are not a list");
    std::vector<Command> commands;
    for (const Json& command : list)
      commands.push_back(within("moves of player " + key, [&] { return parse_command(command); }));
    frame.commands[player_key(key, players)] = std::move(commands);
  }
  frame.ships.resize(players);
  const Json& entities = at(json, "entities");
  if (!entities.is_object()) throw ReplayError("\"entities\" is not an object");
  for (const auto& [key, ships] : entities.items()) {
    auto& list = frame.ships[player_key(key, players)];
    if (!ships.is_object()) throw ReplayError("entities of player " + key + " are not an object");
    for (const auto& [id, ship] : ships.items()) list.push_back(parse_ship(id, ship));
    std::sort(list.begin(), list.end(), [](const RecordedShip& a, const RecordedShip& b) { return a.id < b.id; });
  }
  frame.bank = within("energy", [&] { return per_player(at(json, "energy"), players); });
  frame.deposited = within("deposited", [&] { return per_player(at(json, "deposited"), players); });
  const Json& events = at(json, "events");
  if (!events.is_array()) throw ReplayError("\"events\" is not a list");
  for (const Json& event : events) {
    const Json& type = at(event, "type");
    if (!type.is_string() || type.get<std::string>() != "construct") continue;  // spawns, collisions: not needed
    const Json& location = at(event, "location");
    frame.dropoffs_built.push_back({static_cast<int>(integer(event, "owner_id")),
                                    static_cast<int>(integer(location, "x")),
                                    static_cast<int>(integer(location, "y"))});
  }
  std::sort(frame.dropoffs_built.begin(), frame.dropoffs_built.end());
  const Json& cells = at(json, "cells");
  if (!cells.is_array()) throw ReplayError("\"cells\" is not a list");
  for (const Json& cell : cells)
    frame.cells.push_back(
        {static_cast<int>(integer(cell, "x")), static_cast<int>(integer(cell, "y")), integer(cell, "production")});
  return frame;
}

void parse_map(const Json& json, Replay& r) {
  r.width = static_cast<int>(integer(json, "width"));
  r.height = static_cast<int>(integer(json, "height"));
  if (r.width < 1 || r.height < 1 || r.width > kMaxSide || r.height > kMaxSide)
    throw ReplayError("map size " + std::to_string(r.width) + "x" + std::to_string(r.height) + " not supported");
  const Json& grid = at(json, "grid");
  if (!grid.is_array() || grid.size() != static_cast<size_t>(r.height))
    throw ReplayError("\"grid\" does not have " + std::to_string(r.height) + " rows");
  for (const Json& row : grid) {
    if (!row.is_array() || row.size() != static_cast<size_t>(r.width))
      throw ReplayError("a row of \"grid\" does not have " + std::to_string(r.width) + " cells");
    for (const Json& cell : row) {
      const int64_t energy = integer(cell, "energy");
      if (energy < 0 || energy > INT32_MAX) throw ReplayError("cell halite out of range: " + std::to_string(energy));
      r.halite.push_back(static_cast<int32_t>(energy));
    }
  }
}

void parse_players(const Json& json, Replay& r) {
  if (!json.is_array() || json.empty() || json.size() > static_cast<size_t>(kMaxPlayers))
    throw ReplayError("not a list of 1 to " + std::to_string(kMaxPlayers) + " players");
  const int n = static_cast<int>(json.size());
  r.shipyards.assign(n, -1);
  r.names.assign(n, "");
  for (const Json& player : json) {
    const int64_t id = integer(player, "player_id");
    if (id < 0 || id >= n || r.shipyards[id] >= 0)
      throw ReplayError("player_id " + std::to_string(id) + " repeated or out of range");
    const Json& yard = at(player, "factory_location");
    const int64_t x = integer(yard, "x"), y = integer(yard, "y");
    if (x < 0 || y < 0 || x >= r.width || y >= r.height) throw ReplayError("factory_location off the map");
    const int cell = static_cast<int>(y * r.width + x);
    if (std::find(r.shipyards.begin(), r.shipyards.end(), cell) != r.shipyards.end())
      throw ReplayError("two players share the shipyard at (" + std::to_string(x) + "," + std::to_string(y) + ")");
    r.shipyards[id] = cell;
    if (player.contains("name") && player["name"].is_string()) r.names[id] = player["name"].get<std::string>();
  }
}

void parse_statistics(const Json& json, Replay& r) {
  r.number_turns = integer(json, "number_turns");
  const Json& list = at(json, "player_statistics");
  if (!list.is_array() || list.size() != static_cast<size_t>(r.players()))
    throw ReplayError("\"player_statistics\" does not have one entry per player");
  r.results.resize(r.players());
  for (const Json& stats : list) {
    const int64_t id = integer(stats, "player_id");
    if (id < 0 || id >= r.players()) throw ReplayError("player_id out of range");
    RecordedPlayerResult& result = r.results[id];
    result.rank = static_cast<int>(integer(stats, "rank"));
    result.last_turn_alive = integer(stats, "last_turn_alive");
    result.final_production = integer(stats, "final_production");
    result.random_id = integer(stats, "random_id");
  }
}

}  // namespace

std::string read_replay_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ReplayError(path + ": cannot open");
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.empty()) throw ReplayError(path + ": empty file");
  if (!is_zstd(bytes)) return bytes;
  return within(path, [&] { return decompress(bytes); });
}

Replay parse_replay(const std::string& json_text) {
  Json json;
  try {
    json = Json::parse(json_text);
  } catch (const Json::parse_error& e) {
    throw ReplayError(std::string("not JSON: ") + e.what());
  }
  if (!json.is_object()) throw ReplayError("not a replay: the top level is not an object");
  Replay r;
  r.constants = within("GAME_CONSTANTS", [&] { return constants_from_json(at(json, "GAME_CONSTANTS")); });
  within("production_map", [&] {
    parse_map(at(json, "production_map"), r);
    return 0;
  });
  if (json.contains("map_generator_seed")) {
    const int64_t seed = within("map_generator_seed", [&] { return integer(json, "map_generator_seed"); });
    if (seed < 0 || seed > UINT32_MAX)
      throw ReplayError("map_generator_seed " + std::to_string(seed) + " is not a 32-bit unsigned integer");
    r.map_seed = static_cast<uint32_t>(seed);
  }
  within("players", [&] {
    parse_players(at(json, "players"), r);
    return 0;
  });
  const Json& frames = within("full_frames", [&]() -> const Json& { return at(json, "full_frames"); });
  if (!frames.is_array() || frames.size() < 2) throw ReplayError("full_frames: fewer than two frames");
  for (size_t t = 0; t < frames.size(); ++t)
    r.frames.push_back(
        within("full_frames[" + std::to_string(t) + "]", [&] { return parse_frame(frames[t], r.players()); }));
  within("game_statistics", [&] {
    parse_statistics(at(json, "game_statistics"), r);
    return 0;
  });
  return r;
}

std::vector<PlayerCommands> turn_commands(const State& state, const RecordedFrame& frame) {
  std::vector<PlayerCommands> out(static_cast<size_t>(state.player_count));
  for (int p = 0; p < state.player_count; ++p) {
    if (state.players[p].removed) continue;
    if (frame.commands[p])
      out[p].commands = *frame.commands[p];
    else
      out[p].bot_error = true;
  }
  return out;
}

Replay read_replay_file(const std::string& path) {
  const std::string bytes = read_replay_bytes(path);
  return within(path, [&] { return parse_replay(bytes); });
}

}  // namespace halite3
