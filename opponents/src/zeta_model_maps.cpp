// zeta_model's numpy and SciPy replicas, the table of mining turns, and the
// maps of a turn: dominance, safety, cargo, regions, and the yard network's
// farming, guarding and border cells.
#include <algorithm>
#include <cmath>
#include <vector>

#include "cpython_order.h"
#include "zeta_model_impl.h"

namespace halite::opponents {

namespace zeta {

double np_sum(const double* a, size_t n) {
  if (n < 8) {
    double r = 0.;
    for (size_t i = 0; i < n; ++i) r += a[i];
    return r;
  }
  if (n <= 128) {
    double r[8];
    for (int j = 0; j < 8; ++j) r[j] = a[j];
    size_t i = 8;
    for (; i < n - (n % 8); i += 8)
      for (int j = 0; j < 8; ++j) r[j] += a[i + static_cast<size_t>(j)];
    double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += a[i];
    return res;
  }
  size_t n2 = n / 2;
  n2 -= n2 % 8;
  return np_sum(a, n2) + np_sum(a + n2, n - n2);
}

void gaussian_blur(const std::vector<double>& in, int n, double sigma, bool integer, std::vector<double>& out) {
  const int radius = static_cast<int>(4.0 * sigma + 0.5);
  std::vector<double> w(static_cast<size_t>(2 * radius + 1));
  const double mult = -0.5 / (sigma * sigma);
  for (int x = -radius; x <= radius; ++x)
    w[static_cast<size_t>(x + radius)] = std::exp(mult * static_cast<double>(x * x));
  const double total = np_sum(w.data(), w.size());
  for (double& x : w) x = x / total;
  std::vector<double> tmp(in.size());
  auto wrap = [n](int i) { return ((i % n) + n) % n; };
  auto pass = [&](const std::vector<double>& src, std::vector<double>& dst, bool rows) {
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        auto at = [&](int off) {
          return rows ? src[static_cast<size_t>(wrap(r + off) * n + c)]
                      : src[static_cast<size_t>(r * n + wrap(c + off))];
        };
        double v = at(0) * w[static_cast<size_t>(radius)];
        for (int j = -radius; j < 0; ++j) v += (at(j) + at(-j)) * w[static_cast<size_t>(j + radius)];
        dst[static_cast<size_t>(r * n + c)] = integer ? std::trunc(v) : v;
      }
  };
  out.resize(in.size());
  pass(in, tmp, true);
  pass(tmp, out, false);
}

MiningTable::MiningTable() {
  const double log_keep = std::log(.75), log_grow = std::log(1.02);
  for (int n1 = 0; n1 < 22; ++n1)
    for (int n2 = 0; n2 < 22; ++n2)
      for (int ch = 0; ch < 15; ++ch) {
        const double ratio = ch == 0 ? 0 : std::exp((ch - 5) / 2.5);
        auto f = [&](double m) {
          return (ratio * 500 + (1 - std::exp(log_keep * m)) * std::exp(log_grow * (n1 + m)) * 500) / (n1 + n2 + m);
        };
        double a = 1, b = 15;
        const double g = (std::sqrt(5.0) - 1) / 2;
        // 0.618^40 x 14 (7e-8): far below the table's closest call to a .5
        // (7e-4); the table is built in a few milliseconds.
        for (int it = 0; it < 40; ++it) {
          const double c = b - g * (b - a), d = a + g * (b - a);
          if (f(c) > f(d))
            b = d;
          else
            a = c;
        }
        steps[static_cast<size_t>(n1)][static_cast<size_t>(n2)][static_cast<size_t>(ch)] =
            static_cast<uint8_t>(std::nearbyint((a + b) / 2));
      }
}
const MiningTable& mining_table() {
  static const MiningTable t;
  return t;
}

std::vector<std::pair<int, int>> assign_max(CrouseAssignment& solver, int rows, int cols,
                                            const std::vector<double>& score, bool maximize) {
  std::vector<std::pair<int, int>> out;
  if (rows == 0 || cols == 0) return out;
  const double sign = maximize ? -1 : 1;
  std::vector<double> cost(static_cast<size_t>(rows) * static_cast<size_t>(cols));
  if (rows <= cols) {
    for (size_t i = 0; i < cost.size(); ++i) cost[i] = sign * score[i];
    const auto& col_of = solver.solve(rows, cols, cost);
    for (int r = 0; r < rows; ++r) out.emplace_back(r, col_of[static_cast<size_t>(r)]);
  } else {
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        cost[static_cast<size_t>(c) * static_cast<size_t>(rows) + static_cast<size_t>(r)] =
            sign * score[static_cast<size_t>(r) * static_cast<size_t>(cols) + static_cast<size_t>(c)];
    const auto& row_of = solver.solve(cols, rows, cost);
    for (int c = 0; c < cols; ++c) out.emplace_back(row_of[static_cast<size_t>(c)], c);
    std::sort(out.begin(), out.end());
  }
  return out;
}

}  // namespace zeta

