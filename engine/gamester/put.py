"""Put (Cotton 1674, ch. XVI, pp. 131-132), its variants, and the related French game of Truc.

Read top to bottom: the clauses (every rule, with its source and status), the options and presets, the state
machine, the bots, the CLI handlers and the registration.

Seats are numbered 0 .. n-1 clockwise; the deal passes to the left (seat + 1), so the eldest hand, who receives the
first card and leads the first trick, is the dealer + 1. Actions:

- ``play QS``: lead or play a card to the trick;
- ``put``: before leading, challenge the other to play the deal out for the whole game;
- ``see`` / ``refuse``: answer a put (or, at Truc, ``accept`` / ``refuse`` a ``double``);
- ``throw-up``: give up the deal (costs a point);
- ``give QS`` / ``discard QS``: the exchange of four-handed Put.

Chance (the cut for the first deal, and each shuffle) comes from the state's own seeded ``rng`` through
:func:`gamester.cards.shuffled`, never from an action, so a record replays exactly.

The record (``to_record()``) adds to the core fields: ``cut`` (each round of cutting, ``[[seat, card], ...]``),
``first_dealer``, ``deals`` (per deal: ``number``, ``dealer``, ``hands`` as dealt, ``tricks`` with ``plays`` and
``winner`` (null for a tie), ``puts`` with their ``answers``, ``throw_ups``, ``doubles`` at Truc, ``exchange`` and
``playing`` at four hands, ``result`` and the ``points`` scored with clause and reason), ``score`` (per seat;
partners show their side's score), ``winner``, ``won_by`` (the clause that ended the game) and ``ledger`` (every
point, paid from the ``"stock"``). With ``rubber=2`` (Truc's rubber of two games) each deal also has its ``game``
number, ``score`` is the last game's, and ``rubber`` lists each finished game (its deals, score, winner and clause)
and the games won per seat.

Odds: :func:`analysis` (``SPEC.analysis``) and :func:`win_chance`; the model is in :mod:`gamester.put_odds`. They are
exact at two hands and at three from the second trick; the first trick at three hands is a seeded estimate (sample
size and standard error given); at four hands they are approximate. Each result says which (``method``, ``basis``).
Bots: ``calculating`` (plays, puts and sees by the odds), ``cautious``, ``bold`` (bluffs, as Cotton's "right
Gamester" does) and ``random``.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from enum import StrEnum
from itertools import product
from math import sqrt
from typing import Any, ClassVar

from . import put_odds
from .cards import Card, format_cards, pack, shuffled
from .clauses import cite, clause
from .errors import IllegalActionError, NotationError, RulesetError
from .game import TERMINAL, Bot, RandomBot, State
from .ledger import Ledger
from .registry import GameSpec, register
from .rulesets import Options, Preset, option

COTTON_131 = cite("cotton1674", "p. 131")
COTTON_132 = cite("cotton1674", "p. 132")
COTTON_131_2 = cite("cotton1674", "pp. 131-132")
COTTON_136_7 = cite("cotton1674", "pp. 136-137")
SEED_PUT = cite("seed-put", "Put")
SEED_FOUR = cite("seed-put", "Four-handed Put")
SEED_TRUC = cite("seed-put", "Truc")
TRUC_WIKIPEDIA = cite("wikipedia-truc", "section on the pack and card order")
RIDDLE = cite("rump1662", "p. 49")

# -- the clauses -------------------------------------------------------------------------------------------------
RANKS = clause(
    "put.pack.ranks",
    "The cards rank Three (best), Two, Ace, King, Queen, Knave, Ten and on down to the Four (meanest).",
    "attested", COTTON_132, SEED_PUT, RIDDLE)
SUITS = clause(
    "put.pack.suits",
    "Suits do not matter: there are no trumps and no need to follow suit; only ranks are compared.",
    "reconstructed", SEED_PUT, COTTON_132,
    note="Cotton ranks the cards without naming suits; the seed says outright that suit does not count.")
FULL_PACK_52 = clause(
    "put.pack.full",
    "The game is played with the whole pack of 52 cards.",
    "reconstructed", SEED_PUT,
    note="Cotton's ranking runs down to the Four, which implies a full pack; the seed states 52 cards.")
STRIPPED_28 = clause(
    "put.pack.stripped-28",
    "Stripped pack: the Fours to the Nines are taken out, leaving 28 cards (Three, Two, Ace, King, Queen, Knave, "
    "Ten).",
    "reconstructed", SEED_PUT,
    note="The seed says the pack is shortened 'to 32 cards' by stripping the Four to the Nine; that leaves 28. "
         "This option follows the ranks it names; put.pack.stripped-32 follows the count it gives.")
STRIPPED_32 = clause(
    "put.pack.stripped-32",
    "Stripped pack: the Fours to the Eights are taken out, leaving 32 cards (Three down to Nine).",
    "conjectural", SEED_PUT,
    note="Follows the seed's count of 32 cards, which stripping the Four to the Eight gives (its named ranges "
         "would leave 28); see put.pack.stripped-28.")
CUT_BEST = clause(
    "put.cut.best-deals",
    "To decide the first dealer each player cuts; the one who cuts the best Put card deals.",
    "attested", COTTON_131, SEED_PUT)
CUT_TIE = clause(
    "put.cut.tie-redraw",
    "If the best cut is shared, the players who share it cut again from the rest of the pack.",
    "conjectural", COTTON_131,
    note="Cotton does not say what happens on equal cuts; a fresh cut among the tied players is the usual remedy.")
SHUFFLE = clause(
    "put.deal.shuffle",
    "The dealer shuffles and the adversary cuts before each deal.",
    "attested", COTTON_131)
THREE_EACH = clause(
    "put.deal.three-each",
    "The dealer gives one card at a time, the adversary first, until each has three.",
    "attested", COTTON_131, SEED_PUT)
ALTERNATE = clause(
    "put.deal.alternates",
    "The deal alternates (passes to the left) from one deal to the next.",
    "reconstructed", SEED_PUT,
    note="Cotton names no rule for the next deal; the seed says the deal alternates and passes to the left.")
ELDEST_LEADS = clause(
    "put.trick.eldest-leads",
    "The eldest hand (the one dealt to first) leads to the first trick.",
    "reconstructed", SEED_PUT, COTTON_131,
    note="Cotton has the eldest put first, which implies he leads; the seed's account has the non-dealer lead.")
ANY_CARD = clause(
    "put.trick.any-card",
    "Any card may be led and any card played to it.",
    "reconstructed", SEED_PUT,
    note="Cotton's chapter does not say; the seed states it, and it follows from suits not counting.")
HIGHER_WINS = clause(
    "put.trick.higher-wins",
    "The higher card wins the trick, and the winner leads to the next.",
    "attested", COTTON_136_7, SEED_PUT)
TIE_TRICK = clause(
    "put.trick.tie",
    "Equal cards tie the trick: it belongs to neither player, and whoever led to it leads again.",
    "reconstructed", SEED_PUT, COTTON_131_2,
    note="Cotton names 'trick and tye' but not what a tied trick is; the seed gives the rule.")
WIN_DEAL = clause(
    "put.deal.two-tricks",
    "Whoever wins two tricks, or all three, wins the deal; one trick each and the third tied is won by neither "
    "(Cotton's 'trick and tye').",
    "attested", COTTON_131_2, SEED_PUT)
ONE_AND_TIES = clause(
    "put.deal.one-and-two-ties",
    "One trick with the other two tied also wins the deal.",
    "reconstructed", SEED_PUT,
    note="Not in Cotton; the seed (and the Truc rule it gives) count one trick and two ties as a win.")
ALL_TIED = clause(
    "put.deal.all-tied",
    "If every trick is tied, nobody wins the deal.",
    "conjectural", COTTON_131_2, SEED_PUT,
    note="No source speaks of it; like trick and tie, nobody has won more tricks, so nobody wins.")
DECIDED = clause(
    "put.deal.decided",
    "Once no card still in hand can change who wins the deal, the remaining cards are not played.",
    "conjectural", COTTON_131_2,
    note="A convenience: Cotton's 'two tricks or all three' shows the third card could be played, but it cannot "
         "change the result.")
PUT_ELDEST = clause(
    "put.put.eldest",
    "The eldest, thinking his cards better than his adversary's, may put to him before leading to the first trick.",
    "attested", COTTON_131)
PUT_ANY_LEAD = clause(
    "put.put.any-lead",
    "Either player, when about to lead to any trick, may put.",
    "reconstructed", SEED_PUT,
    note="The seed lets either player put whenever he is about to lead; Cotton only describes the eldest's put.")
PUT_REFUSED = clause(
    "put.put.refused",
    "If the other will not see the put, the putter wins one point and the deal ends.",
    "attested", COTTON_131, COTTON_132, SEED_PUT)
PUT_SEEN = clause(
    "put.put.seen",
    "If the other sees the put, the deal is played out, and whoever wins it wins the whole set (the game); at "
    "trick and tie neither wins.",
    "attested", COTTON_131_2, SEED_PUT)
NO_RECALL = clause(
    "put.put.no-recall",
    "A put once made cannot be recalled.",
    "attested", COTTON_132)
PUT_ONCE = clause(
    "put.put.once",
    "Once a put has been seen there is no further putting or throwing up in that deal.",
    "conjectural", COTTON_131,
    note="The seen deal is already played for the whole game, so a second put can add nothing.")
THROW_UP = clause(
    "put.throw-up.point",
    "A player may throw up his cards when it is his turn; the adversary scores one point (at Truc, the deal's "
    "value) and the deal ends.",
    "reconstructed", SEED_PUT, COTTON_132,
    note="The seed: whoever throws up his cards loses a point. Cotton's 'going to stock loseth one' is the "
         "refused put; throwing up at other moments is the seed's.")
FIVE_UP = clause(
    "put.game.five-up",
    "Five points up is the game.",
    "attested", COTTON_131, SEED_PUT)
PUT_GAME = clause(
    "put.game.put",
    "A seen put, won, is the game.",
    "attested", COTTON_131)
UNPUT_POINT = clause(
    "put.score.unput-point",
    "A deal played out without a put scores one point to whoever wins it.",
    "conjectural", COTTON_131, COTTON_132,
    note="Cotton does not say what a deal played without a put is worth; one point (like the variant without "
         "putting, where the winner of most tricks wins) keeps 'five up' reachable.")
UNPUT_GAME = clause(
    "put.score.unput-game",
    "Whoever wins a deal that is played out wins the game outright, put or no put; points come only from refusals "
    "and throw-ups.",
    "reconstructed", SEED_PUT,
    note="The seed's reading: the game is won outright by two tricks in a deal, regardless of points.")
NO_PUT_MOST = clause(
    "put.no-put.most-tricks",
    "Without putting, every deal is played out and the winner is he who wins most tricks.",
    "attested", COTTON_132)
NO_PUT_POINT = clause(
    "put.no-put.point",
    "Without putting, the winner of a deal scores one point.",
    "reconstructed", SEED_PUT,
    note="The seed gives one point to the winner of two or three tricks when playing without putting.")
THREE_HANDED = clause(
    "put.three.allowed",
    "Put may be played by three.",
    "attested", COTTON_131, SEED_PUT)
THREE_RULES = clause(
    "put.three.rules",
    "At three hands each trick goes to the single highest card (a shared highest card ties it); a put is answered "
    "by each other player in turn, and those who refuse drop out; if all refuse the putter scores one; a player "
    "who throws up drops out, and the last player left scores one; the deal is won by whoever wins more tricks "
    "than each other player still in.",
    "conjectural", COTTON_131, SEED_PUT,
    note="Neither source says how three play; this extends the two-handed rules as directly as possible.")
FOUR_PARTNERS = clause(
    "put.four.partners",
    "Four play as two sides (seats 0 and 2 against 1 and 3). In each side one player hands his strongest card "
    "across to the other, who discards one of his four; the two holders of three cards then play it out as at "
    "two-handed Put.",
    "reconstructed", SEED_FOUR,
    note="Cotton mentions only two and three hands; the seed describes the four-handed game.")
FOUR_WHO = clause(
    "put.four.who-gives",
    "The dealer and the eldest hand play; their partners give them their best card.",
    "conjectural", SEED_FOUR,
    note="The seed says only 'any two of the players'; this keeps the eldest leading and rotates with the deal.")
FOUR_SCORE = clause(
    "put.four.score",
    "Partners share their score: a point or the game won by either player is the partnership's.",
    "conjectural", SEED_FOUR,
    note="Follows from playing in partnership; the seed does not say how points are kept.")
TRUC_PACK = clause(
    "put.truc.pack",
    "Truc as the seed lists its ranks: Six (best), Seven, Ace, King, Queen, Knave, Ten: 28 cards.",
    "reconstructed", SEED_TRUC,
    note="The seed lists these seven ranks but calls it a 32-card pack: seven ranks make 28 cards. Published "
         "modern accounts give a 32-card pack ranked Seven, Eight, Ace, King, Queen, Knave, Ten, Nine, so the "
         "count is right and the list is shifted by one rank (see put.truc.pack-32). Kept as the seed's list.")
TRUC_PACK_32 = clause(
    "put.truc.pack-32",
    "Truc with 32 cards, Sevens to Aces: Seven (best), Eight, Ace, King, Queen, Knave, Ten, Nine; there is no Six.",
    "reconstructed", TRUC_WIKIPEDIA, SEED_TRUC,
    note="The pack and order of Wikipedia's article on Truc (which gives Lanes, 1912, and Sackson as its "
         "sources; neither is in the edition). The seed's count of 32 cards agrees; its list of ranks does not.")
TRUC_POINT = clause(
    "put.truc.point",
    "At Truc, two tricks, or one trick and two ties, win the deal and score its value (one point unless doubled); "
    "trick and tie scores nothing.",
    "reconstructed", SEED_TRUC,
    note="The seed states the winning condition; that trick and tie scores nothing follows Put.")
TRUC_DOUBLE = clause(
    "put.truc.double",
    "When about to play to a trick, a player may offer to double the value of the deal; the other accepts, or "
    "throws in his hand and the doubler scores the value before the double.",
    "reconstructed", SEED_TRUC,
    note="Truc is not in Cotton; the seed describes the offer to double and the right to throw in.")
TRUC_DOUBLE_TURNS = clause(
    "put.truc.double-turns",
    "The player who doubled last may not double again until the other has; no double once the deal is worth the "
    "game points or more.",
    "conjectural", SEED_TRUC,
    note="The seed does not limit doubling; without a limit two players could double forever.")
TRUC_GAME = clause(
    "put.truc.game",
    "Twelve points make the game at Truc.",
    "reconstructed", SEED_TRUC,
    note="The seed also makes two games a rubber: see put.truc.rubber (the option rubber).")
RUBBER = clause(
    "put.truc.rubber",
    "At Truc the first to win two games wins the rubber; each game is played to the game points from nothing.",
    "reconstructed", SEED_TRUC,
    note="The seed gives the rubber of two games for Truc only; the option rubber=2 may also be chosen for Put, "
         "where no source speaks of a rubber, and rubber=1 plays a single game. That each game starts from "
         "nothing follows from the seed's rule that a game is won by reaching twelve.")
RUBBER_DEAL = clause(
    "put.rubber.next-deal",
    "Between the games of a rubber the deal goes on passing to the left, as between deals; there is no fresh cut.",
    "conjectural", SEED_TRUC,
    note="The seed does not say who deals first in the second game; carrying on the rotation is the least "
         "change to the rules for a single game.")
TRUC_CUT = clause(
    "put.truc.cut",
    "At Truc the first dealer is decided as at Put, by the best card of the Truc ranking.",
    "conjectural", SEED_TRUC,
    note="The seed does not say how the first dealer is chosen.")
BLUFF = clause(
    "put.strategy.bluff",
    "A bold player will sometimes put on very bad cards (a Five, Seven and Nine) to make the other refuse.",
    "attested", COTTON_132, SEED_PUT)

PUT_ORDER = ("3", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
TRUC_ORDER = ("6", "7", "A", "K", "Q", "J", "10")        # the seed's list (28 cards)
TRUC_32_ORDER = ("7", "8", "A", "K", "Q", "J", "10", "9")  # the 32-card pack of the published accounts
_PACK_RANKS = {("put", "52"): 13, ("put", "32"): 8, ("put", "28"): 7, ("truc", "32"): 8, ("truc", "28"): 7}
_PACK_CLAUSE = {("put", "52"): FULL_PACK_52, ("put", "32"): STRIPPED_32, ("put", "28"): STRIPPED_28,
                ("truc", "28"): TRUC_PACK, ("truc", "32"): TRUC_PACK_32}


# -- options and presets ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PutOptions(Options):
    GAME: ClassVar[str] = "put"

    betting: str = option("put", choices=("put", "none", "double"), clause=PUT_ELDEST,
                          help="put: Put with putting; none: without putting (most tricks scores); double: Truc's "
                               "doubling")
    ranking: str = option("put", choices=("put", "truc"), clause=RANKS,
                          help="put: 3 2 A K Q J 10 .. 4; truc: 6 7 A K Q J 10 (28 cards) or 7 8 A K Q J 10 9 (32)")
    pack: str = option("52", choices=("52", "32", "28"), clause=FULL_PACK_52,
                       help="52 cards; 32 (Four to Eight stripped); 28 (Four to Nine stripped)")
    game_points: int = option(5, range=(1, 99), clause=FIVE_UP, help="points that make the game (five up)")
    put_at: str = option("first-lead", choices=("first-lead", "any-lead"), clause=PUT_ELDEST,
                         help="first-lead: only before the first card of a deal (Cotton); any-lead: before any lead")
    throw_up: str = option("never", choices=("never", "allowed"), clause=THROW_UP,
                           help="whether a player may throw up his cards at his turn (costs a point)")
    unput_deal: str = option("point", choices=("point", "game"), clause=UNPUT_POINT,
                             help="a deal played out without a put: one point, or the game outright (seed)")
    rubber: int = option(1, range=(1, 2), clause=RUBBER,
                         help="games to win the rubber: 1 (a single game) or 2 (the first to win two games; Truc)")

    def __post_init__(self) -> None:
        super().__post_init__()
        if (self.ranking, self.pack) not in _PACK_RANKS:
            raise RulesetError(f"option pack={self.pack} with ranking={self.ranking} for put: the Truc ranking "
                               f"has a 28- or 32-card pack only")

    @property
    def order(self) -> tuple[str, ...]:
        """Ranks in the pack, best first."""
        if (self.ranking, self.pack) == ("truc", "32"):
            return TRUC_32_ORDER
        full = PUT_ORDER if self.ranking == "put" else TRUC_ORDER
        return full[:_PACK_RANKS[(self.ranking, self.pack)]]


_COTTON = PutOptions()
_RECON = PutOptions(put_at="any-lead", throw_up="allowed", unput_deal="game")
PRESETS = {p.name: p for p in (
    Preset("cotton-1674", _COTTON, "attested", (COTTON_131, COTTON_132),
           "Cotton's Put: 52 cards, the eldest may put before the first trick, five up or a won put is the game",
           (TIE_TRICK, ONE_AND_TIES, ALL_TIED, DECIDED, CUT_TIE, PUT_ONCE, UNPUT_POINT, ALTERNATE, ELDEST_LEADS,
            SUITS, ANY_CARD, FULL_PACK_52, THREE_RULES, FOUR_PARTNERS, FOUR_WHO, FOUR_SCORE)),
    Preset("reconstruction", _RECON, "reconstructed", (SEED_PUT, COTTON_131),
           "The seed's fuller account: either player may put before any lead or throw up for a point; a deal "
           "played out wins the game outright",
           (ALL_TIED, DECIDED, CUT_TIE, PUT_ONCE, THREE_RULES, FOUR_WHO, FOUR_SCORE)),
    Preset("without-putting", PutOptions(betting="none"), "attested", (COTTON_132, SEED_PUT),
           "Cotton's variant without putting: every deal is played out and most tricks scores a point",
           (TIE_TRICK, ONE_AND_TIES, ALL_TIED, DECIDED, CUT_TIE, NO_PUT_POINT, ALTERNATE, ELDEST_LEADS, SUITS,
            ANY_CARD, FULL_PACK_52, THREE_RULES, FOUR_PARTNERS, FOUR_WHO, FOUR_SCORE)),
    Preset("stripped-28", PutOptions(pack="28"), "reconstructed", (SEED_PUT,),
           "Cotton's rules with the Four to the Nine stripped out (28 cards; the seed says 32)",
           (UNPUT_POINT, ALL_TIED, DECIDED, CUT_TIE, PUT_ONCE, THREE_RULES, FOUR_WHO, FOUR_SCORE)),
    Preset("stripped-32", PutOptions(pack="32"), "conjectural", (SEED_PUT,),
           "Cotton's rules with the Four to the Eight stripped out: the seed's 32 cards"),
    Preset("truc", PutOptions(betting="double", ranking="truc", pack="28", game_points=12, throw_up="allowed",
                              rubber=2),
           "reconstructed", (SEED_TRUC,),
           "The French game of Truc: 6 7 A K Q J 10 (28 cards), doubling, twelve points a game, the first to win "
           "two games wins the rubber",
           (ALL_TIED, DECIDED, TRUC_DOUBLE_TURNS, TRUC_CUT, RUBBER_DEAL)),
    Preset("truc-32", PutOptions(betting="double", ranking="truc", pack="32", game_points=12, throw_up="allowed",
                                 rubber=2),
           "reconstructed", (TRUC_WIKIPEDIA, SEED_TRUC),
           "Truc as published modern accounts give it: 32 cards ranked 7 8 A K Q J 10 9, doubling, twelve points "
           "a game, two games the rubber",
           (ALL_TIED, DECIDED, TRUC_DOUBLE_TURNS, TRUC_CUT, RUBBER_DEAL)),
)}


class Phase(StrEnum):
    EXCHANGE = "exchange"
    PLAY = "play"
    ANSWER_PUT = "answer-put"
    ANSWER_DOUBLE = "answer-double"
    OVER = "over"


def deal_result(won: dict[int, int]) -> int | None:
    """The seat that wins the deal from tricks won by the seats still in it, or None (trick and tie, all tied)."""
    best = max(won.values())
    top = [s for s, n in won.items() if n == best]
    return top[0] if best > 0 and len(top) == 1 else None


class PutState(State):
    """A whole game of Put (or Truc): deals until five up, a won put, or the game points."""

    game = "put"

    def __init__(self, options: PutOptions, players: int, seed: int) -> None:
        super().__init__(options, players, seed)
        o = options
        if o.betting == "double" and players != 2:
            raise RulesetError(f"Truc (betting=double) is for 2 players here, not {players}")
        self.partners = players == 4
        self.order = o.order
        self.strength = {r: len(self.order) - i for i, r in enumerate(self.order)}
        self.pack = pack(self.order)
        self.ledger = Ledger()
        self.score = [0] * self.sides
        self.deals: list[dict[str, Any]] = []
        self.games: list[dict[str, Any]] = []  # the finished games of a rubber (rubber > 1)
        self.games_won = [0] * self.sides
        self.winner: int | None = None
        self._phase = Phase.PLAY
        self._cut()
        self._start_deal()

    # -- helpers ---------------------------------------------------------------------------------------------
    @property
    def sides(self) -> int:
        return 2 if self.partners else self.players

    def side(self, seat: int) -> int:
        return seat % 2 if self.partners else seat

    def value(self, c: Card) -> int:
        return self.strength[c.rank.text]

    def _clockwise(self, start: int) -> list[int]:
        return [(start + i) % self.players for i in range(self.players)]

    def _cut(self) -> None:
        deck = shuffled(self.pack, self.rng)
        pos = 0
        contenders = list(range(self.players))
        self.cut: list[list[list[Any]]] = []
        while True:
            rnd = []
            for s in contenders:
                rnd.append([s, deck[pos]])
                pos += 1
            self.cut.append([[s, str(c)] for s, c in rnd])
            best = max(self.value(c) for _, c in rnd)
            contenders = [s for s, c in rnd if self.value(c) == best]
            if len(contenders) == 1 or pos + len(contenders) > len(deck):
                break
        self.first_dealer = contenders[0]
        self.dealer = self.first_dealer

    def _start_deal(self) -> None:
        n = self.players
        if self.deals:
            self.dealer = (self.dealer + 1) % n
        deck = shuffled(self.pack, self.rng)
        order = self._clockwise(self.dealer + 1)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(3 * n):
            self.hands[order[i % n]].append(deck[i])
        self.d: dict[str, Any] = {
            "number": len(self.deals) + 1, "dealer": self.dealer,
            "hands": [format_cards(h) for h in self.hands], "tricks": [], "puts": [], "throw_ups": [],
            "points": [], "result": None}
        if self.options.rubber > 1:
            self.d["game"] = len(self.games) + 1
        self.deals.append(self.d)
        self.tricks_won = [0] * n
        self.trick: list[tuple[int, Card]] = []
        self.played: list[Card] = []
        self.put_by: int | None = None
        self.put_seen = False
        self.answerers: list[int] = []
        self.value_now = 1
        self.last_doubler: int | None = None
        self.doubler: int | None = None
        self.discarded: dict[int, Card] = {}
        self.received: dict[int, Card] = {}
        self.leader = (self.dealer + 1) % n
        if self.options.betting == "double":
            self.d["doubles"] = []
        if self.partners:
            d = self.dealer
            self.active = [s in (d, (d + 1) % n) for s in range(n)]
            self.exchange_queue = [((d + 3) % n, "give"), ((d + 2) % n, "give"), ((d + 1) % n, "discard"),
                                   (d, "discard")]
            self.d["playing"] = [(d + 1) % n, d]
            self.d["exchange"] = []
            self._phase = Phase.EXCHANGE
        else:
            self.active = [True] * n
            self.exchange_queue = []
            self._phase = Phase.PLAY
        self.to_act = self.leader

    def _next_in_trick(self) -> int | None:
        played = {s for s, _ in self.trick}
        for s in self._clockwise(self.leader):
            if self.active[s] and s not in played:
                return s
        return None

    def _active(self) -> list[int]:
        return [s for s in range(self.players) if self.active[s]]

    # -- the state machine -----------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self._phase == Phase.OVER:
            return TERMINAL
        if self._phase == Phase.EXCHANGE:
            return self.exchange_queue[0][0]
        if self._phase == Phase.ANSWER_PUT:
            return self.answerers[0]
        return self.to_act

    @property
    def phase(self) -> str:
        return self._phase.value

    def _can_put(self) -> bool:
        o = self.options
        if o.betting != "put" or self.put_by is not None or self.trick:
            return False
        return o.put_at == "any-lead" or not self.played

    def _can_double(self, s: int) -> bool:
        return (self.options.betting == "double" and self.last_doubler != s
                and self.value_now < self.options.game_points)

    def _legal(self) -> list[str]:
        if self._phase == Phase.EXCHANGE:
            seat, kind = self.exchange_queue[0]
            hand = self.hands[seat]
            if kind == "give":
                top = max(self.value(c) for c in hand)
                return [f"give {c}" for c in self._sorted(hand) if self.value(c) == top]
            return [f"discard {c}" for c in self._sorted(hand)]
        if self._phase == Phase.ANSWER_PUT:
            return ["see", "refuse"]
        if self._phase == Phase.ANSWER_DOUBLE:
            return ["accept", "refuse"]
        s = self.to_act
        acts = [f"play {c}" for c in self._sorted(self.hands[s])]
        if self._can_put():
            acts.append("put")
        if self._can_double(s):
            acts.append("double")
        if self.options.throw_up == "allowed" and not self.put_seen:
            acts.append("throw-up")
        return acts

    def _sorted(self, cards: list[Card]) -> list[Card]:
        """Best first; equal ranks in suit order S H D C (a stable display order)."""
        return sorted(cards, key=lambda c: (-self.value(c), "SHDC".index(c.suit.letter)))

    def apply(self, action: str) -> None:
        """As :meth:`State.apply`, reading the card of ``play``/``give``/``discard`` in any notation (``play TH``)."""
        if isinstance(action, str):
            parts = action.split()
            if len(parts) == 2 and parts[0] in ("play", "give", "discard"):
                try:
                    action = f"{parts[0]} {Card.parse(parts[1])}"
                except NotationError as e:
                    raise NotationError(f"action {action!r}: {e}") from None
        super().apply(action)

    def _apply(self, action: str) -> None:
        verb, _, arg = action.partition(" ")
        s = self.current_player()
        if verb == "give":
            c = Card.parse(arg)
            partner = (s + 2) % self.players
            self.hands[s].remove(c)
            self.hands[partner].append(c)
            self.received[partner] = c
            self.d["exchange"].append({"seat": s, "gives": str(c), "to": partner, "clause": FOUR_PARTNERS})
            self._after_exchange_step()
        elif verb == "discard":
            c = Card.parse(arg)
            self.hands[s].remove(c)
            self.discarded[s] = c
            self.d["exchange"].append({"seat": s, "discards": str(c), "clause": FOUR_PARTNERS})
            self._after_exchange_step()
        elif verb == "play":
            self._play(s, Card.parse(arg))
        elif verb == "put":
            self.put_by = s
            self.d["puts"].append({"seat": s, "trick": len(self.d["tricks"]) + 1, "answers": [],
                                   "clause": PUT_ANY_LEAD if self.played else PUT_ELDEST})
            self.answerers = [x for x in self._clockwise(s + 1) if self.active[x] and x != s]
            self._phase = Phase.ANSWER_PUT
        elif verb == "see":
            self.d["puts"][-1]["answers"].append([s, "see"])
            self.answerers.pop(0)
            self._after_answer()
        elif verb == "refuse" and self._phase == Phase.ANSWER_PUT:
            self.d["puts"][-1]["answers"].append([s, "refuse"])
            self.active[s] = False
            self.answerers.pop(0)
            self._after_answer()
        elif verb == "double":
            self.doubler = s
            self.d["doubles"].append({"seat": s, "trick": len(self.d["tricks"]) + 1, "from": self.value_now,
                                      "answer": None})
            self._phase = Phase.ANSWER_DOUBLE
            self.to_act = self._opponent(s)
        elif verb == "accept":
            self.d["doubles"][-1]["answer"] = "accept"
            self.value_now *= 2
            self.last_doubler = self.doubler
            self.to_act = self.doubler
            self._phase = Phase.PLAY
        elif verb == "refuse":  # a double refused
            self.d["doubles"][-1]["answer"] = "refuse"
            doubler = self.doubler
            self._score(doubler, self.value_now, TRUC_DOUBLE,
                        f"seat {s} threw in rather than play for {self.value_now * 2}; seat {doubler} scores "
                        f"{self.value_now}")
            self._end_deal({"kind": "double-refused", "winner": doubler})
        elif verb == "throw-up":
            self._throw_up(s)
        else:  # pragma: no cover - _legal lists every verb handled above
            raise IllegalActionError(f"unhandled action {action!r}")

    def _opponent(self, s: int) -> int:
        return next(x for x in self._active() if x != s)

    def _after_exchange_step(self) -> None:
        self.exchange_queue.pop(0)
        if not self.exchange_queue:
            self._phase = Phase.PLAY
            self.to_act = self.leader

    def _after_answer(self) -> None:
        if self.answerers:
            return
        putter = self.put_by
        if any(a == "see" for _, a in self.d["puts"][-1]["answers"]):
            self.put_seen = True
            self._phase = Phase.PLAY
            self.to_act = putter
            return
        self._score(putter, 1, PUT_REFUSED, f"seat {putter} put and was not seen: one point")
        self._end_deal({"kind": "put-refused", "winner": putter})

    def _throw_up(self, s: int) -> None:
        self.d["throw_ups"].append({"seat": s, "trick": len(self.d["tricks"]) + 1})
        self.active[s] = False
        left = self._active()
        if len(left) == 1:
            w = left[0]
            pts = self.value_now if self.options.betting == "double" else 1
            self._score(w, pts, THROW_UP, f"seat {s} threw up his cards: seat {w} scores {pts}")
            self._end_deal({"kind": "thrown-up", "winner": w})
            return
        if s == self.leader and not self.trick:
            self.leader = next(x for x in self._clockwise(s + 1) if self.active[x])
        self._continue_trick()

    def _play(self, s: int, c: Card) -> None:
        self.hands[s].remove(c)
        self.played.append(c)
        self.trick.append((s, c))
        self._continue_trick()

    def _continue_trick(self) -> None:
        nxt = self._next_in_trick()
        if nxt is not None:
            self.to_act = nxt
            return
        plays = [(s, c) for s, c in self.trick if self.active[s]]
        top = max(self.value(c) for _, c in plays)
        best = [s for s, c in plays if self.value(c) == top]
        winner = best[0] if len(best) == 1 else None
        self.d["tricks"].append({"plays": [[s, str(c)] for s, c in self.trick], "winner": winner,
                                 "clause": HIGHER_WINS if winner is not None else TIE_TRICK})
        self.trick = []
        if winner is not None:
            self.tricks_won[winner] += 1
            self.leader = winner
        elif not self.active[self.leader]:
            self.leader = next(x for x in self._clockwise(self.leader + 1) if self.active[x])
        if self._decided():
            self._finish_deal()
        else:
            self.to_act = self.leader

    def _decided(self) -> bool:
        left = 3 - len(self.d["tricks"])
        seats = self._active()
        now = {s: self.tricks_won[s] for s in seats}
        if left == 0:
            return True
        outcomes = set()
        for assign in product([None, *seats], repeat=left):
            won = dict(now)
            for x in assign:
                if x is not None:
                    won[x] += 1
            outcomes.add(deal_result(won))
            if len(outcomes) > 1:
                return False
        return True

    def _finish_deal(self) -> None:
        o = self.options
        w = deal_result({s: self.tricks_won[s] for s in self._active()})
        if w is None:
            kind = "trick-and-tie" if any(self.tricks_won[s] for s in self._active()) else "all-tied"
            self._end_deal({"kind": kind, "winner": None,
                            "clause": WIN_DEAL if kind == "trick-and-tie" else ALL_TIED})
            return
        ties = sum(1 for t in self.d["tricks"] if t["winner"] is None)
        how = f"{self.tricks_won[w]} trick{'s' if self.tricks_won[w] > 1 else ''}" + (
            f" and {ties} tie{'s' if ties > 1 else ''}" if ties else "")
        deal_clause = ONE_AND_TIES if self.tricks_won[w] == 1 else WIN_DEAL
        if o.betting == "double":
            self._score(w, self.value_now, TRUC_POINT, f"seat {w} won the deal ({how}): {self.value_now}")
            self._end_deal({"kind": "won", "winner": w, "clause": deal_clause})
        elif o.betting == "none":
            self._score(w, 1, NO_PUT_POINT, f"seat {w} won most tricks ({how}): one point")
            self._end_deal({"kind": "won", "winner": w, "clause": NO_PUT_MOST})
        elif self.put_seen:
            self._end_deal({"kind": "put-won", "winner": w, "clause": PUT_SEEN}, game_to=w)
        elif o.unput_deal == "game":
            self._end_deal({"kind": "won-outright", "winner": w, "clause": UNPUT_GAME}, game_to=w)
        else:
            self._score(w, 1, UNPUT_POINT, f"seat {w} won the deal ({how}) without a put: one point")
            self._end_deal({"kind": "won", "winner": w, "clause": deal_clause})

    def _score(self, seat: int, pts: int, clause_id: str, reason: str) -> None:
        self.ledger.pay("stock", seat, pts, "points", clause_id, reason)
        self.score[self.side(seat)] += pts
        self.d["points"].append({"seat": seat, "points": pts, "clause": clause_id, "reason": reason})

    def _end_deal(self, result: dict[str, Any], game_to: int | None = None) -> None:
        self.d["result"] = result
        if self.trick:  # the deal ended in the middle of a trick (a refusal or a throw-up): keep what was played
            self.d["unfinished_trick"] = [[s, str(c)] for s, c in self.trick]
        target = self.options.game_points
        game_winner = None
        if game_to is not None:
            game_winner = game_to
            self.game_by = PUT_GAME if result["kind"] == "put-won" else UNPUT_GAME
        else:
            leaders = [x for x in range(self.sides) if self.score[x] >= target]
            if leaders:
                game_winner = result["winner"]
                self.game_by = TRUC_GAME if self.options.betting == "double" else FIVE_UP
        if game_winner is not None and self.options.rubber > 1:
            side = self.side(game_winner)
            self.games_won[side] += 1
            first = self.games[-1]["deals"][1] + 1 if self.games else 1
            self.games.append({"number": len(self.games) + 1, "deals": [first, len(self.deals)],
                               "score": [self.seat_score(s) for s in range(self.players)],
                               "winner": game_winner, "won_by": self.game_by})
            if self.games_won[side] < self.options.rubber:  # the rubber goes on: a new game from nothing
                self.score = [0] * self.sides
                game_winner = None
        if game_winner is not None:
            self.winner = game_winner
            self._phase = Phase.OVER
            return
        self._start_deal()

    # -- views and records -----------------------------------------------------------------------------------
    def seat_score(self, seat: int) -> int:
        return self.score[self.side(seat)]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        cp = self.current_player()
        v: dict[str, Any] = {
            "game": self.game, "ruleset": self.options.to_string(), "players": self.players, "phase": self.phase,
            "current": None if cp == TERMINAL else cp, "dealer": self.dealer, "deal": len(self.deals),
            "score": [self.seat_score(s) for s in range(self.players)], "winner": self.winner,
            "ranking": " ".join(self.order), "active": self._active(),
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [[s, str(c)] for s, c in self.trick], "tricks": self.d["tricks"],
            "tricks_won": list(self.tricks_won), "leader": self.leader,
            "put": ({"seat": self.put_by, "seen": self.put_seen, "answers": self.d["puts"][-1]["answers"]}
                    if self.put_by is not None else None),
        }
        if self.options.betting == "double":
            v["value"] = self.value_now
            v["last_doubler"] = self.last_doubler
        if self.options.rubber > 1:
            v["games_won"] = [self.games_won[self.side(s)] for s in range(self.players)]
            v["game"] = len(self.games) + (0 if self.is_terminal() else 1)
        if self.partners:
            v["partners"] = [[0, 2], [1, 3]]
            v["playing"] = self.d["playing"]
        if len(self.deals) > 1 or self.is_terminal():  # how the last finished deal went (no hidden hands)
            last = self.deals[-1] if self.is_terminal() else self.deals[-2]
            v["last_deal"] = {k: last[k] for k in ("number", "dealer", "tricks", "puts", "throw_ups", "result",
                                                   "points", "doubles") if k in last}
        if seat is None:
            v["hands"] = [format_cards(self._sorted(h)) for h in self.hands]
            v["dealt"] = self.d["hands"]
        else:
            if not 0 <= seat < self.players:
                raise NotationError(f"seat {seat!r}: Put here has seats 0 .. {self.players - 1}")
            v["seat"] = seat
            v["hand"] = format_cards(self._sorted(self.hands[seat]))
            if seat in self.received:
                v["received"] = str(self.received[seat])
            if seat in self.discarded:
                v["discarded"] = str(self.discarded[seat])
            given = [e["gives"] for e in self.d.get("exchange", []) if e.get("seat") == seat and "gives" in e]
            if given:
                v["gave"] = given[0]
        v["legal"] = self.legal_actions() if (seat is None or seat == cp) else []
        return v

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "cut": self.cut, "first_dealer": self.first_dealer, "deals": self.deals,
            "score": [self.seat_score(s) for s in range(self.players)], "winner": self.winner,
            "ledger": self.ledger.to_json()}
        if self.partners:
            out["partners"] = [[0, 2], [1, 3]]
            out["winning_side"] = None if self.winner is None else [self.winner % 2, self.winner % 2 + 2]
        if self.winner is not None:
            out["won_by"] = self.game_by
        if self.options.rubber > 1:  # "score" is the last game's; each finished game is listed here
            out["rubber"] = {"games_to_win": self.options.rubber, "clause": RUBBER, "next_deal_clause": RUBBER_DEAL,
                             "games": self.games,
                             "games_won": [self.games_won[self.side(s)] for s in range(self.players)]}
        return out


def new_state(options: PutOptions, players: int, seed: int) -> PutState:
    SPEC.check_players(players)
    if not isinstance(options, PutOptions):
        raise RulesetError(f"options for put must be PutOptions, not {type(options).__name__}")
    return PutState(options, players, seed)


# -- analysis -----------------------------------------------------------------------------------------------
def _position(state: PutState, seat: int) -> dict[str, Any] | str:
    """The seat's position as the odds functions take it, or the reason there are no exact odds."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise NotationError(f"seat {seat!r}: this game has seats 0 .. {state.players - 1}")
    if state.is_terminal():
        return "the game is over"
    if state._phase == Phase.EXCHANGE:
        return "the exchange of four-handed Put is not finished"
    act = state._active()
    if seat not in act:
        return f"seat {seat} is not playing this deal"
    seen = list(state.hands[seat]) + state.played
    if seat in state.discarded:
        seen.append(state.discarded[seat])
    counts = [0] * len(state.order)
    for c in state.pack:
        counts[state.value(c) - 1] += 1
    for c in seen:
        counts[state.value(c) - 1] -= 1
    if len(act) == 3:  # three in the deal: the others clockwise from the seat
        rel = [seat, (seat + 1) % 3, (seat + 2) % 3]
        return {"three": True, "mine": tuple(sorted(state.value(c) for c in state.hands[seat])),
                "ka": len(state.hands[rel[1]]), "kb": len(state.hands[rel[2]]), "counts": tuple(counts),
                "leader": rel.index(state.leader), "table": tuple(state.value(c) for _, c in state.trick),
                "won": tuple(state.tricks_won[s] for s in rel)}
    opp = act[0] if act[1] == seat else act[1]
    table = state.value(state.trick[0][1]) if state.trick else 0
    # whose card comes next in the trick play (betting answers aside)
    next_card = state.leader if not state.trick else opp if state.trick[0][0] == seat else seat
    return {"mine": tuple(sorted(state.value(c) for c in state.hands[seat])), "k": len(state.hands[opp]),
            "counts": tuple(counts), "me_lead": state.leader == seat, "table": table,
            "mw": state.tricks_won[seat], "tw": state.tricks_won[opp], "me_to_play": next_card == seat,
            "opp": opp}


