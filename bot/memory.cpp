#include "memory.h"

#include <algorithm>
#include <cstdio>

namespace halite::bot {

void GameMemory::reset(int num_players, int me) {
  me_ = me;
  stats_.assign(static_cast<size_t>(num_players), PlayerStats{});
  previous_.reset();
  plan_.clear();
  plan_step_ = -1;
  plan_planner_.clear();
  gaps_ = 0;
}

void GameMemory::observe(const State& s) {
  if (static_cast<int>(stats_.size()) != s.num_players()) reset(s.num_players(), me_);
  // Cells next to (or under) one of our ships.
  std::vector<uint8_t> near_us(static_cast<size_t>(s.cell_count()), 0);
  for (const Ship& sh : s.ships()) {
    if (sh.owner != me_) continue;
    near_us[sh.cell] = 1;
    for (Action m : {Action::North, Action::South, Action::East, Action::West}) near_us[s.neighbor(sh.cell, m)] = 1;
  }
  std::vector<int> ships(stats_.size(), 0);
  for (const Ship& sh : s.ships()) {
    PlayerStats& st = stats_[sh.owner];
    ++ships[sh.owner];
    ++st.ship_turns;
    if (sh.owner != me_ && near_us[sh.cell]) ++st.adjacent_ship_turns;
  }
  for (size_t p = 0; p < stats_.size(); ++p) {
    ++stats_[p].turns_seen;
    stats_[p].max_ships = std::max(stats_[p].max_ships, ships[p]);
    stats_[p].last_bank = s.player(static_cast<int>(p)).bank;
  }

  const bool consecutive = previous_ && previous_->step() + 1 == s.step() && previous_->size() == s.size();
  if (previous_ && !consecutive) ++gaps_;
  if (consecutive) {
    const State& prev = *previous_;
    for (const Ship& sh : prev.ships()) {
      if (s.find_ship(sh.id) >= 0) continue;
      // A conversion leaves a new shipyard of the same owner on the ship's cell.
      bool converted = false;
      for (const Shipyard& y : s.shipyards())
        converted |= y.owner == sh.owner && y.cell == sh.cell && prev.find_shipyard(y.id) < 0;
      ++(converted ? stats_[sh.owner].ships_converted : stats_[sh.owner].ships_lost);
    }
    for (const Ship& sh : s.ships())
      if (prev.find_ship(sh.id) < 0) ++stats_[sh.owner].ships_spawned;
    for (const Shipyard& y : prev.shipyards())
      if (s.find_shipyard(y.id) < 0) ++stats_[y.owner].shipyards_lost;
  }
  previous_ = s;
}

void GameMemory::record_plan(int step, const State::Orders& orders, const std::string& planner) {
  plan_ = orders;
  plan_step_ = step;
  plan_planner_ = planner;
}

std::string GameMemory::summary() const {
  std::string out;
  char line[256];
  for (size_t p = 0; p < stats_.size(); ++p) {
    const PlayerStats& st = stats_[p];
    std::snprintf(line, sizeof line,
                  "  player %zu%s: bank %.0f, spawned %d, converted %d, lost %d ships, %d shipyards; max %d ships;"
                  " next to ours %.1f%%\n",
                  p, static_cast<int>(p) == me_ ? " (us)" : "", st.last_bank, st.ships_spawned, st.ships_converted,
                  st.ships_lost, st.shipyards_lost, st.max_ships, 100 * st.adjacency_rate());
    out += line;
  }
  return out;
}

}  // namespace halite::bot
