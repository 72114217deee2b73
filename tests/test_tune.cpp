// SPSA tuning: the gains schedule, clamping and rounding, convergence on a
// synthetic objective, resuming from a log exactly (synthetic and real games),
// and the JSON / CSV / SVG outputs; `halite tune`, `halite arena NAME@FILE`
// and `halite profile --planner` / `--pauses` through the tool.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "halite/json_codec.h"
#include "halite/lab/spsa.h"
#include "halite/search/planner.h"
#include "halite/search/rng.h"
#include "run_tool.h"
#include "temp_dir.h"

using namespace halite;
using namespace halite::search;
using namespace halite::lab;

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream s(text);
  for (std::string line; std::getline(s, line);) out.push_back(line);
  return out;
}

// The JSON lines of `path` without their wall times (`times_key`), which differ between runs.
std::vector<nlohmann::json> lines_without_times(const std::string& path, const char* times_key) {
  std::vector<nlohmann::json> out;
  for (const std::string& line : lines_of(read_text(path))) {
    nlohmann::json j = nlohmann::json::parse(line);
    j.erase(times_key);
    out.push_back(j);
  }
  return out;
}

// A noisy concave quadratic with its maximum at `opt`: y = -sum((x - opt) / s)^2 + noise.
SpsaObjective noisy_quadratic(std::vector<double> opt, std::vector<double> scale, double noise) {
  return [=](const SpsaIteration& it) {
    Rng rng(it.seed);
    auto f = [&](const std::vector<double>& x) {
      double y = 0;
      for (size_t i = 0; i < x.size(); ++i) y -= std::pow((x[i] - opt[i]) / scale[i], 2);
      // Approximately normal noise (sum of uniforms).
      double n = 0;
      for (int j = 0; j < 12; ++j) n += rng.uniform();
      return y + noise * (n - 6);
    };
    SpsaOutcome out;
    out.y_plus = f(it.plus);
    out.y_minus = f(it.minus);
    out.games = 2;
    return out;
  };
}

// Tags open and close in order (attributes never hold '<' or '>' here).
bool well_formed_xml(const std::string& text) {
  std::vector<std::string> stack;
  size_t pos = 0;
  while ((pos = text.find('<', pos)) != std::string::npos) {
    const size_t end = text.find('>', pos);
    if (end == std::string::npos) return false;
    const std::string tag = text.substr(pos + 1, end - pos - 1);
    pos = end + 1;
    if (tag.empty()) return false;
    if (tag[0] == '?' || tag[0] == '!') continue;
    if (tag[0] == '/') {
      if (stack.empty() || stack.back() != tag.substr(1)) return false;
      stack.pop_back();
      continue;
    }
    if (tag.back() == '/') continue;
    stack.push_back(tag.substr(0, tag.find(' ')));
  }
  return stack.empty();
}

std::pair<int, std::string> run_tool(const std::string&, const std::string& args) {
  const ToolRun run = run_halite(args);
  return {run.status, run.output};
}

// The small arena the --resume and --summary tests run, and the same arena
// on another seed (whose records --resume and --summary must refuse).
const std::string kSmallArena =
    "arena --players 'miner;random' --games 6 --size 7 --episode-steps 20 --iterations 10 --seed 4 --jobs 2";
const std::string kOtherSeedArena =
    "arena --players 'miner;random' --games 6 --size 7 --episode-steps 20 --iterations 10 --seed 5";

// The file a run leaves when stopped after two games, its writer killed in the
// middle of the third line: the first two of `all` and half the third.
void write_interrupted_run(const std::string& path, const std::vector<std::string>& all) {
  std::ofstream part(path);
  part << all[0] << "\n" << all[1] << "\n" << all[2].substr(0, all[2].size() / 2);
}

}  // namespace

TEST_CASE("SPSA gains follow the standard schedule, set by c_end and r_end", "[tune]") {
  SpsaParam p;
  p.c_end = 2;
  p.r_end = 0.5;
  SpsaSettings s;
  s.iterations = 100;
  const SpsaGains g = spsa_gains(p, s);
  CHECK(g.A == Approx(10));
  CHECK(g.alpha == 0.602);
  CHECK(g.gamma == 0.101);
  // The last iteration: c_k = c_end, a_k / c_k^2 = r_end.
  CHECK(g.c_k(99) == Approx(2));
  CHECK(g.a_k(99) / (g.c_k(99) * g.c_k(99)) == Approx(0.5));
  // The first: c = c_end N^gamma, a = r_end c_end^2 (A + N)^alpha, divided by (A + 1)^alpha.
  CHECK(g.c_k(0) == Approx(2 * std::pow(100, 0.101)));
  CHECK(g.a_k(0) == Approx(0.5 * 4 * std::pow(110, 0.602) / std::pow(11, 0.602)));
  CHECK(g.c_k(9) == Approx(g.c / std::pow(10, 0.101)));
  CHECK(g.a_k(9) == Approx(g.a / std::pow(20, 0.602)));
  for (int k = 1; k < 100; ++k) {
    CHECK(g.c_k(k) < g.c_k(k - 1));
    CHECK(g.a_k(k) < g.a_k(k - 1));
  }
}