def analysis(state: PutState, seat: int, estimate: bool = True) -> dict[str, Any]:
    """The seat's exact chances of winning the deal from what it has seen (model: :mod:`gamester.put_odds`).

    ``{"win", "tie", "lose"}`` are fractions of the hands the other might hold; ``"cards"`` (when the seat is to
    play) gives them after each of its cards; ``"basis"`` says what they rest on (or why there are none), and
    ``"method"`` how they were reached: ``exact``; ``approximate`` at four hands (the model does not know that the
    other was given his partner's best card and laid one out); ``monte-carlo`` for the first trick with three in
    the deal, with ``"samples"`` and ``"standard_error"`` (see :func:`gamester.put_odds.odds3_auto`). With
    ``estimate=False`` (the bots) no sampled figures are computed: ``win`` is None there instead.
    """
    pos = _position(state, seat)
    if isinstance(pos, str):
        return {"win": None, "tie": None, "lose": None, "basis": pos}
    if pos.get("three"):
        if not estimate and pos["ka"] + pos["kb"] > put_odds.EXACT3_CARDS:
            return {"win": None, "tie": None, "lose": None,
                    "basis": "three in the deal: the odds of the first trick are estimated (not asked for)"}
        return _analysis3(state, seat, pos)
    (w, t, lo, total), per = put_odds.odds(pos["mine"], pos["k"], pos["counts"], pos["me_lead"], pos["table"],
                                           pos["mw"], pos["tw"], pos["me_to_play"])
    out: dict[str, Any] = {"win": w / total, "tie": t / total, "lose": lo / total, "hands": total,
                           "basis": put_odds.BASIS, "seat": seat, "method": "exact"}
    if state.partners:
        out["method"] = "approximate"
        out["basis"] = put_odds.BASIS_FOUR
    if per:
        by_value = {v: {"win": a / tt, "tie": b / tt, "lose": cc / tt} for v, (a, b, cc, tt) in per}
        out["cards"] = {f"play {c}": by_value[state.value(c)] for c in state._sorted(state.hands[seat])}
    return out


