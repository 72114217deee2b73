#include "halite/search/policy/fleet.h"

#include <algorithm>
#include <bit>
#include <cmath>


namespace halite::search {

namespace {

// Column keys of the role assignment: a mining cell is its own key; the
// others are offset past every cell.
constexpr int kHuntKey = kMaxCells;                      // + enemy ship * 4 + side
constexpr int kGuardKey = kHuntKey + kMaxShips * 4;      // + own yard
constexpr int kRamKey = kGuardKey + kMaxShipyards;       // + enemy yard
constexpr int kBuildKey = kRamKey + kMaxShipyards;       // the planned site
constexpr int kEscortKey = kBuildKey + 1;                // + own ship
constexpr int kPostKey = kEscortKey + kMaxShips;       // + cell on the farm's edge
constexpr int kKeyCount = kPostKey + kMaxCells;
// A pair the assignment must not choose (the ship has no such candidate).
constexpr double kAbsent = 1e9;
// The builder's value for its site and a recalled ship's for home: above any
// value the scores can give, so that these roles are never traded away.
constexpr double kForcedValue = 1e6;
// The pressure penalty grows with the cargo at stake: at this cargo it is
// twice what it is for a nearly empty ship.
constexpr double kPressureCargoScale = 100;
// No cell needs more than this fraction of maxCellHalite to be worth mining:
// the threshold scales with the board's mean, which early in a rich game can
// approach the cap itself.
constexpr double kMaxHarvestFraction = 0.9;
// The Gaussian of the control map is cut at this many widths (as
// scipy.ndimage cuts its filters).
constexpr double kKernelWidths = 4;
// A bound on a mining trip's value is raised by this factor: far more than
// the few roundings between it and the value computed (a larger factor only
// makes the pruning a little less eager).
constexpr double kBoundMargin = 1 + 1e-9;
// score_ship() visits the cells within this distance of a ship first.
constexpr int kNearRadius = 5;
// A trip's rate has clearly fallen from one t to the next below this factor.
constexpr double kFallMargin = 1 - 1e-9;

// The directions a unit at offset (dr, dc) from a ship lies in (bits 0-3:
// rows before, rows after, columns before, columns after), each a cone no
// wider to the side than it reaches ahead (a diagonal offset lies in two).
int box_cones(int dr, int dc) {
  return (dr < 0 && std::abs(dc) <= -dr ? 1 : 0) | (dr > 0 && std::abs(dc) <= dr ? 2 : 0) |
         (dc < 0 && std::abs(dr) <= -dc ? 4 : 0) | (dc > 0 && std::abs(dr) <= dc ? 8 : 0);
}

// The move that leaves a cell into direction k's cone (box_cones' bit order).
constexpr std::array<int, 4> kConeMove = {1, 2, 4, 3};
// A surround's assignment: a filled place outweighs any distance saved (no
// two ships are this far apart), and the place on the target weighs half a
// direction's.
constexpr double kSurroundFill = 1000;
constexpr double kSurroundCenterWeight = 0.5;
constexpr int kSurroundCenter = 4;

}  // namespace

FleetPolicy::FleetPolicy(const FleetParams& params) { set_params(params); }

void FleetPolicy::set_params(const FleetParams& params) {
  const bool same_kernel = !kernel_.empty() && params.control_sigma == p_.control_sigma &&
                           params.control_scale == p_.control_scale;
  p_ = params;
  ++params_generation_;
  if (same_kernel) return;
  kernel_radius_ = std::min(kMaxBoardSize / 2, static_cast<int>(kKernelWidths * p_.control_sigma + 0.5));
  const int w = 2 * kernel_radius_ + 1;
  kernel_.assign(static_cast<size_t>(w) * w, 0);
  double total = 0;
  for (int dr = -kernel_radius_; dr <= kernel_radius_; ++dr)
    for (int dc = -kernel_radius_; dc <= kernel_radius_; ++dc) {
      const double v = std::exp(-(dr * dr + dc * dc) / (2 * p_.control_sigma * p_.control_sigma));
      kernel_[static_cast<size_t>(dr + kernel_radius_) * w + dc + kernel_radius_] = v;
      total += v;
    }
  for (double& v : kernel_) v *= p_.control_scale / total;
}

// ------------------------------------------------------------------ maps ----

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
  for (const auto& [cell, cargo] : enemies_) {
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
  for (const auto& [cell, cargo] : enemies_)
    for (int dr = -pr; dr <= pr; ++dr)
      for (int dc = -(pr - std::abs(dr)); dc <= pr - std::abs(dr); ++dc) ++pressure_begin_[offset(cell, dr, dc) + 1];
  for (int c = 0; c < cells; ++c) pressure_begin_[c + 1] += pressure_begin_[c];
  pressure_.resize(static_cast<size_t>(pressure_begin_[cells]));
  pressure_fill_.assign(pressure_begin_.begin(), pressure_begin_.end() - 1);
  for (const auto& [cell, cargo] : enemies_)
    for (int dr = -pr; dr <= pr; ++dr)
      for (int dc = -(pr - std::abs(dr)); dc <= pr - std::abs(dr); ++dc) {
        const int c = offset(cell, dr, dc);
        const double w = static_cast<double>(pr + 1 - std::abs(dr) - std::abs(dc)) / (pr + 1);
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
    for (int x = -kWrapMargin; x < n + kWrapMargin; ++x) wrap_[static_cast<size_t>(x + kWrapMargin)] = static_cast<int16_t>((x % n + n) % n);
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
      enemies_.push_back({sh.cell, sh.cargo});
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
      if (end == kConverts) danger2_[sh.cell] = -1;
      else if (end >= 0) lower_within(danger2_, end, 1, sh.cargo);
      else lower_within(danger2_, sh.cell, 2, sh.cargo);
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
                                static_cast<int8_t>(std::abs(dr) + std::abs(dc)), static_cast<uint8_t>(box_cones(dr, dc))});
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
  for (const auto& [cell, cargo] : enemies_)
    for (const BoxOffset& o : box_offsets_) {
      const size_t at = static_cast<size_t>(offset(cell, -o.dr, -o.dc)) * 4;
      for (int k = 0; k < 4; ++k)
        if ((o.cones >> k & 1) && o.dist < box_escape_[at + k]) box_cover_[at + k] = std::min(box_cover_[at + k], cargo);
    }
  for (int c = 0; c < cells; ++c) {
    const double* cover = &box_cover_[static_cast<size_t>(c) * 4];
    if (yard_cell_[c] != 1) box_cargo_[c] = std::max(std::max(cover[0], cover[1]), std::max(cover[2], cover[3]));
  }
}

// --------------------------------------------------------------- economy ----

