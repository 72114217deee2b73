#include "stateless.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace halite::bot {

namespace {

// A plain miner's thresholds (the built-in `miner` planner's defaults).
constexpr double kReturnCargo = 300;   // head home with this much aboard
constexpr double kMineThreshold = 50;  // keep mining a cell holding at least this
constexpr int kMaxShips = 12;          // spawn up to this many ships
constexpr int kSpawnStopSteps = 100;   // ... and not in the last this many steps

struct Unit {
  std::string id;
  int cell;
  double cargo;
};

double number_or(const Json& v, double fallback) {
  return v.is_number() ? v.get<double>() : fallback;
}

// The board as the fallback walks it, with no engine state: n x n cells on a
// torus, moves numbered 1 NORTH, 2 SOUTH, 3 EAST, 4 WEST (0: stay).
struct Torus {
  int n;
  int dist(int a, int b) const {
    const int dr = std::abs(a / n - b / n), dc = std::abs(a % n - b % n);
    return std::min(dr, n - dr) + std::min(dc, n - dc);
  }
  int neighbor(int c, int k) const {
    const int r = c / n, col = c % n;
    switch (k) {
      case 1:
        return ((r + n - 1) % n) * n + col;  // NORTH
      case 2:
        return ((r + 1) % n) * n + col;  // SOUTH
      case 3:
        return r * n + (col + 1) % n;  // EAST
      case 4:
        return r * n + (col + n - 1) % n;  // WEST
      default:
        return c;
    }
  }
};

}  // namespace

std::string stateless_fallback(const Json& obs, const Config& config) {
  try {
    const Json& halite = obs.at("halite");
    const Json& players = obs.at("players");
    const int64_t me = obs.at("player").get<int64_t>();
    if (!halite.is_array() || !players.is_array() || me < 0 || me >= static_cast<int64_t>(players.size())) return "{}";
    // The board's side from the halite list itself when the configuration
    // does not describe it.
    int n = config.size;
    if (halite.size() != static_cast<size_t>(n) * static_cast<size_t>(n)) {
      n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(halite.size()))));
      if (n < 1 || static_cast<size_t>(n) * static_cast<size_t>(n) != halite.size()) return "{}";
    }
    const int cells = n * n;
    auto cell_halite = [&](int c) { return number_or(halite[static_cast<size_t>(c)], 0); };
    const Torus board{n};
    static constexpr const char* kMoveWords[] = {"", "NORTH", "SOUTH", "EAST", "WEST"};

    const Json& mine = players[static_cast<size_t>(me)];
    if (!mine.is_array() || mine.size() != 3 || !mine[1].is_object() || !mine[2].is_object()) return "{}";
    double bank = number_or(mine[0], 0);
    std::vector<Unit> yards, ships;
    for (const auto& item : mine[1].items()) {
      const double c = number_or(item.value(), -1);
      if (c >= 0 && c < cells) yards.push_back({item.key(), static_cast<int>(c), 0});
    }
    for (const auto& item : mine[2].items()) {
      const Json& v = item.value();
      if (!v.is_array() || v.size() != 2) continue;
      const double c = number_or(v[0], -1);
      if (c >= 0 && c < cells) ships.push_back({item.key(), static_cast<int>(c), std::max(0.0, number_or(v[1], 0))});
    }
    // Clamped before the cast: the fuzzer sent a step of 6.7e84 (a cast out
    // of int's range is undefined behaviour).
    const int step = static_cast<int>(std::clamp(number_or(obs.contains("step") ? obs["step"] : Json(), 0), 0.0,
                                                 static_cast<double>(config.episode_steps)));

    Json answer = Json::object();
    std::vector<uint8_t> claimed(static_cast<size_t>(cells), 0);
    std::vector<bool> done(ships.size(), false);
    // No yard: the richest ship converts, if it can pay.
    if (yards.empty() && !ships.empty()) {
      size_t best = 0;
      for (size_t i = 1; i < ships.size(); ++i)
        if (ships[i].cargo > ships[best].cargo) best = i;
      if (ships[best].cargo + bank >= static_cast<double>(config.convert_cost)) {
        answer[ships[best].id] = "CONVERT";
        bank -= std::max(0.0, static_cast<double>(config.convert_cost) - ships[best].cargo);
        yards.push_back({"", ships[best].cell, 0});
        done[best] = true;
      }
    }
    auto home_of = [&](int cell) {
      int home = -1;
      for (const Unit& y : yards)
        if (home < 0 || board.dist(cell, y.cell) < board.dist(cell, home)) home = y.cell;
      return home;
    };
    // Ships that stay to mine claim their cells first.
    for (size_t i = 0; i < ships.size(); ++i) {
      if (done[i]) continue;
      const bool full = ships[i].cargo >= kReturnCargo;
      if (!full && cell_halite(ships[i].cell) >= kMineThreshold && !claimed[ships[i].cell]) {
        claimed[ships[i].cell] = 1;
        done[i] = true;
      }
    }
    for (size_t i = 0; i < ships.size(); ++i) {
      if (done[i]) continue;
      const Unit& s = ships[i];
      const int home = home_of(s.cell);
      const int left = config.episode_steps - 1 - step;
      const bool returning =
          home >= 0 && s.cargo > 0 && (s.cargo >= kReturnCargo || left <= board.dist(s.cell, home) + 2);
      // The target: home, or the richest cell among this one and its neighbours.
      int target = s.cell;
      if (returning) {
        target = home;
      } else {
        for (int k = 1; k <= 4; ++k)
          if (cell_halite(board.neighbor(s.cell, k)) > cell_halite(target)) target = board.neighbor(s.cell, k);
      }
      int choice = -1;
      for (int k = 1; k <= 4 && choice < 0; ++k) {
        const int to = board.neighbor(s.cell, k);
        if (!claimed[to] && board.dist(to, target) < board.dist(s.cell, target)) choice = k;
      }
      if (choice < 0 && !claimed[s.cell]) choice = 0;
      for (int k = 1; k <= 4 && choice < 0; ++k)
        if (!claimed[board.neighbor(s.cell, k)]) choice = k;
      if (choice < 0) choice = 0;  // boxed in by own ships: nothing better exists
      claimed[board.neighbor(s.cell, choice)] = 1;
      if (choice > 0) answer[s.id] = kMoveWords[choice];
    }
    int fleet = static_cast<int>(ships.size());
    for (const Unit& y : yards) {
      if (y.id.empty() || claimed[y.cell]) continue;
      if (fleet >= kMaxShips || step >= config.episode_steps - kSpawnStopSteps) break;
      if (bank < static_cast<double>(config.spawn_cost)) break;
      answer[y.id] = "SPAWN";
      bank -= static_cast<double>(config.spawn_cost);
      ++fleet;
    }
    return answer.dump();
  } catch (const std::exception&) {
    return "{}";
  }
}

}  // namespace halite::bot
