// The account in the nav bar of every page (docs/web.md, "Accounts"): log in or sign up with a name and a
// password, the server's refusal shown beside the form; once logged in, the name and Log out. Pages that
// show something per account (the lobby's "My tables") listen for the "majiang-account" event on window.
import { t, lang } from "./i18n.js";

let name = null;      // the logged-in account's name, null for a guest
let known = false;    // whether /api/me has answered yet
let refusal = null;   // the last refusal: {status, error, name} (shown again in the other language)
let formOpen = false;
let box = null;       // the nav bar's account element

function make(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** The logged-in account's name, or null (a guest, or not known yet). */
export function accountName() { return name; }

/** Whether the server has said who this is yet. */
export function accountKnown() { return known; }

function announce() { window.dispatchEvent(new CustomEvent("majiang-account", { detail: { name } })); }

/** Ask the server who this browser is (`GET /api/me`), redraw the nav bar and announce it. */
export async function refreshAccount() {
  try {
    const res = await fetch("/api/me");
    const body = await res.json();
    name = res.ok && typeof body.name === "string" ? body.name : null;
  } catch { name = null; }
  known = true;
  drawAccount();
  announce();
}

// A refusal in the page's language. In English the server's own message says it best; in Chinese each kind
// the server gives is told in Chinese (a name taken, no such account, a wrong password, too many attempts
// and how long to wait, each broken rule), and anything else by its kind, the server's text as a tooltip.
export function refusalText(r) {
  if (lang() !== "zh") return r.error;
  const wait = /try again in (\d+) s/.exec(r.error);
  if (r.status === 429) return wait ? t("acct_too_many_wait").replace("{n}", wait[1]) : t("acct_too_many");
  if (r.status === 409) return t("acct_taken").replace("{name}", r.name);
  if (r.status === 401) return (r.error.startsWith("no account") ? t("acct_unknown") : t("acct_wrong")).replace("{name}", r.name);
  if (r.status === 400) {
    const rules = [[/^a name has (\d+) to (\d+) characters/, "acct_name_length"], [/^a name may hold/, "acct_name_chars"],
      [/^a password has (\d+) to (\d+) characters/, "acct_password_length"], [/^the password may not be the name/, "acct_password_name"]];
    for (const [pattern, key] of rules) {
      const m = pattern.exec(r.error);
      if (m) return t(key).replace("{low}", m[1] ?? "").replace("{high}", m[2] ?? "");
    }
  }
  return t("acct_refused");
}

async function send(path, form) {
  const who = form.querySelector("#account-name").value;
  const password = form.querySelector("#account-password").value;
  for (const b of form.querySelectorAll("button")) b.disabled = true;
  try {
    const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: who, password }) });
    let body = {};
    try { body = await res.json(); } catch { body = { error: res.statusText }; }
    if (!res.ok) {
      refusal = { status: res.status, error: String(body.error ?? res.statusText), name: who };
    } else {
      refusal = null;
      formOpen = false;
      name = body.name;
      announce();
    }
  } catch (err) {
    refusal = { status: 0, error: String(err.message ?? err), name: who };
  }
  drawAccount();
  if (refusal) {
    const field = box.querySelector(refusal.status === 401 && !refusal.error.startsWith("no account") ? "#account-password" : "#account-name");
    if (field) field.focus();
  }
}

async function logOut() {
  try { await fetch("/api/logout", { method: "POST" }); } catch { /* the cookie stays: shown as still logged in */ }
  await refreshAccount();
}

function loginForm() {
  const nameInput = make("input", { id: "account-name", autocomplete: "username", maxlength: "20", required: "",
    placeholder: t("acct_name"), "aria-label": t("acct_name") });
  const password = make("input", { id: "account-password", type: "password", autocomplete: "current-password",
    maxlength: "128", required: "", placeholder: t("acct_password"), "aria-label": t("acct_password") });
  const form = make("form", { class: "account-form", id: "account-form" });
  const login = make("button", { type: "submit", id: "login", class: "primary" }, t("acct_login"));
  const signup = make("button", { type: "button", id: "signup" }, t("acct_signup"));
  form.addEventListener("submit", (ev) => { ev.preventDefault(); send("/api/login", form); });
  signup.addEventListener("click", () => { if (form.reportValidity()) send("/api/accounts", form); });
  const error = make("div", { class: "account-error", id: "account-error", role: "alert" });
  if (refusal) {
    error.textContent = refusalText(refusal);
    if (lang() === "zh") error.title = refusal.error;  // the server's own words, for whoever asks
    nameInput.value = refusal.name;
  }
  form.append(nameInput, password, login, signup, make("div", { class: "account-rules" }, t("acct_rules")), error);
  return form;
}

/** Draw the nav bar's account part again (after a log-in, a log-out, a change of language). */
export function drawAccount() {
  if (!box) return;
  if (!known) { box.replaceChildren(); return; }
  if (name !== null) {
    box.replaceChildren(make("span", { class: "account-user", id: "account-user", title: t("acct_logged_in") }, name),
      make("button", { type: "button", id: "logout", onclick: logOut }, t("acct_logout")));
    return;
  }
  const toggle = make("button", { type: "button", id: "account-open", "aria-expanded": String(formOpen),
    onclick: () => { formOpen = !formOpen; drawAccount(); if (formOpen) box.querySelector("#account-name").focus(); } },
  t("acct_open"));
  box.replaceChildren(toggle, formOpen ? loginForm() : "");
}

/** Put the account part into the nav bar `nav` (before `before`) and ask the server who this is. */
export function accountBox(nav, before) {
  box = make("span", { class: "account", id: "account" });
  nav.insertBefore(box, before);
  refreshAccount();
}
