// Bot traces for `halite view --trace`: one JSON object per line, one line per
// player and turn, giving for each unit the order chosen and why (the
// format is defined in docs/viewer.md).
#pragma once

#include <string>
#include <vector>

#include "halite/json_codec.h"

namespace halite::tools::view {

struct TraceLine {
  int step = 0;  // the state the bot was shown (its orders make state step + 1)
  int player = 0;
  Json units;         // the line's "units" array, checked
  std::string where;  // "FILE line N", for messages
};

// Reads a trace file and checks every line's layout. Throws JsonError naming
// the file, the line and the field for anything malformed; blank lines are
// skipped.
std::vector<TraceLine> read_trace_file(const std::string& path);

// Checks the lines against the game they are said to describe: the step is
// one of its states, the player one of its seats, each unit id a ship or
// shipyard of that player in that state, and no (step, player) recorded
// twice. Throws JsonError naming the line and what did not match.
void check_trace_against_game(const std::vector<TraceLine>& lines, const std::vector<State>& states);

}  // namespace halite::tools::view
