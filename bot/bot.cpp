#include "bot.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <thread>

#include "halite/search/param_file.h"
#include "halite/value.h"

namespace halite::bot {

// ---- time ------------------------------------------------------------------

namespace {

// After the runner charges overage, the margin grows by what was charged plus
// this much: the charge measured one turn's excess, the next may be a little
// worse (scheduling noise on the runner's machine is of this order).
constexpr double kMarginGrowthSlackMs = 50;
// ... but the learnt margin never takes more than this fraction of
// actTimeout: past it the bot would be playing the fallback on most turns,
// and the overage bank (not the margin) is what absorbs the rare long turn.
constexpr double kMaxMarginFraction = 0.5;
// No turn budget beyond this, whatever the configuration and the overage bank
// say: an hour is far past any real actTimeout, and it keeps deadlines far
// inside what a clock's duration can represent (a bank of 1e308 s once made
// the deadline overflow).
constexpr double kMaxTurnMs = 3600.0 * 1000;

// Seconds as the runner reports them, made safe to compute with: not a
// number or negative means unknown (-1), huge is capped.
double sane_seconds(double s) {
  if (!(s >= 0)) return -1;
  return std::min(s, kMaxTurnMs / 1000);
}

}  // namespace

void TimeManager::new_game() {
  last_overage_s_ = -1;
  degrade_left_ = 0;
}

TurnPlan TimeManager::plan_turn(const Config& config, int step, double overage_s) {
  TurnPlan tp;
  overage_s = sane_seconds(overage_s);
  const double act_ms = std::min(config.act_timeout * 1000, kMaxTurnMs);
  // The runner charged overage since the last turn: our margin was too thin
  // for this machine. Widen it by what was charged and play cheap for a while.
  if (last_overage_s_ >= 0 && overage_s >= 0 && overage_s < last_overage_s_ - 1e-3) {
    const double charged_ms = (last_overage_s_ - overage_s) * 1000;
    extra_margin_ms_ = std::min(extra_margin_ms_ + charged_ms + kMarginGrowthSlackMs, act_ms * kMaxMarginFraction);
    degrade_left_ = std::max(degrade_left_, policy_.degrade_turns);
    tp.reason = "the runner charged overage time last turn";
  }
  if (overage_s >= 0) last_overage_s_ = overage_s;

  const double margin = margin_ms();
  double base = act_ms - margin;
  if (policy_.max_turn_ms > 0) base = std::min(base, policy_.max_turn_ms);
  const bool low = overage_s >= 0 && overage_s < policy_.overage_low_s;
  if (low) base *= 0.5;
  double bonus = 0;
  if (!low && overage_s > policy_.overage_low_s && policy_.overage_use > 0) {
    const int turns_left = std::max(1, config.episode_steps - 1 - step);
    bonus = policy_.overage_use * (overage_s - policy_.overage_low_s) * 1000 / turns_left;
  }
  tp.budget_ms = std::clamp(base + bonus, 0.0, kMaxTurnMs);
  tp.hard_ms = std::clamp(act_ms - margin / 2 + bonus, 0.0, kMaxTurnMs);
  if (degrade_left_ > 0) {
    --degrade_left_;
    tp.use_fallback = true;
    if (!*tp.reason) tp.reason = "a recent turn ran long";
  } else if (tp.budget_ms < policy_.min_plan_ms) {
    tp.use_fallback = true;
    tp.reason = low ? "the overage bank is low and the budget too small" : "the budget is too small";
  }
  return tp;
}

void TimeManager::turn_finished(const Config& config, double elapsed_ms, bool planner_late) {
  const double act_ms = std::min(config.act_timeout * 1000, kMaxTurnMs);
  if (planner_late || elapsed_ms > act_ms - margin_ms() / 2) degrade_left_ = policy_.degrade_turns;
}

// ---- bot -------------------------------------------------------------------

namespace {

// A planner with `params` (a JSON object), then the `sets`, then the
// `count_sets` (k=v each) applied to its defaults; `blind`: given no model
// of a named bot, whatever this build registered.
std::unique_ptr<search::Planner> build(const std::string& name, const nlohmann::json& params,
                                       const std::vector<std::string>& sets, const std::vector<std::string>& count_sets,
                                       uint64_t seed, bool blind) {
  search::Params p = search::default_params(name);
  if (!params.empty()) p.set_from_json(params);
  for (const std::string& s : sets) p.set_from_string(s);
  for (const std::string& s : count_sets) p.set_from_string(s);
  search::PlannerSetup setup{seed, blind ? std::vector<search::ModelKind>{} : search::registered_opponent_models()};
  return search::make_planner(name, p, setup);
}

const std::vector<std::string>& sets_for(const std::map<int, std::vector<std::string>>& sets, int num_players) {
  static const std::vector<std::string> none;
  const auto it = sets.find(num_players);
  return it == sets.end() ? none : it->second;
}

// The --debug-delay-ms hook: a planner that is slow to answer.
class DelayedPlanner final : public search::Planner {
 public:
  DelayedPlanner(std::unique_ptr<search::Planner> inner, double delay_ms)
      : inner_(std::move(inner)), delay_ms_(delay_ms) {}
  std::string name() const override { return inner_->name(); }
  State::Orders choose(const State& state, int player, const search::Budget& budget) override {
    std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(delay_ms_));
    State::Orders orders = inner_->plan(state, player, budget);
    stats_ = inner_->last_stats();
    return orders;
  }
  void new_game() override { inner_->reset(); }
  void explain(const State&, int, search::TurnReasons& reasons) const override {
    if (inner_->explaining()) reasons = inner_->reasons();
  }

