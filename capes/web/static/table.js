// The table page: one websocket, the seat's view, the decision as buttons, the log. No framework.
// The seat's token comes from the join link's #fragment (never sent in a URL to the server),
// is kept in sessionStorage (this tab, survives reload) and localStorage (coming back later).

const root = document.getElementById("table");
const tableId = root.dataset.table;
const $ = (id) => document.getElementById(id);
const key = `capes-seat-${tableId}`;
const watching = new URLSearchParams(location.search).has("watch");

function takeToken() {
  if (watching) return null;
  const frag = decodeURIComponent(location.hash.slice(1));
  if (frag) {
    sessionStorage.setItem(key, frag);
    localStorage.setItem(key, frag);
    history.replaceState(null, "", location.pathname + location.search); // off the address bar
    return frag;
  }
  return sessionStorage.getItem(key) || localStorage.getItem(key);
}

let token = takeToken();
let ws = null;
let n = -1;          // the action count the page shows
let mySeat = null;
let pending = false; // an action sent, its update not yet back
let retry = 0;
let fatal = false;
let hintsAllowed = false; // the table lets this seat ask for hints
let hintFor = -1;         // the action count the shown hint was for
const baseTitle = document.title;

function el(tag, attrs = {}, text = "") {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

function setConn(text, cls) {
  const c = $("conn");
  c.textContent = text;
  c.className = `conn ${cls}`;
}

function showError(message) {
  const e = $("error");
  e.textContent = message;
  e.hidden = !message;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${tableId}`);
  setConn(retry ? "reconnecting…" : "connecting…", "wait");
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token }));
  ws.onmessage = (ev) => handle(parseFrame(ev.data));
  ws.onclose = () => {
    pending = false;
    if (fatal) { setConn("disconnected", "off"); return; }
    setConn("reconnecting…", "off");
    document.querySelectorAll("#options button").forEach((b) => { b.disabled = true; });
    const delay = Math.min(2000, 250 * 2 ** retry++);
    setTimeout(connect, delay);
  };
}

// A frame is a JSON message; when the board changed, the message lists its pieces ("parts"): the place of a
// piece this page holds (1 for the first), or minus the length of a new one (in UTF-16 code units, as JavaScript
// counts), whose text follows the first newline, in order.
// The board is the pieces joined; the page keeps them for the next update (a new socket starts with none).
let pieces = [];

function parseFrame(data) {
  const i = data.indexOf("\n");
  const msg = JSON.parse(i < 0 ? data : data.slice(0, i));
  if (msg.parts) {
    const next = [];
    let at = i + 1;
    for (const p of msg.parts) {
      if (p > 0) next.push(pieces[p - 1]);
      else { next.push(data.slice(at, at - p)); at -= p; }
    }
    pieces = next;
    msg.board = next.join("");
  }
  return msg;
}

// The text version of a drawn table and the glossary are sent only while they are open on the page.
let textOpen = false;
let glossaryOpen = false;

function sendShow() {
  if (ws && ws.readyState === WebSocket.OPEN) {
    ws.send(JSON.stringify({ type: "show", text: textOpen, glossary: glossaryOpen }));
  }
}

function handle(msg) {
  if (msg.type === "welcome") {
    retry = 0;
    pieces = []; // a new socket: the server sends every piece again
    mySeat = msg.seat;
    setConn("live", "on");
    $("you").textContent = mySeat === null ? "watching" : `you play ${msg.seat_name}`;
    hintsAllowed = !!msg.hints;
    $("log").replaceChildren();
    if (msg.log_omitted) $("log").append(el("li", { class: "omitted" }, `(${msg.log_omitted} earlier lines not shown)`));
    if (textOpen || glossaryOpen) sendShow();
  } else if (msg.type === "state") {
    pending = false;
    showState(msg);
  } else if (msg.type === "text") {
    const pre = document.querySelector("#board details.text-alt pre.render");
    if (pre && msg.n === n) pre.textContent = msg.text;
  } else if (msg.type === "glossary") {
    if (msg.n === n) showGlossary(msg.glossary || {});
  } else if (msg.type === "hint") {
    if (msg.n === n) showHint(msg);
  } else if (msg.type === "reason") {
    appendReason(msg);
  } else if (msg.type === "seats") {
    showSeats(msg.seats);
  } else if (msg.type === "error") {
    pending = false;
    if ($("hint-text").textContent === "thinking…") { $("hint-text").textContent = ""; $("hint").disabled = false; }
    showError(msg.message);
    if (msg.fatal) {
      fatal = true;
      if (token && msg.message.includes("opens no seat")) {
        sessionStorage.removeItem(key);
        localStorage.removeItem(key);
      }
    }
    enableOptions();
  }
}

function showState(m) {
  n = m.n;
  if (m.board !== undefined) { // absent: unchanged since the last update
    // server-built HTML: the game's escaped text render or its own drawing
    $("board").innerHTML = m.board;
    const alt = document.querySelector("#board details.text-alt");
    if (alt && textOpen) alt.open = true; // keeps the text version open across updates
  }
  showTurn(m);
  showDecision(m.decision || {});
  showHintBar(m);
  showSeats(m.seats || []);
  appendLog(m.log || [], m.rules || {});
  showResult(m);
  root.dataset.n = String(n);
}

function showTurn(m) {
  const d = m.decision || {};
  const t = $("turn");
  const st = $("status");
  st.hidden = m.status !== "broken";
  st.textContent = m.status === "broken" ? `This table is broken: ${m.note}` : "";
  document.title = baseTitle;
  if (m.status === "broken") { t.textContent = ""; return; }
  if (m.result || d.seat === null || d.seat === undefined) { t.textContent = "The game is over."; t.className = "turn"; return; }
  const mine = mySeat !== null && d.seat === mySeat;
  document.title = `${mine ? "▶ Your turn — " : ""}${baseTitle}`;
  if (mine) {
    t.textContent = d.secret ? "Your secret choice — the others cannot see it." : "Your turn.";
    t.className = "turn mine";
  } else if (d.secret) {
    t.textContent = `${d.actor} is choosing secretly…`;
    t.className = "turn";
  } else {
    t.textContent = `Waiting for ${d.actor}.`;
    t.className = "turn";
  }
}

function showDecision(d) {
  $("prompt").textContent = d.prompt || "";
  const box = $("options");
  box.replaceChildren();
  // one heading per group, groups in the order they first appear (options keep their order within a group),
  // as the terminal numbers them; options without a group stay at the top level, in their place
  const groups = new Map();
  for (const o of d.options || []) {
    let list = box;
    if (o.group) {
      list = groups.get(o.group);
      if (!list) {
        list = el("div", { class: "group", role: "group", "aria-label": o.group });
        list.append(el("h3", {}, o.group));
        box.append(list);
        groups.set(o.group, list);
      }
    }
    list.append(el("button", { type: "button", "data-option": o.id, title: o.id }, o.label));
  }
  enableOptions();
}

// Hints: what the hard bot would choose for this seat now, and why; the choice stays the player's.
function showHintBar(m) {
  const d = m.decision || {};
  const mine = mySeat !== null && d.seat === mySeat && !m.result && m.status !== "broken";
  $("hint-bar").hidden = !(hintsAllowed && mine);
  if (hintFor !== n) { $("hint-text").textContent = ""; $("hint").disabled = false; }
}

function showHint(h) {
  hintFor = h.n;
  $("hint").disabled = false;
  $("hint-text").textContent = `The ${h.level} bot would choose “${h.label}”` + (h.reason ? ` — ${h.reason}` : ".");
  document.querySelectorAll("[data-option].hinted").forEach((b) => b.classList.remove("hinted"));
  for (const b of document.querySelectorAll("[data-option]")) if (b.dataset.option === h.option) b.classList.add("hinted");
}

function askHint() {
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  $("hint").disabled = true;
  $("hint-text").textContent = "thinking…";
  ws.send(JSON.stringify({ type: "hint", n }));
}

function appendReason(r) {
  const li = el("li", { class: "reason" }, `${r.seat_name} (bot): ${r.text}`);
  $("log").append(li);
}

function enableOptions() {
  document.querySelectorAll("[data-option]").forEach((b) => {
    if (b.tagName === "BUTTON") b.disabled = pending;
  });
}

function send(option) {
  if (pending || !ws || ws.readyState !== WebSocket.OPEN) return;
  pending = true;
  showError(""); // an error stays until the next click, so that it can be read
  enableOptions();
  ws.send(JSON.stringify({ type: "act", n, option }));
}

root.addEventListener("click", (ev) => {
  if (ev.target.id === "hint") { ev.preventDefault(); askHint(); return; }
  const t = ev.target.closest("[data-option]");
  if (t && root.contains(t)) { ev.preventDefault(); send(t.dataset.option); }
});

function showSeats(seats) {
  const ul = $("seats");
  ul.replaceChildren();
  for (const s of seats) {
    const li = el("li", { class: `seat ${s.connected ? "online" : "offline"}` });
    li.append(el("span", { class: "dot", "aria-hidden": "true" }, "●"));
    const who = s.kind === "human" ? (s.connected ? "connected" : "not connected") : `bot (${s.kind})`;
    li.append(document.createTextNode(` ${s.name} — ${who}${s.seat === mySeat ? " (you)" : ""}`));
    ul.append(li);
  }
}

function appendLog(entries, rules) {
  const ol = $("log");
  const atEnd = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 40;
  for (const [rule, text] of entries) {
    const li = el("li");
    const a = el("a", { href: `/rules/${rule}`, target: "_blank", rel: "noopener", class: "rule", title: rules[rule] || rule }, rule);
    li.append(a, document.createTextNode(" " + text));
    ol.append(li);
  }
  while (ol.children.length > 1500) ol.firstElementChild.remove();
  if (atEnd || entries.length) ol.scrollTop = ol.scrollHeight;
}

function showGlossary(g) {
  const names = Object.keys(g);
  const dl = $("glossary-list");
  dl.replaceChildren();
  if (!names.length) dl.append(el("dt", {}, "Nothing to explain here yet."));
  for (const name of names.sort()) dl.append(el("dt", {}, name), el("dd", {}, g[name]));
}

// toggle does not bubble: listen in the capture phase, for the drawing's text version and the glossary
root.addEventListener("toggle", (ev) => {
  const t = ev.target;
  if (t.id === "glossary") {
    if (glossaryOpen === t.open) return;
    glossaryOpen = t.open;
  } else if (t.classList && t.classList.contains("text-alt") && t.isConnected) {
    if (textOpen === t.open) return; // (re)opened by a new board: its text comes with the update
    textOpen = t.open;
  } else return;
  sendShow();
}, true);

function showResult(m) {
  const r = $("result");
  if (!m.result) { r.hidden = true; return; }
  r.hidden = false;
  r.replaceChildren(el("h2", {}, "Result"));
  if (m.result.summary) r.append(el("p", {}, m.result.summary));
  const ul = el("ul");
  for (const s of m.result.seats) ul.append(el("li", {}, `${s.name}: ${s.outcome} (${s.score})`));
  const a = el("a", { href: `/t/${tableId}/save`, download: "", id: "save" }, "Download the save (capes replay reads it)");
  r.append(ul, a);
}

connect();
