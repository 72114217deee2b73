// zeta_model's ship types and targets: the mining assignment (cells and
// drop-offs), the hunting assignment (enemy ships by approach direction),
// and the guards (defenders of the guarded zone, border guards).
#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "cpython_order.h"
#include "zeta_model_impl.h"

namespace halite::opponents {

// ---- ship types and targets --------------------------------------------------

ShipType ZetaModelPolicy::Impl::ship_type(int k) const {
  if (typed(k)) return type[static_cast<size_t>(k)];
  const Ship& sh = ship(k);
  if (step >= P(zp::end_start) && yard_dist[sh.cell] + step + P(zp::end_return_extra_moves) >= kLastStep &&
      sh.cargo >= P(zp::ending_halite_threshold))
    return ShipType::Ending;
  if (sh.cargo >= P(zp::return_halite)) return ShipType::Returning;
  for (const auto& [c, h] : vulnerable_cells)
    if (sh.cargo <= h && dist(sh.cell, c) <= 2) return ShipType::Hunting;
  return ShipType::Mining;
}

double ZetaModelPolicy::Impl::mining_score(int k, int ship_cell, int cell, double cargo_k) const {
  const int dfs = dist(ship_cell, cell);
  int dsy = yard_dist[static_cast<size_t>(cell)];
  double alpha = step > 20 + dsy ? P(zp::mining_score_alpha) : 0.5;
  double beta = mining_beta;
  // (On a board without halite the bot divides by zero; the model takes 0.)
  const double quality = max_ultra > 0 ? ultra[static_cast<size_t>(ship_cell)] / max_ultra : 0;
  if (alpha == P(zp::mining_score_alpha))
    alpha *= P(zp::mining_score_alpha_min) + (1 - P(zp::mining_score_alpha_min)) * (1 - quality);
  if (beta == P(zp::mining_score_beta))
    beta *= P(zp::mining_score_beta_min) + (1 - P(zp::mining_score_beta_min)) * (1 - quality);
  const double g = std::pow(P(zp::map_blur_gamma), dfs);
  const double h = halite[static_cast<size_t>(cell)];
  double hv = (1 - g) * blurred[static_cast<size_t>(cell)] + g * h;
  if (is_enemy_at[static_cast<size_t>(cell)] && dfs > 1)
    hv *= std::pow(0.75, dfs - 1);
  else
    hv = std::min(std::pow(1.02, dfs) * hv, 500.0);
  const bool farming_active = P(zp::farming_start) <= step + dfs && step + dfs < farming_end;
  if (dsy > 20) dsy = 20;
  int ch;
  if (cargo_k == 0)
    ch = 0;
  else if (hv == 0)
    ch = 14;
  else
    ch = static_cast<int>(clip(std::trunc(std::log(beta * cargo_k / hv) * 2.5 + 5.5), 0, 14));
  int steps;
  if (dsy == 0) {
    steps = 0;
    if (dfs == 0) return 0;
  } else if (is_farming[static_cast<size_t>(cell)] && h >= harvest && farming_active) {
    steps = static_cast<int>(std::ceil(std::log(harvest / hv) / std::log(0.75)));
  } else {
    const int i1 = std::min(std::max(dfs, 0), 21);
    const int i2 = std::min(std::max(static_cast<int>(std::nearbyint(alpha * dsy)), 0), 21);
    steps = mining_table().steps[static_cast<size_t>(i1)][static_cast<size_t>(i2)][static_cast<size_t>(ch)];
  }
  if (step >= P(zp::end_start)) {
    const int ending = step + dfs + steps + dsy + PI(zp::end_return_extra_moves) / 2 - kLastStep;
    if (ending > 0) steps = std::max(steps - ending, 0);
  }
  const double dclip = P(zp::mining_score_dominance_clip), dnorm = P(zp::mining_score_dominance_norm);
  double safety = dnorm * clip(small_safety[static_cast<size_t>(cell)] + dclip, 0, 1.5 * dclip) / (1.5 * dclip);
  if (step < P(zp::mining_score_start_returning)) {
    safety /= 1.5;
    safety += dnorm / 3;
  }
  safety += 1 - dnorm / 2;
  double score = std::pow(P(zp::mining_score_gamma), dfs + steps) *
                 (beta * cargo_k + (1 - std::pow(0.75, steps)) * hv) * safety /
                 std::max(dfs + steps + alpha * dsy, 1.0);
  if (dsy == 0 && step <= 11) score *= 0.1;
  if (farming_active) {
    if (h < harvest && is_farming[static_cast<size_t>(cell)])
      score *= P(zp::mining_score_farming_penalty);
    else if (h < P(zp::minor_harvest_threshold) * harvest && is_minor[static_cast<size_t>(cell)])
      score *= P(zp::mining_score_minor_farming_penalty);
  }
  if (step <= 8 + first_yard_step && dsy <= 3) score *= 0.05;
  if (final_) {
    const double escape_score =
        1 -
        clip(escape[static_cast<size_t>(k) * static_cast<size_t>(cells) + static_cast<size_t>(cell)] - danger_tolerance,
             0, kEscapeNorm) /
            kEscapeNorm;
    score *= escape_score;
    if (escape_score > kEscapeSafe && step > P(zp::greed_stop)) {
      int nearest = 99999;
      for (int q : radius_list(cell, kTinyRadius)) nearest = std::min(nearest, danger[static_cast<size_t>(q)]);
      if (nearest <= cargo_k) score *= clip(nearest / (cargo_k + kNearDangerCargo), kNearDangerMin, kNearDangerMax);
    }
  }
  return score;
}

bool ZetaModelPolicy::Impl::interception(int k, int e, int safe, std::vector<int>* dir, int* idist, int* ipos) const {
  const Ship& sh = ship(k);
  const Ship& en = s->ships()[static_cast<size_t>(e)];
  const int ip = (safe == kWest || safe == kEast) ? at(xof(sh.cell), yof(en.cell)) : at(xof(en.cell), yof(sh.cell));
  const std::vector<int> target_dir = nav(en.cell, ip);
  const int d = dist(sh.cell, ip);
  std::vector<int> idir = nav(sh.cell, ip);
  if (idir.empty() && dist(sh.cell, en.cell) > 1) idir = nav(sh.cell, en.cell);
  if (!target_dir.empty() && target_dir[0] == safe && dist(en.cell, ip) >= d) {
    if (dir) *dir = idir;
    if (idist) *idist = d;
    if (ipos) *ipos = ip;
    return true;
  }
  return false;
}

int ZetaModelPolicy::Impl::farming_between(int src, int dst, bool x_axis) const {
  const int s1 = x_axis ? xof(src) : yof(src), s2 = x_axis ? yof(src) : xof(src);
  const int dc = x_axis ? yof(dst) : xof(dst);
  const int distance = axis_dist(s2, dc);
  int count = 0;
  for (int f : real_farming) {
    if ((x_axis ? xof(f) : yof(f)) != s1) continue;
    const int f2 = x_axis ? yof(f) : xof(f);
    if (axis_dist(s2, f2) < distance && axis_dist(dc, f2) < distance) ++count;
  }
  return count;
}

double ZetaModelPolicy::Impl::hunting_score(int k, int e) {
  const Ship& sh = ship(k);
  const Ship& en = s->ships()[static_cast<size_t>(e)];
  const double dh = en.cargo - sh.cargo;
  const int d = dist(sh.cell, en.cell);
  double hs;
  if (dh < 0)
    hs = -9999;
  else if (dh == 0)
    hs = 0.25 * P(zp::hunting_score_ship_bonus) * (1 - step / static_cast<double>(kLastStep)) /
         P(zp::hunting_score_halite_norm);
  else
    hs = (P(zp::hunting_score_ship_bonus) * (1 - step / static_cast<double>(kLastStep)) + dh) /
         P(zp::hunting_score_halite_norm);
  const double dom =
      P(zp::hunting_score_delta) + P(zp::hunting_score_beta) * clip(medium_dom[en.cell] + 10, 0, 20) / 20;
  const double player_score = 1 + P(zp::hunting_score_kappa) * (rank <= 1 ? 3 - rank_of[static_cast<size_t>(me)]
                                                                          : rank_of[static_cast<size_t>(me)]);
  double score = std::pow(P(zp::hunting_score_gamma), d) * hs *
                 (is_guarding[en.cell] ? P(zp::hunting_score_region) : 1) * dom * player_score *
                 (1 + P(zp::hunting_score_iota) * clip(ultra[en.cell], 0, 200) / 200) *
                 (1 + P(zp::hunting_score_zeta) * clip(cargo_map[en.cell], 0, P(zp::hunting_score_cargo_clip)) /
                          P(zp::hunting_score_cargo_clip));
  if (next_site >= 0 && dist(en.cell, next_site) <= 3) score *= P(zp::hunting_score_ypsilon);
  const auto v = vulnerable.find(en.id);
  if (v != vulnerable.end()) {
    const int safe = v->second;
    if (d <= 2) {
      score *= P(zp::hunting_score_hunt);
    } else if (safe != -1 && safe != -2) {
      std::vector<int> dir;
      if (interception(k, e, safe, &dir, nullptr, nullptr)) {
        score *= P(zp::hunting_score_intercept);
        interceptions[{sh.id, en.id}] = dir;
      }
    } else if (d <= 4) {
      score *= P(zp::hunting_score_intercept) / 2;
    }
  }
  if (!real_farming.empty() && !is_farming[en.cell]) {
    int least = 1 << 30;
    // The bot passes each move as the axis: never 'x', so always the y test.
    for (size_t i = 0; i < nav(sh.cell, en.cell).size(); ++i)
      least = std::min(least, farming_between(sh.cell, en.cell, false));
    score *= std::pow(P(zp::hunting_score_farming_position_penalty), least);
  }
  return score;
}

double ZetaModelPolicy::Impl::border_score(int ship_cell, int b) const {
  double score = 0.5 * dist(ship_cell, b) + small_dom[static_cast<size_t>(b)] +
                 (ship_cell == b && halite[static_cast<size_t>(b)] > 0 ? 50 : 0);
  if (yard_dist[static_cast<size_t>(b)] <= 2) score -= 1.5;
  return score;
}

void ZetaModelPolicy::Impl::assign_targets() {
  if (ship_count == 0) return;
  assign_mining();
  Hunts hunts = assign_hunting();
  if (!own_yards.empty()) assign_guards(hunts);
}

std::vector<int> ZetaModelPolicy::Impl::mining_columns() const {
  // Mining: cells worth mining and drop-offs (a yard at each ship's distance).
  std::vector<int> targets;
  for (int c = 0; c < cells; ++c)
    if (halite[static_cast<size_t>(c)] >= P(zp::min_mining_halite) && small_safety[static_cast<size_t>(c)] >= -2)
      targets.push_back(c);
  {
    std::vector<int64_t> keys;
    for (int y : yard_cells)
      for (int k : mining) keys.push_back(y + dist(ship(k).cell, y) * 1000);
    std::vector<uint64_t> hashes(keys.begin(), keys.end());
    for (int64_t key : python_set_order(keys, hashes)) targets.push_back(static_cast<int>(key));
  }
  return targets;
}

void ZetaModelPolicy::Impl::assign_mining() {
  const std::vector<int> targets = mining_columns();
  mining_beta = step >= P(zp::mining_score_start_returning) ? P(zp::mining_score_beta) : P(zp::mining_score_juicy);
  if (farming_end < step && step < P(zp::end_start)) mining_beta = P(zp::mining_score_juicy_end);
  const int rows = static_cast<int>(mining.size()), cols = static_cast<int>(targets.size());
  std::vector<double> scores(static_cast<size_t>(rows) * static_cast<size_t>(cols));
  for (int r = 0; r < rows; ++r) {
    const Ship& sh = ship(mining[static_cast<size_t>(r)]);
    for (int c = 0; c < cols; ++c) {
      int pos = targets[static_cast<size_t>(c)];
      double& v = scores[static_cast<size_t>(r * cols + c)];
      if (pos >= 1000) {  // a drop-off (one at distance 0 reads as a plain cell, as in the bot)
        const int d = pos / 1000;
        pos %= 1000;
        if (d != dist(sh.cell, pos)) {
          v = kNone;
          continue;
        }
      }
      v = mining_score(mining[static_cast<size_t>(r)], sh.cell, pos, sh.cargo);
    }
  }
  const auto pairs = assign_max(solver, rows, cols, scores);
  std::vector<double> assigned;
  for (const auto& [r, c] : pairs) assigned.push_back(scores[static_cast<size_t>(r * cols + c)]);
  std::sort(assigned.begin(), assigned.end());
  const double proportion = step < farming_end ? P(zp::hunting_proportion) : P(zp::hunting_proportion_after_farming);
  const bool hunting_on =
      step > P(zp::disable_hunting_till) && (ship_count >= P(zp::hunting_min_ships) || step > P(zp::spawn_till));
  double threshold = -1;
  if (!assigned.empty()) {
    const double mean = np_sum(assigned.data(), assigned.size()) / static_cast<double>(assigned.size());
    std::vector<double> sq(assigned.size());
    for (size_t i = 0; i < assigned.size(); ++i) sq[i] = (assigned[i] - mean) * (assigned[i] - mean);
    const double sd = std::sqrt(np_sum(sq.data(), sq.size()) / static_cast<double>(sq.size()));
    const size_t idx = static_cast<size_t>(std::ceil(static_cast<double>(assigned.size()) * proportion)) - 1;
    threshold = std::max(mean - sd * P(zp::hunting_score_alpha), assigned[std::min(idx, assigned.size() - 1)]);
  }
  std::vector<std::pair<int, int>> ship_targets;  // (own ship, cell)
  for (const auto& [r, c] : pairs) {
    const double v = scores[static_cast<size_t>(r * cols + c)];
    const int k = mining[static_cast<size_t>(r)];
    if ((v < (step > 80 ? P(zp::hunting_threshold) : P(zp::hunting_threshold) - 4) ||
         (v <= threshold && ship(k).cargo <= 0)) &&
        hunting_on)
      continue;
    ship_targets.emplace_back(k, targets[static_cast<size_t>(c)] % 1000);
  }
  retype_miners(ship_targets);
}

void ZetaModelPolicy::Impl::retype_miners(const std::vector<std::pair<int, int>>& ship_targets) {
  // A drop-off makes its ship returning; ships left without a cell hunt
  // (empty) or return (loaded).
  for (const auto& [k, cell] : ship_targets) {
    if (in_list(yard_cells, cell)) {
      returning.push_back(k);
      mining.erase(std::find(mining.begin(), mining.end(), k));
      type[static_cast<size_t>(k)] = ShipType::Returning;
      deposit_target[static_cast<size_t>(k)] = cell;
      continue;
    }
    mining_target[static_cast<size_t>(k)] = cell;
  }
  for (int k : std::vector<int>(mining)) {
    if (mining_target[static_cast<size_t>(k)] >= 0) continue;
    if (ship(k).cargo <= 0) {
      hunting.push_back(k);
      type[static_cast<size_t>(k)] = ShipType::Hunting;
    } else {
      returning.push_back(k);
      type[static_cast<size_t>(k)] = ShipType::Returning;
    }
  }
}

ZetaModelPolicy::Impl::Hunts ZetaModelPolicy::Impl::assign_hunting() {
  // Hunting: each enemy ship has columns per direction it can be approached from.
  const auto ships = s->ships();
  interceptions.clear();
  const int per_dir = PI(zp::max_hunting_ships_per_direction);
  std::vector<std::pair<int, int>> columns;  // (direction code, enemy)
  for (int e : enemies)
    for (int code : {1, 2, 4, 8})
      for (int i = 0; i < per_dir; ++i) columns.emplace_back(code, e);
  const int hrows = static_cast<int>(hunting.size()), hcols = static_cast<int>(columns.size());
  std::vector<double> hscores(static_cast<size_t>(hrows) * static_cast<size_t>(hcols));
  for (int r = 0; r < hrows; ++r) {
    const int k = hunting[static_cast<size_t>(r)];
    std::map<int, double> memo;
    for (int c = 0; c < hcols; ++c) {
      const auto [code, e] = columns[static_cast<size_t>(c)];
      const int far = farthest_code(ship(k).cell, ships[static_cast<size_t>(e)].cell);
      const int diff = far - code;
      if (far == code || diff == 1 || diff == 2 || diff == 4 || diff == 8) {
        auto it = memo.find(e);
        if (it == memo.end()) it = memo.emplace(e, hunting_score(k, e)).first;
        hscores[static_cast<size_t>(r * hcols + c)] = it->second;
      } else {
        hscores[static_cast<size_t>(r * hcols + c)] = kNone;
      }
    }
  }
  std::vector<double> assigned_h;
  auto hpairs = assign_max(solver, hrows, hcols, hscores);
  std::vector<char> hunted_now(ships.size(), 0);
  for (const auto& [r, c] : hpairs) {
    const int e = columns[static_cast<size_t>(c)].second;
    const Ship& en = ships[static_cast<size_t>(e)];
    hunting_targets[ship(hunting[static_cast<size_t>(r)]).id] = {false, en.id, en.cell, en.cargo, en.owner};
    hunted_now[static_cast<size_t>(e)] = 1;
    assigned_h.push_back(hscores[static_cast<size_t>(r * hcols + c)]);
  }
  return {std::move(columns),   hcols, std::move(hscores), std::move(hpairs), std::move(hunted_now),
          std::move(assigned_h)};
}

void ZetaModelPolicy::Impl::assign_guards(Hunts& h) {
  // Guards: the weakest hunters guard, attack nearby intruders, or hold the border.
  const auto ships = s->ships();
  std::vector<Target> guard_targets;
  std::vector<int> guard_target_ship;  // ship index or -1 (yard)
  for (int e : enemies)
    if (is_guarding[ships[static_cast<size_t>(e)].cell]) {
      const Ship& en = ships[static_cast<size_t>(e)];
      guard_targets.push_back({false, en.id, en.cell, en.cargo, en.owner});
      guard_target_ship.push_back(e);
    }
  for (int q = 0; q < s->num_players(); ++q)
    for (const Shipyard& y : s->shipyards())
      if (y.owner == q && q != me && is_guarding[y.cell] && yard_count < rules->guard_enemy_yards_below) {
        guard_targets.push_back({true, y.id, y.cell, 0, y.owner});
        guard_target_ship.push_back(-1);
      }
  std::sort(h.assigned.begin(), h.assigned.end());
  const int gti = guard_index(static_cast<int>(h.assigned.size()));
  if (gti > 0) {
    const double gthreshold = h.assigned[static_cast<size_t>(gti)];
    pick_guards(h, gthreshold);
    std::vector<Target> gt;
    for (size_t i = 0; i < guard_targets.size(); ++i) {
      const int e = guard_target_ship[i];
      if (e < 0 || !h.hunted_now[static_cast<size_t>(e)] || guard_targets[i].cargo > 0) gt.push_back(guard_targets[i]);
    }
    assign_defenders(gt);
  }
  assign_border_guards();
}

int ZetaModelPolicy::Impl::guard_index(int L) const {
  // How many of the L hunters (by score) turn guards, less the guards so far.
  const auto ships = s->ships();
  int endangered = 0;
  for (int y : own_yards) {
    bool any = false;
    for (int e : enemies)
      any |= dist(ships[static_cast<size_t>(e)].cell, s->shipyards()[static_cast<size_t>(y)].cell) <= 6;
    endangered += any;
  }
  int in_zone = 0;
  for (int e : enemies) in_zone += is_guarding[ships[static_cast<size_t>(e)].cell];
  const double gnorm = P(zp::guarding_ship_advantage_norm), hnorm = P(zp::guarding_norm);
  // The guards' share of the hunters; zeta_final mixes in a fixed share.
  const double pressure = (1 - clip(ship_advantage, 0, gnorm) / gnorm) * (clip(enemy_hunting_share, 0, hnorm) / hnorm);
  const double share = final_ ? 0.5 * pressure + 0.5 * P(zp::guarding_proportion) : pressure;
  const int a =
      std::min({static_cast<int>(std::ceil(share * L)) - 1, PI(zp::guarding_max_ships_per_shipyard) * endangered - 1,
                step >= P(zp::guarding_end) ? 0 : 500});
  return std::min(std::max({a, std::min(L - 1, static_cast<int>(own_yards.size())),
                            L - rules->hunters_per_intruder * in_zone - 1}) -
                      static_cast<int>(guarding.size()),
                  static_cast<int>(guarding_border.size()) - 1);
}

void ZetaModelPolicy::Impl::pick_guards(const Hunts& h, double gthreshold) {
  // Hunters scoring below the threshold guard, or defend when their target
  // is an intruder near them.
  const auto ships = s->ships();
  for (const auto& [r, c] : h.pairs) {
    const int k = hunting[static_cast<size_t>(r)];
    const int tcell = ships[static_cast<size_t>(h.columns[static_cast<size_t>(c)].second)].cell;
    if (h.scores[static_cast<size_t>(r * h.cols + c)] < gthreshold) {
      if (!is_guarding[static_cast<size_t>(tcell)] || dist(ship(k).cell, tcell) > P(zp::guarding_aggression_radius) ||
          in_list(yard_cells, ship(k).cell))
        guarding.push_back(k);
      else
        type[static_cast<size_t>(k)] = ShipType::Defending;
    }
  }
}

void ZetaModelPolicy::Impl::assign_defenders(const std::vector<Target>& gt) {
  // Free guards near a guard target defend against it (one assignment);
  // the other guards stop hunting.
  std::vector<int> free_guards;
  for (int k : guarding)
    if (!yard_guard[static_cast<size_t>(k)]) free_guards.push_back(k);
  std::vector<int> defending;
  if (!gt.empty() && !free_guards.empty()) {
    const int per = PI(zp::max_guarding_ships_per_target);
    const int dr = static_cast<int>(free_guards.size()), dc = static_cast<int>(gt.size()) * per;
    std::vector<double> dm(static_cast<size_t>(dr) * static_cast<size_t>(dc), 99999);
    for (int r = 0; r < dr; ++r)
      for (int t = 0; t < static_cast<int>(gt.size()); ++t) {
        const int d = dist(ship(free_guards[static_cast<size_t>(r)]).cell, gt[static_cast<size_t>(t)].cell);
        if (d <= P(zp::guarding_aggression_radius)) dm[static_cast<size_t>(r * dc + t * per)] = d;
      }
    for (const auto& [r, c] : assign_max(solver, dr, dc, dm, false)) {
      if (dm[static_cast<size_t>(r * dc + c)] > P(zp::guarding_aggression_radius)) continue;
      const int k = free_guards[static_cast<size_t>(r)];
      defending.push_back(k);
      type[static_cast<size_t>(k)] = ShipType::Defending;
      hunting_targets[ship(k).id] = gt[static_cast<size_t>(c / per)];
    }
  }
  for (int k : std::vector<int>(guarding)) {
    if (in_list(defending, k)) continue;
    auto it = std::find(hunting.begin(), hunting.end(), k);
    if (it != hunting.end()) hunting.erase(it);
    type[static_cast<size_t>(k)] = ShipType::Guarding;
  }
}

void ZetaModelPolicy::Impl::assign_border_guards() {
  // Guards not hunting (and not a yard's) take the border's cells (one
  // assignment); those left over hunt.
  std::vector<int> kept;
  for (int k : guarding)
    if (!in_list(hunting, k)) kept.push_back(k);
  guarding = kept;
  std::vector<int> available;
  for (int k : guarding)
    if (!yard_guard[static_cast<size_t>(k)]) available.push_back(k);
  if (!available.empty()) {
    const int br = static_cast<int>(available.size()), bc = static_cast<int>(guarding_border.size());
    std::vector<double> bm(static_cast<size_t>(br) * static_cast<size_t>(bc));
    for (int r = 0; r < br; ++r)
      for (int c = 0; c < bc; ++c)
        bm[static_cast<size_t>(r * bc + c)] =
            border_score(ship(available[static_cast<size_t>(r)]).cell, guarding_border[static_cast<size_t>(c)]);
    for (const auto& [r, c] : assign_max(solver, br, bc, bm, false))
      border_guard[static_cast<size_t>(available[static_cast<size_t>(r)])] = guarding_border[static_cast<size_t>(c)];
  }
  for (int k : available)
    if (border_guard[static_cast<size_t>(k)] < 0) {
      type[static_cast<size_t>(k)] = ShipType::Hunting;
      hunting.push_back(k);
    }
}

}  // namespace halite::opponents
