#include "halite/opponents/zeta_model.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "halite/search/policy/policy_planner.h"
#include "zeta_model_impl.h"

namespace halite::opponents {

ZetaModelPolicy::ZetaModelPolicy(const ZetaModelParams& params) : impl_(std::make_unique<Impl>()) {
  // The process-wide table (tens of milliseconds) is built when the first
  // model is made, not within the first turn's deadline.
  mining_table();
  impl_->final_ = params.variant == ZetaVariant::final_;
  impl_->rules = impl_->final_ ? &kFinalRules : &kBestRules;
  impl_->late = params.values;
  impl_->early = params.early;
  impl_->early_until = params.early_until;
  impl_->p = params.early;
  impl_->reset(impl_->PI(zp::farming_end));
}
ZetaModelPolicy::~ZetaModelPolicy() = default;
ZetaModelPolicy::ZetaModelPolicy(ZetaModelPolicy&&) noexcept = default;
ZetaModelPolicy& ZetaModelPolicy::operator=(ZetaModelPolicy&&) noexcept = default;
void ZetaModelPolicy::reset() {
  impl_->p = impl_->early;
  impl_->reset(impl_->PI(zp::farming_end));
}
const PolicyDecision& ZetaModelPolicy::decide(const State& state, int player) {
  impl_->decide(state, player, decision_);
  return decision_;
}

// ---- the turn ------------------------------------------------------------------

void ZetaModelPolicy::Impl::decide(const State& st, int player, PolicyDecision& d) {
  d.clear();
  if (!start_turn(st, player)) return;
  list_units();
  read_halite();
  rank_players();
  measure_distances();
  if (!own.empty() || small_dom.empty()) compute_maps();
  compute_regions();
  planned_moves.clear();
  spawn_limit = reached_spawn_limit();
  harvest = harvest_threshold();
  fill_preferences();
  start_ship_plans();
  find_vulnerable();
  if (step < farming_end) farming_end = estimate_farming_end();
  // The bot's special first steps.
  if (step == 0) plan_site();
  if (step <= kFirstTurns && own_yards.empty() && own.size() == 1 && ship(0).cell != next_site)
    type[0] = ShipType::Constructing;
  build_yards();
  guard_yards();
  update_spawn_cost();
  move_ships();
  assign_moves();
  plan_spawns();
  write_orders(d);
}

bool ZetaModelPolicy::Impl::start_turn(const State& st, int player) {
  s = &st;
  me = player;
  n = st.size();
  cells = n * n;
  step = st.step();
  spawn_price = static_cast<double>(st.config().spawn_cost);
  convert_price = static_cast<double>(st.config().convert_cost);
  const bool new_game = !started || static_cast<int>(intrusions.size()) != cells;
  if (new_game) p = early;
  if (step >= early_until) p = late;  // zeta_final switches once and keeps the late set
  danger_tolerance = step >= kLateDangerToleranceStep ? kLateDangerTolerance : kDangerTolerance;
  if (new_game) {
    reset(PI(zp::farming_end));
    spawn_cost = spawn_price;
    started = true;
    intrusions.assign(static_cast<size_t>(cells), {});
  }
  return st.player(player).status == Status::Active;
}

void ZetaModelPolicy::Impl::list_units() {
  const auto ships = s->ships();
  const auto yards = s->shipyards();
  bank = s->player(me).bank;
  own.clear();
  enemies.clear();
  own_yards.clear();
  yard_cells.clear();
  for (int q = 0; q < s->num_players(); ++q)
    for (size_t i = 0; i < ships.size(); ++i)
      if (ships[i].owner == q) (q == me ? own : enemies).push_back(static_cast<int>(i));
  for (size_t i = 0; i < yards.size(); ++i)
    if (yards[i].owner == me) own_yards.push_back(static_cast<int>(i));
  if (PI(zp::ids_as_strings)) {  // as nlohmann::json's sorted objects list them
    auto by_name = [](auto units) {
      return [units](int a, int b) {
        return units[static_cast<size_t>(a)].id.str() < units[static_cast<size_t>(b)].id.str();
      };
    };
    std::stable_sort(own.begin(), own.end(), by_name(ships));
    std::stable_sort(own_yards.begin(), own_yards.end(), by_name(yards));
    std::vector<int> sorted_enemies;
    for (int q = 0; q < s->num_players(); ++q) {
      std::vector<int> theirs;
      for (int e : enemies)
        if (ships[static_cast<size_t>(e)].owner == q) theirs.push_back(e);
      std::stable_sort(theirs.begin(), theirs.end(), by_name(ships));
      sorted_enemies.insert(sorted_enemies.end(), theirs.begin(), theirs.end());
    }
    enemies = sorted_enemies;
  }
  for (int i : own_yards) yard_cells.push_back(yards[static_cast<size_t>(i)].cell);
  ship_count = static_cast<int>(own.size());
  yard_count = static_cast<int>(own_yards.size());
  ship_at.assign(static_cast<size_t>(cells), -1);
  yard_at.assign(static_cast<size_t>(cells), -1);
  for (size_t i = 0; i < ships.size(); ++i) ship_at[ships[i].cell] = static_cast<int16_t>(i);
  for (size_t i = 0; i < yards.size(); ++i) yard_at[yards[i].cell] = static_cast<int16_t>(i);
  is_yard.assign(static_cast<size_t>(cells), 0);
  for (int c : yard_cells) is_yard[static_cast<size_t>(c)] = 1;
  is_enemy_at.assign(static_cast<size_t>(cells), 0);
  for (int e : enemies) is_enemy_at[ships[static_cast<size_t>(e)].cell] = 1;
}

void ZetaModelPolicy::Impl::read_halite() {
  halite.assign(s->cells().begin(), s->cells().end());
  mean_halite = 0;
  int populated_cells = 0;
  for (double h : halite) mean_halite += h, populated_cells += h > 0;
  mean_halite /= cells;
  population = static_cast<double>(populated_cells) / cells;
  disc_cells = static_cast<int>(radius_list(0, static_cast<int>(std::ceil(P(zp::max_shipyard_distance) / 2))).size());
  const bool integer_map = step == 0;  // Kaggle's first halite list holds ints
  gaussian_blur(halite, n, P(zp::map_blur_sigma), integer_map, blurred);
  gaussian_blur(halite, n, P(zp::map_ultra_blur), integer_map, ultra);
  max_ultra = *std::max_element(ultra.begin(), ultra.end());
}

void ZetaModelPolicy::Impl::rank_players() {
  const auto ships = s->ships();
  // Ranks: numpy's argsort of four values is stable, reversed.
  const int np_ = s->num_players();
  auto ranks = [&](const std::vector<double>& value, std::vector<int>& rank_of_player) {
    std::vector<int> order_(static_cast<size_t>(np_));  // over [me] + opponents
    std::vector<int> players_list = {me};
    for (int q = 0; q < np_; ++q)
      if (q != me) players_list.push_back(q);
    std::iota(order_.begin(), order_.end(), 0);
    std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
      return value[static_cast<size_t>(players_list[static_cast<size_t>(a)])] <
             value[static_cast<size_t>(players_list[static_cast<size_t>(b)])];
    });
    std::reverse(order_.begin(), order_.end());
    rank_of_player.assign(static_cast<size_t>(np_), 0);
    for (int r = 0; r < np_; ++r)
      rank_of_player[static_cast<size_t>(players_list[static_cast<size_t>(order_[static_cast<size_t>(r)])])] = r;
  };
  std::vector<double> score(static_cast<size_t>(np_)), presence(static_cast<size_t>(np_)),
      banks(static_cast<size_t>(np_));
  std::vector<int> ship_n(static_cast<size_t>(np_), 0), yard_n(static_cast<size_t>(np_), 0);
  std::vector<double> cargo_q(static_cast<size_t>(np_), 0);
  for (const Ship& sh : ships) ++ship_n[sh.owner], cargo_q[sh.owner] += sh.cargo * kCargoWorth;
  for (const Shipyard& y : s->shipyards()) ++yard_n[y.owner];
  for (int q = 0; q < np_; ++q) {
    const double left = 1 - step / static_cast<double>(kLastStep);
    score[static_cast<size_t>(q)] = s->player(q).bank + ship_n[static_cast<size_t>(q)] * kShipWorth * left +
                                    yard_n[static_cast<size_t>(q)] * kYardWorth * left +
                                    cargo_q[static_cast<size_t>(q)];
    presence[static_cast<size_t>(q)] = ship_n[static_cast<size_t>(q)] + yard_n[static_cast<size_t>(q)];
    banks[static_cast<size_t>(q)] = s->player(q).bank;
  }
  ranks(score, rank_of);
  ranks(presence, map_rank_of);
  ranks(banks, halite_rank_of);
  rank = rank_of[static_cast<size_t>(me)];
  map_rank = map_rank_of[static_cast<size_t>(me)];
  presence_diff.assign(static_cast<size_t>(np_), 0);
  int most_ships = 0, enemy_ships = 0, enemy_empty = 0;
  for (int q = 0; q < np_; ++q) {
    if (q == me) continue;
    presence_diff[static_cast<size_t>(q)] =
        static_cast<int>(presence[static_cast<size_t>(me)] - presence[static_cast<size_t>(q)]);
    most_ships = std::max(most_ships, ship_n[static_cast<size_t>(q)]);
  }
  for (int e : enemies) ++enemy_ships, enemy_empty += ships[static_cast<size_t>(e)].cargo <= 1;
  ship_advantage = ship_count - most_ships;
  enemy_hunting_share = static_cast<double>(enemy_empty) / std::max(1, enemy_ships);
}

