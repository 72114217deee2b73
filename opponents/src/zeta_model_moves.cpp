// zeta_model's moves: the ship types of a turn and each type's preferences
// over the cells its ships reach.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <vector>

#include "zeta_model_impl.h"

namespace halite::opponents {

// ---- moves -------------------------------------------------------------------

void ZetaModelPolicy::Impl::prefer(int k, const std::vector<int>& dirs, double weight, bool penalize_farming,
                                   bool reduce_farming_penalty, int destination) {
  const int c = ship(k).cell;
  for (int d : dirs) change(k, move(c, d), weight);
  if (destination >= 0 && dirs.size() >= 2 && !real_farming.empty()) {
    const int a1 = farming_between(c, destination, dirs[0] == kEast || dirs[0] == kWest);
    const int a2 = farming_between(c, destination, dirs[1] == kEast || dirs[1] == kWest);
    if (a1 > a2)
      change(k, move(c, dirs[0]), std::trunc(floordiv(-weight, 2)));
    else if (a1 < a2)
      change(k, move(c, dirs[1]), std::trunc(floordiv(-weight, 2)));
  }
  for (int d : {kNorth, kEast, kSouth, kWest})
    if (std::find(dirs.begin(), dirs.end(), d) == dirs.end()) change(k, move(c, d), std::trunc(floordiv(-weight, 1.2)));
  if (!penalize_farming || reduce_farming_penalty) {
    const auto nbs = neighbours(c);
    std::vector<int> around(nbs.begin(), nbs.end());
    around.push_back(c);
    const double delta =
        !penalize_farming ? -P(zp::cell_score_farming) : std::trunc(floordiv(-P(zp::cell_score_farming), 1.5));
    for (int q : around)
      if (is_farming[static_cast<size_t>(q)] && 0 < halite[static_cast<size_t>(q)] &&
          halite[static_cast<size_t>(q)] < harvest)
        change(k, q, delta);
  }
}

int ZetaModelPolicy::Impl::nearest_yard(int c) const {
  int best = -1, bd = 1 << 30;
  for (int y : yard_cells)
    if (dist(c, y) < bd) bd = dist(c, y), best = y;
  return best;
}

void ZetaModelPolicy::Impl::handle_returning(int k) {
  const Ship& sh = ship(k);
  const bool ending = type[static_cast<size_t>(k)] == ShipType::Ending;
  int dest = !ending && deposit_target[static_cast<size_t>(k)] >= 0 ? deposit_target[static_cast<size_t>(k)]
                                                                    : nearest_yard(sh.cell);
  if (dest < 0) {
    if (planned_sites.empty()) return;
    dest = planned_sites[0];
  }
  if (ending && dist(sh.cell, dest) == 1) {
    change(k, dest, kEndingHome);
    return;
  }
  prefer(k, nav(sh.cell, dest), P(zp::move_preference_return), true, false, dest);
}

void ZetaModelPolicy::Impl::handle_mining(int k) {
  const int target = mining_target[static_cast<size_t>(k)];
  if (target < 0) return;
  const Ship& sh = ship(k);
  const bool reduce = !is_farming[static_cast<size_t>(target)];
  if (target != sh.cell) {
    prefer(k, nav(sh.cell, target), P(zp::move_preference_base), true, reduce, target);
    if (yard_dist[sh.cell] == 1)
      for (int nb : neighbours(sh.cell)) {
        const int y = yard_at[static_cast<size_t>(nb)];
        if (y >= 0 && s->shipyards()[static_cast<size_t>(y)].owner == me)
          change(k, nb, (step <= 11 && bank >= spawn_price ? 5 : 1) * P(zp::move_preference_stay_on_shipyard));
      }
  } else {
    change(k, target, P(zp::move_preference_mining));
    prefer(k, {}, P(zp::move_preference_mining), true, reduce);
  }
}

void ZetaModelPolicy::Impl::handle_hunting(int k) {
  const Ship& sh = ship(k);
  const double w = P(zp::move_preference_hunting);
  const auto known = hunting_targets.find(sh.id);
  bool penalize = true;
  if (type[static_cast<size_t>(k)] == ShipType::Defending && known != hunting_targets.end() &&
      is_farming[static_cast<size_t>(known->second.cell)])
    penalize = false;
  if (step >= P(zp::end_start) && sh.cargo == 0) {
    std::vector<std::pair<int, double>> targets;  // (cell, key)
    for (int q = 0; q < s->num_players(); ++q)
      for (const Shipyard& y : s->shipyards())
        if (y.owner == q && q != me && step + dist(sh.cell, y.cell) <= kLastStep) {
          const double key =
              (halite_rank_of[static_cast<size_t>(me)] <= 1 ? 30 - halite_rank_of[static_cast<size_t>(q)] * 10
                                                            : halite_rank_of[static_cast<size_t>(q)] * 10) -
              dist(sh.cell, y.cell);
          targets.emplace_back(y.cell, key);
        }
    if (!targets.empty()) {
      std::stable_sort(targets.begin(), targets.end(),
                       [](const auto& a, const auto& b) { return a.second > b.second; });
      prefer(k, nav(sh.cell, targets[0].first), w * 2, penalize, false, targets[0].first);
    }
  }
  if (enemies.empty()) return;
  Target t;
  if (known != hunting_targets.end()) {
    t = known->second;
  } else {
    int best = -1;
    double bs = -kInf;
    for (int e : enemies) {
      const double v = hunting_score(k, e);
      if (best < 0 || v > bs) best = e, bs = v;
    }
    const Ship& en = s->ships()[static_cast<size_t>(best)];
    t = {false, en.id, en.cell, en.cargo, en.owner};
  }
  if (!((t.yard && sh.cargo <= P(zp::max_halite_attack_shipyard)) || (!t.yard && t.cargo >= sh.cargo))) return;
  const int d = dist(sh.cell, t.cell);
  if (halite[sh.cell] > 0 && d > 1) change(k, sh.cell, std::trunc(-0.8 * w));
  const auto ic = interceptions.find({sh.id, t.id});
  if (ic != interceptions.end()) {
    prefer(k, ic->second, w, penalize, false, t.cell);
    return;
  }
  if (d > 2 || t.yard) {
    prefer(k, nav(sh.cell, t.cell), w, penalize, false, t.cell);
    return;
  }
  const auto target_reach = in_reach(t.cell);
  std::vector<int> possible;
  for (int c : in_reach(sh.cell)) {
    if (std::find(target_reach.begin(), target_reach.end(), c) == target_reach.end()) {
      if (c != sh.cell || halite[static_cast<size_t>(c)] >= 4 * (t.cargo - sh.cargo))
        change(k, c, std::trunc(floordiv(-w, 1.2)));
      else
        change(k, c, std::trunc(floordiv(-w, 2)));
    } else {
      possible.push_back(c);
    }
  }
  for (int c : possible)
    if (!escape_count.count({t.id, c})) escape_count[{t.id, c}] = 3;
  std::set<int, std::greater<int>> counts;
  for (int c : possible) counts.insert(escape_count[{t.id, c}]);
  std::map<int, int> rank_of_count;
  int i = 0;
  for (int cnt : counts) rank_of_count[cnt] = i++;
  for (int c : possible) {
    if (c != sh.cell || halite[static_cast<size_t>(c)] < 4 * (t.cargo - sh.cargo)) {
      change(k, c, std::trunc(w / (rank_of_count[escape_count[{t.id, c}]] + 1)));
    } else {
      const auto v = vulnerable.find(t.id);
      if (v != vulnerable.end() && v->second == -2)
        change(k, c, w);
      else
        change(k, c, std::trunc(-w));
    }
  }
}

void ZetaModelPolicy::Impl::handle_guarding(int k) {
  const int target = border_guard[static_cast<size_t>(k)];
  if (target < 0) return;
  const Ship& sh = ship(k);
  const double w = P(zp::move_preference_guarding);
  if (yard_guard[static_cast<size_t>(k)]) {
    if (sh.cell != target) {
      const double weight = dist(sh.cell, target) > 3 || urgent_guard[static_cast<size_t>(k)] ? w * 2 : w;
      prefer(k, nav(sh.cell, target), weight, false, false, target);
    } else {
      change(k, sh.cell, w - P(zp::move_preference_stay_on_shipyard));
    }
  } else {
    if (halite[sh.cell] > 0) change(k, sh.cell, P(zp::move_preference_guarding_stay));
    prefer(k, nav(sh.cell, target), w, false, false, target);
  }
}

void ZetaModelPolicy::Impl::handle_constructing(int k, double weight) {
  int site = next_site;
  if (site < 0) {
    if (planned_sites.empty()) return;
    site = planned_sites[0];
  }
  prefer(k, nav(ship(k).cell, site), weight, true, false, site);
}

void ZetaModelPolicy::Impl::move_ships() {
  if (own.empty()) return;
  returning.clear();
  mining.clear();
  hunting.clear();
  guarding.clear();
  if (yard_count == 0 && step > kFirstTurns) {
    int best = 0;
    for (size_t k = 1; k < own.size(); ++k)
      if (ship(static_cast<int>(k)).cargo > ship(best).cargo) best = static_cast<int>(k);
    const Ship& sh = ship(best);
    if (sh.cargo + bank >= convert_price &&
        (step <= kLateStep || cargo > kLateConvertCargo || sh.cargo >= convert_price))
      convert(best);
  }
  // zeta_best makes ships on a yard guards before the hunting assignment.
  for (size_t k = 0; k < own.size() && !final_; ++k)
    if (yard_at[ship(static_cast<int>(k)).cell] >= 0 && 30 < step && step < farming_end &&
        !typed(static_cast<int>(k))) {
      guarding.push_back(static_cast<int>(k));
      type[k] = ShipType::Guarding;
    }
  if (P(zp::disable_hunting_till) <= step && step <= farming_end + 10) {
    std::vector<int> candidates;
    for (size_t k = 0; k < own.size(); ++k)
      if (!typed(static_cast<int>(k))) candidates.push_back(static_cast<int>(k));
    for (UnitId tid : vulnerable_order) {
      const int safe = vulnerable[tid];
      const int e = s->find_ship(tid);
      const Ship& target = s->ships()[static_cast<size_t>(e)];
      const double required = target.cargo - 1;
      int chosen = -1;
      double min_h = 9999;
      int min_d = kFar;
      for (int k : candidates) {
        if (typed(k)) continue;
        const Ship& sh = ship(k);
        if (sh.cargo > required) continue;
        if (safe == -2 || safe == -1) {
          if (danger[sh.cell] > sh.cargo && dist(sh.cell, target.cell) != 0)
            type[static_cast<size_t>(k)] = ShipType::Hunting;
          continue;
        }
        int idist = 0, ipos = 0;
        if (!interception(k, e, safe, nullptr, &idist, &ipos)) continue;
        if (idist > min_d || (idist == min_d && sh.cargo >= min_h)) continue;
        if (idist > 3 && sh.cargo > danger[static_cast<size_t>(ipos)]) continue;
        chosen = k;
        min_h = sh.cargo;
        min_d = idist;
      }
      if (chosen >= 0) type[static_cast<size_t>(chosen)] = ShipType::Hunting;
    }
  }
  for (size_t k = 0; k < own.size(); ++k) {
    const ShipType t = ship_type(static_cast<int>(k));
    type[k] = t;
    if (t == ShipType::Mining)
      mining.push_back(static_cast<int>(k));
    else if (t == ShipType::Returning || t == ShipType::Ending)
      returning.push_back(static_cast<int>(k));
    else if (t == ShipType::Hunting)
      hunting.push_back(static_cast<int>(k));
  }
  assign_targets();
  for (size_t k = 0; k < own.size(); ++k) {
    const int ki = static_cast<int>(k);
    switch (type[k]) {
      case ShipType::Mining:
        handle_mining(ki);
        break;
      case ShipType::Returning:
      case ShipType::Ending:
        handle_returning(ki);
        break;
      case ShipType::Hunting:
      case ShipType::Defending:
        handle_hunting(ki);
        break;
      case ShipType::Guarding:
        handle_guarding(ki);
        break;
      case ShipType::Constructing:
        handle_constructing(ki, P(zp::move_preference_constructing));
        break;
      case ShipType::ConstructionGuarding:
        handle_constructing(ki, P(zp::move_preference_construction_guarding));
        break;
      default:
        break;
    }
  }
}

}  // namespace halite::opponents
