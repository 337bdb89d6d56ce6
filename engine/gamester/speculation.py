"""Speculation: the round game of buying and selling trumps.

Sources: an early-20th-century handbook (``seed-speculation``, pp. 77-79) and the Hoyle-style account that follows
Put and Truc in seed 001 (``seed-put``, "Speculation"). Where they differ the difference is an option (see
:class:`SpeculationOptions`); the presets ``handbook`` and ``hoyle`` follow one account each.

How a deal runs here (each step names its clause):

1. Stakes go to the pool (dealer double); three cards each, one at a time; the next card of the stock is the
   turn-up, whose suit is trumps. Nobody looks at their cards.
2. The dealer may offer the face-down turn-up for sale (``keep`` / ``offer turn-up``); then it is turned. Under the
   court-card rule an Ace, King, Queen or Knave turn-up ends the deal at once and its holder takes the pool.
3. Seats turn their top card in turn, from the dealer's (or the turn-up purchaser's) left, skipping the *chief hand*,
   who holds the best trump yet shown. At their turn a seat may ``turn``, ``offer card`` (the card it is their turn
   to show: it is shown at once and goes to the buyer only if it is a new best trump), ``offer hand`` (all their
   unturned cards, where the ruleset allows), or ``peek`` (look at their other cards: a penalty, and they cannot
   take the pool this deal).
4. The chief hand may offer the best trump for sale (``keep`` / ``offer QH``): at any turn or only when it is
   turned, by ruleset. After a sale the seat on the buyer's left goes on.
5. An auction is: the seller's offer, then every other seat once in turn from the seller's left, ``bid N`` (more
   than the best bid so far, at most the pool) or ``no-bid`` (a bid of the whole pool ends the bidding); then the
   seller's ``accept`` or ``refuse`` (no bids: the offer lapses).
6. When every card is turned (the chief hand last), the spare hand (if dealt) is shown, and the holder of the best
   trump takes the pool; if the spare hand or a pool-owned turn-up holds it, or its holder is barred, the pool stays.

Seats are numbered 0 .. n-1; a seat's left-hand neighbour is the next number. The first dealer is the last seat, so
seat 0 is eldest hand in the first deal; the deal passes to the left. A game is ``deals`` deals (0: one each).

Chances: :func:`best_trump_chance` (exact :class:`~fractions.Fraction` per card position, from one seat's view;
the counting is in :mod:`gamester.speculation_odds`) and :func:`analysis` (the same as JSON, with each seat's
chance of taking the pool and the fair price of whatever is on offer). The bots ``cautious`` and ``speculator``
bid and sell by that chance times the pool.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from .cards import FULL_PACK, Card, format_cards, shuffled, stripped_pack
from .clauses import cite, clause
from .errors import RulesetError
from .game import TERMINAL, Bot, RandomBot, State, play_out
from .ledger import Ledger
from .registry import GameSpec, register
from .rulesets import Options, Preset, option
from .speculation_odds import COURT, win_chances

GAME = "speculation"
POOL = "pool"

# -- sources -----------------------------------------------------------------------------------------------------
H77 = cite("seed-speculation", "p. 77")
H78 = cite("seed-speculation", "p. 78")
H79 = cite("seed-speculation", "p. 79")
HOYLE = cite("seed-put", "Speculation")
PARLETT_ACE = cite("parlett-speculation", "quoting Hoyle's Games (1847) on an Ace turned up")

# -- clauses -----------------------------------------------------------------------------------------------------
R = "reconstructed"
C = "conjectural"
NOTE_MODERN = "Stated by a 19th/20th-century account; the edition reserves 'attested' for period sources."

PACK_52 = clause("spec.pack.full", "The game is played with the ordinary pack of 52 cards.", R, H77, HOYLE,
                 note=NOTE_MODERN)
PACK_32 = clause("spec.pack.short", "A 32-card pack (Sevens up to Aces) may be used instead.", R, H77,
                 note=NOTE_MODERN + " The handbook names the 32-card pack; which ranks it keeps (7 to A, the usual "
                 "piquet pack) is our reading.")
RANKING = clause("spec.pack.ranking", "The Ace is the highest card, then King, Queen, Knave, Ten and so down to "
                 "the Two.", R, H77, HOYLE, note=NOTE_MODERN + " The Hoyle account says 'as at Whist'.")
PLAYERS = clause("spec.players.limit", "Not more than ten players with the 52-card pack, nor more than six with "
                 "the 32-card pack, so that enough of the pack stays undealt for speculation.", R, H77,
                 note=NOTE_MODERN + " The handbook calls these limits desirable rather than required; the engine "
                 "enforces them (and at least two players).")
STAKE = clause("spec.stake.pool", "Before each deal the dealer pays two stakes into the pool and every other "
               "player one (the handbook: one counter each, two for the dealer; the Hoyle account: one to three "
               "counters each, the dealer double).", R, H77, HOYLE,
               note=NOTE_MODERN + " Option stake: 1 is the handbook's figure, 1..3 the Hoyle account's range.")
DEAL = clause("spec.deal.three", "Each player gets three cards, dealt singly in turn starting on the dealer's "
              "left; the next deal is made by the player on the dealer's left.", R, H77, H78, HOYLE, note=NOTE_MODERN)
TURNUP = clause("spec.deal.turn-up", "The top card left in the stock is turned up; its suit is trumps.", R, H77,
                HOYLE, note=NOTE_MODERN)
NO_LOOK = clause("spec.deal.no-looking", "Players do not look at their cards: each is seen only when turned.", R,
                 H77, HOYLE, note=NOTE_MODERN)
TURNUP_SALE = clause("spec.turnup.sale", "The dealer may sell the turn-up to another player before it is turned "
                     "(handbook), or before or after it is turned (Hoyle account); the buyer has every right the "
                     "card carries.", R, H78, HOYLE,
                     note=NOTE_MODERN + " Option turnup_sale chooses between the two accounts.")
TURNUP_AFTER = clause("spec.turnup.no-later-sale", "Where the turn-up may be sold only before it is turned, it "
                      "cannot be sold once face up, even while it is the best trump.", C, H78,
                      note="The handbook lets the holder of the highest trump sell it at any time (p. 79) but "
                      "allows the dealer to sell the turn-up only before turning it (p. 78); we let the narrower "
                      "rule govern the turn-up itself.")
COURT_RULE = clause("spec.turnup.court", "If the turn-up is an Ace, King, Queen or Knave the deal ends at once: "
                    "the dealer, or whoever bought the turn-up, takes the pool.", R, H78, PARLETT_ACE,
                    note=NOTE_MODERN + " The Hoyle-style seed account has no such rule (option court_turnup). The "
                    "1847 Hoyle, as Parlett quotes it, already ends the deal when the turn-up is an Ace, the dealer "
                    "taking the pool; the edition has not seen that text.")
COURT_POOL = clause("spec.turnup.court-pool", "With the turn-up belonging to the pool, a court-card turn-up still "
                    "ends the deal, and the pool stays for the next deal.", C, H78, H79,
                    note="The handbook gives both rules but not their combination; the pool 'holds' the turn-up.")
PLAY_ORDER = clause("spec.play.order", "The player on the dealer's left (or on the left of the turn-up's "
                    "purchaser) turns the top card of their three, and play goes on to the left.", R, H78, HOYLE,
                    note=NOTE_MODERN)
CHIEF = clause("spec.play.chief", "A card that is a higher trump than any yet shown makes its holder the chief "
               "hand, who may keep it or sell it; lower trumps and other suits are worthless.", R, H78, HOYLE,
               note=NOTE_MODERN)
BUYER_LEFT = clause("spec.play.buyer-left", "When the best trump is sold, the buyer takes it and the player on "
                    "the buyer's left is next to turn.", R, H78, H79, HOYLE, note=NOTE_MODERN)
ROUND = clause("spec.play.round", "Play goes round and round until every player but the holder of the best trump "
               "has turned all their cards; the chief hand keeps theirs face down until last.", R, H78, HOYLE,
               note=NOTE_MODERN + " In the Hoyle account the buyer of a card keeps his own cards face down for as "
               "long as nobody shows a better trump.")
HIDDEN_SALE = clause("spec.sale.unturned-card", "A player may sell the card it is their turn to turn before "
                     "turning it; it is then turned in its place in the order of play, and passes to the buyer "
                     "only if it is a higher trump than any shown (then the buyer's left goes on). Whoever owns it "
                     "when it is turned pays any Knave-or-Five penalty.", R, H79, HOYLE, note=NOTE_MODERN)
HAND_SALE = clause("spec.sale.hand", "Unturned cards may be sold all together: by the chief hand, who turns last "
                   "(handbook), or by a player who has turned none of their cards (Hoyle account).", R, H78, HOYLE,
                   note=NOTE_MODERN + " Option hand_sale.")
HAND_SHOWN = clause("spec.sale.hand-shown", "A hand sold together is turned at once; any card of it that is a new "
                    "best trump passes to the buyer, the rest stay worthless with the seller.", C, H78, H79,
                    note="Neither account says how a bought hand is played; we apply the rule for a single unturned "
                    "card (p. 79) to each card of it.")
RESALE = clause("spec.sale.best", "Whoever holds the best trump so far may sell it whenever he likes, and the "
                "same card can be bought and sold again within one deal (handbook); the Hoyle account instead "
                "gives the player who turns a good trump time to offer it before anyone turns another card.", R, H79, HOYLE,
                note=NOTE_MODERN + " Option resale: any-turn gives the chief hand a chance to sell before every "
                "turn; when-turned only right after a new best trump is shown.")
AUCTION = clause("spec.sale.auction", "A sale is made by asking who will buy: players offer prices, and the "
                 "seller takes the best offer or refuses them all.", R, HOYLE, H78,
                 note=NOTE_MODERN + " The price is paid by the buyer to the seller.")
AUCTION_ORDER = clause("spec.sale.auction-order", "Every other player may bid once, in turn from the seller's "
                       "left; each bid must beat the best so far and may not exceed the pool, and a bid of the "
                       "whole pool ends the bidding. A refused or bidless offer is not repeated that turn.", C, HOYLE,
                       note="The accounts do not say how offers are collected; one round of rising bids keeps the "
                       "auction short and finite, and nobody sensible pays more than the pool.")
WIN = clause("spec.win.best-trump", "When all the cards are turned, the holder of the best trump (by purchase or "
             "otherwise) takes the pool.", R, H78, HOYLE, note=NOTE_MODERN)
PEEK = clause("spec.penalty.peek", "A player who looks at a card out of turn pays a penalty into the pool and, "
              "if they prove the winner, cannot take the pool, which stays for the next deal.", R, H79,
              note=NOTE_MODERN)
PEEK_HOW = clause("spec.penalty.peek-action", "Looking out of turn is the action 'peek', open to a player at their "
                  "turn with two or more unturned cards: they see all of them; the penalty is peek_penalty "
                  "counters (default one).", C, H79,
                  note="The handbook names no amount; a penalty of one counter matches the other penalties.")
KNAVE_FIVE = clause("spec.penalty.knave-five", "Every Knave and every Five that is turned costs one counter, "
                    "paid into the pool by whoever owns the card when it is turned (a buyer, if it was sold face "
                    "down).", R, H79,
                    HOYLE, note=NOTE_MODERN + " A variant in the handbook, an ordinary rule in the Hoyle account "
                    "(option knave_five). The turn-up counts; the spare hand and a pool-owned turn-up do not.")
TURNUP_POOL = clause("spec.variant.turnup-pool", "By agreement the turn-up belongs to the pool and is not sold; "
                     "if it wins, the pool stays for the next deal, to which everyone stakes as usual.", R, H79,
                     note=NOTE_MODERN)
SPARE = clause("spec.variant.spare-hand", "A spare hand may be dealt to the middle of the table and turned when "
               "all other hands are done; if it holds the winning card, the pool stays for the next deal.", R,
               H79, HOYLE, note=NOTE_MODERN)
SPARE_DEAL = clause("spec.variant.spare-order", "The spare hand is dealt last in each round, after the dealer.", C,
                    H79, note="The accounts do not say where in the deal the spare hand comes.")
CARRY = clause("spec.settle.carry", "A pool that is not taken is carried to the next deal and added to the fresh "
               "stakes.", R, H79, HOYLE, note=NOTE_MODERN)
DEALS = clause("spec.game.deals", "A game is a fixed number of deals (by default each player deals once); a pool "
               "still on the table after the last deal is left there.", C, H78,
               note="The accounts describe single deals; the length of a sitting and the fate of a pool left at "
               "its end are not stated.")

# -- options and presets -----------------------------------------------------------------------------------------
MAX_PLAYERS = {"52": 10, "32": 6}


@dataclass(frozen=True)
class SpeculationOptions(Options):
    GAME = GAME
    pack: str = option("52", choices=("52", "32"), help="the pack: 52 cards, or 32 (Sevens to Aces)",
                       clause=PACK_32)
    stake: int = option(1, range=(1, 3), help="counters each player stakes (the dealer twice as many)",
                        clause=STAKE)
    turnup_sale: str = option("before", choices=("before", "before-or-after"),
                              help="when the dealer may sell the turn-up", clause=TURNUP_SALE)
    court_turnup: str = option("deal-passes", choices=("deal-passes", "play-on"),
                               help="an A, K, Q or J turn-up ends the deal at once", clause=COURT_RULE)
    resale: str = option("any-turn", choices=("any-turn", "when-turned"),
                         help="when the chief hand may sell the best trump", clause=RESALE)
    hand_sale: str = option("chief", choices=("chief", "unturned", "both", "none"),
                            help="who may sell unturned cards all together", clause=HAND_SALE)
    knave_five: str = option("off", choices=("off", "on"), help="one counter to the pool per Knave or Five turned",
                             clause=KNAVE_FIVE)
    turnup_pool: str = option("off", choices=("off", "on"), help="the turn-up belongs to the pool",
                              clause=TURNUP_POOL)
    spare_hand: str = option("off", choices=("off", "on"), help="deal a spare hand to the middle", clause=SPARE)
    peek_penalty: int = option(1, range=(1, 10), help="counters paid for looking at a card out of turn",
                               clause=PEEK_HOW)
    deals: int = option(0, range=(0, 100), help="deals in a game (0: each player deals once)", clause=DEALS)


_HANDBOOK = SpeculationOptions()
_HOYLE = SpeculationOptions(turnup_sale="before-or-after", court_turnup="play-on", resale="when-turned",
                            hand_sale="unturned", knave_five="on")
PRESETS = {
    "handbook": Preset("handbook", _HANDBOOK, R, (H77, H78, H79),
                       "The early-20th-century handbook's rules: turn-up sold only before turning, court turn-ups "
                       "end the deal, the best trump sold at any time.",
                       (DEALS, PEEK_HOW, AUCTION_ORDER, HAND_SHOWN, TURNUP_AFTER)),
    "hoyle": Preset("hoyle", _HOYLE, R, (HOYLE,),
                    "The Hoyle-style account: turn-up sold before or after turning, no court-card rule, a counter "
                    "for each Knave or Five, hands sold before any card is turned.",
                    (DEALS, PEEK_HOW, AUCTION_ORDER, HAND_SHOWN)),
    "pool-variants": Preset("pool-variants", SpeculationOptions(turnup_pool="on", spare_hand="on", knave_five="on"),
                            R, (H79, HOYLE),
                            "The handbook with all its ways of benefiting the pool: the turn-up belongs to the pool, "
                            "a spare hand, and the Knave-and-Five penalty.",
                            (DEALS, PEEK_HOW, AUCTION_ORDER, HAND_SHOWN, TURNUP_AFTER, COURT_POOL, SPARE_DEAL)),
    "short-pack": Preset("short-pack", SpeculationOptions(pack="32"), R, (H77,),
                         "The handbook's rules with the 32-card pack (up to six players).",
                         (DEALS, PEEK_HOW, AUCTION_ORDER, HAND_SHOWN, TURNUP_AFTER)),
}


class Phase(StrEnum):
    TURNUP_SALE = "turn-up-sale"   # the dealer: keep | offer turn-up
    WINDOW = "chief"               # the chief hand: keep | offer <card>
    TURN = "turn"                  # the turner: turn | offer card | offer hand | peek
    BID = "bid"                    # each other seat once: bid N | no-bid
    ACCEPT = "accept"              # the seller: accept | refuse
    OVER = "over"


def _rank(c: Card) -> int:
    return c.rank.index


def _name(c: Card) -> str:
    return f"the {c.name}"


class _Deal:
    """One deal's cards, owners, exposures, sales and ledger."""

    def __init__(self, number: int, dealer: int, carried_in: int) -> None:
        self.number = number
        self.dealer = dealer
        self.carried_in = carried_in
        self.ledger = Ledger()
        self.hands: list[list[Card]] = []
        self.hidden: list[list[Card]] = []
        self.spare: list[Card] | None = None
        self.spare_shown = False
        self.turnup: Card | None = None
        self.turnup_shown = False
        self.owner: dict[Card, int | None] = {}
        self.exposures: list[list] = []
        self.best: Card | None = None
        self.pointer = 0
        self.peeked: list[int] = []
        self.offers: list[dict] = []
        self.passed = False
        self.winner: int | None = None
        self.win_card: Card | None = None
        self.carried_out: int | None = None
        self.window_pending = False
        self.stays = ""
        self.rules: list[str] = []  # the clause ids applied in this deal, in first-use order
        self.turn_offers_left: set[str] = {"card", "hand"}

    def pool(self) -> int:
        return self.carried_in + self.ledger.balance(POOL)

    @property
    def done(self) -> bool:
        return self.carried_out is not None