void FleetPolicy::plan_economy(const State& s, int me) {
  converts_.clear();
  spawn_yards_.clear();
  builder_ = -1;
  const Config& cfg = s.config();
  const double convert_cost = static_cast<double>(cfg.convert_cost);
  const double spawn_cost = static_cast<double>(cfg.spawn_cost);
  const int left = steps_left(s);
  const auto ships = s.ships();
  double bank = s.player(me).bank;
  my_ships_ = my_yards_ = max_enemy_ships_ = 0;
  int per_player[kMaxPlayers] = {};
  for (const Ship& sh : ships) ++per_player[sh.owner];
  for (int q = 0; q < s.num_players(); ++q)
    if (q != me && s.player(q).status == Status::Active) max_enemy_ships_ = std::max(max_enemy_ships_, per_player[q]);
  my_ships_ = per_player[me];
  for (const Shipyard& y : s.shipyards()) my_yards_ += y.owner == me;

  if (my_yards_ == 0 && my_ships_ > 0) {
    // No base: the ship carrying the most converts, unless that would leave
    // a lone ship's owner unable to spawn again.
    int best = -1;
    for (int i = 0; i < static_cast<int>(ships.size()); ++i) {
      const Ship& sh = ships[i];
      if (sh.owner != me || yard_cell_[sh.cell] || sh.cargo + bank < convert_cost) continue;
      if (my_ships_ == 1 && sh.cargo + bank < convert_cost + spawn_cost && left > 1) continue;
      if (best < 0 || sh.cargo > ships[best].cargo) best = i;
    }
    if (best >= 0) {
      converts_.push_back(best);
      bank += std::min(ships[best].cargo - convert_cost, 0.0);
    }
    site_ = -1;
  } else {
    choose_site(s, me);
    if (site_ >= 0) {
      // The builder: the own ship nearest the site (ties: the one carrying more).
      int best_d = 1 << 20;
      for (int i = 0; i < static_cast<int>(ships.size()); ++i) {
        const Ship& sh = ships[i];
        if (sh.owner != me) continue;
        const int d = geo_.dist(sh.cell, site_);
        if (d < best_d || (d == best_d && sh.cargo > ships[builder_].cargo)) best_d = d, builder_ = i;
      }
      if (builder_ >= 0 && best_d == 0 && ships[builder_].cargo + bank >= convert_cost) {
        converts_.push_back(builder_);
        bank += std::min(ships[builder_].cargo - convert_cost, 0.0);
      }
    }
  }

  // Spawns for the economy: while a new ship is expected to repay itself
  // (the board's halite shared among all ships over the useful turns left),
  // unless the fleet already leads every rival by a margin. The yards held
  // weakest spawn first. The bank keeps a reserve for defensive spawns and
  // the conversion's cost while the builder travels.
  int ships_after = my_ships_ - static_cast<int>(converts_.size());
  double reserve = s.step() >= p_.defend_reserve_step ? p_.defend_reserve : 0;
  if (site_ >= 0 && converts_.empty() && builder_ >= 0)
    reserve += std::max(0.0, convert_cost - ships[builder_].cargo);
  std::vector<int>& order = spawn_cells_;  // reused as scratch: yard indices
  order.clear();
  for (int i = 0; i < static_cast<int>(s.shipyards().size()); ++i)
    if (s.shipyards()[i].owner == me) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return control_[s.shipyards()[a].cell] < control_[s.shipyards()[b].cell];
  });
  const int all_ships = static_cast<int>(ships.size());
  for (int i : order) {
    const bool needed = ships_after < p_.min_ships && left > 1;
    const double expected = board_halite_ * p_.spawn_value_scale * (left - p_.spawn_stop_steps) /
                            (all_ships + static_cast<int>(spawn_yards_.size()) + 1);
    const bool pays = left > p_.spawn_stop_steps && ships_after < p_.max_ships && expected > p_.spawn_min_value &&
                      ships_after < max_enemy_ships_ + p_.spawn_lead;
    if (!needed && !pays) break;
    if (bank - spawn_cost < (needed ? 0 : reserve)) break;
    bank -= spawn_cost;
    ++ships_after;
    spawn_yards_.push_back(i);
  }
  std::sort(spawn_yards_.begin(), spawn_yards_.end());
  bank_after_ = bank;
}

template <class Weigh>
double FleetPolicy::site_sum(const State& s, int c, Weigh weigh) const {
  const int rad = p_.site_radius;
  double score = 0;
  for (int dr = -rad; dr <= rad; ++dr)
    for (int dc = -(rad - std::abs(dr)); dc <= rad - std::abs(dr); ++dc) {
      if (dr == 0 && dc == 0) continue;
      const int d = std::abs(dr) + std::abs(dc);
      score += weigh(s.halite(offset(c, dr, dc)) * (rad + 1 - d));
    }
  return score;
}

double FleetPolicy::site_score(const State& s, int c) const {
  // The halite its ships would mine on their first trips, nearer counting
  // more, less where the enemy holds the region.
  const double radius_weight = p_.site_radius + 1;
  double score = site_sum(s, c, [&](double term) { return term / radius_weight; });
  if (control_[c] < 0) score *= std::exp(control_[c]);
  return score;
}

void FleetPolicy::choose_site(const State& s, int me) {
  int wanted = 1;
  if (my_ships_ >= p_.first_yard_ships) wanted = 2 + (my_ships_ - p_.first_yard_ships) / p_.ships_per_yard;
  wanted = std::min(wanted, p_.max_yards);
  if (my_yards_ >= wanted || steps_left(s) <= p_.yard_stop_steps) {
    site_ = -1;
    return;
  }
  const int cells = geo_.cells();
  auto valid = [&](int c) {
    if (yard_cell_[c]) return false;
    int own = 1 << 20, enemy = 1 << 20;
    for (const Shipyard& y : s.shipyards()) {
      const int d = geo_.dist(c, y.cell);
      if (y.owner == me) own = std::min(own, d);
      else enemy = std::min(enemy, d);
    }
    return own >= p_.min_yard_distance && own <= p_.max_yard_distance && enemy >= p_.enemy_yard_distance;
  };
  if (p_.remember && site_ >= 0 && site_ < cells && valid(site_)) return;
  double best = 0;
  site_ = -1;
  for (int c = 0; c < cells; ++c) {
    if (!valid(c) || site_score_bound(s, c) <= best) continue;
    const double score = site_score(s, c);
    if (score > best) best = score, site_ = c;
  }
}

double FleetPolicy::site_score_bound(const State& s, int c) const {
  // site_score() with a product by 1 / (radius + 1) for each division (no
  // more than a few roundings apart on nonnegative terms, which the margin
  // covers) and without the control factor (at most 1).
  const double per_weight = 1.0 / (p_.site_radius + 1);
  return site_sum(s, c, [&](double term) { return term * per_weight; }) * kBoundMargin;
}

// ----------------------------------------------------------------- roles ----

int FleetPolicy::column_of(int key, Role role, int cell, int target) {
  int& slot = key_column_[key];
  if (slot < 0) {
    slot = static_cast<int>(columns_.size());
    columns_.push_back({role, cell, target});
    used_keys_.push_back(key);
  }
  return slot;
}

int FleetPolicy::free_escapes(const State& s, int enemy) const {
  const Ship& e = s.ships()[enemy];
  int free = 0;
  for (int m = 0; m < kNumMoves; ++m) {
    const int o = geo_.neighbor(e.cell, m);
    free += !(own_reach_min_[o] < e.cargo || yard_cell_[o] == 1);
  }
  return free;
}

void FleetPolicy::fill_tables(const Config& cfg) {
  const int max_t = std::min(p_.max_mine_turns, kMaxTurns - 1);
  if (tables_filled_ && cfg.collect_rate == tables_collect_rate_ && cfg.regen_rate == tables_regen_rate_ &&
      p_.step_discount == tables_step_discount_ && max_t == tables_max_t_)
    return;
  tables_filled_ = true;
  tables_collect_rate_ = cfg.collect_rate;
  tables_regen_rate_ = cfg.regen_rate;
  tables_step_discount_ = p_.step_discount;
  tables_max_t_ = max_t;
  for (int t = 0; t < kMaxTurns; ++t) keep_[t] = 1 - std::pow(1 - cfg.collect_rate, t);
  for (int k = 0; k < kMaxDist + kMaxTurns; ++k) discount_[k] = std::pow(p_.step_discount, k);
  for (int k = 0; k < kMaxDist; ++k) growth_[k] = std::pow(1 + cfg.regen_rate, k);
  for (int k = 0; k < kMaxDist; ++k) mined_left_[k] = std::pow(1 - cfg.collect_rate, k);
  log_keep_ = std::log(1 - cfg.collect_rate);
  for (int d = 0; d < kTripBounds; ++d) {
    double most = 0;
    for (int t = 1; t <= max_t; ++t) most = std::max(most, keep_[t] / (d + t));
    mined_rate_bound_[d] = most;
    carried_rate_bound_[d] = 1.0 / (d + 1);
  }
}

