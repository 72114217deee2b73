// The fleet policy's mining targets: every ship's best cells to mine, and
// the memo that carries them from one decide() to the next.
#include "halite/search/policy/fleet.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "fleet_internal.h"

namespace halite::search {

using namespace fleet_internal;

namespace {

// score_ship() visits the cells within this distance of a ship first.
constexpr int kNearRadius = 5;
// A trip's rate has clearly fallen from one t to the next below this factor.
constexpr double kFallMargin = 1 - 1e-9;

// Bit for bit (a -0.0 is not a 0.0 here): whether a ship's targets can tell them apart.
bool same_bits(double a, double b) {
  return std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b);
}

}  // namespace

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
    m.territory =
        enemy_yard_lead_[c] > 0 ? std::exp(-enemy_discount_scale_ * p_.enemy_yard_discount * enemy_yard_lead_[c]) : 1.0;
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
    for (; j < last_mine_cells_.size() && last_mine_cells_[j].cell < m.cell; ++j)
      mine_changed_[last_mine_cells_[j].cell] = 1;
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

namespace {
// Whether target a ranks before b in top_: by value, then cell index.
constexpr auto ranks_before = [](const std::pair<double, int>& a, const std::pair<double, int>& b) {
  return a.first > b.first || (a.first == b.first && a.second < b.second);
};
}  // namespace

bool FleetPolicy::can_enter(const MiningTrip& trip, double value, int cell) const {
  return top_.size() < trip.k || ranks_before({value, cell}, top_.back());
}

// The rate's bound over every t for a trip of at least `trip` moves, the
// cargo's share at t = 1 plus the mined share at its best t (no discount: it
// is at most 1; the margin covers the roundings), times the factors
// consider_mining() applies, the pressure's at most 1 when only some enemies
// pressing are lighter.
double FleetPolicy::mining_value_bound(const MiningTrip& t, const MineCell& m, int d1, double hv) const {
  const double x = t.x, carried = t.carried;
  const int trip = std::min(static_cast<int>(d1 + p_.return_weight * m.home), kTripBounds - 1);
  const double rate = (carried * carried_rate_bound_[trip] + hv * mined_rate_bound_[trip]) * kBoundMargin;
  const double arriving = x + hv * keep_[1];
  const double bound =
      rate * (arriving > m.heaviest_presser ? m.held_pressed : m.held) * m.territory * (d1 == 0 ? t.stay_factor : 1.0);
  return lighter_within(m.cell, d1) < arriving ? bound * (1 - p_.threat_discount) : bound;
}

void FleetPolicy::consider_mining(const MiningTrip& trip, const MineCell& m, int d1) {
  const double x = trip.x, carried = trip.carried;
  const int c = m.cell;
  const double h = m.halite;
  const int d2 = m.home;
  const double hv = m.enemy_on && d1 > 1 ? h * mined_left_[d1 - 1] : std::min(h * growth_[d1], std::max(h, trip.cap));
  int t_lo = 1, t_hi = trip.max_t;
  if (m.farm) {
    // A farm cell is left to regrow up to the harvest threshold, then
    // mined down to it, no further.
    if (hv < harvest_threshold_) return;
    const double turns = std::ceil(std::log(harvest_threshold_ / hv) / log_keep_);
    // A threshold of 0 is never reached (turns = +inf): every turn allowed;
    // 0 / 0 (nothing to mine down, turns = NaN): one turn.
    t_lo = t_hi = turns >= trip.max_t ? trip.max_t : turns >= 1 ? static_cast<int>(turns) : 1;
  }
  if (trip.prune) {
    const double bound = mining_value_bound(trip, m, d1, hv);
    if (!can_enter(trip, bound, c)) {
      outside_best_ = std::max(outside_best_, bound);
      return;
    }
  }
  auto rate = [&](int t) {
    return discount_[d1 + t] * (carried + keep_[t] * hv) / std::max(1.0, d1 + t + p_.return_weight * d2);
  };
  t_hi = std::min(t_hi, trip.left - d1 - d2);  // the whole trip before the episode ends
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
  if (arriving <= m.lightest_presser)
    factor = m.held;  // exp(-0) = 1: no enemy lighter than the ship presses
  else if (arriving > m.heaviest_presser)
    factor = m.held_pressed;  // every enemy pressing is lighter
  else
    factor = m.held * std::exp(-enemy_discount_scale_ * p_.pressure_discount * pressure(c, arriving));
  best *= factor;
  best *= m.territory;
  if (d1 == 0) best *= trip.stay_factor;
  if (lighter_within(c, d1) < arriving) best *= 1 - p_.threat_discount;
  if (!can_enter(trip, best, c)) {
    outside_best_ = std::max(outside_best_, best);
    return;
  }
  if (top_.size() == trip.k) {
    outside_best_ = std::max(outside_best_, top_.back().first);
    top_.pop_back();
  }
  const std::pair<double, int> entry{best, c};
  top_.insert(std::lower_bound(top_.begin(), top_.end(), entry, ranks_before), entry);
}

