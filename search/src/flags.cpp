#include "halite/search/flags.h"

#include <algorithm>
#include <charconv>

namespace halite::search {

Flags::Flags(const std::vector<std::string>& args, const std::vector<std::string>& valued,
             const std::vector<std::string>& switches) {
  auto known = [](const std::vector<std::string>& list, const std::string& n) {
    return std::find(list.begin(), list.end(), n) != list.end();
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() < 3 || a.compare(0, 2, "--") != 0) {
      positional_.push_back(a);
      continue;
    }
    std::string name = a.substr(2), value;
    const auto eq = name.find('=');
    const bool inline_value = eq != std::string::npos;
    if (inline_value) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (known(valued, name)) {
      if (!inline_value) {
        if (i + 1 >= args.size()) throw UsageError("--" + name + " needs a value");
        value = args[++i];
      }
    } else if (known(switches, name)) {
      if (inline_value) throw UsageError("--" + name + " takes no value");
      value = "1";
    } else {
      throw UsageError("unknown option --" + name);
    }
    values_.emplace_back(name, value);
  }
}

bool Flags::has(const std::string& name) const {
  for (const auto& [n, v] : values_)
    if (n == name) return true;
  return false;
}

std::string Flags::get(const std::string& name, const std::string& fallback) const {
  std::string out = fallback;
  for (const auto& [n, v] : values_)
    if (n == name) out = v;
  return out;
}

std::vector<std::string> Flags::get_all(const std::string& name) const {
  std::vector<std::string> out;
  for (const auto& [n, v] : values_)
    if (n == name) out.push_back(v);
  return out;
}

long long Flags::parse_int(const std::string& name, const std::string& text, long long lo, long long hi) {
  long long v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw UsageError("--" + name + " takes a whole number, got '" + text + "'");
  if (v < lo || v > hi)
    throw UsageError("--" + name + " = " + text + " is out of range (" + std::to_string(lo) + " to " +
                     std::to_string(hi) + ")");
  return v;
}

double Flags::parse_double(const std::string& name, const std::string& text, double lo, double hi) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw UsageError("--" + name + " takes a number, got '" + text + "'");
  if (!(v >= lo && v <= hi))  // also refuses nan
    throw UsageError("--" + name + " = " + text + " is out of range (" + std::to_string(lo) + " to " +
                     std::to_string(hi) + ")");
  return v;
}

long long Flags::get_int(const std::string& name, long long fallback, long long lo, long long hi) const {
  return has(name) ? parse_int(name, get(name, ""), lo, hi) : fallback;
}

double Flags::get_double(const std::string& name, double fallback, double lo, double hi) const {
  return has(name) ? parse_double(name, get(name, ""), lo, hi) : fallback;
}

}  // namespace halite::search