TEST_CASE("SPSA perturbations are Rademacher signs fixed by (seed, k)", "[tune]") {
  int plus = 0, total = 0;
  for (int k = 0; k < 200; ++k) {
    const std::vector<double> d = Spsa::perturbation(7, k, 10);
    CHECK(d == Spsa::perturbation(7, k, 10));
    for (double x : d) {
      CHECK((x == 1 || x == -1));
      plus += x > 0;
      ++total;
    }
  }
  CHECK(plus > total * 0.45);
  CHECK(plus < total * 0.55);
  CHECK(Spsa::perturbation(7, 3, 64) != Spsa::perturbation(8, 3, 64));
  CHECK(Spsa::perturbation(7, 3, 64) != Spsa::perturbation(7, 4, 64));
  CHECK(Spsa::iteration_seed(7, 3) != Spsa::iteration_seed(7, 4));
}

TEST_CASE("SPSA clamps to the declared ranges and rounds integers when played", "[tune]") {
  SpsaParam real{"x", 0, 10, false, 9.9, 1, 0.2};
  SpsaParam whole{"n", 1, 5, true, 2.4, 1, 0.2};
  SpsaSettings s;
  s.iterations = 10;
  Spsa spsa({real, whole}, s);
  CHECK(spsa.played({-3, 2.5}) == std::vector<double>{0, 3});
  CHECK(spsa.played({12, 7.2}) == std::vector<double>{10, 5});
  CHECK(spsa.played({3.25, 2.49}) == std::vector<double>{3.25, 2});
  const SpsaIteration it = spsa.propose();
  for (size_t i = 0; i < 2; ++i) {
    CHECK(it.plus[i] ==
          spsa.played({it.theta_before[0] + it.c_k[0] * it.delta[0], it.theta_before[1] + it.c_k[1] * it.delta[1]})[i]);
    CHECK(it.minus[i] ==
          spsa.played({it.theta_before[0] - it.c_k[0] * it.delta[0], it.theta_before[1] - it.c_k[1] * it.delta[1]})[i]);
  }
  CHECK(it.plus[1] == std::round(it.plus[1]));
  CHECK(it.minus[1] == std::round(it.minus[1]));
  CHECK(it.plus[1] != it.minus[1]);  // c_k >= 1 keeps the rounded sides apart
  // A huge score difference drives theta to the bounds, never past them.
  for (int k = 0; k < 10; ++k) {
    spsa.step([](const SpsaIteration& p) {
      SpsaOutcome o;
      o.y_plus = 1000 * (p.delta[0] > 0 ? 1 : -1);  // always favours increasing x
      o.y_minus = -o.y_plus;
      return o;
    });
    CHECK(spsa.theta()[0] >= 0);
    CHECK(spsa.theta()[0] <= 10);
    CHECK(spsa.theta()[1] >= 1);
    CHECK(spsa.theta()[1] <= 5);
  }
  CHECK(spsa.theta()[0] == 10);
  CHECK(spsa.done());
}

TEST_CASE("SPSA update is a_k (y+ - y-) / (2 c_k) delta", "[tune]") {
  SpsaParam a{"a", -100, 100, false, 1, 0.5, 0.3}, b{"b", -100, 100, false, -2, 2, 0.1};
  SpsaSettings s;
  s.iterations = 20;
  s.seed = 5;
  Spsa spsa({a, b}, s);
  const SpsaIteration it = spsa.step([](const SpsaIteration&) {
    SpsaOutcome o;
    o.y_plus = 0.75;
    o.y_minus = 0.25;
    return o;
  });
  for (size_t i = 0; i < 2; ++i)
    CHECK(it.theta[i] == Approx(it.theta_before[i] + it.a_k[i] * 0.5 / (2 * it.c_k[i]) * it.delta[i]));
  CHECK(spsa.k() == 1);
}

