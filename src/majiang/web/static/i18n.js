// Interface strings, one table per language; the choice is kept in localStorage ("majiang-lang").

export const STRINGS = {
  en: {
    title: "majiang", lobby: "Lobby", calc: "Calculator", coach: "Coach", replay: "Replay", lang: "中文",
    new_table: "New table", rules: "Rules", options: "Options", hands: "Hands", seed: "Seed", seat: "Player",
    open: "open (a person)", bot: "bot", name: "Name", create: "Create table", join_links: "Join links",
    play_here: "Play here", copy: "Copy", copied: "Copied", watch: "Watch", tables: "Tables", none: "none yet",
    invite: "Invitation", invite_note: "Send each invitation to one friend: the first to open it takes the seat, once.",
    seat_taken_help: "Each invitation seats one person. Ask the table's creator, or watch:", taking_seat: "taking the seat…",
    practice: "practice table: its creator chose the seed", commitment: "Wall commitment",
    seed_note: "empty: the server's seed (committed before each hand); a chosen seed makes a practice table",
    playing: "playing", finished: "finished", hand: "Hand", round: "Round", wall: "Wall", dice: "Dice",
    dealer: "dealer", you: "you", spectator: "watching", connecting: "connecting…", disconnected: "disconnected: reconnecting…",
    your_turn: "Your turn: click a tile to discard", claim: "Claim the discard?", waiting: "Waiting for",
    sort: "Sort", countdown: "s left", result: "Hand result", draw: "Exhaustive draw (荒庄)", wins: "wins",
    from: "from", self_drawn: "self-drawn", total: "Total", fan: "Fan", value: "Value", melds: "Melds",
    next_hand: "Next hand", score_sheet: "Score sheet", match_over: "Match over", deltas: "Change",
    away: "away (bot plays)", offline: "offline", flowers: "Flowers", discards: "Discards",
    hand_notation: "Hand in notation (winning tile last)", pick: "Pick tiles", clear: "Clear", undo: "Undo",
    win_by: "Won by", discard_win: "discard", self_draw: "self-drawn", kong_replacement: "kong replacement (杠上开花)",
    robbing: "robbing a kong (抢杠和)", last_of_wall: "last tile of the wall", last_copy: "last copy (和绝张)",
    seat_wind: "Seat wind", round_wind: "Round wind", profile: "Profile", score_it: "Score",
    meets: "meets the 8-fan minimum", short: "below the 8-fan minimum", advise: "Advise",
    coach_hand: "Hand of 14 tiles (after the draw)", visible: "Tiles in sight (others' discards, melds)",
    discard: "Discard", shanten: "Shanten", effective: "Effective tiles", live: "Live", legal_live: "Legal-win tiles", risk: "deal-in risk", bot_would: "The {bot} bot would:", looks_ready: "a seat looks ready",
    waits: "Waits (fans discard/self-drawn)", fan_check: "8-fan check", record_file: "Record file (majiang-record)",
    game_id: "Stored game id", load: "Load", all_open: "all hands open", seat_view: "seat's view", step: "Step",
    prev: "◀ Back", next: "Next ▶", first: "⏮", last: "⏭", share: "Share link", start_of_hand: "after the deal",
    players: "Players", standings: "Standings", turn: "turn", claim_phase: "claim", rob: "robbing", over: "over",
    opening: "opening", ask: "asking", error: "Error", pass_: "pass", chow: "chow", pung: "pung", kong: "kong", win: "win",
    concealed_kong: "concealed kong", added_kong: "added kong", keyboard: "Keys: 1-9/0 tiles, letters actions",
    wind_E: "East", wind_S: "South", wind_W: "West", wind_N: "North", copy_link: "Copy link", replay_game: "Replay",
    defaults: "(the ruleset's defaults)", preset: "Preset", info_dora: "Dora indicators", info_ura: "Ura dora indicators",
    info_honba: "Honba", info_sticks: "Riichi sticks", info_riichi: "Riichi", "info_double-riichi": "Double riichi",
    info_furiten: "Furiten", info_pao: "Pao (liable)", yaku: "Yaku", han: "han", fu: "fu", yakuman: "yakuman", points: "points", pays: "Pays",
    each: "each", gain: "winner gains", import_log: "Import a log", import_file: "Log file",
    import_text: "or paste it here", import_format: "Format", import_auto: "detect", import_button: "Import",
    imported: "Imported", table_id: "Table", random_seed: "random", import_hint: "Botzone judge log, Tenhou mjlog, tenhou.net/6 JSON or mjai (a record of ours too)",
    exchange: "Pass on these three", exchange_pick: "换三张: pick three tiles to pass on", exchange_same_suit: "(of one suit)",
    received: "received", void: "Void suit", void_pick: "定缺: choose the suit you will not keep", suit_m: "Characters 万",
    suit_p: "Dots 饼", suit_s: "Bamboo 条", riichi: "Riichi", riichi_pick: "Choose the tile to discard with it",
    abort: "abortive draw", cancel: "Cancel", pace: "Pace of others' moves", pace_0: "at once", sound: "Sound",
    last_discard: "Last discard", standin_in: "the stand-in plays in {n} s", seat_links: "Your links to this table",
    my_link: "Your seat", my_tables: "Your seats", play: "Play", settled: "Settled at the end",
    discard_tile: "Discard",
    waits_value: "Waits ×live: win worth discard/self-drawn", void_best: "the best to give up", dead_tile: "(void suit: goes first)",
    coach_scale: "A win's worth is on the ruleset's own scale: fans under Chinese Official rules (8 to win), 番 or points elsewhere; ✗: no valid win that way (below the minimum, no yaku, …).",
    // the ladder and drill pages (ladder.js, drill.js)
    nav_ladder: "Ladder", nav_drill: "Drills", rk_bot: "bot", rk_player: "Player", rk_grade: "Grade", rk_points: "points",
    rk_rating: "Rating", rk_games: "Games", rk_places: "1st/2nd/3rd/4th", rk_when: "When", rk_place: "Place",
    rk_award: "Points won", rk_next: "to the next grade:", rk_promoted: "promoted ▲", rk_demoted: "demoted ▼",
    rk_empty: "No rated game of this ruleset yet: create a table with “rated” while logged in.",
    rk_ladder_note: "考级定段: 9 kyu up to 1 kyu, then amateur dan, by points from rated games (1st place earns most); beside it a skill rating (μ − 3σ, with its uncertainty σ).",
    rk_rating_note: "The rating shown is the conservative μ − 3σ: it rises as σ, the uncertainty, shrinks with games.",
    dr_drill: "Drill", dr_discard: "Which discard (何切)", dr_waits: "Name the waits (听什么)", dr_fans: "Count the fans (算番)",
    dr_new: "New question", dr_asking: "finding a question…", dr_answer: "Answer", dr_source: "From",
    dr_ask_discard: "Which tile do you discard? Click it.", dr_ask_waits: "This hand is ready: pick every tile it waits on, then Answer.",
    dr_ask_fans: "What is this winning hand's total?", dr_right: "Right!", dr_wrong: "Not the best.", dr_score: "score",
    dr_best: "best:", dr_progress: "Your progress", dr_answered: "Answered", dr_correct: "Right", dr_mean: "Mean score",
    dr_recent: "Recent mean", dr_goal: "Goal", dr_by: "by", dr_set_goal: "Set goal", dr_chart: "running mean score",
    dr_guest: "Log in to keep your scores, see your progress and set a goal; as a guest you get the verdict only.",
    dr_note: "Questions come from finished games on this server (or a bot game), judged by the project's own coach.",
    tl_rated: "Rated game (考级定段)", tl_rated_note: "This match counts on the ladder once it is over.", tl_not_rated: "Not rated",
    // accounts, rooms by number, my tables and games (account.js, lobby.js, table.js)
    acct_open: "Log in / Sign up", acct_name: "Name", acct_password: "Password", acct_login: "Log in",
    acct_signup: "Sign up", acct_logout: "Log out", acct_logged_in: "Logged in: the seats you take are kept with your account",
    acct_rules: "Name: 2-20 letters, digits, _ . -; password: 8 or more characters. Guests play without an account.",
    acct_taken: "The name {name} is taken: choose another, or log in", acct_unknown: "No account is named {name}: sign up first",
    acct_wrong: "Wrong password for {name}", acct_too_many: "Too many attempts: wait a minute",
    acct_too_many_wait: "Too many attempts: try again in {n} s", acct_name_length: "A name has {low} to {high} characters",
    acct_name_chars: "A name may hold letters, digits, _ . and - only", acct_password_length: "A password has {low} to {high} characters",
    acct_password_name: "The password may not be the name", acct_refused: "Refused by the server",
    room: "Room", room_join: "Join by room number", room_number: "Room number (6 digits)", room_find: "Find",
    room_bad: "A room number has six digits", room_unknown: "No table is being played in room {room}",
    room_too_many: "Too many room look-ups: try again in {n} s", room_seat_taken: "That seat was just taken: pick another",
    room_take: "Take this seat", room_held: "taken", room_note: "Give this number to friends: they type it in the lobby to take an open seat.",
    room_none_open: "No open seat left: you can watch",
    acct_tables: "My tables", acct_games: "My games", acct_rejoin: "Rejoin", acct_record: "Download the record",
    acct_none: "none yet", acct_tables_note: "Your tables follow your account: log in on any device to rejoin.",
  },
  zh: {
    title: "麻将", lobby: "大厅", calc: "算番器", coach: "牌效教练", replay: "回放", lang: "English",
    new_table: "开新桌", rules: "规则", options: "选项", hands: "盘数", seed: "种子", seat: "玩家",
    open: "空位（真人）", bot: "机器人", name: "名字", create: "建桌", join_links: "加入链接",
    play_here: "在此入座", copy: "复制", copied: "已复制", watch: "观战", tables: "牌桌", none: "暂无",
    invite: "邀请链接", invite_note: "每个邀请链接发给一位朋友：第一个打开的人入座，仅此一次。",
    seat_taken_help: "每个邀请链接只能让一人入座。请联系建桌者，或观战：", taking_seat: "入座中…",
    practice: "练习桌：种子由建桌者指定", commitment: "牌墙承诺",
    seed_note: "留空：由服务器定种子（每盘开始前公布承诺）；自定种子即为练习桌",
    playing: "进行中", finished: "已结束", hand: "盘", round: "圈风", wall: "牌墙", dice: "骰子",
    dealer: "庄", you: "你", spectator: "观战", connecting: "连接中…", disconnected: "连接断开，重连中…",
    your_turn: "轮到你：点一张牌打出", claim: "要这张牌吗？", waiting: "等待",
    sort: "理牌", countdown: "秒", result: "本盘结果", draw: "荒庄", wins: "和牌",
    from: "点炮", self_drawn: "自摸", total: "合计", fan: "番种", value: "番数", melds: "组成",
    next_hand: "下一盘", score_sheet: "计分表", match_over: "比赛结束", deltas: "得失",
    away: "离开（机器人代打）", offline: "离线", flowers: "花牌", discards: "弃牌",
    hand_notation: "牌型记法（最后一张为和牌张）", pick: "选牌", clear: "清空", undo: "撤销",
    win_by: "和牌方式", discard_win: "点和", self_draw: "自摸", kong_replacement: "杠上开花",
    robbing: "抢杠和", last_of_wall: "海底（最后一张）", last_copy: "和绝张",
    seat_wind: "门风", round_wind: "圈风", profile: "规则版本", score_it: "算番",
    meets: "达到八番起和", short: "不足八番", advise: "分析",
    coach_hand: "摸牌后的十四张", visible: "已见的牌（弃牌、副露）",
    discard: "打出", shanten: "向听", effective: "有效牌", live: "枚数", legal_live: "可和（够八番）枚数", risk: "放铳率", bot_would: "{bot}机器人会：", looks_ready: "有人可能听牌",
    waits: "听牌（点和/自摸番数）", fan_check: "八番检查", record_file: "牌谱文件（majiang-record）",
    game_id: "对局编号", load: "载入", all_open: "明牌", seat_view: "单家视角", step: "步",
    prev: "◀ 上一步", next: "下一步 ▶", first: "⏮", last: "⏭", share: "分享链接", start_of_hand: "配牌后",
    players: "玩家", standings: "名次", turn: "出牌", claim_phase: "鸣牌", rob: "抢杠", over: "结束",
    opening: "开局", ask: "询问", error: "错误", pass_: "过", chow: "吃", pung: "碰", kong: "杠", win: "和",
    concealed_kong: "暗杠", added_kong: "加杠", keyboard: "按键：1-9/0 选牌，字母执行动作",
    wind_E: "东", wind_S: "南", wind_W: "西", wind_N: "北", copy_link: "复制链接", replay_game: "回放",
    defaults: "（规则默认值）", preset: "预设", info_dora: "宝牌指示牌", info_ura: "里宝牌指示牌",
    info_honba: "本场", info_sticks: "立直棒", info_riichi: "立直", "info_double-riichi": "两立直",
    info_furiten: "振听", info_pao: "包牌", yaku: "役", han: "番", fu: "符", yakuman: "役满", points: "点", pays: "支付",
    each: "每家", gain: "和牌者得", import_log: "导入牌谱", import_file: "牌谱文件",
    import_text: "或粘贴在此", import_format: "格式", import_auto: "自动识别", import_button: "导入",
    imported: "已导入", table_id: "牌桌编号", random_seed: "随机", import_hint: "Botzone 裁判日志、天凤 mjlog、tenhou.net/6 JSON 或 mjai（也可以是本项目的牌谱）",
    exchange: "换出这三张", exchange_pick: "换三张：选三张牌换出", exchange_same_suit: "（同一花色）",
    received: "换入", void: "定缺", void_pick: "定缺：选一门不要的花色", suit_m: "万", suit_p: "饼", suit_s: "条",
    riichi: "立直", riichi_pick: "选一张牌打出并立直", abort: "流局", cancel: "取消", pace: "他家出牌速度",
    pace_0: "立即", sound: "声音", last_discard: "最后打出", standin_in: "{n} 秒后由机器人代打",
    seat_links: "你在本桌的链接", my_link: "你的座位", my_tables: "你的座位", play: "入座", settled: "终局结算",
    discard_tile: "打出",
    waits_value: "听牌 ×枚数：点和/自摸的和牌价值", void_best: "自动选最该缺的一门", dead_tile: "（缺门：先打）",
    coach_scale: "和牌价值按所选规则计：国标为番数（八番起和），其他规则为番或分；✗：该方式不能和（不够起和番、无役等）。",
    // the ladder and drill pages (ladder.js, drill.js)
    nav_ladder: "段位榜", nav_drill: "训练", rk_bot: "机器人", rk_player: "玩家", rk_grade: "级段", rk_points: "积分",
    rk_rating: "等级分", rk_games: "局数", rk_places: "一/二/三/四位", rk_when: "时间", rk_place: "名次",
    rk_award: "得分", rk_next: "距下一级段：", rk_promoted: "晋升 ▲", rk_demoted: "降段 ▼",
    rk_empty: "本规则还没有计分对局：登录后建一张“计段位”的牌桌。",
    rk_ladder_note: "考级定段：由9级升到1级，再到业余段位，凭计分对局的积分（一位得分最多）；旁边是技术等级分（μ − 3σ，σ 为不确定度）。",
    rk_rating_note: "显示的等级分取保守值 μ − 3σ：对局越多 σ 越小，它随之上升。",
    dr_drill: "题型", dr_discard: "何切", dr_waits: "听什么", dr_fans: "算番",
    dr_new: "出题", dr_asking: "出题中…", dr_answer: "作答", dr_source: "出处",
    dr_ask_discard: "打哪张？点它。", dr_ask_waits: "这手牌已听牌：选出所听的每一张，再点作答。",
    dr_ask_fans: "这手和牌共几番（总分）？", dr_right: "正确！", dr_wrong: "不是最佳。", dr_score: "得分",
    dr_best: "最佳：", dr_progress: "我的进度", dr_answered: "已答", dr_correct: "正确率", dr_mean: "平均分",
    dr_recent: "近期平均", dr_goal: "目标", dr_by: "期限", dr_set_goal: "设定目标", dr_chart: "累计平均分",
    dr_guest: "登录后可保存成绩、查看进度并设定目标；游客只看判定。",
    dr_note: "题目取自本服务器已完成的对局（或机器人对局），由本项目的牌效教练判定。",
    tl_rated: "计段位对局（考级定段）", tl_rated_note: "本场结束后计入段位。", tl_not_rated: "不计段位",
    // 账号、房号、我的牌桌与对局（account.js、lobby.js、table.js）
    acct_open: "登录 / 注册", acct_name: "账号名", acct_password: "密码", acct_login: "登录",
    acct_signup: "注册", acct_logout: "退出登录", acct_logged_in: "已登录：你入座的牌桌随账号保存",
    acct_rules: "账号名：2-20 个字（字母、数字、_ . -）；密码：至少 8 个字符。不注册也可以作为游客打牌。",
    acct_taken: "账号名 {name} 已被注册：换一个，或直接登录", acct_unknown: "没有名为 {name} 的账号：请先注册",
    acct_wrong: "{name} 的密码不对", acct_too_many: "尝试次数过多：请稍等一分钟",
    acct_too_many_wait: "尝试次数过多：请 {n} 秒后再试", acct_name_length: "账号名须有 {low} 到 {high} 个字",
    acct_name_chars: "账号名只能含字母、数字和 _ . -", acct_password_length: "密码须有 {low} 到 {high} 个字符",
    acct_password_name: "密码不能与账号名相同", acct_refused: "服务器拒绝了请求",
    room: "房号", room_join: "输入房号加入", room_number: "房号（6 位数字）", room_find: "查找",
    room_bad: "房号是 6 位数字", room_unknown: "房号 {room} 没有正在进行的牌桌",
    room_too_many: "查询房号过于频繁：请 {n} 秒后再试", room_seat_taken: "这个座位刚被别人占了：请另选一个",
    room_take: "坐这个位子", room_held: "已有人", room_note: "把房号告诉朋友：他们在大厅输入房号即可坐上空位。",
    room_none_open: "已没有空位：可以观战",
    acct_tables: "我的牌桌", acct_games: "我的对局", acct_rejoin: "回到座位", acct_record: "下载牌谱",
    acct_none: "暂无", acct_tables_note: "你的牌桌随账号保存：在任何设备上登录即可回到座位。",
  },
};

