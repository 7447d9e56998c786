"""What the table screen asks of the person: the prompt line and the claim keys it names."""

from __future__ import annotations

from majiang.game import ActionKind, Phase, View
from majiang.tui.render import TileStyle, action_word, suit_label, tile_label, tr
from majiang.tui.session import PlaySession

__all__ = ["CLAIM_KINDS", "opening_prompt_text", "prompt_text"]

CLAIM_KINDS: dict[str, tuple[ActionKind, ...]] = {
    "chow": (ActionKind.CHOW,),
    "pung": (ActionKind.PUNG,),
    "kong": (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG),
    "win": (ActionKind.WIN,),
    "pass": (ActionKind.PASS,),
}
"""What each claim key may do: ``k`` covers the melded, concealed and added kongs."""
_CLAIM_WORDS = {"chow": ("chow", "吃"), "pung": ("pung", "碰"), "kong": ("kong", "杠"), "win": ("win", "和"),
                "pass": ("pass", "过")}
_CLAIM_KEYS = (("c", "chow"), ("p", "pung"), ("k", "kong"), ("h", "win"), ("space", "pass"))


def prompt_text(session: PlaySession, view: View, style: TileStyle, picked: int) -> str:
    """What the game waits for, in a few words; ``picked``: how many tiles are picked for an exchange."""
    if session.hand_over or session.match_over:
        return tr(style, "hand over", "本局结束")
    if not session.waiting_for_human():
        seats = session.game.to_act()
        if not seats:
            return ""
        who = session.player_name(session.match.player_at(seats[0]))
        if not session.human_in_hand():
            return tr(style, f"You are out of this hand; the others play on ({who} to act)",
                      f"你已离场, 其他人继续 (等待 {who})")
        return tr(style, f"{who} to act", f"等待 {who}")
    keys = " · ".join(f"{key} {tr(style, *_CLAIM_WORDS[word])}" for key, word in _CLAIM_KEYS
                      if any(a.kind in CLAIM_KINDS[word] for a in view.legal))
    if view.phase == Phase.OPENING:
        return opening_prompt_text(view, style, picked)
    if view.phase == Phase.TURN:
        turn = tr(style, "Your turn: pick a tile (←/→, 1-9, 0) and discard it (Enter)",
                  "轮到你: 选牌 (←/→, 1-9, 0) 打出 (Enter)")
        return f"{turn}; {keys}" if keys else turn
    if view.phase == Phase.ROB:
        return tr(style, f"Rob the kong? {keys}", f"抢杠? {keys}")
    tile = view.last_discard[1] if view.last_discard is not None else None
    what = "" if tile is None else f" {tile_label(tile, style)}"
    return tr(style, f"Claim{what}? {keys}", f"要{what}吗? {keys}")


def opening_prompt_text(view: View, style: TileStyle, picked: int) -> str:
    """What an opening phase asks of the person: a void suit, an exchange, or the actions offered."""
    kinds = {a.kind for a in view.legal}
    asks: list[str] = []
    if ActionKind.VOID in kinds:
        suits = "/".join(suit_label(a.tile, style) for a in view.legal
                         if a.kind == ActionKind.VOID and a.tile is not None)
        asks.append(tr(style, f"Declare the suit you will void 定缺 ({suits}: keys m p s or a button); "
                              "you may win only once you hold none of it",
                       f"定缺: 选一门不要的花色 ({suits}: 按 m p s 或按钮); 打光这门才能和牌"))
    if ActionKind.EXCHANGE in kinds:
        # As TableScreen.exchange_size: the size of the first exchange offered.
        size = len(next(a for a in view.legal if a.kind == ActionKind.EXCHANGE).tiles)
        asks.append(tr(style, f"Exchange 换三张: pick {size} tiles of one suit to pass on "
                              f"(1-9, 0 or a click; ←/→ and space), then Enter ({picked} picked)",
                       f"换三张: 选同一花色的 {size} 张牌换出 (1-9, 0 或点击; ←/→ 与空格), "
                       f"再按 Enter (已选 {picked} 张)"))
    others = sorted(k for k in kinds if k not in (ActionKind.VOID, ActionKind.EXCHANGE))
    if others:
        words = ", ".join(action_word(k, style) for k in others)
        asks.append(tr(style, f"Choose: {words} (buttons)", f"请选择: {words} (按钮)"))
    return " · ".join(asks)
