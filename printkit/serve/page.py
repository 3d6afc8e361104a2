"""The page `printkit serve` shows: one HTML shell, its style and its script.

The script listens to the server's event stream: the whole state first (and
again when the page's make-up changes: a deck added or gone, the project's
errors), then, as cards are drawn, only the cards that changed since the last
event, each patched where it is. A card's <img> gets a new src only when its
picture's name changed, so the
browser fetches only changed pictures; a card nothing of which changed is not
touched; a big deck's cards are added a few at a time and laid out only on
screen, so the first ones show while the rest are added; the page tells the
server which cards are on screen (/look, when that changes), and those are
drawn first. Findings come grouped (the same one on many cards is one line),
errors and warnings apart.
"""

from __future__ import annotations

import html as _html


def html(title: str) -> bytes:
    t = _html.escape(title)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{t} · printkit</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body class="guide-trim">
<header>
  <h1 id="title">{t}</h1>
  <span id="status" class="status">connecting…</span>
  <nav>
    <button type="button" id="view-cards" class="on">Cards</button>
    <button type="button" id="view-sheets">Sheets as printed</button>
  </nav>
  <label><input type="checkbox" id="guide-trim" checked> trim line</label>
  <label><input type="checkbox" id="guide-safe"> safe zone</label>
  <label><input type="checkbox" id="show-backs" checked> backs</label>
</header>
<section id="errors" hidden></section>
<section id="found-errors" class="found" hidden></section>
<section id="found-warnings" class="found" hidden></section>
<main id="cards"></main>
<main id="sheets" hidden></main>
<section id="parts"></section>
<dialog id="large">
  <form method="dialog"><button type="submit" class="close">close</button></form>
  <div id="large-body"></div>