TEST_CASE("SPSA converges towards the optimum of a noisy quadratic", "[tune]") {
  const std::vector<double> opt{70, 30, 12};
  const std::vector<double> scale{20, 20, 5};
  // r_end = 2: a_end = 2 c_end^2.
  std::vector<SpsaParam> params{
      {"x", 0, 100, false, 30, 5, 2}, {"y", 0, 100, false, 75, 5, 2}, {"n", 0, 40, true, 25, 1, 2}};
  SpsaSettings s;
  s.iterations = 600;
  s.seed = 3;
  Spsa spsa(params, s);
  auto distance = [&](const std::vector<double>& x) {
    double d = 0;
    for (size_t i = 0; i < x.size(); ++i) d += std::pow((x[i] - opt[i]) / scale[i], 2);
    return std::sqrt(d);
  };
  const double d0 = distance(spsa.theta());
  const SpsaObjective f = noisy_quadratic(opt, scale, 0.05);
  while (!spsa.done()) spsa.step(f);
  const double d1 = distance(spsa.theta());
  INFO("start distance " << d0 << ", end " << d1 << ", theta " << spsa.theta()[0] << " " << spsa.theta()[1] << " "
                         << spsa.theta()[2]);
  CHECK(d1 < 0.25 * d0);
  CHECK(std::abs(spsa.theta()[0] - 70) < 8);
  CHECK(std::abs(spsa.theta()[1] - 30) < 8);
  CHECK(std::abs(spsa.played(spsa.theta())[2] - 12) <= 2);
}

TEST_CASE("rank-based seat scores", "[tune]") {
  CHECK(seat_scores({0, 1}) == std::vector<double>{1, 0});
  CHECK(seat_scores({1, 0}) == std::vector<double>{0, 1});
  CHECK(seat_scores({0, 0}) == std::vector<double>{0.5, 0.5});
  const std::vector<double> four = seat_scores({0, 1, 2, 3});
  CHECK(four[0] == Approx(1));
  CHECK(four[1] == Approx(2.0 / 3));
  CHECK(four[2] == Approx(1.0 / 3));
  CHECK(four[3] == Approx(0));
  const std::vector<double> tied = seat_scores({0, 0, 2, 3});
  CHECK(tied[0] == Approx(5.0 / 6));
  CHECK(tied[1] == Approx(5.0 / 6));
  CHECK(tied[2] == Approx(1.0 / 3));
}

TEST_CASE("default perturbation sizes follow the parameter's scale", "[tune]") {
  CHECK(param_scale({"r", 300, 0, 100000, "", false}) == 600);
  CHECK(param_scale({"z", 0, 0, 100000, "", false}) == 200);
  CHECK(param_scale({"w", 0.5, 0, 1, "", false}) == 1);
  CHECK(default_c_end({"r", 300, 0, 100000, "", false}, 0.1) == Approx(60));
  CHECK(default_c_end({"i", 12, 1, 60, "", true}, 0.1) == Approx(2.4));
  CHECK(default_c_end({"i", 1, 0, 20, "", true}, 0.1) == 1);   // integers: at least 1
  CHECK(default_c_end({"i", 1, 0, 1, "", true}, 0.1) == 0.5);  // at most half the range
}

TEST_CASE("tune options round-trip through the log header and validate", "[tune]") {
  TuneOptions o;
  o.planner = "miner";
  o.names = {"return_cargo", "max_ships"};
  o.mode = "opponent";
  o.opponent = "greedy:max_ships=5";
  o.games = 4;
  o.budget.iterations = 50;
  o.config.size = 11;
  o.config.episode_steps = 30;
  o.spsa.iterations = 7;
  o.spsa.seed = 99;
  o.c_end["return_cargo"] = 25;
  o.validate();
  const TuneOptions back = TuneOptions::from_json(nlohmann::json::parse(o.to_json().dump()));
  CHECK(back.to_json() == o.to_json());
  const std::vector<SpsaParam> params = tune_params(o);
  REQUIRE(params.size() == 2);
  CHECK(params[0].name == "return_cargo");
  CHECK(params[0].c_end == 25);
  CHECK(params[1].name == "max_ships");
  CHECK(params[1].integer);

  TuneOptions bad = o;
  bad.names = {"no_such"};
  CHECK_THROWS_AS(bad.validate(), ParamError);
  bad = o;
  bad.games = 3;
  CHECK_THROWS_AS(bad.validate(), ParamError);
  bad = o;
  bad.mode = "best";
  CHECK_THROWS_AS(bad.validate(), ParamError);
  bad = o;
  bad.opponent = "nobody";
  CHECK_THROWS_AS(bad.validate(), ParamError);
  bad = o;
  bad.planner = "random";  // nothing to tune
  bad.names.clear();
  bad.c_end.clear();
  CHECK_THROWS_AS(bad.validate(), ParamError);
}