export function lang() {
  const stored = localStorage.getItem("majiang-lang");
  if (stored === "en" || stored === "zh") return stored;
  return (navigator.language || "en").startsWith("zh") ? "zh" : "en";
}

/** The string `key` in the current language (the key itself if missing, so a gap shows). */
export function t(key) {
  const table = STRINGS[lang()];
  return table[key] ?? STRINGS.en[key] ?? key;
}

/** Fill every element with data-i18n="key" in `root`. */
export function applyI18n(root = document) {
  document.documentElement.lang = lang() === "zh" ? "zh-CN" : "en";
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}

/** Switch language and re-render through `rerender`. */
export function toggleLang(rerender) {
  localStorage.setItem("majiang-lang", lang() === "en" ? "zh" : "en");
  applyI18n();
  if (rerender) rerender();
}

/** A fan's name in the interface language, with the other language alongside. */
export function fanName(f) {
  const zh = f.name ?? f.zh;  // Chinese Official's fans carry "name", the other rulesets' "zh"
  const en = f.en ? f.en[0].toUpperCase() + f.en.slice(1) : "";
  if (!en) return zh ?? "";
  return lang() === "zh" ? `${zh} ${en}` : `${en} (${zh})`;
}

export function windName(w) { return t("wind_" + w); }

// A hand's label as the server sends it (Describer.hand_label: "Hand 3/16", or riichi's "東2局 1本場").
export function handLabel(label) { return lang() === "zh" ? label.zh : label.en; }