void ZetaModelPolicy::Impl::measure_distances() {
  const auto ships = s->ships();
  max_connections = connected = 0;
  for (int a : yard_cells) {
    int c = 0;
    for (int b : yard_cells)
      if (a != b && P(zp::min_shipyard_distance) <= dist(a, b) && dist(a, b) <= P(zp::max_shipyard_distance)) {
        ++c;
        max_connections = std::max(max_connections, c);
      }
    if (c > 0) ++connected;
  }
  enemy_dist.assign(static_cast<size_t>(cells), kFar);
  enemy_dist2.assign(static_cast<size_t>(cells), kFar);
  for (int c = 0; c < cells; ++c) {
    int m1 = kFar, m2 = kFar;
    for (int e : enemies) {
      const int dd = dist(c, ships[static_cast<size_t>(e)].cell);
      if (dd < m1)
        m2 = m1, m1 = dd;
      else if (dd < m2)
        m2 = dd;
    }
    enemy_dist[static_cast<size_t>(c)] = m1;
    enemy_dist2[static_cast<size_t>(c)] = m2;
  }
  yard_dist.assign(static_cast<size_t>(cells), 3);
  if (!yard_cells.empty())
    for (int c = 0; c < cells; ++c) {
      int m = 1 << 30;
      for (int y : yard_cells) m = std::min(m, dist(c, y));
      yard_dist[static_cast<size_t>(c)] = m;
    }
}