TEST_CASE("an opponent pool: parsed, validated, and every member plays its share", "[tune]") {
  const std::vector<PlayerSpec> pool = opponent_pool("fleet; greedy:max_ships=5 ;fleet:hunt_weight=0.3");
  REQUIRE(pool.size() == 3);
  CHECK(pool[1].planner == "greedy");
  CHECK(pool[1].overrides == std::vector<std::string>{"max_ships=5"});
  CHECK_THROWS_AS(opponent_pool("fleet;;greedy"), ParamError);
  CHECK_THROWS_AS(opponent_pool("fleet;nobody"), ParamError);

  TuneOptions o;
  o.planner = "miner";
  o.names = {"return_cargo"};
  o.mode = "opponent";
  o.opponent = "greedy;miner";
  o.games = 4;  // 2 per member, seats swapped
  o.budget.iterations = 1;
  o.config.size = 9;
  o.config.episode_steps = 30;
  o.validate();
  TuneOptions odd = o;
  odd.games = 2;  // one game per member cannot swap seats
  CHECK_THROWS_AS(odd.validate(), ParamError);

  // Both members played: theta+ and theta- each have 2 games against each.
  const std::vector<SpsaParam> params = tune_params(o);
  Spsa spsa(params, o.spsa);
  const SpsaOutcome out = tune_objective(o, params)(spsa.propose());
  CHECK(out.games == 8);
  CHECK(out.detail["plus_scores"].size() == 4);
  CHECK(out.detail["minus_scores"].size() == 4);
}

TEST_CASE("tuning leaves mode switches and resources alone", "[tune]") {
  // Every planner: the default set is exactly its tunable parameters with a range.
  for (const search::PlannerInfo& info : search::planners()) {
    TuneOptions o;
    o.planner = info.name;
    std::vector<std::string> expected;
    for (const search::ParamSpec& s : info.params)
      if (s.tunable && s.max > s.min) expected.push_back(s.name);
    std::vector<std::string> tuned;
    for (const SpsaParam& p : tune_params(o)) tuned.push_back(p.name);
    INFO(info.name);
    CHECK(tuned == expected);
    // Naming a non-tunable parameter is refused with its name.
    for (const search::ParamSpec& s : info.params) {
      if (s.tunable) continue;
      o.names = {s.name};
      CHECK_THROWS_WITH(o.validate(), Catch::Contains("'" + s.name + "'") && Catch::Contains("not tunable"));
    }
  }
  // The search planners declare some (their mode switches and memory pools).
  for (const char* name : {"paired", "smitsimax"}) {
    bool any_fixed = false;
    for (const search::ParamSpec& s : search::planner_info(name).params) any_fixed = any_fixed || !s.tunable;
    INFO(name);
    CHECK(any_fixed);
  }
}

TEST_CASE("resuming a synthetic tune from its log gives the uninterrupted run", "[tune]") {
  const TempDir tmp("halite_tune_test_synthetic");
  const std::string dir = tmp.str();
  TuneOptions o;
  o.planner = "miner";  // only its parameter declarations are used
  o.names = {"return_cargo", "mine_threshold", "max_ships"};
  o.spsa.iterations = 25;
  o.spsa.seed = 11;
  const SpsaObjective f = noisy_quadratic({500, 20, 20}, {200, 30, 10}, 0.1);

  const TuneRun full = run_tune(o, dir + "/full.jsonl", {}, -1, f);
  CHECK(full.done);
  CHECK(full.history.size() == 25);

  const TuneRun part = run_tune(o, dir + "/part.jsonl", {}, 9, f);
  CHECK_FALSE(part.done);
  CHECK(part.history.size() == 9);
  // A torn line (the process died while writing) is dropped.
  { std::ofstream(dir + "/part.jsonl", std::ios::app) << "{\"k\": 9, \"theta_bef"; }
  int replayed = 0;
  const TuneRun resumed1 = resume_tune(
      dir + "/part.jsonl", 1, [&](const TuneRun&, const SpsaIteration&, bool r) { replayed += r; }, 6, f);
  CHECK(replayed == 9);
  CHECK(resumed1.history.size() == 15);
  const TuneRun resumed = resume_tune(dir + "/part.jsonl", 2, {}, -1, f);
  CHECK(resumed.done);
  CHECK(resumed.theta == full.theta);  // exactly
  CHECK(lines_without_times(dir + "/part.jsonl", "seconds") == lines_without_times(dir + "/full.jsonl", "seconds"));
  CHECK(tune_csv(resumed) == tune_csv(full));
  CHECK(tuned_params_json(resumed) == tuned_params_json(full));
  // A finished tune resumes to itself.
  const TuneRun again = resume_tune(dir + "/part.jsonl", 1, {}, -1, f);
  CHECK(again.theta == full.theta);
  CHECK(again.history.size() == 25);

  // A log that does not follow from its settings is refused.
  std::vector<std::string> lines = lines_of(read_text(dir + "/full.jsonl"));
  nlohmann::json third = nlohmann::json::parse(lines[3]);
  third["theta"]["return_cargo"] = third["theta"]["return_cargo"].get<double>() + 1;
  lines[3] = third.dump();
  {
    std::ofstream out(dir + "/edited.jsonl");
    for (const std::string& l : lines) out << l << "\n";
  }
  CHECK_THROWS(resume_tune(dir + "/edited.jsonl", 1, {}, -1, f));
}

