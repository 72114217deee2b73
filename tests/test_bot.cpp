// The bot executable driven through its stdin/stdout line protocol: every
// observation of the shared replays (as Kaggle shows it to each player) must
// be answered with a valid action object for that player, and garbage lines
// with {} while the bot keeps going.
//
// Needs HALITE_BOT_PATH (the built halite_bot); without it the file is empty.
#ifdef HALITE_BOT_PATH

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "build_kind.h"
#include "halite/json_codec.h"
#include "halite/search/param_file.h"
#include "options.h"
#include "temp_dir.h"

using halite::Json;

namespace {

// halite_bot as a child process with pipes on stdin and stdout.
class BotProcess {
 public:
  explicit BotProcess(std::vector<std::string> args) {
    int in[2], out[2];
    REQUIRE(pipe(in) == 0);
    REQUIRE(pipe(out) == 0);
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[0]), close(in[1]), close(out[0]), close(out[1]);
      const std::string path = HALITE_BOT_PATH;
      std::vector<char*> argv{const_cast<char*>(path.c_str())};
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(path.c_str(), argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
    signal(SIGPIPE, SIG_IGN);
  }
  ~BotProcess() {
    close_input();
    if (from_ >= 0) close(from_);
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  void send(const std::string& line) {
    std::string data = line + "\n";
    size_t off = 0;
    while (off < data.size()) {
      const ssize_t n = write(to_, data.data() + off, data.size() - off);
      REQUIRE(n > 0);
      off += static_cast<size_t>(n);
    }
  }
  // One line of output, or "<timeout>" / "<eof>".
  std::string read_line(int timeout_ms = 20000) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return line;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
      if (left.count() <= 0) return "<timeout>";
      pollfd pfd{from_, POLLIN, 0};
      if (poll(&pfd, 1, static_cast<int>(left.count())) <= 0) continue;
      char chunk[65536];
      const ssize_t n = read(from_, chunk, sizeof chunk);
      if (n <= 0) return "<eof>";
      buffer_.append(chunk, static_cast<size_t>(n));
    }
  }
  std::string ask(const std::string& line) {
    send(line);
    return read_line();
  }
  void close_input() {
    if (to_ >= 0) close(to_);
    to_ = -1;
  }
  // Closes stdin and returns the exit status (-1 if it did not exit in time).
  int finish(int timeout_ms = 20000) {
    close_input();
    for (int waited = 0; waited < timeout_ms; waited += 10) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      usleep(10000);
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buffer_;
};

// The observation Kaggle passes to player p at step t of a replay.
Json observation_for(const halite::Replay& r, size_t t, int p) {
  Json obs = r.steps[t][0].observation;
  Json out = Json::object();
  for (const char* k : {"halite", "players", "step"}) out[k] = obs[k];
  out["player"] = p;
  const halite::ReplayEntry& e = r.steps[t][static_cast<size_t>(p)];
  out["remainingOverageTime"] = e.has_overage_time ? e.remaining_overage_time : 60.0;
  return out;
}

// Empty when `answer` is a valid action object for `player` in `obs`.
std::string check_answer(const std::string& answer, const Json& obs, const halite::Config& config, int player) {
  Json a;
  try {
    a = halite::parse_json(answer, "answer");
  } catch (const std::exception& e) {
    return std::string("not JSON: ") + e.what();
  }
  if (!a.is_object()) return "not an object: " + answer;
  const halite::State state = halite::state_from_observation(obs, config);
  const halite::ParsedAction pa = halite::parse_action(a, state, player);
  if (pa.status != halite::Status::Active) return "INVALID: " + pa.invalid_reason;
  if (!pa.ignored.empty()) return "ignored by the reference: " + pa.ignored.front();
  if (pa.orders.size() != a.size()) return "orders for units that are not the player's: " + answer;
  return "";
}

std::vector<std::string> replay_files() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(HALITE_TESTDATA "/replays"))
    if (entry.path().string().ends_with(".json.gz")) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

const char* const kFastFlags[] = {"--quiet", "--max-turn-ms", "5", "--min-plan-ms", "0", "--iterations", "2"};

}  // namespace

