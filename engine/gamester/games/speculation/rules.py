"""Speculation: the rule clauses, the options and the named rulesets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...clauses import cite, clause
from ...errors import RulesetError
from ...options import Options, Preset, option

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
NOTE_MODERN = "Stated by a 19th/20th-century account; the edition reserves the label attested for period sources."

PACK_52 = clause("spec.pack.full", "The game is played with the ordinary pack of 52 cards.", R, H77, HOYLE,
                 note="Both modern accounts use the 52-card pack.")
PACK_32 = clause("spec.pack.short", "A 32-card pack (Sevens up to Aces) may be used instead.", R, H77,
                 note="The handbook alone allows a 32-card pack; which ranks it keeps (Seven to Ace) is our reading.")
RANKING = clause("spec.pack.ranking", "The Ace is the highest card, then King, Queen, Knave, Ten and so down to "
                 "the Two.", R, H77, HOYLE, note="The handbook: Ace high down to Two; the Hoyle-style account: as at "
                                                 "Whist.")
PLAYERS = clause("spec.players.limit", "The engine seats at most ten with 52 cards and at most six with 32, the "
                 "most the handbook advises; with more, it says, the deal would use up too much of the pack.", R, H77,
                 note="The handbook calls ten (52 cards) and six (32 cards) the desirable limits; the engine "
                      "enforces them (and at least two players).")
STAKE = clause("spec.stake.pool", "Before each deal the dealer pays two stakes into the pool and every other "
               "player one (the handbook: one counter each, two for the dealer; the Hoyle account: one to three "
               "counters each, the dealer double).", R, H77, HOYLE,
               note="The accounts differ on the sums (handbook: two for the dealer, one each; Hoyle-style: one to "
                    "three, the dealer double; the 1847 Hoyle as Parlett quotes it: six for the dealer, four each); "
                    "an option.")
DEAL = clause("spec.deal.three", "Each player gets three cards, dealt singly in turn starting on the dealer's "
              "left; the next deal is made by the player on the dealer's left.", R, H77, H78, HOYLE,
              note="Both modern accounts: three cards each, one at a time; the handbook deals round from left "
                   "to right. Neither says in so many words that the deal starts on the dealer's left.")
TURNUP = clause("spec.deal.turn-up", "The top card left in the stock is turned up; its suit is trumps.", R, H77,
                HOYLE, note="Both modern accounts: the next card of the stock is turned for trumps.")
NO_LOOK = clause("spec.deal.no-looking", "Every card stays face down until its holder turns it in play; nobody "
                 "sees his own hand first.", R,
                 H77, HOYLE, note="Both modern accounts: cards are seen only when turned.")
TURNUP_SALE = clause("spec.turnup.sale", "The dealer may sell the turn-up to another player before it is turned "
                     "(handbook), or before or after it is turned (Hoyle account); the buyer has every right the "
                     "card carries.", R, H78, HOYLE,
                     note="Before turning (handbook) or before or after (Hoyle-style account); an option.")
TURNUP_AFTER = clause("spec.turnup.no-later-sale", "Where the turn-up may be sold only before it is turned, it "
                      "cannot be sold once face up, even while it is the best trump.", C, H78,
                      note="The handbook lets the holder of the highest trump sell it at any time (p. 79) but "
                      "for the turn-up names only a sale by the dealer before he turns it (p. 78); we let the narrower "
                      "rule govern the turn-up itself.")
COURT_RULE = clause("spec.turnup.court", "If the turn-up is an Ace, King, Queen or Knave the deal ends at once: "
                    "the dealer, or whoever bought the turn-up, takes the pool.", R, H78, PARLETT_ACE,
                    note="The handbook (pp. 78-79): a court card or Ace turned up ends the deal. The Hoyle-style "
                         "account lacks it; the 1847 Hoyle, as Parlett quotes it, has it for an Ace only. The "
                         "edition has not seen the 1847 text. An option.")
COURT_POOL = clause("spec.turnup.court-pool", "With the turn-up belonging to the pool, a court-card turn-up still "
                    "ends the deal, and the pool stays for the next deal.", C, H78, H79,
                    note="The handbook gives the court-card rule and the pool-owned turn-up but not the two together.")
PLAY_ORDER = clause("spec.play.order", "The player on the dealer's left (or on the left of the turn-up's "
                    "purchaser) turns the top card of their three, and play goes on to the left.", R, H78, HOYLE,
                    note="Both modern accounts: the elder hand turns first, and play goes round; that the player next "
                         "to the turn-up's buyer begins instead is the handbook's.")
CHIEF = clause("spec.play.chief", "A card that is a higher trump than any yet shown makes its holder the chief "
               "hand, who may keep it or sell it; lower trumps and other suits are worthless.", R, H78, HOYLE,
               note="The handbook names the chief hand; the Hoyle-style account gives the same rule without the name.")
BUYER_LEFT = clause("spec.play.buyer-left", "When the best trump is sold, the buyer takes it and the player on "
                    "the buyer's left is next to turn.", R, H78, H79, HOYLE, note="Both modern accounts: after a "
                                                                                  "sale the buyer's left-hand "
                                                                                  "neighbour turns next.")
ROUND = clause("spec.play.round", "Turning goes on in rotation, one card at a time, until only the holder of "
               "the best trump has cards face down; the chief hand turns his last of all.", R, H78, HOYLE,
               note="The handbook: turning goes round until the chief hand alone has unturned cards. In the "
                    "Hoyle-style account the buyer of a card keeps his own cards face down for as long as nobody "
                    "shows a better trump, and play goes on until every card is turned.")
HIDDEN_SALE = clause("spec.sale.unturned-card", "A player may sell the card it is their turn to turn before "
                     "turning it; it is then turned in its place in the order of play, and passes to the buyer "
                     "only if it is a higher trump than any shown (then the buyer's left goes on). Whoever owns it "
                     "when it is turned pays any Knave-or-Five penalty.", R, H79, HOYLE, note="The handbook (p. 79) "
                                                                                              "on selling the card "
                                                                                              "about to be turned; "
                                                                                              "the Hoyle-style "
                                                                                              "account has cards "
                                                                                              "bought before they "
                                                                                              "are turned.")
HAND_SALE = clause("spec.sale.hand", "Unturned cards may be sold all together: by the chief hand, who turns last "
                   "(handbook), or by a player who has turned none of their cards (Hoyle account).", R, H78, HOYLE,
                   note="The two accounts describe different hand sales (the chief hand's unturned cards; a cautious "
                        "player's unturned hand). An option.")
HAND_SHOWN = clause("spec.sale.hand-shown", "A hand sold together is turned at once; any card of it that is a new "
                    "best trump passes to the buyer, the rest stay worthless with the seller.", C, H78, H79,
                    note="Neither account says how a bought hand is played; we apply the rule for a single unturned "
                    "card (p. 79) to each card of it.")
RESALE = clause("spec.sale.best", "Whoever holds the best trump so far may sell it whenever he likes, and the "
                "same card can be bought and sold again within one deal (handbook); the Hoyle account instead "
                "gives the player who turns a good trump time to offer it before anyone turns another card.", R, H79, HOYLE,
                note="The handbook lets the best trump be sold at any time; the Hoyle-style account when it is "
                     "turned. An option.")
AUCTION = clause("spec.sale.auction", "A sale is made by asking who will buy: players offer prices, and the "
                 "seller takes the best offer or refuses them all.", R, HOYLE, H78,
                 note="The Hoyle-style account sells by asking the company for offers; the handbook only says a "
                      "speculation may be arranged. The price is paid by the buyer to the seller.")
AUCTION_ORDER = clause("spec.sale.auction-order", "Every other player may bid once, in turn from the seller's "
                       "left; each bid must beat the best so far and may not exceed the pool, and a bid of the "
                       "whole pool ends the bidding. A refused or bidless offer is not repeated that turn.", C, HOYLE,
                       note="The accounts do not say how offers are collected; one round of rising bids keeps the "
                       "auction short and finite, and nobody sensible pays more than the pool.")
WIN = clause("spec.win.best-trump", "Once every card is face up, the pool goes to whoever then holds the highest "
             "trump, whether it was dealt to him or bought.", R, H78, HOYLE, note="Both modern accounts, and the "
                                                                                  "1847 Hoyle as Parlett quotes it: "
                                                                                  "the holder of the highest trump "
                                                                                  "at the end takes the pool, "
                                                                                  "whether he was dealt it or bought "
                                                                                  "it.")
PEEK = clause("spec.penalty.peek", "Looking at a card before its turn costs a penalty, paid into the pool; a "
              "player who has looked forfeits the pool even if his trump is best, and it is carried to the next "
              "deal.", R, H79,
              note="The handbook's penalty for looking out of turn (p. 79).")
PEEK_HOW = clause("spec.penalty.peek-action", "Looking out of turn is an action open to a player at their turn "
                  "with two or more unturned cards: they see all of them; the penalty is a set number of "
                  "counters (one by default).", C, H79,
                  note="The handbook names no amount; one counter matches the other penalties.")
KNAVE_FIVE = clause("spec.penalty.knave-five", "Every Knave and every Five that is turned costs one counter, "
                    "paid into the pool by whoever owns the card when it is turned (a buyer, if it was sold face "
                    "down).", R, H79,
                    HOYLE, note="A rule in the Hoyle-style account, a variant in the handbook; off by default. Neither "
                                "speaks of the turn-up or the spare hand: the engine charges a turned-up Knave or "
                                "Five to the dealer or the turn-up's buyer, and nobody for the spare hand or a "
                                "pool-owned turn-up, which no player owns.")
TURNUP_POOL = clause("spec.variant.turnup-pool", "By agreement the turn-up belongs to the pool and is not sold; "
                     "if it wins, the pool stays for the next deal, to which everyone stakes as usual.", R, H79,
                     note="The handbook's variant (p. 79): by agreement the turn-up belongs to the pool.")
SPARE = clause("spec.variant.spare-hand", "A spare hand may be dealt to the middle of the table and turned when "
               "all other hands are done; if it holds the winning card, the pool stays for the next deal.", R,
               H79, HOYLE, note="Both modern accounts describe the spare hand as a variant.")
SPARE_DEAL = clause("spec.variant.spare-order", "The spare hand is dealt last in each round, after the dealer.", C,
                    H79, note="Neither account says where in the deal the spare hand comes; last in each round is "
                              "our choice.")
CARRY = clause("spec.settle.carry", "A pool that is not taken is carried to the next deal and added to the fresh "
               "stakes.", R, H79, HOYLE, note="Both modern accounts carry an untaken pool to the next deal.")
DEALS = clause("spec.game.deals", "A game is a fixed number of deals (by default each player deals once); a pool "
               "still on the table after the last deal is left there.", C, H78,
               note="The accounts describe single deals; the length of a sitting is our choice, and the fate of a "
                    "pool left at its end is not stated.")

# -- options and presets -----------------------------------------------------------------------------------------
MAX_PLAYERS = {"52": 10, "32": 6}


@dataclass(frozen=True)
class SpeculationOptions(Options):
    GAME = GAME
    pack: str = option("52", choices=("52", "32"), help="the handbook names a 32-card pack; that it keeps the Sevens to the Aces is our reading",
                       clause=PACK_32, label="The pack",
                       words={"52": "52 cards", "32": "32 cards (Sevens to Aces)"})
    stake: int = option(1, range=(1, 3), help="the handbook: one counter each, two for the dealer; the Hoyle account: one to three each, the dealer double",
                        clause=STAKE, label="Counters each player stakes (the dealer twice as many)")
    turnup_sale: str = option("before", choices=("before", "before-or-after"),
                              help="only before it is turned (the handbook), or before or after (the Hoyle account)",
                              clause=TURNUP_SALE,
                              label="The dealer may sell the card that shows trumps",
                              words={"before": "only before turning it up", "before-or-after": "before or after turning it up"})
    court_turnup: str = option("deal-passes", choices=("deal-passes", "play-on"),
                               help="the handbook ends the deal (for an Ace, so does the 1847 Hoyle as Parlett quotes it); the Hoyle-style account has no such rule",
                               clause=COURT_RULE, label="An Ace, King, Queen or Knave turned up for trumps",
                               words={"deal-passes": "ends the deal: its holder takes the pool",
                                      "play-on": "is played like any other card"})
    resale: str = option("any-turn", choices=("any-turn", "when-turned"),
                         help="at any turn (the handbook), or only right after a new best trump is shown (the Hoyle "
                              "account)", clause=RESALE,
                         label="The holder of the best trump may sell it",
                         words={"any-turn": "before any card is turned",
                                "when-turned": "only just after turning it"})
    hand_sale: str = option("chief", choices=("chief", "unturned", "both", "none"),
                            help="the chief hand, who turns last (the handbook), or a player who has turned none of "
                                 "their cards (the Hoyle account), either, or nobody", clause=HAND_SALE,
                            label="Who may sell their unturned cards all together",
                            words={"chief": "the holder of the best trump",
                                   "unturned": "a player who has turned none yet",
                                   "both": "either of those", "none": "nobody"})
    knave_five: str = option("off", choices=("off", "on"), help="a variant in the handbook, an ordinary rule in the Hoyle account",
                             clause=KNAVE_FIVE, label="Every Knave or Five turned costs a counter to the pool",
                             words={"off": "no", "on": "yes"})
    turnup_pool: str = option("off", choices=("off", "on"), help="a variant the handbook gives, by agreement of the players",
                              clause=TURNUP_POOL, label="The card that shows trumps belongs to the pool",
                              words={"off": "no", "on": "yes"})
    spare_hand: str = option("off", choices=("off", "on"), help="a variant the handbook and the Hoyle account give", clause=SPARE,
                             label="A spare hand dealt to the middle", words={"off": "no", "on": "yes"})
    peek_penalty: int = option(1, range=(1, 10), help="the handbook names no amount; one counter, like its other penalties, is our choice",
                               clause=PEEK_HOW, label="Counters paid for looking at a card out of turn")
    deals: int = option(0, range=(0, 100), help="the accounts describe single deals; how many make a game is our choice, each player dealing once by default (0)", clause=DEALS,
                        label="Deals in the game", words={0: "each player deals once"})


_HANDBOOK = SpeculationOptions()
_HOYLE = SpeculationOptions(turnup_sale="before-or-after", court_turnup="play-on", resale="when-turned",
                            hand_sale="unturned", knave_five="on")
PRESETS = {
    "handbook": Preset("handbook", _HANDBOOK, R, (H77, H78, H79),
                       "The early-20th-century handbook's rules: turn-up sold only before turning, an Ace or court "
                       "card turned up ends the deal, the best trump sold at any time.",
                       (DEALS, PEEK_HOW, AUCTION_ORDER, HAND_SHOWN, TURNUP_AFTER), title="The handbook's rules (early 20th century)"),
    "hoyle": Preset("hoyle", _HOYLE, R, (HOYLE,),
                    "The Hoyle-style account: turn-up sold before or after turning, no court-card rule, a counter "
                    "for each Knave or Five, hands sold before any card is turned.",
                    (DEALS, PEEK_HOW, AUCTION_ORDER, HAND_SHOWN), title="The Hoyle-style account"),
    "pool-variants": Preset("pool-variants", SpeculationOptions(turnup_pool="on", spare_hand="on", knave_five="on"),
                            R, (H79, HOYLE),
                            "The handbook with all its ways of benefiting the pool: the turn-up belongs to the pool, "
                            "a spare hand, and the Knave-and-Five penalty.",
                            (DEALS, PEEK_HOW, AUCTION_ORDER, HAND_SHOWN, TURNUP_AFTER, COURT_POOL, SPARE_DEAL), title="The handbook, with its extras for the pool"),
    "short-pack": Preset("short-pack", SpeculationOptions(pack="32"), R, (H77,),
                         "The handbook's rules with the 32-card pack (up to six players).",
                         (DEALS, PEEK_HOW, AUCTION_ORDER, HAND_SHOWN, TURNUP_AFTER), title="The handbook, with 32 cards"),
}


def check_players(options: SpeculationOptions, players: Any) -> int:
    """``players`` if the pack of ``options`` deals to that many (spec.players.limit), else :class:`RulesetError`."""
    hi = MAX_PLAYERS[options.pack]
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= hi:
        raise RulesetError(f"Speculation with the {options.pack}-card pack is for 2 to {hi} players, not {players!r}")
    return players