TEST_CASE("resuming a real tune (miner, 11x11, 30 steps) gives the uninterrupted run", "[tune]") {
  const TempDir tmp("halite_tune_test_real");
  const std::string dir = tmp.str();
  TuneOptions o;
  o.planner = "miner";
  o.games = 2;
  o.spsa.iterations = 2;
  o.spsa.seed = 4;
  o.budget.iterations = 50;
  o.config.size = 11;
  o.config.episode_steps = 30;
  const TuneRun full = run_tune(o, dir + "/full.jsonl");
  REQUIRE(full.history.size() == 2);
  for (const SpsaIteration& it : full.history) {
    CHECK(it.outcome.games == 2);
    CHECK(it.outcome.y_plus + it.outcome.y_minus == Approx(1));  // pair mode: one match
    CHECK(it.outcome.detail["plus_scores"].size() == 2);
  }
  run_tune(o, dir + "/part.jsonl", {}, 1);
  o.jobs = 2;  // jobs do not change the result
  const TuneRun resumed = resume_tune(dir + "/part.jsonl", 2);
  CHECK(resumed.theta == full.theta);
  CHECK(lines_without_times(dir + "/part.jsonl", "seconds") == lines_without_times(dir + "/full.jsonl", "seconds"));

  // Opponent mode, four players: scores against a fixed opponent on the same boards.
  TuneOptions four = o;
  four.mode = "opponent";
  four.opponent = "miner:max_ships=3";
  four.players = 4;
  four.games = 4;
  four.spsa.iterations = 1;
  four.names = {"return_cargo"};
  const TuneRun r4 = run_tune(four, dir + "/four.jsonl");
  REQUIRE(r4.history.size() == 1);
  CHECK(r4.history[0].outcome.games == 8);
  CHECK(r4.history[0].outcome.y_plus >= 0);
  CHECK(r4.history[0].outcome.y_plus <= 1);
}

