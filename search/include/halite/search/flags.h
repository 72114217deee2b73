// The command line of every program of the project (`halite <command>`,
// `halite_bot`): one parser for --name value, --name=value, switches and
// positional arguments, with the values checked against their ranges. Flags
// are kept in the order given, so a program may apply them in that order
// (halite_bot: a --config file, then the flags after it). Planner
// parameters (k=v, params.h) are values of flags like --set, checked by
// their ParamSpecs.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace halite::search {

// A command line that cannot be used: the programs print it with their
// usage and exit with status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Flags {
 public:
  // `valued` flags take a value (the next argument, or after '='); `switches`
  // take none. Throws UsageError for an unknown flag, a valued flag without
  // its value and a switch given one. An argument that does not start with
  // "--" (or is just "--x" shorter than three characters) is positional.
  Flags(const std::vector<std::string>& args, const std::vector<std::string>& valued,
        const std::vector<std::string>& switches);
  bool has(const std::string& name) const;
  // The last value given (a switch's is "1"), else `fallback`.
  std::string get(const std::string& name, const std::string& fallback) const;
  std::vector<std::string> get_all(const std::string& name) const;  // a repeated flag's values, in order
  // The last value as a number within [lo, hi], else `fallback`; throws
  // UsageError naming the flag for text that is not one or out of range.
  long long get_int(const std::string& name, long long fallback, long long lo, long long hi) const;
  double get_double(const std::string& name, double fallback, double lo, double hi) const;
  const std::vector<std::string>& positional() const { return positional_; }
  // Every flag with its value, in the order given.
  const std::vector<std::pair<std::string, std::string>>& items() const { return values_; }

  // `text` as a number within [lo, hi]; `name` is the flag for the message.
  static long long parse_int(const std::string& name, const std::string& text, long long lo, long long hi);
  static double parse_double(const std::string& name, const std::string& text, double lo, double hi);

 private:
  std::vector<std::pair<std::string, std::string>> values_;
  std::vector<std::string> positional_;
};

}  // namespace halite::search