void FleetPolicy::prepare_mining(const State& s) {
  const int cells = geo_.cells();
  const int n = geo_.size();
  if (ring_size_ != n) {
    // The board's cells as (row, column) offsets, by torus distance from
    // cell 0 (then by index): from any cell, the same offsets give every
    // cell nearest first.
    ring_size_ = n;
    std::vector<std::pair<int, int>> by_distance;  // (distance, cell)
    for (int c = 0; c < cells; ++c) by_distance.push_back({geo_.dist(0, c), c});
    std::sort(by_distance.begin(), by_distance.end());
    ring_.clear();
    ring_begin_.assign(static_cast<size_t>(by_distance.back().first + 2), 0);
    for (const auto& [d, c] : by_distance) {
      ring_.push_back({static_cast<uint8_t>(c / n), static_cast<uint8_t>(c % n)});
      ++ring_begin_[d + 1];
    }
    for (size_t d = 1; d < ring_begin_.size(); ++d) ring_begin_[d] += ring_begin_[d - 1];
  }
  mine_cells_.clear();
  std::fill(mine_index_.begin(), mine_index_.begin() + cells, int16_t{-1});
  for (int c = 0; c < cells; ++c) {
    const double h = s.halite(c);
    if (h < harvest_min_[c] || yard_cell_[c]) continue;
    mine_index_[c] = static_cast<int16_t>(mine_cells_.size());
    MineCell m;
    m.cell = c;
    m.home = home_[c];
    m.halite = h;
    // Where the enemy holds the region, a trip is worth less.
    m.held = control_[c] < 0 ? std::exp(enemy_discount_scale_ * p_.control_discount * control_[c]) : 1.0;
    m.lightest_presser = kInf;
    m.heaviest_presser = -kInf;
    for (int k = pressure_begin_[c]; k < pressure_begin_[c + 1]; ++k) {
      m.lightest_presser = std::min(m.lightest_presser, pressure_[static_cast<size_t>(k)].first);
      m.heaviest_presser = std::max(m.heaviest_presser, pressure_[static_cast<size_t>(k)].first);
    }
    // The sum over every enemy pressing, in pressure()'s order: the same double.
    m.held_pressed = pressure_begin_[c] == pressure_begin_[c + 1]
                         ? m.held
                         : m.held * std::exp(-enemy_discount_scale_ * p_.pressure_discount * pressure(c, kInf));
    // Nearer an enemy yard than our own, a trip is worth less: enemy ships
    // spawn, return and hunt there.
    m.territory = enemy_yard_lead_[c] > 0 ? std::exp(-enemy_discount_scale_ * p_.enemy_yard_discount * enemy_yard_lead_[c]) : 1.0;
    if (safe_cells_wait_ && h < p_.safe_full_halite) {
      // The nearest enemy ship's distance: the first d with one within d
      // (the board's greatest distance + 1 when there is none).
      const double* within = &within_[static_cast<size_t>(c) * within_stride_];
      int enemy = 0;
      while (enemy < within_stride_ && within[enemy] == kInf) ++enemy;
      const int lead = enemy - home_[c] - p_.safe_margin;
      if (lead > 0) m.territory /= 1 + p_.safe_discount * lead;
    }
    m.farm = farm_[c] != 0;
    m.enemy_on = enemy_on_[c] != 0;
    mine_cells_.push_back(m);
  }
  // The bounds score_ship() prunes with: every factor of a trip's value in
  // [0, 1], halite never negative.
  const int max_t = std::min(p_.max_mine_turns, kMaxTurns - 1);
  bool bounded = p_.pressure_discount >= 0 && p_.threat_discount >= 0 && p_.threat_discount <= 1 &&
                 p_.return_weight >= 0 && p_.control_discount >= 0 && p_.enemy_yard_discount >= 0;
  for (int t = 0; t <= max_t; ++t) bounded = bounded && keep_[t] >= 0 && keep_[t] <= 1;
  for (double f : discount_) bounded = bounded && f >= 0 && f <= 1;
  for (int k = 0; k < kMaxDist; ++k) bounded = bounded && growth_[k] >= 0 && mined_left_[k] >= 0 && mined_left_[k] <= 1;
  mining_bounded_ = bounded;
  // Undiscounted trips peak once; with a collect rate of at least 0.001 the
  // roundings of the mined share (1 - (1 - rate)^t) stay far below kFallMargin.
  single_peak_ = bounded && p_.step_discount == 1 && s.config().collect_rate >= 1e-3;
}

namespace {
// Bit for bit (a -0.0 is not a 0.0 here): whether a ship's targets can tell them apart.
bool same_bits(double a, double b) { return std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b); }
}  // namespace

void FleetPolicy::diff_mining_cells(const State& s) {
  memo_usable_ = memo_generation_ != 0 && s.step() == last_step_ && s.config() == last_config_ &&
                 params_generation_ == last_params_generation_ && enemy_maps_generation_ == last_enemy_maps_generation_;
  changed_mine_.clear();
  if (!memo_usable_) return;
  std::fill(mine_changed_.begin(), mine_changed_.begin() + geo_.cells(), uint8_t{0});
  auto same = [](const MineCell& a, const MineCell& b) {
    return a.cell == b.cell && a.home == b.home && same_bits(a.halite, b.halite) && same_bits(a.held, b.held) &&
           same_bits(a.held_pressed, b.held_pressed) && same_bits(a.lightest_presser, b.lightest_presser) &&
           same_bits(a.heaviest_presser, b.heaviest_presser) && same_bits(a.territory, b.territory) &&
           a.farm == b.farm && a.enemy_on == b.enemy_on;
  };
  // Both lists are in cell order.
  size_t j = 0;
  for (size_t i = 0; i < mine_cells_.size(); ++i) {
    const MineCell& m = mine_cells_[i];
    for (; j < last_mine_cells_.size() && last_mine_cells_[j].cell < m.cell; ++j) mine_changed_[last_mine_cells_[j].cell] = 1;
    const bool kept = j < last_mine_cells_.size() && same(last_mine_cells_[j], m);
    if (j < last_mine_cells_.size() && last_mine_cells_[j].cell == m.cell) ++j;
    if (kept) continue;
    mine_changed_[m.cell] = 1;
    changed_mine_.push_back(static_cast<int>(i));
  }
  for (; j < last_mine_cells_.size(); ++j) mine_changed_[last_mine_cells_[j].cell] = 1;
}

void FleetPolicy::keep_mining_memo(const State& s) {
  memo_targets_.swap(next_memo_targets_);
  next_memo_targets_.clear();
  // mine_cells_ is not read again before prepare_mining() refills it.
  last_mine_cells_.swap(mine_cells_);
  last_step_ = s.step();
  last_config_ = s.config();
  last_params_generation_ = params_generation_;
  last_enemy_maps_generation_ = enemy_maps_generation_;
  if (++memo_generation_ == 0) {  // wrapped (once every 2^32 calls): forget every entry
    for (MiningMemo& m : mining_memo_) m.generation = 0;
  }
}

