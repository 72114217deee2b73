#include "halite3/replay_check.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "halite3/mapgen.h"

namespace halite3 {

std::string Difference::str() const {
  std::string s = "turn " + std::to_string(turn);
  if (player >= 0) s += ", player " + std::to_string(player);
  return s + ", " + field + ": expected " + expected + ", got " + got;
}

namespace {

using Found = std::optional<Difference>;

Found diff(int turn, int player, std::string field, std::string expected, std::string got) {
  return Difference{turn, player, std::move(field), std::move(expected), std::move(got)};
}

std::string ship_text(const State& s, const Ship& ship) {
  return "ship " + std::to_string(ship.id) + " at (" + std::to_string(s.x_of(ship.cell)) + "," +
         std::to_string(s.y_of(ship.cell)) + ") with " + std::to_string(ship.halite) +
         (ship.inspired ? ", inspired" : "");
}

std::string ship_text(const RecordedShip& ship) {
  return "ship " + std::to_string(ship.id) + " at (" + std::to_string(ship.x) + "," + std::to_string(ship.y) +
         ") with " + std::to_string(ship.halite) + (ship.inspired ? ", inspired" : "");
}

// The ships of each player against a frame's record (both sorted by id).
Found compare_ships(const State& s, const RecordedFrame& frame, int turn) {
  for (int p = 0; p < s.player_count; ++p) {
    std::vector<const Ship*> ours;
    for (const Ship& ship : s.ship_list())
      if (ship.owner == p) ours.push_back(&ship);
    const auto& recorded = frame.ships[p];
    const size_t n = std::max(ours.size(), recorded.size());
    for (size_t i = 0; i < n; ++i) {
      if (i >= ours.size()) return diff(turn, p, "ships", ship_text(recorded[i]), "no such ship");
      if (i >= recorded.size()) return diff(turn, p, "ships", "no such ship", ship_text(s, *ours[i]));
      const Ship& a = *ours[i];
      const RecordedShip& b = recorded[i];
      if (a.id != b.id || s.x_of(a.cell) != b.x || s.y_of(a.cell) != b.y || a.halite != b.halite ||
          a.inspired != b.inspired)
        return diff(turn, p, "ship " + std::to_string(b.id), ship_text(b), ship_text(s, a));
    }
  }
  return {};
}

Found compare_banks(const State& s, const RecordedFrame& frame, int turn) {
  for (int p = 0; p < s.player_count; ++p) {
    if (frame.bank[p] != s.players[p].halite)
      return diff(turn, p, "bank", std::to_string(frame.bank[p]), std::to_string(s.players[p].halite));
    if (frame.deposited[p] != s.players[p].deposited)
      return diff(turn, p, "deposited", std::to_string(frame.deposited[p]), std::to_string(s.players[p].deposited));
  }
  return {};
}

// `recorded` is the map as the record has it so far; the frame's changed
// cells are applied to it, then every cell compared.
Found compare_cells(const State& s, const RecordedFrame& frame, std::vector<int64_t>& recorded, int turn) {
  for (const RecordedCell& cell : frame.cells) {
    if (cell.x < 0 || cell.y < 0 || cell.x >= s.width || cell.y >= s.height)
      return diff(turn, -1, "cells", "cells on the map",
                  "(" + std::to_string(cell.x) + "," + std::to_string(cell.y) + ")");
    recorded[s.cell(cell.x, cell.y)] = cell.halite;
  }
  for (int c = 0; c < s.cells(); ++c)
    if (recorded[c] != s.halite[c])
      return diff(turn, -1, "halite at (" + std::to_string(s.x_of(c)) + "," + std::to_string(s.y_of(c)) + ")",
                  std::to_string(recorded[c]), std::to_string(s.halite[c]));
  return {};
}

// The turn's commands from the frame (turn_commands()), once the frame is
// known to hold none for a removed player.
Found recorded_commands(const State& s, const RecordedFrame& frame, int turn, std::vector<PlayerCommands>& out) {
  for (int p = 0; p < s.player_count; ++p)
    if (s.players[p].removed && frame.commands[p])
      return diff(turn, p, "commands", "none (removed)", "recorded commands");
  out = turn_commands(s, frame);
  return {};
}

// The dropoffs built in a turn: those past `before` (each player's count at
// its start) against the frame's construction events.
Found compare_dropoffs(const State& s, const RecordedFrame& frame, const std::array<int, kMaxPlayers>& before,
                       int turn) {
  std::vector<RecordedDropoff> built;
  for (int p = 0; p < s.player_count; ++p)
    for (int i = before[p]; i < s.players[p].dropoff_count; ++i)
      built.push_back({p, s.x_of(s.players[p].dropoffs[i]), s.y_of(s.players[p].dropoffs[i])});
  std::sort(built.begin(), built.end());
  if (built == frame.dropoffs_built) return {};
  const auto text = [](const std::vector<RecordedDropoff>& list) {
    std::string out;
    for (const RecordedDropoff& d : list)
      out += (out.empty() ? "" : ", ") + std::string("player ") + std::to_string(d.player) + " at (" +
             std::to_string(d.x) + "," + std::to_string(d.y) + ")";
    return out.empty() ? std::string("none") : out;
  };
  return diff(turn, -1, "dropoffs built", text(frame.dropoffs_built), text(built));
}

Found compare_results(const Replay& replay, const State& s, const BankHistory& history) {
  const int turn = s.turn;
  if (replay.number_turns != turn)
    return diff(turn, -1, "number_turns", std::to_string(replay.number_turns), std::to_string(turn));
  std::vector<int64_t> random_ids;
  for (const auto& result : replay.results) random_ids.push_back(result.random_id);
  const std::vector<int> ranks = rank_players(s, history, random_ids);
  for (int p = 0; p < s.player_count; ++p) {
    const RecordedPlayerResult& r = replay.results[p];
    if (r.last_turn_alive != s.players[p].last_turn_alive)
      return diff(turn, p, "last_turn_alive", std::to_string(r.last_turn_alive),
                  std::to_string(s.players[p].last_turn_alive));
    const int64_t final_bank = history.at(history.turns() - 1, p);
    if (r.final_production != final_bank)
      return diff(turn, p, "final_production", std::to_string(r.final_production), std::to_string(final_bank));
    if (r.rank != ranks[p]) return diff(turn, p, "rank", std::to_string(r.rank), std::to_string(ranks[p]));
  }
  return {};
}

std::string cell_text(int width, int cell) {
  return "(" + std::to_string(cell % width) + "," + std::to_string(cell / width) + ")";
}

// The recorded start against the map generated from its seed, size and
// player count with its constants.
Found compare_generated_start(const Replay& replay) {
  const std::string from = "from map_generator_seed " + std::to_string(*replay.map_seed);
  GeneratedMap map;
  try {
    map = generate_map(*replay.map_seed, replay.width, replay.height, replay.players(), replay.constants);
  } catch (const std::invalid_argument& e) {
    return diff(0, -1, "map " + from, "the recorded map", std::string("none: ") + e.what());
  }
  for (int p = 0; p < replay.players(); ++p)
    if (map.shipyards[p] != replay.shipyards[p])
      return diff(0, p, "shipyard " + from, cell_text(replay.width, replay.shipyards[p]),
                  cell_text(replay.width, map.shipyards[p]));
  for (size_t c = 0; c < map.halite.size(); ++c)
    if (map.halite[c] != replay.halite[c])
      return diff(0, -1, "halite at " + cell_text(replay.width, static_cast<int>(c)) + " " + from,
                  std::to_string(replay.halite[c]), std::to_string(map.halite[c]));
  return {};
}

Found check(const Replay& replay, int& turns) {
  const Constants& constants = replay.constants;
  State s = initial_state(constants, replay.width, replay.height, replay.halite, replay.shipyards);
  BankHistory history;
  history.record(s);
  // The record's map: the initial map with the shipyards emptied (frame 0
  // lists no cells for them), then each frame's changed cells.
  std::vector<int64_t> recorded(s.halite.begin(), s.halite.begin() + s.cells());
  const auto& frames = replay.frames;
  if (Found d = compare_cells(s, frames[0], recorded, 0)) return d;
  if (Found d = compare_banks(s, frames[0], 0)) return d;
  const int last = static_cast<int>(frames.size()) - 2;  // the last turn played
  if (last > constants.max_turns)
    return diff(0, -1, "full_frames", "at most " + std::to_string(constants.max_turns + 2),
                std::to_string(frames.size()));
  std::vector<PlayerCommands> commands;
  for (int t = 1; t <= last; ++t) {
    update_inspiration(s, constants);
    if (Found d = compare_ships(s, frames[t], t)) return d;
    if (Found d = recorded_commands(s, frames[t], t, commands)) return d;
    std::array<int, kMaxPlayers> dropoffs_before{};
    for (int p = 0; p < s.player_count; ++p) dropoffs_before[p] = s.players[p].dropoff_count;
    // The record keeps only commands the reference accepted: the engine must
    // accept them too (and remove exactly the players missing from it).
    for (const Removal& removal : resolve_turn(s, constants, commands))
      if (!commands[removal.player].bot_error)
        return diff(t, removal.player, "commands", "accepted", "rejected: " + removal.reason);
    history.record(s);
    turns = t;
    if (Found d = compare_dropoffs(s, frames[t], dropoffs_before, t)) return d;
    if (Found d = compare_cells(s, frames[t], recorded, t)) return d;
    if (Found d = compare_banks(s, frames[t], t)) return d;
    const bool ended = check_game_end(s, constants);
    if (ended && t < last) return diff(t, -1, "end", "the game goes on", "the game ends");
    if (!ended && t == last && t < constants.max_turns) return diff(t, -1, "end", "the game ends", "the game goes on");
  }
  finish_game(s, constants);
  history.record(s);
  if (Found d = compare_ships(s, frames.back(), s.turn)) return d;
  if (Found d = compare_banks(s, frames.back(), s.turn)) return d;
  return compare_results(replay, s, history);
}

}  // namespace

ReplayCheckResult check_replay(const Replay& replay) {
  ReplayCheckResult result;
  if (replay.map_seed) {
    result.map_generated = true;
    result.difference = compare_generated_start(replay);
    if (result.difference) return result;
  }
  result.difference = check(replay, result.turns);
  return result;
}

}  // namespace halite3
