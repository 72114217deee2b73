#include "halite/lab/process_agent.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string_view>

#include "halite/json_codec.h"

namespace halite::lab {

using Clock = std::chrono::steady_clock;

namespace {

// A child's own report that its agent failed this turn (a Python agent that raised).
constexpr std::string_view kErrorPrefix = "ERROR: ";
// How much of a child's unexpected line a failure reason quotes.
constexpr size_t kQuotedChars = 300;

std::string quote_line(const std::string& line) {
  return "'" + line.substr(0, kQuotedChars) + (line.size() > kQuotedChars ? "...'" : "'");
}

}  // namespace

class ProcessAgent::Child {
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
      std::fprintf(stderr, "cannot start %s\n", path.c_str());
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

ProcessAgent::ProcessAgent(std::string path, std::vector<std::string> args, std::string ready_line)
    : path_(std::move(path)), args_(std::move(args)), ready_line_(std::move(ready_line)) {
  // A child that dies mid-write must not kill the referee with SIGPIPE.
  signal(SIGPIPE, SIG_IGN);
}

ProcessAgent::~ProcessAgent() = default;

void ProcessAgent::new_game(const Config& config, int) {
  act_timeout_s_ = config.act_timeout;
  overage_s_ = config.agent_timeout;
  max_turn_ms_ = 0;
  if (!child_) start_child();
  if (child_) child_->send(config_to_json(config).dump());
}

void ProcessAgent::start_child() {
  start_failure_.clear();
  child_ = std::make_unique<Child>(path_, args_);
  if (ready_line_.empty()) return;
  std::string line;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(kStartupSeconds));
  switch (child_->read_line(deadline, &line)) {
    case Child::Read::Line:
      if (line == ready_line_) return;
      start_failure_ = "the agent process did not start: it wrote " + quote_line(line);
      break;
    case Child::Read::Timeout:
      start_failure_ =
          "the agent process did not start within " + std::to_string(static_cast<int>(kStartupSeconds)) + " s";
      break;
    case Child::Read::Eof:
      start_failure_ = "the agent process exited before it was ready";
      break;
  }
  child_.reset();
}

AgentAnswer ProcessAgent::act(const State& state, int player) {
  AgentAnswer answer;
  Json observation = observation_to_json(state, player);
  observation["remainingOverageTime"] = overage_s_;
  const auto t0 = Clock::now();
  std::string line;
  Child::Read read = Child::Read::Eof;
  if (child_ && child_->send(observation.dump())) {
    const auto allowed = std::chrono::duration<double>(act_timeout_s_ + overage_s_);
    read = child_->read_line(t0 + std::chrono::duration_cast<Clock::duration>(allowed), &line);
  }
  const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  max_turn_ms_ = std::max(max_turn_ms_, ms);
  overage_s_ -= std::max(0.0, ms / 1000 - act_timeout_s_);
  if (read == Child::Read::Eof) {
    answer.status = Status::Error;
    answer.why = !child_ && !start_failure_.empty() ? start_failure_ : "the agent process exited";
  } else if (read == Child::Read::Timeout || overage_s_ < 0) {
    answer.status = Status::Timeout;
    answer.why = "a turn of " + std::to_string(ms) + " ms overdrew the overage bank";
  } else {
    Json action;
    try {
      action = parse_json(line, "the agent's answer");
    } catch (const JsonError&) {
      answer.status = Status::Error;
      answer.why = line.rfind(kErrorPrefix, 0) == 0 ? line.substr(kErrorPrefix.size(), kQuotedChars)
                                                    : "the agent answered a line that is not JSON: " + quote_line(line);
    }
    if (answer.status == Status::Active) {
      try {
        ParsedAction parsed = parse_action(action, state, player);
        if (parsed.status != Status::Active) {
          answer.status = Status::Invalid;
          answer.why = parsed.invalid_reason;
        } else {
          answer.orders = std::move(parsed.orders);
          answer.action = action.is_object() ? std::move(action) : Json::object();
        }
      } catch (const std::exception& e) {
        answer.status = Status::Error;
        answer.why = e.what();
      }
    }
  }
  if (answer.status == Status::Timeout || answer.status == Status::Error) child_.reset();  // start afresh next game
  return answer;
}

}  // namespace halite::lab
