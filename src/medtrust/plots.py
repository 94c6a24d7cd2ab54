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

#: Colour-blind-safe palette (Okabe-Ito), one colour per model label (:func:`model_colours`).
PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]
#: Marker per model (with the colour), so points of two models at the same value stay apart.
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]
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


def _note(fig: "plt.Figure", note: str | None) -> None:
    """A warning line under the plot (wrapped; ``bbox_inches="tight"`` keeps it in the SVG)."""
    if note:
        import textwrap

        fig.text(0.01, -0.01, "\n".join(textwrap.wrap(note, 110)), ha="left", va="top", fontsize=8, color="#b3401a")


def _nan(x: float | None) -> float:
    return float("nan") if x is None else float(x)


def model_colours(labels: Sequence[str]) -> dict[str, str]:
    """{label: colour}: one palette colour per distinct label, in order of first appearance.
    The report passes the same mapping to every chart of the page, so a model keeps its colour
    everywhere (beyond 8 labels the palette repeats, with another marker)."""
    out: dict[str, str] = {}
    for lab in labels:
        if lab not in out:
            out[lab] = PALETTE[len(out) % len(PALETTE)]
    return out


def _style(model: str, j: int, colours: dict[str, str] | None) -> tuple[str, str]:
    """(colour, marker) of a series: its colour from ``colours`` (else palette order), and the
    marker of its position."""
    colour = (colours or {}).get(model) or PALETTE[j % len(PALETTE)]
    return colour, MARKERS[j % len(MARKERS)]


def _legend_below(fig: "plt.Figure", ax: "plt.Axes", ncol: int = 2) -> None:
    """The axes' legend under the whole figure (laid out first), outside the plot area and its
    tick labels, so it never covers data or a label; one entry per label."""
    handles, labels = ax.get_legend_handles_labels()
    uniq = dict(zip(labels, handles))
    if not uniq:
        return
    fig.tight_layout()
    fig.legend(list(uniq.values()), list(uniq.keys()), loc="upper center", bbox_to_anchor=(0.5, 0.0), bbox_transform=fig.transFigure,
               ncol=min(len(uniq), ncol), fontsize=8, frameon=False)


def radar(axes: Sequence[str], series: dict[str, Sequence[float | None]], *, title: str = "Trust dimensions",
          colours: dict[str, str] | None = None, flags: dict[str, Sequence[bool]] | None = None, note: str | None = None) -> str:  # fmt: skip
    """Radar chart: one polygon per model on 0-100 axes (higher is better).

    Args:
        axes: axis labels, k >= 3 (the report draws only axes with a value for some model and
            falls back to :func:`axis_bars` below 3).
        series: {model: k values in [0, 100], None = no value}. A missing value is a gap in the
            line (never drawn as 0).
        colours: {model: colour} (:func:`model_colours`); each model also gets its own marker.
        flags: {model: k booleans}: a value reached by refusing (medtrust.caveats) gets a ⚠ beside its point.
        note: a warning line under the chart (e.g. what the ⚠ means).

    Returns:
        an ``<svg>`` string; the legend sits below the plot area.
    """
    k = len(axes)
    ang = np.linspace(0, 2 * math.pi, k, endpoint=False)
    with plt.rc_context(_RC):
        fig = plt.figure(figsize=(7.2, 6.4))
        ax = fig.add_subplot(polar=True)
        ax.set_theta_offset(math.pi / 2)
        ax.set_theta_direction(-1)
        ax.set_ylim(0, 100)
        ax.set_yticks([20, 40, 60, 80, 100])
        ax.set_yticklabels(["20", "40", "60", "80", "100"], fontsize=7, color="#666")
        ax.set_rlabel_position(180.0 / k)  # between the first two axes, clear of their labels
        ax.tick_params(axis="x", pad=12)
        ax.set_xticks(ang)
        ax.set_xticklabels(list(axes), fontsize=8)
        for j, (model, vals) in enumerate(series.items()):
            c, mk = _style(model, j, colours)
            v = np.array([_nan(x) for x in vals] + [_nan(vals[0])])
            a = np.append(ang, ang[0])
            ax.plot(a, v, color=c, lw=1.8, label=_label(model))
            # hollow, shrinking markers: two models at the same value both stay visible
            ax.plot(a[:-1], v[:-1], mk, color=c, ms=max(9 - 1.5 * j, 4), mfc="none", mew=1.6)
            if np.all(np.isfinite(v)):
                ax.fill(a, v, color=c, alpha=0.10)
            for ang_i, vi, flagged in zip(ang, v[:-1], (flags or {}).get(model) or [False] * k):
                if flagged and np.isfinite(vi):
                    ax.text(ang_i, vi, " ⚠", fontsize=10, color="#b3401a", ha="left", va="bottom", fontweight="bold")
        _legend_below(fig, ax)
        _note(fig, note)
        return _svg(fig, title)


