// zeta_model's yards: the planned site, conversions, spawns and the guards
// of own yards.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "zeta_model_impl.h"

namespace halite::opponents {

// ---- yards -------------------------------------------------------------------

int ZetaModelPolicy::Impl::populated(int cell) const {
  const int r = static_cast<int>(std::ceil(P(zp::max_shipyard_distance) / 2));
  int count = 0;
  for (int q = 0; q < cells; ++q)
    if (dist(cell, q) <= r && halite[static_cast<size_t>(q)] > 0) ++count;
  return count;
}

namespace {
// The bot's signed shortest offset from a1 to a2 on one axis.
int component(int a1, int a2, int n) {
  const int lo = std::min(a1, a2), hi = std::max(a1, a2);
  const int adiff = hi - lo, adist = std::min(adiff, n - adiff);
  if (adiff == adist) return a2 == hi ? adiff : -adiff;
  return a2 == hi ? -adist : adist;
}
}  // namespace

int ZetaModelPolicy::Impl::excircle_midpoint(int a, int b, int c) const {
  // The centre of the circle through three yards (sites), on the torus.
  const double abx = component(xof(a), xof(b), n), aby = component(yof(a), yof(b), n);
  const double acx = component(xof(a), xof(c), n), acy = component(yof(a), yof(c), n);
  const double rx = -aby, ry = abx, vx = -acy, vy = acx;
  const double m1x = 0.5 * abx, m1y = 0.5 * aby, m2x = 0.5 * acx, m2y = 0.5 * acy;
  const double den = ry * vx - rx * vy;
  if (den == 0) {
    const double bcx = component(xof(b), xof(c), n), bcy = component(yof(b), yof(c), n);
    const double lab = std::abs(abx) + std::abs(aby), lac = std::abs(acx) + std::abs(acy),
                 lbc = std::abs(bcx) + std::abs(bcy);
    const double m = std::max({lab, lac, lbc});
    if (lab == m) return c;
    if (lac == m) return b;
    return a;
  }
  const double t = (m1x * vy - m2x * vy - m1y * vx + m2y * vx) / den;
  const double qx = xof(a) + m1x + t * rx, qy = yof(a) + m1y + t * ry;
  return at(static_cast<int>(std::nearbyint(qx)), static_cast<int>(std::nearbyint(qy)));
}

void ZetaModelPolicy::Impl::plan_site() {
  const int site = best_site();
  if (site >= 0) next_site = site;
}

int ZetaModelPolicy::Impl::best_site() const {
  std::vector<std::pair<int, double>> options;
  const int lo = PI(zp::min_shipyard_distance), hi = PI(zp::max_shipyard_distance);
  std::vector<int> enemy_yards;
  for (int q = 0; q < s->num_players(); ++q)
    for (const Shipyard& y : s->shipyards())
      if (y.owner == q && q != me) enemy_yards.push_back(y.cell);
  if (own_yards.empty()) {
    if (own.empty()) return -1;
    int best = 0;
    for (size_t k = 1; k < own.size(); ++k)
      if (ultra[ship(static_cast<int>(k)).cell] > ultra[ship(best).cell]) best = static_cast<int>(k);
    const int sc = ship(best).cell;
    for (int pos : radius_list(sc, PI(zp::dominance_map_small_radius)))
      if (halite[static_cast<size_t>(pos)] <= 40)
        options.emplace_back(pos, ultra[static_cast<size_t>(pos)] / (1 + dist(sc, pos)));
  } else if (max_connections == 0) {
    const int yc = yard_cells[0];
    const bool early = step <= P(zp::early_second_shipyard);
    for (int pos = 0; pos < cells; ++pos) {
      const int d = dist(yc, pos);
      int near = kFar;
      for (int e : enemy_yards) near = std::min(near, dist(pos, e));
      if (lo <= d && d <= hi && near >= P(zp::min_enemy_shipyard_distance)) {
        const double hx = 0.5 * component(xof(yc), xof(pos), n), hy = 0.5 * component(yof(yc), yof(pos), n);
        const int mid =
            at(xof(yc) + static_cast<int>(std::nearbyint(hx)), yof(yc) + static_cast<int>(std::nearbyint(hy)));
        if (early && halite[static_cast<size_t>(pos)] <= 50)
          options.emplace_back(pos, final_ ? ultra[static_cast<size_t>(pos)] / kEarlySiteHaliteDivisor + populated(mid)
                                           : ultra[static_cast<size_t>(pos)]);
        else
          options.emplace_back(pos, populated(mid));
      }
    }
  } else {
    const bool require_dominance =
        connected > 2 && (map_rank != 0 || rank != 0 || (final_ && connected >= kDominanceFromConnected));
    std::vector<int> avoid;
    for (int q = 0; q < s->num_players(); ++q)
      for (const Shipyard& y : s->shipyards())
        if (y.owner == q && q != me && presence_diff[static_cast<size_t>(q)] < 12) avoid.push_back(y.cell);
    for (int pos = 0; pos < cells; ++pos) {
      if (require_dominance && medium_dom[static_cast<size_t>(pos)] < P(zp::shipyard_min_dominance) * 1.8) continue;
      bool near_enemy = false;
      for (int a : avoid) near_enemy |= dist(pos, a) < P(zp::min_enemy_shipyard_distance);
      if (near_enemy) continue;
      const int sd = yard_dist[static_cast<size_t>(pos)];
      if (sd < lo || hi < sd) continue;
      std::vector<int> good;
      for (int y : yard_cells)
        if (lo <= dist(pos, y) && dist(pos, y) <= hi) good.push_back(y);
      for (size_t i = 0; i < good.size(); ++i)
        for (size_t j = i + 1; j < good.size(); ++j)
          if (is_triangle(pos, good[i], good[j]))
            options.emplace_back(pos, populated(excircle_midpoint(good[i], good[j], pos)) +
                                          (final_ && require_dominance ? medium_dom[static_cast<size_t>(pos)] : 0));
    }
  }
  if (options.empty()) return -1;
  std::stable_sort(options.begin(), options.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return options[0].first;
}

bool ZetaModelPolicy::Impl::good_triangle(int cell) const {
  const int lo = PI(zp::min_shipyard_distance), hi = PI(zp::max_shipyard_distance);
  const int sd = yard_dist[static_cast<size_t>(cell)];
  if (!(lo <= sd && sd <= hi)) return false;
  std::vector<int> good;
  for (int y : yard_cells)
    if (lo <= dist(cell, y) && dist(cell, y) <= hi) good.push_back(y);
  if (good.empty()) return false;
  std::vector<int> mids;
  if (max_connections == 0) {
    const double hx = 0.5 * component(xof(cell), xof(good[0]), n), hy = 0.5 * component(yof(cell), yof(good[0]), n);
    mids.push_back(
        at(xof(cell) + static_cast<int>(std::nearbyint(hx)), yof(cell) + static_cast<int>(std::nearbyint(hy))));
  } else {
    for (size_t i = 0; i < good.size(); ++i)
      for (size_t j = i + 1; j < good.size(); ++j) {
        const int a = good[i], b = good[j];
        if ((xof(a) == xof(b) && xof(b) == xof(cell)) || (yof(a) == yof(b) && yof(b) == yof(cell)))
          mids.push_back(cell);
        else
          mids.push_back(excircle_midpoint(a, b, cell));
      }
  }
  const double threshold = P(zp::shipyard_min_population) * population * disc_cells;
  for (int m : mids)
    if (populated(m) >= threshold) return true;
  return false;
}

bool ZetaModelPolicy::Impl::should_convert(int k) const {
  const Ship& sh = ship(k);
  if (bank + sh.cargo < convert_price) return false;
  int nearest = kFar;
  for (int e : enemies) nearest = std::min(nearest, dist(sh.cell, s->ships()[static_cast<size_t>(e)].cell));
  int guards = 0;
  for (size_t j = 0; j < own.size(); ++j) {
    const int d = dist(ship(static_cast<int>(j)).cell, sh.cell);
    if ((0 < d && d < nearest) || (d == 1 && type[j] == ShipType::ConstructionGuarding)) ++guards;
  }
  if (guards == 0 && ship_count > 5) return false;
  if (sh.cell == next_site && step <= P(zp::shipyard_stop)) return true;
  if (yard_count == 0 && step <= kFirstTurns) return false;
  if (yard_count == 0 && (step <= P(zp::end_start) || sh.cargo >= convert_price || cargo >= kFirstYardCargo))
    return true;
  if (connected >= P(zp::max_shipyards)) return false;
  if (mean_halite / yard_count < P(zp::shipyard_conversion_threshold) ||
      (std::max(connected, 1) + 1) / static_cast<double>(ship_count) >= P(zp::ships_shipyards_threshold))
    return false;
  if (medium_dom[sh.cell] < P(zp::shipyard_min_dominance)) return false;
  return good_triangle(sh.cell);
}

void ZetaModelPolicy::Impl::convert(int k) {
  const Ship& sh = ship(k);
  type[static_cast<size_t>(k)] = ShipType::Converting;
  const size_t width = reach.size() + static_cast<size_t>(convert_columns);
  for (size_t c = static_cast<size_t>(distinct_positions); c < width; ++c)
    pref[static_cast<size_t>(k) * width + c] = kConvertNow;
  bank += sh.cargo - convert_price;
  --ship_count;
  ++yard_count;
  planned_sites.push_back(sh.cell);
  if (step < 10) first_yard_step = step;
  if (sh.cell == next_site) next_site = -1;
}

void ZetaModelPolicy::Impl::spawn(int y) {
  const int cell = s->shipyards()[static_cast<size_t>(y)].cell;
  spawns.push_back(y);
  planned_moves.push_back(cell);
  bank -= spawn_price;
  ++ship_count;
  std::vector<int> around = {cell};
  for (int nb : neighbours(cell)) around.push_back(nb);
  for (int c : around) {
    const int j = ship_at[static_cast<size_t>(c)];
    if (j >= 0 && s->ships()[static_cast<size_t>(j)].owner == me)
      change(own_index(s->ships()[static_cast<size_t>(j)].id), cell, kSpawnCell);
  }
}

void ZetaModelPolicy::Impl::build_yards() {
  if (own.empty()) return;
  std::vector<int> avoid;
  for (int q = 0; q < s->num_players(); ++q)
    for (const Shipyard& y : s->shipyards())
      if (y.owner == q && q != me && presence_diff[static_cast<size_t>(q)] < (step > 130 ? 14 : 10))
        avoid.push_back(y.cell);
  const int lo = PI(zp::min_shipyard_distance), hi = PI(zp::max_shipyard_distance);
  bool in_avoid = false;
  if (next_site >= 0)
    for (int a : avoid)
      if (dist(a, next_site) < P(zp::min_enemy_shipyard_distance)) {
        in_avoid = true;
        break;
      }
  const int board_yards = static_cast<int>(own_yards.size());
  if (next_site >= 0 &&
      !(lo <= yard_dist[static_cast<size_t>(next_site)] && yard_dist[static_cast<size_t>(next_site)] <= hi &&
        !in_avoid && board_yards >= last_yard_count) &&
      board_yards > 0 && step <= P(zp::shipyard_stop))
    plan_site();
  const bool disabled =
      (P(zp::shipyard_start) > step || step > P(zp::shipyard_stop)) && (step > kFirstTurns || board_yards > 0);
  const int base = std::max(connected, 1) + 1;
  const int board_ships = static_cast<int>(own.size());
  const bool want =
      step < P(zp::shipyard_stop) && ((P(zp::third_shipyard_step) <= step && step < 200 && max_connections <= 1 &&
                                       ship_advantage > -10 && ship_count >= rules->ships_per_yards[2]) ||
                                      (P(zp::second_shipyard_step) <= step && max_connections == 0 &&
                                       ship_advantage > -18 && ship_count >= rules->ships_per_yards[1]) ||
                                      (((base < static_cast<int>(rules->ships_per_yards.size()) &&
                                         board_ships >= rules->ships_per_yards[static_cast<size_t>(base)]) ||
                                        base / static_cast<double>(board_ships) <= P(zp::ships_shipyards_threshold)) &&
                                       ship_advantage > P(zp::shipyard_min_ship_advantage) && max_connections > 1));
  if (want) {
    if (next_site < 0) {
      plan_site();
    } else if (small_dom[static_cast<size_t>(next_site)] >= -3) {
      std::vector<int> candidates;
      for (size_t k = 0; k < own.size(); ++k) {
        const Ship& sh = ship(static_cast<int>(k));
        if ((sh.cargo <= 0 || (step <= 45 && enemy_dist[static_cast<size_t>(next_site)] >= 2)) &&
            !typed(static_cast<int>(k)))
          candidates.push_back(static_cast<int>(k));
      }
      std::stable_sort(candidates.begin(), candidates.end(),
                       [&](int a, int b) { return dist(ship(a).cell, next_site) < dist(ship(b).cell, next_site); });
      const int occupant = ship_at[static_cast<size_t>(next_site)];
      if (!candidates.empty() && (occupant < 0 || s->ships()[static_cast<size_t>(occupant)].owner != me))
        type[static_cast<size_t>(candidates[0])] = ShipType::Constructing;
      if (candidates.size() > 1 && bank > 250 && small_dom[static_cast<size_t>(next_site)] < 3)
        type[static_cast<size_t>(candidates[1])] = ShipType::ConstructionGuarding;
    }
  } else if (disabled) {
    return;
  }
  std::vector<int> by_cargo(own.size());
  std::iota(by_cargo.begin(), by_cargo.end(), 0);
  std::stable_sort(by_cargo.begin(), by_cargo.end(), [&](int a, int b) { return ship(a).cargo > ship(b).cargo; });
  for (int k : by_cargo) {
    if (should_convert(k) && type[static_cast<size_t>(k)] != ShipType::Converting &&
        (!disabled || (next_site >= 0 && ship(k).cell == next_site))) {
      convert(k);
      return;
    }
  }
}

int ZetaModelPolicy::Impl::guard_position(int site, std::vector<UnitId>& taken) {
  const int ed = enemy_dist[static_cast<size_t>(site)], ed2 = enemy_dist2[static_cast<size_t>(site)];
  const double dom = medium_dom[static_cast<size_t>(site)];
  int md = kFar, md2 = kFar, guard = -1, guard2 = -1;
  for (size_t k = 0; k < own.size(); ++k) {
    const ShipType t = type[k];
    const Ship& sh = ship(static_cast<int>(k));
    if (t == ShipType::Converting || t == ShipType::Constructing) continue;
    if (std::find(taken.begin(), taken.end(), sh.id) != taken.end()) continue;
    const int d = dist(site, sh.cell);
    if (d < md && (sh.cargo <= 0 || d < ed)) {
      md2 = md;
      md = d;
      guard2 = guard;
      guard = static_cast<int>(k);
    } else if (d < md2 && (sh.cargo <= 0 || d < ed2)) {
      guard2 = static_cast<int>(k);
      md2 = d;
    }
  }
  if (guard >= 0) taken.push_back(ship(guard).id);
  auto place = [&](int g, int e_d, int m_d) {
    if (dom < P(zp::shipyard_abandon_dominance)) return;
    if (g < 0) return;
    if (e_d - 1 <= m_d) {
      yard_guard[static_cast<size_t>(g)] = 1;
      guarding.push_back(g);
      border_guard[static_cast<size_t>(g)] = site;
      type[static_cast<size_t>(g)] = ShipType::Guarding;
      if (e_d <= m_d) urgent_guard[static_cast<size_t>(g)] = 1;
    } else if (e_d - 2 <= m_d) {
      if (halite[ship(g).cell] > 0) change(g, ship(g).cell, kGuardNoMining);
    }
  };
  place(guard, ed, md);
  place(guard2, ed2, md2);
  return md;
}

void ZetaModelPolicy::Impl::guard_yards() {
  std::vector<UnitId> taken;
  for (int site : std::vector<int>(planned_sites)) guard_position(site, taken);
  for (int yi : own_yards) {
    const Shipyard& y = s->shipyards()[static_cast<size_t>(yi)];
    if (in_list(planned_moves, y.cell)) continue;
    const double dom = medium_dom[y.cell];
    const int md = guard_position(y.cell, taken);
    std::vector<int> attackers;
    double lightest = 500;
    for (int nb : neighbours(y.cell)) {
      const int j = ship_at[static_cast<size_t>(nb)];
      if (j >= 0 && s->ships()[static_cast<size_t>(j)].owner != me) attackers.push_back(j);
    }
    if (!attackers.empty()) {
      lightest = kInf;
      for (int j : attackers) lightest = std::min(lightest, s->ships()[static_cast<size_t>(j)].cargo);
    }
    if (attackers.empty() || md == 1) continue;
    const int on = ship_at[y.cell];
    if (on >= 0) {
      const int k = own_index(s->ships()[static_cast<size_t>(on)].id);
      type[static_cast<size_t>(k)] = ShipType::ShipyardGuarding;
      // The bot draws random() > attack probability here; the model takes the
      // likelier outcome (the yard's ship stays when the probability is
      // below .5).
      const bool draw_stays = P(zp::shipyard_guarding_attack_probability) < 0.5;
      if (bank < spawn_cost || (step > P(zp::spawn_till) && (yard_count > 1 || step > kLateStep)) ||
          dom < P(zp::shipyard_guarding_min_dominance) || draw_stays || step >= P(zp::guarding_stop)) {
        if (dom > P(zp::shipyard_abandon_dominance)) change(k, y.cell, kHoldYard);
      } else {
        spawn(yi);
        for (int j : attackers) change(k, s->ships()[static_cast<size_t>(j)].cell, kRamAttacker);
      }
    } else {
      std::vector<int> potential;
      for (int nb : neighbours(y.cell)) {
        const int j = ship_at[static_cast<size_t>(nb)];
        if (j >= 0 && s->ships()[static_cast<size_t>(j)].owner == me &&
            s->ships()[static_cast<size_t>(j)].cargo <= lightest)
          potential.push_back(own_index(s->ships()[static_cast<size_t>(j)].id));
      }
      if (!potential.empty() && (reached_spawn_limit() || bank < spawn_cost)) {
        std::stable_sort(potential.begin(), potential.end(),
                         [&](int a, int b) { return ship(a).cargo < ship(b).cargo; });
        change(potential[0], y.cell, kGuardYard);
        type[static_cast<size_t>(potential[0])] = ShipType::ShipyardGuarding;
      } else if (bank > spawn_cost &&
                 (dom >= P(zp::shipyard_guarding_min_dominance) || step <= 25 || yard_count == 1) &&
                 (step < P(zp::guarding_stop) || (yard_count == 1 && step < P(zp::end_start)))) {
        spawn(yi);
      }
    }
  }
}

}  // namespace halite::opponents
