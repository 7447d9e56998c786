// A tile picker shared by the calculator and the coach: click tiles (or type notation) to build a hand.
import { t } from "./i18n.js";
import { KINDS, tileElement, meldElement, splitHand, tileOrder } from "./tiles.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** The picker: a notation field kept in step with clickable tiles; `onChange` after every change. */
export function picker(initial, onChange, { meldButtons = true } = {}) {
  const input = el("input", { id: "notation", size: "40", value: initial, spellcheck: "false", autocomplete: "off" });
  const shown = el("div", { class: "picked", id: "picked" });
  const error = el("div", { class: "error", id: "picker-error" });
  let meld = null; // tiles of a meld being picked, or null
  const meldBox = el("label", {}, el("input", { type: "checkbox", id: "meld-mode" }), "[ ]");

  function parts() {
    try { error.textContent = ""; return splitHand(input.value); } catch (err) { error.textContent = err.message; return null; }
  }
  function write(melds, tiles) {
    input.value = melds.join("") + tiles.join("");
    draw();
    onChange(input.value);
  }
  function draw() {
    const p = parts();
    shown.replaceChildren();
    if (!p) return;
    p.melds.forEach((m, i) => {
      let node;
      try { node = meldElement(m); } catch { node = el("span", {}, m); }
      node.addEventListener("click", () => { p.melds.splice(i, 1); write(p.melds, p.tiles); });
      shown.append(node);
    });
    p.tiles.forEach((x, i) => {
      const node = tileElement(x, i === p.tiles.length - 1 ? "win" : "");
      node.addEventListener("click", () => { p.tiles.splice(i, 1); write(p.melds, p.tiles); });
      shown.append(node);
    });
    if (meld && meld.length) shown.append(el("span", { class: "meld" }, "[", ...meld.map((x) => tileElement(x, "small")), "…"));
  }
  const checkbox = meldBox.querySelector("input");
  checkbox.addEventListener("change", () => {
    if (checkbox.checked) { meld = []; return; }
    const p = parts();
    if (p && meld && meld.length) {
      const tiles = [...meld].sort((a, b) => tileOrder(a) - tileOrder(b));
      p.melds.push("[" + tiles.join("") + "]");
      write(p.melds, p.tiles);
    }
    meld = null;
    draw();
  });
  const palette = el("div", { class: "picker", id: "palette" });
  for (const kind of KINDS) {
    const node = tileElement(kind);
    node.title = kind;
    node.addEventListener("click", () => {
      if (meld) { meld.push(kind); draw(); return; }
      const p = parts();
      if (!p) return;
      p.tiles.push(kind);
      write(p.melds, p.tiles);
    });
    palette.append(node);
  }
  input.addEventListener("input", () => { draw(); onChange(input.value); });
  const clear = el("button", { type: "button", id: "clear", onclick: () => { meld = null; checkbox.checked = false; write([], []); } }, t("clear"));
  const undo = el("button", { type: "button", id: "undo", onclick: () => {
    const p = parts(); if (!p) return;
    if (p.tiles.length) p.tiles.pop(); else p.melds.pop();
    write(p.melds, p.tiles);
  } }, t("undo"));
  draw();
  const controls = el("div", {}, clear, " ", undo, " ", meldButtons ? meldBox : null);
  return { node: el("div", {}, el("div", {}, input), shown, error, palette, controls), input, draw };
}

export async function postJSON(url, body) {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const out = await res.json();
  if (!res.ok) throw new Error(out.error || res.statusText);
  return out;
}

export function windSelect(id, value = "E") {
  const sel = el("select", { id });
  for (const w of ["E", "S", "W", "N"]) sel.append(el("option", { value: w }, t("wind_" + w)));
  sel.value = value;
  return sel;
}

export async function profileSelect(id) {
  const sel = el("select", { id });
  let names = ["mil"];
  try { names = await (await fetch("/api/profiles")).json(); } catch { /* the default profile stays */ }
  for (const n of names) sel.append(el("option", { value: n }, n));
  return sel;
}