TEST_CASE("tune outputs: bot/arena JSON, CSV of every iteration, SVG plot", "[tune]") {
  const TempDir tmp("halite_tune_test_outputs");
  const std::string dir = tmp.str();
  TuneOptions o;
  o.planner = "greedy";
  o.names = {"return_bias", "max_ships", "danger_penalty"};
  o.start = {{"hunt_weight", 0.7}};
  o.spsa.iterations = 12;
  const TuneRun run = run_tune(o, dir + "/log.jsonl", {}, -1, noisy_quadratic({1.5, 20, 3000}, {1, 10, 1000}, 0.02));

  const nlohmann::json j = tuned_params_json(run);
  CHECK(j.size() == 2);
  CHECK(j["planner"] == "greedy");
  Params p = default_params("greedy");
  p.set_from_json(j["params"]);  // every value in range, integers whole
  CHECK(j["params"].size() == p.specs().size());
  CHECK(p.get("hunt_weight") == 0.7);  // the start point's untuned values are kept
  CHECK(p.get("max_ships") == std::round(run.theta[1]));
  CHECK(p.get("return_bias") == run.theta[0]);

  const std::vector<std::string> csv = lines_of(tune_csv(run));
  REQUIRE(csv.size() == 13);
  CHECK(csv[0] == "k,return_bias,max_ships,danger_penalty,y_plus,y_minus,score");
  for (size_t i = 1; i < csv.size(); ++i) {
    CHECK(std::count(csv[i].begin(), csv[i].end(), ',') == 6);
    CHECK(csv[i].rfind(std::to_string(i - 1) + ",", 0) == 0);
  }

  const std::string svg = tune_svg(run);
  CHECK(svg.rfind("<?xml", 0) == 0);
  CHECK(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
  CHECK(well_formed_xml(svg));
  CHECK(svg.find("danger_penalty") != std::string::npos);
  CHECK(svg.find("nan") == std::string::npos);
  CHECK(svg.find("inf") == std::string::npos);

  // Degenerate plots stay well formed: no series, one point, a constant, a gap.
  CHECK(well_formed_xml(svg_plot("empty <&>", "x", {})));
  CHECK(well_formed_xml(svg_plot("t", "x", {{"p", "y", {}}})));
  CHECK(well_formed_xml(
      svg_plot("t", "x", {{"p", "y", {{"one", {1}, {2}, false}, {"flat", {1, 2, 3}, {5, 5, 5}, true}}}})));
  const std::string gap = svg_plot("t", "x", {{"p", "y", {{"gap", {1, 2, 3}, {1, NAN, 3}, false}}}});
  CHECK(well_formed_xml(gap));
  CHECK(gap.find("nan") == std::string::npos);
}

TEST_CASE("halite tune, arena NAME@FILE and profile --planner through the tool", "[tune][tool]") {
  const TempDir tmp("halite_tune_test_tool");
  const std::string dir = tmp.str();
  const std::string files =
      " --log " + dir + "/t.jsonl --out " + dir + "/t.json --csv " + dir + "/t.csv --svg " + dir + "/t.svg";
  auto [status, text] = run_tool(dir,
                                 "tune miner --spsa-iterations 2 --games-per-iteration 2 --size 11 --episode-steps 30 "
                                 "--iterations 50 --params return_cargo,max_ships" +
                                     files);
  INFO(text);
  REQUIRE(status == 0);
  CHECK(text.find("[2/2] y+") != std::string::npos);
  CHECK(text.find("ETA") != std::string::npos);
  const nlohmann::json tuned = read_json_file(dir + "/t.json");
  CHECK(tuned["planner"] == "miner");
  CHECK(well_formed_xml(read_text(dir + "/t.svg")));
  CHECK(lines_of(read_text(dir + "/t.csv")).size() == 3);

  auto [exists_status, exists_text] = run_tool(dir, "tune miner --spsa-iterations 2" + files);
  CHECK(exists_status == 2);  // the log exists: --resume or --force
  CHECK(exists_text.find("--resume") != std::string::npos);
  auto [resume_status, resume_text] = run_tool(dir, "tune --resume " + dir + "/t.jsonl --seed 3");
  CHECK(resume_status == 2);  // settings come from the log

  auto [arena_status, arena_text] = run_tool(dir, "arena --players 'miner@" + dir + "/t.json;@" + dir +
                                                      "/t.json:max_ships=3' --games 2 --size 11 "
                                                      "--episode-steps 20 --iterations 10 --jobs 1");
  INFO(arena_text);
  CHECK(arena_status == 0);
  CHECK(arena_text.find("miner@" + dir + "/t.json") != std::string::npos);
  auto [wrong_status, wrong_text] = run_tool(dir, "arena --players 'greedy@" + dir + "/t.json;miner' --games 2");
  CHECK(wrong_status == 2);  // the file is for miner

  auto [prof_status, prof_text] =
      run_tool(dir, "profile --planner miner --iterations 10 --size 11 --episode-steps 25 --csv " + dir +
                        "/p.csv --svg " + dir + "/p.svg");
  INFO(prof_text);
  CHECK(prof_status == 0);
  CHECK(prof_text.find("ms per turn: p50") != std::string::npos);
  CHECK(prof_text.find("mean per turn: iterations") != std::string::npos);
  const std::vector<std::string> csv = lines_of(read_text(dir + "/p.csv"));
  REQUIRE(csv.size() == 25);  // header + 24 turns (states 0..23 are answered)
  CHECK(csv[0] == "turn,ms,iterations,simulated_steps,ships");
  CHECK(csv[1].rfind("0,", 0) == 0);
  CHECK(well_formed_xml(read_text(dir + "/p.svg")));
  CHECK(prof_text.find("over budget:") == std::string::npos);  // an iteration budget has no deadline
  CHECK(prof_text.find("tree:") == std::string::npos);         // miner has no tree

  // The tree search's turns: what its tree held (every ship searched).
  auto [tree_status, tree_text] = run_tool(dir,
                                           "profile --planner mcts --set contact_radius=0 --iterations 30 --size 11 "
                                           "--episode-steps 25 --csv " +
                                               dir + "/m.csv --svg " + dir + "/m.svg");
  INFO(tree_text);
  CHECK(tree_status == 0);
  CHECK(tree_text.find("tree: searched on ") != std::string::npos);
  CHECK(tree_text.find("opponents per turn: predicted by the recogniser ") != std::string::npos);
  const std::vector<std::string> tree_csv = lines_of(read_text(dir + "/m.csv"));
  REQUIRE(tree_csv.size() == 25);
  CHECK(tree_csv[0] ==
        "turn,ms,iterations,simulated_steps,ships,searched_ships,nodes,root_visits,reused_visits,"
        "chose_policy,answer_gain,verified_arms,predicted_opponents,fitted_opponents");
  int searched_turns = 0;
  for (size_t row = 1; row < tree_csv.size(); ++row) {
    std::vector<double> v;
    std::istringstream fields(tree_csv[row]);
    for (std::string field; std::getline(fields, field, ',');) v.push_back(std::stod(field));
    REQUIRE(v.size() == 14);
    const double iterations = v[2], ships = v[4], searched = v[5], nodes = v[6], root_visits = v[7], reused = v[8];
    CHECK(searched <= ships);
    if (searched == 0) continue;
    ++searched_turns;
    CHECK(nodes >= 1);
    CHECK(root_visits == iterations + reused);  // every iteration passes through the root
  }
  CHECK(searched_turns > 10);
  CHECK(well_formed_xml(read_text(dir + "/m.svg")));

  auto [timed_status, timed_text] =
      run_tool(dir, "profile --planner miner --budget-ms 50 --size 11 --episode-steps 10");
  INFO(timed_text);
  CHECK(timed_status == 0);
  CHECK(timed_text.find("over budget: ") != std::string::npos);
  CHECK(timed_text.find("of 9 turns") != std::string::npos);
  CHECK(timed_text.find("over the limit (2% + 1 ms = 2.00 ms): ") != std::string::npos);

  auto [pause_status, pause_text] = run_tool(dir, "profile --pauses 0.05");
  INFO(pause_text);
  CHECK(pause_status == 0);
  CHECK(pause_text.rfind("clock read ", 0) == 0);
  CHECK(pause_text.find("gaps over 1 ms: ") != std::string::npos);
  CHECK(pause_text.find("longest ") != std::string::npos);
  CHECK(run_tool(dir, "profile --pauses 0").first == 2);
  CHECK(run_tool(dir, "profile --pauses 1 --planner miner").first == 2);
}

namespace {

// The mean bank of each of two player specs over four short `halite arena`
// games (`mode`: "" or " --four-player"), run in `dir`.
std::vector<double> arena_banks(const std::string& dir, const std::string& players, const std::string& mode) {
  const std::string common = " --games 4 --size 11 --episode-steps 40 --iterations 10 --jobs 1 --seed 3 --json";
  auto [status, text] = run_tool(dir, "arena --players '" + players + "'" + mode + common);
  INFO(text);
  REQUIRE(status == 0);
  const nlohmann::json summary = nlohmann::json::parse(text);
  std::vector<double> out;
  for (const nlohmann::json& p : summary["players"]) out.push_back(p["avg_bank"].get<double>());
  REQUIRE(out.size() == 2);
  return out;
}

}  // namespace

TEST_CASE("halite arena applies a bot config's values for its number of players", "[arena][tool]") {
  const TempDir tmp("halite_tune_test_arena-by-players");
  const std::string dir = tmp.str();
  // The miner stops spawning at max_ships: 0 in two-player games, 5 in the others.
  std::ofstream(dir + "/bot.json") << R"({"planner": "miner", "params": {"max_ships": 5},
                                         "by_players": {"2": {"params": {"max_ships": 0}}}})";
  auto banks = [&](const std::string& players, const std::string& mode) { return arena_banks(dir, players, mode); };
  const std::string file = "@" + dir + "/bot.json";
  CHECK(banks(file + ";miner", "") == banks("miner:max_ships=0;miner", ""));
  CHECK(banks(file + ";miner", "") != banks("miner:max_ships=5;miner", ""));  // the value matters here
  CHECK(banks(file + ";miner", " --four-player") == banks("miner:max_ships=5;miner", " --four-player"));
}

