// The fleet policy's economy: yards, their sites and spawns.
#include "halite/search/policy/fleet.h"

#include <algorithm>
#include <cmath>

#include "fleet_internal.h"

namespace halite::search {

using namespace fleet_internal;

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
  // unless the fleet already leads every rival by a margin; a fleet that a
  // rival outnumbers settles for less, since ships are also the hunters and
  // guards a larger enemy fleet brings to bear. The yards held
  // weakest spawn first. The bank keeps a reserve for defensive spawns and
  // the conversion's cost while the builder travels.
  int ships_after = my_ships_ - static_cast<int>(converts_.size());
  double reserve = s.step() >= p_.defend_reserve_step ? p_.defend_reserve : 0;
  if (site_ >= 0 && converts_.empty() && builder_ >= 0) reserve += std::max(0.0, convert_cost - ships[builder_].cargo);
  std::vector<int>& order = spawn_cells_;  // reused as scratch: yard indices
  order.clear();
  for (int i = 0; i < static_cast<int>(s.shipyards().size()); ++i)
    if (s.shipyards()[i].owner == me) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return control_[s.shipyards()[a].cell] < control_[s.shipyards()[b].cell]; });
  const int all_ships = static_cast<int>(ships.size());
  for (int i : order) {
    const bool needed = ships_after < p_.min_ships && left > 1;
    const double expected = board_halite_ * p_.spawn_value_scale * (left - p_.spawn_stop_steps) /
                            (all_ships + static_cast<int>(spawn_yards_.size()) + 1);
    const bool trails = p_.spawn_keep_up > 0 && ships_after + p_.spawn_keep_up <= max_enemy_ships_;
    const double min_value = trails ? std::min(p_.spawn_min_value, p_.spawn_keep_up_value) : p_.spawn_min_value;
    const bool pays = left > p_.spawn_stop_steps && ships_after < p_.max_ships && expected > min_value &&
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
      if (y.owner == me)
        own = std::min(own, d);
      else
        enemy = std::min(enemy, d);
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

}  // namespace halite::search
