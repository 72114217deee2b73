#include "halite3/bot/protocol.h"

#include <algorithm>
#include <charconv>
#include <nlohmann/json.hpp>

namespace halite3::bot {

namespace {

std::string shown(const std::string& line) {
  constexpr size_t kShown = 80;
  return line.size() <= kShown ? "'" + line + "'" : "'" + line.substr(0, kShown) + "...'";
}

void check_range(const LineReader& reader, long long value, long long low, long long high, const std::string& what) {
  if (value < low || value > high)
    reader.fail(what + " " + std::to_string(value) + " outside " + std::to_string(low) + ".." + std::to_string(high));
}

}  // namespace

std::string LineReader::next(const std::string& what) {
  std::string line;
  if (!next_if_any(&line)) {
    throw ProtocolError("line " + std::to_string(line_ + 1) + ": the input ended where " + what + " was expected");
  }
  return line;
}

bool LineReader::next_if_any(std::string* line) {
  if (!std::getline(in_, *line)) return false;
  ++line_;
  if (!line->empty() && line->back() == '\r') line->pop_back();
  return true;
}

void LineReader::fail(const std::string& message) const {
  throw ProtocolError("line " + std::to_string(line_) + ": " + message);
}

std::vector<long long> parse_integers(const LineReader& reader, const std::string& line, size_t count,
                                      const std::string& expected) {
  std::vector<long long> values;
  const char* p = line.data();
  const char* end = p + line.size();
  while (true) {
    while (p < end && (*p == ' ' || *p == '\t')) ++p;
    if (p == end) break;
    long long value = 0;
    const auto [stop, error] = std::from_chars(p, end, value);
    if (error != std::errc() || (stop < end && *stop != ' ' && *stop != '\t'))
      reader.fail("expected " + expected + ", got " + shown(line) + " (not an integer)");
    values.push_back(value);
    p = stop;
  }
  if (values.size() != count)
    reader.fail("expected " + expected + " (" + std::to_string(count) + " integers), got " + shown(line));
  return values;
}

GameStart read_game_start(LineReader& reader) {
  GameStart start;
  const std::string constants_line = reader.next("the constants (a JSON line)");
  try {
    start.constants = constants_from_json(nlohmann::json::parse(constants_line));
  } catch (const std::exception& e) {
    reader.fail(std::string("the constants: ") + e.what());
  }
  const auto head = parse_integers(reader, reader.next("'players my_id'"), 2, "'players my_id'");
  check_range(reader, head[0], 1, kMaxPlayers, "player count");
  check_range(reader, head[1], 0, head[0] - 1, "my id");
  const int players = static_cast<int>(head[0]);
  start.me = static_cast<int>(head[1]);
  std::vector<std::pair<long long, long long>> yards(players, {-1, -1});
  for (int i = 0; i < players; ++i) {
    const auto yard = parse_integers(reader, reader.next("a shipyard 'id x y'"), 3, "a shipyard 'id x y'");
    check_range(reader, yard[0], 0, players - 1, "player id");
    if (yards[yard[0]].first >= 0) reader.fail("player " + std::to_string(yard[0]) + "'s shipyard given twice");
    yards[yard[0]] = {yard[1], yard[2]};
  }
  const auto size = parse_integers(reader, reader.next("'width height'"), 2, "'width height'");
  check_range(reader, size[0], 1, kMaxSide, "width");
  check_range(reader, size[1], 1, kMaxSide, "height");
  const int width = static_cast<int>(size[0]), height = static_cast<int>(size[1]);
  std::vector<int32_t> halite;
  for (int y = 0; y < height; ++y) {
    const std::string what = "map row " + std::to_string(y) + " (" + std::to_string(width) + " cells' halite)";
    for (const long long value : parse_integers(reader, reader.next(what), width, what)) {
      check_range(reader, value, 0, INT32_MAX, "cell halite");
      halite.push_back(static_cast<int32_t>(value));
    }
  }
  std::vector<int> shipyards;
  for (const auto& [x, y] : yards) {
    if (x < 0 || x >= width || y < 0 || y >= height) reader.fail("a shipyard lies off the map");
    shipyards.push_back(static_cast<int>(y * width + x));
  }
  try {
    start.state = initial_state(start.constants, width, height, halite, shipyards);
  } catch (const std::exception& e) {
    reader.fail(e.what());
  }
  return start;
}

namespace {

int read_cell(const LineReader& reader, const State& s, long long x, long long y) {
  check_range(reader, x, 0, s.width - 1, "x");
  check_range(reader, y, 0, s.height - 1, "y");
  return s.cell(static_cast<int>(x), static_cast<int>(y));
}

void read_player(LineReader& reader, State& s, std::vector<uint8_t>& seen) {
  const auto head =
      parse_integers(reader, reader.next("a player 'id ships dropoffs bank'"), 4, "a player 'id ships dropoffs bank'");
  check_range(reader, head[0], 0, s.player_count - 1, "player id");
  const int p = static_cast<int>(head[0]);
  if (seen[p]) reader.fail("player " + std::to_string(p) + " given twice in one frame");
  seen[p] = 1;
  check_range(reader, head[1], 0, kMaxShips - s.ship_count, "ship count");
  check_range(reader, head[2], 0, kMaxDropoffs, "dropoff count");
  check_range(reader, head[3], 0, INT64_MAX / 4, "bank");
  Player& player = s.players[p];
  player.halite = head[3];
  for (long long i = 0; i < head[1]; ++i) {
    const auto v = parse_integers(reader, reader.next("a ship 'id x y cargo'"), 4, "a ship 'id x y cargo'");
    check_range(reader, v[0], 0, INT32_MAX, "ship id");
    check_range(reader, v[3], 0, INT32_MAX, "cargo");
    const int cell = read_cell(reader, s, v[1], v[2]);
    s.ships[s.ship_count++] = Ship{static_cast<int32_t>(v[0]), static_cast<int32_t>(v[3]), static_cast<uint16_t>(cell),
                                   static_cast<uint8_t>(p), false};
  }
  player.dropoff_count = static_cast<uint16_t>(head[2]);
  for (long long i = 0; i < head[2]; ++i) {
    const auto v = parse_integers(reader, reader.next("a dropoff 'id x y'"), 3, "a dropoff 'id x y'");
    const int cell = read_cell(reader, s, v[1], v[2]);
    if (s.owner[cell] != kNoOwner && s.owner[cell] != p) reader.fail("a dropoff on another player's depot");
    player.dropoffs[i] = static_cast<uint16_t>(cell);
    s.owner[cell] = static_cast<uint8_t>(p);
  }
}

}  // namespace

int read_frame(LineReader& reader, const Constants& constants, State& s) {
  std::string line;
  if (!reader.next_if_any(&line)) return 0;
  const long long turn = parse_integers(reader, line, 1, "the turn number")[0];
  check_range(reader, turn, 1, constants.max_turns + 1, "turn");
  s.turn = static_cast<int32_t>(turn - 1);
  s.ship_count = 0;
  // Dropoffs are listed again every frame: the owners are rebuilt from them.
  for (int c = 0; c < s.cells(); ++c) s.owner[c] = kNoOwner;
  for (int p = 0; p < s.player_count; ++p) s.owner[s.players[p].shipyard] = static_cast<uint8_t>(p);
  std::vector<uint8_t> seen(s.player_count, 0);
  for (int i = 0; i < s.player_count; ++i) read_player(reader, s, seen);
  std::sort(s.ships.begin(), s.ships.begin() + s.ship_count, [](const Ship& a, const Ship& b) { return a.id < b.id; });
  for (int i = 1; i < s.ship_count; ++i)
    if (s.ships[i].id == s.ships[i - 1].id) reader.fail("ship " + std::to_string(s.ships[i].id) + " listed twice");
  s.next_ship_id = s.ship_count > 0 ? s.ships[s.ship_count - 1].id + 1 : s.next_ship_id;
  const auto count = parse_integers(reader, reader.next("the count of changed cells"), 1, "the count of changed cells");
  check_range(reader, count[0], 0, s.cells(), "changed cell count");
  for (long long i = 0; i < count[0]; ++i) {
    const auto v = parse_integers(reader, reader.next("a changed cell 'x y halite'"), 3, "a changed cell 'x y halite'");
    check_range(reader, v[2], 0, INT32_MAX, "cell halite");
    s.halite[read_cell(reader, s, v[0], v[1])] = static_cast<int32_t>(v[2]);
  }
  s.map_halite = 0;
  for (int c = 0; c < s.cells(); ++c) s.map_halite += s.halite[c];
  update_inspiration(s, constants);
  return static_cast<int>(turn);
}

std::string format_commands(const std::vector<Command>& commands) {
  std::string out;
  for (const Command& command : commands) {
    if (!out.empty()) out += ' ';
    switch (command.type) {
      case Command::Type::Move:
        out += "m " + std::to_string(command.ship) + ' ' + direction_letter(command.direction);
        break;
      case Command::Type::Construct:
        out += "c " + std::to_string(command.ship);
        break;
      case Command::Type::Spawn:
        out += 'g';
        break;
    }
  }
  return out;
}

}  // namespace halite3::bot