// Mining: the carried-halite rate of a trip to each cell worth it,
//   max over t of  discount^(d1 + t) (w x + h' (1 - (1 - collectRate)^t)) / (d1 + t + return_weight d2),
// h' the cell's halite regrown over the trip out (or taken down by the enemy
// ship mining it), w the phase's cargo weight. The best k cells (by value,
// then cell index) are kept; the order cells are visited in does not change
// them. A cell whose upper bound cannot beat the k-th best so far is passed
// over before its costly terms are computed (mining_bounded_ says when the
// bounds hold), so the cells near the ship, which set a high k-th best
// early, are visited first.
void FleetPolicy::best_mining_targets(const State& s, int from, double x) {
  top_.clear();
  const size_t k = static_cast<size_t>(std::max(0, p_.targets_per_ship));
  if (k == 0) return;
  const int left = steps_left(s);
  const int n = geo_.size();
  const double cap = static_cast<double>(s.config().max_cell_halite);
  const int max_t = std::min(p_.max_mine_turns, kMaxTurns - 1);
  const double carried = p_.mining_cargo_weight * cargo_weight_ * x;
  const bool prune = mining_bounded_ && carried >= 0;
  const double stay_factor = 1 + p_.stay_mining_bonus;
  auto ranks_before = [](const std::pair<double, int>& a, const std::pair<double, int>& b) {
    return a.first > b.first || (a.first == b.first && a.second < b.second);
  };
  // Whether a cell worth `value` (or any less) would enter the best k.
  auto can_enter = [&](double value, int cell) { return top_.size() < k || ranks_before({value, cell}, top_.back()); };
  // A bound on a cell's value (at least the value computed below, so a
  // cell whose bound cannot enter the best k is passed over): the rate's
  // bound over every t for a trip of at least `trip` moves, the cargo's share
  // at t = 1 plus the mined share at its best t (no discount: it is at most
  // 1; the margin covers the roundings), times the factors below, the
  // pressure's at most 1 when only some enemies pressing are lighter.
  auto value_bound = [&](const MineCell& m, int d1, double hv) {
    const int trip = std::min(static_cast<int>(d1 + p_.return_weight * m.home), kTripBounds - 1);
    const double rate = (carried * carried_rate_bound_[trip] + hv * mined_rate_bound_[trip]) * kBoundMargin;
    const double arriving = x + hv * keep_[1];
    const double bound = rate * (arriving > m.heaviest_presser ? m.held_pressed : m.held) * m.territory * (d1 == 0 ? stay_factor : 1.0);
    return lighter_within(m.cell, d1) < arriving ? bound * (1 - p_.threat_discount) : bound;
  };
  auto consider = [&](const MineCell& m, int d1) {
    const int c = m.cell;
    const double h = m.halite;
    const int d2 = m.home;
    const double hv = m.enemy_on && d1 > 1 ? h * mined_left_[d1 - 1] : std::min(h * growth_[d1], std::max(h, cap));
    int t_lo = 1, t_hi = max_t;
    if (m.farm) {
      // A farm cell is left to regrow up to the harvest threshold, then
      // mined down to it, no further.
      if (hv < harvest_threshold_) return;
      const double turns = std::ceil(std::log(harvest_threshold_ / hv) / log_keep_);
      // A threshold of 0 is never reached (turns = +inf): every turn allowed;
      // 0 / 0 (nothing to mine down, turns = NaN): one turn.
      t_lo = t_hi = turns >= max_t ? max_t : turns >= 1 ? static_cast<int>(turns) : 1;
    }
    if (prune) {
      const double bound = value_bound(m, d1, hv);
      if (!can_enter(bound, c)) {
        outside_best_ = std::max(outside_best_, bound);
        return;
      }
    }
    auto rate = [&](int t) {
      return discount_[d1 + t] * (carried + keep_[t] * hv) / std::max(1.0, d1 + t + p_.return_weight * d2);
    };
    t_hi = std::min(t_hi, left - d1 - d2);  // the whole trip before the episode ends
    double best = 0;
    if (!single_peak_ || carried < 0) {
      for (int t = t_lo; t <= t_hi; ++t) best = std::max(best, rate(t));
    } else if (t_lo <= t_hi) {
      // Undiscounted, the rate rises to one peak and then falls (the
      // cargo grows concavely in t, the trip linearly), so the search
      // starts where the last cell peaked and walks each way until the
      // rate falls by more than the roundings can account for.
      const int t0 = std::clamp(peak_, t_lo, t_hi);
      const double at_t0 = rate(t0);
      best = std::max(best, at_t0);
      peak_ = t0;
      double last = at_t0;
      for (int t = t0 + 1; t <= t_hi; ++t) {
        const double r = rate(t);
        if (r > best) best = r, peak_ = t;
        if (r < last * kFallMargin) break;
        last = r;
      }
      last = at_t0;
      for (int t = t0 - 1; t >= t_lo; --t) {
        const double r = rate(t);
        if (r > best) best = r, peak_ = t;
        if (r < last * kFallMargin) break;
        last = r;
      }
    }
    if (best <= 0) return;
    const double arriving = x + hv * keep_[1];  // the cargo it holds after a turn there
    double factor;
    if (arriving <= m.lightest_presser) factor = m.held;  // exp(-0) = 1: no enemy lighter than the ship presses
    else if (arriving > m.heaviest_presser) factor = m.held_pressed;  // every enemy pressing is lighter
    else factor = m.held * std::exp(-enemy_discount_scale_ * p_.pressure_discount * pressure(c, arriving));
    best *= factor;
    best *= m.territory;
    if (d1 == 0) best *= stay_factor;
    if (lighter_within(c, d1) < arriving) best *= 1 - p_.threat_discount;
    if (!can_enter(best, c)) {
      outside_best_ = std::max(outside_best_, best);
      return;
    }
    if (top_.size() == k) {
      outside_best_ = std::max(outside_best_, top_.back().first);
      top_.pop_back();
    }
    const std::pair<double, int> entry{best, c};
    top_.insert(std::lower_bound(top_.begin(), top_.end(), entry, ranks_before), entry);
  };
  peak_ = 1;
  outside_best_ = -kInf;
  const uint32_t next_generation = memo_generation_ + 1;
  auto remember = [&] {
    mining_memo_[from] = {next_generation, x, outside_best_, static_cast<int>(next_memo_targets_.size()),
                          static_cast<int>(top_.size())};
    next_memo_targets_.insert(next_memo_targets_.end(), top_.begin(), top_.end());
  };
  // The last decide()'s targets for this cell and cargo, when usable: its
  // unchanged targets and every changed cell give the best k unless a cell
  // left out then (worth at most its outside_best) could enter now.
  const MiningMemo& memo = mining_memo_[from];
  if (memo_usable_ && memo.generation == memo_generation_ && same_bits(memo.cargo, x)) {
    for (int j = memo.begin; j < memo.begin + memo.count; ++j)
      if (!mine_changed_[memo_targets_[static_cast<size_t>(j)].second]) top_.push_back(memo_targets_[static_cast<size_t>(j)]);
    outside_best_ = memo.outside_best;
    for (int index : changed_mine_) {
      const MineCell& m = mine_cells_[static_cast<size_t>(index)];
      consider(m, geo_.dist(from, m.cell));
    }
    const bool exact = top_.size() < k ? memo.outside_best == -kInf : top_.back().first > memo.outside_best;
    if (exact) {
      remember();
      ++mining_memo_hits_;
      return;
    }
    top_.clear();
    peak_ = 1;
    outside_best_ = -kInf;
  }
  const int row0 = from / n, col0 = from % n;
  // The near cells: all within kNearRadius, and further rings until k cells are kept.
  const int max_dist = static_cast<int>(ring_begin_.size()) - 2;
  int near = 0;
  for (;; ++near) {
    for (int j = ring_begin_[near]; j < ring_begin_[near + 1]; ++j) {
      int row = row0 + ring_[j].first, col = col0 + ring_[j].second;
      if (row >= n) row -= n;
      if (col >= n) col -= n;
      const int index = mine_index_[row * n + col];
      if (index >= 0) consider(mine_cells_[static_cast<size_t>(index)], near);
    }
    if (near == max_dist || (near >= kNearRadius && top_.size() == k)) break;
  }
  // The other cells, those whose bound can beat the k-th best of the near
  // ones picked out first without a branch (most cannot).
  const double least = prune && top_.size() == k ? top_.back().first : -kInf;
  int picked = 0;
  for (int i = 0; i < static_cast<int>(mine_cells_.size()); ++i) {
    const MineCell& m = mine_cells_[static_cast<size_t>(i)];
    const int d1 = geo_.dist(from, m.cell);
    const double hv = m.enemy_on && d1 > 1 ? m.halite * mined_left_[d1 - 1]
                                           : std::min(m.halite * growth_[d1], std::max(m.halite, cap));
    picked_[static_cast<size_t>(picked)] = static_cast<int16_t>(i);
    picked += (d1 > near) & (value_bound(m, d1, hv) >= least);
  }
  // A cell passed over is worth less than its bound, below least.
  outside_best_ = std::max(outside_best_, least);
  for (int j = 0; j < picked; ++j) {
    const MineCell& m = mine_cells_[static_cast<size_t>(picked_[static_cast<size_t>(j)])];
    consider(m, geo_.dist(from, m.cell));
  }
  remember();
}

