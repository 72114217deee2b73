// The JSON boundary: Kaggle's layouts for configuration, observation, actions
// and whole replays, read and written with nlohmann/json.
//
// Every reader validates before it builds anything and throws JsonError with
// a message naming the field (as a path like `players[1][2]["3-1"][0]`), what
// was expected and what was found. Nothing is half-applied: a reader either
// returns a complete value or throws.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "halite/state.h"

namespace halite {

using Json = nlohmann::json;

class JsonError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses text (throws JsonError with the byte offset on malformed JSON).
Json parse_json(std::string_view text, const std::string& what = "input");
// Reads a file: plain JSON or gzip-compressed (detected by content). Throws
// JsonError when it cannot be read, decompressed or parsed.
// The whole of a file, plain or gzip. Throws JsonError naming the path when
// it cannot be opened or read, or its gzip data is truncated.
std::string read_file_text(const std::string& path);
Json read_json_file(const std::string& path);

// Kaggle's word for an action (NORTH, SOUTH, EAST, WEST, CONVERT, SPAWN);
// false, and *out untouched, for anything else.
bool action_from_word(std::string_view word, Action* out);
// Kaggle's status name (ACTIVE, DONE, ERROR, INVALID, TIMEOUT); anything
// else throws JsonError naming `path`.
Status status_from_name(const Json& v, const std::string& path);

// ---- configuration -------------------------------------------------------
// Reads Kaggle's configuration object. Missing keys take the defaults; keys
// the game does not know are listed in *unknown_keys (when given) and
// otherwise ignored, as Kaggle passes extra runner keys. Wrong types and
// out-of-range values throw.
Config config_from_json(const Json& j, std::vector<std::string>* unknown_keys = nullptr);
Json config_to_json(const Config& config);

// ---- observation ---------------------------------------------------------
// The shared part of an observation ({halite, players, step}) as a State.
// Units are ordered by id (creation order), whatever the key order in the
// JSON. Statuses are ACTIVE and rewards the banks unless set afterwards.
State state_from_observation(const Json& observation, const Config& config);
// {halite, players, step, player, remainingOverageTime} as Kaggle shows it to
// `player`. Integral numbers are written as JSON integers.
Json observation_to_json(const State& state, int player);

// ---- actions -------------------------------------------------------------
struct ParsedAction {
  // INVALID when a value is not one of the six words (the whole answer is
  // then rejected by the reference); ACTIVE otherwise.
  Status status = Status::Active;
  std::string invalid_reason;        // set when status is INVALID
  State::Orders orders;              // the orders for this player's own live units
  std::vector<std::string> ignored;  // what the reference would ignore, and why
};
// Interprets an agent's answer for `player` exactly as the reference does:
// a non-object counts as {}; a value outside the enum makes it INVALID; keys
// that are not the player's own live units, SPAWN for a ship and anything
// but SPAWN for a shipyard are ignored (and reported in `ignored`).
ParsedAction parse_action(const Json& answer, const State& state, int player);
// One entry {key: a} of an answer whose values are all valid words, read by
// parse_action's rules into *out: an order for the player's own live unit,
// or the reason it is ignored. For readers of answers held in another form
// than JSON (the Python module's dicts); parse_action itself uses it.
void read_action_entry(std::string_view key, Action a, const State& state, int player, ParsedAction* out);
// The staged orders of `player` as an action object {id: word}.
Json staged_action_to_json(const State& state, int player);

// ---- replays -------------------------------------------------------------
struct ReplayEntry {
  Json action;                   // as recorded: an object, or null on a failure step
  std::optional<double> reward;  // null for failure statuses
  Status status = Status::Active;
  double remaining_overage_time = 0;
  bool has_overage_time = false;
  Json observation;  // the recorded observation (player 0's is full)
};

struct Replay {
  Config config;
  int num_players = 0;
  std::vector<std::string> team_names;
  std::vector<std::vector<ReplayEntry>> steps;  // steps[t][p]
  Json info;                                    // the recorded `info` object (kept for round trips)
};

// Reads a replay from parsed JSON: the plain replay object (keys in any
// order) or the Kaggle API wrapper {"replay": "<replay as a JSON string>"}.
Replay replay_from_json(const Json& j);
Replay read_replay_file(const std::string& path);

// Writes a replay in the layout of Kaggle's env.toJSON(), which Kaggle's
// renderer loads. `states[t]` is state t; `actions[t][p]` is what player p
// answered to state t - 1 (actions[0] is ignored and written as {}).
Json replay_to_json(const std::vector<State>& states, const std::vector<std::vector<Json>>& actions,
                    const std::vector<std::string>& team_names, const std::string& id);

}  // namespace halite