void ZetaModelPolicy::Impl::start_ship_plans() {
  const auto ships = s->ships();
  cargo = 0;
  for (int k : own) cargo += ships[static_cast<size_t>(k)].cargo;
  planned_sites.clear();
  const size_t m = own.size();
  type.assign(m, ShipType::None);
  mining_target.assign(m, -1);
  deposit_target.assign(m, -1);
  border_guard.assign(m, -1);
  yard_guard.assign(m, 0);
  urgent_guard.assign(m, 0);
  guarding.clear();
  spawns.clear();
  for (int e : enemies) {
    const Ship& sh = ships[static_cast<size_t>(e)];
    if (is_farming[sh.cell]) ++intrusions[sh.cell][sh.id];
  }
}

void ZetaModelPolicy::Impl::update_spawn_cost() {
  bool constructing = false;
  for (ShipType t : type) constructing |= t == ShipType::Constructing;
  bool own_on_site = false;
  if (next_site >= 0) {
    const int j = ship_at[static_cast<size_t>(next_site)];
    own_on_site = j >= 0 && s->ships()[static_cast<size_t>(j)].owner == me;
  }
  spawn_cost = next_site >= 0 && (constructing || own_on_site || step < 20) && step < P(zp::shipyard_stop)
                   ? 2 * spawn_price
                   : spawn_price;
}

