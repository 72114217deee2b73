#include "halite/search/game_memory.h"

#include <algorithm>
#include <cstdio>

#include "halite/search/geometry.h"

namespace halite::search {

namespace {

double rate_with_prior(int64_t hits, int64_t chances) {
  return (static_cast<double>(hits) + 0.5 * GameMemory::kPriorWeight) /
         (static_cast<double>(chances) + GameMemory::kPriorWeight);
}

}  // namespace

double PlayerMemory::approach_rate() const {
  return rate_with_prior(approaches, approach_chances);
}
double PlayerMemory::guard_rate() const {
  return rate_with_prior(yard_guarded_turns, yard_threat_turns);
}
double PlayerMemory::sink_rate(double prior_rate, double prior_turns) const {
  const double turns = static_cast<double>(exposed_turns) + prior_turns;
  return turns > 0 ? (loaded_sunk + prior_rate * prior_turns) / turns : prior_rate;
}
double PlayerMemory::mined_cell_ratio() const {
  return (mined_cell_ratio_sum + GameMemory::kPriorWeight) /
         (static_cast<double>(mining_turns) + GameMemory::kPriorWeight);
}

GameMemory::GameMemory() = default;
GameMemory::~GameMemory() = default;
GameMemory::GameMemory(const GameMemory& other)
    : me_(other.me_),
      players_(other.players_),
      previous_(other.previous_ ? std::make_unique<State>(*other.previous_) : nullptr),
      gaps_(other.gaps_) {}
GameMemory& GameMemory::operator=(const GameMemory& other) {
  if (this != &other) {
    me_ = other.me_;
    players_ = other.players_;
    previous_ = other.previous_ ? std::make_unique<State>(*other.previous_) : nullptr;
    gaps_ = other.gaps_;
  }
  return *this;
}

void GameMemory::reset(int num_players, int me) {
  me_ = me;
  players_.assign(static_cast<size_t>(num_players), PlayerMemory{});
  previous_.reset();
  gaps_ = 0;
}

void GameMemory::observe(const State& s) {
  if (num_players() != s.num_players()) reset(s.num_players(), me_);
  std::vector<int> ships(players_.size(), 0);
  for (const Ship& sh : s.ships()) ++ships[sh.owner];
  for (size_t p = 0; p < players_.size(); ++p) {
    ++players_[p].turns_seen;
    players_[p].max_ships = std::max(players_[p].max_ships, ships[p]);
  }
  const bool consecutive = previous_ && previous_->step() + 1 == s.step() && previous_->size() == s.size() &&
                           previous_->num_players() == s.num_players();
  if (previous_ && !consecutive) ++gaps_;
  if (consecutive) compare(*previous_, s);
  if (!previous_) previous_ = std::make_unique<State>();
  *previous_ = s;
}

void GameMemory::compare(const State& prev, const State& cur) {
  Geometry geo;
  geo.init(cur.size());

  // Economy: who spawned, converted, lost what.
  for (const Ship& sh : prev.ships()) {
    if (cur.find_ship(sh.id) >= 0) continue;
    // A conversion leaves a new shipyard of the same owner on the ship's cell.
    bool converted = false;
    for (const Shipyard& y : cur.shipyards())
      converted |= y.owner == sh.owner && y.cell == sh.cell && prev.find_shipyard(y.id) < 0;
    PlayerMemory& m = players_[sh.owner];
    if (converted) {
      ++m.ships_converted;
      m.converted_cargo += sh.cargo;
      continue;
    }
    ++m.ships_lost;
    if (sh.owner != me_) continue;
    // Whoever stands where it could have been hit: a ship on the cell it
    // moved to (one of five), or a yard it ran into.
    bool near[kMaxPlayers] = {};
    for (const Ship& o : cur.ships())
      if (o.owner != me_ && geo.dist(o.cell, sh.cell) <= 1) near[o.owner] = true;
    for (const Shipyard& y : cur.shipyards())
      if (y.owner != me_ && geo.dist(y.cell, sh.cell) <= 1) near[y.owner] = true;
    for (size_t q = 0; q < players_.size(); ++q) {
      players_[q].ships_sunk += near[q];
      players_[q].loaded_sunk += near[q] && sh.cargo > 0;
    }
  }
  for (const Ship& sh : cur.ships())
    if (prev.find_ship(sh.id) < 0) ++players_[sh.owner].ships_spawned;
  for (const Shipyard& y : prev.shipyards())
    if (cur.find_shipyard(y.id) < 0) ++players_[y.owner].shipyards_lost;

  // Aggression: an opponent's empty ship within kApproachRadius of one of our
  // loaded ships, and whether it then stood closer to the nearest of them
  // (measured to where those ships were, since ours moved too).
  std::vector<int> loaded;
  for (const Ship& sh : prev.ships())
    if (sh.owner == me_ && sh.cargo > 0) loaded.push_back(sh.cell);
  if (!loaded.empty()) {
    for (const Ship& sh : prev.ships()) {
      if (sh.owner == me_ || sh.cargo > 0) continue;
      const int now = cur.find_ship(sh.id);
      if (now < 0) continue;  // gone: collided or converted; not a move we can read
      int nearest = -1, best = kApproachRadius + 1;
      for (int cell : loaded)
        if (const int d = geo.dist(sh.cell, cell); d < best) best = d, nearest = cell;
      if (nearest < 0 || best == 0) continue;
      PlayerMemory& m = players_[sh.owner];
      ++m.approach_chances;
      m.approaches += geo.dist(cur.ships()[now].cell, nearest) < best;
    }
  }

  // Threat: our loaded ships off our yards with a lighter ship of an
  // opponent next to them, once per (ship, opponent).
  for (const Ship& sh : prev.ships()) {
    if (sh.owner != me_ || sh.cargo <= 0) continue;
    bool on_own_yard = false;
    for (const Shipyard& y : prev.shipyards()) on_own_yard |= y.owner == me_ && y.cell == sh.cell;
    if (on_own_yard) continue;
    bool exposed[kMaxPlayers] = {};
    for (const Ship& e : prev.ships())
      if (e.owner != me_ && e.cargo < sh.cargo && geo.dist(e.cell, sh.cell) <= 1) exposed[e.owner] = true;
    for (size_t q = 0; q < players_.size(); ++q) players_[q].exposed_turns += exposed[q];
  }

  // Mining selectivity: a ship that stayed where it was and gained cargo
  // mined the cell it stands on (a deposit empties the cargo instead).
  double board_total = 0;
  int board_cells = 0;
  for (int c = 0; c < prev.cell_count(); ++c)
    if (prev.halite(c) > 0) board_total += prev.halite(c), ++board_cells;
  if (board_cells > 0) {
    const double board_mean = board_total / board_cells;
    for (const Ship& sh : prev.ships()) {
      const int now = cur.find_ship(sh.id);
      if (now < 0 || cur.ships()[now].cell != sh.cell || cur.ships()[now].cargo <= sh.cargo ||
          prev.halite(sh.cell) <= 0)
        continue;
      PlayerMemory& m = players_[sh.owner];
      ++m.mining_turns;
      m.mined_cell_ratio_sum += prev.halite(sh.cell) / board_mean;
    }
  }

  // Yard guarding: for each opponent yard with one of our ships close by in
  // the previous state, did the opponent have a ship on or next to it now?
  for (const Shipyard& y : prev.shipyards()) {
    if (y.owner == me_ || cur.find_shipyard(y.id) < 0) continue;
    bool threatened = false;
    for (const Ship& sh : prev.ships())
      threatened = threatened || (sh.owner == me_ && geo.dist(sh.cell, y.cell) <= kYardThreatRadius);
    if (!threatened) continue;
    bool guarded = false;
    for (const Ship& sh : cur.ships()) guarded = guarded || (sh.owner == y.owner && geo.dist(sh.cell, y.cell) <= 1);
    PlayerMemory& m = players_[y.owner];
    ++m.yard_threat_turns;
    m.yard_guarded_turns += guarded;
  }
}

std::string GameMemory::summary() const {
  std::string out;
  char line[400];
  for (size_t p = 0; p < players_.size(); ++p) {
    const PlayerMemory& m = players_[p];
    std::snprintf(line, sizeof line,
                  "  player %zu%s: spawned %d, converted %d (mean cargo %.0f), lost %d ships, %d shipyards; max %d "
                  "ships; sank %d of ours (%d loaded, of %lld exposed); approaches %.2f of %lld, guards %.2f of %lld; "
                  "mines cells at %.2f x the "
                  "mean over %lld turns\n",
                  p, static_cast<int>(p) == me_ ? " (us)" : "", m.ships_spawned, m.ships_converted,
                  m.mean_convert_cargo(), m.ships_lost, m.shipyards_lost, m.max_ships, m.ships_sunk, m.loaded_sunk,
                  static_cast<long long>(m.exposed_turns), m.approach_rate(),
                  static_cast<long long>(m.approach_chances), m.guard_rate(),
                  static_cast<long long>(m.yard_threat_turns), m.mined_cell_ratio(),
                  static_cast<long long>(m.mining_turns));
    out += line;
  }
  return out;
}

}  // namespace halite::search
