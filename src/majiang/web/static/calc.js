// The calculator: a winning hand (picked or typed), a ruleset and its win context -> the score.
// The form is built from the ruleset's scorer (GET /api/calc/fields): one input per context field.
import { t, lang, applyI18n, fanName } from "./i18n.js";
import { navBar } from "./nav.js";
import { tileElement, meldElement, splitHand } from "./tiles.js";
import { el, picker, postJSON, windSelect } from "./picker.js";
import { loadNames, rulesetTitle } from "./names.js";

const app = document.getElementById("app");
const query = new URLSearchParams(location.search);
// Ids and interface strings the page had before its form came from the schema (links and tests use them).
const IDS = { win: "win-by" };
const LABELS = { win: "win_by", last_of_wall: "last_of_wall", last_copy: "last_copy", seat_wind: "seat_wind",
  round_wind: "round_wind", flowers: "flowers" };
const CHOICES = { discard: "discard_win", "self-drawn": "self_draw", "kong-replacement": "kong_replacement",
  "robbing-kong": "robbing" };
const QUERY = { win: "win_by" };  // the query key of a field, where it is not the field's name

function fanTable(r) {
  const rows = el("table", { class: "grid fans", id: "fans" });
  rows.append(el("tr", {}, el("th", {}, t("fan")), el("th", {}, t("value")), el("th", {}, t("melds"))));
  for (const f of r.fans) {
    const melds = el("td", {});
    for (const m of f.melds) {
      try { melds.append(m.startsWith("[") ? meldElement(m) : el("span", { class: "meld" }, ...splitHand(m).tiles.map((x) => tileElement(x, "small")))); }
      catch { melds.append(m + " "); }
    }
    rows.append(el("tr", { "data-fan": f.id }, el("td", {}, fanName(f)),
      el("td", { class: "value" }, f.count > 1 ? `${f.value} × ${f.count} = ${f.points}` : String(f.value)), melds));
  }
  if (r.flowers) rows.append(el("tr", {}, el("td", {}, t("flowers")), el("td", {}, String(r.flowers)), el("td", {})));
  rows.append(el("tr", {}, el("th", {}, t("total")), el("th", { id: "total" }, String(r.total)), el("th", {}, r.meets_minimum ? t("meets") : t("short"))));
  return rows;
}

function label(field) {
  if (LABELS[field.name]) return t(LABELS[field.name]);
  return lang() === "zh" && field.zh ? field.zh : field.help || field.name;
}

// One input for a context field, with its value from the query (or its default); read() gives the JSON value.
function input(field) {
  const id = IDS[field.name] || field.name.replaceAll("_", "-");
  const given = query.get(QUERY[field.name] || field.name);
  if (field.kind === "bool") {
    const box = el("input", { type: "checkbox", id });
    box.checked = given === "true";
    return { node: el("label", {}, box, label(field)), read: () => box.checked };
  }
  let node;
  let read;
  if (field.kind === "wind") {
    node = windSelect(id, given || field.default);
    read = () => node.value;
  } else if (field.kind === "choice") {
    node = el("select", { id });
    for (const c of field.choices) node.append(el("option", { value: c }, CHOICES[c] ? t(CHOICES[c]) : c));
    node.value = given || field.default;
    read = () => node.value;
  } else if (field.kind === "int") {
    const attrs = { type: "number", id, value: given || String(field.default) };
    if (field.minimum !== null) attrs.min = String(field.minimum);
    if (field.maximum !== null) attrs.max = String(field.maximum);
    node = el("input", attrs);
    read = () => Number(node.value || 0);
  } else {  // tiles, in notation
    node = el("input", { type: "text", id, value: given || (field.default || []).join("") });
    read = () => node.value;
  }
  return { node: el("label", {}, label(field), node), read };
}

async function start() {
  const out = el("div", { id: "result" });
  const error = el("div", { class: "error", id: "error" });
  const pick = picker(query.get("hand") || "", () => {});
  const rules = el("select", { id: "rules" });
  const form = el("div", { id: "context" });
  const optionsLine = el("div", { id: "options-line" });
  let inputs = [];
  let profile = null;
  const options = el("input", { type: "text", id: "options", placeholder: "key=value …", value: query.get("options") || "" });

  async function buildForm(name) {
    const schema = await (await fetch(`/api/calc/fields?rules=${encodeURIComponent(name)}`)).json();
    if (schema.error) { error.textContent = `${t("error")}: ${schema.error}`; return; }
    if (!rules.options.length) {
      for (const r of schema.rulesets) rules.append(el("option", { value: r }, rulesetTitle(r)));
    }
    rules.value = schema.rules;
    inputs = schema.fields.map((f) => ({ field: f, ...input(f) }));
    form.replaceChildren(...inputs.map((i) => i.node));
    // A ruleset's profile option (Chinese Official's) keeps a menu of its own; other options are typed.
    const spec = schema.options.find((o) => o.name === "profile" && o.choices.length);
    profile = null;
    const line = [el("label", {}, t("options"), options)];
    if (spec) {
      profile = el("select", { id: "profile" });
      for (const c of spec.choices) profile.append(el("option", { value: c }, c));
      profile.value = query.get("profile") || spec.default;
      line.unshift(el("label", {}, t("profile"), profile));
    }
    optionsLine.replaceChildren(...line);
    applyI18n();
  }

  async function run() {
    error.textContent = "";
    const texts = options.value.split(/[\s,]+/).filter((x) => x);
    if (profile) texts.unshift(`profile=${profile.value}`);
    const body = { hand: pick.input.value, rules: rules.value, options: texts };
    const params = new URLSearchParams({ hand: body.hand, rules: body.rules });
    for (const i of inputs) {
      body[i.field.name] = i.read();
      if (body[i.field.name] !== i.field.default && body[i.field.name] !== false) params.set(QUERY[i.field.name] || i.field.name, String(body[i.field.name]));
    }
    if (profile) params.set("profile", profile.value);
    if (options.value) params.set("options", options.value);
    history.replaceState(null, "", `/calc?${params}`);
    try {
      const r = await postJSON("/api/calc", body);
      const head = el("h2", {}, `${t("total")}: ${r.total}`);
      out.replaceChildren(head, r.fans ? fanTable(r) : el("pre", { id: "explain" }, r.explain));
    } catch (err) { out.replaceChildren(); error.textContent = `${t("error")}: ${err.message}`; }
  }

  rules.addEventListener("change", async () => { await buildForm(rules.value); out.replaceChildren(); });
  const go = el("button", { type: "button", class: "primary", id: "score", onclick: run }, t("score_it"));
  pick.input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") run(); });
  app.replaceChildren(el("h1", {}, t("calc")), el("p", { class: "muted" }, t("hand_notation")), pick.node,
    el("div", {}, el("label", {}, t("rules"), rules)), form, optionsLine, el("p", {}, go), error, out);
  await loadNames();
  await buildForm(query.get("rules") || "mcr");
  if (query.get("hand")) run();
}

navBar(() => location.reload());
start();