def _analysis3(state: PutState, seat: int, pos: dict[str, Any]) -> dict[str, Any]:
    """Three in the deal (:func:`gamester.put_odds.odds3`): exact where quick, else a seeded sample, said so."""
    (w, t, lo, total), per, samples = put_odds.odds3_auto(pos["mine"], pos["ka"], pos["kb"], pos["counts"],
                                                           pos["leader"], pos["table"], pos["won"])
    out: dict[str, Any] = {"win": w / total, "tie": t / total, "lose": lo / total, "hands": total, "seat": seat}
    if samples is None:
        out["method"] = "exact"
        out["basis"] = put_odds.BASIS_THREE
    else:
        se = {k: sqrt(x / total * (1 - x / total) / total) for k, x in (("win", w), ("tie", t), ("lose", lo))}
        out["method"] = "monte-carlo"
        out["samples"] = samples
        out["standard_error"] = se
        out["basis"] = put_odds.basis_sampled(samples, se["win"])
    if per:
        by_value = {v: {"win": a / tt, "tie": b / tt, "lose": cc / tt} for v, (a, b, cc, tt) in per}
        out["cards"] = {f"play {c}": by_value[state.value(c)] for c in state._sorted(state.hands[seat])}
    return out


def odds_against_strong(state: PutState, seat: int, share: float) -> tuple[float, float] | None:
    """(win, lose) for the seat if the other's unseen cards are among the best ``share`` of the hands he might
    hold (what a put or a see suggests), or None where there are no exact odds.

    With three cards unplayed, hands are rated by their strength at the start of a deal; later, by the other's own
    exact odds from what he has seen."""
    pos = _position(state, seat)
    if isinstance(pos, str) or pos.get("three"):
        return None
    opp_played = any(s == pos["opp"] for t in state.d["tricks"] for s, _ in t["plays"])
    if pos["k"] == 3 and not opp_played and not state.played:
        (w, _t, lo, total), _ = put_odds.odds_given_strong(
            pos["mine"], pos["counts"], pos["me_lead"], pos["table"], pos["mw"], pos["tw"], pos["me_to_play"],
            len(state.order), share)
    elif pos["k"] <= 2:
        base = [0] * len(state.order)  # what the other cannot see: the pack less the cards played
        for c in state.pack:
            base[state.value(c) - 1] += 1
        for c in state.played:
            base[state.value(c) - 1] -= 1
        (w, _t, lo, total), _ = put_odds.odds_given_strong_late(
            pos["mine"], pos["k"], pos["counts"], tuple(base), pos["me_lead"], pos["table"], pos["mw"], pos["tw"],
            pos["me_to_play"], share)
    else:
        return None
    return w / total, lo / total


