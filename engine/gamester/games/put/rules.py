"""Put: the rule clauses (each with its source and status), the options and the named rulesets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...clauses import cite, clause
from ...errors import RulesetError
from ...options import Options, Preset, option

COTTON_125 = cite("cotton1674", "p. 125")  # ch. XIV, Costly-Colours
COTTON_131 = cite("cotton1674", "p. 131")
COTTON_132 = cite("cotton1674", "p. 132")
COTTON_131_2 = cite("cotton1674", "pp. 131-132")
COTTON_135_7 = cite("cotton1674", "pp. 135-137")
COTTON_136_7 = cite("cotton1674", "pp. 136-137")
SEED_PUT = cite("seed-put", "Put")
SEED_FOUR = cite("seed-put", "Four-handed Put")
SEED_TRUC = cite("seed-put", "Truc")
TRUC_WIKIPEDIA = cite("wikipedia-truc", "section on the pack and card order")

# -- the clauses -------------------------------------------------------------------------------------------------
RANKS = clause(
    "put.pack.ranks",
    "The cards rank Three (best), Two, Ace, King, Queen, Knave, Ten and on down to the Four (meanest).",
    "attested", COTTON_132, SEED_PUT,
    note="Cotton gives the whole order. The Rump riddle (1662) is not cited for it: its Trey that comes “to pull "
         "down the Buck” fits a high Trey but states no order.")
SUITS = clause(
    "put.pack.suits",
    "Suits do not matter: there are no trumps and no need to follow suit; only ranks are compared.",
    "reconstructed", SEED_PUT, COTTON_132,
    note="Cotton ranks the cards without mentioning suits or trumps; the modern account says outright that suit does "
         "not count.")
FULL_PACK_52 = clause(
    "put.pack.full",
    "The game is played with the whole pack of 52 cards.",
    "reconstructed", SEED_PUT,
    note="Cotton's order runs down to the Four, which implies the whole pack; the modern account states 52 cards.")
STRIPPED_28 = clause(
    "put.pack.stripped-28",
    "Stripped pack: the Fours to the Nines are taken out, leaving 28 cards (Three, Two, Ace, King, Queen, Knave, "
    "Ten).",
    "reconstructed", SEED_PUT,
    note="The modern account says the pack is shortened to 32 cards by stripping the Four to the Nine; that "
         "leaves 28. This option follows the ranks it names; put.pack.stripped-32 follows the count it gives.")
STRIPPED_32 = clause(
    "put.pack.stripped-32",
    "Stripped pack: the Fours to the Eights are taken out, leaving 32 cards (Three down to Nine).",
    "conjectural", SEED_PUT,
    note="Follows the modern account's count of 32 cards, which stripping the Four to the Eight gives (the "
         "ranks it names would leave 28); see put.pack.stripped-28.")
CUT_BEST = clause(
    "put.cut.best-deals",
    "To decide the first dealer each player cuts; the one who cuts the best Put card deals.",
    "attested", COTTON_131, SEED_PUT)
CUT_TIE = clause(
    "put.cut.tie-redraw",
    "If the best cut is shared, the players who share it cut again from the rest of the pack.",
    "conjectural", COTTON_131,
    note="Cotton does not say what happens on equal cuts; a fresh cut among the tied players is our remedy.")
SHUFFLE = clause(
    "put.deal.shuffle",
    "The dealer shuffles and the adversary cuts before each deal.",
    "attested", COTTON_131)
THREE_EACH = clause(
    "put.deal.three-each",
    "The dealer gives one card at a time, the adversary first, until each has three.",
    "attested", COTTON_131, SEED_PUT,
    note="The Rump riddle agrees: the initials of its lines, S X I C R A T, are an anagram of SIX CART (six "
         "cards), three each for two players.")
ALTERNATE = clause(
    "put.deal.alternates",
    "The deal alternates (passes to the left) from one deal to the next.",
    "reconstructed", SEED_PUT,
    note="Cotton says who deals first, not who deals next; the alternation is the modern account's.")
ELDEST_LEADS = clause(
    "put.trick.eldest-leads",
    "The eldest hand (the one dealt to first) leads to the first trick.",
    "conjectural", COTTON_131, COTTON_135_7, COTTON_125, SEED_PUT,
    note="No source states it for Put. The modern account implies it (the non-dealer plays, and the dealer lays down "
         "another to him). Cotton's Put chapter shows it in play: in the High-game the Rook deals, and “the col "
         "begins with a Deuce” (pp. 136-137). His dealer deals to his antagonist first (p. 131). For another "
         "three-card game, Costly-Colours (p. 125), he says the eldest plays first “as in other Games”.")
ANY_CARD = clause(
    "put.trick.any-card",
    "No card is barred: the leader plays what he likes, and the other answers with what he likes.",
    "reconstructed", SEED_PUT,
    note="Cotton does not say; the modern account states it, and it follows from suits not counting.")
HIGHER_WINS = clause(
    "put.trick.higher-wins",
    "The higher card wins the trick, and the winner leads to the next.",
    "reconstructed", COTTON_136_7, SEED_PUT,
    note="The modern account states it. Cotton's Put chapter states no rule, but shows it in play: in the "
         "High-game “the Rook wins that with a Trey; the Rook then plays a Deuce” (pp. 136-137). Shown, not stated, so "
         "the edition does not label it attested.")
TIE_TRICK = clause(
    "put.trick.tie",
    "Two cards of the same rank make a tied trick, won by nobody; the player who led it has the next lead too.",
    "reconstructed", SEED_PUT, COTTON_131_2,
    note="Cotton names “trick and tye” without defining a tied trick. That two cards of one rank tie, and that the "
         "same player leads after a tie, is the modern account's.")
WIN_DEAL = clause(
    "put.deal.two-tricks",
    "Whoever wins two tricks, or all three, wins the deal; one trick each and the third tied is won by neither "
    "(Cotton's “trick and tye”).",
    "attested", COTTON_131_2, SEED_PUT)
ONE_AND_TIES = clause(
    "put.deal.one-and-two-ties",
    "One trick with the other two tied also wins the deal.",
    "reconstructed", SEED_PUT,
    note="Not in Cotton, whose “two tricks or all three” leaves one trick and two ties open; the modern account (and "
         "its Truc rule) counts it a win, and the ruleset called Cotton's rules (1674), gaps filled, borrows that reading "
         "to fill the gap. Pav's "
         "analysis (see the Numbers page) counts it nothing.")
ALL_TIED = clause(
    "put.deal.all-tied",
    "If every trick is tied, nobody wins the deal.",
    "conjectural", COTTON_131_2, SEED_PUT,
    note="No source mentions three tied tricks; by the logic of “trick and tye” nobody wins.")
DECIDED = clause(
    "put.deal.decided",
    "Once no card still in hand can change who wins the deal, the remaining cards are not played.",
    "conjectural", COTTON_131_2,
    note="A convenience: Cotton's “two tricks or all three” shows the third card could be played, but it cannot "
         "change the result.")
PUT_ELDEST = clause(
    "put.put.eldest",
    "The eldest, if he thinks his cards better than his adversary's, may put to him; if the put is seen, the cards "
    "are then played out.",
    "attested", COTTON_131,
    note="The put comes before the play in Cotton's sentence (“if he will see him they play it •ut” follows it). "
         "That it may be made only before the first card is led is our reading of that order: Cotton "
         "neither allows nor forbids a later put.")
PUT_ANY_LEAD = clause(
    "put.put.any-lead",
    "A put may also be made later in the deal: by either player, at any of his leads.",
    "reconstructed", SEED_PUT,
    note="Cotton describes only the eldest's put, before the play; a put by either player at any of his leads is the "
         "modern account's, as we read it: its non-dealer may still put after a tied trick, and either player about "
         "to lead has a choice of three things, which our copy breaks off before naming.")
PUT_REFUSED = clause(
    "put.put.refused",
    "If the other will not see the put, the putter wins one point and the deal ends.",
    "attested", COTTON_131, COTTON_132, SEED_PUT,
    note="“if the other will not or dare not see him, he then wins one”; “by going to stock loseth one”.")
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
    note="No source says; once a put is seen the deal is already played for the whole set, so nothing more can be "
         "staked.")
THROW_UP = clause(
    "put.throw-up.point",
    "A player may throw up his cards when it is his turn; the adversary scores one point (at Truc, the deal's "
    "value) and the deal ends.",
    "reconstructed", SEED_PUT, COTTON_132,
    note="The modern account: a non-dealer who throws up his cards loses a point, and either player about to "
         "lead has a choice of three things (our copy of the account breaks off before naming them); that either "
         "player may throw up at his turn is our reading of the two. Cotton's “going to stock loseth one” is said of "
         "the refused put.")
FIVE_UP = clause(
    "put.game.five-up",
    "Five points up is commonly the game.",
    "attested", COTTON_131, SEED_PUT)
PUT_GAME = clause(
    "put.game.put",
    "A seen put, won, is the game.",
    "attested", COTTON_131,
    note="“five up or a Putt is commonly the Game”: a put that is seen and won takes “the whole set”.")
UNPUT_POINT = clause(
    "put.score.unput-point",
    "A deal played out without a put scores one point to whoever wins it.",
    "conjectural", COTTON_131, COTTON_132,
    note="Cotton does not say what a deal played without a put is worth; one point, the modern account's score "
         "for the variant without putting (where Cotton's winner is “he that wins most tricks”), keeps “five up” "
         "reachable.")
UNPUT_GAME = clause(
    "put.score.unput-game",
    "Whoever wins a deal that is played out wins the game outright, put or no put; points come only from refusals "
    "and throw-ups.",
    "reconstructed", SEED_PUT,
    note="The modern account's reading: a deal played out wins the game outright whether or not anyone put. Cotton "
         "says this only of a seen put.")
NO_PUT_MOST = clause(
    "put.no-put.most-tricks",
    "Without putting, every deal is played out and the winner is he who wins most tricks.",
    "attested", COTTON_132)
NO_PUT_POINT = clause(
    "put.no-put.point",
    "Without putting, the winner of a deal scores one point.",
    "reconstructed", SEED_PUT,
    note="Cotton gives the variant without putting but not its score; one point per deal is the modern account's, "
         "which misreports Cotton's “without” as “with”.")
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
    note="Cotton allows three hands but describes only two; the three-handed rules extend the two-handed ones as "
         "directly as possible.")
FOUR_PARTNERS = clause(
    "put.four.partners",
    "Four play as two sides (seats 0 and 2 against 1 and 3). In each side one player hands his strongest card "
    "across to the other, who discards one of his four; the two holders of three cards then play it out as at "
    "two-handed Put.",
    "reconstructed", SEED_FOUR,
    note="Cotton mentions two and three hands only; the four-handed partnership game is the modern account's.")
FOUR_WHO = clause(
    "put.four.who-gives",
    "The dealer and the eldest hand play; their partners give them their best card.",
    "conjectural", SEED_FOUR,
    note="The modern account leaves it to any two of the players; the engine fixes which two, keeping the eldest "
         "leading and rotating with the deal.")
FOUR_SCORE = clause(
    "put.four.score",
    "Partners share their score: a point or the game won by either player is the partnership's.",
    "conjectural", SEED_FOUR,
    note="The modern account does not say how partners keep score; shared scores follow from the partnership.")
TRUC_PACK = clause(
    "put.truc.pack",
    "Truc as the modern account lists its ranks: Six (best), Seven, Ace, King, Queen, Knave, Ten: 28 cards.",
    "reconstructed", SEED_TRUC,
    note="The modern account lists these seven ranks but calls it a 32-card pack: seven ranks make 28 cards. Wikipedia's "
         "article on Truc gives a 32-card pack ranked Seven, Eight, Ace, King, Queen, Knave, Ten, Nine (see "
         "put.truc.pack-32): the account's count agrees with it, but its list has Six and Seven where that order "
         "has Seven and Eight, and no Nine. Kept as the account lists it.")
TRUC_PACK_32 = clause(
    "put.truc.pack-32",
    "Truc with 32 cards, Sevens to Aces: Seven (best), Eight, Ace, King, Queen, Knave, Ten, Nine; there is no Six.",
    "reconstructed", TRUC_WIKIPEDIA, SEED_TRUC,
    note="The 32-card pack ranked Seven, Eight, Ace, King, Queen, Knave, Ten, Nine, as Wikipedia's Truc article "
         "gives it (after Lanes, 1912, and Sackson, neither held here). The modern account's count agrees; its list "
         "does not (Six and Seven where this has Seven and Eight, and no Nine).")
TRUC_POINT = clause(
    "put.truc.point",
    "At Truc, two tricks, or one trick and two ties, win the deal and score its value (one point unless doubled); "
    "trick and tie scores nothing.",
    "reconstructed", SEED_TRUC,
    note="The modern account's winning condition; that trick and tie scores nothing follows Put.")
TRUC_DOUBLE = clause(
    "put.truc.double",
    "At his turn to play to a trick a player may propose that the deal count double. His opponent agrees, or "
    "concedes the deal, and the proposer then scores what it was worth before the proposal.",
    "reconstructed", SEED_TRUC,
    note="Doubling, and giving up the hand rather than accept a double, are the modern account's; no period text.")
TRUC_DOUBLE_TURNS = clause(
    "put.truc.double-turns",
    "The player who doubled last may not double again until the other has; no double once the deal is worth the "
    "game points or more.",
    "conjectural", SEED_TRUC,
    note="The modern account sets no limit on doubling; a limit keeps the deal finite.")
TRUC_GAME = clause(
    "put.truc.game",
    "Twelve points make the game at Truc.",
    "reconstructed", SEED_TRUC,
    note="Twelve points a game is the modern account's; it also makes two games a rubber (put.truc.rubber).")
RUBBER = clause(
    "put.truc.rubber",
    "At Truc the first to win two games wins the rubber; each game is played to the game points from nothing.",
    "reconstructed", SEED_TRUC,
    note="The modern account gives the rubber of two games for Truc only; a rubber of two games may also be "
         "chosen for Put, where no source speaks of a rubber, or a single game played. That each game "
         "starts from nothing follows from the account's rule that a game is won by reaching twelve.")
RUBBER_DEAL = clause(
    "put.rubber.next-deal",
    "Between the games of a rubber the deal goes on passing to the left, as between deals; there is no fresh cut.",
    "conjectural", SEED_TRUC,
    note="The modern account does not say who deals first in the second game; carrying on the rotation is "
         "the least change to the rules for a single game.")
TRUC_CUT = clause(
    "put.truc.cut",
    "At Truc the first dealer is decided as at Put, by the best card of the Truc ranking.",
    "conjectural", SEED_TRUC,
    note="The modern account does not say how the first dealer is chosen at Truc; done as at Put.")
BLUFF = clause(
    "put.strategy.bluff",
    "A bold player will sometimes put on very bad cards (a Five, Seven and Nine) to make the other refuse.",
    "attested", COTTON_132, SEED_PUT)

PUT_ORDER = ("3", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
TRUC_ORDER = ("6", "7", "A", "K", "Q", "J", "10")        # the modern account's list (28 cards)
TRUC_32_ORDER = ("7", "8", "A", "K", "Q", "J", "10", "9")  # the 32-card pack of the published accounts
_PACK_RANKS = {("put", "52"): 13, ("put", "32"): 8, ("put", "28"): 7, ("truc", "32"): 8, ("truc", "28"): 7}
_PACK_CLAUSE = {("put", "52"): FULL_PACK_52, ("put", "32"): STRIPPED_32, ("put", "28"): STRIPPED_28,
                ("truc", "28"): TRUC_PACK, ("truc", "32"): TRUC_PACK_32}


# -- options and presets ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PutOptions(Options):
    GAME: ClassVar[str] = "put"

    betting: str = option("put", choices=("put", "none", "double"), clause=PUT_ELDEST,
                          help="putting is Cotton's game; without putting, the variant he describes ('Sometimes they play without putting', p. 132); doubling, Truc's, from the modern account",
                          label="Wagering on a deal",
                          words={"put": "putting, as at Put", "none": "no wager: the deal is played out for tricks",
                                 "double": "doubling, as at Truc"})
    ranking: str = option("put", choices=("put", "truc"), clause=RANKS,
                          help="Put's order, Cotton's: Three, Two, Ace, King, Queen, Knave, Ten down to Four; Truc's: Six, "
                               "Seven, Ace, King, Queen, Knave, Ten (28 cards, the modern account's list) or Seven, "
                               "Eight, Ace, King, Queen, Knave, Ten, Nine (32, as Wikipedia's article on Truc gives it)",
                          label="Order of the cards",
                          words={"put": "Three, Two, Ace, King down to Four",
                                 "truc": "as at Truc: the two lowest in the pack highest, then Ace, King"})
    pack: str = option("52", choices=("52", "32", "28"), clause=FULL_PACK_52,
                       help="Cotton names no pack, but his order of the cards runs down to the Four: 52, as the modern account states; 32 and 28 are its stripped pack, as its count and as its ranks give it (at Truc, the two packs of that game)",
                       label="Cards in the pack",
                       words={"52": "all 52", "32": "32 (at Put, the Fours to the Eights taken out; at Truc, Sevens to Aces)",
                              "28": "28 (at Put, the Fours to the Nines taken out; at Truc, Sixes, Sevens and Tens to Aces)"})
    game_points: int = option(5, range=(1, 99), clause=FIVE_UP, help="points that make the game: Cotton's 'five up' (p. 131); Truc's twelve is the modern account's",
                              label="Points that win the game")
    put_at: str = option("first-lead", choices=("first-lead", "any-lead"), clause=PUT_ELDEST,
                         help="only before the first card of a deal (our reading of Cotton), or before any lead "
                              "(the modern account)",
                         label="When a player may put",
                         words={"first-lead": "before the first card of a deal only",
                                "any-lead": "before any card is led"})
    throw_up: str = option("never", choices=("never", "allowed"), clause=THROW_UP,
                           help="whether a player may throw up his cards at his turn, for a point to the other: the modern account's rule (Cotton's only lost point is the refused put's)",
                           label="Giving up a deal (throwing up one's cards)",
                           words={"never": "not allowed", "allowed": "allowed, at a cost of one point"})
    unput_deal: str = option("point", choices=("point", "game"), clause=UNPUT_POINT,
                             help="a deal played out without a put: one point (our reading of Cotton), or the game "
                                  "outright (the modern account)",
                             label="A deal played out with nobody putting wins",
                             words={"point": "one point", "game": "the whole game"})
    rubber: int = option(1, range=(1, 2), clause=RUBBER,
                         help="games to win the rubber: 1 (a single game) or 2 (the first to win two games; Truc)",
                         label="Games to win the match", words={1: "one game", 2: "the first to win two"})

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
           "Cotton's Put: the eldest may put before the play, five up or a seen put won is the game; where Cotton "
           "is silent (the pack, suits, ties, the next deal, a deal won without a put) the gaps are filled from "
           "the modern account or by our own choice",
           (ELDEST_LEADS, HIGHER_WINS, TIE_TRICK, ONE_AND_TIES, ALL_TIED, DECIDED, CUT_TIE, PUT_ONCE, UNPUT_POINT,
            ALTERNATE, SUITS, ANY_CARD, FULL_PACK_52, THREE_RULES, FOUR_PARTNERS, FOUR_WHO, FOUR_SCORE),
           title="Cotton's rules (1674), gaps filled"),
    Preset("reconstruction", _RECON, "reconstructed", (SEED_PUT, COTTON_131),
           "The modern account's fuller rules: either player may put before any lead or throw up for a point; a "
           "deal played out wins the game outright",
           (ALL_TIED, DECIDED, CUT_TIE, PUT_ONCE, THREE_RULES, FOUR_WHO, FOUR_SCORE),
           title="The modern account's fuller rules"),
    Preset("without-putting", PutOptions(betting="none"), "attested", (COTTON_132, SEED_PUT),
           "Cotton's variant without putting: every deal is played out and most tricks wins it (a point a deal is "
           "the modern account's score)",
           (ELDEST_LEADS, HIGHER_WINS, TIE_TRICK, ONE_AND_TIES, ALL_TIED, DECIDED, CUT_TIE, NO_PUT_POINT, ALTERNATE,
            SUITS,
            ANY_CARD, FULL_PACK_52, THREE_RULES, FOUR_PARTNERS, FOUR_WHO, FOUR_SCORE),
           title="Cotton's Put without putting, gaps filled"),
    Preset("stripped-28", PutOptions(pack="28"), "reconstructed", (SEED_PUT,),
           "The modern account's stripped pack as the ranks it names give it, the Four to the Nine taken out (28 "
           "cards; the account says 32), under Cotton's rules otherwise",
           (UNPUT_POINT, ALL_TIED, DECIDED, CUT_TIE, PUT_ONCE, THREE_RULES, FOUR_WHO, FOUR_SCORE),
           title="Put with a stripped pack of 28 cards"),
    Preset("stripped-32", PutOptions(pack="32"), "conjectural", (SEED_PUT,),
           "The modern account's stripped pack as its count gives it, the Four to the Eight taken out (32 cards), "
           "under Cotton's rules otherwise",
           title="Put with a stripped pack of 32 cards"),
    Preset("truc", PutOptions(betting="double", ranking="truc", pack="28", game_points=12, throw_up="allowed",
                              rubber=2),
           "reconstructed", (SEED_TRUC,),
           "Truc, the three-card game of southern France and Spain, as the modern account gives it: 6 7 A K Q J 10 "
           "(28 cards), doubling, twelve points a game, the first to win two games wins the rubber",
           (ALL_TIED, DECIDED, TRUC_DOUBLE_TURNS, TRUC_CUT, RUBBER_DEAL),
           title="Truc (28 cards)"),
    Preset("truc-32", PutOptions(betting="double", ranking="truc", pack="32", game_points=12, throw_up="allowed",
                                 rubber=2),
           "reconstructed", (TRUC_WIKIPEDIA, SEED_TRUC),
           "Truc as published modern accounts give it: 32 cards ranked 7 8 A K Q J 10 9, doubling, twelve points "
           "a game, two games the rubber",
           (ALL_TIED, DECIDED, TRUC_DOUBLE_TURNS, TRUC_CUT, RUBBER_DEAL),
           title="Truc (32 cards)"),
)}
