// The viewer page: the HTML/CSS/JS template of tools/view (embedded into the
// binary at build time, tools/view/embed_assets.cmake) with the data inlined.
#pragma once

#include <string>
#include <vector>

#include "halite/json_codec.h"
#include "trace.h"

namespace halite::tools::view {

// The whole self-contained page for `data` (view_data()).
std::string render_page(const Json& data, const std::string& title);

// The page of one game, labelled `label`, with its trace (none: empty): what
// `halite view REPLAY [--trace FILE]` writes. Throws JsonError when the
// replay does not reproduce or the trace does not match it.
std::string single_game_page(const Replay& replay, const std::string& label, std::vector<TraceLine> trace = {});

// `text` made safe inside a <script> element: every '<' written as \u003c,
// which JSON reads back as '<', so no "</script>" or "<!--" can end or
// change the element whatever the replay's team names hold.
std::string script_safe_json(const std::string& text);

}  // namespace halite::tools::view
