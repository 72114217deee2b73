// Planner parameters: each declared once (name, default, range, one line of
// help), loaded from JSON and `name=value` overrides, range-checked, and
// snapshotted into a planner's own const struct when it is built.
#pragma once

#include <map>
// Declarations only: every planner includes this header, and the whole JSON
// library (params.cpp, the parameter files) cost each of them 2 s of compile.
#include <nlohmann/json_fwd.hpp>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace halite::search {

struct ParamSpec {
  std::string name;
  double default_value;
  double min;
  double max;
  std::string help;
  bool integer = false;  // only whole numbers accepted
  // False for what tuning must leave alone: mode switches (which algorithm
  // runs) and resources (memory pools, safety margins). `halite tune` varies
  // only tunable parameters; the rest keep their start values.
  bool tunable = true;
};

// A parameter value as text: %g with `significant` digits. The default is
// short enough for messages and listings; 17 digits read back as the same
// double (what `name=value` lists written for a later run need).
std::string format_number(double v, int significant = 10);

// Whether a parameter read into a field of type T takes whole numbers only
// (int, bool): what a table of fields declares as ParamSpec::integer.
template <class T>
inline constexpr bool kWholeParam = !std::is_same_v<T, double>;

// The rows of a parameter table, an X-macro of (type, name, default, min,
// max, why) rows as the policies declare theirs, expanded into what every
// table needs: the struct field a row declares, the ParamSpec of a tunable
// row, of a fixed one, and the read of a row into the field of that name of
// a struct `out` from a Params `params` (both named so in the function that
// expands it).
#define HALITE_PARAM_FIELD(type, name, default_value, min, max, why) type name;
#define HALITE_PARAM_SPEC(type, name, default_value, min, max, why) \
  {#name, default_value, min, max, why, ::halite::search::kWholeParam<type>},
#define HALITE_PARAM_FIXED_SPEC(type, name, default_value, min, max, why) \
  {#name, default_value, min, max, why, ::halite::search::kWholeParam<type>, /*tunable=*/false},
#define HALITE_PARAM_READ(type, name, default_value, min, max, why) out.name = params.get_as<type>(#name);

class ParamError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The values of one planner's declared parameters. Every declared name always
// has a value (its default until set); undeclared names are refused with the
// list of known ones.
class Params {
 public:
  Params() = default;
  explicit Params(std::vector<ParamSpec> specs);

  const std::vector<ParamSpec>& specs() const { return specs_; }
  double get(const std::string& name) const;  // throws ParamError if undeclared
  int get_int(const std::string& name) const { return static_cast<int>(get(name)); }
  // The value as a field of type T (double, int or bool: nonzero is true).
  template <class T>
  T get_as(const std::string& name) const {
    if constexpr (std::is_same_v<T, double>)
      return get(name);
    else if constexpr (std::is_same_v<T, bool>)
      return get_int(name) != 0;
    else
      return get_int(name);
  }
  void set(const std::string& name, double value);  // range- and type-checked
  // "name=value"
  void set_from_string(const std::string& assignment);
  // {"name": value, ...}; all-or-nothing: on error nothing is changed.
  void set_from_json(const nlohmann::json& j);
  nlohmann::json to_json() const;
  // One line per parameter: name, value, default, range, help.
  std::string describe() const;

 private:
  const ParamSpec& spec(const std::string& name) const;
  std::vector<ParamSpec> specs_;
  std::map<std::string, double> values_;
};

}  // namespace halite::search
