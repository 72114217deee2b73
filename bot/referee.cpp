#include "referee.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>

#include "halite/json_codec.h"
#include "halite/lab/arena.h"
#include "halite/lab/match.h"
#include "options.h"

namespace halite::bot {

namespace {

using Clock = std::chrono::steady_clock;

// The bot under test as a child process speaking the line protocol.
class Child {
 public:
  Child(const std::string& path, const std::vector<std::string>& args) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe() failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork() failed");
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[0]), close(in[1]), close(out[0]), close(out[1]);
      std::vector<std::string> copy = args;
      std::vector<char*> argv{const_cast<char*>(path.c_str())};
      for (std::string& a : copy) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(path.c_str(), argv.data());
      std::fprintf(stderr, "halite_bot --vs: cannot start %s\n", path.c_str());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~Child() {
    if (to_ >= 0) close(to_);
    if (from_ >= 0) close(from_);
    if (pid_ > 0) {
      // Give it a moment to print its game summary, then make sure it is gone.
      for (int i = 0; i < 100; ++i) {
        if (waitpid(pid_, nullptr, WNOHANG) == pid_) return;
        usleep(10000);
      }
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  bool send(const std::string& line) {
    const std::string data = line + "\n";
    size_t off = 0;
    while (off < data.size()) {
      const ssize_t n = write(to_, data.data() + off, data.size() - off);
      if (n <= 0) return false;
      off += static_cast<size_t>(n);
    }
    return true;
  }
  enum class Read { Line, Timeout, Eof };
  Read read_line(Clock::time_point deadline, std::string* line) {
    for (;;) {
      if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
        *line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return Read::Line;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return Read::Timeout;
      pollfd pfd{from_, POLLIN, 0};
      if (poll(&pfd, 1, static_cast<int>(std::min<long long>(left, 1000))) <= 0) continue;
      char chunk[65536];
      const ssize_t n = read(from_, chunk, sizeof chunk);
      if (n <= 0) return Read::Eof;
      buffer_.append(chunk, static_cast<size_t>(n));
    }
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buffer_;
};

double number(const std::string& flag, const std::string& text, double lo, double hi) {
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(x) || x < lo || x > hi)
    throw UsageError(flag + " takes a number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got '" +
                     text + "'");
  return x;
}

std::string replay_path(const std::string& pattern, int game) {
  std::string path = pattern;
  if (auto pos = path.find("%d"); pos != std::string::npos) path.replace(pos, 2, std::to_string(game));
  return path;
}

}  // namespace

bool parse_referee_args(int argc, char** argv, RefereeOptions* o) {
  bool vs = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i], value;
    bool inline_value = false;
    if (auto eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = a.substr(eq + 1);
      a = a.substr(0, eq);
      inline_value = true;
    }
    static const char* const kOwn[] = {"--vs",   "--games", "--board-seed", "--act-timeout", "--overage",
                                       "--size", "--episode-steps", "--opponent-ms", "--replay"};
    if (std::find_if(std::begin(kOwn), std::end(kOwn), [&](const char* f) { return a == f; }) == std::end(kOwn)) {
      o->bot_args.push_back(argv[i]);
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= argc) throw UsageError(a + " needs a value");
      value = argv[++i];
    }
    if (a == "--vs") {
      vs = true;
      o->opponents.clear();
      size_t start = 0;
      while (start <= value.size()) {
        size_t semi = value.find(';', start);
        if (semi == std::string::npos) semi = value.size();
        if (semi > start) o->opponents.push_back(value.substr(start, semi - start));
        start = semi + 1;
      }
    } else if (a == "--games") {
      o->games = static_cast<int>(number(a, value, 1, 1e6));
    } else if (a == "--board-seed") {
      o->seed = static_cast<uint64_t>(number(a, value, 0, 4294967295.0));
    } else if (a == "--act-timeout") {
      o->act_timeout = number(a, value, 0.01, 3600);
    } else if (a == "--overage") {
      o->overage = number(a, value, 0, 36000);
    } else if (a == "--size") {
      o->size = static_cast<int>(number(a, value, kMinBoardSize, kMaxBoardSize));
    } else if (a == "--episode-steps") {
      o->episode_steps = static_cast<int>(number(a, value, 2, 100000));
    } else if (a == "--opponent-ms") {
      o->opponent_ms = number(a, value, 0, 600000);
    } else if (a == "--replay") {
      o->replay = value;
    }
  }
  return vs;
}