// ---- maps ------------------------------------------------------------------

std::vector<double> ZetaModelPolicy::Impl::dominance(double sigma, double factor) const {
  // Per player: empty ships (1, falling to 0 at the clip) and yards, blurred;
  // then minus the best other player's (four rows, as the bot keeps).
  const double clip_h = P(zp::dominance_map_halite_clip);
  std::vector<std::vector<double>> rows(4, std::vector<double>(static_cast<size_t>(cells), 0.0));
  std::vector<double> raw(static_cast<size_t>(cells)), blurred_map;
  for (int q = 0; q < s->num_players(); ++q) {
    std::fill(raw.begin(), raw.end(), 0.0);
    for (const Ship& sh : s->ships())
      if (sh.owner == q) raw[sh.cell] = clip(clip_h - sh.cargo, 0, clip_h) / clip_h;
    for (const Shipyard& y : s->shipyards())
      if (y.owner == q) raw[y.cell] += kYardDominance;
    gaussian_blur(raw, n, sigma, false, blurred_map);
    for (int c = 0; c < cells; ++c)
      rows[static_cast<size_t>(q)][static_cast<size_t>(c)] = factor * blurred_map[static_cast<size_t>(c)];
  }
  std::vector<double> out(static_cast<size_t>(cells) * 4);
  for (int i = 0; i < 4; ++i)
    for (int c = 0; c < cells; ++c) {
      double m = -kInf;
      for (int j = 0; j < 4; ++j)
        if (j != i) m = std::max(m, rows[static_cast<size_t>(j)][static_cast<size_t>(c)]);
      out[static_cast<size_t>(i * cells + c)] = rows[static_cast<size_t>(i)][static_cast<size_t>(c)] - m;
    }
  return out;
}

void ZetaModelPolicy::Impl::compute_maps() {
  const double clip_h = P(zp::dominance_map_halite_clip);
  auto dom = dominance(P(zp::dominance_map_small_sigma), kSmallDominanceScale);
  small_dom.assign(dom.begin() + me * cells, dom.begin() + (me + 1) * cells);
  dom = dominance(P(zp::dominance_map_medium_sigma), kMediumDominanceScale);
  medium_dom.assign(dom.begin() + me * cells, dom.begin() + (me + 1) * cells);
  std::vector<double> raw(static_cast<size_t>(cells), 0.0), b;
  for (const Ship& sh : s->ships())
    raw[sh.cell] += (sh.owner == me ? 1 : -1) * clip(clip_h - sh.cargo, 0, clip_h) / clip_h;
  for (const Shipyard& y : s->shipyards()) raw[y.cell] += y.owner == me ? kYardDominance : -kEnemyYardSafety;
  gaussian_blur(raw, n, P(zp::dominance_map_small_sigma), false, b);
  small_safety.resize(static_cast<size_t>(cells));
  for (int c = 0; c < cells; ++c) small_safety[static_cast<size_t>(c)] = kSafetyScale * b[static_cast<size_t>(c)];
  std::fill(raw.begin(), raw.end(), 0.0);
  const double norm = P(zp::cargo_map_halite_norm);
  for (int k : own) raw[s->ships()[static_cast<size_t>(k)].cell] += s->ships()[static_cast<size_t>(k)].cargo / norm;
  for (int y : own_yards) raw[s->shipyards()[static_cast<size_t>(y)].cell] += kYardCargo / norm;
  gaussian_blur(raw, n, kCargoSigma, false, b);
  cargo_map.resize(static_cast<size_t>(cells));
  for (int c = 0; c < cells; ++c) cargo_map[static_cast<size_t>(c)] = kCargoScale * b[static_cast<size_t>(c)];
  dom = dominance(kRegionSigma, kRegionScale);
  region_map.assign(static_cast<size_t>(cells), -1);
  for (int i = 0; i < 4; ++i)
    for (int c = 0; c < cells; ++c)
      if (dom[static_cast<size_t>(i * cells + c)] >= kRegionThreshold) region_map[static_cast<size_t>(c)] = i;
}

