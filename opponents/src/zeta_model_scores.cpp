// zeta_model's scores of a turn: each ship's reachable cells (the
// preferences the moves are assigned by), the enemy ships own ships can
// trap, the end of farming, the harvest threshold and the spawn limit.
#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "cpython_order.h"
#include "zeta_model_impl.h"

namespace halite::opponents {

// ---- scores ------------------------------------------------------------------

double ZetaModelPolicy::Impl::cell_score(int k, int cell) const {
  const Ship& sh = ship(k);
  const auto ships = s->ships();
  double score = 0;
  const int yi = yard_at[static_cast<size_t>(cell)];
  const int si = ship_at[static_cast<size_t>(cell)];
  auto intruder_ok = [&](int c, UnitId id) {
    const auto& m = intrusions[static_cast<size_t>(c)];
    const auto it = m.find(id);
    return it == m.end() || it->second <= P(zp::max_intrusion_count);
  };
  if (yi >= 0) {
    const Shipyard& y = s->shipyards()[static_cast<size_t>(yi)];
    if (y.owner != me) {
      int owner_guards = 0;
      for (int nb : neighbours(cell)) {
        const int j = ship_at[static_cast<size_t>(nb)];
        if (j >= 0 && ships[static_cast<size_t>(j)].owner == y.owner && ships[static_cast<size_t>(j)].cargo <= sh.cargo)
          ++owner_guards;
      }
      if (s->player(y.owner).bank < spawn_price && si < 0 && sh.cargo < kUnguardedMaxCargo && owner_guards == 0)
        score += kUnguardedYard;
      else if (sh.cargo > P(zp::max_halite_attack_shipyard))
        score -= kEnemyYardLoaded + sh.cargo;
      else if ((sh.cargo == 0 && ((rank == 0 && ship_advantage > 0) || step >= P(zp::end_start) ||
                                  is_farming[static_cast<size_t>(cell)])) ||
               yard_dist[static_cast<size_t>(cell)] <= 2)
        score += kAttackYard;
      else
        score += kEnemyYardOther;
    } else if (bank >= spawn_cost && yard_count == 1 && !spawn_limit) {
      if (step <= 100 || medium_dom[static_cast<size_t>(cell)] >= P(zp::spawn_min_dominance))
        score += P(zp::move_preference_block_shipyard);
    }
  }
  if (si >= 0 && ships[static_cast<size_t>(si)].owner != me) {
    const Ship& e = ships[static_cast<size_t>(si)];
    if (e.cargo < sh.cargo)
      score -= kLighterEnemy + sh.cargo - 0.5 * e.cargo;
    else if (e.cargo == sh.cargo) {
      if ((!is_farming[static_cast<size_t>(cell)] || (yi < 0 && intruder_ok(cell, e.id))) &&
          yard_dist[static_cast<size_t>(cell)] > 1 && (next_site < 0 || dist(cell, next_site) > 2))
        score -= kEqualEnemy;
    } else
      score += std::min(e.cargo * P(zp::cell_score_enemy_halite), kHeavierCap);
  }
  double nv = 0;
  const double disc = P(zp::cell_score_neighbour_discount);
  for (int nb : neighbours(cell)) {
    const int j = ship_at[static_cast<size_t>(nb)];
    if (j < 0 || ships[static_cast<size_t>(j)].owner == me) continue;
    const Ship& e = ships[static_cast<size_t>(j)];
    if (e.cargo < sh.cargo) {
      nv = -(kLighterEnemy + sh.cargo) * (disc + kLighterNeighbourExtra);
      break;
    }
    if (e.cargo == sh.cargo && !is_yard[static_cast<size_t>(cell)]) {
      if ((!is_farming[static_cast<size_t>(cell)] && yard_dist[static_cast<size_t>(cell)] > 1 &&
           yard_dist[static_cast<size_t>(nb)] > 1 && (next_site < 0 || dist(cell, next_site) > 2)) ||
          (yard_at[static_cast<size_t>(nb)] < 0 && intruder_ok(nb, e.id))) {
        if (step > P(zp::greed_stop) || presence_diff[static_cast<size_t>(e.owner)] >= P(zp::greed_min_map_diff))
          nv -= kEqualEnemy * disc;
      }
    } else {
      nv += std::min(e.cargo * P(zp::cell_score_enemy_halite) * disc, kHeavierNeighbourCap);
    }
  }
  score += nv;
  score += P(zp::cell_score_dominance) * small_dom[static_cast<size_t>(cell)];
  if (is_farming[static_cast<size_t>(cell)] && 0 < halite[static_cast<size_t>(cell)] &&
      halite[static_cast<size_t>(cell)] < harvest)
    score += final_ && cell == sh.cell ? P(zp::cell_score_mine_farming) : P(zp::cell_score_farming);
  return score * (1 + P(zp::cell_score_ship_halite) * sh.cargo);
}

void ZetaModelPolicy::Impl::change(int k, int cell, double delta) {
  const size_t width = reach.size() + static_cast<size_t>(convert_columns);
  for (int col : column_of[static_cast<size_t>(cell)])
    pref[static_cast<size_t>(k) * width + static_cast<size_t>(col)] += delta;
}

void ZetaModelPolicy::Impl::fill_preferences() {
  // Columns: the cells own ships reach, in the order of the bot's set of
  // points; late in the game own yards thrice more; then conversions.
  std::vector<int64_t> keys;
  std::vector<uint64_t> hashes;
  for (size_t k = 0; k < own.size(); ++k)
    for (int c : in_reach(ship(static_cast<int>(k)).cell)) {
      keys.push_back(c);
      hashes.push_back(tuple_hash(xof(c), yof(c)));
    }
  reach.clear();
  for (int64_t c : python_set_order(keys, hashes)) reach.push_back(static_cast<int>(c));
  distinct_positions = static_cast<int>(reach.size());
  if (step > P(zp::end_start))
    for (int y : yard_cells)
      if (in_list(std::vector<int>(reach.begin(), reach.begin() + distinct_positions), y))
        for (int i = 0; i < 3; ++i) reach.push_back(y);
  convert_columns = static_cast<int>(std::floor(bank / convert_price)) + 1;
  column_of.assign(static_cast<size_t>(cells), {});
  for (size_t i = 0; i < reach.size(); ++i) column_of[static_cast<size_t>(reach[i])].push_back(static_cast<int>(i));
  danger.assign(static_cast<size_t>(cells), 99999);
  for (int e : enemies) {
    const Ship& sh = s->ships()[static_cast<size_t>(e)];
    for (int c : in_reach(sh.cell))
      if (danger[static_cast<size_t>(c)] > sh.cargo) danger[static_cast<size_t>(c)] = static_cast<int>(sh.cargo);
  }
  const size_t width = reach.size() + static_cast<size_t>(convert_columns);
  pref.assign(own.size() * width, kNone);
  if (final_) escape.assign(own.size() * static_cast<size_t>(cells), 0);
  const int small_r = PI(zp::dominance_map_small_radius);
  for (size_t k = 0; k < own.size(); ++k) {
    const Ship& sh = ship(static_cast<int>(k));
    if (sh.cargo >= P(zp::convert_when_attacked_threshold) && sh.cargo + bank >= convert_price)
      for (size_t c = reach.size(); c < width; ++c) pref[k * width + c] = -P(zp::convert_when_attacked_threshold);
    const auto r = in_reach(sh.cell);
    double* esc = final_ ? &escape[k * static_cast<size_t>(cells)] : nullptr;
    std::array<double, 5> dscore{};
    for (size_t i = 0; i < 5; ++i) {
      double ds = 0;
      for (int q : radius_list(r[i], small_r)) {
        const int dq = dist(r[i], q);
        const double discount =
            final_ ? kDangerDiscount[static_cast<size_t>(std::min(dq, 3))] : std::pow(kDangerDecay, dq);
        if (danger[static_cast<size_t>(q)] < sh.cargo) {
          ds += 2 * discount;
          if (esc)
            for (int c : in_reach(q)) esc[c] += 1;
        } else if (danger[static_cast<size_t>(q)] == sh.cargo) {
          ds += discount;
          if (esc)
            for (int c : in_reach(q)) esc[c] += 0.5;
        }
      }
      dscore[i] = ds;
    }
    const double lo = *std::min_element(dscore.begin(), dscore.end()),
                 hi = *std::max_element(dscore.begin(), dscore.end());
    double weight = P(zp::cell_score_danger);
    int threatened = 0;  // reachable cells an enemy not heavier reaches
    if (final_) {
      int sinking = 0;  // ... a lighter one
      for (int c : r) {
        sinking += danger[static_cast<size_t>(c)] < sh.cargo;
        threatened += danger[static_cast<size_t>(c)] <= sh.cargo;
      }
      if (sinking == 5) weight = kTrappedDangerFactor * weight;
    }
    for (size_t i = 0; i < 5; ++i) {
      const double v = std::trunc(cell_score(static_cast<int>(k), r[i]));
      for (int col : column_of[static_cast<size_t>(r[i])]) pref[k * width + static_cast<size_t>(col)] = v;
      // zeta_best adds each cell's danger to the ship's own cell, zeta_final
      // to that cell.
      if (sh.cargo > 0 && hi - lo > 1)
        change(static_cast<int>(k), final_ ? r[i] : sh.cell,
               std::trunc((1 - (dscore[i] - lo) / (hi - lo)) * weight - floordiv(weight, 2)));
    }
    if (final_ && threatened >= kThreatenedCells && sh.cargo == 0 && halite[static_cast<size_t>(sh.cell)] > 0 &&
        step < kStayPenaltyUntil)
      change(static_cast<int>(k), sh.cell, kThreatenedStay);
    if (yard_at[sh.cell] >= 0)
      change(static_cast<int>(k), sh.cell,
             step > kEarlyYardSteps + first_yard_step ? P(zp::move_preference_stay_on_shipyard) : kEarlyYardStay);
  }
}

void ZetaModelPolicy::Impl::find_vulnerable() {
  // Enemy ships that own lighter ships can trap: no escape (-2), only
  // staying (-1), or one escape direction.
  std::vector<int> mine(static_cast<size_t>(cells), 99999);
  for (int k : own) {
    const Ship& sh = s->ships()[static_cast<size_t>(k)];
    for (int c : in_reach(sh.cell))
      if (mine[static_cast<size_t>(c)] > sh.cargo) mine[static_cast<size_t>(c)] = static_cast<int>(sh.cargo);
  }
  vulnerable.clear();
  vulnerable_order.clear();
  escape_count.clear();
  vulnerable_cells.clear();
  for (int e : enemies) {
    const Ship& sh = s->ships()[static_cast<size_t>(e)];
    std::vector<int> escapes;
    for (int c : in_reach(sh.cell)) {
      int count = 0;
      for (int c2 : in_reach(c))
        if (c2 != c && mine[static_cast<size_t>(c2)] >= sh.cargo) ++count;
      if (mine[static_cast<size_t>(c)] >= sh.cargo && count > 1) escapes.push_back(c);
      escape_count[{sh.id, c}] = count;
    }
    if (escapes.empty()) {
      vulnerable[sh.id] = -2;
    } else if (escapes.size() == 1) {
      vulnerable[sh.id] = escapes[0] == sh.cell ? -1 : nav(sh.cell, escapes[0])[0];
    } else {
      continue;
    }
    vulnerable_order.push_back(sh.id);
    vulnerable_cells.emplace_back(sh.cell, sh.cargo);
  }
}

int ZetaModelPolicy::Impl::estimate_farming_end() const {
  const double cnt = static_cast<double>(real_farming.size());
  double sum_h = 0, sum_d = 0, sum_sd = 0;
  for (int c : real_farming) sum_h += halite[static_cast<size_t>(c)];
  for (int c : real_farming) sum_d += yard_dist[static_cast<size_t>(c)];
  for (int k : own) sum_sd += yard_dist[s->ships()[static_cast<size_t>(k)].cell];
  const double avg_h = sum_h / std::max(cnt, 1.0), avg_return = sum_d / std::max(cnt, 1.0);
  const double avg_ship = sum_sd / std::max(static_cast<double>(own.size()), 1.0);
  const int ships_n = static_cast<int>(static_cast<double>(own.size()) * 0.6);
  const double per_ship = cnt / std::max(ships_n, 1);
  const double steps_per_position = std::ceil(std::log(rules->farmed_halite / std::max(avg_h, 1.0)) / std::log(0.75));
  double steps = per_ship * steps_per_position;
  steps += std::max(std::ceil(2 * per_ship - 2), 0.0) + std::ceil(avg_ship) +
           std::ceil(2.25 * avg_return * std::max(per_ship, 1.0)) + P(zp::end_return_extra_moves) + 9;
  return static_cast<int>(clip(kLastStep - std::ceil(steps), rules->farming_end_min, rules->farming_end_max));
}

int ZetaModelPolicy::Impl::harvest_threshold() const {
  const double per_point = static_cast<double>(own.size()) / std::max(static_cast<double>(real_farming.size()), 1.0);
  double t = clip(rules->harvest_per_step * step + rules->harvest_base, 80, 480);
  const double norm = P(zp::harvest_threshold_ship_advantage_norm), beta = P(zp::harvest_threshold_beta),
               alpha = P(zp::harvest_threshold_alpha);
  const double adv = beta * clip(ship_advantage + norm, 0, 1.5 * norm) / norm;
  t *= (1 - alpha / 2 +
        alpha * (1 - clip(enemy_hunting_share, 0, P(zp::harvest_threshold_hunting_norm)) /
                         P(zp::harvest_threshold_hunting_norm))) *
       (1 - 2 * beta / 3 + adv);
  t = 0.95 * t + 0.1 * clip((per_point - 0.9) / 1.1, 0, 1);
  return static_cast<int>(clip(t, 110, 450));
}

bool ZetaModelPolicy::Impl::reached_spawn_limit() const {
  int most = 0;
  for (int q = 0; q < s->num_players(); ++q) {
    if (q == me) continue;
    int c = 0;
    for (const Ship& sh : s->ships()) c += sh.owner == q;
    most = std::max(most, c);
  }
  return step > P(zp::spawn_till) || (ship_count >= most + P(zp::max_ship_advantage) && ship_count >= P(zp::min_ships));
}

}  // namespace halite::opponents
