// The viewer page: the HTML/CSS/JS template of tools/view (embedded into the
// binary at build time, tools/view/embed_assets.cmake) with the data inlined.
#pragma once

#include <string>

#include "halite/json_codec.h"

namespace halite::tools::view {

// The whole self-contained page for `data` (view_data()).
std::string render_page(const Json& data, const std::string& title);

// The page of one game (no trace), labelled `label`: what `halite view
// REPLAY` writes. Throws JsonError when the replay does not reproduce.
std::string single_game_page(const Replay& replay, const std::string& label);

// `text` made safe inside a <script> element: every '<' written as \u003c,
// which JSON reads back as '<', so no "</script>" or "<!--" can end or
// change the element whatever the replay's team names hold.
std::string script_safe_json(const std::string& text);

}  // namespace halite::tools::view
