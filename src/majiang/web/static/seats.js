// The seats this browser holds: every table it created or sat at, with its links (kept in localStorage,
// "majiang-seats"), so that a closed tab can get back to its seat from the lobby or the table page.

const KEY = "majiang-seats";
const MOST = 50;  // the newest tables kept

/** Every remembered table: {table: {table, rules, at, links: {player: {join|invite, name, mine}}}}. */
export function knownSeats() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || "{}");
    return stored && typeof stored === "object" ? stored : {};
  } catch { return {}; }
}

/** Remember `links` (by player: {join} for a seat of this browser, {invite} for a friend's) of a table. */
export function rememberSeats(tableId, links, rules = null) {
  const all = knownSeats();
  const entry = all[tableId] || { table: tableId, rules, links: {} };
  entry.at = Date.now();
  if (rules) entry.rules = rules;
  for (const [player, link] of Object.entries(links)) {
    const old = entry.links[player] || {};
    // a seat's own link (its token) replaces the invitation it came from
    entry.links[player] = link.join ? { ...link, invite: undefined } : { ...old, ...link, join: old.join ?? link.join };
  }
  all[tableId] = entry;
  const kept = Object.values(all).sort((a, b) => b.at - a.at).slice(0, MOST);
  localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept.map((e) => [e.table, e]))));
}

/** The remembered links of one table (by player), or {}. */
export function seatsOf(tableId) {
  return (knownSeats()[tableId] || {}).links || {};
}
