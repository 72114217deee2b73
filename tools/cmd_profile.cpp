// halite profile FILE: the cost of copying a state and resolving a turn, on
// the real states of a replay.
// halite profile --planner NAME: a planner's time and simulations per turn
// over a whole game, as CSV and an SVG plot.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>

#include "command.h"
#include "halite/json_codec.h"
#include "halite/lab/arena.h"
#include "halite/lab/match.h"
#include "halite/lab/svg_plot.h"
#include "halite/replay_check.h"
#include "halite/search/param_file.h"
#include "halite/search/planners/mcts.h"
#include "play_halite3.h"
#include "profile_halite3.h"
#include "profile_timing.h"

namespace halite::tools {
namespace {

// Wraps a planner in the shared match loop and records what each plan() did.
class RecordingPlanner final : public search::Planner {
 public:
  struct Turn {
    int turn;
    double ms;
    int64_t iterations;
    int64_t simulated_steps;
    int ships;
    search::MctsPlanner::TreeInfo tree;  // mcts only (has_tree())
  };
  explicit RecordingPlanner(std::unique_ptr<search::Planner> inner)
      : inner_(std::move(inner)), tree_(dynamic_cast<const search::MctsPlanner*>(inner_.get())) {}
  std::string name() const override { return inner_->name(); }
  void new_game() override {
    inner_->reset();
    turns_.clear();
  }
  State::Orders choose(const State& state, int player, const search::Budget& budget) override {
    int ships = 0;
    for (const Ship& s : state.ships()) ships += s.owner == player;
    const auto t0 = Clock::now();
    State::Orders orders = inner_->plan(state, player, budget);
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    stats_ = inner_->last_stats();
    turns_.push_back({state.step(), ms, stats_.iterations, stats_.simulated_steps, ships, {}});
    if (tree_) turns_.back().tree = tree_->tree_info();
    return orders;
  }
  const std::vector<Turn>& turns() const { return turns_; }
  // The tree search leaves what its tree held each turn (MctsPlanner::TreeInfo).
  bool has_tree() const { return tree_ != nullptr; }