TEST_CASE("the submission spec plays bot/submission.json as built in, and halite play seats it first",
          "[arena][tool]") {
  const TempDir tmp("halite_tune_test_submission-spec");
  const std::string dir = tmp.str();
  auto banks = [&](const std::string& players, const std::string& mode) { return arena_banks(dir, players, mode); };
  // The built-in copy is the file, with its values for the number of players.
  const std::string file = std::string("@") + HALITE_SUBMISSION_CONFIG;
  CHECK(banks("submission;greedy", "") == banks(file + ";greedy", ""));
  CHECK(banks("submission;greedy", " --four-player") == banks(file + ";greedy", " --four-player"));
  // Inline values apply over it.
  CHECK(banks("submission:max_ships=0,min_ships=0;greedy", "") == banks(file + ":max_ships=0,min_ships=0;greedy", ""));
  CHECK(banks("submission:max_ships=0,min_ships=0;greedy", "") != banks("submission;greedy", ""));
  auto [bad_status, bad_text] = run_tool(dir, "arena --players 'submission:bogus=1;miner' --games 1");
  CHECK(bad_status == 2);
  CHECK(bad_text.find("unknown parameter 'bogus'") != std::string::npos);

  auto [play_status, play_text] =
      run_tool(dir, "play --players 2 --size 11 --episode-steps 20 --out " + dir + "/p.json");
  INFO(play_text);
  REQUIRE(play_status == 0);
  const nlohmann::json replay = read_json_file(dir + "/p.json");
  CHECK(replay["info"]["TeamNames"] == nlohmann::json({"submission", "beam"}));
}