 private:
  std::unique_ptr<search::Planner> inner_;
  double delay_ms_;
};

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

bool is_config_key(const std::string& key) {
  static const Json known = [] {
    Json j = config_to_json(Config{});
    for (const char* k : {"actTimeout", "agentTimeout", "runTimeout", "randomSeed", "episodeSteps", "size"}) j[k] = 0;
    return j;
  }();
  return known.contains(key);
}

}  // namespace

Bot::Bot(const Options& options) : options_(options), time_(options.time) {
  planner_name_ = options_.planner.empty() ? default_planner() : options_.planner;
  fallback_name_ = options_.fallback;
  const nlohmann::json file = {
      {"params", options_.params}, {"fallback_params", options_.fallback_params}, {"by_players", options_.by_players}};
  // Index 0 takes the general values only (no game has 0 players).
  for (int count = 0; count <= kMaxPlayers; ++count) {
    if (count > 0 && !has_player_count_values(options_, count)) continue;
    auto set = std::make_unique<Planners>();
    const auto own = options_.players_planner.find(count);
    set->name = count > 0 && own != options_.players_planner.end() ? own->second : planner_name_;
    std::unique_ptr<search::Planner> main =
        build(set->name, search::values_for_players(file, "params", count), options_.sets,
              sets_for(options_.players_sets, count), options_.seed, options_.blind);
    const bool tracing = !options_.trace.empty();
    main->set_explaining(tracing);
    if (options_.debug_delay_ms > 0) main = std::make_unique<DelayedPlanner>(std::move(main), options_.debug_delay_ms);
    main->set_explaining(tracing);
    set->worker = std::make_unique<PlannerWorker>(std::move(main));
    set->fallback =
        build(fallback_name_, search::values_for_players(file, "fallback_params", count), options_.fallback_sets,
              sets_for(options_.players_fallback_sets, count), options_.seed + 1, options_.blind);
    set->fallback->set_explaining(tracing);
    planners_[static_cast<size_t>(count)] = std::move(set);
  }
  active_ = planners_[0].get();
  if (!options_.trace.empty()) {
    trace_.open(options_.trace);
    if (!trace_) throw UsageError("--trace: cannot write " + options_.trace);
  }
}

