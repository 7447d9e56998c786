// The top navigation bar every page shows: the pages, the account (account.js) and the language toggle.
// (A module of its own, so that i18n.js, which account.js reads its words from, imports nothing back.)
import { applyI18n, toggleLang } from "./i18n.js";
import { accountBox, drawAccount } from "./account.js";

/** The top navigation bar shared by the pages, with the account (account.js) and the language toggle. */
export function navBar(rerender) {
  const nav = document.createElement("nav");
  nav.className = "topnav";
  nav.innerHTML = `<a href="/" data-i18n="lobby"></a><a href="/calc" data-i18n="calc"></a>` +
    `<a href="/coach" data-i18n="coach"></a><a href="/replay" data-i18n="replay"></a>` +
    `<a href="/ladder" data-i18n="nav_ladder"></a><a href="/drill" data-i18n="nav_drill"></a>` +
    `<a href="/tournament" data-i18n="nav_tournament"></a>` +
    `<button type="button" id="lang-toggle" data-i18n="lang"></button>`;
  const toggle = nav.querySelector("#lang-toggle");
  toggle.addEventListener("click", () => toggleLang(() => { drawAccount(); if (rerender) rerender(); }));
  accountBox(nav, toggle);
  document.body.prepend(nav);
  applyI18n();
}