int run_referee(const RefereeOptions& o, const std::string& self_path) {
  const int n = static_cast<int>(o.opponents.size()) + 1;
  if (n != 2 && n != 4) throw UsageError("--vs takes 1 or 3 opponents separated by ';' (2- or 4-player games)");
  std::vector<lab::PlayerSpec> specs;
  for (const std::string& text : o.opponents) specs.push_back(lab::PlayerSpec::parse(text));
  signal(SIGPIPE, SIG_IGN);

  int wins = 0, failures = 0;
  double rank_sum = 0, worst_turn_ms = 0, least_overage = o.overage;
  std::unique_ptr<Child> child;
  for (int g = 0; g < o.games; ++g) {
    const int me = g % n;
    Config config;
    config.size = o.size;
    config.episode_steps = o.episode_steps;
    config.act_timeout = o.act_timeout;
    config.agent_timeout = o.overage;
    config.random_seed = static_cast<uint32_t>(o.seed + static_cast<uint64_t>(g / n));
    config.has_random_seed = true;
    if (auto err = config.validate(); !err.empty()) throw UsageError(err);
    State s = State::initial(config, n);
    std::vector<std::unique_ptr<search::Planner>> planners(static_cast<size_t>(n));
    std::vector<std::string> names(static_cast<size_t>(n));
    for (int p = 0, k = 0; p < n; ++p) {
      if (p == me) {
        names[p] = "halite_bot";
        continue;
      }
      const lab::PlayerSpec& spec = specs[static_cast<size_t>(k++)];
      planners[p] = search::make_planner(spec.planner, spec.overrides, o.seed * 7919 + static_cast<uint64_t>(g * 4 + p));
      names[p] = spec.label;
    }
    if (!child) child = std::make_unique<Child>(self_path, o.bot_args);
    child->send(config_to_json(config).dump());

    double overage = o.overage, max_ms = 0;
    Status failed = Status::Active;
    std::string why;
    std::vector<State> states;
    std::vector<std::vector<Json>> actions;
    const bool record = !o.replay.empty() && (g == 0 || o.replay.find("%d") != std::string::npos);
    if (record) {
      states.push_back(s);
      actions.push_back(std::vector<Json>(static_cast<size_t>(n), Json::object()));
    }
    while (!s.is_terminal()) {
      std::vector<State::Orders> orders(static_cast<size_t>(n));
      std::vector<Json> answers(static_cast<size_t>(n), Json::object());
      int fail_me = -1;
      Status fail_status = Status::Active;
      for (int p = 0; p < n; ++p) {
        if (s.player(p).status != Status::Active) continue;
        if (p != me) {
          lab::TurnBudget budget;
          budget.milliseconds = o.opponent_ms;
          orders[p] = planners[p]->plan(s, p, budget.start());
          continue;
        }
        Json obs = observation_to_json(s, p);
        obs["remainingOverageTime"] = overage;
        const auto t0 = Clock::now();
        std::string line;
        Child::Read r = Child::Read::Eof;
        if (child->send(obs.dump()))
          r = child->read_line(t0 + std::chrono::milliseconds(static_cast<int64_t>((o.act_timeout + overage) * 1000) + 1), &line);
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        max_ms = std::max(max_ms, ms);
        overage -= std::max(0.0, ms / 1000 - o.act_timeout);
        if (r == Child::Read::Eof) {
          fail_status = Status::Error, why = "the bot exited";
        } else if (r == Child::Read::Timeout || overage < 0) {
          fail_status = Status::Timeout, why = "turn of " + std::to_string(ms) + " ms overdrew the overage bank";
        } else {
          try {
            const Json answer = parse_json(line, "the bot's answer");
            const ParsedAction pa = parse_action(answer, s, p);
            if (pa.status != Status::Active) {
              fail_status = Status::Invalid, why = pa.invalid_reason;
            } else {
              orders[p] = pa.orders;
              answers[p] = answer;
            }
          } catch (const std::exception& e) {
            fail_status = Status::Error, why = e.what();
          }
        }
        if (fail_status != Status::Active) fail_me = p;
      }
      if (fail_me >= 0) {
        failed = fail_status;
        s.fail_player(fail_me, fail_status);
        answers[fail_me] = Json();
        std::fprintf(stderr, "halite_bot --vs: game %d step %d: %s: %s\n", g, s.step(), status_name(fail_status),
                     why.c_str());
        if (fail_status == Status::Timeout || fail_status == Status::Error) child.reset();  // start afresh
      }
      for (int p = 0; p < n; ++p)
        if (s.player(p).status == Status::Active) s.stage(p, orders[p]);
      if (record)
        for (int p = 0; p < n; ++p)
          if (p != me && s.player(p).status == Status::Active) answers[p] = staged_action_to_json(s, p);
      s.resolve();
      if (record) {
        states.push_back(s);
        actions.push_back(std::move(answers));
      }
    }
    std::vector<double> rewards;
    for (int p = 0; p < n; ++p)
      rewards.push_back(is_failure(s.player(p).status) ? -INFINITY : s.player(p).reward);
    const std::vector<int> ranks = lab::rank_players(rewards);
    wins += ranks[me] == 0;
    rank_sum += ranks[me];
    failures += failed != Status::Active;
    worst_turn_ms = std::max(worst_turn_ms, max_ms);
    least_overage = std::min(least_overage, overage);
    std::string banks;
    for (int p = 0; p < n; ++p) {
      char item[96];
      std::snprintf(item, sizeof item, "%s%s %.0f", p ? ", " : "", names[p].c_str(), s.player(p).bank);
      banks += item;
    }
    std::printf("game %d (board seed %u, bot in seat %d): rank %d, %s; status %s; max turn %.1f ms, overage left %.2f s\n",
                g, config.random_seed, me, ranks[me] + 1, banks.c_str(), status_name(s.player(me).status), max_ms,
                overage);
    std::fflush(stdout);
    if (record) {
      const std::string path = replay_path(o.replay, g);
      std::ofstream(path) << replay_to_json(states, actions, names, "halite_bot-" + std::to_string(g)).dump() << "\n";
      std::printf("  replay: %s\n", path.c_str());
    }
  }
  std::printf("%d games: bot won %d (%.1f%%), average rank %.2f, %d timeouts/errors/invalid; slowest turn %.1f ms, "
              "least overage left %.2f s\n",
              o.games, wins, 100.0 * wins / o.games, 1 + rank_sum / o.games, failures, worst_turn_ms, least_overage);
  return failures == 0 ? 0 : 1;
}

}  // namespace halite::bot