void FleetPolicy::score_ship(const State& s, int me, int row) {
  const auto ships = s.ships();
  const int i = rows_[row];
  const Ship& sh = ships[i];
  const double x = sh.cargo;
  const int hd = home_[sh.cell];
  const int left = steps_left(s);
  if (i == builder_) {
    cands_.push_back({column_of(kBuildKey, Role::Build, site_, -1), kForcedValue});
    return;
  }
  if (surround_cell_[row] >= 0) {
    private_value_[row] = kForcedValue;
    private_role_[row] = Role::Hunt;
    return;
  }
  if (x > 0 && left <= hd + p_.recall_margin) {
    private_value_[row] = kForcedValue;
    private_role_[row] = Role::Home;
    return;
  }
  if (x > 0) {
    // Lighter enemies pressing on a loaded ship send it home sooner.
    const double risk = x >= p_.min_return_cargo ? p_.risk_return_bias * pressure(sh.cell, x) : 0;
    private_value_[row] = p_.return_bias * discount_[hd] * cargo_weight_ * x / std::max(hd, p_.min_return_turns) * (1 + risk);
    private_role_[row] = Role::Home;
  }

  // Mining: its best targets_per_ship cells.
  best_mining_targets(s, sh.cell, x);
  for (const auto& [value, cell] : top_) cands_.push_back({column_of(cell, Role::Mine, cell, -1), value});

  // Hunting: each side of an enemy ship that carries more, so that hunters
  // come from different sides and box it in.
  if (p_.hunt_weight > 0)
    for (int j = 0; j < static_cast<int>(ships.size()); ++j) {
      const Ship& e = ships[j];
      if (e.owner == me || e.cargo <= x || e.cargo < p_.hunt_min_cargo) continue;
      if (geo_.dist(sh.cell, e.cell) > p_.hunt_radius) continue;
      // A target near its own yard deposits before it can be caught (and
      // that yard's ships meet the hunters there).
      if (spared_[j]) continue;
      double value = p_.hunt_weight * (e.cargo - x);
      if (escapes_[j] == 0) value *= p_.hunt_trap_bonus;
      else if (escapes_[j] == 1) value *= 0.5 * (1 + p_.hunt_trap_bonus);
      if (control_[e.cell] > 0) value *= 1 + p_.hunt_control_bonus * control_[e.cell];
      if (farm_[e.cell]) value *= 1 + p_.farm_hunt_bonus;
      for (int side = 1; side < kNumMoves; ++side) {
        const int a = geo_.neighbor(e.cell, side);
        cands_.push_back({column_of(kHuntKey + j * 4 + side - 1, Role::Hunt, a, j), value / (geo_.dist(sh.cell, a) + 1)});
      }
    }

  // Escorting a loaded ship of ours that is boxed in: an empty ship next to
  // it closes the cells it can reach to the enemy's empty hunters (a 1:1
  // trade they avoid).
  if (p_.escort_weight > 0 && x == 0)
    for (int r = 0; r < static_cast<int>(rows_.size()); ++r) {
      const Ship& o = ships[rows_[r]];
      if (o.cargo <= box_cargo_[o.cell]) continue;
      const int d = geo_.dist(sh.cell, o.cell);
      if (d > p_.escort_radius) continue;
      cands_.push_back({column_of(kEscortKey + rows_[r], Role::Escort, o.cell, rows_[r]), p_.escort_weight * o.cargo / (d + 1)});
    }

  if (!farm_posts_.empty() && x == 0) score_posts(s, sh.cell);

  // Guarding a threatened own yard: a ship that gets there no later than
  // the nearest enemy (an empty one may arrive with it: the collision spares
  // the yard).
  for (int y = 0; y < static_cast<int>(s.shipyards().size()); ++y) {
    const Shipyard& yd = s.shipyards()[y];
    if (yd.owner != me || yard_threat_[y] > p_.guard_radius) continue;
    const int d = geo_.dist(sh.cell, yd.cell);
    if (d < yard_threat_[y] || (d == yard_threat_[y] && x == 0))
      cands_.push_back({column_of(kGuardKey + y, Role::Guard, yd.cell, y), p_.guard_value / (d + 1)});
  }

  // Ramming enemy yards: those that cannot put a defender on their cell, and
  // in the last turns any within reach.
  if (x == 0)
    for (int y = 0; y < static_cast<int>(s.shipyards().size()); ++y) {
      const Shipyard& yd = s.shipyards()[y];
      if (yd.owner == me) continue;
      const int d = geo_.dist(sh.cell, yd.cell);
      const bool final_turns = left <= p_.final_attack_steps && d <= left;
      if (!final_turns && d > p_.yard_attack_radius) continue;
      if (final_turns || !defended_[y])
        cands_.push_back({column_of(kRamKey + y, Role::Ram, yd.cell, y), p_.yard_attack_value / (d + 1)});
    }
}

// Standing guard on the farm's edge: other players' ships that would mine
// the farm keep off cells an empty ship of ours can reach. A guard moves on
// rather than stay where staying mines.
void FleetPolicy::score_posts(const State& s, int from) {
  for (int c : farm_posts_) {
    const int d = geo_.dist(from, c);
    if (d > p_.farm_guard_radius || (d == 0 && s.halite(c) > 0)) continue;
    cands_.push_back({column_of(kPostKey + c, Role::Patrol, c, -1), p_.farm_guard_value / (d + 1)});
  }
}

