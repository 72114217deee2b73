#include "view/page.h"

#include <stdexcept>
#include <string_view>
#include <utility>

#include "halite/lab/svg_plot.h"
#include "halite/replay_check.h"
#include "view/view_data.h"
#include "viewer_assets.h"

namespace halite::tools::view {
namespace {}  // namespace

std::string script_safe_json(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  }
  return out;
}

std::string render_page(const Json& data, const std::string& title) {
  const std::pair<std::string_view, std::string> slots[] = {
      {"{{TITLE}}", lab::markup_escaped(title)},
      {"{{STYLE}}", std::string(kViewerCss)},
      {"{{DATA}}", script_safe_json(data.dump(-1, ' ', false, Json::error_handler_t::replace))},
      {"{{SCRIPT}}", std::string(kViewerJs)},
  };
  // One pass over the template: text put in for one slot is never searched
  // for another (a replay named "{{DATA}}" stays a name).
  std::string page;
  size_t from = 0;
  for (;;) {
    size_t next = std::string_view::npos;
    const std::pair<std::string_view, std::string>* slot = nullptr;
    for (const auto& candidate : slots) {
      const size_t at = kViewerHtml.find(candidate.first, from);
      if (at < next) next = at, slot = &candidate;
    }
    page.append(kViewerHtml.substr(from, next == std::string_view::npos ? std::string_view::npos : next - from));
    if (!slot) break;
    page.append(slot->second);
    from = next + slot->first.size();
  }
  for (const auto& [name, text] : slots)
    if (kViewerHtml.find(name) == std::string_view::npos)
      throw std::logic_error("the viewer template has no slot " + std::string(name));
  return page;
}

std::string single_game_page(const Replay& replay, const std::string& label, std::vector<TraceLine> trace) {
  const std::vector<State> states = replay_states(replay);
  check_trace_against_game(trace, states);
  GameInput game;
  game.trace = std::move(trace);
  game.label = label;
  game.replay = &replay;
  game.states = &states;
  return render_page(view_data({game}), "halite view: " + label);
}

}  // namespace halite::tools::view