Bot::~Bot() = default;

const std::string& Bot::planner_name(int num_players) const {
  const bool own = num_players > 0 && num_players <= kMaxPlayers && planners_[static_cast<size_t>(num_players)];
  return planners_[own ? static_cast<size_t>(num_players) : 0]->name;
}

bool Bot::idle() const {
  for (const auto& set : planners_)
    if (set && set->worker->busy()) return false;
  return true;
}

void Bot::log(int level, const char* fmt, ...) const {
  if (options_.verbose < level) return;
  char buf[2048];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  std::fprintf(stderr, "halite_bot: %s\n", buf);
}

std::optional<std::string> Bot::handle_line(std::string_view line, Clock::time_point received) {
  try {
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n' || line.back() == ' ')) line.remove_suffix(1);
    Json j;
    try {
      j = parse_json(line, "input line");
    } catch (const std::exception& e) {
      ++error_lines_;
      log(0, "not JSON, answering {}: %s", e.what());
      return "{}";
    }
    if (!j.is_object()) {
      ++error_lines_;
      log(0, "not a JSON object (%s), answering {}", j.type_name());
      return "{}";
    }
    if (j.contains("configuration")) {
      set_configuration(j["configuration"]);
      if (!j.contains("observation")) return std::nullopt;
      return answer_observation(j["observation"], received);
    }
    bool observation_like = false, config_like = false;
    for (const auto& [key, v] : j.items()) {
      observation_like |=
          key == "halite" || key == "players" || key == "step" || key == "player" || key == "remainingOverageTime";
      config_like |= is_config_key(key);
    }
    if (observation_like) return answer_observation(j, received);
    if (config_like) {
      set_configuration(j);
      return std::nullopt;
    }
    ++error_lines_;
    // Named by size, never dumped: dumping recurses, and a line nested
    // 200,000 levels deep overflowed the stack here.
    log(0, "neither an observation nor a configuration (an object of %zu keys), answering {}", j.size());
    return "{}";
  } catch (const std::exception& e) {
    log(0, "internal error, answering {}: %s", e.what());
    return "{}";
  }
}

void Bot::set_configuration(const Json& j) {
  // Key by key from Kaggle's defaults: a value the bot cannot use (a null
  // randomSeed, a string where a number belongs, a size past the engine's
  // cap) is logged and left at its default instead of costing the game.
  // Most keys the bot never reads (randomSeed, startingHalite, runTimeout);
  // for the others, a wrong default shows later as an observation that does
  // not fit, which the state-free fallback answers.
  Config c;
  if (!j.is_object()) {
    log(0, "the configuration is %s, not an object: using Kaggle's defaults", j.type_name());
  } else {
    Json accepted = config_to_json(c);
    for (const auto& item : j.items()) {
      Json candidate = accepted;
      candidate[item.key()] = item.value();
      try {
        std::vector<std::string> unknown;
        c = config_from_json(candidate, &unknown);
        accepted = std::move(candidate);
        if (!unknown.empty()) log(2, "configuration key ignored: %s", item.key().c_str());
      } catch (const std::exception& e) {
        log(0, "configuration.%s ignored (%s); keeping %s", item.key().c_str(), e.what(),
            accepted.contains(item.key()) ? accepted[item.key()].dump().c_str() : "no value");
      }
    }
  }
  if (in_game_ && !(c == config_)) end_game();
  config_ = c;
  has_config_ = true;
}

void Bot::start_game(int num_players, int me) {
  in_game_ = true;
  me_ = me;
  num_players_ = num_players;
  last_step_ = -1;
  memory_.reset(num_players, me);
  time_.new_game();
  active_ = planners_[static_cast<size_t>(num_players)] ? planners_[static_cast<size_t>(num_players)].get()
                                                        : planners_[0].get();
  active_->worker->reset_planner();
  active_->fallback->reset();
  turns_ = fallback_turns_ = late_turns_ = failed_turns_ = error_lines_ = 0;
  max_turn_ms_ = total_turn_ms_ = 0;
}