void FleetPolicy::assign(const State& s, int me) {
  const auto ships = s.ships();
  const Config& cfg = s.config();
  const int step = s.step();
  rows_.clear();
  for (int i = 0; i < static_cast<int>(ships.size()); ++i)
    if (ships[i].owner == me && std::find(converts_.begin(), converts_.end(), i) == converts_.end()) rows_.push_back(i);
  const int rows = static_cast<int>(rows_.size());

  // What every row needs: home distances (this turn's conversions count as
  // yards), the least halite worth mining per cell, the phase's cargo
  // weight, each enemy's free escapes, the nearest enemy of each own yard.
  sites_.clear();
  for (int i : converts_) sites_.push_back(ships[i].cell);
  home_distances(s, me, geo_, sites_, home_);
  const int cells = geo_.cells();
  // How many moves nearer an enemy yard than our own each cell is.
  std::fill(enemy_yard_lead_.begin(), enemy_yard_lead_.begin() + cells, int16_t{0});
  if (p_.enemy_yard_discount > 0)
    for (const Shipyard& y : s.shipyards())
      if (y.owner != me)
        for (int c = 0; c < cells; ++c)
          enemy_yard_lead_[c] = static_cast<int16_t>(std::max<int>(enemy_yard_lead_[c], home_[c] - geo_.dist(c, y.cell)));
  const int left = steps_left(s);
  double nonzero_total = 0;
  int nonzero = 0;
  for (int c = 0; c < cells; ++c)
    if (s.halite(c) > 0 && !yard_cell_[c]) nonzero_total += s.halite(c), ++nonzero;
  const double mean = nonzero ? nonzero_total / nonzero : 0;
  // The belt around own yards is mined a little later: it regrows, and it is
  // where ships mine safely when the open board is contested.
  for (int c = 0; c < cells; ++c) {
    double t = p_.min_target_halite;
    if (left > p_.harvest_all_steps)
      t = std::max(t, mean * (p_.harvest_ratio + p_.home_harvest_bonus * std::max(0, p_.harvest_radius - home_[c])));
    harvest_min_[c] = std::min(t, kMaxHarvestFraction * static_cast<double>(cfg.max_cell_halite));
  }
  // The farm: cells we hold near own yards, in the farming phase.
  const bool farming = step >= p_.farm_start_step && step < p_.farm_end_step && cfg.collect_rate > 0 && cfg.collect_rate < 1;
  harvest_threshold_ = std::clamp(p_.harvest_base + p_.harvest_slope * step, p_.harvest_min, p_.harvest_max);
  for (int c = 0; c < cells; ++c) {
    farm_[c] = farming && !yard_cell_[c] && home_[c] <= p_.farm_radius && control_[c] >= p_.farm_control;
    if (farm_[c] && p_.farm_yards > 1) {
      int near = 0;
      for (const Shipyard& y : s.shipyards())
        if (y.owner == me && geo_.dist(c, y.cell) <= p_.farm_radius) ++near;
      farm_[c] = near >= p_.farm_yards;
    }
  }
  farm_posts_.clear();
  if (farming && p_.farm_guard_value > 0)
    for (int c = 0; c < cells; ++c) {
      if (!farm_[c]) continue;
      bool edge = false;
      for (int m = 1; m < kNumMoves; ++m) {
        const int o = geo_.neighbor(c, m);
        edge = edge || (!farm_[o] && yard_cell_[o] != 1);
      }
      if (edge) farm_posts_.push_back(c);
    }
  cargo_weight_ = step < p_.early_steps ? p_.early_cargo_weight : p_.cargo_weight;
  enemy_discount_scale_ = left <= p_.late_discount_steps ? p_.late_discount_scale : 1.0;
  safe_cells_wait_ = p_.safe_discount > 0 && left > p_.safe_end_steps;
  fill_tables(cfg);
  prepare_mining(s);
  diff_mining_cells(s);
  escapes_.assign(ships.size(), kNumMoves);
  spared_.assign(ships.size(), 0);
  for (int j = 0; j < static_cast<int>(ships.size()); ++j) {
    if (ships[j].owner == me) continue;
    escapes_[j] = free_escapes(s, j);
    spared_[j] = nearest_yard(s.shipyards(), ships[j].owner, ships[j].cell, geo_).dist <= p_.hunt_home_radius;
  }
  // An enemy yard is defended when its owner can spawn or has a ship next to it.
  defended_.assign(s.shipyards().size(), 0);
  for (int y = 0; y < static_cast<int>(s.shipyards().size()); ++y) {
    const Shipyard& yd = s.shipyards()[y];
    if (yd.owner == me) continue;
    bool defended = s.player(yd.owner).bank >= static_cast<double>(cfg.spawn_cost);
    for (const Ship& o : ships) defended = defended || (o.owner == yd.owner && geo_.dist(o.cell, yd.cell) <= 1);
    defended_[y] = defended;
  }
  yard_threat_.assign(s.shipyards().size(), 1 << 20);
  for (int y = 0; y < static_cast<int>(s.shipyards().size()); ++y) {
    const Shipyard& yd = s.shipyards()[y];
    if (yd.owner != me) continue;
    for (const Ship& e : ships)
      if (e.owner != me) yard_threat_[y] = std::min(yard_threat_[y], geo_.dist(e.cell, yd.cell));
  }

  compute_box_map(s, me);
  plan_surrounds(s, me);

  // Candidates per row, then one assignment over rows x (shared columns +
  // one private column per row: home, or idle).
  if (key_column_.size() != static_cast<size_t>(kKeyCount)) key_column_.assign(kKeyCount, -1);
  for (int key : used_keys_) key_column_[key] = -1;
  used_keys_.clear();
  columns_.clear();
  cands_.clear();
  cand_begin_.assign(static_cast<size_t>(rows + 1), 0);
  private_value_.assign(static_cast<size_t>(rows), 0);
  private_role_.assign(static_cast<size_t>(rows), Role::Idle);
  for (int r = 0; r < rows; ++r) {
    cand_begin_[r] = static_cast<int>(cands_.size());
    score_ship(s, me, r);
  }
  cand_begin_[rows] = static_cast<int>(cands_.size());
  keep_mining_memo(s);
  const int shared = static_cast<int>(columns_.size());
  const int cols = shared + rows;
  cost_.assign(static_cast<size_t>(rows) * cols, kAbsent);
  for (int r = 0; r < rows; ++r) {
    double* row = &cost_[static_cast<size_t>(r) * cols];
    for (int k = cand_begin_[r]; k < cand_begin_[r + 1]; ++k)
      row[cands_[k].first] = std::min(row[cands_[k].first], -cands_[k].second);
    row[shared + r] = -private_value_[r];
  }
  shared_columns_ = shared;
  row_column_.clear();
  if (rows > 0) row_column_ = assignment_.solve(rows, cols, cost_);
}

// ------------------------------------------------------------- surrounds ----

