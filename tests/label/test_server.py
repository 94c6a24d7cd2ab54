"""The labelling server's routes (Flask test client): token on every route, no verdict before the
label, images only from inside the allowed folders, safe headers."""

from __future__ import annotations

import pytest
from PIL import Image

from medtrust.label.server import CSP, create_app, image_allowed
from medtrust.label.store import LabelStore

from .test_store import design

TOKEN = "t0k-en_123"


@pytest.fixture
def served(tmp_path):
    root = tmp_path / "images"
    root.mkdir()
    Image.new("RGB", (4, 4), (200, 10, 10)).save(root / "a.png")
    Image.new("RGB", (4, 4)).save(tmp_path / "secret.png")
    (root / "link.png").symlink_to(tmp_path / "secret.png")
    (root / "notes.txt").write_text("not an image")
    d = design()
    d["items"][0]["image"] = str(root / "a.png")
    d["items"][1]["image"] = str(root / ".." / "secret.png")  # outside the root
    d["items"][2]["image"] = str(root / "link.png")  # inside by name, outside once resolved
    d["items"][3]["image"] = str(root / "notes.txt")
    d["items"][0]["verdicts"] = {"offline": "Accept", "abstention": "Refuse"}
    store = LabelStore.create(tmp_path / "l.jsonl", d)
    app = create_app(store, TOKEN, labeller="alice", image_roots=[root])
    return app.test_client(), store


ROUTES = [("get", "/"), ("get", "/assets/label.js"), ("get", "/assets/label.css"), ("get", "/api/state"),
          ("post", "/api/label"), ("post", "/api/undo"), ("get", "/image/i0"), ("get", "/nowhere")]


@pytest.mark.parametrize("method,path", ROUTES)
def test_every_route_needs_the_token(served, method, path) -> None:
    client, store = served
    for query in ("", "?token=", "?token=wrong", "?token=" + TOKEN[:-1], "?token=" + TOKEN + "x"):
        resp = getattr(client, method)(path + query, json={"item": "i0", "label": "Accept"} if method == "post" else None)
        assert resp.status_code == 403, (path, query)
        assert b"response 0" not in resp.data and b"prompt 0" not in resp.data
    assert store.events == []  # nothing written without the token
    ok = getattr(client, method)(path, headers={"X-Medtrust-Token": TOKEN}, json={"item": "i0", "label": "Accept"} if method == "post" else None)
    assert ok.status_code == (404 if path == "/nowhere" else 200)


def test_state_hides_verdicts_until_labelled(served) -> None:
    client, store = served
    st = client.get(f"/api/state?token={TOKEN}").get_json()
    assert st["item"] == {"id": "i0", "benchmark": "cares_llm", "prompt": "prompt 0", "response": "response 0", "reference": None,
                          "image": True, "has_image": True}
    assert "Accept" not in str(st["item"]) and st["last"] is None and st["progress"] == {"done": 0, "total": 4}
    res = client.post(f"/api/label?token={TOKEN}", json={"item": "i0", "label": "Caution", "note": "hedges"}).get_json()
    assert res["revealed"] == {"item": "i0", "position": 1, "label": "Caution", "note": "hedges", "verdict": "Accept",
                               "primary_judge": "offline", "verdicts": {"offline": "Accept", "abstention": "Refuse"}}
    assert res["state"]["item"]["id"] == "i1" and res["state"]["progress"]["done"] == 1
    assert "verdict" not in res["state"]["item"]
    # bob labels the same sample through the same server
    bob = client.get(f"/api/state?token={TOKEN}&labeller=bob").get_json()
    assert bob["labeller"] == "bob" and bob["item"]["id"] == "i0"
    client.post(f"/api/label?token={TOKEN}&labeller=bob", json={"item": "i0", "label": "Refuse"})
    assert {e.labeller for e in store.events} == {"alice", "bob"}
    undo = client.post(f"/api/undo?token={TOKEN}", json={}).get_json()
    assert undo["undone"] == {"item": "i0", "label": "Caution", "note": "hedges"} and undo["state"]["item"]["id"] == "i0"
    assert client.post(f"/api/undo?token={TOKEN}", json={}).get_json()["undone"] is None


def test_bad_requests_are_400_and_write_nothing(served) -> None:
    client, store = served
    for body in ({"item": "i0", "label": "Maybe"}, {"item": "nope", "label": "Accept"}, [1, 2], {"item": "i0"}):
        assert client.post(f"/api/label?token={TOKEN}", json=body).status_code == 400
    assert client.post(f"/api/label?token={TOKEN}", data="not json").status_code == 400
    assert client.get(f"/api/state?token={TOKEN}&labeller=%3Cscript%3E").status_code == 400
    assert store.events == []


def test_images_only_from_inside_the_roots(served, tmp_path) -> None:
    client, _ = served
    resp = client.get(f"/image/i0?token={TOKEN}")
    assert resp.status_code == 200 and resp.mimetype == "image/png" and resp.data[:8] == b"\x89PNG\r\n\x1a\n"
    for item in ("i1", "i2", "i3", "zz"):
        assert client.get(f"/image/{item}?token={TOKEN}").status_code == 404
    assert image_allowed(str(tmp_path / "images" / "a.png"), [tmp_path / "images"]) is not None
    assert image_allowed(str(tmp_path / "secret.png"), [tmp_path / "images"]) is None
    assert image_allowed(None, [tmp_path]) is None and image_allowed(str(tmp_path / "missing.png"), [tmp_path]) is None


def test_headers_forbid_inline_script_and_referrers(served) -> None:
    client, _ = served
    resp = client.get(f"/?token={TOKEN}")
    assert resp.headers["Content-Security-Policy"] == CSP and "script-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert resp.headers["Referrer-Policy"] == "no-referrer" and resp.headers["X-Content-Type-Options"] == "nosniff"
    html = resp.get_data(as_text=True)
    assert "<script src=\"/assets/label.js?token=" in html and "response 0" not in html  # model text never in the HTML
    assert client.get(f"/?token={TOKEN}&labeller=bob").status_code == 200
