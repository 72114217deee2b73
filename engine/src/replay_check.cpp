#include "halite/replay_check.h"

#include <cstdio>

#include "halite/value.h"

namespace halite {

namespace {

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// A recorded value for a message. A replay built in code (not parsed) can
// hold strings with invalid UTF-8, on which dump() would throw.
std::string shown(const Json& v) {
  return v.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string reward_str(const std::optional<double>& r) {
  return r ? num(*r) : "null";
}

std::optional<double> our_reward(const Player& p) {
  if (is_failure(p.status)) return std::nullopt;
  return p.reward;
}

Difference diff(int step, int player, std::string field, std::string expected, std::string got) {
  return Difference{step, player, std::move(field), std::move(expected), std::move(got)};
}

}  // namespace

std::string Difference::str() const {
  std::string s = "step " + std::to_string(step);
  if (player >= 0) s += ", player " + std::to_string(player);
  return s + ", " + field + ": expected " + expected + ", got " + got;
}

std::optional<Difference> compare_with_record(const State& state, const std::vector<ReplayEntry>& record) {
  const int t = state.step();
  const Json& obs = record.at(0).observation;
  if (!obs.contains("step") || !obs["step"].is_number() || obs["step"].get<double>() != t)
    return diff(t, -1, "step", obs.contains("step") ? shown(obs["step"]) : "missing", std::to_string(t));
  for (const char* key : {"halite", "players"})
    if (!obs.contains(key)) return diff(t, -1, key, "present in player 0's observation", "missing");
  const Json& halite = obs["halite"];
  if (!halite.is_array() || halite.size() != static_cast<size_t>(state.cell_count()))
    return diff(t, -1, "halite", "a list of size*size numbers", std::to_string(state.cell_count()) + " cells");
  for (int c = 0; c < state.cell_count(); ++c) {
    if (!halite[c].is_number() || halite[c].get<double>() != state.halite(c))
      return diff(t, -1, "halite[" + std::to_string(c) + "]", shown(halite[c]), num(state.halite(c)));
  }
  const Json& players = obs["players"];
  if (!players.is_array() || players.size() != static_cast<size_t>(state.num_players()))
    return diff(t, -1, "players", "a list of " + std::to_string(state.num_players()), shown(players).substr(0, 40));
  for (int p = 0; p < state.num_players(); ++p) {
    const Json& entry = players[p];
    if (!entry.is_array() || entry.size() != 3)
      return diff(t, p, "players[p]", "[bank, shipyards, ships]", "malformed");
    if (!entry[0].is_number() || entry[0].get<double>() != state.player(p).bank)
      return diff(t, p, "bank", shown(entry[0]), num(state.player(p).bank));
    // Shipyards: recorded {id: cell} against ours, key order ignored.
    size_t ours = 0;
    for (const Shipyard& y : state.shipyards()) {
      if (y.owner != p) continue;
      ++ours;
      const std::string id = y.id.str();
      if (!entry[1].contains(id)) return diff(t, p, "shipyard " + id, "absent", "at cell " + std::to_string(y.cell));
      if (entry[1][id] != Json(y.cell))
        return diff(t, p, "shipyard " + id + " cell", shown(entry[1][id]), std::to_string(y.cell));
    }
    if (entry[1].size() != ours) {
      for (const auto& [id, cell] : entry[1].items()) {
        UnitId uid;
        int i = UnitId::parse(id, &uid) ? state.find_shipyard(uid) : -1;
        if (i < 0 || state.shipyards()[i].owner != p)
          return diff(t, p, "shipyard " + id, "at cell " + shown(cell), "absent");
      }
    }
    ours = 0;
    for (const Ship& sh : state.ships()) {
      if (sh.owner != p) continue;
      ++ours;
      const std::string id = sh.id.str();
      if (!entry[2].contains(id))
        return diff(t, p, "ship " + id, "absent",
                    "at cell " + std::to_string(sh.cell) + " with cargo " + num(sh.cargo));
      const Json& rec = entry[2][id];
      if (!rec.is_array() || rec.size() != 2) return diff(t, p, "ship " + id, shown(rec), "[cell, cargo]");
      if (!rec[0].is_number() || rec[0].get<double>() != sh.cell)
        return diff(t, p, "ship " + id + " cell", shown(rec[0]), std::to_string(sh.cell));
      if (!rec[1].is_number() || rec[1].get<double>() != sh.cargo)
        return diff(t, p, "ship " + id + " cargo", shown(rec[1]), num(sh.cargo));
    }
    if (entry[2].size() != ours) {
      for (const auto& [id, rec] : entry[2].items()) {
        UnitId uid;
        int i = UnitId::parse(id, &uid) ? state.find_ship(uid) : -1;
        if (i < 0 || state.ships()[i].owner != p) return diff(t, p, "ship " + id, shown(rec), "absent");
      }
    }
  }
  for (int p = 0; p < state.num_players(); ++p) {
    const ReplayEntry& e = record.at(p);
    if (e.status != state.player(p).status)
      return diff(t, p, "status", status_name(e.status), status_name(state.player(p).status));
    const auto mine = our_reward(state.player(p));
    if (mine.has_value() != e.reward.has_value() || (mine && *mine != *e.reward))
      return diff(t, p, "reward", reward_str(e.reward), reward_str(mine));
  }
  return std::nullopt;
}

void stage_recorded_turn(State& state, const std::vector<ReplayEntry>& row) {
  for (int p = 0; p < state.num_players() && p < static_cast<int>(row.size()); ++p) {
    const ReplayEntry& e = row[p];
    if (state.player(p).status != Status::Active) continue;
    if (is_failure(e.status) && e.action.is_null()) {
      state.fail_player(p, e.status);
      continue;
    }
    stage_answer(state, p, parse_action(e.action, state, p));
  }
}

ReplayCheckResult check_replay(const Replay& replay, const std::function<void(const State&)>& visit) {
  ReplayCheckResult result;
  State state = state_from_observation(replay.steps.at(0).at(0).observation, replay.config);
  // Each step holds one entry per player; the comparisons below index them by
  // the observation's players.
  if (state.num_players() != replay.num_players)
    throw JsonError("replay.steps[0][0].observation.players: expected " + std::to_string(replay.num_players) +
                    " players (one per entry of each step), got " + std::to_string(state.num_players()));
  for (int p = 0; p < replay.num_players; ++p)
    if (replay.steps[0][p].has_overage_time)
      state.mutable_player(p).remaining_overage_time = replay.steps[0][p].remaining_overage_time;
  if (replay.config.has_random_seed) {
    result.board_generated = true;
    const State generated = State::initial(replay.config, replay.num_players);
    for (int c = 0; c < state.cell_count(); ++c)
      if (generated.halite(c) != state.halite(c)) {
        result.difference = diff(0, -1, "starting board from randomSeed, halite[" + std::to_string(c) + "]",
                                 num(state.halite(c)), num(generated.halite(c)));
        return result;
      }
    for (size_t i = 0; i < state.ships().size(); ++i)
      if (i >= generated.ships().size() || !(state.ships()[i] == generated.ships()[i])) {
        result.difference =
            diff(0, -1, "starting ships from randomSeed", state.ships()[i].id.str(), "a different ship");
        return result;
      }
  }
  if (auto d = compare_with_record(state, replay.steps[0])) {
    result.difference = d;
    return result;
  }
  if (visit) visit(state);
  result.states = 1;
  for (size_t t = 1; t < replay.steps.size(); ++t) {
    const auto& row = replay.steps[t];
    if (state.is_terminal()) {
      result.difference =
          diff(static_cast<int>(t), -1, "episode length", std::to_string(replay.steps.size()) + " states",
               "the game ended after " + std::to_string(t) + " states");
      return result;
    }
    stage_recorded_turn(state, row);
    state.resolve();
    for (int p = 0; p < replay.num_players; ++p)
      if (row[p].has_overage_time) state.mutable_player(p).remaining_overage_time = row[p].remaining_overage_time;
    if (auto d = compare_with_record(state, row)) {
      result.difference = d;
      return result;
    }
    if (visit) visit(state);
    result.states = static_cast<int>(t) + 1;
  }
  if (!state.is_terminal()) {
    result.difference = diff(result.states - 1, -1, "episode length", std::to_string(replay.steps.size()) + " states",
                             "the game is not over");
  }
  return result;
}

std::vector<State> replay_states(const Replay& replay) {
  std::vector<State> states;
  states.reserve(replay.steps.size());
  ReplayCheckResult r = check_replay(replay, [&](const State& s) { states.push_back(s); });
  if (!r.ok()) throw JsonError("replay does not reproduce: " + r.difference->str());
  return states;
}

}  // namespace halite
