#include "halite/lab/svg_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace halite::lab {

namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// A "nice" tick step (1, 2, 5 x 10^n) for about `n` ticks over `range`.
double nice_step(double range, int n) {
  const double raw = range / n;
  const double mag = std::pow(10, std::floor(std::log10(raw)));
  const double f = raw / mag;
  return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * mag;
}

void bounds(const std::vector<PlotSeries>& series, bool x, double& lo, double& hi) {
  lo = std::numeric_limits<double>::infinity();
  hi = -lo;
  for (const PlotSeries& s : series)
    for (double v : x ? s.x : s.y)
      if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
  if (!(lo <= hi)) lo = 0, hi = 1;
  if (hi - lo < 1e-12) {
    const double pad = std::max(1e-6, std::abs(lo) * 0.1);
    lo -= pad;
    hi += pad;
  }
}

const char* kColours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                          "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

}  // namespace

std::string markup_escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string svg_plot(const std::string& title, const std::string& x_label, const std::vector<PlotPanel>& panels) {
  const double width = 960, left = 70, right = 230, top_title = 36, plot_w = width - left - right;
  double x_lo, x_hi;
  {
    std::vector<PlotSeries> all;
    for (const PlotPanel& p : panels) all.insert(all.end(), p.series.begin(), p.series.end());
    bounds(all, true, x_lo, x_hi);
  }
  std::vector<double> heights;
  double total = top_title;
  for (const PlotPanel& p : panels) {
    heights.push_back(std::max(260.0, 60 + 15.0 * static_cast<double>(p.series.size())));
    total += heights.back() + 10;
  }
  total += 30;
  std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + fmt("%.0f", width) + "\" height=\"" +
         fmt("%.0f", total) + "\" viewBox=\"0 0 " + fmt("%.0f", width) + " " + fmt("%.0f", total) +
         "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  svg += "<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += "<text x=\"" + fmt("%.1f", width / 2) + "\" y=\"22\" text-anchor=\"middle\" font-size=\"16\">" +
         markup_escaped(title) + "</text>\n";
  double y0 = top_title;
  for (size_t pi = 0; pi < panels.size(); ++pi) {
    const PlotPanel& panel = panels[pi];
    const double h = heights[pi], plot_top = y0 + 24, plot_h = h - 24 - 36;
    double y_lo, y_hi;
    bounds(panel.series, false, y_lo, y_hi);
    const double ys = nice_step(y_hi - y_lo, 5), xs = nice_step(x_hi - x_lo, 8);
    y_lo = std::floor(y_lo / ys) * ys;
    y_hi = std::ceil(y_hi / ys) * ys;
    auto px = [&](double x) { return left + (x - x_lo) / (x_hi - x_lo) * plot_w; };
    auto py = [&](double y) { return plot_top + plot_h - (y - y_lo) / (y_hi - y_lo) * plot_h; };
    svg += "<g>\n<text x=\"" + fmt("%.1f", left) + "\" y=\"" + fmt("%.1f", y0 + 16) + "\" font-size=\"13\">" +
           markup_escaped(panel.title) + "</text>\n";
    svg += "<rect x=\"" + fmt("%.1f", left) + "\" y=\"" + fmt("%.1f", plot_top) + "\" width=\"" + fmt("%.1f", plot_w) +
           "\" height=\"" + fmt("%.1f", plot_h) + "\" fill=\"none\" stroke=\"#444\"/>\n";
    for (double t = y_lo; t <= y_hi + ys * 1e-6; t += ys) {
      const double y = py(t);
      svg += "<line x1=\"" + fmt("%.1f", left) + "\" y1=\"" + fmt("%.1f", y) + "\" x2=\"" + fmt("%.1f", left + plot_w) +
             "\" y2=\"" + fmt("%.1f", y) + "\" stroke=\"#ddd\"/>\n";
      svg += "<text x=\"" + fmt("%.1f", left - 6) + "\" y=\"" + fmt("%.1f", y + 4) + "\" text-anchor=\"end\">" +
             fmt("%.4g", std::abs(t) < ys * 1e-6 ? 0.0 : t) + "</text>\n";
    }
    for (double t = std::ceil(x_lo / xs) * xs; t <= x_hi + xs * 1e-6; t += xs) {
      const double x = px(t);
      svg += "<line x1=\"" + fmt("%.1f", x) + "\" y1=\"" + fmt("%.1f", plot_top + plot_h) + "\" x2=\"" +
             fmt("%.1f", x) + "\" y2=\"" + fmt("%.1f", plot_top + plot_h + 5) + "\" stroke=\"#444\"/>\n";
      svg += "<text x=\"" + fmt("%.1f", x) + "\" y=\"" + fmt("%.1f", plot_top + plot_h + 18) +
             "\" text-anchor=\"middle\">" + fmt("%.6g", std::abs(t) < xs * 1e-6 ? 0.0 : t) + "</text>\n";
    }
    svg += "<text x=\"" + fmt("%.1f", left + plot_w / 2) + "\" y=\"" + fmt("%.1f", plot_top + plot_h + 32) +
           "\" text-anchor=\"middle\">" + markup_escaped(x_label) + "</text>\n";
    svg += "<text transform=\"translate(16," + fmt("%.1f", plot_top + plot_h / 2) +
           ") rotate(-90)\" text-anchor=\"middle\">" + markup_escaped(panel.y_label) + "</text>\n";
    for (size_t si = 0; si < panel.series.size(); ++si) {
      const PlotSeries& s = panel.series[si];
      const std::string colour = kColours[si % std::size(kColours)];
      // Past ten series the colours repeat: dashes tell them apart.
      const size_t round = si / std::size(kColours);
      const std::string dash = round == 0 ? "" : round == 1 ? " stroke-dasharray=\"6,3\"" : " stroke-dasharray=\"2,2\"";
      if (s.markers) {
        for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
          if (std::isfinite(s.x[i]) && std::isfinite(s.y[i]))
            svg += "<circle cx=\"" + fmt("%.2f", px(s.x[i])) + "\" cy=\"" + fmt("%.2f", py(s.y[i])) +
                   "\" r=\"2\" fill=\"" + colour + "\"/>\n";
      } else {
        std::string points;
        auto flush = [&] {
          if (!points.empty())
            svg += "<polyline fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"1.5\"" + dash + " points=\"" +
                   points + "\"/>\n";
          points.clear();
        };
        for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
          if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) {
            flush();
            continue;
          }
          points += (points.empty() ? "" : " ") + fmt("%.2f", px(s.x[i])) + "," + fmt("%.2f", py(s.y[i]));
        }
        flush();
      }
      const double ly = plot_top + 10 + 15.0 * static_cast<double>(si);
      const double lx = left + plot_w + 12;
      if (s.markers)
        svg += "<circle cx=\"" + fmt("%.1f", lx + 6) + "\" cy=\"" + fmt("%.1f", ly - 6) + "\" r=\"3\" fill=\"" +
               colour + "\"/>\n";
      else
        svg += "<line x1=\"" + fmt("%.1f", lx) + "\" y1=\"" + fmt("%.1f", ly - 6) + "\" x2=\"" + fmt("%.1f", lx + 14) +
               "\" y2=\"" + fmt("%.1f", ly - 6) + "\" stroke=\"" + colour + "\" stroke-width=\"2\"" + dash + "/>\n";
      svg += "<text x=\"" + fmt("%.1f", lx + 18) + "\" y=\"" + fmt("%.1f", ly - 2) + "\">" + markup_escaped(s.name) +
             "</text>\n";
    }
    svg += "</g>\n";
    y0 += h + 10;
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace halite::lab