void FleetPolicy::remember_mining_targets(const MiningTrip& trip) {
  const uint32_t next_generation = memo_generation_ + 1;
  mining_memo_[trip.from] = {next_generation, trip.x, outside_best_, static_cast<int>(next_memo_targets_.size()),
                             static_cast<int>(top_.size())};
  next_memo_targets_.insert(next_memo_targets_.end(), top_.begin(), top_.end());
}

// The last decide()'s targets for this cell and cargo, when usable: its
// unchanged targets and every changed cell give the best k unless a cell
// left out then (worth at most its outside_best) could enter now.
bool FleetPolicy::mining_targets_from_memo(const MiningTrip& trip) {
  const MiningMemo& memo = mining_memo_[trip.from];
  if (!(memo_usable_ && memo.generation == memo_generation_ && same_bits(memo.cargo, trip.x))) return false;
  for (int j = memo.begin; j < memo.begin + memo.count; ++j)
    if (!mine_changed_[memo_targets_[static_cast<size_t>(j)].second])
      top_.push_back(memo_targets_[static_cast<size_t>(j)]);
  outside_best_ = memo.outside_best;
  for (int index : changed_mine_) {
    const MineCell& m = mine_cells_[static_cast<size_t>(index)];
    consider_mining(trip, m, geo_.dist(trip.from, m.cell));
  }
  const bool exact = top_.size() < trip.k ? memo.outside_best == -kInf : top_.back().first > memo.outside_best;
  if (exact) return true;
  top_.clear();
  peak_ = 1;
  outside_best_ = -kInf;
  return false;
}

int FleetPolicy::mine_near_cells(const MiningTrip& trip) {
  const int n = geo_.size();
  const int row0 = trip.from / n, col0 = trip.from % n;
  // All within kNearRadius, and further rings until k cells are kept.
  const int max_dist = static_cast<int>(ring_begin_.size()) - 2;
  int near = 0;
  for (;; ++near) {
    for (int j = ring_begin_[near]; j < ring_begin_[near + 1]; ++j) {
      int row = row0 + ring_[j].first, col = col0 + ring_[j].second;
      if (row >= n) row -= n;
      if (col >= n) col -= n;
      const int index = mine_index_[row * n + col];
      if (index >= 0) consider_mining(trip, mine_cells_[static_cast<size_t>(index)], near);
    }
    if (near == max_dist || (near >= kNearRadius && top_.size() == trip.k)) break;
  }
  return near;
}

void FleetPolicy::mine_far_cells(const MiningTrip& trip, int near) {
  // Those whose bound can beat the k-th best of the near ones picked out
  // first without a branch (most cannot).
  const double least = trip.prune && top_.size() == trip.k ? top_.back().first : -kInf;
  int picked = 0;
  for (int i = 0; i < static_cast<int>(mine_cells_.size()); ++i) {
    const MineCell& m = mine_cells_[static_cast<size_t>(i)];
    const int d1 = geo_.dist(trip.from, m.cell);
    const double hv = m.enemy_on && d1 > 1 ? m.halite * mined_left_[d1 - 1]
                                           : std::min(m.halite * growth_[d1], std::max(m.halite, trip.cap));
    picked_[static_cast<size_t>(picked)] = static_cast<int16_t>(i);
    picked += (d1 > near) & (mining_value_bound(trip, m, d1, hv) >= least);
  }
  // A cell passed over is worth less than its bound, below least.
  outside_best_ = std::max(outside_best_, least);
  for (int j = 0; j < picked; ++j) {
    const MineCell& m = mine_cells_[static_cast<size_t>(picked_[static_cast<size_t>(j)])];
    consider_mining(trip, m, geo_.dist(trip.from, m.cell));
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
// early, are visited first: the near cells, then the others.
void FleetPolicy::best_mining_targets(const State& s, int from, double x) {
  top_.clear();
  const size_t k = static_cast<size_t>(std::max(0, p_.targets_per_ship));
  if (k == 0) return;
  const double carried = p_.mining_cargo_weight * cargo_weight_ * x;
  const MiningTrip trip{.from = from,
                        .x = x,
                        .k = k,
                        .left = steps_left(s),
                        .max_t = std::min(p_.max_mine_turns, kMaxTurns - 1),
                        .cap = static_cast<double>(s.config().max_cell_halite),
                        .carried = carried,
                        .stay_factor = 1 + p_.stay_mining_bonus,
                        .prune = mining_bounded_ && carried >= 0};
  peak_ = 1;
  outside_best_ = -kInf;
  if (mining_targets_from_memo(trip)) {
    remember_mining_targets(trip);
    ++mining_memo_hits_;
    return;
  }
  mine_far_cells(trip, mine_near_cells(trip));
  remember_mining_targets(trip);
}

}  // namespace halite::search