TEST_CASE("bot: every replay observation gets a valid action for its player", "[bot]") {
  const std::vector<std::string> files = replay_files();
  REQUIRE(files.size() >= 5);
  // The default planner, kept cheap per turn so that the whole run is fast.
  BotProcess bot(std::vector<std::string>(std::begin(kFastFlags), std::end(kFastFlags)));
  int turns = 0, nonempty = 0, failures = 0;
  std::string first_failure;
  // Every seat of every replay; in the sanitizer build (build_kind.h) one
  // seat of every second replay, the seats in turn.
  const size_t file_stride = static_cast<size_t>(halite::testing::per_build(1, 2));
  for (size_t f = 0; f < files.size(); f += file_stride) {
    const std::string& file = files[f];
    const halite::Replay r = halite::read_replay_file(file);
    const int seats = halite::testing::per_build(r.num_players, 1);
    for (int k = 0; k < seats; ++k) {
      const int p = (k + static_cast<int>(f / file_stride)) % r.num_players;
      bot.send(halite::config_to_json(r.config).dump());  // a new game: the configuration first
      for (size_t t = 0; t + 1 < r.steps.size(); ++t) {
        if (r.steps[t][static_cast<size_t>(p)].status != halite::Status::Active) break;
        const Json obs = observation_for(r, t, p);
        const std::string answer = bot.ask(obs.dump());
        ++turns;
        nonempty += answer != "{}";
        if (std::string why = check_answer(answer, obs, r.config, p); !why.empty() && failures++ == 0)
          first_failure = file + " player " + std::to_string(p) + " step " + std::to_string(t) + ": " + why;
      }
    }
  }
  INFO(first_failure);
  CHECK(failures == 0);
  CHECK(turns > halite::testing::per_build(10000, 3000));
  CHECK(nonempty > turns / 2);
  CHECK(bot.finish() == 0);
}

TEST_CASE("bot: garbage lines get {} and the bot keeps going", "[bot]") {
  const halite::Replay r = halite::read_replay_file(HALITE_TESTDATA "/replays/s03_2p_s21_greedy_greedy.json.gz");
  const Json config = halite::config_to_json(r.config);
  const Json obs0 = observation_for(r, 0, 0);
  // The miner converts its only ship at step 0: a non-empty, known answer
  // that shows the bot is in step with its input.
  const std::string convert = R"({"0-1":"CONVERT"})";
  std::vector<std::string> args(std::begin(kFastFlags), std::end(kFastFlags));
  args.insert(args.end(), {"--planner", "miner"});
  BotProcess bot(args);

  bot.send(config.dump());  // no answer to a bare configuration
  CHECK(bot.ask(obs0.dump()) == convert);
  CHECK(bot.ask("this is not JSON") == "{}");
  CHECK(bot.ask("") == "{}");
  CHECK(bot.ask("[1, 2, 3]") == "{}");
  CHECK(bot.ask("{}") == "{}");
  CHECK(bot.ask(R"({"step": 3, "player": 0})") == "{}");
  CHECK(bot.ask(R"({"halite": [1, 2], "players": [], "step": 0, "player": 0})") == "{}");
  Json bad = obs0;
  bad["player"] = 7;
  CHECK(bot.ask(bad.dump()) == "{}");
  bad["player"] = -1;
  CHECK(bot.ask(bad.dump()) == "{}");
  bad["player"] = "zero";
  CHECK(bot.ask(bad.dump()) == "{}");
  // Observations the engine cannot hold are played by the state-free
  // fallback: the lone ship converts, whatever else is wrong.
  bad = obs0;
  bad["players"][0][2] = Json::object({{"not-an-id", Json::array({5, 0})}});
  CHECK(bot.ask(bad.dump()) == R"({"not-an-id":"CONVERT"})");
  bad = obs0;
  bad["step"] = 100000;
  CHECK(bot.ask(bad.dump()) == convert);
  bad = obs0;
  bad["players"][0][2] = Json::object({{"0-1", Json::array({5000, 0})}});  // cell off the board: skipped
  CHECK(bot.ask(bad.dump()) == "{}");
  CHECK(bot.ask(obs0.dump()) == convert);

  // Configuration values the bot cannot use are ignored (Kaggle's default
  // kept), not a reason to stop playing.
  Json big = config;
  big["size"] = 40;
  CHECK(bot.ask(Json{{"configuration", big}, {"observation", obs0}}.dump()) == convert);
  CHECK(bot.ask(obs0.dump()) == convert);
  bot.send(big.dump());
  CHECK(bot.ask(obs0.dump()) == convert);
  CHECK(bot.ask(Json{{"configuration", config}, {"observation", obs0}}.dump()) == convert);
  bot.send(R"({"size": "big"})");
  CHECK(bot.ask(obs0.dump()) == convert);
  bot.send(config.dump());

  // A whole game still plays normally afterwards.
  int failures = 0;
  std::string first_failure;
  for (size_t t = 0; t + 1 < r.steps.size(); ++t) {
    const Json obs = observation_for(r, t, 1);
    const std::string answer = bot.ask(obs.dump());
    if (std::string why = check_answer(answer, obs, r.config, 1); !why.empty() && failures++ == 0)
      first_failure = "step " + std::to_string(t) + ": " + why;
    if (t == 200) CHECK(bot.ask("{\"garbage in the middle\": true}") == "{}");
  }
  INFO(first_failure);
  CHECK(failures == 0);
  CHECK(bot.finish() == 0);
}