def win_chance(state: PutState, seat: int) -> float | None:
    """The seat's exact chance of winning the deal (see :func:`analysis`), or None where it is not computed."""
    return analysis(state, seat)["win"]


# -- bots -----------------------------------------------------------------------------------------------------
def _need(state: PutState, seat: int) -> tuple[int, int]:
    target = state.options.game_points
    me = state.seat_score(seat)
    them = max(state.score[x] for x in range(state.sides) if x != state.side(seat))
    return target - me, target - them


GAMMA = 1.0


def _game_chance(need_me: int, need_them: int) -> float:
    """A rough chance of winning the game from the points each side still needs."""
    if need_them <= 0:
        return 0.0
    if need_me <= 0:
        return 1.0
    return need_them ** GAMMA / (need_me ** GAMMA + need_them ** GAMMA)


class _PutBot(Bot):
    """Shared card play: heuristics (win cheaply, else throw the lowest); subclasses decide puts and answers."""

    put_at = 0.8       # put when the chance of winning the deal is at least this
    see_at = 0.55      # see when the chance is at least this
    bluff = 0.0        # chance of putting whatever the cards
    throw_at = 0.0     # throw up (where allowed) below this chance
    exact_play = False

    def choose(self, state: PutState, seat: int) -> str:
        legal = state.legal_actions()
        ph = state._phase
        if ph == Phase.EXCHANGE:
            if legal[0].startswith("give"):
                return legal[0]
            return legal[-1]  # discard the lowest (legal is best first)
        info = analysis(state, seat, estimate=False)  # the bots do without sampled odds (too slow for playouts)
        p = info["win"]
        if p is None:
            p = self._strength(state, seat)
            lose = 1 - p
        else:
            lose = info["lose"]
        if ph == Phase.ANSWER_PUT:
            return "see" if self._see(state, seat, p, lose) else "refuse"
        if ph == Phase.ANSWER_DOUBLE:
            return "accept" if p - lose >= -0.5 + (0.25 if self.see_at > 0.5 else 0.0) else "refuse"
        if "put" in legal and self._put(state, seat, p, lose):
            return "put"
        if "double" in legal and p - lose >= (0.5 if self.see_at > 0.5 else 0.3):
            return "double"
        if "throw-up" in legal and self._throw(state, seat, p, lose):
            return "throw-up"
        plays = [a for a in legal if a.startswith("play ")]
        if self.exact_play and info.get("cards"):
            cards = info["cards"]
            return max(plays, key=lambda a: (cards[a]["win"] - cards[a]["lose"], cards[a]["win"], -plays.index(a)))
        return self._heuristic_play(state, seat, plays)

    def _strength(self, state: PutState, seat: int) -> float:
        """Without exact odds: the mean rank of the hand, scaled 0..1."""
        hand = state.hands[seat]
        if not hand:
            return 0.5
        top = len(state.order)
        return sum(state.value(c) - 1 for c in hand) / (len(hand) * (top - 1))

    def _heuristic_play(self, state: PutState, seat: int, plays: list[str]) -> str:
        cards = [(state.value(Card.parse(a.split()[1])), a) for a in plays]  # best first
        if not state.trick:
            return cards[0][1]  # lead the best
        top = max(state.value(c) for _, c in state.trick)
        beating = [x for x in cards if x[0] > top]
        if beating:
            return beating[-1][1]  # the cheapest winner
        equal = [x for x in cards if x[0] == top]
        if equal:
            return equal[0][1]
        return cards[-1][1]

    def _put(self, state: PutState, seat: int, p: float, lose: float) -> bool:
        return p >= self.put_at or self.rng.random() < self.bluff

    def _see(self, state: PutState, seat: int, p: float, lose: float) -> bool:
        need_me, need_them = _need(state, seat)
        if need_them <= 1:
            return True  # refusing would give the game away
        return p >= self.see_at

    def _throw(self, state: PutState, seat: int, p: float, lose: float) -> bool:
        return p < self.throw_at and _need(state, seat)[1] > 1


