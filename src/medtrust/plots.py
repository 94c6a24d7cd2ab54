"""Charts of the scorecard as inline SVG strings, drawn with matplotlib's Agg/SVG backends.

Every function returns an ``<svg>`` element (XML prologue and DOCTYPE removed) that the page
embeds directly: no image files, no network. Text stays text (``svg.fonttype = none``), and
matplotlib's SVG writer escapes it, so a model or group name cannot inject markup.
"""

from __future__ import annotations

import io
import math
import re
from typing import Sequence

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

#: Colour-blind-safe palette (Okabe-Ito) cycled over models.
PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"]
OUTCOME_COLOURS = {
    "correct": "#009E73", "incorrect": "#D55E00", "partial": "#E69F00", "abstained": "#56B4E9",
    "unparseable": "#CC79A7", "truncated": "#F0E442", "judge_error": "#7F7F7F", "model_error": "#000000", "input_error": "#B0B0B0",
}  # fmt: skip

_RC = {
    "svg.fonttype": "none",
    "svg.hashsalt": "medtrust",
    "font.family": "sans-serif",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    # labels are data (model names, subgroups): "$" must never start mathtext (a lone "$" crashes)
    "text.parse_math": False,
}
_counter = [0]


def _svg(fig: "plt.Figure", title: str) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    s = buf.getvalue()
    s = s[s.index("<svg") :]
    # ids must be unique in one page; matplotlib derives them from content and salt
    _counter[0] += 1
    s = re.sub(r'id="([^"]+)"', lambda m: f'id="f{_counter[0]}-{m.group(1)}"', s)
    s = re.sub(r'(url\(#|xlink:href="#|href="#)([^)"]+)', lambda m: f"{m.group(1)}f{_counter[0]}-{m.group(2)}", s)
    s = s.replace("<svg ", f'<svg role="img" aria-label="{_attr(title)}" class="chart" ', 1)
    return s


def _attr(s: str) -> str:
    return s.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def _label(s: str) -> str:
    """A legend label drawn as given: matplotlib hides labels that start with "_"."""
    s = str(s)
    return "\u200b" + s if s.startswith("_") else s


def _nan(x: float | None) -> float:
    return float("nan") if x is None else float(x)


def radar(axes: Sequence[str], series: dict[str, Sequence[float | None]], *, title: str = "Trust dimensions") -> str:
    """Radar chart: one polygon per model on 0-100 axes (higher is better).

    Args:
        axes: axis labels, k >= 3.
        series: {model: k values in [0, 100], None = not run}. A not-run value is a gap in the
            line (never drawn as 0), and an axis no model ran is labelled "not run".

    Returns:
        an ``<svg>`` string.
    """
    k = len(axes)
    ang = np.linspace(0, 2 * math.pi, k, endpoint=False)
    with plt.rc_context(_RC):
        fig = plt.figure(figsize=(7.2, 6.0))
        ax = fig.add_subplot(polar=True)
        ax.set_theta_offset(math.pi / 2)
        ax.set_theta_direction(-1)
        ax.set_ylim(0, 100)
        ax.set_yticks([20, 40, 60, 80, 100])
        ax.set_yticklabels(["20", "40", "60", "80", "100"], fontsize=7, color="#666")
        ax.set_rlabel_position(180.0 / k)  # between the first two axes, clear of their labels
        ax.tick_params(axis="x", pad=12)
        ran_any = [any(v[i] is not None for v in series.values()) for i in range(k)]
        ax.set_xticks(ang)
        ax.set_xticklabels([a if ran_any[i] else f"{a}\n(not run)" for i, a in enumerate(axes)], fontsize=8)
        for lab, ok in zip(ax.get_xticklabels(), ran_any):
            if not ok:
                lab.set_color("#999")
        for j, (model, vals) in enumerate(series.items()):
            c = PALETTE[j % len(PALETTE)]
            v = np.array([_nan(x) for x in vals] + [_nan(vals[0])])
            a = np.append(ang, ang[0])
            ax.plot(a, v, color=c, lw=1.8, label=_label(model))
            ax.plot(a[:-1], v[:-1], "o", color=c, ms=5)
            if np.all(np.isfinite(v)):
                ax.fill(a, v, color=c, alpha=0.12)
        ax.legend(loc="upper right", bbox_to_anchor=(1.35, 1.12), fontsize=8, frameon=False)
        return _svg(fig, title)