TEST_CASE("bot: what the bad-input audit found no longer costs a game", "[bot]") {
  const halite::Replay r = halite::read_replay_file(HALITE_TESTDATA "/replays/s03_2p_s21_greedy_greedy.json.gz");
  const Json config = halite::config_to_json(r.config);
  const Json obs0 = observation_for(r, 0, 0);
  const std::string convert = R"({"0-1":"CONVERT"})";
  std::vector<std::string> args(std::begin(kFastFlags), std::end(kFastFlags));
  args.insert(args.end(), {"--planner", "miner"});

  SECTION("a configuration with a key the bot does not use set to null") {
    BotProcess bot(args);
    Json c = config;
    c["randomSeed"] = nullptr;
    bot.send(c.dump());
    CHECK(bot.ask(obs0.dump()) == convert);
    CHECK(bot.finish() == 0);
  }
  SECTION("an observation with more shipyards than the engine holds") {
    BotProcess bot(args);
    bot.send(config.dump());
    Json obs = observation_for(r, 50, 0);
    // 129 yards of player 1 (the engine's cap is 128), on cells without units.
    Json yards = Json::object();
    std::vector<bool> used(static_cast<size_t>(r.config.size * r.config.size), false);
    for (const Json& pl : obs["players"])
      for (const auto& item : pl[2].items()) used[item.value()[0].get<size_t>()] = true;
    for (size_t c = 0, k = 1; k <= 129; ++c)
      if (!used[c]) yards["50-" + std::to_string(k++)] = c;
    obs["players"][1][1] = yards;
    const std::string answer = bot.ask(obs.dump());
    INFO(answer);
    const Json a = halite::parse_json(answer);
    REQUIRE(a.is_object());
    CHECK(a.size() > 0);  // the fallback plays our ships
    for (const auto& item : a.items()) CHECK(obs["players"][0][2].contains(item.key()));
    // The next normal observation is played by the planner again.
    CHECK(check_answer(bot.ask(observation_for(r, 51, 0).dump()), observation_for(r, 51, 0), r.config, 0).empty());
    CHECK(bot.finish() == 0);
  }
  SECTION("a line nested 200,000 levels deep") {
    BotProcess bot(args);
    bot.send(config.dump());
    std::string deep;
    for (int i = 0; i < 200000; ++i) deep += "{\"a\":";
    deep += "1" + std::string(200000, '}');
    CHECK(bot.ask(deep) == "{}");
    CHECK(bot.ask(obs0.dump()) == convert);
    CHECK(bot.finish() == 0);
  }
  SECTION("a huge overage bank with overage use on") {
    std::vector<std::string> spend = args;
    spend.insert(spend.end(), {"--overage-use", "0.5"});
    BotProcess bot(spend);
    bot.send(config.dump());
    for (double overage : {1e308, 1e20, -5.0}) {
      Json obs = obs0;
      obs["remainingOverageTime"] = overage;
      CHECK(bot.ask(obs.dump()) == convert);
    }
    CHECK(bot.finish() == 0);
  }
}

