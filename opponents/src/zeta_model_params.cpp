// zeta_model's and zf_model's parameters: the specs both planners list and
// ZetaModelParams::from, from the table in zeta_params.h.
#include <cmath>
#include <string>

#include "halite/opponents/zeta_model.h"
#include "zeta_params.h"

namespace halite::opponents {

namespace {
ParamSpec ids_as_strings_spec() {
  const char* help =
      "1: units in the order of their ids as strings, as a Python agent sees them in `halite arena`; 0: in creation "
      "order, as in Kaggle's env";
  return {"ids_as_strings", 0, 0, 1, help, true, false};
}

// ZETA_PARAMS as a table, row i for zp::Id i: the specs and from() loop over
// it (one loop each, rather than the expanded code of a hundred-odd
// push_backs and lookups, which took the compiler several seconds).
struct ZetaRow {
  const char* name;
  double best, late, early, lo, hi;
  bool integer;
  const char* help;
};
constexpr ZetaRow kZetaRows[] = {
#define ZETA_ROW(name, best_v, late_v, early_v, lo, hi, integer, help) \
  {#name, best_v, late_v, early_v, lo, hi, integer, help},
    ZETA_PARAMS(ZETA_ROW)
#undef ZETA_ROW
};
static_assert(std::size(kZetaRows) == zp::ids_as_strings, "a row per parameter, in zp::Id's order");

std::string early_name(const ZetaRow& row) {
  return std::string("early_") + row.name;
}
}  // namespace

std::vector<ParamSpec> zeta_model_specs() {
  std::vector<ParamSpec> specs;
  for (const ZetaRow& row : kZetaRows)
    if (!std::isnan(row.best)) specs.push_back({row.name, row.best, row.lo, row.hi, row.help, row.integer});
  specs.push_back(ids_as_strings_spec());
  return specs;
}

std::vector<ParamSpec> zf_model_specs() {
  std::vector<ParamSpec> specs;
  for (const ZetaRow& row : kZetaRows) specs.push_back({row.name, row.late, row.lo, row.hi, row.help, row.integer});
  for (const ZetaRow& row : kZetaRows)
    specs.push_back(
        {early_name(row), row.early, row.lo, row.hi, std::string("before step early_until: ") + row.help, row.integer});
  // zeta_final's late guarding_norm (1.1) lies beyond zeta_best's range.
  for (ParamSpec& spec : specs)
    if (spec.name == "guarding_norm" || spec.name == "early_guarding_norm") spec.max = 5;
  specs.push_back(
      {"early_until", 110, 0, 400, "the bot plays its early parameter set (early_*) before this step", true});
  specs.push_back(ids_as_strings_spec());
  return specs;
}

ZetaModelParams ZetaModelParams::from(const Params& p, ZetaVariant variant) {
  ZetaModelParams z;
  z.variant = variant;
  z.values.assign(zp::kNumParams, 0.0);
  if (variant == ZetaVariant::best) {
    for (size_t i = 0; i < std::size(kZetaRows); ++i)
      if (!std::isnan(kZetaRows[i].best)) z.values[i] = p.get(kZetaRows[i].name);
    z.values[zp::ids_as_strings] = p.get("ids_as_strings");
    z.early = z.values;
    return z;
  }
  z.early.assign(zp::kNumParams, 0.0);
  for (size_t i = 0; i < std::size(kZetaRows); ++i) {
    z.values[i] = p.get(kZetaRows[i].name);
    z.early[i] = p.get(early_name(kZetaRows[i]));
  }
  z.values[zp::ids_as_strings] = z.early[zp::ids_as_strings] = p.get("ids_as_strings");
  z.early_until = static_cast<int>(p.get("early_until"));
  return z;
}

}  // namespace halite::opponents