def bars_ci(
    groups: Sequence[str],
    series: dict[str, Sequence[tuple[float | None, float | None, float | None]]],
    *,
    ylabel: str,
    title: str,
    ylim: tuple[float, float] | None = None,
    width: float = 7.5,
) -> str:
    """Grouped bars with 95% CI whiskers.

    Args:
        groups: x categories (n).
        series: {model: n tuples (value, ci_low, ci_high)}; a None value draws no bar and the
            label "n/a" (never a zero bar).
        ylabel: axis label with unit.
        ylim: y range (default from the data).
    """
    n, m = len(groups), max(len(series), 1)
    x = np.arange(n)
    w = 0.8 / m
    with plt.rc_context(_RC):
        fig, ax = plt.subplots(figsize=(width, 3.2))
        for j, (model, vals) in enumerate(series.items()):
            c = PALETTE[j % len(PALETTE)]
            pos = x - 0.4 + w * (j + 0.5)
            v = np.array([_nan(t[0]) for t in vals])
            lo = np.array([_nan(t[1]) for t in vals])
            hi = np.array([_nan(t[2]) for t in vals])
            ax.bar(pos, np.nan_to_num(v, nan=0.0), w * 0.92, color=c, label=_label(model))
            for p, vi in zip(pos, v):
                if not np.isfinite(vi):
                    ax.text(p, 0, "n/a", ha="center", va="bottom", fontsize=7, color="#999")
            ok = np.isfinite(lo) & np.isfinite(hi) & np.isfinite(v)
            if ok.any():
                ax.errorbar(pos[ok], v[ok], yerr=[v[ok] - lo[ok], hi[ok] - v[ok]], fmt="none", ecolor="#333", elinewidth=1, capsize=2)
        ax.set_xticks(x)
        ax.set_xticklabels(groups, rotation=20 if max((len(g) for g in groups), default=0) > 10 else 0, ha="right" if max((len(g) for g in groups), default=0) > 10 else "center")
        ax.set_ylabel(ylabel)
        if ylim:
            ax.set_ylim(*ylim)
        ax.set_title(title, fontsize=10, loc="left")
        ax.grid(axis="y", alpha=0.3)
        if len(series) > 1:
            ax.legend(fontsize=8, frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))
        return _svg(fig, title)


def outcome_bars(rows: Sequence[str], counts: Sequence[dict[str, int]], *, title: str = "Outcomes") -> str:
    """Horizontal stacked bars of outcome shares (each row sums to 100%), counts in the legend order."""
    with plt.rc_context(_RC):
        fig, ax = plt.subplots(figsize=(7.5, 0.45 * len(rows) + 1.0))
        y = np.arange(len(rows))
        left = np.zeros(len(rows))
        tot = np.array([max(sum(c.values()), 1) for c in counts], dtype=float)
        for name, colour in OUTCOME_COLOURS.items():
            v = np.array([c.get(name, 0) for c in counts], dtype=float)
            if not v.any():
                continue
            ax.barh(y, 100 * v / tot, left=left, color=colour, label=name, height=0.6)
            left += 100 * v / tot
        ax.set_yticks(y)
        ax.set_yticklabels(rows, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(0, 100)
        ax.set_xlabel("% of samples")
        ax.legend(fontsize=7, frameon=False, ncol=4, loc="upper left", bbox_to_anchor=(0, -0.35 if len(rows) < 3 else -0.15))
        ax.set_title(title, fontsize=10, loc="left")
        return _svg(fig, title)


def forest(labels: Sequence[str], diffs: Sequence[tuple[float, float, float, bool]], *, xlabel: str, title: str) -> str:
    """Paired differences with CIs; significant ones (CI excludes 0) in colour, others grey."""
    with plt.rc_context(_RC):
        fig, ax = plt.subplots(figsize=(7.5, 0.4 * len(labels) + 1.0))
        y = np.arange(len(labels))
        for yi, (d, lo, hi, sig) in zip(y, diffs):
            c = "#D55E00" if sig else "#888"
            if math.isfinite(lo) and math.isfinite(hi):
                ax.plot([lo, hi], [yi, yi], color=c, lw=2)
            ax.plot([d], [yi], "D" if sig else "o", color=c, ms=6)
        ax.axvline(0, color="#333", lw=0.8)
        ax.set_yticks(y)
        ax.set_yticklabels(labels, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel(xlabel)
        ax.grid(axis="x", alpha=0.3)
        ax.set_title(title, fontsize=10, loc="left")
        return _svg(fig, title)
