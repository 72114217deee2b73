// The fleet policy's maps: danger, pressure, control and the box map.
#include "halite/search/policy/fleet.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "fleet_internal.h"

namespace halite::search {

using namespace fleet_internal;

// danger2_ of the enemy ships (into enemy_danger2_), enemy_on_, within_ and
// pressure_ from enemies_ (compute_maps() has set the geometry).
void FleetPolicy::compute_enemy_maps() {
  const int cells = geo_.cells();
  const int n = geo_.size();
  std::fill(enemy_danger2_.begin(), enemy_danger2_.begin() + cells, kInf);
  std::fill(enemy_on_.begin(), enemy_on_.begin() + cells, uint8_t{0});
  within_.resize(static_cast<size_t>(cells) * within_stride_);
  std::fill(within_.begin(), within_.end(), kInf);
  std::array<int, kMaxBoardSize> col_dist;
  for (const EnemyShip& e : enemies_) {
    const int cell = e.cell;
    const double cargo = e.cargo;
    enemy_on_[cell] = 1;
    lower_within(enemy_danger2_, cell, 2, cargo);
    // Row by row: the distance is the rows' distance plus the columns'.
    const int ship_row = cell / n, ship_col = cell % n;
    for (int col = 0; col < n; ++col) col_dist[col] = geo_.dist(col, ship_col);
    for (int row = 0; row < n; ++row) {
      double* first = &within_[static_cast<size_t>(row * n) * within_stride_ + geo_.dist(row * n, ship_row * n)];
      for (int col = 0; col < n; ++col) {
        double& w2 = first[static_cast<size_t>(col) * within_stride_ + col_dist[col]];
        w2 = std::min(w2, cargo);
      }
    }
  }
  for (int c = 0; c < cells; ++c) {
    double* row = &within_[static_cast<size_t>(c) * within_stride_];
    for (int d = 1; d < within_stride_; ++d) row[d] = std::min(row[d], row[d - 1]);
  }
  // Pressure: per cell, the enemy ships within pressure_radius with their
  // cargo and a weight falling linearly with distance (CSR layout).
  const int pr = p_.pressure_radius;
  pressure_begin_.assign(static_cast<size_t>(cells) + 1, 0);
  for (const EnemyShip& e : enemies_)
    for (int dr = -pr; dr <= pr; ++dr)
      for (int dc = -(pr - std::abs(dr)); dc <= pr - std::abs(dr); ++dc) ++pressure_begin_[offset(e.cell, dr, dc) + 1];
  for (int c = 0; c < cells; ++c) pressure_begin_[c + 1] += pressure_begin_[c];
  pressure_.resize(static_cast<size_t>(pressure_begin_[cells]));
  pressure_fill_.assign(pressure_begin_.begin(), pressure_begin_.end() - 1);
  for (const auto& [cell, cargo, weight] : enemies_)
    for (int dr = -pr; dr <= pr; ++dr)
      for (int dc = -(pr - std::abs(dr)); dc <= pr - std::abs(dr); ++dc) {
        const int c = offset(cell, dr, dc);
        const double w = weight * static_cast<double>(pr + 1 - std::abs(dr) - std::abs(dc)) / (pr + 1);
        pressure_[static_cast<size_t>(pressure_fill_[c]++)] = {cargo, w};
      }
}

void FleetPolicy::compute_maps(const State& s, int me) {
  geo_.init(s.size());
  const int cells = geo_.cells();
  const int n = s.size();
  danger_.compute(s, me, geo_);
  // With predicted enemy orders: who ends where this turn.
  predicting_ = !predicted_.empty() && predicted_.size() == s.ships().size();
  if (predicting_) {
    std::fill(exact_danger_.begin(), exact_danger_.begin() + cells, kInf);
    std::fill(prey_.begin(), prey_.begin() + cells, 0.0);
    const auto ships = s.ships();
    for (size_t i = 0; i < ships.size(); ++i) {
      const Ship& sh = ships[i];
      if (sh.owner == me) continue;
      const int end = predicted_[i];
      if (end == kConverts) continue;
      if (end >= 0) {
        exact_danger_[end] = std::min(exact_danger_[end], sh.cargo);
        prey_[end] += sh.cargo;
        continue;
      }
      for (int m = 0; m < kNumMoves; ++m) {
        const int c = geo_.neighbor(sh.cell, m);
        exact_danger_[c] = std::min(exact_danger_[c], sh.cargo);
        prey_[c] = -kInf;  // an unknown ship may be there: no sure catch
      }
    }
    for (const Shipyard& y : s.shipyards())
      if (y.owner != me) exact_danger_[y.cell] = -1;
    for (size_t i = 0; i < ships.size(); ++i)
      if (ships[i].owner != me && predicted_[i] == kConverts) exact_danger_[ships[i].cell] = -1;
  }

  std::fill(control_.begin(), control_.begin() + cells, 0.0);
  std::fill(own_reach_min_.begin(), own_reach_min_.begin() + cells, kInf);
  // No two cells are farther apart than 2 (n / 2): the distances of within_.
  within_stride_ = 2 * (n / 2) + 1;
  if (wrap_size_ != n) {
    wrap_size_ = n;
    for (int x = -kWrapMargin; x < n + kWrapMargin; ++x)
      wrap_[static_cast<size_t>(x + kWrapMargin)] = static_cast<int16_t>((x % n + n) % n);
  }
  // The control map: each unit's weight spread by the Gaussian (a kernel
  // wider than the board wraps onto itself, as a periodic filter does).
  const int kr = kernel_radius_, kw = 2 * kr + 1;
  auto spread = [&](int cell, double weight) {
    if (weight == 0) return;
    // kr <= kMaxBoardSize / 2: every offset is within wrap_'s margin.
    const int16_t* row = &wrap_[static_cast<size_t>(cell / n + kWrapMargin)];
    const int16_t* col = &wrap_[static_cast<size_t>(cell % n + kWrapMargin)];
    for (int dr = -kr; dr <= kr; ++dr) {
      double* line = &control_[static_cast<size_t>(row[dr] * n)];
      const double* k = &kernel_[static_cast<size_t>(dr + kr) * kw + kr];
      for (int dc = -kr; dc <= kr; ++dc) line[col[dc]] += weight * k[dc];
    }
  };
  enemies_.clear();
  for (const Ship& sh : s.ships()) {
    const bool mine = sh.owner == me;
    spread(sh.cell, std::clamp(1 - sh.cargo / p_.loaded_cargo, 0.0, 1.0) * (mine ? 1 : -1));
    if (!mine) {
      enemies_.push_back({sh.cell, sh.cargo, threat_[sh.owner]});
      continue;
    }
    for (int m = 0; m < kNumMoves; ++m) {
      double& r = own_reach_min_[geo_.neighbor(sh.cell, m)];
      r = std::min(r, sh.cargo);
    }
  }
  // The maps of the enemy ships alone are kept while the enemy ships are the
  // same (a search asks about many states that differ in its own ships only).
  const int pr = p_.pressure_radius;
  if (n != enemy_maps_size_ || pr != enemy_maps_radius_ || enemies_ != enemy_maps_ships_) {
    enemy_maps_size_ = n;
    enemy_maps_radius_ = pr;
    enemy_maps_ships_ = enemies_;
    compute_enemy_maps();
    ++enemy_maps_generation_;
  }
  if (predicting_ && p_.predicted_escapes) {
    // A predicted ship threatens next turn the cells one move from where it
    // ends; a converting one, as a yard, its own cell; an unknown one, as in
    // enemy_danger2_, the cells two moves from where it is.
    std::fill(danger2_.begin(), danger2_.begin() + cells, kInf);
    const auto ships = s.ships();
    for (size_t i = 0; i < ships.size(); ++i) {
      const Ship& sh = ships[i];
      if (sh.owner == me) continue;
      const int end = predicted_[i];
      if (end == kConverts)
        danger2_[sh.cell] = -1;
      else if (end >= 0)
        lower_within(danger2_, end, 1, sh.cargo);
      else
        lower_within(danger2_, sh.cell, 2, sh.cargo);
    }
  } else {
    std::copy(enemy_danger2_.begin(), enemy_danger2_.begin() + cells, danger2_.begin());
  }
  // Enemy yards: death on the cell; a yard whose owner can pay a spawn puts
  // an empty ship on its neighbours next turn.
  const double spawn_cost = static_cast<double>(s.config().spawn_cost);
  std::fill(yard_cell_.begin(), yard_cell_.begin() + cells, uint8_t{0});
  for (const Shipyard& y : s.shipyards()) {
    const bool mine = y.owner == me;
    yard_cell_[y.cell] = static_cast<uint8_t>(mine ? 1 : 2);
    spread(y.cell, mine ? p_.own_yard_weight : -p_.enemy_yard_weight);
    if (mine) continue;
    danger2_[y.cell] = -1;
    if (s.player(y.owner).bank >= spawn_cost)
      for (int m = 1; m < kNumMoves; ++m) {
        double& d2 = danger2_[geo_.neighbor(y.cell, m)];
        d2 = std::min(d2, 0.0);
      }
  }
  board_halite_ = 0;
  for (int c = 0; c < cells; ++c) board_halite_ += s.halite(c);
}

void FleetPolicy::compute_box_map(const State& s, int me) {
  const int cells = geo_.cells();
  if (p_.box_penalty <= 0) {
    std::fill(box_cargo_.begin(), box_cargo_.begin() + cells, kInf);
    box_map_generation_ = 0;
    return;
  }
  // The map follows the enemy ships and our yards (this turn's sites
  // included) only: kept while they stay the same, as they do over most of
  // the states a search asks about.
  box_yards_.clear();
  for (const Shipyard& y : s.shipyards())
    if (y.owner == me) box_yards_.push_back(y.cell);
  box_yards_.insert(box_yards_.end(), sites_.begin(), sites_.end());
  if (box_map_generation_ == enemy_maps_generation_ && box_map_params_ == params_generation_ &&
      box_yards_ == box_map_yards_)
    return;
  box_map_generation_ = enemy_maps_generation_;
  box_map_params_ = params_generation_;
  box_map_yards_ = box_yards_;
  std::fill(box_cargo_.begin(), box_cargo_.begin() + cells, kInf);
  const int radius = p_.box_radius;
  const int n = geo_.size();
  if (box_offsets_radius_ != radius || box_offsets_size_ != n) {
    box_offsets_radius_ = radius;
    box_offsets_size_ = n;
    box_offsets_.clear();
    auto on_torus = [n](int d) { return d >= -(n - 1) / 2 && d <= n / 2; };
    for (int dr = -radius; dr <= radius; ++dr)
      for (int dc = -(radius - std::abs(dr)); dc <= radius - std::abs(dr); ++dc) {
        if ((dr == 0 && dc == 0) || !on_torus(dr) || !on_torus(dc)) continue;
        box_offsets_.push_back({static_cast<int8_t>(dr), static_cast<int8_t>(dc),
                                static_cast<int8_t>(std::abs(dr) + std::abs(dc)),
                                static_cast<uint8_t>(box_cones(dr, dc))});
      }
  }
  // A unit at offset (dr, dc) from cell c lies on c - offset's side: each
  // unit marks the cells it stands round.
  box_escape_.assign(static_cast<size_t>(cells) * 4, radius + 1);
  auto mark_yard = [&](int yard) {
    for (const BoxOffset& o : box_offsets_) {
      int* escape = &box_escape_[static_cast<size_t>(offset(yard, -o.dr, -o.dc)) * 4];
      for (int k = 0; k < 4; ++k)
        if (o.cones >> k & 1) escape[k] = std::min<int>(escape[k], o.dist);
    }
  };
  for (int yard : box_yards_) mark_yard(yard);
  box_cover_.assign(static_cast<size_t>(cells) * 4, kInf);
  for (const EnemyShip& e : enemies_)
    for (const BoxOffset& o : box_offsets_) {
      const size_t at = static_cast<size_t>(offset(e.cell, -o.dr, -o.dc)) * 4;
      for (int k = 0; k < 4; ++k)
        if ((o.cones >> k & 1) && o.dist < box_escape_[at + k])
          box_cover_[at + k] = std::min(box_cover_[at + k], e.cargo);
    }
  for (int c = 0; c < cells; ++c) {
    const double* cover = &box_cover_[static_cast<size_t>(c) * 4];
    if (yard_cell_[c] != 1) box_cargo_[c] = std::max(std::max(cover[0], cover[1]), std::max(cover[2], cover[3]));
  }
}

}  // namespace halite::search