</dialog>
</body>
</html>
""".encode()


STYLE = """
:root { --ink: #222; --muted: #777; --bad: #b00020; --warn: #8a5a00; --bg: #f4f2ee; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: var(--ink); background: var(--bg); }
header { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: 1em; align-items: center;
         padding: .6em 1em; background: #fff; border-bottom: 1px solid #ddd; }
header h1 { font-size: 1.2em; margin: 0; }
nav button { border: 1px solid #bbb; background: #fff; padding: .2em .7em; border-radius: 3px; cursor: pointer; }
nav button.on { background: #333; color: #fff; }
.status { color: var(--muted); font-size: .9em; }
#errors { margin: 1em; padding: .6em 1em; border: 2px solid var(--bad); background: #fff0f2; }
#errors h2, .found h2 { margin: 0 0 .3em; font-size: 1em; }
.found { margin: 1em; padding: .6em 1em; max-height: 16em; overflow: auto; }
#found-errors { border: 2px solid var(--bad); background: #fff6f7; color: var(--bad); }
#found-warnings { border: 1px solid #e2c98f; background: #fffaf0; color: var(--warn); }
.found a { color: inherit; margin-right: .4em; }
.found .code, .card .code { color: var(--muted); font-size: .85em; }
.deck { margin: 1em; }
.deck h2 { font-size: 1.05em; }
.grid { display: flex; flex-wrap: wrap; gap: 12px; }
.card { display: flex; flex-wrap: wrap; gap: 4px; width: 314px; margin: 0; padding: 4px; background: #fff; border: 1px solid #ddd; border-radius: 4px; cursor: zoom-in; align-content: flex-start; }
body:not(.show-backs) .card { width: 160px; }
.card.bad { border-color: var(--bad); box-shadow: 0 0 0 1px var(--bad); }
.card.stale img, .part.stale img { opacity: .45; filter: grayscale(1); }
.card.pending img { opacity: .6; }
.badge { display: inline-block; margin-left: .4em; padding: 0 .4em; border-radius: 3px; font-size: .85em; }
.badge.stale { background: var(--bad); color: #fff; }
.card figcaption { flex-basis: 100%; font-size: .8em; color: var(--muted); }
.card figcaption .name { color: var(--ink); font-weight: 600; }
.side { position: relative; width: 150px; }
.side img { display: block; width: 100%; height: auto; background: #eee; }
.card { content-visibility: auto; contain-intrinsic-size: auto 314px auto 260px; }  /* cards off screen cost no layout */
.guide { position: absolute; pointer-events: none; display: none; }
.guide.trim { border: 1px solid rgba(220, 0, 40, .9); }
.guide.safe { border: 1px dashed rgba(0, 90, 220, .9); }
body.guide-trim .guide.trim, body.guide-safe .guide.safe { display: block; }
body:not(.show-backs) .side.back { display: none; }
.card ul { margin: 2px 0 0; padding-left: 1.2em; color: var(--bad); }
.card li.warning { color: var(--warn); }
.part { margin: 1em; }
.pages img, .sheetpages img { width: 420px; max-width: 100%; margin: 0 8px 8px 0; border: 1px solid #ccc; background: #fff; }
dialog { max-width: 95vw; max-height: 95vh; overflow: auto; }
dialog .close { float: right; }
#large-body { display: flex; gap: 1em; flex-wrap: wrap; align-items: flex-start; }
#large-body .side { width: auto; }
#large-body table { border-collapse: collapse; font-size: .9em; }
#large-body td, #large-body th { border: 1px solid #ddd; padding: 2px 6px; text-align: left; vertical-align: top; }
"""


SCRIPT = r"""
"use strict";
let state = null;
let view = "cards";
const $ = (id) => document.getElementById(id);
const el = (tag, props, ...kids) => {
  const e = document.createElement(tag);
  Object.assign(e, props || {});
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
};

function guides(side, deck) {
  // trim line and safe zone over a picture of card + bleed, in % of its size
  const [tw, th] = deck.trim_mm, b = deck.bleed_mm, s = deck.safe_mm;
  const W = tw + 2 * b, H = th + 2 * b;
  const box = (cls, inset) => {
    const g = el("div", { className: "guide " + cls });
    g.style.left = (100 * inset / W) + "%"; g.style.right = (100 * inset / W) + "%";
    g.style.top = (100 * inset / H) + "%"; g.style.bottom = (100 * inset / H) + "%";
    return g;
  };
  side.append(box("trim", b), box("safe", b + s));
}

function findingText(f) {
  const where = [f.row, f.column ? "column " + f.column : "", f.element].filter(Boolean).join(", ");
  return (where ? where + ": " : "") + f.message + " [" + f.code + "]";
}

const plural = (n, word) => n + " " + word + (n === 1 ? "" : "s");

function cardNode(deck, c) {
  const fig = el("figure", { className: "card", id: "card-" + deck.name + "-" + c.n });
  fig.dataset.key = deck.name + ":" + c.n;
  for (const which of ["front", "back"]) {
    const side = el("div", { className: "side " + which });
    const img = el("img", { alt: deck.title + " card " + c.n + " " + which, decoding: "async" });
    img.style.aspectRatio = (deck.trim_mm[0] + 2 * deck.bleed_mm) + " / " + (deck.trim_mm[1] + 2 * deck.bleed_mm);  // its place kept before it loads
    if (which === "front") img.dataset.card = deck.name + ":" + c.n; else img.dataset.back = deck.name + ":" + c.n;
    side.append(img);
    guides(side, deck);
    fig.append(side);
  }
  fig.append(el("figcaption", {}));
  fig.addEventListener("click", () => openLarge(deck.name, c.n));
  patchCard(fig, deck, c);
  screen.observe(fig);
  return fig;
}

// The cards on screen: the server hears of them when they change (scrolled,
// resized, cards added) and draws them first.
const onScreen = new Set();
let lookTimer = 0, looked = "";
const screen = new IntersectionObserver((entries) => {
  for (const e of entries) if (e.isIntersecting) onScreen.add(e.target); else onScreen.delete(e.target);
  clearTimeout(lookTimer);
  lookTimer = setTimeout(look, 60);
});

function look() {
  const range = new Map();
  for (const fig of onScreen) {
    if (!fig.isConnected) { onScreen.delete(fig); continue; }
    const [deck, n] = [fig.dataset.key.slice(0, fig.dataset.key.lastIndexOf(":")), +fig.dataset.key.slice(fig.dataset.key.lastIndexOf(":") + 1)];
    const [lo, hi] = range.get(deck) || [n, n];
    range.set(deck, [Math.min(lo, n), Math.max(hi, n)]);
  }
  const q = [...range].map(([deck, [lo, hi]]) => encodeURIComponent(deck) + "=" + lo + "-" + hi).sort().join("&");
  if (q === looked || view !== "cards") return;
  looked = q;
  fetch("/look?" + q).then((r) => r.text()).catch(() => { looked = ""; });
}

function patchCard(fig, deck, c) {
  const whole = c.front + " " + c.back + " " + c.name + " " + c.place + " " + !!c.pending + " " + !!deck.stale + " " + JSON.stringify(c.findings);
  if (fig.dataset.whole === whole) return;  // nothing of this card changed
  fig.dataset.whole = whole;
  const [front, back] = fig.querySelectorAll("img");
  const f = c.front ? "/img/" + c.front + ".png" : "";
  const b = c.back ? "/img/" + c.back + ".png" : "";
  if (f && front.getAttribute("src") !== f) front.setAttribute("src", f);
  if (b && back.getAttribute("src") !== b) back.setAttribute("src", b);
  const cap = fig.querySelector("figcaption");
  const text = "#" + c.n + " · " + (c.name ? c.name + " · " : "") + c.place;
  const sig = JSON.stringify(c.findings) + (deck.stale ? " stale" : "");
  if (cap.dataset.sig !== sig || cap.dataset.text !== text) {
    cap.dataset.sig = sig; cap.dataset.text = text;
    const line = el("div", {}, "#" + c.n + " · ");
    if (c.name) line.append(el("span", { className: "name", textContent: c.name }), " · ");
    line.append(c.place);
    if (deck.stale) line.append(el("span", { className: "badge stale", textContent: "stale", title: "the project cannot be read as saved: this is the last good picture" }));
    cap.replaceChildren(line);
    if (c.findings.length) cap.append(el("ul", {}, ...c.findings.map((f) => el("li", { className: f.severity, textContent: findingText(f) }))));
    fig.classList.toggle("bad", c.findings.some((f) => f.severity === "error"));
  }
  fig.classList.toggle("stale", !!deck.stale);
  fig.classList.toggle("pending", !!c.pending);
}

// A deck's cards are put on the page a few at a time (FIRST at once, then GROW a
// frame), so that the first cards show while the others are still being added.
const FIRST = 24, GROW = 48;
let growing = false;

function renderDecks() {
  const main = $("cards");
  const have = new Map([...main.querySelectorAll(":scope > .deck")].map((d) => [d.dataset.deck, d]));
  const order = [];
  for (const deck of state.decks) {
    let sec = have.get(deck.name);
    const shape = deck.cards.length + "|" + deck.trim_mm + "|" + deck.bleed_mm + "|" + deck.safe_mm;
    if (!sec || sec.dataset.shape !== shape) {
      const fresh = el("section", { className: "deck" }, el("h2", { textContent: deck.title + " (" + deck.cards.length + " cards)" }), el("div", { className: "grid" }));
      fresh.dataset.deck = deck.name; fresh.dataset.shape = shape;
      if (sec) sec.replaceWith(fresh);
      sec = fresh;
    }
    const grid = sec.querySelector(".grid");
    const figs = grid.children;
    for (let i = 0; i < figs.length; i++) patchCard(figs[i], deck, deck.cards[i]);
    addCards(grid, deck, FIRST);
    order.push(sec);
  }
  if (order.length !== main.children.length || order.some((sec, i) => main.children[i] !== sec)) main.replaceChildren(...order);
  if (!growing && state.decks.some((d, i) => order[i].querySelector(".grid").children.length < d.cards.length)) {
    growing = true;
    setTimeout(grow, 0);
  }
}

function addCards(grid, deck, most) {
  const start = grid.children.length, end = Math.min(deck.cards.length, start + most);
  if (start >= end) return false;
  const frag = document.createDocumentFragment();
  for (let i = start; i < end; i++) frag.append(cardNode(deck, deck.cards[i]));
  grid.append(frag);
  return end < deck.cards.length;
}

function grow() {
  let more = false;
  for (const sec of $("cards").children) {
    const deck = state.decks.find((d) => d.name === sec.dataset.deck);
    if (deck) more = addCards(sec.querySelector(".grid"), deck, GROW) || more;
  }
  if (more) setTimeout(grow, 0); else growing = false;
}

function renderParts() {
  const box = $("parts");
  const sig = JSON.stringify(state.parts);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren(...state.parts.map((p) => {
    const sec = el("section", { className: "part" + (p.stale ? " stale" : "") }, el("h2", { textContent: p.title }));
    if (p.stale) sec.querySelector("h2").append(el("span", { className: "badge stale", textContent: "stale" }));
    sec.dataset.part = p.name;
    sec.append(el("div", { className: "pages" }, ...p.pages.map((name, i) => el("img", { src: "/img/" + name + ".png", alt: p.title + " page " + (i + 1) }))));
    return sec;
  }));
}

function renderProblems() {
  const errs = $("errors");
  errs.hidden = state.errors.length === 0;
  errs.replaceChildren(el("h2", { textContent: "The project cannot be read as saved: the cards shown are the last good ones" }),
    el("ul", {}, ...state.errors.map((e) => el("li", { className: "error", textContent: (e.file ? e.file + (e.line ? " line " + e.line : "") + ": " : "") + e.message }))));
  const cardsOf = new Set(state.decks.map((d) => d.name));
  for (const [id, groups, word] of [["found-errors", state.groups.errors, "error"], ["found-warnings", state.groups.warnings, "warning"]]) {
    const box = $(id);
    const sig = JSON.stringify(groups) + state.errors.length;
    if (box.dataset.sig === sig) continue;
    box.dataset.sig = sig;
    box.hidden = groups.length === 0;
    const n = groups.reduce((a, g) => a + Math.max(1, g.places.length), 0);
    const head = el("h2", { textContent: plural(n, word) + (word === "error" ? " · make would refuse this" : " · make prints, and says so") +
                                         (state.errors.length ? " (as of the last save that could be read)" : "") });
    const items = groups.slice(0, 300).map((g) => {
      const li = el("li", { className: g.severity });
      const many = g.places.filter((x) => x !== "");
      const onCards = cardsOf.has(g.part) && many.length > 0;
      li.append(g.title + " · ");
      if (many.length > 1 || (many.length && g.noun !== "place")) li.append(plural(many.length, g.noun) + ": ");
      li.append(g.message + " ", el("span", { className: "code", textContent: "[" + g.code + "]" }));
      if (onCards) {
        const links = el("div", { className: "where" });
        for (const n of many.slice(0, 24)) links.append(el("a", { href: "#card-" + g.part + "-" + n, textContent: "#" + n }));
        if (many.length > 24) links.append("…");
        li.append(links);
      } else if (many.length) {
        li.append(el("div", { className: "where", textContent: many.slice(0, 12).join("; ") + (many.length > 12 ? "; …" : "") }));
      }
      return li;
    });
    box.replaceChildren(head, el("ul", {}, ...items));
  }
}

async function renderSheets() {
  const box = $("sheets");
  const want = state.decks.map((d) => d.name + "/" + d.key).join(" ");
  if (box.dataset.want === want) return;
  box.dataset.want = want;
  const secs = [];
  for (const deck of state.decks) {
    const sec = el("section", { className: "deck" }, el("h2", { textContent: deck.title + ": the sheets as they print" }));
    secs.push(sec);
    try {
      const r = await fetch("/sheets/" + deck.name + "/" + deck.key);
      if (!r.ok) continue;
      const { pages } = await r.json();
      const div = el("div", { className: "sheetpages" });
      for (let i = 1; i <= pages; i++) div.append(el("img", { src: "/sheet/" + deck.name + "/" + deck.key + "/" + i + ".png", alt: "page " + i, loading: "lazy" }));
      sec.append(div);
    } catch (e) { /* the next state tries again */ }
  }
  if (box.dataset.want === want) box.replaceChildren(...secs);
}

function openLarge(deckName, n) {
  const deck = state.decks.find((d) => d.name === deckName);
  const c = deck && deck.cards[n - 1];
  if (!c) return;
  const W = deck.trim_mm[0] + 2 * deck.bleed_mm, H = deck.trim_mm[1] + 2 * deck.bleed_mm;
  const body = $("large-body");
  body.replaceChildren();
  for (const which of ["front", "back"]) {
    if (!c[which]) continue;
    const side = el("div", { className: "side" });
    const img = el("img", { src: "/large/" + c[which] + ".png", alt: which });
    img.style.width = W + "mm"; img.style.height = H + "mm";   // print size
    side.append(img);
    guides(side, deck);
    body.append(side);
  }
  const rows = Object.entries(c.row).map(([k, v]) => el("tr", {}, el("th", { textContent: k }), el("td", { textContent: v })));
  body.append(el("div", {}, el("h3", { textContent: deck.title + " card " + c.n + " · " + c.place }), el("table", {}, ...rows),
    c.findings.length ? el("ul", {}, ...c.findings.map((f) => el("li", { textContent: findingText(f) }))) : null));
  $("large").showModal();
}

function apply(next) {
  state = next;
  document.title = state.title + " · printkit";
  $("title").textContent = state.title;
  renderProblems();
  renderDecks();
  renderParts();
  if (view === "sheets") renderSheets();
  showStatus();
}

// Only what changed since the version the page shows: each deck's heading and
// its changed cards, patched in place; the grouped findings when they changed.
function applyCards(delta) {
  if (!state || delta.from > state.version) return false;
  state.version = delta.version; state.busy = delta.busy; state.title = delta.title;
  const grids = new Map([...$("cards").querySelectorAll(":scope > .deck")].map((sec) => [sec.dataset.deck, sec.querySelector(".grid")]));
  for (const change of delta.decks) {
    const deck = state.decks.find((d) => d.name === change.name);
    if (!deck) return false;
    const staleWas = deck.stale;
    for (const k of ["key", "back_key", "findings", "stale"]) deck[k] = change[k];
    for (const c of change.cards) deck.cards[c.n - 1] = c;
    if (!grids.has(deck.name)) return false;
    const figs = grids.get(deck.name).children;
    if (staleWas !== deck.stale) for (let i = 0; i < figs.length; i++) patchCard(figs[i], deck, deck.cards[i]);
    else for (const c of change.cards) if (figs[c.n - 1]) patchCard(figs[c.n - 1], deck, c);
  }
  if (delta.groups) { state.groups = delta.groups; renderProblems(); }
  if (view === "sheets") renderSheets();
  showStatus();
  return true;
}

function showStatus() {
  document.title = state.title + " · printkit";
  $("title").textContent = state.title;
  const cards = state.decks.reduce((a, d) => a + d.cards.length, 0);
  const busy = state.busy ? " · drawing " + state.busy.deck + ": " + state.busy.drawn + " of " + state.busy.of : "";
  $("status").textContent = "live · " + cards + " cards" + busy + " · version " + state.version;
  document.body.dataset.version = state.version;
}

function setView(v) {
  view = v;
  $("cards").hidden = v !== "cards";
  $("sheets").hidden = v !== "sheets";
  $("view-cards").classList.toggle("on", v === "cards");
  $("view-sheets").classList.toggle("on", v === "sheets");
  if (v === "sheets" && state) renderSheets();
}

function start() {
  for (const [box, cls] of [["guide-trim", "guide-trim"], ["guide-safe", "guide-safe"], ["show-backs", "show-backs"]]) {
    const sync = () => document.body.classList.toggle(cls, $(box).checked);
    $(box).addEventListener("change", sync); sync();
  }
  $("view-cards").addEventListener("click", () => setView("cards"));
  $("view-sheets").addEventListener("click", () => setView("sheets"));
  listen();
}

function listen() {
  // the stream's first event is the whole state; a change it cannot be patched
  // with (none expected) opens the stream again, which starts with the whole state
  const events = new EventSource("/events");
  events.addEventListener("state", (e) => apply(JSON.parse(e.data)));
  events.addEventListener("cards", (e) => { if (!applyCards(JSON.parse(e.data))) { events.close(); listen(); } });
  events.onerror = () => { $("status").textContent = "reconnecting…"; };
}

start();
"""
STYLE_BYTES = STYLE.encode()
SCRIPT_BYTES = SCRIPT.encode()