TEST_CASE("bot: --help names the default planner the code uses", "[bot]") {
  BotProcess bot({"--help"});
  std::string text, line;
  while ((line = bot.read_line()) != "<eof>" && line != "<timeout>") text += line + "\n";
  INFO(text);
  CHECK(text.find("(default: fleet,") != std::string::npos);
  CHECK(bot.finish() == 0);
}

TEST_CASE("bot: a bad option is refused with exit status 2", "[bot]") {
  BotProcess bot({"--planner", "no-such-planner"});
  CHECK(bot.read_line() == "<eof>");
  CHECK(bot.finish() == 2);
  BotProcess bot2({"--set", "no_such_param=1"});
  CHECK(bot2.finish() == 2);
}

// The answers of one bot process to the first `turns` observations of each
// replay in turn (one game after another), for player 0.
std::vector<std::string> answers_over(std::vector<std::string> args, const std::vector<const halite::Replay*>& replays,
                                      size_t turns) {
  for (const char* f : {"--quiet", "--max-turn-ms", "50", "--min-plan-ms", "0"}) args.emplace_back(f);
  BotProcess bot(args);
  std::vector<std::string> answers;
  for (const halite::Replay* r : replays) {
    bot.send(halite::config_to_json(r->config).dump());
    for (size_t t = 0; t < turns; ++t) answers.push_back(bot.ask(observation_for(*r, t, 0).dump()));
  }
  CHECK(bot.finish() == 0);
  return answers;
}

// The games of the player-count tests: each bot plays the first
// kTurnsPerGame turns of a 2-player game, then of a 4-player one, then of the
// 2-player one again, so that what it plays must follow each game's count.
const std::vector<const halite::Replay*>& two_four_two() {
  static const halite::Replay two =
      halite::read_replay_file(HALITE_TESTDATA "/replays/s03_2p_s21_greedy_greedy.json.gz");
  static const halite::Replay four = halite::read_replay_file(HALITE_TESTDATA "/replays/s12_4p_s21_greedy_x4.json.gz");
  static const std::vector<const halite::Replay*> games = {&two, &four, &two};
  return games;
}
constexpr size_t kTurnsPerGame = 12;

// Checks answers_over(games) game by game: equal to `if_two_player`'s in the
// 2-player games and to `otherwise`'s in the others, and different from the
// other one there (so the setting under test made a difference).
void check_by_player_count(const std::vector<std::string>& got, const std::vector<std::string>& if_two_player,
                           const std::vector<std::string>& otherwise, const std::vector<const halite::Replay*>& games,
                           size_t turns) {
  REQUIRE(got.size() == games.size() * turns);
  for (size_t game = 0; game < games.size(); ++game) {
    const auto slice = [&](const std::vector<std::string>& v) {
      return std::vector<std::string>(v.begin() + static_cast<long>(game * turns),
                                      v.begin() + static_cast<long>((game + 1) * turns));
    };
    INFO("game " << game);
    const bool two_player = games[game]->num_players == 2;
    CHECK(slice(got) == slice(two_player ? if_two_player : otherwise));
    CHECK(slice(got) != slice(two_player ? otherwise : if_two_player));
  }
}