TEST_CASE("halite arena --resume keeps the finished games of --out and plays the others", "[arena][tool]") {
  const TempDir tmp("halite_tune_test_arena-resume");
  const std::string dir = tmp.str();
  const std::string& arena = kSmallArena;
  REQUIRE(run_tool(dir, arena + " --out " + dir + "/all.jsonl").first == 0);
  const std::vector<std::string> all = lines_of(read_text(dir + "/all.jsonl"));
  REQUIRE(all.size() == 6);

  write_interrupted_run(dir + "/part.jsonl", all);
  auto [status, text] = run_tool(dir, arena + " --json --out " + dir + "/part.jsonl --resume");
  INFO(text);
  REQUIRE(status == 0);
  // The torn line was cut off and its game played again: the same games, in another order.
  auto by_game = [](std::vector<nlohmann::json> records) {
    std::sort(records.begin(), records.end(), [](const auto& a, const auto& b) { return a["game"] < b["game"]; });
    return records;
  };
  CHECK(by_game(lines_without_times(dir + "/part.jsonl", "turn_ms")) ==
        by_game(lines_without_times(dir + "/all.jsonl", "turn_ms")));
  const nlohmann::json summary = nlohmann::json::parse(text);
  CHECK(summary["games"] == 6);
  CHECK(summary["players"][0]["games"] == 6);

  // Lines of another arena, or not JSON: refused with the file and line.
  auto [seed_status, seed_text] = run_tool(dir, kOtherSeedArena + " --out " + dir + "/all.jsonl --resume");
  CHECK(seed_status == 1);
  CHECK(seed_text.find("all.jsonl line 1: \"board_seed\"") != std::string::npos);
  auto [players_status, players_text] = run_tool(dir,
                                                 "arena --players 'random;miner' --games 6 --size 7 --episode-steps 20 "
                                                 "--iterations 10 --seed 4 --out " +
                                                     dir + "/all.jsonl --resume");
  CHECK(players_status == 1);
  CHECK(players_text.find("\"seats\"") != std::string::npos);
  {
    std::ofstream bad(dir + "/bad.jsonl");
    bad << all[0] << "\nnot json\n";
  }
  auto [bad_status, bad_text] = run_tool(dir, arena + " --out " + dir + "/bad.jsonl --resume");
  CHECK(bad_status == 1);
  CHECK(bad_text.find("bad.jsonl line 2: not JSON") != std::string::npos);
  CHECK(run_tool(dir, arena + " --resume").first == 2);  // --resume needs --out
}

TEST_CASE("halite arena --summary sums up the games --out holds so far and touches nothing", "[arena][tool]") {
  const TempDir tmp("halite_tune_test_arena-summary");
  const std::string dir = tmp.str();
  const std::string& arena = kSmallArena;
  auto [run_status, run_text] = run_tool(dir, arena + " --json --out " + dir + "/all.jsonl");
  REQUIRE(run_status == 0);
  const nlohmann::json played = nlohmann::json::parse(run_text);
  const std::vector<std::string> all = lines_of(read_text(dir + "/all.jsonl"));
  REQUIRE(all.size() == 6);

  // All six: the summary the run printed.
  auto [all_status, all_text] = run_tool(dir, arena + " --json --summary --out " + dir + "/all.jsonl");
  INFO(all_text);
  REQUIRE(all_status == 0);
  CHECK(nlohmann::json::parse(all_text) == played);

  // A run going on: two games written, the third being written.
  write_interrupted_run(dir + "/part.jsonl", all);
  const std::string before = read_text(dir + "/part.jsonl");
  auto [part_status, part_text] = run_tool(dir, arena + " --json --summary --out " + dir + "/part.jsonl");
  INFO(part_text);
  REQUIRE(part_status == 0);
  const nlohmann::json part = nlohmann::json::parse(part_text);
  CHECK(part["games"] == 2);
  CHECK(part["arena_games"] == 6);
  CHECK(part["players"][0]["games"] == 2);
  CHECK(part["players"][0]["wins"].get<double>() + part["players"][1]["wins"].get<double>() == 2);
  CHECK(read_text(dir + "/part.jsonl") == before);  // the torn line left to its writer
  auto [table_status, table_text] = run_tool(dir, arena + " --summary --out " + dir + "/part.jsonl");
  CHECK(table_status == 0);
  CHECK(table_text.find("2 of 6 two-player games, 7x7, 20 steps") != std::string::npos);

  auto [missing_status, missing_text] = run_tool(dir, arena + " --summary --out " + dir + "/none.jsonl");
  CHECK(missing_status == 1);
  CHECK(missing_text.find("none.jsonl: no such file") != std::string::npos);
  auto [seed_status, seed_text] = run_tool(dir, kOtherSeedArena + " --summary --out " + dir + "/all.jsonl");
  CHECK(seed_status == 1);
  CHECK(seed_text.find("all.jsonl line 1: \"board_seed\"") != std::string::npos);
  CHECK(run_tool(dir, arena + " --summary").first == 2);  // --summary reads --out
  CHECK(run_tool(dir, arena + " --summary --resume --out " + dir + "/all.jsonl").first == 2);
  CHECK(run_tool(dir, arena + " --summary --replays " + dir + " --out " + dir + "/all.jsonl").first == 2);
}