class SpeculationState(State):
    game = GAME
    options: SpeculationOptions

    def __init__(self, options: SpeculationOptions, players: int, seed: int) -> None:
        if not isinstance(options, SpeculationOptions):
            raise RulesetError(f"speculation needs SpeculationOptions, not {type(options).__name__}")
        hi = MAX_PLAYERS[options.pack]
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= hi:
            raise RulesetError(f"Speculation with the {options.pack}-card pack is for 2 to {hi} players, "
                               f"not {players!r} ({PLAYERS})")
        super().__init__(options, players, seed)
        self.total_deals = options.deals or players
        self.pack = FULL_PACK if options.pack == "52" else stripped_pack("2 3 4 5 6".split())
        self.deals: list[_Deal] = []
        self._phase = Phase.OVER
        self.turner = 0
        self.auction: dict[str, Any] | None = None
        self._start_deal(0)

    # -- helpers ----------------------------------------------------------------------------------------------
    @property
    def deal(self) -> _Deal:
        return self.deals[-1]

    @property
    def phase(self) -> str:
        return self._phase.value

    def _trump(self) -> str | None:
        d = self.deal
        return d.turnup.suit.letter if d.turnup_shown else None

    def chief(self) -> int | None:
        """The seat holding the best trump shown so far (None: nobody, or the pool holds it)."""
        d = self.deal
        return None if d.best is None else d.owner.get(d.best)

    def _left(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _rule(self, *ids: str) -> None:
        for cid in ids:
            if cid not in self.deal.rules:
                self.deal.rules.append(cid)

    def _pays_to_pool(self, seat: int, counters: int, clause_id: str, reason: str) -> None:
        self.deal.ledger.pay(seat, POOL, counters, "pool", clause_id, reason)

    # -- dealing ----------------------------------------------------------------------------------------------
    def _start_deal(self, k: int) -> None:
        n = self.players
        carried = self.deals[-1].carried_out if self.deals else 0
        dealer = (n - 1 + k) % n
        d = _Deal(k + 1, dealer, carried)
        self.deals.append(d)
        o = self.options
        self._rule(PACK_52 if o.pack == "52" else PACK_32, RANKING, PLAYERS, STAKE, DEAL, TURNUP, NO_LOOK)
        if o.spare_hand == "on":
            self._rule(SPARE, SPARE_DEAL)
        if o.turnup_pool == "on":
            self._rule(TURNUP_POOL)
        for s in range(n):
            if s == dealer:
                self._pays_to_pool(s, 2 * o.stake, STAKE, f"the dealer's double stake ({2 * o.stake}) to the pool")
            else:
                self._pays_to_pool(s, o.stake, STAKE, f"stake of {o.stake} to the pool")
        cards = self._shuffle()
        order = [(dealer + 1 + i) % n for i in range(n)]
        d.hands = [[] for _ in range(n)]
        spare: list[Card] = []
        pos = 0
        for _ in range(3):
            for s in order:
                d.hands[s].append(cards[pos])
                pos += 1
            if o.spare_hand == "on":
                spare.append(cards[pos])
                pos += 1
        d.spare = spare if o.spare_hand == "on" else None
        d.turnup = cards[pos]
        d.hidden = [list(h) for h in d.hands]
        for s, h in enumerate(d.hands):
            for c in h:
                d.owner[c] = s
        for c in spare:
            d.owner[c] = None
        d.owner[d.turnup] = None if o.turnup_pool == "on" else dealer
        d.pointer = self._left(dealer)
        if o.turnup_pool == "on":
            self._turn_up()
        else:
            self._phase = Phase.TURNUP_SALE

    def _shuffle(self) -> list[Card]:
        """The shuffled pack for a new deal (tests override this to rig a deal)."""
        return shuffled(self.pack, self.rng)

    # -- exposing cards ---------------------------------------------------------------------------------------
    def _expose(self, c: Card, shown_by: int | None, payer: int | None) -> bool:
        """Turn ``c`` face up; charge any Knave/Five penalty to ``payer``. True if it is a new best trump."""
        d = self.deal
        d.exposures.append([shown_by, str(c)])
        if self.options.knave_five == "on" and c.rank.text in ("J", "5") and payer is not None:
            self._pays_to_pool(payer, 1, KNAVE_FIVE, f"{_name(c)} turned up: one counter to the pool")
        trump = self._trump()
        if trump is not None and c.suit.letter == trump and (d.best is None or _rank(c) > _rank(d.best)):
            if d.best is not None:
                self._rule(CHIEF)
            d.best = c
            return True
        return False

    def _turn_up(self) -> None:
        d = self.deal
        holder = d.owner[d.turnup]
        d.turnup_shown = True
        self._expose(d.turnup, holder, holder)
        d.best = d.turnup
        if self.options.court_turnup == "deal-passes" and d.turnup.rank.text in COURT:
            d.passed = True
            self._rule(COURT_RULE if holder is not None else COURT_POOL)
            self._finish_deal()
            return
        d.window_pending = holder is not None and self.options.turnup_sale == "before-or-after"
        if self.options.resale == "any-turn":
            d.window_pending = True
        self._advance()

    # -- the flow of a deal -----------------------------------------------------------------------------------
    def _window_allowed(self) -> bool:
        d = self.deal
        chief = self.chief()
        if chief is None:
            return False
        if d.best == d.turnup and self.options.turnup_sale == "before":
            self._rule(TURNUP_AFTER)
            return False
        return True

    def _next_turner(self) -> int:
        d = self.deal
        chief = self.chief()
        self._rule(PLAY_ORDER, ROUND)
        for i in range(self.players):
            s = (d.pointer + i) % self.players
            if d.hidden[s] and s != chief:
                return s
        assert chief is not None and d.hidden[chief]
        return chief

    def _advance(self) -> None:
        d = self.deal
        if not any(d.hidden):
            self._finish_deal()
            return
        if d.window_pending and self._window_allowed():
            self._phase = Phase.WINDOW
            return
        d.window_pending = False
        self.turner = self._next_turner()
        d.turn_offers_left = {"card", "hand"}
        self._phase = Phase.TURN

    def _after_exposure(self, new_best: bool) -> None:
        d = self.deal
        d.window_pending = self.options.resale == "any-turn" or new_best
        self._advance()

    def _finish_deal(self) -> None:
        d = self.deal
        if d.spare is not None and not d.passed:
            d.spare_shown = True
            for c in d.spare:
                self._expose(c, None, None)
        win = d.turnup if d.passed else d.best
        d.win_card = win
        holder = d.owner[win]
        pool = d.pool()
        if holder is None:
            why = ("the spare hand holds" if d.spare and win in d.spare else "the pool's own turn-up is")
            d.winner = None
            d.carried_out = pool
            self._rule(SPARE if why.startswith("the spare") else TURNUP_POOL, CARRY)
            d.stays = f"{why} {_name(win)}, the best trump: the pool stays"
        elif holder in d.peeked:
            d.winner = None
            d.carried_out = pool
            self._rule(PEEK, CARRY)
            d.stays = f"seat {holder} holds {_name(win)} but looked at a card out of turn: the pool stays"
        else:
            d.winner = holder
            if d.passed:
                reason = f"{_name(win)} turned up, a court card: the deal passes and its holder takes the pool"
                cl = COURT_RULE
            else:
                reason = f"holds {_name(win)}, the best trump in play: takes the pool"
                cl = WIN
            self._rule(cl)
            d.ledger.pay(POOL, holder, pool, "pool", cl, reason)
            d.carried_out = 0
            d.stays = ""
        self.auction = None
        if len(self.deals) < self.total_deals:
            self._start_deal(len(self.deals))
        else:
            self._rule(DEALS)
            self._phase = Phase.OVER

    # -- auctions ---------------------------------------------------------------------------------------------
    def _open_auction(self, seller: int, what: str, cards: list[Card], back: Phase) -> None:
        queue = [(seller + i) % self.players for i in range(1, self.players)]
        self._rule(AUCTION, AUCTION_ORDER,
                   {"turn-up": TURNUP_SALE, "card": HIDDEN_SALE, "hand": HAND_SALE, "best": RESALE}[what])
        if what == "hand":
            self._rule(HAND_SHOWN)
        self.auction = {"seller": seller, "what": what, "cards": cards, "queue": queue, "bids": [],
                        "high": None, "back": back}
        self._phase = Phase.BID

    def _close_auction(self, sold: bool) -> None:
        a = self.auction
        assert a is not None
        d = self.deal
        self.auction = None
        seller, what, cards = a["seller"], a["what"], a["cards"]
        buyer, price = (a["high"] if sold else (None, None))
        result = "sold" if sold else ("refused" if a["high"] else "no bids")
        d.offers.append({"seller": seller, "what": what, "cards": [str(c) for c in cards],
                         "bids": [list(b) for b in a["bids"]], "result": result, "buyer": buyer, "price": price})
        if sold:
            desc = {"turn-up": "the face-down turn-up", "card": "an unturned card", "hand": "unturned cards",
                    "best": _name(cards[0])}[what]
            cl = {"turn-up": TURNUP_SALE, "card": HIDDEN_SALE, "hand": HAND_SALE, "best": RESALE}[what]
            d.ledger.pay(buyer, seller, price, "sale", cl, f"buys {desc} from seat {seller} for {price}")
        if what == "turn-up":
            if sold:
                d.owner[d.turnup] = buyer
                d.pointer = self._left(buyer)
                self._rule(BUYER_LEFT)
            self._turn_up()
        elif what == "best":
            if sold:
                d.owner[cards[0]] = buyer
                d.pointer = self._left(buyer)
                self._rule(BUYER_LEFT)
            d.window_pending = False
            self._advance()
        elif sold:  # unturned card(s): turned at once, in the seller's place in the order
            new = False
            for c in cards:
                d.hidden[seller].remove(c)
                if self._expose(c, seller, buyer):
                    d.owner[c] = buyer
                    new = True
            d.pointer = self._left(buyer if new else seller)
            self._after_exposure(new)
        else:  # an unsold offer at a turn: back to the turner, without that offer
            d.turn_offers_left.discard(what)
            self._phase = Phase.TURN

    def _bid_cap(self) -> int:
        return max(1, self.deal.pool())

    # -- the state-machine interface --------------------------------------------------------------------------
    def current_player(self) -> int:
        p = self._phase
        if p == Phase.OVER:
            return TERMINAL
        if p == Phase.TURNUP_SALE:
            return self.deal.owner[self.deal.turnup]
        if p == Phase.WINDOW:
            return self.chief()
        if p == Phase.TURN:
            return self.turner
        if p == Phase.BID:
            return self.auction["queue"][0]
        return self.auction["seller"]

    def _can_sell_hand(self, seat: int) -> bool:
        d = self.deal
        rule = self.options.hand_sale
        if len(d.hidden[seat]) < 2 or "hand" not in d.turn_offers_left:
            return False
        chief_last = seat == self.chief()
        unturned = len(d.hidden[seat]) == 3
        return (rule in ("chief", "both") and chief_last) or (rule in ("unturned", "both") and unturned)

    def _legal(self) -> list[str]:
        p = self._phase
        d = self.deal
        if p == Phase.TURNUP_SALE:
            return ["keep", "offer turn-up"]
        if p == Phase.WINDOW:
            return ["keep", f"offer {d.best}"]
        if p == Phase.TURN:
            s = self.turner
            out = ["turn"]
            if "card" in d.turn_offers_left:
                out.append("offer card")
            if self._can_sell_hand(s):
                out.append("offer hand")
            if len(d.hidden[s]) >= 2 and s not in d.peeked:
                out.append("peek")
            return out
        if p == Phase.BID:
            high = self.auction["high"][1] if self.auction["high"] else 0
            return ["no-bid"] + [f"bid {n}" for n in range(high + 1, self._bid_cap() + 1)]
        if p == Phase.ACCEPT:
            return ["accept", "refuse"]
        return []

    def _apply(self, action: str) -> None:
        p = self._phase
        d = self.deal
        if p == Phase.TURNUP_SALE:
            if action == "keep":
                self._turn_up()
            else:
                self._open_auction(self.current_player(), "turn-up", [d.turnup], p)
        elif p == Phase.WINDOW:
            if action == "keep":
                d.window_pending = False
                self._advance()
            else:
                self._open_auction(self.chief(), "best", [d.best], p)
        elif p == Phase.TURN:
            s = self.turner
            if action == "turn":
                c = d.hidden[s].pop(0)
                new = self._expose(c, s, s)
                d.pointer = self._left(s)
                self._after_exposure(new)
            elif action == "offer card":
                self._open_auction(s, "card", [d.hidden[s][0]], p)
            elif action == "offer hand":
                self._open_auction(s, "hand", list(d.hidden[s]), p)
            else:  # peek
                d.peeked.append(s)
                self._rule(PEEK, PEEK_HOW)
                self._pays_to_pool(s, self.options.peek_penalty, PEEK,
                                   f"looked at a card out of turn: {self.options.peek_penalty} to the pool, "
                                   "and cannot take the pool this deal")
        elif p == Phase.BID:
            a = self.auction
            seat = a["queue"].pop(0)
            if action == "no-bid":
                a["bids"].append((seat, None))
            else:
                n = int(action.split()[1])
                a["bids"].append((seat, n))
                a["high"] = (seat, n)
                if n >= self._bid_cap():  # nobody can bid more: the others are not asked
                    a["queue"].clear()
            if not a["queue"]:
                if a["high"] is None:
                    self._close_auction(False)
                else:
                    self._phase = Phase.ACCEPT
        elif p == Phase.ACCEPT:
            self._close_auction(action == "accept")

    # -- views and records ------------------------------------------------------------------------------------
    def pool(self) -> int:
        """Counters in the pool now."""
        return self.deal.pool()

    def sees(self, seat: int | None, owner_seat: int) -> bool:
        """Whether ``seat`` can see ``owner_seat``'s unturned cards (only after looking: a peek)."""
        return seat is None or (seat == owner_seat and seat in self.deal.peeked)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        d = self.deal
        cur = self.current_player()
        seats = []
        net = self.net()
        for s in range(self.players):
            shown = [c for sh, c in d.exposures if sh == s]
            seats.append({"seat": s, "shown": shown, "unturned": len(d.hidden[s]),
                          "cards": format_cards(d.hidden[s]) if self.sees(seat, s) else None,
                          "peeked": s in d.peeked, "net": net[s],
                          "holds": [str(c) for c in (d.best,) if c is not None and d.owner.get(c) == s]})
        auction = None
        if self.auction is not None:
            a = self.auction
            visible = a["what"] == "best" or seat is None
            auction = {"seller": a["seller"], "what": a["what"],
                       "cards": [str(c) for c in a["cards"]] if visible else None,
                       "bids": [list(b) for b in a["bids"]], "high": list(a["high"]) if a["high"] else None,
                       "to_bid": list(a["queue"])}
        v = {"game": GAME, "ruleset": self.options.to_string(), "phase": self.phase, "seat": seat,
             "deal": d.number, "deals": self.total_deals, "dealer": d.dealer, "pool": d.pool(),
             "carried_in": d.carried_in,
             "turn_up": str(d.turnup) if (d.turnup_shown or seat is None) else None,
             "turn_up_shown": d.turnup_shown, "turn_up_holder": d.owner.get(d.turnup),
             "trump": self._trump(), "best": str(d.best) if d.best else None, "chief": self.chief(),
             "seats": seats, "exposures": [list(e) for e in d.exposures], "auction": auction,
             "spare": None if d.spare is None else {
                 "cards": format_cards(d.spare) if (d.spare_shown or seat is None) else None,
                 "shown": d.spare_shown},
             "to_act": None if cur == TERMINAL else cur,
             "legal": self.legal_actions() if (seat is None or seat == cur) else [],
             "over": cur == TERMINAL}
        return v

    def net(self) -> list[int]:
        tot = [0] * self.players
        for d in self.deals:
            for s, v in enumerate(d.ledger.net(self.players)):
                tot[s] += v
        return tot

    def _deal_record(self, d: _Deal) -> dict[str, Any]:
        holders = {str(c): s for c, s in d.owner.items()}
        net = d.ledger.net(self.players)
        rec = {
            "deal": d.number, "dealer": d.dealer,
            "hands": [format_cards(h) for h in d.hands],
            "spare": None if d.spare is None else format_cards(d.spare),
            "turn_up": str(d.turnup), "trump": d.turnup.suit.letter,
            "exposures": [list(e) for e in d.exposures],
            "offers": [dict(o) for o in d.offers],
            "sales": [{"seller": o["seller"], "buyer": o["buyer"], "what": o["what"], "cards": o["cards"],
                       "price": o["price"]} for o in d.offers if o["result"] == "sold"],
            "peeks": list(d.peeked),
            "passed": d.passed,
            "holders": holders,
            "best": str(d.win_card) if d.win_card else None,
            "winner": d.winner,
            "complete": d.done,
            "ledger": d.ledger.to_json(),
            "clauses": list(d.rules),
            "net": net,
            "carried_in": d.carried_in,
            "carried_out": d.carried_out if d.done else None,
        }
        if d.done and d.winner is None:
            rec["pool_stays"] = d.stays
        return rec

    def summary(self) -> dict[str, Any]:
        last = self.deals[-1]
        return {"deals": [self._deal_record(d) for d in self.deals], "net": self.net(),
                "pool_left": last.carried_out if self.is_terminal() else None}


# -- chances -----------------------------------------------------------------------------------------------------
def _positions(state: SpeculationState, seat: int | None):
    """(known [(key, card)], unknown [key], unseen [card]) from ``seat``'s point of view."""
    d = state.deal
    known: list[tuple[Any, Card]] = []
    unknown: list[Any] = []
    seen: set[Card] = set()
    exposed = {e[1] for e in d.exposures}
    where = {c: (s, i) for s, h in enumerate(d.hidden) for i, c in enumerate(h)}
    for c in d.owner:
        key = ("card", str(c))
        shown = str(c) in exposed
        if c == d.turnup:
            visible = d.turnup_shown or seat is None
            key = ("turn-up", str(c)) if visible else ("turn-up",)
        elif c in where:
            s, i = where[c]
            visible = state.sees(seat, s)
            if not visible:
                key = ("hidden", s, i)
        elif d.spare and c in d.spare and not d.spare_shown:
            visible = seat is None
            if not visible:
                key = ("spare", d.spare.index(c))
        else:
            visible = shown or seat is None
        if visible:
            known.append((key, c))
            seen.add(c)
        else:
            unknown.append(key)
    unseen = [c for c in state.pack if c not in seen]
    return known, unknown, unseen


def _holder_of_key(state: SpeculationState, key: tuple) -> int | None:
    d = state.deal
    if key[0] == "hidden":
        return key[1]
    if key[0] == "spare":
        return None
    if key[0] == "turn-up":
        return d.owner[d.turnup]
    return d.owner[Card.parse(key[1])]


def best_trump_chance(state: SpeculationState, seat: int | None) -> dict[Any, Fraction]:
    """Exact chance, from ``seat``'s view, that each position ends holding the winning card.

    Keys: ``("turn-up", "7H")`` / ``("turn-up",)`` (face down), ``("card", "QS")`` for a card ``seat`` can see,
    ``("hidden", s, i)`` for the ``i``-th unturned card of seat ``s``, ``("spare", i)``. Values sum to 1.
    """
    d = state.deal
    if d.done:
        raise RulesetError("the deal is over: there is nothing left to estimate")
    # Seats that have not looked at their cards share one view: cache it for the current position.
    view_key = (len(state.history), len(state.deals), seat if (seat is None or seat in d.peeked) else -1)
    cache = state.__dict__.setdefault("_chance_cache", {})
    if view_key in cache:
        return dict(cache[view_key])
    if len(cache) > 16:
        cache.clear()
    result = _best_trump_chance(state, seat)
    cache[view_key] = result
    return dict(result)


def _best_trump_chance(state: SpeculationState, seat: int | None) -> dict[Any, Fraction]:
    d = state.deal
    known, unknown, unseen = _positions(state, seat)
    court = state.options.court_turnup == "deal-passes"
    if d.turnup_shown or seat is None:
        trump = d.turnup.suit.letter
        tkey = None
    else:
        trump, tkey = None, ("turn-up",)
    if d.passed:
        return {k: Fraction(int(c == d.turnup)) for k, c in known} | {k: Fraction(0) for k in unknown}
    if seat is None and not d.turnup_shown and court and d.turnup.rank.text in COURT:
        return {k: Fraction(int(c == d.turnup)) for k, c in known}
    return win_chances(known, unknown, unseen, trump=trump, turnup_key=tkey,
                       court_passes=court and not d.turnup_shown)


def _key_str(key: tuple) -> str:
    if key[0] == "hidden":
        return f"seat {key[1]} card {key[2] + 1}"
    if key[0] == "spare":
        return f"spare card {key[1] + 1}"
    if key == ("turn-up",):
        return "turn-up (face down)"
    return key[1]


def analysis(state: SpeculationState, seat: int | None) -> dict[str, Any]:
    """JSON-ready exact chances for ``seat``'s view of the position.

    ``positions``: every card position in play (cards it has seen by name, the others as "seat 2 card 1", "spare
    card 1", "turn-up (face down)") with the chance it ends as the winning card and that chance times the pool;
    ``seats``: each seat's chance of holding the winning card as things stand (no further sales) and of taking the
    pool (nil for a seat barred by a peek); ``pool_stays``: the chance the pool is carried; ``on_offer``: for the
    decision now being made (a turn-up, card, hand or best trump for sale, or the card about to be turned), its
    chance and fair price (chance x pool).
    """
    d = state.deal
    if d.done or state.is_terminal():
        return {"seat": seat, "pool": d.pool(), "positions": [], "seats": [], "pool_stays": None,
                "on_offer": None, "note": "the game is over"}
    ch = best_trump_chance(state, seat)
    pool = d.pool()
    positions = []
    per_seat = [Fraction(0)] * state.players
    for key, p in ch.items():
        holder = _holder_of_key(state, key)
        positions.append({"position": _key_str(key), "holder": holder, "chance": float(p), "exact": _exact(p),
                          "value": float(p * pool)})
        if holder is not None:
            per_seat[holder] += p
    positions.sort(key=lambda x: -x["chance"])
    seats = []
    takes_total = Fraction(0)
    for s, p in enumerate(per_seat):
        takes = Fraction(0) if s in d.peeked else p
        takes_total += takes
        seats.append({"seat": s, "chance": float(p), "exact": _exact(p), "takes_pool": float(takes),
                      "value": float(takes * pool), "barred": s in d.peeked})
    on_offer = None
    if seat is not None and state._phase in (Phase.TURNUP_SALE, Phase.WINDOW, Phase.TURN, Phase.BID, Phase.ACCEPT):
        p = offered_chance(state, seat)
        what = state.auction["what"] if state.auction else {
            Phase.TURNUP_SALE: "turn-up", Phase.WINDOW: "best", Phase.TURN: "card"}[state._phase]
        on_offer = {"what": what, "chance": float(p), "exact": _exact(p), "fair_price": float(p * pool)}
    return {"seat": seat, "pool": pool, "trump": state._trump(), "best": str(d.best) if d.best else None,
            "positions": positions, "seats": seats, "pool_stays": float(1 - takes_total), "on_offer": on_offer}


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


# -- bots --------------------------------------------------------------------------------------------------------
def offered_chance(state: SpeculationState, seat: int) -> Fraction:
    """The chance, from ``seat``'s view, that what is on sale (or about to be) ends as the winning card."""
    d = state.deal
    ch = best_trump_chance(state, seat)
    a = state.auction
    what = a["what"] if a else None
    seller = a["seller"] if a else state.current_player()
    if what == "turn-up" or state._phase == Phase.TURNUP_SALE:
        return sum((p for k, p in ch.items() if k[0] == "turn-up"), Fraction(0))
    if what == "best" or state._phase == Phase.WINDOW:
        return ch.get(("card", str(d.best)), ch.get(("turn-up", str(d.best)), Fraction(0)))
    cards = a["cards"] if a else d.hidden[seller][:1]
    total = Fraction(0)
    for c in cards:
        i = d.hidden[seller].index(c)
        total += ch.get(("hidden", seller, i), ch.get(("card", str(c)), Fraction(0)))
    return total


class _ChanceBot(Bot):
    """Buys and sells by the exact chance scaled by the pool."""

    bid_factor = 0.7
    accept_factor = 0.8
    offer_rate = 0.5

    def choose(self, state: SpeculationState, seat: int) -> str:
        legal = state.legal_actions()
        phase = state._phase
        d = state.deal
        pool = d.pool()
        if phase == Phase.BID:
            if seat in d.peeked:
                return "no-bid"
            value = float(offered_chance(state, seat)) * pool * self.bid_factor * (0.9 + 0.2 * self.rng.random())
            high = state.auction["high"][1] if state.auction["high"] else 0
            n = min(int(value), state._bid_cap())
            return f"bid {n}" if n > high and f"bid {n}" in legal else "no-bid"
        if phase == Phase.ACCEPT:
            if seat in d.peeked:
                return "accept"
            value = float(offered_chance(state, seat)) * pool
            return "accept" if state.auction["high"][1] >= value * self.accept_factor else "refuse"
        if phase in (Phase.TURNUP_SALE, Phase.WINDOW):
            p = float(offered_chance(state, seat))
            # offer when the card is neither a near-certain winner nor too poor to fetch a counter
            worth = p < self.keep_above and p * pool >= 1.5
            if seat in d.peeked or (worth and self.rng.random() < self.offer_rate):
                return legal[1]
            return "keep"
        if phase == Phase.TURN:
            return self.turn(state, seat, legal)
        return legal[0]

    keep_above = 0.9

    def turn(self, state: SpeculationState, seat: int, legal: list[str]) -> str:
        return "turn"


class CautiousBot(_ChanceBot):
    """Bids well under the fair price, sells readily, never speculates on unturned cards."""

    name = "cautious"
    bid_factor = 0.6
    accept_factor = 0.75
    offer_rate = 0.8
    keep_above = 0.95


class SpeculatorBot(_ChanceBot):
    """Bids close to the fair price, holds out for it, and offers unturned cards and hands for sale."""

    name = "speculator"
    bid_factor = 0.95
    accept_factor = 1.05
    offer_rate = 0.5
    keep_above = 0.8

    def turn(self, state: SpeculationState, seat: int, legal: list[str]) -> str:
        d = state.deal
        if "offer hand" in legal:
            ch = best_trump_chance(state, seat)
            v = sum(ch.get(("hidden", seat, i), Fraction(0)) for i in range(len(d.hidden[seat])))
            if v * d.pool() >= 1 and self.rng.random() < 0.5:
                return "offer hand"
        if "offer card" in legal and float(offered_chance(state, seat)) * d.pool() >= 1 \
                and self.rng.random() < self.offer_rate:
            return "offer card"
        return "turn"


BOTS = {"random": RandomBot, "cautious": CautiousBot, "speculator": SpeculatorBot}


# -- CLI ---------------------------------------------------------------------------------------------------------
def _setup(options: SpeculationOptions, ns: argparse.Namespace) -> tuple[SpeculationOptions, int, int]:
    deals = getattr(ns, "deals", None)
    if deals is not None:
        options = options.with_options({"deals": str(deals)})
    players = ns.players if ns.players is not None else 4
    spec_players(options, players)
    seed = ns.seed if ns.seed is not None else 0
    return options, players, seed


def spec_players(options: SpeculationOptions, players: Any) -> int:
    hi = MAX_PLAYERS[options.pack]
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= hi:
        raise RulesetError(f"Speculation with the {options.pack}-card pack is for 2 to {hi} players, not {players!r}")
    return players


def _bots(ns: argparse.Namespace, players: int, seed: int) -> list[Bot]:
    names: list[str] = []
    for item in getattr(ns, "bots", None) or []:
        names.extend(x.strip() for x in item.split(",") if x.strip())
    if not names:
        names = ["speculator", "cautious"]
    if len(names) > players:
        raise RulesetError(f"{len(names)} bots named for {players} players")
    out = []
    for i in range(players):
        name = names[i % len(names)]
        if name not in BOTS:
            raise RulesetError(f"unknown bot {name!r} for speculation: known bots are {', '.join(BOTS)}")
        out.append(BOTS[name](seed * 1009 + i))
    return out


def _deal_text(rec: dict) -> list[str]:
    lines = [f"Deal {rec['deal']}: seat {rec['dealer']} deals; turn-up {rec['turn_up']} (trumps {rec['trump']}); "
             f"pool brought in {rec['carried_in']}"]
    for s, h in enumerate(rec["hands"]):
        lines.append(f"  seat {s}: {h}")
    if rec["spare"]:
        lines.append(f"  spare hand: {rec['spare']}")
    if rec["passed"]:
        lines.append("  court-card turn-up: the deal passes")
    for o in rec["offers"]:
        tail = f"sold to seat {o['buyer']} for {o['price']}" if o["result"] == "sold" else o["result"]
        lines.append(f"  seat {o['seller']} offers {o['what']} ({' '.join(o['cards'])}): {tail}")
    if rec.get("complete"):
        who = f"seat {rec['winner']} takes the pool" if rec["winner"] is not None else rec.get("pool_stays", "")
        lines.append(f"  best {rec['best']}: {who}; net {rec['net']}; carried out {rec['carried_out']}")
    return lines


def cli_play(options: SpeculationOptions, ns: argparse.Namespace) -> tuple[Any, str]:
    options, players, seed = _setup(options, ns)
    state = SpeculationState(options, players, seed)
    play_out(state, _bots(ns, players, seed))
    rec = state.to_record()
    lines = [f"Speculation, {players} players, seed {seed}, {options.to_string()}"]
    for d in rec["deals"]:
        lines.extend(_deal_text(d))
    lines.append(f"Net: {rec['net']}; left in the pool: {rec['pool_left']}")
    return rec, "\n".join(lines)


def cli_deal(options: SpeculationOptions, ns: argparse.Namespace) -> tuple[Any, str]:
    """One deal as dealt, with each seat's chance (from the table's view) of holding the winning card."""
    options, players, seed = _setup(options, ns)
    state = SpeculationState(options, players, seed)
    d = state.deals[0]
    table = analysis(state, d.dealer) if len(state.deals) == 1 and not d.done else None
    # From nobody's view (nothing turned yet): the chance that each seat's hand holds the winner.
    known, unseen = [], list(state.pack)
    keys = [("turn-up",)] + [("hidden", s, i) for s in range(players) for i in range(3)]
    if d.spare is not None:
        keys += [("spare", i) for i in range(3)]
    ch = win_chances(known, keys, unseen, trump=None, turnup_key=("turn-up",),
                     court_passes=options.court_turnup == "deal-passes")
    per_seat = [float(sum(ch[("hidden", s, i)] for i in range(3))) for s in range(players)]
    out = {"game": GAME, "ruleset": options.to_string(), "seed": seed, "players": players, "dealer": d.dealer,
           "hands": [format_cards(h) for h in d.hands], "spare": None if d.spare is None else format_cards(d.spare),
           "turn_up": str(d.turnup), "trump": d.turnup.suit.letter,
           "chance_before_turn_up": {"turn_up": float(ch[("turn-up",)]), "seats": per_seat},
           "dealer_view": table}
    d2 = SpeculationState(options, players, seed)
    if d2._phase == Phase.TURNUP_SALE:
        d2.apply("keep")
    dd = d2.deals[0]
    out["passed"] = dd.passed
    lines = [f"Speculation deal, {players} players, seed {seed}: seat {d.dealer} deals",
             *[f"  seat {s}: {h}" for s, h in enumerate(out["hands"])]]
    if out["spare"]:
        lines.append(f"  spare hand: {out['spare']}")
    lines.append(f"  turn-up {out['turn_up']}" + (" (a court card: the deal passes)" if dd.passed else ""))
    lines.append("  chance of holding the winning card before anything is turned: turn-up "
                 f"{out['chance_before_turn_up']['turn_up']:.3f}; "
                 + ", ".join(f"seat {s} {p:.3f}" for s, p in enumerate(per_seat)))
    return out, "\n".join(lines)


def new_state(options: SpeculationOptions, players: int, seed: int) -> SpeculationState:
    return SpeculationState(options, players, seed)


SPEC = register(GameSpec(
    name=GAME, title="Speculation", options=SpeculationOptions, presets=PRESETS, default_preset="handbook",
    players=(2, 10), new_state=new_state, bots=dict(BOTS), cli={"play": cli_play, "deal": cli_deal},
    analysis=analysis))
