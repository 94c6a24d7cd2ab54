"""The labelling page: a small Flask app over a :class:`medtrust.label.store.LabelStore`.

Safety (docs/labelling.md, tested in headless Chromium):

* bound to 127.0.0.1 unless ``--host`` says otherwise;
* every route, the page's own script and style included, needs the session token (a
  ``secrets.token_urlsafe(24)`` made at start) as ``?token=`` or header ``X-Medtrust-Token``;
  without it: 403, compared in constant time;
* model text reaches the page only as JSON and is put in the page with ``textContent``, never
  as HTML; a Content-Security-Policy allows only the page's own script, style, images and API
  (no inline script, no other origin), and ``Referrer-Policy: no-referrer`` keeps the token in
  the address bar only;
* the automatic verdicts of an item are sent only in the answer to its label (no anchoring);
* an item's image is served only when its resolved path lies inside one of the allowed image
  folders (the run's image roots and ``--image-root``) and has an image suffix; otherwise the
  page says "image not available".

Routes: ``GET /`` page · ``GET /assets/<label.js|label.css|favicon.svg>`` · ``GET /api/state`` ·
``POST /api/label`` ``{item, label, note}`` · ``POST /api/undo`` · ``GET /image/<item id>``.
The labeller is ``?labeller=NAME`` (default: the server's ``--labeller``), so two people can
label the same file through one server.
"""

from __future__ import annotations

import errno
import hmac
import secrets
import shlex
from pathlib import Path
from typing import Any, Sequence
from urllib.parse import quote

from medtrust.labelling import LABEL_HELP
from medtrust.label.store import LabelStore, LabelWriteError, check_labeller, labeller_agreement

ASSETS = {"label.js": "application/javascript", "label.css": "text/css", "favicon.svg": "image/svg+xml"}
IMAGE_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp", ".bmp": "image/bmp"}
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")  # fmt: skip
#: Keyboard shortcuts per label (besides 1, 2, 3).
SHORTCUTS = {"Accept": "a", "Caution": "c", "Refuse": "r", "correct": "y", "incorrect": "x", "no_answer": "n"}
LABEL_TEXT = {"no_answer": "no answer"}


def is_loopback_bind(host: str) -> bool:
    """Whether binding to ``host`` serves this machine only: a loopback address or ``localhost``
    (``0.0.0.0``, ``::`` and ``""`` bind every interface)."""
    import ipaddress

    h = (host or "").strip().strip("[]").lower()
    if h in ("localhost", "localhost."):
        return True
    try:
        ip = ipaddress.ip_address(h.split("%")[0])
    except ValueError:
        return False
    return ip.is_loopback or (isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None and ip.ipv4_mapped.is_loopback)


def new_token() -> str:
    """A fresh random session token (URL-safe, 192 bits)."""
    return secrets.token_urlsafe(24)


def image_allowed(path: str | None, roots: Sequence[str | Path]) -> Path | None:
    """The resolved image path when it is a file with an image suffix inside one of ``roots``
    (each resolved; symlinks followed before the check), else None."""
    if not path:
        return None
    try:
        p = Path(path).expanduser().resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    if not p.is_file() or p.suffix.lower() not in IMAGE_TYPES:
        return None
    for r in roots:
        try:
            root = Path(r).expanduser().resolve(strict=True)
        except (OSError, RuntimeError):
            continue
        if p.is_relative_to(root):
            return p
    return None