class CautiousBot(_PutBot):
    """Puts only on very good cards, sees only on good ones, never bluffs."""

    name = "cautious"
    put_at = 0.8
    see_at = 0.6
    throw_at = 0.1


class BoldBot(_PutBot):
    """Puts often and sometimes on very bad cards, as Cotton's 'right Gamester' does (put.strategy.bluff)."""

    name = "bold"
    put_at = 0.5
    see_at = 0.35
    bluff = 0.3


class CalculatingBot(_PutBot):
    """Plays each card by the exact odds, and puts, sees, doubles and throws up by weighing them against the
    score (a put signals a good hand, so it sees only with a margin)."""

    name = "calculating"
    exact_play = True
    see_at = 0.55
    bluff = 0.05

    #: a put or a see says the hand behind it is good: the uniform odds are lowered by this much when the other
    #: has put (answering) or would see (putting)
    signal = 0.1
    #: the share of hands the other is taken to put with, and to see with, where the exact odds can be conditioned
    puts_with = 0.35
    throw_margin = 0.15  # throw up only when clearly worse off playing on (measured: see benchmarks/bench_put.py)
    sees_with = 0.5

    def _values(self, state: PutState, seat: int, p: float, lose: float) -> dict[str, float]:
        """Rough chances of winning the game after each choice, from the deal odds and the points still needed."""
        a, b = _need(state, seat)
        tie = max(0.0, 1 - p - lose)
        g = _game_chance
        for_game = state.put_seen or state.options.unput_deal == "game"
        play = p + tie * g(a, b) if for_game else p * g(a - 1, b) + lose * g(a, b - 1) + tie * g(a, b)
        ps = max(0.0, p - self.signal)
        return {"play": play, "throw": g(a, b - 1), "refused": g(a - 1, b),
                "seen": ps + tie * g(a, b), "see": ps + tie * g(a, b)}

    def _put(self, state: PutState, seat: int, p: float, lose: float) -> bool:
        v = self._values(state, seat, p, lose)
        strong = odds_against_strong(state, seat, self.sees_with)
        if strong is not None:  # the other sees only with a good hand: weigh the seen put against those
            v["seen"] = self._values(state, seat, strong[0] + self.signal, strong[1])["seen"]
        if min(v["seen"], v["refused"]) >= v["play"] - 0.02 and p >= 0.5:
            return True
        return p < 0.25 and self.rng.random() < self.bluff

    def _see(self, state: PutState, seat: int, p: float, lose: float) -> bool:
        strong = odds_against_strong(state, seat, self.puts_with)
        if strong is not None:  # the putter is taken to hold one of the best hands
            p, lose = strong[0] + self.signal, strong[1]
        v = self._values(state, seat, p, lose)
        return v["see"] >= v["throw"]

    def _throw(self, state: PutState, seat: int, p: float, lose: float) -> bool:
        if state.options.betting != "put":
            return False
        v = self._values(state, seat, p, lose)
        return v["throw"] > v["play"] + self.throw_margin


