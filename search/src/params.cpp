#include "halite/search/params.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace halite::search {

std::string format_number(double v, int significant) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*g", significant, v);
  return buf;
}

Params::Params(std::vector<ParamSpec> specs) : specs_(std::move(specs)) {
  for (const ParamSpec& s : specs_) {
    if (values_.count(s.name)) throw ParamError("parameter '" + s.name + "' declared twice");
    if (!(s.min <= s.default_value && s.default_value <= s.max))
      throw ParamError("parameter '" + s.name + "': default outside its range");
    values_[s.name] = s.default_value;
  }
}

const ParamSpec& Params::spec(const std::string& name) const {
  for (const ParamSpec& s : specs_)
    if (s.name == name) return s;
  std::string known;
  for (const ParamSpec& s : specs_) known += (known.empty() ? "" : ", ") + s.name;
  throw ParamError("unknown parameter '" + name + "'" +
                   (known.empty() ? " (this planner has none)" : "; known: " + known));
}

double Params::get(const std::string& name) const {
  spec(name);
  return values_.at(name);
}

void Params::set(const std::string& name, double value) {
  const ParamSpec& s = spec(name);
  if (!std::isfinite(value) || value < s.min || value > s.max)
    throw ParamError("parameter '" + name + "' = " + format_number(value) + " is out of range [" +
                     format_number(s.min) + ", " + format_number(s.max) + "]");
  if (s.integer && value != std::trunc(value))
    throw ParamError("parameter '" + name + "' takes a whole number, got " + format_number(value));
  values_[name] = value;
}

void Params::set_from_string(const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0) throw ParamError("expected name=value, got '" + assignment + "'");
  const std::string name = assignment.substr(0, eq);
  const std::string text = assignment.substr(eq + 1);
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size())
    throw ParamError("parameter '" + name + "': '" + text + "' is not a number");
  set(name, value);
}

void Params::set_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw ParamError("parameters must be a JSON object {\"name\": number, ...}, got " + j.dump());
  Params copy = *this;
  for (const auto& [name, v] : j.items()) {
    if (v.is_boolean())
      copy.set(name, v.get<bool>() ? 1 : 0);
    else if (v.is_number())
      copy.set(name, v.get<double>());
    else
      throw ParamError("parameter '" + name + "' must be a number, got " + v.dump());
  }
  *this = std::move(copy);
}

nlohmann::json Params::to_json() const {
  nlohmann::json j = nlohmann::json::object();
  for (const ParamSpec& s : specs_) {
    const double v = values_.at(s.name);
    if (s.integer)
      j[s.name] = static_cast<int64_t>(v);
    else
      j[s.name] = v;
  }
  return j;
}

std::string Params::describe() const {
  std::string out;
  size_t width = 4;
  for (const ParamSpec& s : specs_) width = std::max(width, s.name.size());
  for (const ParamSpec& s : specs_) {
    std::string line = s.name + std::string(width + 2 - s.name.size(), ' ');
    line += format_number(values_.at(s.name));
    line += "  (default " + format_number(s.default_value) + ", range [" + format_number(s.min) + ", " +
            format_number(s.max) + "]" + (s.integer ? ", integer" : "") + (s.tunable ? "" : ", not tuned") + ")  " +
            s.help;
    out += line + "\n";
  }
  return out;
}

}  // namespace halite::search
