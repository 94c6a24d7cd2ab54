// medtrust label page. Model text is only ever set with textContent (never innerHTML), and the
// automatic verdicts of an item arrive only in the answer to its label (no anchoring).
"use strict";
(function () {
  const body = document.body;
  const token = body.dataset.token;
  const labeller = body.dataset.labeller;
  const $ = (id) => document.getElementById(id);
  let current = null;  // the item on screen
  let busy = false;

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }

  function url(path) {
    return path + (path.includes("?") ? "&" : "?") + "labeller=" + encodeURIComponent(labeller);
  }

  async function call(method, path, payload) {
    const opts = { method: method, headers: { "X-Medtrust-Token": token } };
    if (payload !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(Object.assign({ labeller: labeller }, payload));
    }
    const resp = await fetch(url(path), opts);
    if (!resp.ok) {
      let detail = "";
      try { detail = (await resp.json()).detail || ""; } catch (e) { /* not JSON */ }
      throw new Error(resp.status + " " + resp.statusText + (detail ? ": " + detail : ""));
    }
    return resp.json();
  }

  function status(text, isError) {
    const s = $("status");
    s.textContent = text || "";
    s.className = "status" + (isError ? " error" : "");
  }

  function buildChoices(st) {
    const box = $("choices");
    box.replaceChildren();
    st.labels.forEach((lab, i) => {
      const b = el("button");
      b.type = "button";
      b.dataset.label = lab;
      b.id = "choice-" + lab;
      const title = el("b");
      title.append(el("kbd", String(i + 1)), document.createTextNode(" " + st.label_text[lab] + " "));
      if (st.shortcuts[lab]) title.append(el("kbd", st.shortcuts[lab].toUpperCase()));
      b.append(title, el("small", st.help[lab] || ""));
      b.addEventListener("click", () => submit(lab));
      box.append(b);
    });
    const keys = st.labels.map((lab, i) => (i + 1) + (st.shortcuts[lab] ? "/" + st.shortcuts[lab].toUpperCase() : "") + " " + st.label_text[lab]);
    $("keys").textContent = "Keys: " + keys.join(" · ") + " · U or Ctrl+Z undo · Esc leaves the note";
  }

  function showLast(last, st) {
    const box = $("last");
    if (!last) { box.hidden = true; return; }
    box.hidden = false;
    const text = st.label_text || {};
    $("last-line").textContent = "Item " + last.position + ": you said " + (text[last.label] || last.label) +
      (last.note ? " (note: " + last.note + ")" : "") + ".";
    const ul = $("verdicts");
    ul.replaceChildren();
    Object.entries(last.verdicts || {}).forEach(([judge, v]) => {
      const same = v === last.label;
      const li = el("li");
      li.append(el("span", judge + (judge === last.primary_judge ? " (the run's judge)" : "") + ": "),
                el("span", v === null ? "no verdict" : (text[v] || v), v === null ? "" : (same ? "same" : "differs")));
      ul.append(li);
    });
  }

  function showKappa(agreement) {
    const box = $("kappa");
    box.replaceChildren();
    if (!agreement || !agreement.pairs || agreement.pairs.length === 0) return;
    const t = el("table", null, "kappa");
    const head = el("tr");
    ["labeller A", "labeller B", "items both labelled", "agreement", "Cohen's kappa"].forEach((h) => head.append(el("th", h)));
    t.append(head);
    agreement.pairs.forEach((p) => {
      const tr = el("tr");
      [p.a, p.b, p.n, p.agreement === null ? "n/a" : p.agreement.toFixed(3), p.kappa === null ? "n/a" : Number(p.kappa).toFixed(3)]
        .forEach((v) => tr.append(el("td", v)));
      t.append(tr);
    });
    box.append(el("h3", "Agreement between labellers"), t);
  }

  function render(st) {
    if (!$("choices").childElementCount) buildChoices(st);
    const p = st.progress;
    $("progress-text").textContent = p.done + " / " + p.total + " labelled";
    $("bar-fill").style.width = (p.total ? (100 * p.done / p.total) : 0) + "%";
    showLast(st.last, st);
    current = st.item;
    if (st.done) {
      $("item").hidden = true;
      $("done").hidden = false;
      showKappa(st.agreement);
      return;
    }
    $("done").hidden = true;
    $("item").hidden = false;
    const it = st.item;
    $("position").textContent = "Item " + st.position + " of " + p.total;
    $("benchmark").textContent = it.benchmark || "";
    $("prompt").textContent = it.prompt;
    $("response").textContent = it.response;
    $("reference-box").hidden = !it.reference;
    $("reference").textContent = it.reference || "";
    const img = $("image");
    if (it.image) {
      img.src = "/image/" + encodeURIComponent(it.id) + "?token=" + encodeURIComponent(token);
      $("figure").hidden = false;
      $("no-image").hidden = true;
    } else {
      img.removeAttribute("src");
      $("figure").hidden = true;
      $("no-image").hidden = !it.has_image;
    }
    $("note").value = "";
  }

  async function submit(label) {
    if (busy || !current) return;
    busy = true;
    document.querySelectorAll("#choices button").forEach((b) => { b.disabled = true; });
    try {
      const res = await call("POST", "/api/label", { item: current.id, label: label, note: $("note").value });
      status("Saved.");
      render(res.state);
    } catch (e) {
      status("Not saved: " + e.message, true);
    } finally {
      busy = false;
      document.querySelectorAll("#choices button").forEach((b) => { b.disabled = false; });
    }
  }

  async function undo() {
    if (busy) return;
    busy = true;
    try {
      const res = await call("POST", "/api/undo", {});
      status(res.undone ? "Undone: the label of that item is removed." : "Nothing to undo.");
      render(res.state);
      if (res.undone && res.undone.note) $("note").value = res.undone.note;
    } catch (e) {
      status("Undo failed: " + e.message, true);
    } finally {
      busy = false;
    }
  }

  document.addEventListener("keydown", (ev) => {
    const typing = document.activeElement && document.activeElement.tagName === "TEXTAREA";
    if (ev.key === "Escape" && typing) { document.activeElement.blur(); return; }
    if (typing || ev.altKey || ev.metaKey) return;
    if (ev.ctrlKey) {
      if (ev.key === "z") { ev.preventDefault(); undo(); }
      return;
    }
    const buttons = Array.from(document.querySelectorAll("#choices button"));
    const n = parseInt(ev.key, 10);
    if (n >= 1 && n <= buttons.length) { ev.preventDefault(); submit(buttons[n - 1].dataset.label); return; }
    const k = ev.key.toLowerCase();
    if (k === "u") { ev.preventDefault(); undo(); return; }
    const hit = buttons.find((b) => (b.querySelectorAll("kbd")[1] || {}).textContent === k.toUpperCase());
    if (hit) { ev.preventDefault(); submit(hit.dataset.label); }
  });
  $("undo").addEventListener("click", undo);

  call("GET", "/api/state").then(render).catch((e) => status("Cannot load: " + e.message, true));
})();