def axis_bars(axes: Sequence[str], series: dict[str, Sequence[float | None]], *, missing: dict[str, Sequence[str]] | None = None,
              title: str = "Trust dimensions", colours: dict[str, str] | None = None, flags: dict[str, Sequence[bool]] | None = None,
              note: str | None = None) -> str:  # fmt: skip
    """Horizontal bars of the scorecard axes (the radar's fallback when too few axes have values).

    Args:
        axes: axis labels (k rows, top to bottom).
        series: {model: k values in [0, 100], None = no value}.
        missing: {model: k words shown where the value is None} ("not run", "n/a",
            "not meaningful"); default "n/a".
        colours: {model: colour}.
        flags: {model: k booleans}: a value reached by refusing (medtrust.caveats) is labelled
            "<value> ⚠" in the warning colour.
        note: a warning line under the chart (what the ⚠ means; whether the longest bar is one).

    A value of 0 is drawn as a thin stub with the label "0" (a zero is a result); a missing value
    as its word in grey, with no bar.
    """
    k, m = len(axes), max(len(series), 1)
    h = 0.8 / m
    with plt.rc_context(_RC):
        fig, ax = plt.subplots(figsize=(7.5, 0.32 * k * m + 1.2))
        y = np.arange(k)
        for j, (model, vals) in enumerate(series.items()):
            c, _ = _style(model, j, colours)
            pos = y - 0.4 + h * (j + 0.5)
            words = (missing or {}).get(model) or ["n/a"] * k
            marks = (flags or {}).get(model) or [False] * k
            for p, v, word, flagged in zip(pos, vals, words, marks):
                if v is None:
                    ax.text(1, p, word, va="center", ha="left", fontsize=7, color="#777", style="italic")
                    continue
                ax.barh(p, max(float(v), 0.6), h * 0.9, color=c, label=_label(model), edgecolor="#b3401a" if flagged else None, linewidth=1.5 if flagged else 0)
                ax.text(float(v) + 1.5, p, f"{v:.0f} ⚠" if flagged else f"{v:.0f}", va="center", ha="left", fontsize=7,
                        color="#b3401a" if flagged else "#333", fontweight="bold" if flagged else "normal")  # fmt: skip
        ax.set_yticks(y)
        ax.set_yticklabels(list(axes), fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(0, 108)
        ax.set_xlabel("0-100, higher = more trustworthy")
        ax.grid(axis="x", alpha=0.3)
        ax.set_title(title, fontsize=10, loc="left")
        _legend_below(fig, ax)
        _note(fig, note)
        return _svg(fig, title)


def bars_ci(
    groups: Sequence[str],
    series: dict[str, Sequence[tuple[float | None, float | None, float | None]]],
    *,
    ylabel: str,
    title: str,
    ylim: tuple[float, float] | None = None,
    width: float = 7.5,
    colours: dict[str, str] | None = None,
    note: str | None = None,
) -> str:
    """Grouped bars with 95% CI whiskers (``note``: a warning line under the chart).

    Args:
        groups: x categories (n).
        series: {model: n tuples (value, ci_low, ci_high)}; a None value draws no bar and the
            label "n/a"; a value of 0 draws a thin stub labelled "0" (a zero is a result, not a gap).
        ylabel: axis label with unit.
        ylim: y range (default from the data).
        colours: {model: colour} (:func:`model_colours`), the same on every chart of a page.
    """
    n, m = len(groups), max(len(series), 1)
    x = np.arange(n)
    w = 0.8 / m
    top = (ylim[1] if ylim else None) or max([_nan(t[0]) for vals in series.values() for t in vals if t[0] is not None] + [1.0])
    stub = 0.012 * top
    with plt.rc_context(_RC):
        fig, ax = plt.subplots(figsize=(width, 3.2))
        for j, (model, vals) in enumerate(series.items()):
            c, _ = _style(model, j, colours)
            pos = x - 0.4 + w * (j + 0.5)
            v = np.array([_nan(t[0]) for t in vals])
            lo = np.array([_nan(t[1]) for t in vals])
            hi = np.array([_nan(t[2]) for t in vals])
            ok_v = np.isfinite(v)
            ax.bar(pos[ok_v], np.maximum(v[ok_v], stub), w * 0.92, color=c, label=_label(model))
            for p, vi in zip(pos, v):
                if not np.isfinite(vi):
                    ax.text(p, stub, "n/a", ha="center", va="bottom", fontsize=7, color="#777", style="italic")
                elif vi == 0:
                    ax.text(p, 2 * stub, "0", ha="center", va="bottom", fontsize=7, color="#333")
            ok = np.isfinite(lo) & np.isfinite(hi) & ok_v
            if ok.any():
                ax.errorbar(pos[ok], v[ok], yerr=[v[ok] - lo[ok], hi[ok] - v[ok]], fmt="none", ecolor="#333", elinewidth=1, capsize=2)
        ax.set_xticks(x)
        long = max((len(g) for g in groups), default=0) > 10
        ax.set_xticklabels(groups, rotation=20 if long else 0, ha="right" if long else "center")
        ax.set_ylabel(ylabel)
        if ylim:
            ax.set_ylim(*ylim)
        ax.set_title(title, fontsize=10, loc="left")
        ax.grid(axis="y", alpha=0.3)
        if len(series) > 1:
            _legend_below(fig, ax)
        _note(fig, note)
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
        ax.set_title(title, fontsize=10, loc="left")
        _legend_below(fig, ax, ncol=4)
        return _svg(fig, title)


def forest(labels: Sequence[str], diffs: Sequence[tuple[float, float, float, bool]], *, xlabel: str, title: str,
           better: Sequence[str | None] | None = None, margins: Sequence[float | None] | None = None) -> str:  # fmt: skip
    """Paired differences with CIs; significant ones (CI excludes 0) in colour, others grey.

    Args:
        labels: one per row.
        diffs: (difference, ci_low, ci_high, significant) per row, already signed so that right
            of 0 means the first run is better (the report flips rows where lower is better).
        xlabel: what the x-axis measures; the axis ends are labelled "<- B better" / "A better ->".
        better: optional text per row printed at the right edge ("A better", "no clear difference").
        margins: optional non-inferiority margin per row, signed as the row (a dashed blue mark
            on the row; a CI wholly right of it is non-inferior); None = no margin.
    """
    with plt.rc_context(_RC):
        fig, ax = plt.subplots(figsize=(7.5, 0.4 * len(labels) + 1.4))
        y = np.arange(len(labels))
        for yi, (d, lo, hi, sig) in zip(y, diffs):
            c = "#D55E00" if sig else "#888"
            if math.isfinite(lo) and math.isfinite(hi):
                ax.plot([lo, hi], [yi, yi], color=c, lw=2)
            ax.plot([d], [yi], "D" if sig else "o", color=c, ms=6)
        ax.axvline(0, color="#333", lw=0.8)
        marks = [(yi, m) for yi, m in zip(y, margins or []) if m is not None and math.isfinite(m)]
        for yi, m in marks:
            ax.plot([m, m], [yi - 0.4, yi + 0.4], color="#0072B2", lw=1.6, ls="--")
        lim = max([abs(v) for d in diffs for v in d[:3] if isinstance(v, float) and math.isfinite(v)] + [abs(m) for _, m in marks] + [0.05]) * 1.15
        ax.set_xlim(-lim, lim)
        ax.set_yticks(y)
        ax.set_yticklabels(labels, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel(xlabel)
        ax.text(0.0, 1.01, "\u2190 B better", transform=ax.transAxes, ha="left", va="bottom", fontsize=8, color="#333")
        ax.text(1.0, 1.01, "A better \u2192", transform=ax.transAxes, ha="right", va="bottom", fontsize=8, color="#333")
        if better:
            for yi, txt in zip(y, better):
                if txt:
                    ax.text(1.02, yi, txt, transform=ax.get_yaxis_transform(), va="center", ha="left", fontsize=7.5, color="#333")
        ax.grid(axis="x", alpha=0.3)
        ax.set_title(title, fontsize=10, loc="left", pad=16)
        return _svg(fig, title)