TEST_CASE("bot: values for a number of players apply in those games only", "[bot]") {
  const std::vector<const halite::Replay*>& games = two_four_two();
  const size_t turns = kTurnsPerGame;
  const TempDir tmp("halite_bot_by_players");
  const std::string config = tmp.file("bot.json");
  // The miner stops spawning at max_ships: 0 in two-player games, 5 in the others.
  std::ofstream(config) << R"({"planner": "miner", "params": {"max_ships": 5},
                               "by_players": {"2": {"params": {"max_ships": 0}}}})";
  const std::vector<std::string> general = {"--planner", "miner", "--set", "max_ships=5"};
  const std::vector<std::string> none = {"--planner", "miner", "--set", "max_ships=0"};
  const std::vector<std::string> from_file = answers_over({"--config", config}, games, turns);
  const std::vector<std::string> from_flags =
      answers_over({"--planner", "miner", "--set", "max_ships=5", "--players-set", "2:max_ships=0"}, games, turns);
  const std::vector<std::string> with_5 = answers_over(general, games, turns);
  const std::vector<std::string> with_0 = answers_over(none, games, turns);
  CHECK(from_file == from_flags);
  check_by_player_count(from_file, with_0, with_5, games, turns);
}

TEST_CASE("bot: --blind and \"blind\" are read, and a malformed one is refused", "[bot]") {
  const TempDir tmp("halite_bot_blind");
  const std::string good = tmp.file("good.json"), bad = tmp.file("bad.json");
  std::ofstream(good) << R"({"planner": "fleet", "blind": true})";
  std::ofstream(bad) << R"({"planner": "fleet", "blind": 1})";
  const std::vector<const halite::Replay*> games = {two_four_two()[0]};
  CHECK(answers_over({"--config", good}, games, 3).size() == 3);
  BotProcess refused({"--config", bad});
  CHECK(refused.finish() == 2);
  BotProcess with_value({"--blind=1"});
  CHECK(with_value.finish() == 2);
}

#ifdef HALITE_OPPONENTS
TEST_CASE("bot: a blind bot plays as if no opponent were predicted, and differently from the bot that predicts",
          "[bot][opponents]") {
  // A Kaggle-env game among the three modelled bots and ours (seat 0): the
  // bot that predicts recognises them within its first turns and, with a
  // known_* value that stops its spawns once every opponent is recognised,
  // plays otherwise; the blind one plays as with predict_opponents=0.
  static const halite::Replay game =
      halite::read_replay_file(HALITE_TESTDATA "/kaggle-env/4p_zeta_mz_zf_d10_seed1017.json.gz");
  const std::vector<const halite::Replay*> games = {&game};
  const size_t turns = 80;
  const std::vector<std::string> fleet = {"--planner", "fleet", "--set", "known_spawn_min_value=1000000"};
  const auto with = [&](std::vector<std::string> extra) {
    extra.insert(extra.begin(), fleet.begin(), fleet.end());
    return answers_over(extra, games, turns);
  };
  const std::vector<std::string> blind = with({"--blind"});
  const std::vector<std::string> unpredicted = with({"--set", "predict_opponents=0"});
  const std::vector<std::string> predicting = with({});
  CHECK(blind == unpredicted);
  CHECK(blind != predicting);
}
#endif

TEST_CASE("bot: malformed values for a number of players are refused with exit status 2", "[bot]") {
  const TempDir tmp("halite_bot_by_players_bad");
  int n = 0;
  for (const char* text :
       {R"({"by_players": []})", R"({"by_players": {"5": {}}})", R"({"by_players": {"two": {}}})",
        R"({"by_players": {"2": {"planner": "no_such_planner"}}})", R"({"by_players": {"2": {"planner": 3}}})",
        R"({"by_players": {"2": {"params": 3}}})", R"({"by_players": {"2": {"params": {"no_such_param": 1}}}})"}) {
    const std::string path = tmp.file("bad" + std::to_string(n++) + ".json");
    std::ofstream(path) << text;
    INFO(text);
    BotProcess bot({"--config", path});
    CHECK(bot.finish() == 2);
  }
  for (const char* flag : {"7:max_ships=1", "2max_ships=1", "2:", "2:no_such_param=1"}) {
    INFO(flag);
    BotProcess bot({"--planner", "miner", "--players-set", flag});
    CHECK(bot.finish() == 2);
  }
  for (const char* flag : {"7:miner", "2miner", "2:", "2:no_such_planner"}) {
    INFO(flag);
    BotProcess bot({"--planner", "miner", "--players-planner", flag});
    CHECK(bot.finish() == 2);
  }
}