bool ZetaModelPolicy::Impl::is_triangle(int a, int b, int c) const {
  if ((xof(a) == xof(b) && xof(b) == xof(c)) || (yof(a) == yof(b) && yof(b) == yof(c))) return false;
  const int lo = PI(zp::min_shipyard_distance), hi = PI(zp::max_shipyard_distance);
  for (int d : {dist(a, b), dist(a, c), dist(b, c)})
    if (d < lo || d > hi) return false;
  if (std::max({axis_dist(xof(a), xof(b)), axis_dist(xof(a), xof(c)), axis_dist(xof(b), xof(c))}) < 3) return false;
  if (std::max({axis_dist(yof(a), yof(b)), axis_dist(yof(a), yof(c)), axis_dist(yof(b), yof(c))}) < 3) return false;
  return true;
}

void ZetaModelPolicy::Impl::compute_regions() {
  // The yard network: triangles (or pairs) of own yards at a good distance.
  std::vector<std::vector<int>> groups;
  const int lo = PI(zp::min_shipyard_distance), hi = PI(zp::max_shipyard_distance);
  if (max_connections > 0) {
    const size_t m = yard_cells.size();
    for (size_t i = 0; i < m; ++i)
      for (size_t j = i + 1; j < m; ++j)
        for (size_t k = j + 1; k < m; ++k)
          if (is_triangle(yard_cells[i], yard_cells[j], yard_cells[k]))
            groups.push_back({yard_cells[i], yard_cells[j], yard_cells[k]});
    if (groups.empty())
      for (size_t i = 0; i < m; ++i)
        for (size_t j = i + 1; j < m; ++j) {
          const int d = dist(yard_cells[i], yard_cells[j]);
          if (lo <= d && d <= hi) groups.push_back({yard_cells[i], yard_cells[j]});
        }
    // zeta_final farms a lone pair of yards as a triangle with the site a
    // third yard would take (chosen once, then kept for the game).
    if (final_ && groups.size() == 1 && groups[0].size() == 2) {
      if (pseudo_site < 0) pseudo_site = best_site();
      if (pseudo_site >= 0) groups[0].push_back(pseudo_site);
    }
  }
  farming.clear();
  std::vector<int> minor, guarding_list, border;
  real_farming.clear();
  is_guarding.assign(static_cast<size_t>(cells), 0);
  const bool farming_on = P(zp::farming_start) <= step;
  for (int pos = 0; pos < cells; ++pos) {
    if (yard_dist[static_cast<size_t>(pos)] > hi + 4) continue;
    if (!groups.empty()) {
      for (const auto& g : groups) {
        // zeta_final widens both radii while yards have one connection.
        const int widen = final_ ? 1 : 0;
        int guard_r = (max_connections >= 2 ? hi + 1 : hi - 1 + widen) + PI(zp::guarding_radius2);
        int farm_r = (max_connections >= 2 ? hi : hi - 2 + widen) - 1;
        int border_r = farm_r + 2;
        const int required = std::min(3, std::max(PI(zp::farming_start_shipyards), static_cast<int>(g.size())));
        int max_d = 0;
        for (size_t i = 0; i < g.size(); ++i)
          for (size_t j = i + 1; j < g.size(); ++j) max_d = std::max(max_d, dist(g[i], g[j]));
        if (required == 2 && max_d == hi) ++guard_r, ++farm_r, ++border_r;
        int in_guarding = 0, in_farming = 0, in_minor = 0, in_border = 0;
        bool guard = false;
        for (int y : g) {
          const int d = dist(pos, y);
          if (d <= PI(zp::guarding_radius) && y != pseudo_site) guard = true;
          if (d <= border_r) ++in_border;
          if (farming_on) {
            if (d <= farm_r)
              ++in_guarding, ++in_farming;
            else if (d <= guard_r)
              ++in_guarding;
            if (d <= farm_r + 2) ++in_minor;
          }
        }
        if (guard || (farming_on && in_guarding >= required)) guarding_list.push_back(pos);
        if (!is_yard[static_cast<size_t>(pos)] && in_farming >= required) {
          farming.push_back(pos);
          border.push_back(pos);
          break;
        }
        if (!is_yard[static_cast<size_t>(pos)] && in_minor >= required && region_map[static_cast<size_t>(pos)] == me)
          minor.push_back(pos);
        if (in_border >= required) border.push_back(pos);
      }
    } else {
      if (yard_dist[static_cast<size_t>(pos)] <= PI(zp::guarding_radius)) guarding_list.push_back(pos);
      if (yard_dist[static_cast<size_t>(pos)] == 2) border.push_back(pos);
    }
  }
  for (int pos : farming)
    if (halite[static_cast<size_t>(pos)] > 0) real_farming.push_back(pos);
  if (step < P(zp::farming_start) || step > farming_end) farming.clear(), minor.clear();
  is_farming.assign(static_cast<size_t>(cells), 0);
  for (int c : farming) is_farming[static_cast<size_t>(c)] = 1;
  for (int c : guarding_list) is_guarding[static_cast<size_t>(c)] = 1;
  is_minor.assign(static_cast<size_t>(cells), 0);
  for (int c : minor)
    if (!is_farming[static_cast<size_t>(c)]) is_minor[static_cast<size_t>(c)] = 1;
  // The border: cells of the guarded set (in the set's order) with a
  // neighbour outside it, less farming cells and yards, then loose ends off.
  std::vector<int64_t> keys(border.begin(), border.end());
  std::vector<uint64_t> hashes(keys.begin(), keys.end());
  const std::vector<int64_t> set_order = python_set_order(keys, hashes);
  std::vector<char> in_set(static_cast<size_t>(cells), 0);
  for (int64_t c : set_order) in_set[static_cast<size_t>(c)] = 1;
  guarding_border.clear();
  for (int64_t c : set_order) {
    bool edge = false;
    for (int nb : neighbours(static_cast<int>(c))) edge |= !in_set[static_cast<size_t>(nb)];
    if (edge && !is_farming[static_cast<size_t>(c)] && !is_yard[static_cast<size_t>(c)])
      guarding_border.push_back(static_cast<int>(c));
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t i = 0; i < guarding_border.size(); ++i) {
      const int c = guarding_border[i];
      int count = 0;
      static constexpr int ox[8] = {0, 0, -1, 1, -1, 1, -1, 1}, oy[8] = {-1, 1, 0, 0, -1, 1, 1, -1};
      for (int j = 0; j < 8; ++j) {
        const int q = at(xof(c) + ox[j], yof(c) + oy[j]);
        if (in_list(guarding_border, q) || is_yard[static_cast<size_t>(q)]) ++count;
      }
      if (count < 2) {
        guarding_border.erase(guarding_border.begin() + static_cast<long>(i));
        changed = true;
        break;
      }
    }
  }
}

}  // namespace halite::opponents