bool FleetPolicy::find_surround(const State& s, int me, int victim, Surround& out) {
  const auto ships = s.ships();
  const Ship& e = ships[victim];
  const int n = geo_.size();
  const int radius = p_.surround_radius;
  // A direction is open beyond the target's nearest yard that way.
  std::array<int, 4> limit;
  limit.fill(radius + 1);
  for (const Shipyard& y : s.shipyards()) {
    if (y.owner != e.owner) continue;
    const auto [dr, dc] = torus_delta(e.cell, y.cell, n);
    const int cones = box_cones(dr, dc), d = std::abs(dr) + std::abs(dc);
    for (int k = 0; k < 4; ++k)
      if (cones >> k & 1) limit[k] = std::min(limit[k], d);
  }
  std::array<bool, 4> closed{};
  surround_cands_.clear();
  for (int i = 0; i < static_cast<int>(ships.size()); ++i) {
    const Ship& o = ships[i];
    if (o.owner == e.owner || o.cargo >= e.cargo) continue;
    const int d = geo_.dist(e.cell, o.cell);
    if (d == 0 || d > radius) continue;
    const auto [dr, dc] = torus_delta(e.cell, o.cell, n);
    const int cones = box_cones(dr, dc);
    for (int k = 0; k < 4; ++k) closed[k] = closed[k] || ((cones >> k & 1) && d < limit[k]);
    if (o.owner == me && row_of_ship_[i] >= 0 && surround_free_[row_of_ship_[i]]) surround_cands_.push_back(i);
  }
  if (!(closed[0] && closed[1] && closed[2] && closed[3])) return false;
  const int cands = static_cast<int>(surround_cands_.size());
  if (cands < p_.surround_min_hunters) return false;
  // Places (four directions, then on the target) x candidates, and one
  // empty choice per place.
  constexpr int kPlaces = kSurroundCenter + 1;
  const int cols = cands + kPlaces;
  surround_cost_.assign(static_cast<size_t>(kPlaces) * cols, kAbsent);
  for (int c = 0; c < cands; ++c) {
    const Ship& h = ships[surround_cands_[c]];
    const auto [dr, dc] = torus_delta(e.cell, h.cell, n);
    const int cones = box_cones(dr, dc), d = std::abs(dr) + std::abs(dc);
    for (int k = 0; k < 4; ++k)
      if ((cones >> k & 1) && d < limit[k]) surround_cost_[static_cast<size_t>(k) * cols + c] = d - kSurroundFill;
    surround_cost_[static_cast<size_t>(kSurroundCenter) * cols + c] = kSurroundCenterWeight * (d - kSurroundFill);
  }
  for (int k = 0; k < kPlaces; ++k)
    for (int c = cands; c < cols; ++c) surround_cost_[static_cast<size_t>(k) * cols + c] = 0;
  const std::vector<int>& chosen = surround_assignment_.solve(kPlaces, cols, surround_cost_);
  out.victim = victim;
  out.hunters = out.distance = 0;
  for (int k = 0; k < kPlaces; ++k) {
    const int c = chosen[k];
    out.row[k] = -1;
    if (c >= cands || surround_cost_[static_cast<size_t>(k) * cols + c] >= kAbsent) continue;
    const int i = surround_cands_[c];
    out.row[k] = row_of_ship_[i];
    ++out.hunters;
    out.distance += geo_.dist(e.cell, ships[i].cell);
  }
  return out.hunters >= p_.surround_min_hunters;
}

void FleetPolicy::plan_surrounds(const State& s, int me) {
  const auto ships = s.ships();
  const int rows = static_cast<int>(rows_.size());
  surround_cell_.assign(static_cast<size_t>(rows), -1);
  surround_victim_.assign(static_cast<size_t>(rows), -1);
  if (p_.surround_radius <= 0 || rows < p_.surround_min_hunters) return;
  const int left = steps_left(s);
  row_of_ship_.assign(ships.size(), -1);
  surround_free_.assign(static_cast<size_t>(rows), 0);
  for (int r = 0; r < rows; ++r) {
    const int i = rows_[r];
    row_of_ship_[i] = r;
    // The builder and recalled ships keep their roles.
    surround_free_[r] = i != builder_ && ships[i].cargo <= p_.surround_max_cargo &&
                        !(ships[i].cargo > 0 && left <= home_[ships[i].cell] + p_.recall_margin);
  }
  surrounds_.clear();
  Surround plan;
  for (int j = 0; j < static_cast<int>(ships.size()); ++j) {
    const Ship& e = ships[j];
    if (e.owner == me || spared_[j] || e.cargo < p_.hunt_min_cargo) continue;
    if (find_surround(s, me, j, plan)) surrounds_.push_back(plan);
  }
  std::sort(surrounds_.begin(), surrounds_.end(), [&](const Surround& a, const Surround& b) {
    if (a.hunters != b.hunters) return a.hunters > b.hunters;
    if (ships[a.victim].cargo != ships[b.victim].cargo) return ships[a.victim].cargo > ships[b.victim].cargo;
    if (a.distance != b.distance) return a.distance < b.distance;
    return a.victim < b.victim;
  });
  for (const Surround& ranked : surrounds_) {
    // Planned again from the ships earlier surrounds left.
    if (!find_surround(s, me, ranked.victim, plan)) continue;
    const Ship& e = ships[plan.victim];
    const int center = plan.row[kSurroundCenter];
    int center_cell = center >= 0 ? e.cell : -1;
    for (int k = 0; k < 4; ++k) {
      const int r = plan.row[k];
      if (r < 0) continue;
      // Close in along the direction's axis: two cells out, then next to
      // the target. A ship already next to it stays while it is lighter
      // than the target after mining there and not boxed in itself, else
      // backs off; with the ship on the target beside it, the two swap
      // (mzotkiew's moves).
      const Ship& h = ships[rows_[r]];
      const int near = geo_.neighbor(e.cell, kConeMove[k]);
      const int far = geo_.neighbor(near, kConeMove[k]);
      const int d = geo_.dist(h.cell, near);
      int cell = d > 1 ? far : near;
      if (d == 0) {
        const double mined = h.cargo + keep_[1] * s.halite(near);
        if (center >= 0 && center_cell == e.cell && geo_.dist(ships[rows_[center]].cell, near) == 1) {
          cell = e.cell;
          center_cell = near;
        } else if (!(s.halite(near) == 0 || (mined < e.cargo && mined <= box_cargo_[near]))) {
          cell = far;
        }
      }
      surround_cell_[r] = cell;
      surround_victim_[r] = plan.victim;
      surround_free_[r] = 0;
    }
    if (center >= 0) {
      surround_cell_[center] = center_cell;
      surround_victim_[center] = plan.victim;
      surround_free_[center] = 0;
    }
  }
}

// ----------------------------------------------------------------- moves ----