TEST_CASE("bot: a planner for a number of players plays in those games only", "[bot]") {
  const std::vector<const halite::Replay*>& games = two_four_two();
  const size_t turns = kTurnsPerGame;
  const TempDir tmp("halite_bot_players_planner");
  const std::string config = tmp.file("bot.json");
  // Miner in every game but the 2-player ones, which greedy plays.
  std::ofstream(config) << R"({"planner": "miner", "by_players": {"2": {"planner": "greedy"}}})";
  const std::vector<std::string> from_file = answers_over({"--config", config}, games, turns);
  const std::vector<std::string> from_flags =
      answers_over({"--planner", "miner", "--players-planner", "2:greedy"}, games, turns);
  // A later --planner changes the others' planner, not the 2-player one's.
  const std::vector<std::string> overridden =
      answers_over({"--config", config, "--planner", "miner", "--players-planner", "4:miner"}, games, turns);
  const std::vector<std::string> miner = answers_over({"--planner", "miner"}, games, turns);
  const std::vector<std::string> greedy = answers_over({"--planner", "greedy"}, games, turns);
  CHECK(from_file == from_flags);
  CHECK(overridden == from_file);
  check_by_player_count(from_file, greedy, miner, games, turns);
}

TEST_CASE("bot: a later config's by_players replaces the player-count planners an earlier one named", "[bot]") {
  const TempDir tmp("halite_bot_players_planner_order");
  const std::string a = tmp.file("a.json"), b = tmp.file("b.json"), c = tmp.file("c.json");
  std::ofstream(a) << R"({"by_players": {"2": {"planner": "greedy"}, "4": {"planner": "beam"}}})";
  std::ofstream(b) << R"({"by_players": {"4": {"params": {}}}})";
  std::ofstream(c) << R"({"planner": "miner"})";
  auto planners = [](std::vector<std::string> args) {
    args.insert(args.begin(), "halite_bot");
    std::vector<char*> argv;
    for (std::string& arg : args) argv.push_back(arg.data());
    return halite::bot::parse_args(static_cast<int>(argv.size()), argv.data()).players_planner;
  };
  using Planners = std::map<int, std::string>;
  // b's by_players names no planner: a's are gone with a's values.
  CHECK(planners({"--config", a, "--config", b}) == Planners{});
  // c has no by_players: a's stay.
  CHECK(planners({"--config", a, "--config", c}) == Planners{{2, "greedy"}, {4, "beam"}});
  // A flag after a is later than a and is kept by b, which names no 2-player planner.
  CHECK(planners({"--config", a, "--players-planner", "2:miner", "--config", b}) == Planners{{2, "miner"}});
  // A file after a flag wins where it names a planner.
  CHECK(planners({"--players-planner", "2:miner", "--config", a}) == Planners{{2, "greedy"}, {4, "beam"}});
  CHECK(planners({"--players-planner", "2:miner", "--config", b}) == Planners{{2, "miner"}});
}

TEST_CASE("bot: a planner that overruns is cut off and every answer is on time", "[bot]") {
  const halite::Replay r = halite::read_replay_file(HALITE_TESTDATA "/replays/s03_2p_s21_greedy_greedy.json.gz");
  Json config = halite::config_to_json(r.config);
  config["actTimeout"] = 1;
  // The main planner sleeps 2 s per plan: the watchdog answers with the
  // fallback at actTimeout - margin/2 and the fallback plays while it sleeps.
  // The fallback's first turn runs after that hard deadline: 70-120 ms in
  // the sanitizer build (answers at 0.97-1.02 s with a 200 ms margin), so
  // the margin here leaves it 250 ms.
  BotProcess bot({"--quiet", "--debug-delay-ms", "2000", "--margin-ms", "500", "--degrade-turns", "2"});
  bot.send(config.dump());
  double slowest = 0;
  int failures = 0;
  std::string first_failure;
  for (size_t t = 0; t < 12; ++t) {
    const Json obs = observation_for(r, t, 0);
    const auto t0 = std::chrono::steady_clock::now();
    const std::string answer = bot.ask(obs.dump());
    slowest = std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    if (std::string why = check_answer(answer, obs, r.config, 0); !why.empty() && failures++ == 0)
      first_failure = "step " + std::to_string(t) + ": " + why;
  }
  INFO(first_failure);
  CHECK(failures == 0);
  CHECK(slowest < 1.0);
  CHECK(slowest > 0.5);  // the first turn waited for the planner until the hard deadline
  CHECK(bot.finish() == 0);
}