 private:
  std::unique_ptr<search::Planner> inner_;
  const search::MctsPlanner* tree_;  // inner_ when it is the tree search, else null
  std::vector<Turn> turns_;
};

// What the tree search did over the game: how often it searched, how much
// of its tree it kept from the turn before, how often its answer left the
// policy's joint move, and how the opponents were modelled.
void print_tree_summary(const std::vector<RecordingPlanner::Turn>& turns) {
  int searched = 0, reused = 0, off_policy = 0;
  double ships = 0, visits = 0, reused_visits = 0, gain = 0, predicted = 0, fitted = 0;
  for (const auto& t : turns) {
    predicted += t.tree.predicted_opponents, fitted += t.tree.fitted_opponents;
    if (t.tree.units == 0) continue;
    ++searched, ships += t.tree.units, visits += static_cast<double>(t.tree.root_visits);
    if (t.tree.reused_visits > 0) ++reused, reused_visits += static_cast<double>(t.tree.reused_visits);
    if (!t.tree.chose_policy) ++off_policy, gain += t.tree.answer_gain;
  }
  const auto mean = [](double sum, int count) { return count > 0 ? sum / count : 0.0; };
  std::printf(
      "tree: searched on %d of %zu turns (mean %.1f ships, %.0f root visits); a subtree kept from the turn "
      "before on %d (mean %.0f visits); answer off the policy's joint move on %d (mean estimated gain %.1f)\n",
      searched, turns.size(), mean(ships, searched), mean(visits, searched), reused, mean(reused_visits, reused),
      off_policy, mean(gain, off_policy));
  std::printf("opponents per turn: predicted by the recogniser %.2f, fleet with fitted parameters %.2f\n",
              mean(predicted, static_cast<int>(turns.size())), mean(fitted, static_cast<int>(turns.size())));
}

int run_planner(const Flags& flags) {
  if (!flags.positional().empty()) throw UsageError("--planner takes no replay file");
  const std::string name = flags.get("planner", "");
  search::Params params;
  std::vector<lab::PlayerSpec> opponents;
  try {
    std::string planner = name;
    params = flags.has("params") ? search::params_from_file(&planner, flags.get("params", ""))
                                 : search::default_params(name);
    for (const std::string& s : flags.get_all("set")) params.set_from_string(s);
    for (const std::string& item : split_list(flags.get("opponents", "greedy"), ';'))
      opponents.push_back(lab::PlayerSpec::parse(item));
  } catch (const search::ParamError& e) {
    throw UsageError(e.what());
  }
  if (opponents.size() != 1 && opponents.size() != 3)
    throw UsageError("--opponents takes 1 (two-player) or 3 (four-player) specs");
  const uint64_t seed = static_cast<uint64_t>(flags.get_int("seed", 1, 0, 4294967295LL));
  lab::MatchOptions mo;
  mo.config.size = static_cast<int>(flags.get_int("size", mo.config.size, kMinBoardSize, kMaxBoardSize));
  mo.config.episode_steps = static_cast<int>(flags.get_int("episode-steps", mo.config.episode_steps, 2, 1'000'000));
  mo.config.random_seed = static_cast<uint32_t>(seed);
  mo.config.has_random_seed = true;
  mo.budget.milliseconds = flags.get_double("budget-ms", 0, 0, 1e7);
  mo.budget.iterations = flags.get_int("iterations", 0, 0, 1'000'000'000'000LL);
  if (mo.budget.milliseconds <= 0 && mo.budget.iterations <= 0) mo.budget.milliseconds = 200;
  const int seat = static_cast<int>(flags.get_int("seat", 0, 0, static_cast<long long>(opponents.size())));

  auto recorder = std::make_unique<RecordingPlanner>(search::make_planner(name, params, seed));
  std::vector<std::unique_ptr<search::Planner>> owned;
  std::vector<search::Planner*> seats;
  for (size_t i = 0; i < opponents.size(); ++i) owned.push_back(opponents[i].make(seed * 7919 + i + 1));
  for (size_t i = 0, o = 0; i < opponents.size() + 1; ++i)
    seats.push_back(static_cast<int>(i) == seat ? recorder.get() : owned[o++].get());
  const lab::MatchResult result = lab::play_match(seats, mo);
  const std::vector<RecordingPlanner::Turn>& turns = recorder->turns();

  if (flags.has("csv")) {
    std::ofstream csv(flags.get("csv", ""));
    csv << "turn,ms,iterations,simulated_steps,ships";
    if (recorder->has_tree())
      csv << ",searched_ships,nodes,root_visits,reused_visits,chose_policy,answer_gain,verified_arms,predicted_"
             "opponents,"
             "fitted_opponents";
    csv << "\n";
    for (const auto& t : turns) {
      csv << t.turn << "," << t.ms << "," << t.iterations << "," << t.simulated_steps << "," << t.ships;
      if (recorder->has_tree())
        csv << "," << t.tree.units << "," << t.tree.nodes << "," << t.tree.root_visits << "," << t.tree.reused_visits
            << "," << (t.tree.chose_policy ? 1 : 0) << "," << t.tree.answer_gain << "," << t.tree.verified_arms << ","
            << t.tree.predicted_opponents << "," << t.tree.fitted_opponents;
      csv << "\n";
    }
    if (!csv) throw std::runtime_error("cannot write " + flags.get("csv", ""));
  }
  if (flags.has("svg")) {
    lab::PlotPanel time{"wall time of plan() per turn", "ms", {{"ms", {}, {}, false}}};
    lab::PlotPanel sims{"work per turn (Planner::last_stats)",
                        "count",
                        {{"iterations", {}, {}, false}, {"simulated steps", {}, {}, false}}};
    lab::PlotPanel ships{"own ships", "ships", {{"ships", {}, {}, false}}};
    if (recorder->has_tree()) ships.series.push_back({"searched by the tree", {}, {}, false});
    for (const auto& t : turns) {
      time.series[0].x.push_back(t.turn), time.series[0].y.push_back(t.ms);
      sims.series[0].x.push_back(t.turn), sims.series[0].y.push_back(static_cast<double>(t.iterations));
      sims.series[1].x.push_back(t.turn), sims.series[1].y.push_back(static_cast<double>(t.simulated_steps));
      ships.series[0].x.push_back(t.turn), ships.series[0].y.push_back(t.ships);
      if (recorder->has_tree()) ships.series[1].x.push_back(t.turn), ships.series[1].y.push_back(t.tree.units);
    }
    std::ofstream svg(flags.get("svg", ""));
    svg << lab::svg_plot("halite profile " + name + " (" + budget_text(mo.budget) + ", " +
                             std::to_string(mo.config.size) + "x" + std::to_string(mo.config.size) + ", seed " +
                             std::to_string(seed) + ")",
                         "turn", {time, sims, ships});
    if (!svg) throw std::runtime_error("cannot write " + flags.get("svg", ""));
  }

  std::vector<double> ms;
  double iters = 0, steps = 0;
  for (const auto& t : turns)
    ms.push_back(t.ms), iters += static_cast<double>(t.iterations), steps += static_cast<double>(t.simulated_steps);
  const double n = std::max<double>(1, static_cast<double>(turns.size()));
  std::printf("%s: %zu turns, %d players, %dx%d board, seat %d, reward %.0f (rank %d)%s%s\n", name.c_str(),
              turns.size(), static_cast<int>(seats.size()), mo.config.size, mo.config.size, seat, result.rewards[seat],
              result.ranks[seat] + 1, result.errors[seat].empty() ? "" : ", error: ", result.errors[seat].c_str());
  std::printf("ms per turn: p50 %.2f  p99 %.2f  max %.2f  mean %.2f\n", percentile(ms, 0.5), percentile(ms, 0.99),
              ms.empty() ? 0.0 : *std::max_element(ms.begin(), ms.end()), [&] {
                double s = 0;
                for (double x : ms) s += x;
                return s / n;
              }());
  std::printf("mean per turn: iterations %.1f  simulated steps %.1f\n", iters / n, steps / n);
  if (recorder->has_tree()) print_tree_summary(turns);
  if (mo.budget.milliseconds > 0) {
    // The search layer's promise: a deadline overshot by less than 2% of the
    // budget plus 1 ms.
    const double limit = 0.02 * mo.budget.milliseconds + 1;
    int over = 0, over_limit = 0;
    double worst = 0;
    for (double x : ms) {
      const double overshoot = x - mo.budget.milliseconds;
      over += overshoot > 0;
      over_limit += overshoot > limit;
      worst = std::max(worst, overshoot);
    }
    std::printf("over budget: %d of %zu turns, worst by %.2f ms; over the limit (2%% + 1 ms = %.2f ms): %d\n", over,
                ms.size(), worst, limit, over_limit);
  }
  return 0;
}

// Spins on one core reading steady_clock for `seconds` and counts the gaps
// between consecutive reads: time in which this thread did not run. They tell
// a planner's overshoot from the machine's (a VM's descheduled vCPU, other
// load): a turn can be late by that much whatever the planner does.
int run_pauses(double seconds) {
  using Clock = std::chrono::steady_clock;
  const double thresholds_ms[] = {1, 2, 5, 10};
  int64_t counts[std::size(thresholds_ms)] = {};
  int64_t reads = 0;
  double longest = 0;
  const Clock::time_point start = Clock::now(), end = start + std::chrono::duration_cast<Clock::duration>(
                                                                  std::chrono::duration<double>(seconds));
  Clock::time_point previous = start;
  for (Clock::time_point now = start; now < end; previous = now) {
    now = Clock::now();
    ++reads;
    const double gap = std::chrono::duration<double, std::milli>(now - previous).count();
    longest = std::max(longest, gap);
    for (size_t k = 0; k < std::size(thresholds_ms); ++k) counts[k] += gap > thresholds_ms[k];
  }
  std::printf(
      "clock read %lld times in %.1f s; gaps over 1 ms: %lld, over 2 ms: %lld, over 5 ms: %lld, over 10 ms: %lld; "
      "longest %.2f ms\n",
      static_cast<long long>(reads), seconds, static_cast<long long>(counts[0]), static_cast<long long>(counts[1]),
      static_cast<long long>(counts[2]), static_cast<long long>(counts[3]), longest);
  return 0;
}

int run(const std::vector<std::string>& args) {
  Flags flags(args,
              {"reps", "planner", "set", "params", "opponents", "budget-ms", "iterations", "seed", "size",
               "episode-steps", "seat", "csv", "svg", "pauses", "game", "players", "turns", "agents"},
              {});
  if (game_flag(flags) == lab::Game::Halite3) return profile_halite3(flags);
  refuse_halite3_flags(flags);
  for (const char* f : {"players", "agents"})
    if (flags.has(f)) throw UsageError(std::string("--") + f + " is for --game halite3 (Halite IV: --opponents)");
  if (flags.has("pauses")) {
    if (flags.has("planner") || !flags.positional().empty()) throw UsageError("--pauses takes no planner and no file");
    return run_pauses(flags.get_double("pauses", 10, 0.001, 86400));
  }
  if (flags.has("planner")) return run_planner(flags);
  for (const char* f :
       {"set", "params", "opponents", "budget-ms", "iterations", "seed", "size", "episode-steps", "seat", "csv", "svg"})
    if (flags.has(f)) throw UsageError(std::string("--") + f + " needs --planner");
  if (flags.positional().size() != 1) throw UsageError("give exactly one replay file");
  const int reps = static_cast<int>(flags.get_int("reps", 200, 1, 1'000'000));
  const Replay replay = read_replay_file(flags.positional()[0]);
  const std::vector<State> states = replay_states(replay);

  std::vector<TurnCost> samples;
  auto scratch = std::make_unique<State>();
  for (size_t t = 0; t + 1 < states.size(); ++t) {
    // The turn from state t to t + 1, staged exactly as the replay recorded it.
    State staged = states[t];
    stage_recorded_turn(staged, replay.steps[t + 1]);
    const double copy_ns = time_ns(reps, kTimingRounds, [&] {
      *scratch = staged;
      keep(*scratch);
    });
    const double copy_and_step_ns = time_ns(reps, kTimingRounds, [&] {
      *scratch = staged;
      scratch->resolve();
      keep(*scratch);
    });
    samples.push_back({static_cast<int>(staged.ships().size()), copy_ns, std::max(0.0, copy_and_step_ns - copy_ns)});
  }

  std::printf("%s: %zu turns, %d players, %dx%d board\n\n", flags.positional()[0].c_str(), samples.size(),
              replay.num_players, replay.config.size, replay.config.size);
  print_costs_by_ships(samples, kMaxShips, "step_ns (med)");
  std::vector<double> copies, steps;
  for (const TurnCost& s : samples) copies.push_back(s.copy_ns), steps.push_back(s.step_ns);
  std::printf("\nstep_ns=%.0f copy_ns=%.0f states=%zu\n", median(steps), median(copies), states.size());
  return 0;
}

HALITE_COMMAND(Command{
    "profile",
    "measure state-copy and turn-resolution cost on a replay, a planner's time per turn over a game, or the machine's "
    "pauses",
    "usage: halite profile [--reps 200] FILE\n"
    "       halite profile --planner NAME [--set k=v]... [--params FILE.json] [--opponents 'SPEC[;SPEC;SPEC]']\n"
    "                      [--budget-ms MS | --iterations N] [--seed 1] [--size 21] [--episode-steps 400]\n"
    "                      [--seat 0] [--csv FILE] [--svg FILE]\n"
    "       halite profile --pauses SECONDS\n"
    "       halite profile --game halite3 [--players 2] [--size 32] [--seed 1] [--turns N]\n"
    "                      [--agents 'greedy;greedy:k=v'] [--reps 200] [--csv FILE]\n\n"
    "With --planner: plays one game (NAME in --seat against --opponents, default\n"
    "greedy; three opponents make a four-player game; board and planner seeds from\n"
    "--seed; budget default 200 ms) and records per turn: turn, wall time of plan(),\n"
    "iterations and simulated steps (Planner::last_stats) and own ship count. --csv\n"
    "writes them (turn,ms,iterations,simulated_steps,ships), --svg plots them by turn.\n"
    "Prints p50/p99/max ms, mean iterations and simulated steps per turn, and with\n"
    "--budget-ms how many turns overshot the deadline, by how much at worst, and\n"
    "how many overshot it by more than 2% of the budget plus 1 ms. For mcts also\n"
    "what its tree held each turn (MctsPlanner::TreeInfo: ships searched, nodes,\n"
    "root visits, visits kept from the turn before, whether the answer was the\n"
    "policy's joint move and its estimated gain, playouts that checked arms,\n"
    "opponents predicted and fitted): more CSV columns, a summary, a plot series.\n\n"
    "With --pauses: reads the clock in a loop on one core for SECONDS and counts\n"
    "the gaps between reads over 1, 2, 5 and 10 ms (time the thread did not run:\n"
    "other load, a VM's descheduled vCPU). A turn can overshoot its deadline by\n"
    "that much whatever the planner does.\n\n"
    "With FILE:\n"
    "Loads every state of a replay (checking that it reproduces), then times, on\n"
    "each state, a copy of the state and the resolution of its recorded turn\n"
    "(the best of 5 rounds of --reps repetitions; resolution time excludes the\n"
    "copy). Prints medians by ship count; the last line is exactly\n"
    "  step_ns=<median> copy_ns=<median> states=<n>\n\n" +
        std::string(kProfileHalite3Usage),
    run});

}  // namespace
}  // namespace halite::tools