void FleetPolicy::cost_moves(const State& s, int me) {
  PolicyDecision& d = decision_;
  const auto ships = s.ships();
  const int rows = static_cast<int>(rows_.size());
  const int cols = shared_columns_ + rows;
  const double convert_cost = static_cast<double>(s.config().convert_cost);
  const int left = steps_left(s);
  const bool ties_matter = s.step() >= p_.tie_free_steps;
  spawn_cells_.clear();
  for (int y : spawn_yards_) spawn_cells_.push_back(s.shipyards()[y].cell);
  for (int r = 0; r < rows; ++r) {
    const int i = rows_[r];
    const Ship& sh = ships[i];
    const double x = sh.cargo;
    const int j = row_column_[r];
    Role role;
    int target = sh.cell, victim = -1;
    double rate;
    if (j >= shared_columns_) {
      role = private_role_[r];
      rate = private_value_[r];
      if (role == Role::Home) {
        int best = nearest_yard(s.shipyards(), me, sh.cell, geo_).cell;
        for (int c : sites_)
          if (best < 0 || geo_.dist(sh.cell, c) < geo_.dist(sh.cell, best)) best = c;
        if (best >= 0) target = best;
      }
      if (role == Role::Hunt) {
        target = surround_cell_[r];
        victim = surround_victim_[r];
        rate = p_.surround_rate;
      }
    } else {
      const Column& col = columns_[j];
      role = col.role;
      target = col.cell;
      rate = -cost_[static_cast<size_t>(r) * cols + j];
      if (role == Role::Hunt) victim = col.target;
    }
    rate = std::clamp(rate, 1.0, kForcedValue / 100);
    // How close to its target a ship must be. A guard only has to be able to
    // reach the yard no later than the nearest enemy (strictly before it when
    // carrying cargo): until then it leaves the yard free for ships that
    // deposit.
    int slack = 0;
    if (role == Role::Guard) {
      const int guarded = columns_[j].target;
      slack = std::max(0, yard_threat_[guarded] - (x > 0 ? 2 : 1));
    }
    if (role == Role::Escort) slack = 1;  // next to the escorted ship
    auto distance = [&](int cell) { return std::max(0, geo_.dist(cell, target) - slack); };
    MoveRequest req;
    req.ship_index = i;
    req.cell = sh.cell;
    const int d0 = distance(sh.cell);
    int threatened_moves = 0;
    for (int m = 0; m < kNumMoves; ++m) {
      const int nc = geo_.neighbor(sh.cell, m);
      double cost = rate * (distance(nc) - d0);
      const bool ram = role == Role::Ram && nc == target;
      const double dz = predicting_ ? exact_danger_[nc] : danger_.at(nc);
      // A predicted enemy ship, heavier than every ship that ends with it,
      // is caught by ending where it ends.
      if (predicting_ && dz > x && prey_[nc] > 0) cost -= p_.catch_weight * prey_[nc];
      if (!ram) {
        if (dz < x) {
          cost += p_.danger_penalty + x;
          ++threatened_moves;
        } else if (dz == x && ties_matter && home_[nc] > 1) {
          cost += x > 0 ? p_.tie_penalty : p_.empty_tie_penalty;
        }
      }
      // Next turn's escapes from there, and the lighter enemies pressing on
      // it, for a ship with cargo that does not deposit on arriving. A ship
      // that stays mines after this turn's collisions and before next turn's:
      // an empty ship that starts mining among empty enemies is prey then.
      const double next_x = nc == sh.cell && yard_cell_[nc] == 0
                                ? x + p_.stay_cargo_weight * keep_[1] * s.halite(nc)
                                : x;
      if (next_x > 0 && yard_cell_[nc] != 1) {
        // Only a ship judged with what it mines; 1.0 x the penalty is exact,
        // so the default leaves every decision as it was.
        const double pressure_weight = next_x != x ? p_.stay_pressure_weight : 1.0;
        cost += pressure_weight * p_.pressure_penalty * pressure(nc, next_x) * (next_x + kPressureCargoScale) / kPressureCargoScale;
        int esc = 0;
        for (int o = 0; o < kNumMoves; ++o) esc += danger2_[geo_.neighbor(nc, o)] > next_x;
        if (esc == 0) cost += p_.trap_penalty + next_x;
        else if (esc == 1) cost += p_.narrow_penalty;
        if (next_x > box_cargo_[nc]) cost += p_.box_penalty;
      }
      // A planned spawn gives way to a ship bringing cargo home (the spawn is
      // dropped, the deposit is not delayed); other ships keep off the yard.
      if (role != Role::Home && std::find(spawn_cells_.begin(), spawn_cells_.end(), nc) != spawn_cells_.end())
        cost += p_.spawn_block_penalty;
      // A hunter next to its victim: stepping onto it catches it if it stays.
      if (victim >= 0 && nc == ships[victim].cell) {
        const double p_stay = escapes_[victim] == 0 ? 1.0 : p_.strike_free_chance;
        cost -= p_stay * (ships[victim].cargo - x);
      }
      req.cost[m] = cost;
    }
    req.cost[kConvertOption] = kInf;
    // A loaded ship with no safe move, or with cargo it cannot bring home
    // before the end, converts: the yard keeps the cargo above the cost.
    const bool can_pay = x + bank_after_ >= convert_cost && yard_cell_[sh.cell] == 0;
    if (can_pay && x >= p_.emergency_convert_cargo && threatened_moves == kNumMoves) req.cost[kConvertOption] = 0;
    if (can_pay && left <= 1 && x > convert_cost && home_[sh.cell] > 1) req.cost[kConvertOption] = -x;
    requests_.push_back(req);
    d.targets.push_back(target);
    d.rates.push_back(rate);
  }
  roles_ = {};
  for (int r = 0; r < rows; ++r) {
    const int j = row_column_[r];
    ++roles_.count[static_cast<int>(j >= shared_columns_ ? private_role_[r] : columns_[j].role)];
  }
  roles_.count[static_cast<int>(Role::Build)] += static_cast<int>(converts_.size());
  for (int i : converts_) {
    MoveRequest req;
    req.ship_index = i;
    req.cell = ships[i].cell;
    req.cost.fill(kInf);
    req.cost[kConvertOption] = 0;
    requests_.push_back(req);
    d.targets.push_back(ships[i].cell);
    d.rates.push_back(0);
  }
}

// ---------------------------------------------------------------- decide ----

const PolicyDecision& FleetPolicy::decide(const State& s, int me) {
  PolicyDecision& d = decision_;
  d.clear();
  requests_.clear();
  if (s.player(me).status != Status::Active) return d;
  if (p_.remember) count_lost_defenders(s, me);
  compute_maps(s, me);
  plan_economy(s, me);
  assign(s, me);
  cost_moves(s, me);

  shared_cells_.clear();
  if (steps_left(s) <= p_.crash_home_steps)
    for (const Shipyard& y : s.shipyards())
      if (y.owner == me) shared_cells_.push_back(y.cell);
  const std::vector<int>& choice = resolver_.solve(requests_, geo_, shared_cells_);
  for (size_t r = 0; r < requests_.size(); ++r) d.ship_choices.push_back({requests_[r].ship_index, choice[r]});
  d.spawn_yards = unblocked_spawns(s, geo_, d.ship_choices, spawn_yards_);

  // A yard with an enemy ship next to it and no own ship ending on it
  // spawns a defender when the bank allows: the fresh ship (no cargo) trades
  // with any attacker, and the yard stands.
  double bank = bank_after_;
  for (int y : spawn_yards_)
    if (std::find(d.spawn_yards.begin(), d.spawn_yards.end(), y) == d.spawn_yards.end()) bank += s.config().spawn_cost;
  const double spawn_cost = static_cast<double>(s.config().spawn_cost);
  for (int y = 0; y < static_cast<int>(s.shipyards().size()); ++y) {
    const Shipyard& yd = s.shipyards()[y];
    if (yd.owner != me || yard_threat_[y] != 1 || bank < spawn_cost) continue;
    if (std::find(d.spawn_yards.begin(), d.spawn_yards.end(), y) != d.spawn_yards.end()) continue;
    bool covered = false;
    for (const auto& [index, option] : d.ship_choices)
      covered |= option != kConvertOption && geo_.neighbor(s.ships()[index].cell, option) == yd.cell;
    if (covered) continue;
    if (my_yards_ > p_.defend_last_yards && p_.remember && lost_defenders(yd.id) >= p_.max_lost_defenders) continue;
    d.spawn_yards.push_back(y);
    bank -= spawn_cost;
    if (p_.remember) defenders_.push_back({yd.id, yd.cell, s.step()});
  }
  std::sort(d.spawn_yards.begin(), d.spawn_yards.end());
  return d;
}

void FleetPolicy::reset() {
  site_ = -1;
  defenders_.clear();
  lost_defenders_.clear();
}

int FleetPolicy::lost_defenders(UnitId yard) const {
  for (const auto& [id, lost] : lost_defenders_)
    if (id == yard) return lost;
  return 0;
}

void FleetPolicy::count_lost_defenders(const State& s, int me) {
  // A defender spawned last turn stands on its yard now unless an enemy ship
  // moved onto the yard: a fresh ship carries nothing and loses only such a
  // tie. A state that does not follow the last one tells nothing.
  for (const Defender& d : defenders_) {
    if (s.step() != d.step + 1 || s.find_shipyard(d.yard) < 0) continue;
    bool standing = false;
    for (const Ship& sh : s.ships()) standing |= sh.owner == me && sh.cell == d.cell;
    if (standing) continue;
    auto it = std::find_if(lost_defenders_.begin(), lost_defenders_.end(), [&](const auto& e) { return e.first == d.yard; });
    if (it == lost_defenders_.end()) lost_defenders_.push_back({d.yard, 1});
    else ++it->second;
  }
  defenders_.clear();
}

void FleetPolicy::stage(State& s, int player) { stage_decision(s, decide(s, player)); }

}  // namespace halite::search