TEST_CASE("bot: --vs plays local games through the real bot process", "[bot]") {
  BotProcess referee({"--vs", "miner", "--games", "2", "--episode-steps", "60", "--quiet", "--max-turn-ms", "5"});
  std::string last;
  for (std::string line = referee.read_line(); line != "<eof>" && line != "<timeout>"; line = referee.read_line())
    last = line;
  INFO(last);
  CHECK(last.find("2 games:") == 0);
  CHECK(last.find(" 0 timeouts/errors/invalid") != std::string::npos);
  CHECK(referee.finish() == 0);
}

TEST_CASE("bot/submission.json: a search planner in it plays under a turn cap", "[bot]") {
  // A search planner spends all the time it is given: without time.max_turn_ms
  // that is actTimeout less the margin, 2.7 s a turn on Kaggle (150 ms short
  // of its limit), where the submission was measured at 250 ms.
  const nlohmann::json config = halite::read_json_file(HALITE_SUBMISSION_CONFIG);
  bool searches = false;
  for (int n = 1; n <= halite::kMaxPlayers; ++n)
    searches |= halite::search::planner_for_players(config, n) != halite::bot::kDefaultFallback;
  if (!searches) {
    WARN("bot/submission.json plays the policy alone (" << halite::bot::kDefaultFallback << "): nothing to cap");
    return;
  }
  REQUIRE(config.contains("time"));
  CHECK(config["time"].value("max_turn_ms", 0.0) > 0);
}

#endif  // HALITE_BOT_PATH

TEST_CASE("bot: --trace writes one line a turn with the answering planner's reasons, and changes no answer",
          "[bot][trace]") {
  const TempDir tmp("halite_bot_trace");
  const std::string trace = tmp.file("bot.jsonl"), config = tmp.file("bot.json");
  const std::vector<const halite::Replay*> games = {two_four_two()[0]};
  const size_t turns = 12;
  const std::vector<std::string> plain = answers_over({"--planner", "fleet"}, games, turns);
  const std::vector<std::string> traced = answers_over({"--planner", "fleet", "--trace", trace}, games, turns);
  CHECK(plain == traced);
  std::ifstream in(trace);
  size_t lines = 0;
  for (std::string line; std::getline(in, line); ++lines) {
    const halite::Json j = halite::Json::parse(line);
    CHECK(j["planner"] == "fleet");
    CHECK(j["units"].is_array());
    for (const halite::Json& u : j["units"]) CHECK(u.contains("id"));
  }
  CHECK(lines == turns);
  // A trace whose writes fail (/dev/full: every write is refused, no space)
  // costs nothing but the trace: the bot says so and plays on, the same answers.
  if (std::filesystem::exists("/dev/full"))
    CHECK(answers_over({"--planner", "fleet", "--trace", "/dev/full"}, games, turns) == plain);
  // The config file's key does the same; a trace that cannot be created is refused at start.
  std::ofstream(config) << R"({"planner": "fleet", "trace": ")" + tmp.file("from_file.jsonl") + R"("})";
  CHECK(answers_over({"--config", config}, games, turns) == plain);
  CHECK(std::ifstream(tmp.file("from_file.jsonl")).good());
  BotProcess refused({"--trace", tmp.file("no/such/dir/t.jsonl")});
  CHECK(refused.finish() == 2);
  std::ofstream(config) << R"({"trace": 3})";
  BotProcess bad_key({"--config", config});
  CHECK(bad_key.finish() == 2);
}
