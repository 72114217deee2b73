// The Halite III bot protocol, as the official engine speaks it to the
// starter kits (docs/halite3.md): lines on stdin, one line of commands on
// stdout per turn.
//
// Start: the constants as one JSON line; `players my_id`; per player
// `id x y` of its shipyard; `width height`; `height` rows of `width` cell
// halite. The bot answers its name. Each turn: the turn number (from 1); per
// player `id ships dropoffs bank`, then its ships `id x y cargo` and dropoffs
// `id x y`; the count of changed cells, then each `x y halite`.
//
// Every malformed line is refused with a ProtocolError naming the line's
// number, what was expected and what came; input that ends inside a frame is
// refused too.
#pragma once

#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

#include "halite3/constants.h"
#include "halite3/state.h"

namespace halite3::bot {

struct ProtocolError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Numbered lines from a stream.
class LineReader {
 public:
  explicit LineReader(std::istream& in) : in_(in) {}
  // The next line (without its end); throws ProtocolError naming `what` when
  // the input has ended.
  std::string next(const std::string& what);
  // false at the end of the input (nothing but white space left on the line
  // counts as a line).
  bool next_if_any(std::string* line);
  int line_number() const { return line_; }
  // A ProtocolError for the current line.
  [[noreturn]] void fail(const std::string& message) const;

 private:
  std::istream& in_;
  int line_ = 0;
};

// Parses exactly `count` integers from `line` (expected: a description of
// them for the message) or throws.
std::vector<long long> parse_integers(const LineReader& reader, const std::string& line, size_t count,
                                      const std::string& expected);

struct GameStart {
  Constants constants;
  int me = 0;
  State state;  // turn 0: the map, the shipyards, every bank at initial_energy
};

GameStart read_game_start(LineReader& reader);

// Reads one turn's frame into `state` (ships, banks, dropoffs, changed
// cells; inspiration set as the engine sets it at the start of the turn) and
// returns its turn number, or 0 when the input ended before a new frame.
int read_frame(LineReader& reader, const Constants& constants, State& state);

// The command line for `commands`: `m ID d`, `c ID`, `g`, space separated.
std::string format_commands(const std::vector<Command>& commands);

}  // namespace halite3::bot