void Bot::end_game() {
  if (!in_game_) return;
  in_game_ = false;
  log(1,
      "game over (player %d of %d, last step %d): %d turns, main planner %s%s, fallback %s played %d, late %d, "
      "failed %d, bad lines %d; turn time avg %.1f ms, max %.1f ms; margin %.0f ms",
      me_, num_players_, last_step_, turns_, active_->name.c_str(),
      active_ == planners_[0].get() ? "" : " (with this player count's values)", fallback_name_.c_str(),
      fallback_turns_, late_turns_, failed_turns_, error_lines_, turns_ ? total_turn_ms_ / turns_ : 0.0, max_turn_ms_,
      time_.margin_ms());
  if (options_.verbose >= 1) std::fprintf(stderr, "%s", memory_.summary().c_str());
}

void Bot::finish() {
  end_game();
}

State::Orders Bot::fallback_orders(const State& state, int player) {
  try {
    return active_->fallback->plan(state, player, search::Budget::milliseconds(10));
  } catch (const std::exception& e) {
    log(0, "step %d: fallback planner %s threw (%s); answering {}", state.step(), fallback_name_.c_str(), e.what());
    return {};
  }
}

State::Orders Bot::plan_orders(const State& state, int player, const TurnPlan& tp, Clock::time_point received,
                               std::string* used, bool* late) {
  *used = active_->name;
  if (tp.use_fallback || active_->worker->busy()) {
    *used = fallback_name_;
    ++fallback_turns_;
    log(2, "step %d: fallback plays: %s", state.step(),
        tp.use_fallback ? tp.reason : "the main planner is still running an abandoned turn");
    return fallback_orders(state, player);
  }
  search::Budget budget = search::Budget().with_deadline(
      received + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(tp.budget_ms)));
  if (options_.time.iterations > 0) budget.with_iterations(options_.time.iterations);
  const auto hard =
      received + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(tp.hard_ms));
  if (!active_->worker->start(state, player, budget)) {
    *used = fallback_name_;
    ++fallback_turns_;
    return fallback_orders(state, player);
  }
  State::Orders orders;
  std::string error;
  switch (active_->worker->wait(hard, &orders, &error)) {
    case PlannerWorker::Outcome::Done:
      break;
    case PlannerWorker::Outcome::Failed:
      ++failed_turns_;
      ++fallback_turns_;
      *used = fallback_name_;
      log(0, "step %d: planner %s threw (%s); the fallback plays this turn", state.step(), active_->name.c_str(),
          error.c_str());
      orders = fallback_orders(state, player);
      break;
    case PlannerWorker::Outcome::Late:
      *late = true;
      ++late_turns_;
      ++fallback_turns_;
      *used = fallback_name_;
      log(0, "step %d: planner %s missed its deadline (budget %.0f ms); the fallback plays", state.step(),
          active_->name.c_str(), tp.budget_ms);
      orders = fallback_orders(state, player);
      break;
  }
  return orders;
}

