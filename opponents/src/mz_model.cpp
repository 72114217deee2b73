#include "halite/opponents/mz_model.h"

#include <algorithm>
#include <cmath>

#include "halite/search/policy/policy_planner.h"

namespace halite::opponents {

using namespace search;  // the library is written on search/'s shared pieces

std::vector<ParamSpec> mz_model_specs() {
  return {
      {"cell_halite", 0.69, 0, 10, "a cell is mined above this x the mean of the non-empty cells ..."},
      {"cell_halite_bonus", 0.45, 0, 10, "... plus this x (radius_bonus - distance to an own yard) near yards"},
      {"radius_bonus", 2, 0, 10, "the home bonus reaches this far from own yards", true},
      {"cell_halite_multiplier", 1.33, 0, 10, "an empty ship's mining bound x this"},
      {"clean_time", 320, 0, 400, "from this step every cell is mined", true},
      {"collect_multiplier", 5.9, 0, 100, "a loaded ship keeps mining while this x the rate exceeds its cargo"},
      {"zero_multiplier", 2.2, 0, 100, "a loaded ship's mining rates x this"},
      {"attack_distance", 10, 0, 1000, "value of a cell to attack: (its value / 4 + this) / distance"},
      {"spawning", 349, 0, 10000, "spawn while the board's expected share per ship exceeds this"},
      {"far_radius", 2, 0, 20, "a cell waits when the nearest enemy is this much farther from it than our yard", true},
      {"surround_divide", 2.6, 1, 100, "rates on cells where our ships can be surrounded / this"},
      {"shipyard_radius", 4, 1, 10, "yard sites at least this far from own yards; their halite counted within it",
       true},
      {"per_shipyard", 5.9, 1, 100, "one yard per this many ships, less one"},
      {"zero_surround", 10, 0, 400, "surrounds are reckoned only with more empty ships than this on the board", true},
      {"attack_step", 300, 0, 400, "from this step, a richer player it can still overtake is attacked", true},
      {"max_ships", 50, 0, kMaxShips, "no spawns at or beyond this many own ships", true},
  };
}

MzModelParams MzModelParams::from(const Params& p) {
  return {
      p.get("cell_halite"),    p.get("cell_halite_bonus"),  p.get_int("radius_bonus"), p.get("cell_halite_multiplier"),
      p.get_int("clean_time"), p.get("collect_multiplier"), p.get("zero_multiplier"),  p.get("attack_distance"),
      p.get("spawning"),       p.get_int("far_radius"),     p.get("surround_divide"),  p.get_int("shipyard_radius"),
      p.get("per_shipyard"),   p.get_int("zero_surround"),  p.get_int("attack_step"),  p.get_int("max_ships")};
}

namespace {
// The model's move order (N, E, S, W, stay) as kMoveActions indices.
constexpr std::array<int, 5> kModelToMove = {1, 3, 2, 4, 0};
constexpr int kStay = 4;
// The values the model gives its choices; only their order matters.
constexpr double kDeadly = 64;           // a move where a lighter (or equal) ship can arrive
constexpr double kSafeBonus = 0.5;       // a move only heavier ships can reach
constexpr double kConvertBonus = 100;    // a converting ship stays
constexpr double kOnHaliteStay = 1;      // staying on halite is not free: it mines when the ship meant to move
constexpr double kSurroundedLoaded = 8;  // per surplus enemy, for a loaded ship
constexpr double kSurroundedStay = 40;   // an empty ship staying on halite where it can be surrounded
constexpr double kEndangeredBonus = 8;   // moving next to an enemy ship that cannot escape
constexpr double kDefendWeight = 16;
constexpr double kTargetStay = 5, kTargetMove = 1, kTargetMoveWeight = 3;
constexpr double kHomeWeight = 1;
constexpr double kHoardTarget = 500;  // a hoard's cell outranks every other target
constexpr double kNearYardAttack = 250, kSiteNeighbour = 500, kSite = 1000;
constexpr double kBaseAttackScale = 100, kAttackPlayerBonus = 1000;
constexpr double kFar = 10000;          // "no such unit" distance and danger
constexpr double kUnreachable = 10000;  // cost of a cell a ship cannot reach this turn
constexpr double kMaxBound = 400;       // mining bound cap, and the cells that never wait
constexpr int kMaxMineTurns = 20;
constexpr int kHoardRadius = 5;  // a third player's ship closes a direction when nearer than this
}  // namespace

int MzModelPolicy::moved(int cell, int m) const {
  static constexpr int dx[5] = {0, 1, 0, -1, 0}, dy[5] = {1, 0, -1, 0, 0};
  return cell_of(x_of(cell) + dx[m], y_of(cell) + dy[m]);
}

double MzModelPolicy::distance_dir(int a, int b, int dir, int bound) const {
  auto forward = [this](int from, int to) { return ((to - from) % n_ + n_) % n_; };
  auto axis = [this](int u, int v) {
    const int d = std::abs(u - v);
    return std::min(d, n_ - d);
  };
  int tdx = dir == 1 ? forward(x_of(a), x_of(b)) : dir == 3 ? forward(x_of(b), x_of(a)) : axis(x_of(a), x_of(b));
  int tdy = dir == 0 ? forward(y_of(a), y_of(b)) : dir == 2 ? forward(y_of(b), y_of(a)) : axis(y_of(a), y_of(b));
  if ((dir == 1 || dir == 3) && tdy >= tdx + bound) tdx += n_;
  if ((dir == 0 || dir == 2) && tdx >= tdy + bound) tdy += n_;
  return tdx == tdy ? tdx + tdy + 0.1 : tdx + tdy;
}

int MzModelPolicy::toward(int a, int b, std::array<std::pair<int, double>, 4>& out) const {
  int tdx = x_of(b) - x_of(a), tdy = y_of(b) - y_of(a);
  const double half = n_ / 2.0;
  if (tdx < -half) tdx += n_;
  if (tdx > half) tdx -= n_;
  if (tdy < -half) tdy += n_;
  if (tdy > half) tdy -= n_;
  // Kept in the model's insertion order: E, N, W, S, then the sideways pairs.
  std::array<double, 5> w{};
  std::array<int, 5> order{};
  int k = 0;
  auto put = [&](int m, double v) {
    if (w[m] == 0) order[k++] = m;
    w[m] = v;
  };
  if (tdx > 0) put(1, tdx >= tdy && tdx >= -tdy ? 1.0 : 0.9);
  if (tdy > 0) put(0, tdy >= tdx && tdy >= -tdx ? 1.0 : 0.9);
  if (tdx < 0) put(3, tdx <= tdy && tdx <= -tdy ? 1.0 : 0.9);
  if (tdy < 0) put(2, tdy <= tdx && tdy <= -tdx ? 1.0 : 0.9);
  if (tdx == 0 && tdy != 0) put(1, 0.1), put(3, 0.1);
  if (tdx != 0 && tdy == 0) put(0, 0.1), put(2, 0.1);
  if (k == 0) {
    out[0] = {kStay, 1.0};
    return 1;
  }
  for (int i = 0; i < k; ++i)
    out[static_cast<size_t>(i)] = {order[static_cast<size_t>(i)], w[order[static_cast<size_t>(i)]]};
  return k;
}

const PolicyDecision& MzModelPolicy::decide(const State& s, int player) {
  PolicyDecision& d = decision_;
  d.clear();
  if (s.player(player).status != Status::Active) return d;
  geo_.init(s.size());
  n_ = s.size();
  own_.clear();
  spawning_.clear();
  const auto ships = s.ships();
  for (int i = 0; i < static_cast<int>(ships.size()); ++i)
    if (ships[i].owner == player) own_.push_back({i});

  compute_maps(s, player);
  score_danger(s, player);
  mark_yard_attacks(s, player);
  compute_can_surround(s, player);
  avoid_surrounds(s);
  plan_hoards(s, player);
  draw_to_endangered(s, player);

  // Economy: spawn while a ship's expected share pays; yards as the fleet grows.
  plan_spawning(s);
  int my_yards = 0;
  for (const Shipyard& y : s.shipyards()) my_yards += y.owner == player;
  const double target_yards = static_cast<double>(own_.size()) / p_.per_shipyard - 1;
  if (my_yards < target_yards) plan_yard(s, player);
  if (!own_.empty()) defend_yards(s, player, my_yards, target_yards);
  if (want_to_spawn_)
    for (int y = 0; y < static_cast<int>(s.shipyards().size()); ++y)
      if (s.shipyards()[static_cast<size_t>(y)].owner == player) spawning_.push_back(y);

  mine_and_attack(s);
  resolve_moves(s, player);
  return d;
}

void MzModelPolicy::score_danger(const State& s, int player) {
  const auto ships = s.ships();
  const int cells = geo_.cells();
  const double* my_danger = &danger_[static_cast<size_t>(player) * static_cast<size_t>(cells)];
  const double bank = s.player(player).bank;
  for (OwnShip& o : own_) {
    const Ship& sh = ships[static_cast<size_t>(o.index)];
    if (s.halite(sh.cell) > 0) o.intentions[kStay] -= kOnHaliteStay;
    for (int m = 0; m < 5; ++m) {
      const int c = moved(sh.cell, m);
      const double dz = my_danger[c];
      if (dz >= kFar) continue;
      if (dz > sh.cargo) o.intentions[static_cast<size_t>(m)] += kSafeBonus;
      if (dz == sh.cargo && my_yard_dist_[c] >= 3 && (zero_danger_[c] || sh.cargo > 0))
        o.intentions[static_cast<size_t>(m)] -= kDeadly;
      if (dz < sh.cargo) {
        o.intentions[static_cast<size_t>(m)] -= kDeadly;
        if (m == kStay) o.run_away = true;
      }
    }
  }
  // A loaded ship with no safe move converts where it stands.
  for (OwnShip& o : own_) {
    const Ship& sh = ships[static_cast<size_t>(o.index)];
    if (sh.cargo <= 250 || sh.cargo + bank < static_cast<double>(s.config().convert_cost)) continue;
    bool all_wrong = true;
    for (int m = 0; m < 5; ++m)
      if (my_danger[moved(sh.cell, m)] > sh.cargo) all_wrong = false;
    if (all_wrong) {
      o.action = kConvertOption;
      o.intentions[kStay] += kConvertBonus;
    }
  }
}

void MzModelPolicy::mark_yard_attacks(const State& s, int player) {
  const auto ships = s.ships();
  const int cells = geo_.cells();
  std::fill(attack_set_.begin(), attack_set_.begin() + cells, uint8_t{0});
  // Enemy ships within two moves of an own yard.
  for (const Ship& e : ships) {
    if (e.owner == player) continue;
    bool near = false;
    for (const Shipyard& y : s.shipyards())
      if (y.owner == player && geo_.dist(e.cell, y.cell) <= 2) near = true;
    if (near) mark_attack(e.cell, kNearYardAttack);
  }
  // The cells round each enemy yard, worth the cargo of the ships nearest it.
  const auto yards = s.shipyards();
  std::vector<double> yard_cargo(yards.size(), 0.0);
  for (const Ship& e : ships) {
    if (e.owner == player || e.cargo <= 0) continue;
    int best = -1, best_d = 100;
    for (int y = 0; y < static_cast<int>(yards.size()); ++y)
      if (yards[static_cast<size_t>(y)].owner == e.owner) {
        const int dd = geo_.dist(e.cell, yards[static_cast<size_t>(y)].cell);
        if (dd < best_d) best_d = dd, best = y;
      }
    if (best >= 0) yard_cargo[static_cast<size_t>(best)] += e.cargo;
  }
  for (size_t y = 0; y < yards.size(); ++y) {
    if (yards[y].owner == player) continue;
    double priority = yard_cargo[y] / kBaseAttackScale;
    if (attacked_player_[yards[y].owner]) priority = yard_cargo[y] + kAttackPlayerBonus;
    for (int m = 0; m < 5; ++m) mark_attack(moved(yards[y].cell, m), priority);
  }
}

void MzModelPolicy::avoid_surrounds(const State& s) {
  const auto ships = s.ships();
  for (OwnShip& o : own_) {
    const Ship& sh = ships[static_cast<size_t>(o.index)];
    for (int m = 0; m < 5; ++m) {
      const int c = moved(sh.cell, m);
      if (can_surround_[c] <= 0) continue;
      if (sh.cargo > 0) o.intentions[static_cast<size_t>(m)] -= kSurroundedLoaded * can_surround_[c];
      if (sh.cargo == 0 && m == kStay && s.halite(c) > 0) o.intentions[static_cast<size_t>(m)] -= kSurroundedStay;
    }
  }
  for (OwnShip& o : own_) {
    const Ship& sh = ships[static_cast<size_t>(o.index)];
    if (sh.cargo > 0 && can_surround_[sh.cell] > 0) {
      mark_attack(sh.cell, kNearYardAttack);
      o.run_away = true;
    }
  }
}

void MzModelPolicy::draw_to_endangered(const State& s, int player) {
  // Enemy ships with no safe move draw our lighter ships next to them.
  const auto ships = s.ships();
  const int cells = geo_.cells();
  for (const Ship& e : ships) {
    if (e.owner == player) continue;
    const double* their = &danger_[static_cast<size_t>(e.owner) * static_cast<size_t>(cells)];
    bool endangered = true;
    for (int m = 0; m < 5 && endangered; ++m)
      if (their[moved(e.cell, m)] > e.cargo) endangered = false;
    if (!endangered) continue;
    for (int m = 0; m < 5; ++m) {
      const int c = moved(e.cell, m);
      for (OwnShip& o : own_) {
        const Ship& sh = ships[static_cast<size_t>(o.index)];
        if (sh.cargo >= e.cargo || o.target >= 0) continue;
        for (int mm = 0; mm < 5; ++mm)
          if (moved(sh.cell, mm) == c) o.intentions[static_cast<size_t>(mm)] += kEndangeredBonus;
      }
    }
  }
}

void MzModelPolicy::plan_spawning(const State& s) {
  const int cells = geo_.cells();
  double board = 0;
  for (int c = 0; c < cells; ++c) board += s.halite(c);
  const double left = s.config().episode_steps - 2.0 * n_ - s.step();
  const double per_ship = board * s.config().collect_rate * left / 15.0 / (static_cast<double>(s.ships().size()) + 1);
  want_to_spawn_ = per_ship > p_.spawning || own_.empty();
}

void MzModelPolicy::plan_yard(const State& s, int player) {
  // The best site away from own yards: the ship on it converts, or empty
  // ships are drawn to it.
  const auto ships = s.ships();
  const int cells = geo_.cells();
  const double* my_danger = &danger_[static_cast<size_t>(player) * static_cast<size_t>(cells)];
  const double bank = s.player(player).bank;
  if (bank < 3.0 * static_cast<double>(s.config().spawn_cost)) want_to_spawn_ = false;
  int site = -1;
  double site_score = 0;
  const int r = p_.shipyard_radius;
  for (int c = 0; c < cells; ++c) {
    const int msd = my_yard_dist_[c], esd = enemy_yard_dist_[c];
    if (msd <= r) continue;
    if (!(msd < esd || msd < 2 * r || msd >= kFar)) continue;
    if (!(my_danger[c] > 0)) continue;
    double score = 0;
    for (int c2 = 0; c2 < cells; ++c2) {
      const int dd = geo_.dist(c, c2);
      if (dd == 0 || dd > r) continue;
      const int e2 = std::min(enemy_yard_dist_[c2], r + 1), m2 = std::min(my_yard_dist_[c2], r + 1);
      score += s.halite(c2) * (1 + r - dd) / (4 + 4 * r - e2 - 2 * m2 - dd);
    }
    if (score > site_score) site_score = score, site = c;
  }
  if (site < 0) return;
  OwnShip* builder = nullptr;
  for (OwnShip& o : own_)
    if (ships[static_cast<size_t>(o.index)].cell == site) builder = &o;
  if (builder) {
    if (ships[static_cast<size_t>(builder->index)].cargo + bank >=
        static_cast<double>(s.config().convert_cost + s.config().spawn_cost)) {
      builder->action = kConvertOption;
      builder->intentions[kStay] += kConvertBonus;
    }
  } else {
    for (int m = 0; m < 5; ++m) mark_attack(moved(site, m), m == kStay ? kSite : kSiteNeighbour);
  }
}

void MzModelPolicy::defend_yards(const State& s, int player, int my_yards, double target_yards) {
  // A threatened yard gets a defender, or a spawn when none can come.
  const auto ships = s.ships();
  const auto yards = s.shipyards();
  for (int y = 0; y < static_cast<int>(yards.size()); ++y) {
    const Shipyard& yd = yards[static_cast<size_t>(y)];
    if (yd.owner != player) continue;
    int yard_danger = 2 * n_;
    for (const Ship& e : ships)
      if (e.owner != player) yard_danger = std::min(yard_danger, geo_.dist(yd.cell, e.cell));
    bool needed = true;
    OwnShip* defender = nullptr;
    double defender_score = -1;
    for (OwnShip& o : own_) {
      const Ship& sh = ships[static_cast<size_t>(o.index)];
      int t = geo_.dist(yd.cell, sh.cell);
      if (yard_danger - t > 2 || (sh.cargo == 0 && yard_danger - t > 1)) {
        needed = false;
        break;
      }
      if (sh.cargo > 0) ++t;
      const double score = sh.cargo + (o.run_away ? 500 : 0);
      if (t <= yard_danger && score > defender_score) defender = &o, defender_score = score;
    }
    if (needed && !defender && yard_danger == 1 && target_yards > my_yards - 1) spawning_.push_back(y);
    if (needed && defender) {
      defender->run_away = true;
      const Ship& sh = ships[static_cast<size_t>(defender->index)];
      if (sh.cell == yd.cell) {
        defender->intentions = {0, 0, 0, 0, 0.1};
      } else {
        std::array<std::pair<int, double>, 4> mv;
        const int k = toward(sh.cell, yd.cell, mv);
        for (int i = 0; i < k; ++i)
          defender->intentions[static_cast<size_t>(mv[static_cast<size_t>(i)].first)] +=
              kDefendWeight * mv[static_cast<size_t>(i)].second;
      }
    }
  }
}

void MzModelPolicy::compute_maps(const State& s, int player) {
  const int cells = geo_.cells();
  const int players = s.num_players();
  const auto ships = s.ships();
  const auto yards = s.shipyards();
  // Players it attacks: richer ones it can still overtake, late in the game.
  attacked_player_.assign(static_cast<size_t>(players), 0);
  std::vector<int> units(static_cast<size_t>(players), 0);
  for (const Ship& sh : ships) ++units[sh.owner];
  for (const Shipyard& y : yards) ++units[y.owner];
  const Player& me = s.player(player);
  const double cost = static_cast<double>(s.config().spawn_cost);
  for (int q = 0; q < players; ++q) {
    const Player& other = s.player(q);
    if (q == player || s.step() <= p_.attack_step || other.bank <= me.bank) continue;
    if (me.bank + cost * units[static_cast<size_t>(player)] > other.bank + cost * units[static_cast<size_t>(q)])
      attacked_player_[static_cast<size_t>(q)] = 1;
  }

  danger_.assign(static_cast<size_t>(players) * static_cast<size_t>(cells), kFar);
  std::fill(zero_danger_.begin(), zero_danger_.begin() + cells, uint8_t{0});
  // In the model's order: by player, then creation.
  for (int q = 0; q < players; ++q)
    for (const Ship& sh : ships) {
      if (sh.owner != q) continue;
      for (int m = 0; m < 5; ++m) {
        const int c = moved(sh.cell, m);
        for (int p = 0; p < players; ++p) {
          double& dz = danger_[static_cast<size_t>(p) * static_cast<size_t>(cells) + static_cast<size_t>(c)];
          if (p == q || !(dz > sh.cargo)) continue;
          dz = sh.cargo;
          if (!attacked_player_[static_cast<size_t>(q)] && sh.cargo == 0) zero_danger_[c] = 1;
        }
      }
    }
  std::fill(base_bonus_.begin(), base_bonus_.begin() + cells, 0.0);
  for (const Shipyard& y : yards) {
    if (y.owner != player && s.player(y.owner).bank >= cost) {
      for (int p = 0; p < players; ++p)
        if (p != y.owner) danger_[static_cast<size_t>(p) * static_cast<size_t>(cells) + y.cell] = 0;
      if (!attacked_player_[y.owner]) zero_danger_[y.cell] = 1;
    }
    if (y.owner == player)
      for (int c = 0; c < cells; ++c) {
        const int dd = geo_.dist(y.cell, c);
        if (dd < p_.radius_bonus) base_bonus_[c] += p_.radius_bonus - dd;
      }
  }
  const int stride = 2 * n_;
  strong_.assign(static_cast<size_t>(cells) * static_cast<size_t>(stride), kFar);
  for (int c = 0; c < cells; ++c) {
    int mine = static_cast<int>(kFar), theirs = static_cast<int>(kFar), enemy = static_cast<int>(kFar);
    for (const Shipyard& y : yards) {
      const int dd = geo_.dist(c, y.cell);
      if (y.owner == player)
        mine = std::min(mine, dd);
      else
        theirs = std::min(theirs, dd);
    }
    double* row = &strong_[static_cast<size_t>(c) * static_cast<size_t>(stride)];
    for (const Ship& sh : ships) {
      if (sh.owner == player) continue;
      const int dd = geo_.dist(c, sh.cell);
      row[dd] = std::min(row[dd], sh.cargo);
      enemy = std::min(enemy, dd);
    }
    for (int k = 1; k < stride; ++k) row[k] = std::min(row[k], row[k - 1]);
    my_yard_dist_[c] = mine;
    enemy_yard_dist_[c] = theirs;
    enemy_dist_[c] = enemy;
  }
  // The best mining rate over stay lengths for each distance (the way home not counted).
  const double keep = 1 - s.config().collect_rate;
  for (int dd = 0; dd <= 2 * n_; ++dd) {
    double prev = 0;
    for (int t = 1; t <= kMaxMineTurns; ++t) {
      const double rate = (1 - std::pow(keep, t)) / (t + dd);
      if (rate <= prev) break;
      prev = rate;
    }
    rate_by_distance_[static_cast<size_t>(dd)] = prev;
  }
  double sum = 0;
  int count = 0;
  for (int c = 0; c < cells; ++c) {
    sum += s.halite(c);
    count += s.halite(c) > 1;
  }
  per_cell_ = count > 0 ? sum / count : 0;
}

void MzModelPolicy::compute_can_surround(const State& s, int player) {
  const int cells = geo_.cells();
  std::fill(can_surround_.begin(), can_surround_.begin() + cells, 0);
  const auto ships = s.ships();
  int empty = 0;
  for (const Ship& sh : ships) empty += sh.cargo == 0;
  if (empty <= p_.zero_surround) return;
  enemies_.assign(static_cast<size_t>(2 * n_ + 1), 0);
  for (int c = 0; c < cells; ++c) {
    int best = 1000;
    for (const Shipyard& y : s.shipyards()) {
      if (y.owner != player) continue;
      int surround = 1;
      std::fill(enemies_.begin(), enemies_.end(), 0);
      const int yard_dist = geo_.dist(c, y.cell);
      for (const Ship& e : ships)
        if (e.owner != player && geo_.dist(y.cell, e.cell) <= yard_dist + 1)
          ++enemies_[static_cast<size_t>(geo_.dist(c, e.cell))];
      if (empty < 2 * p_.zero_surround) {
        int nearest = 2 * n_ - 1;
        for (const OwnShip& o : own_) {
          const Ship& sh = ships[static_cast<size_t>(o.index)];
          if (sh.cargo != 0) continue;
          const int dd = geo_.dist(c, sh.cell);
          --enemies_[static_cast<size_t>(dd)];
          nearest = std::min(nearest, dd);
        }
        ++enemies_[static_cast<size_t>(nearest)];
      }
      int current = 0;
      for (int i = 0; i < yard_dist; ++i) {
        current += enemies_[static_cast<size_t>(i)];
        surround = std::max(surround, current);
      }
      best = std::min(best, surround);
    }
    can_surround_[c] = best - 1;
  }
}

void MzModelPolicy::plan_hoards(const State& s, int player) {
  const int mine = static_cast<int>(own_.size());
  if (mine <= 4) return;
  const auto ships = s.ships();
  struct Hoard {
    int target;
    std::array<int, 5> member;  // own_ index per direction, then on the target (-1: none)
    double score;
  };
  std::vector<Hoard> hoards;
  std::vector<double> value(static_cast<size_t>(5 * mine));
  for (int q = 0; q < s.num_players(); ++q)
    for (int t = 0; t < static_cast<int>(ships.size()); ++t) {
      const Ship& target = ships[static_cast<size_t>(t)];
      if (target.owner != q || q == player) continue;
      std::fill(value.begin(), value.end(), 0.0);
      bool possible_all = true;
      for (int dir = 0; dir < 4 && possible_all; ++dir) {
        double yard_dist = 1000;
        for (const Shipyard& y : s.shipyards())
          if (y.owner == target.owner) yard_dist = std::min(yard_dist, distance_dir(target.cell, y.cell, dir, 1));
        double limit = yard_dist;
        bool possible = false;
        for (int q2 = 0; q2 < s.num_players(); ++q2)
          for (const Ship& other : ships) {
            if (other.owner != q2 || q2 == target.owner || !(target.cargo > other.cargo)) continue;
            const double dd = distance_dir(target.cell, other.cell, dir, 1);
            if (dd < limit) {
              limit = dd + 1;
              possible = !(other.owner != player && dd >= kHoardRadius);
            }
          }
        if (!possible) {
          possible_all = false;
          break;
        }
        for (int i = 0; i < mine; ++i) {
          const Ship& sh = ships[static_cast<size_t>(own_[static_cast<size_t>(i)].index)];
          if (!(sh.cargo < target.cargo) || own_[static_cast<size_t>(i)].run_away) continue;
          const double dd = distance_dir(target.cell, sh.cell, dir, 1);
          if (dd < limit) value[static_cast<size_t>(dir * mine + i)] = 500.0 - dd;
        }
      }
      if (!possible_all) continue;
      for (int i = 0; i < mine; ++i) {
        const Ship& sh = ships[static_cast<size_t>(own_[static_cast<size_t>(i)].index)];
        if (!(sh.cargo < target.cargo) || own_[static_cast<size_t>(i)].run_away) continue;
        value[static_cast<size_t>(4 * mine + i)] = (500.0 - geo_.dist(target.cell, sh.cell)) / 2.0;
      }
      cost_.resize(value.size());
      for (size_t k = 0; k < value.size(); ++k) cost_[k] = -value[k];
      const std::vector<int>& col = assignment_.solve(5, mine, cost_);
      Hoard h{t, {-1, -1, -1, -1, -1}, 0};
      for (int r = 0; r < 5; ++r) {
        const double v = value[static_cast<size_t>(r * mine + col[static_cast<size_t>(r)])];
        h.score += v;
        if (v != 0) h.member[static_cast<size_t>(r)] = col[static_cast<size_t>(r)];
      }
      hoards.push_back(h);
    }
  std::stable_sort(hoards.begin(), hoards.end(), [](const Hoard& a, const Hoard& b) { return a.score > b.score; });
  for (const Hoard& h : hoards) {
    int members = 0;
    for (int m : h.member) members += m >= 0;
    if (members <= 2) continue;
    const int target_cell = ships[static_cast<size_t>(h.target)].cell;
    const double target_cargo = ships[static_cast<size_t>(h.target)].cargo;
    OwnShip* centre = h.member[4] >= 0 ? &own_[static_cast<size_t>(h.member[4])] : nullptr;
    for (int dir = 0; dir < 4; ++dir) {
      if (h.member[static_cast<size_t>(dir)] < 0) continue;
      OwnShip& a = own_[static_cast<size_t>(h.member[static_cast<size_t>(dir)])];
      if (a.target >= 0) continue;
      const Ship& sh = ships[static_cast<size_t>(a.index)];
      const int move1 = moved(target_cell, dir), move2 = moved(move1, dir);
      const int dist1 = geo_.dist(sh.cell, move1);
      int dist15 = 5;
      if (centre && centre->target < 0) dist15 = geo_.dist(ships[static_cast<size_t>(centre->index)].cell, move1);
      if (dist1 > 1) {
        a.target = move2;
      } else if (dist1 == 1) {
        a.target = move1;
      } else if (dist15 == 1) {
        a.target = target_cell;
        centre->target = move1;
      } else if (s.halite(move1) == 0 || (can_surround_[move1] == 0 && s.halite(move1) / 4 + sh.cargo < target_cargo)) {
        a.target = move1;
      } else {
        a.target = move2;
      }
    }
    if (centre && centre->target < 0) centre->target = target_cell;
  }
}

void MzModelPolicy::mine_and_attack(const State& s) {
  const int cells = geo_.cells();
  const auto ships = s.ships();
  std::vector<int> rows;
  for (int i = 0; i < static_cast<int>(own_.size()); ++i) {
    const OwnShip& o = own_[static_cast<size_t>(i)];
    if (!o.run_away && ships[static_cast<size_t>(o.index)].cargo < 500) rows.push_back(i);
  }
  if (rows.empty()) return;
  const int stride = 2 * n_;
  std::vector<double> value(rows.size() * static_cast<size_t>(cells), 0.0);
  for (size_t r = 0; r < rows.size(); ++r) {
    const OwnShip& o = own_[static_cast<size_t>(rows[r])];
    const Ship& sh = ships[static_cast<size_t>(o.index)];
    double* row = &value[r * static_cast<size_t>(cells)];
    for (int c = 0; c < cells; ++c) {
      double bound = per_cell_ * (p_.cell_halite + base_bonus_[c] * p_.cell_halite_bonus);
      if (sh.cargo == 0) bound *= p_.cell_halite_multiplier;
      bound = std::min(bound, kMaxBound);
      const double h = s.halite(c);
      if (!(s.step() > p_.clean_time || h > bound)) continue;
      const int dd = geo_.dist(c, sh.cell);
      if (strong_[static_cast<size_t>(c) * static_cast<size_t>(stride) + static_cast<size_t>(dd)] < sh.cargo) continue;
      double gain = rate_by_distance_[static_cast<size_t>(dd)] * h;
      if (!(p_.collect_multiplier * gain > sh.cargo)) continue;
      if (enemy_dist_[c] > my_yard_dist_[c] + p_.far_radius && h < kMaxBound)
        gain /= enemy_dist_[c] - my_yard_dist_[c] + 1 - p_.far_radius;
      if (sh.cargo > 0) gain *= p_.zero_multiplier;
      if (can_surround_[c] > 0) {
        gain /= p_.surround_divide;
        if (dd == 0 || sh.cargo > 0) continue;
      }
      row[c] = gain;
    }
    if (sh.cargo == 0)
      for (int c = 0; c < cells; ++c) {
        if (!attack_set_[c]) continue;
        const int dd = geo_.dist(c, sh.cell);
        if (dd > 0) row[c] = (attack_value_[c] / 4 + p_.attack_distance) / dd;
      }
    if (o.target >= 0) row[o.target] = kHoardTarget;
  }
  // Columns in the model's cell order (x major, then y), which decides ties.
  cost_.resize(value.size());
  for (size_t r = 0; r < rows.size(); ++r)
    for (int k = 0; k < cells; ++k)
      cost_[r * static_cast<size_t>(cells) + static_cast<size_t>(k)] =
          -value[r * static_cast<size_t>(cells) + static_cast<size_t>(cell_of(k / n_, k % n_))];
  const std::vector<int>& col = assignment_.solve(static_cast<int>(rows.size()), cells, cost_);
  std::array<std::pair<int, double>, 4> mv;
  for (size_t r = 0; r < rows.size(); ++r) {
    const int c = cell_of(col[r] / n_, col[r] % n_);
    if (!(value[r * static_cast<size_t>(cells) + static_cast<size_t>(c)] > 0)) continue;
    OwnShip& o = own_[static_cast<size_t>(rows[r])];
    const int k = toward(ships[static_cast<size_t>(o.index)].cell, c, mv);
    for (int i = 0; i < k; ++i) {
      const auto [m, w] = mv[static_cast<size_t>(i)];
      o.intentions[static_cast<size_t>(m)] += m == kStay ? kTargetStay : kTargetMove + kTargetMoveWeight * w;
    }
  }
}

void MzModelPolicy::resolve_moves(const State& s, int player) {
  PolicyDecision& d = decision_;
  const auto ships = s.ships();
  const auto yards = s.shipyards();
  std::array<std::pair<int, double>, 4> mv;
  // Loaded ships lean home; in the last turns they go straight there.
  for (OwnShip& o : own_) {
    const Ship& sh = ships[static_cast<size_t>(o.index)];
    int nearest = -1, nearest_dist = n_;
    for (const Shipyard& y : yards)
      if (y.owner == player && geo_.dist(y.cell, sh.cell) < nearest_dist)
        nearest_dist = geo_.dist(y.cell, sh.cell), nearest = y.cell;
    if (nearest < 0 || sh.cargo <= 0) continue;
    const int k = toward(sh.cell, nearest, mv);
    for (int i = 0; i < k; ++i) {
      const auto [m, w] = mv[static_cast<size_t>(i)];
      o.intentions[static_cast<size_t>(m)] += kHomeWeight * w;
      if (nearest_dist > 0 && s.step() > s.config().episode_steps - nearest_dist - 3 && w == 1.0) {
        o.action = kModelToMove[static_cast<size_t>(m)];
        o.going_back = true;
      }
    }
  }
  // One assignment of ships to the cells they can reach, by intentions.
  const int rows = static_cast<int>(own_.size());
  std::array<uint8_t, kMaxCells> used{};
  if (rows > 0) {
    columns_.clear();
    std::array<int16_t, kMaxCells> column_of;
    column_of.fill(-1);
    for (const OwnShip& o : own_)
      for (int m = 0; m < 5; ++m) {
        const int c = moved(ships[static_cast<size_t>(o.index)].cell, m);
        if (column_of[c] < 0) column_of[c] = static_cast<int16_t>(columns_.size()), columns_.push_back(c);
      }
    // The model's cell order (x major, then y) decides ties.
    std::sort(columns_.begin(), columns_.end(),
              [this](int a, int b) { return x_of(a) * n_ + y_of(a) < x_of(b) * n_ + y_of(b); });
    for (size_t k = 0; k < columns_.size(); ++k) column_of[columns_[k]] = static_cast<int16_t>(k);
    const int cols = static_cast<int>(columns_.size());
    cost_.assign(static_cast<size_t>(rows) * static_cast<size_t>(cols), kUnreachable);
    for (int r = 0; r < rows; ++r)
      for (int m = 0; m < 5; ++m) {
        const int c = moved(ships[static_cast<size_t>(own_[static_cast<size_t>(r)].index)].cell, m);
        cost_[static_cast<size_t>(r * cols + column_of[c])] =
            1000.0 - own_[static_cast<size_t>(r)].intentions[static_cast<size_t>(m)];
      }
    const std::vector<int>& col = assignment_.solve(rows, cols, cost_);
    for (int r = 0; r < rows; ++r) {
      OwnShip& o = own_[static_cast<size_t>(r)];
      const int to = columns_[static_cast<size_t>(col[static_cast<size_t>(r)])];
      toward(ships[static_cast<size_t>(o.index)].cell, to, mv);
      const int m = mv[0].first;  // the first move toward an adjacent cell is the step onto it
      if (m != kStay && !o.going_back) o.action = kModelToMove[static_cast<size_t>(m)];
      used[to] = 1;
    }
  }
  // No yard: the ship with the least cargo-weighted distance to the others converts.
  bool has_yard = false;
  for (const Shipyard& y : yards) has_yard |= y.owner == player;
  const double bank = s.player(player).bank;
  if (!has_yard) {
    double cargo = 0;
    for (const OwnShip& o : own_) cargo += ships[static_cast<size_t>(o.index)].cargo;
    if (cargo > static_cast<double>(s.config().convert_cost) || want_to_spawn_) {
      OwnShip* best = nullptr;
      double best_loss = 0;
      for (OwnShip& o : own_) {
        const Ship& sh = ships[static_cast<size_t>(o.index)];
        if (!(sh.cargo + bank > static_cast<double>(s.config().convert_cost))) continue;
        double loss = 0;
        for (const OwnShip& o2 : own_)
          loss += geo_.dist(sh.cell, ships[static_cast<size_t>(o2.index)].cell) *
                  ships[static_cast<size_t>(o2.index)].cargo;
        if (!best || loss < best_loss) best = &o, best_loss = loss;
      }
      if (best) best->action = kConvertOption;
    }
  }
  for (const OwnShip& o : own_) d.ship_choices.push_back({o.index, o.action < 0 ? 0 : o.action});
  if (static_cast<int>(own_.size()) < p_.max_ships) {
    double available = bank;
    const double cost = static_cast<double>(s.config().spawn_cost);
    for (int y : spawning_) {
      const int c = yards[static_cast<size_t>(y)].cell;
      if (used[c] || available < cost) continue;
      available -= cost;
      used[c] = 1;
      d.spawn_yards.push_back(y);
    }
  }
}

PlannerInfo mz_model_planner_info() {
  return {"mz_model",
          "a model of mzotkiew's public 2020 bot (danger map, surrounds, camping round enemy yards, mining by "
          "assignment), for sparring and as an opponent model",
          mz_model_specs(), [](const Params& p, const PlannerSetup&) {
            return std::make_unique<PolicyPlanner<MzModelPolicy>>("mz_model", MzModelPolicy(MzModelParams::from(p)));
          }};
}

}  // namespace halite::opponents