class PutRandomBot(RandomBot):
    """Uniform over the legal actions (the baseline)."""


#: The strongest first (the widgets' default opponent is the first bot that is not ``random``).
BOTS = {"calculating": CalculatingBot, "cautious": CautiousBot, "bold": BoldBot, "random": PutRandomBot}


# -- CLI ---------------------------------------------------------------------------------------------------------
def _bots(ns: argparse.Namespace, players: int, seed: int) -> list[Bot]:
    names: list[str] = []
    given = getattr(ns, "bots", None) or []
    for item in given:
        names += [x.strip() for x in str(item).split(",") if x.strip()]
    if given and not names:
        raise RulesetError(f"--bots {','.join(map(str, given))!r} names no bot: known bots are {', '.join(BOTS)}")
    if not names:
        names = ["calculating"]
    if players % len(names) == 0:
        names = names * (players // len(names))  # one name for all; two for two partnerships
    if len(names) != players:
        raise RulesetError(f"--bots names {len(names)} bots for {players} players: give one, or one per seat")
    return [SPEC.make_bot(n, seed * 1000 + i) for i, n in enumerate(names)]


def _players_seed(ns: argparse.Namespace) -> tuple[int, int]:
    deals = getattr(ns, "deals", None)
    if deals is not None:
        raise RulesetError(f"--deals {deals} does not apply to put: a game of Put (or Truc) is played until one "
                           f"side has the game (five up, a won put, or game_points); set its length with "
                           f"--option game_points=N or --option rubber=1|2")
    players = ns.players if getattr(ns, "players", None) is not None else 2
    seed = ns.seed if getattr(ns, "seed", None) is not None else 0
    SPEC.check_players(players)
    return players, seed


def _play_until(state: PutState, bots: list[Bot], stop) -> None:
    steps = 0
    while not state.is_terminal() and not stop():
        p = state.current_player()
        state.apply(bots[p].choose(state, p))
        steps += 1
        if steps > 100_000:  # pragma: no cover
            raise RuntimeError(f"put game did not end; state: {state.state_string()}")


def deal_text(d: dict[str, Any], players: int) -> str:
    """One deal of a record in plain words, in the order things happened."""
    game = f" (game {d['game']} of the rubber)" if "game" in d else ""
    lines = [f"Deal {d['number']}{game}: seat {d['dealer']} deals."]
    for s, h in enumerate(d["hands"]):
        lines.append(f"  seat {s}: {h}")
    for e in d.get("exchange", []):
        if "gives" in e:
            lines.append(f"  seat {e['seat']} gives {e['gives']} to seat {e['to']}")
        else:
            lines.append(f"  seat {e['seat']} lays out {e['discards']}")
    events: dict[int, list[str]] = {}
    for p in d["puts"]:
        ans = ", ".join(f"seat {s} {'sees' if a == 'see' else 'refuses'}" for s, a in p["answers"])
        events.setdefault(p["trick"], []).append(f"  seat {p['seat']} puts: {ans}")
    for x in d.get("doubles", []):
        events.setdefault(x["trick"], []).append(
            f"  seat {x['seat']} doubles ({x['from']} to {x['from'] * 2}): {x['answer'] or 'pending'}")
    for t in d["throw_ups"]:
        events.setdefault(t["trick"], []).append(f"  seat {t['seat']} throws up his cards")
    n = len(d["tricks"]) + (1 if d.get("unfinished_trick") or events.get(len(d["tricks"]) + 1) else 0)
    for i in range(1, n + 1):
        # events before a trick's cards (a put before leading), or during it (a double or throw-up in turn)
        if i <= len(d["tricks"]):
            t = d["tricks"][i - 1]
            lines += events.get(i, [])
            plays = ", ".join(f"seat {s} {c}" for s, c in t["plays"])
            who = "tied" if t["winner"] is None else f"won by seat {t['winner']}"
            lines.append(f"  trick {i}: {plays}: {who}")
        else:
            if d.get("unfinished_trick"):
                plays = ", ".join(f"seat {s} {c}" for s, c in d["unfinished_trick"])
                lines.append(f"  trick {i} (not finished): {plays}")
            lines += events.get(i, [])
    r = d["result"]
    if r:
        lines.append(f"  result: {r['kind']}" + (f", seat {r['winner']}" if r["winner"] is not None else ""))
    for p in d["points"]:
        lines.append(f"  {p['reason']} [{p['clause']}]")
    return "\n".join(lines)


def cli_play(options: PutOptions, ns: argparse.Namespace) -> tuple[Any, str]:
    players, seed = _players_seed(ns)
    state = new_state(options, players, seed)
    bots = _bots(ns, players, seed)
    _play_until(state, bots, lambda: False)
    rec = state.to_record()
    text = [f"Put, ruleset {options.to_string()}, {players} players, seed {seed}",
            "cut: " + "; ".join(", ".join(f"seat {s} {c}" for s, c in r) for r in rec["cut"])
            + f": seat {rec['first_dealer']} deals first"]
    text += [deal_text(d, players) for d in rec["deals"]]
    if "rubber" in rec:
        for g in rec["rubber"]["games"]:
            text.append(f"game {g['number']} (deals {g['deals'][0]}-{g['deals'][1]}): score {g['score']}, won by "
                        f"seat {g['winner']} [{g['won_by']}]")
        text.append(f"games won: {rec['rubber']['games_won']}; the rubber to seat {rec['winner']} "
                    f"[{rec['rubber']['clause']}]")
    text.append(f"score: {rec['score']}; winner: seat {rec['winner']} [{rec.get('won_by')}]")
    return rec, "\n".join(text)


def cli_deal(options: PutOptions, ns: argparse.Namespace) -> tuple[Any, str]:
    players, seed = _players_seed(ns)
    state = new_state(options, players, seed)
    bots = _bots(ns, players, seed)
    odds = {}
    _play_until(state, bots, lambda: state._phase != Phase.EXCHANGE)
    basis = None
    for s in state._active():
        a = analysis(state, s)
        if a["win"] is not None:
            odds[str(s)] = {k: round(a[k], 4) for k in ("win", "tie", "lose")}
            odds[str(s)]["method"] = a["method"]
            if "samples" in a:  # a sampled estimate: its size and standard errors, per seat
                odds[str(s)]["samples"] = a["samples"]
                odds[str(s)]["standard_error"] = {k: round(v, 4) for k, v in a["standard_error"].items()}
                basis = put_odds.basis_sampled(a["samples"])
            else:
                basis = a["basis"]
    _play_until(state, bots, lambda: len(state.deals) > 1 or state.is_terminal())
    d = state.deals[0]
    data = {"game": "put", "ruleset": options.to_string(), "seed": seed, "players": players,
            "first_dealer": state.first_dealer, "cut": state.cut, "deal": d, "odds_at_start": odds,
            "odds_basis": basis or put_odds.BASIS}
    text = deal_text(d, players)
    if odds:
        text += "\n  odds at the start (win/tie/lose): " + "; ".join(
            f"seat {s} {o['win']:.3f}/{o['tie']:.3f}/{o['lose']:.3f}"
            + (f" (estimated, standard error {o['standard_error']['win']:.3f})" if "samples" in o else "")
            for s, o in odds.items())
        text += f"\n  ({basis})"
    return data, text


SPEC = register(GameSpec(
    name="put", title="Put", options=PutOptions, presets=PRESETS, default_preset="cotton-1674",
    players=(2, 4), new_state=new_state, bots=BOTS, cli={"play": cli_play, "deal": cli_deal},
    analysis=analysis))

__all__ = ["PutOptions", "PutState", "SPEC", "analysis", "deal_result", "odds_against_strong", "win_chance"]