void ZetaModelPolicy::Impl::assign_moves() {
  // The moves: one assignment of ships to reachable cells and conversions.
  const size_t m = own.size();
  order.assign(m, 0);
  if (m == 0) return;
  const int width = static_cast<int>(reach.size()) + convert_columns;
  for (const auto& [r, c] : assign_max(solver, static_cast<int>(m), width, pref)) {
    const Ship& sh = ship(r);
    if (c >= static_cast<int>(reach.size())) {
      if (pref[static_cast<size_t>(r * width + c)] <= kPaidConvert) {
        bank -= convert_price;
        planned_sites.push_back(sh.cell);
      }
      order[static_cast<size_t>(r)] = kConvertOption;
      continue;
    }
    const int target = reach[static_cast<size_t>(c)];
    if (target != sh.cell) {
      const int dir = nav(sh.cell, target)[0];
      static constexpr int kToMove[4] = {1, 3, 2, 4};  // N, E, S, W as kMoveActions indices
      order[static_cast<size_t>(r)] = kToMove[dir];
    }
    planned_moves.push_back(target);
  }
}

void ZetaModelPolicy::Impl::plan_spawns() {
  const auto yards = s->shipyards();
  if (own.empty() && bank >= spawn_price && step < kLastRescueSpawn && !own_yards.empty()) spawn(own_yards[0]);
  std::vector<int> by_score = own_yards;
  auto spawn_score = [&](int yi) {
    const int c = yards[static_cast<size_t>(yi)].cell;
    if (step <= P(zp::farming_start)) return ultra[static_cast<size_t>(c)];
    const double dom = medium_dom[static_cast<size_t>(c)];
    if (dom < P(zp::shipyard_abandon_dominance)) return -999.0;
    return -dom;
  };
  std::stable_sort(by_score.begin(), by_score.end(), [&](int a, int b) { return spawn_score(a) > spawn_score(b); });
  for (int yi : by_score) {
    if (bank < spawn_cost) break;
    const int c = yards[static_cast<size_t>(yi)].cell;
    if (in_list(planned_moves, c)) continue;
    if (reached_spawn_limit()) continue;
    if (ship_count >= P(zp::min_ships) && mean_halite / ship_count < P(zp::ship_spawn_threshold)) continue;
    if (medium_dom[static_cast<size_t>(c)] < P(zp::spawn_min_dominance) && step > 75 && yard_count > 1) continue;
    spawn(yi);
  }
  last_yard_count = static_cast<int>(own_yards.size());
}

void ZetaModelPolicy::Impl::write_orders(PolicyDecision& d) const {
  // Orders, legal whatever the bot asked: a conversion it cannot pay or on
  // a yard stays.
  double pay = s->player(me).bank;
  for (size_t k = 0; k < own.size(); ++k) {
    int option = order[k];
    const Ship& sh = ship(static_cast<int>(k));
    if (option == kConvertOption) {
      if (yard_at[sh.cell] >= 0 || pay + sh.cargo < convert_price)
        option = 0;
      else
        pay += sh.cargo - convert_price;
    }
    d.ship_choices.emplace_back(own[k], option);
    d.targets.push_back(sh.cell);
    d.rates.push_back(0);
  }
  std::vector<int> spawned;
  for (int yi : spawns) {
    if (in_list(spawned, yi) || pay < spawn_price) continue;
    spawned.push_back(yi);
    pay -= spawn_price;
    d.spawn_yards.push_back(yi);
  }
}

PlannerInfo zeta_model_planner_info() {
  return {"zeta_model",
          "a model of the public 2020 bot zeta_best (0Zeta, 4th): yard network, farming, typed ships, assignments; "
          "keeps memory across the turns of a game",
          zeta_model_specs(), [](const Params& p, const PlannerSetup&) {
            return std::make_unique<PolicyPlanner<ZetaModelPolicy>>("zeta_model",
                                                                    ZetaModelPolicy(ZetaModelParams::from(p)));
          }};
}

PlannerInfo zf_model_planner_info() {
  return {"zf_model",
          "a model of the public 2020 bot zeta_final (0Zeta's final submission): zeta_model's rules with zeta_final's "
          "changes and its early and late parameter sets; "
          "keeps memory across the turns of a game",
          zf_model_specs(), [](const Params& p, const PlannerSetup&) {
            return std::make_unique<PolicyPlanner<ZetaModelPolicy>>(
                "zf_model", ZetaModelPolicy(ZetaModelParams::from(p, ZetaVariant::final_)));
          }};
}

}  // namespace halite::opponents