def create_app(store: LabelStore, token: str, *, labeller: str, image_roots: Sequence[str | Path] = ()) -> Any:
    """The Flask app serving one labels file.

    Args:
        store: the opened labels file.
        token: required on every request.
        labeller: default labeller name (a request may pass ``?labeller=``).
        image_roots: folders images may be served from.

    Raises:
        ValueError: a bad default labeller name.
    """
    from flask import Flask, abort, jsonify, render_template, request, send_file

    check_labeller(labeller)
    here = Path(__file__).parent
    app = Flask("medtrust.label", template_folder=str(here / "templates"), static_folder=None)
    app.jinja_env.autoescape = True
    roots = [str(r) for r in image_roots]
    task = store.design["task"]

    def who() -> str:
        name = request.args.get("labeller") or (request.get_json(silent=True) or {}).get("labeller") or labeller
        try:
            return check_labeller(str(name))
        except ValueError as e:
            abort(400, str(e))

    @app.before_request
    def require_token() -> None:
        given = request.args.get("token") or request.headers.get("X-Medtrust-Token") or ""
        if not hmac.compare_digest(given.encode(), token.encode()):
            abort(403)

    @app.after_request
    def headers(resp: Any) -> Any:
        resp.headers["Content-Security-Policy"] = CSP
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "no-referrer"
        resp.headers["Cache-Control"] = "no-store"
        resp.headers["X-Frame-Options"] = "DENY"
        return resp

    def public_item(it: dict[str, Any]) -> dict[str, Any]:
        # no verdict, no judge, no stratum: nothing that could anchor the person
        return {
            "id": it["id"], "benchmark": it.get("benchmark"), "prompt": it["prompt"], "response": it["response"],
            "reference": it.get("reference"), "image": image_allowed(it.get("image"), roots) is not None,
            "has_image": bool(it.get("image")),
        }  # fmt: skip

    def reveal(item_id: str, label: str | None, note: str = "") -> dict[str, Any]:
        it = store.by_id[item_id]
        return {"item": item_id, "position": store.items.index(it) + 1, "label": label, "note": note,
                "verdict": it["verdict"], "primary_judge": it.get("primary_judge"), "verdicts": it.get("verdicts") or {}}  # fmt: skip

    def state(name: str) -> dict[str, Any]:
        nxt = store.next_item(name)
        stack = store.stack(name)
        last = stack[-1] if stack else None
        out = {
            "task": task, "labeller": name, "labels": store.labels, "help": LABEL_HELP.get(task, {}),
            "label_text": {lab: LABEL_TEXT.get(lab, lab) for lab in store.labels},
            "shortcuts": {lab: SHORTCUTS.get(lab, "") for lab in store.labels},
            "progress": store.progress(name), "item": None if nxt is None else public_item(nxt),
            "position": None if nxt is None else store.items.index(nxt) + 1,
            "last": None if last is None else reveal(last.item, last.label, last.note),
            "done": nxt is None,
        }  # fmt: skip
        if nxt is None:
            out["agreement"] = labeller_agreement(store)
        return out

    @app.get("/")
    def page() -> Any:
        return render_template("label.html.j2", token=token, labeller=who(), task=task, n=len(store.items),
                               labels_file=shlex.quote(str(store.path)))

    @app.get("/assets/<name>")
    def asset(name: str) -> Any:
        if name not in ASSETS:
            abort(404)
        return send_file(here / "static" / name, mimetype=ASSETS[name], max_age=0)

    @app.get("/api/state")
    def api_state() -> Any:
        return jsonify(state(who()))

    @app.post("/api/label")
    def api_label() -> Any:
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            abort(400, "expected a JSON object")
        name = who()
        try:
            ev = store.add_label(name, str(body.get("item", "")), str(body.get("label", "")), str(body.get("note") or ""))
        except ValueError as e:
            abort(400, str(e))
        except LabelWriteError as e:  # disk full: nothing was kept; the page says so and the label can be given again
            return _write_failed(e)
        return jsonify({"revealed": reveal(ev.item, ev.label, ev.note), "state": state(name)})

    @app.post("/api/undo")
    def api_undo() -> Any:
        name = who()
        try:
            ev = store.undo(name)
        except LabelWriteError as e:
            return _write_failed(e)
        return jsonify({"undone": None if ev is None else {"item": ev.item, "label": ev.label, "note": ev.note}, "state": state(name)})

    @app.get("/image/<path:item_id>")
    def image(item_id: str) -> Any:
        it = store.by_id.get(item_id)
        p = image_allowed(it.get("image") if it else None, roots)
        if p is None:
            abort(404)
        return send_file(p, mimetype=IMAGE_TYPES[p.suffix.lower()], max_age=0)

    def _write_failed(e: LabelWriteError) -> Any:
        # 507 Insufficient Storage (RFC 4918) when the disk is full, else 500; the detail names the cause
        resp = jsonify({"error": "not saved", "detail": str(e.strerror or e)})
        resp.status_code = 507 if e.errno == errno.ENOSPC else 500
        return resp

    @app.errorhandler(400)
    @app.errorhandler(403)
    @app.errorhandler(404)
    @app.errorhandler(405)
    def error(e: Any) -> Any:
        resp = jsonify({"error": e.name, "detail": e.description if e.code == 400 else None})
        resp.status_code = e.code
        return resp

    return app


class LabelServer:
    """A running labelling server (werkzeug, threaded) that can be stopped, for the CLI and tests.

    Attributes:
        url: the page URL with the token (and labeller when given).
    """

    def __init__(self, store: LabelStore, *, host: str = "127.0.0.1", port: int = 0, labeller: str = "labeller",
                 image_roots: Sequence[str | Path] = (), token: str | None = None):  # fmt: skip
        from werkzeug.serving import make_server

        self.token = token or new_token()
        self.store = store
        self.app = create_app(store, self.token, labeller=labeller, image_roots=image_roots)
        self._server = make_server(host, port, self.app, threaded=True, request_handler=_request_handler(self.token))
        self.host, self.port = host, self._server.server_port
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
        self.url = f"http://{shown}:{self.port}/?token={self.token}"
        self._thread: Any = None

    def url_for(self, labeller: str) -> str:
        """The page URL for another labeller."""
        return f"{self.url}&labeller={check_labeller(labeller)}"

    def serve_forever(self) -> None:
        """Serve until interrupted (Ctrl-C) or :meth:`stop`."""
        self._server.serve_forever()

    def start(self) -> "LabelServer":
        """Serve in a background thread (tests, scripts)."""
        import threading

        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket."""
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=10)


def redact_token(text: str, token: str) -> str:
    """``text`` with the session token replaced by ``[redacted]``, as given and percent-encoded
    (upper or lower case hex), for anything the request log might print besides the request line."""
    forms = {token, quote(token, safe=""), "".join(f"%{b:02X}" for b in token.encode()), "".join(f"%{b:02x}" for b in token.encode())}
    for form in sorted(forms, key=len, reverse=True):
        text = text.replace(form, "[redacted]")
    return text


def _request_handler(token: str) -> Any:
    """werkzeug's request handler whose log never shows the token. The request line is logged
    without its query string (where ``?token=`` travels, in any spelling or encoding a client
    may use); headers are never logged; any other log text has the token itself redacted. The
    CLI prints the URL once for the user; a request log is often kept or shared."""
    from werkzeug.serving import WSGIRequestHandler

    class RedactingHandler(WSGIRequestHandler):
        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            path, _, query = str(getattr(self, "path", "") or "").partition("?")
            line = f"{getattr(self, 'command', '-')} {path}{'?[query not logged]' if query else ''} {getattr(self, 'request_version', '')}"
            self.log("info", '"%s" %s %s', line.translate(self._control_char_table), str(code), size)

        def log(self, type: str, message: str, *args: Any) -> None:
            clean = [redact_token(a, token) if isinstance(a, str) else a for a in args]
            super().log(type, redact_token(message, token), *clean)

    return RedactingHandler
