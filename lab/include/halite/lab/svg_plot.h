// SVG plots for the lab's reports (`halite tune --svg`, `halite profile
// --svg`): written by hand so that a plot needs no plotting package.
#pragma once

#include <string>
#include <vector>

namespace halite::lab {

// `text` for XML or HTML content and attribute values: &, <, > and " as
// entities (the plots' labels here, the viewer page's title in tools/).
std::string markup_escaped(const std::string& text);

// A dependency-free SVG line chart: panels stacked vertically sharing the x axis.
struct PlotSeries {
  std::string name;
  std::vector<double> x, y;
  bool markers = false;  // dots instead of a line
};
struct PlotPanel {
  std::string title;
  std::string y_label;
  std::vector<PlotSeries> series;
};
std::string svg_plot(const std::string& title, const std::string& x_label, const std::vector<PlotPanel>& panels);

}  // namespace halite::lab