std::string Bot::answer_observation(const Json& obs, Clock::time_point received) {
  if (!has_config_) {
    if (!warned_no_config_) log(0, "no configuration line before the first observation: assuming Kaggle's defaults");
    warned_no_config_ = true;
    has_config_ = true;
  }
  if (!obs.is_object()) {
    ++error_lines_;
    log(0, "the observation is not a JSON object, answering {}");
    return "{}";
  }
  if (!obs.contains("player") || !obs["player"].is_number_integer()) {
    ++error_lines_;
    log(0, "observation without an integer \"player\", answering {}");
    return "{}";
  }
  const int64_t me = obs["player"].get<int64_t>();
  State state;
  try {
    Json copy = obs;
    copy.erase("player");  // checked below with a clearer message
    state = state_from_observation(copy, config_);
  } catch (const std::exception& e) {
    // The engine cannot hold this position (past its unit caps, a board that
    // does not fit the configuration, ...): still play the turn.
    ++error_lines_;
    ++fallback_turns_;
    log(0, "step %s: no state from this observation (%s); the state-free fallback plays",
        obs.contains("step") ? obs["step"].dump().c_str() : "?", e.what());
    return stateless_fallback(obs, config_);
  }
  if (me < 0 || me >= state.num_players()) {
    ++error_lines_;
    log(0, "observation.player = %lld is not a player of this %d-player game, answering {}", static_cast<long long>(me),
        state.num_players());
    return "{}";
  }
  const int player = static_cast<int>(me);
  double overage = -1;
  if (obs.contains("remainingOverageTime") && obs["remainingOverageTime"].is_number())
    overage = obs["remainingOverageTime"].get<double>();
  state.mutable_player(player).remaining_overage_time = std::max(0.0, overage);

  if (!in_game_ || state.step() <= last_step_ || player != me_ || state.num_players() != num_players_) {
    if (in_game_) end_game();
    start_game(state.num_players(), player);
  }
  last_step_ = state.step();
  // Observations carry no statuses: mark opponents the interpreter has
  // retired so that planners ignore them.
  retire_idle_opponents(state, player);
  memory_.observe(state);

  const TurnPlan tp = time_.plan_turn(config_, state.step(), overage);
  bool has_units = false;
  for (const Ship& s : state.ships()) has_units |= s.owner == player;
  for (const Shipyard& y : state.shipyards()) has_units |= y.owner == player;

  std::string used = "none";
  bool late = false;
  State::Orders orders;
  const int fallback_turns_before = fallback_turns_;
  if (has_units) orders = plan_orders(state, player, tp, received, &used, &late);
  if (trace_.is_open() && has_units) write_trace(state, player, orders, fallback_turns_ > fallback_turns_before);

  // Only what the reference would accept leaves the bot: orders for our own
  // live units, one per unit, in Kaggle's words.
  State staged = state;
  staged.clear_staged();
  staged.stage(player, orders);
  std::string answer = staged_action_to_json(staged, player).dump();

  const double elapsed = ms_since(received);
  time_.turn_finished(config_, elapsed, late);
  ++turns_;
  total_turn_ms_ += elapsed;
  max_turn_ms_ = std::max(max_turn_ms_, elapsed);
  if (options_.verbose >= 2) {
    const search::PlanStats st = active_->worker->last_stats();
    log(2, "step %d: %s, %zu orders, %.1f ms (budget %.0f ms, hard %.0f ms), %lld iterations, overage %.2f s",
        state.step(), used.c_str(), orders.size(), elapsed, tp.budget_ms, tp.hard_ms,
        static_cast<long long>(st.iterations), overage);
  }
  if (state.step() >= config_.episode_steps - 2) end_game();  // the last turn an agent plays
  return answer;
}

void Bot::write_trace(const State& state, int player, const State::Orders& orders, bool by_fallback) {
  // The reasons of the planner whose orders are answered, when they are this
  // turn's; else the orders alone.
  search::TurnReasons reasons = by_fallback ? active_->fallback->reasons() : active_->worker->last_reasons();
  if (reasons.step != state.step() || reasons.player != player) {
    reasons = search::orders_as_reasons(state, player, orders);
    reasons.planner = by_fallback ? fallback_name_ : active_->name;
  }
  trace_ << search::trace_line(reasons).dump() << '\n';
  if (!trace_.flush()) {
    // Losing the trace must not cost the game: say so once and play on.
    log(0, "step %d: error writing the trace %s; no more trace lines", state.step(), options_.trace.c_str());
    trace_.close();
  }
}

}  // namespace halite::bot
