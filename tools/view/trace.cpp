#include "view/trace.h"

#include <map>
#include <sstream>
#include <utility>

namespace halite::tools::view {
namespace {

// The trace's typed fields; any other key of a unit is kept and shown as is,
// so a bot can record more without a change here.
enum class FieldKind { Text, Number, Count };
struct FieldSpec {
  const char* name;
  FieldKind kind;
};
constexpr FieldSpec kUnitFields[] = {
    {"action", FieldKind::Text},    {"value", FieldKind::Number},
    {"runner_up", FieldKind::Text}, {"runner_up_value", FieldKind::Number},
    {"role", FieldKind::Text},      {"danger", FieldKind::Number},
    {"visits", FieldKind::Count},
};

const char* expected_kind(FieldKind kind) {
  switch (kind) {
    case FieldKind::Text:
      return "a string or null";
    case FieldKind::Number:
      return "a number or null";
    case FieldKind::Count:
      return "a whole number >= 0 or null";
  }
  return "";
}

bool has_kind(const Json& v, FieldKind kind) {
  if (v.is_null()) return true;  // "no runner-up", "not measured"
  switch (kind) {
    case FieldKind::Text:
      return v.is_string();
    case FieldKind::Number:
      return v.is_number();
    case FieldKind::Count:
      return v.is_number_unsigned() || (v.is_number_integer() && v.get<long long>() >= 0);
  }
  return false;
}

std::string shown(const Json& v) {
  std::string text = v.dump(-1, ' ', false, Json::error_handler_t::replace);
  return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

int whole_number(const Json& line, const char* key, const std::string& where) {
  if (!line.contains(key)) throw JsonError(where + ": \"" + key + "\" is missing");
  const Json& v = line[key];
  if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > 1'000'000)
    throw JsonError(where + ": \"" + key + "\" should be a whole number >= 0, got " + shown(v));
  return static_cast<int>(v.get<long long>());
}

void check_unit(const Json& unit, const std::string& where) {
  if (!unit.is_object()) throw JsonError(where + ": should be an object, got " + shown(unit));
  if (!unit.contains("id") || !unit["id"].is_string())
    throw JsonError(where + ": \"id\" should be a unit id string such as \"3-1\", got " +
                    (unit.contains("id") ? shown(unit["id"]) : "nothing"));
  for (const FieldSpec& field : kUnitFields) {
    if (unit.contains(field.name) && !has_kind(unit[field.name], field.kind))
      throw JsonError(where + ": \"" + field.name + "\" should be " + expected_kind(field.kind) + ", got " +
                      shown(unit[field.name]));
  }
}

TraceLine parse_line(const std::string& text, const std::string& where) {
  const Json line = parse_json(text, where);
  if (!line.is_object()) throw JsonError(where + ": should be a JSON object, got " + shown(line));
  TraceLine out;
  out.where = where;
  out.step = whole_number(line, "step", where);
  out.player = whole_number(line, "player", where);
  if (!line.contains("units") || !line["units"].is_array())
    throw JsonError(where + ": \"units\" should be a list of unit records, got " +
                    (line.contains("units") ? shown(line["units"]) : "nothing"));
  out.units = line["units"];
  for (size_t i = 0; i < out.units.size(); ++i) check_unit(out.units[i], where + ", units[" + std::to_string(i) + "]");
  return out;
}

}  // namespace

std::vector<TraceLine> read_trace_file(const std::string& path) {
  // read_file_text takes gzip too, so a trace may be kept compressed.
  std::istringstream text(read_file_text(path));
  std::vector<TraceLine> lines;
  std::string line;
  for (int number = 1; std::getline(text, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    lines.push_back(parse_line(line, "trace " + path + " line " + std::to_string(number)));
  }
  if (lines.empty()) throw JsonError("trace " + path + ": no lines (expected one JSON object per turn)");
  return lines;
}

void check_trace_against_game(const std::vector<TraceLine>& lines, const std::vector<State>& states) {
  std::map<std::pair<int, int>, std::string> seen;
  for (const TraceLine& line : lines) {
    if (line.step >= static_cast<int>(states.size()))
      throw JsonError(line.where + ": step " + std::to_string(line.step) + " is past the game's last state (" +
                      std::to_string(states.size() - 1) + ")");
    const State& state = states[line.step];
    if (line.player >= state.num_players())
      throw JsonError(line.where + ": player " + std::to_string(line.player) + " is not a seat of this " +
                      std::to_string(state.num_players()) + "-player game");
    auto [it, fresh] = seen.emplace(std::make_pair(line.step, line.player), line.where);
    if (!fresh)
      throw JsonError(line.where + ": step " + std::to_string(line.step) + ", player " + std::to_string(line.player) +
                      " was already recorded (" + it->second + ")");
    for (const Json& unit : line.units) {
      const std::string id = unit["id"].get<std::string>();
      UnitId uid;
      int owner = -1;
      if (UnitId::parse(id, &uid)) {
        if (const int s = state.find_ship(uid); s >= 0) owner = state.ships()[s].owner;
        if (const int y = state.find_shipyard(uid); y >= 0) owner = state.shipyards()[y].owner;
      }
      if (owner != line.player)
        throw JsonError(line.where + ": unit \"" + id + "\" is not a ship or shipyard of player " +
                        std::to_string(line.player) + " at step " + std::to_string(line.step) +
                        " (is the trace from another game?)");
    }
  }
}

}  // namespace halite::tools::view
