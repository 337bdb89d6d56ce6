"""Post and Pair: the rule clauses, the options and the named rulesets.

This module is the game's vocabulary of interpretation. Every rule the engine applies (in
:mod:`gamester.games.post_and_pair`) names one of the clauses registered here, with its status and citations:

- ``attested``: Cotton states it (*The Compleat Gamester*, 1674, ch. XXIII, pp. 150-151);
- ``reconstructed``: the modern account (``seed-postpair``, cited by its section name) states it;
- ``conjectural``: neither source says; we chose, and the note says what the choice leans on.

Where a reader might reasonably choose otherwise, the choice is an option of :class:`PostAndPairOptions`, and the
presets ``reconstruction`` (the default) and ``cotton-1674`` combine the options.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass

from ...clauses import cite, clause
from ...options import Options, Preset, option

C150 = cite("cotton1674", "p. 150")
C151 = cite("cotton1674", "p. 151")
GLEEK91 = cite("cotton1674", "p. 91")    # ch. VII, Gleek: odd money in buying the stock
GLEEK92 = cite("cotton1674", "p. 92")    # ch. VII, Gleek: vying the Ruff
RUFF115 = cite("cotton1674", "p. 115")   # ch. XI, Ruff and Honours: the turned-up card is trumps


def seed(section: str):
    """A citation of the modern account by section name."""
    return cite("seed-postpair", section)


# -- Staking and the deal ------------------------------------------------------------------------------------
STAKE_POST = clause(
    "pp.stake.post", "Before any card is dealt each player stakes at Post.", "attested", C150)
STAKE_PAIR = clause(
    "pp.stake.pair", "Next each player stakes at Pair; then two cards each are dealt.", "attested", C150)
STAKE_SEAT = clause(
    "pp.stake.seat", "On his two cards each player stakes at the Seat; then the third card is dealt.", "attested", C150)
STAKE_SUM = clause(
    "pp.stake.one-counter", "Each of the three stakes is one counter. The Post and Pair stakes go into two "
    "dishes in the middle of the table; the Seat stake lies in front of its player.", "reconstructed", seed("Deal & staking"),
    note="Cotton gives the order of the stakes but neither an amount nor a dish; both are the modern account's.")
STAKE_ABANDON = clause(
    "pp.stake.abandon", "A player may abandon his two cards instead of staking the Seat; he loses his Post and "
    "Pair stakes and takes no further part in the deal.", "reconstructed", seed("Deal & staking"),
    note="Cotton does not mention abandoning; the modern account does.")
STAKE_ALONE = clause(
    "pp.stake.alone", "If only one player stakes the Seat, he takes every stake on the table unseen.", "conjectural",
    seed("Settlement"),
    note="Neither source covers it; we treat it like a vye that nobody matches.")
STAKE_NONE = clause(
    "pp.stake.none", "If nobody stakes the Seat, the stakes stay on the table for the next deal.", "conjectural",
    seed("Vying"),
    note="Neither source covers it; we treat it like the deal in which everyone passes.")
DEAL_ROTATE = clause(
    "pp.deal.rotate", "Seats are numbered from the eldest hand (left of the dealer) to the dealer; the deal "
    "passes to the left, so the eldest hand deals next.", "conjectural", C150,
    note="Cotton names the eldest hand and the dealer; the order of later deals is the usual one for card "
         "games and is not stated.")

# -- Vying ---------------------------------------------------------------------------------------------------
VYE_ELDEST_PASS = clause(
    "pp.vye.eldest-pass", "The eldest hand may pass and come in again if anyone vyes.", "attested",
    C150, seed("Vying"))
VYE_ONE_CHANCE = clause(
    "pp.vye.one-chance", "Each player after the eldest gets a single turn to vye; one who declines is out of "
    "the deal and forfeits his stakes.", "reconstructed", seed("Vying"),
    note="Cotton gives the eldest hand's privilege only; the modern account says what the others may do.")
VYE_DEALER = clause(
    "pp.vye.dealer", "When every player before the dealer has passed or dropped, the dealer may vye; then only "
    "the eldest hand may answer him.", "reconstructed", seed("Vying"), C150,
    note="The modern account's reading of Cotton's sentence on the dealer.")
VYE_DEALER_DOUBLE = clause(
    "pp.vye.dealer-pass-double", "Doubling when nobody vyes pays nothing out: the stakes lie over to the next "
    "deal, where the fresh stakes double them. (Under the reading where a dealer who passes doubles, he does this.)", "reconstructed",
    seed("Vying"), C150, GLEEK92,
    note="The modern account makes doubling the rule when the dealer passes; Cotton offers “double it” to the "
         "dealer as one of two choices without saying what it means at Post and Pair. At Gleek (p. 92) he says "
         "what a doubled Ruff is: “it is to be plaid for the next deal”.")
VYE_DEALER_PLAY_OUT = clause(
    "pp.vye.dealer-play-out", "Playing it out when nobody vyes means showing the hands still in for the stakes "
    "already down, with no vyes. (Under the reading where a dealer who passes has the hands played out, he does this.)", "conjectural", C150,
    note="Our reading of Cotton's “the Dealer may play it out”: the deal is settled at once, as if the "
         "players had kept in.")
VYE_DEALER_CHOICE = clause(
    "pp.vye.dealer-choice", "If nobody vyes, the dealer may play it out or double it, as he chooses.", "attested", C150)
VYE_MATCH = clause(
    "pp.vye.match", "Once a player has vyed, each player still in must in turn match the vye, re-vye (raise "
    "it) or fold; vying ends when every player still in has matched the last vye.", "reconstructed", seed("Vying"), C151,
    GLEEK92,
    note="Cotton's Post and Pair describes the vye as what a player 'please[s] to adventure'; the match, re-vye "
         "and fold there are the modern account's. Cotton's Gleek (p. 92) has all three moves for the Ruff "
         "(“I'le see it”, “I'le see it and revie it”, “I'le not meddle with it”): period support from a sister "
         "game, not a statement about Post and Pair.")
VYE_LIMIT = clause(
    "pp.vye.limit", "A vye or re-vye is 1 to vye_max counters, and a deal allows at most `revyes` re-vyes.", "conjectural",
    C151,
    note="Cotton sets no limit (“what you please to adventure”); a limit keeps a deal finite. Both numbers "
         "are options.")
VYE_ROLES = clause(
    "pp.vye.roles", "If the eldest hand or the dealer abandoned, his part in the vying passes to the first or "
    "the last player who staked the Seat.", "conjectural", seed("Vying"),
    note="Neither source covers it.")
VYE_UNMATCHED = clause(
    "pp.vye.unmatched", "A vye that nobody matches wins every stake on the table unseen.", "reconstructed",
    seed("Settlement"), C151,
    note="Cotton says a bold vye can “bring him to submission”; the modern account says what the winner takes.")

# -- Parting or showing -----------------------------------------------------------------------------------------
SETTLE_PART = clause(
    "pp.settle.part-stakes", "By agreement, the players still in at the end may divide the stakes instead of "
    "showing their cards.", "attested", C151, seed("Settlement"))
SETTLE_PART_EQUAL = clause(
    "pp.settle.part-equal", "Parting divides the stakes in equal shares and needs every player still in: if any "
    "of them will not part, the cards are shown.", "reconstructed", seed("Settlement"), C151,
    note="Cotton lets the stakes be divided “according to agreement” but says neither how they are shared nor "
         "what happens when one player will not agree; the equal shares and the single refusal that forces a "
         "show are the modern account's.")
SETTLE_ODD_BOX = clause(
    "pp.settle.odd-to-box", "When the stakes are parted, counters that do not divide evenly are given to the "
    "box (whoever provided the cards and counters).", "reconstructed", seed("Odd counters"), GLEEK91,
    note="Cotton's Post and Pair does not say what happens to odd counters; the rule is the modern account's. "
         "His Gleek chapter (p. 91) gives odd money to the eldest hand “usually”, “or else” to the box: period "
         "support for the box from a sister game, and a second reading, offered as an option.")
SETTLE_ODD_ELDEST = clause(
    "pp.settle.odd-to-eldest", "When the stakes are parted, counters that do not divide evenly go to the eldest "
    "hand still in.", "conjectural", GLEEK91,
    note="Neither Post and Pair source says. Cotton's Gleek (p. 91) says of odd money that 'the eldest hand "
         "usually claims it, or else it is given to the box'; this option carries the first custom over.")
SHOWDOWN_ORDER = clause(
    "pp.showdown.order", "At a show the Pair dish is decided first, the Post dish next, and the Seat with the vyes last.", "reconstructed",
    seed("Settlement"), C151,
    note="Cotton names the Pair and the Post (“he who hath the best Pair or the best Post is the winner”) "
         "but not the order.")
SHOWDOWN_FOLDED = clause(
    "pp.showdown.folded", "A player who abandoned, dropped or folded wins nothing, though his cards still count "
    "towards the trump suit.", "reconstructed", seed("Trump Suit"),
    note="The modern account says so for the Seat and vyes; we apply it to every dish.")
SHOWDOWN_PAIR_ROYAL = clause(
    "pp.showdown.pair-royal", "A Pair-royal (three of a rank) wins the Post, the Pair and the Seat.", "attested", C150)
SHOWDOWN_PAIR_ROYAL_VYES = clause(
    "pp.showdown.pair-royal-vyes", "The Pair-royal takes the vyes as well.", "reconstructed", seed("Pair-royal"),
    note="Cotton names Post, Pair and Seat only; the vyes are added by the modern account.")
SHOWDOWN_PAIR_ROYAL_ACES = clause(
    "pp.showdown.pair-royal-aces", "Three Aces are the best Pair-royal and cannot be beaten.", "reconstructed",
    seed("Pair-royal"), note="Cotton says only that the Ace is the best card.")
SHOWDOWN_PAIR_ROYAL_POINTS = clause(
    "pp.showdown.pair-royal-points", "Other Pair-royals rank by their points (court cards 10), so three "
    "Kings, Queens, Knaves and Tens are equal.", "reconstructed", seed("Pair-royal"),
    note="Cotton does not say how Pair-royals rank.")
SHOWDOWN_ELDER = clause(
    "pp.showdown.elder-wins-ties", "Where the cards fall in several hands of the same sort, as Pairs or "
    "Pair-royals, the eldest hand carries it.", "attested", C151,
    note="Cotton's words. The engine applies them only where two hands are equal under the ranking in use; a "
         "tie that exists only because the modern account counts court cards ten is shown under that ranking's "
         "clause. Read literally, any two Pairs are of “the same sort” and the elder wins without ranking them "
         "(see the note on the elder hand).")

# -- The Pair dish ----------------------------------------------------------------------------------------------
PAIR_BEST = clause(
    "pp.pair.best", "The best Pair takes the Pair dish: Aces make the highest Pair, and any other Pair is "
    "valued by its points, court cards counting 10.", "reconstructed", seed("Pair"), C151,
    note="Cotton says the best Pair wins; the modern account says how Pairs rank.")
PAIR_RANK_ORDER = clause(
    "pp.pair.rank-order", "Pairs and Pair-royals rank by the order of the cards: Ace, King, Queen, Knave, Ten "
    "... Two.", "conjectural", C150, C151,
    note="Fills Cotton's silence on how Pairs rank with the only order he gives ('The Ace of Trumps, as at Ruff and "
         "Honours, is the best Card of all, and so of the rest in order'), which names the trumps, but by its "
         "reference to Ruff and Honours (p. 116, where the Ace is the highest in every suit) may hold for all "
         "cards; the clause applies it to cards of any suit. The cotton-1674 ruleset's choice.")
PAIR_SAME_SORT = clause(
    "pp.pair.same-sort", "Pairs are not ranked: any two Pairs, or any two Pair-royals, are of the same sort, and the "
    "eldest hand among them carries it.", "conjectural", C151,
    note="The literal reading of Cotton's last paragraph (“where the Cards fall in several hands of the same sort, "
         "as a Pair or Pair-Royal ... the eldest hand carries it”). It sits badly with his “best Pair”, which "
         "implies that one Pair can beat another, so it is an option and neither ruleset's choice.")
PAIR_NONE_TRUMP = clause(
    "pp.pair.none-trump", "Without a Pair among the players still in, the Pair dish goes to the holder of the best trump.", "reconstructed",
    seed("Pair"), note="Cotton does not say.")

# -- The Post dish ----------------------------------------------------------------------------------------------
POST_FLUSH = clause(
    "pp.post.flush", "Two or three cards of a suit whose points (courts 10, Ace 1) come to no more than 21 make "
    "a Post; the best Post takes the Post dish, and the best of all is 21, two ten-point cards and the Ace.", "reconstructed",
    seed("Post Pool"), C150, cite("davies1605", "image 61"),
    note="Cotton gives only the best Post (“one and twenty, viz. two Tens and an Ace”); that a Post is a flush "
         "is the modern account's, and Davies's “Flush is ore•boren oft by a better Flush” supports it; the "
         "court cards' ten points are the modern account's.")
POST_THREE_BEATS_TWO = clause(
    "pp.post.three-beats-two", "A Post of three cards outranks every Post of two, whatever the points.", "reconstructed",
    seed("Post Pool"),
    note="Cotton does not say.")
POST_OVER_21 = clause(
    "pp.post.over-21", "Three cards of one suit making more than 21 count as a three-card Post of their two "
    "highest cards.", "reconstructed", seed("Post Pool"),
    note="That such a Post still counts as a three-card Post is our reading of the modern account.")
POST_OVER_21_HALF = clause(
    "pp.post.over-21-half", "Three cards of one suit making more than 21 count as a three-card Post of 20½.", "reconstructed",
    seed("Post Pool"), note="The modern account reports that some players counted it so; no period text mentions the half.")
POST_TEN_ACE = clause(
    "pp.post.ten-ace", "A two-card Post of a ten-point card and the Ace (a Ten-Ace) counts 21.", "reconstructed",
    seed("Post Pool"),
    note="The modern account names a Ten and an Ace; we read any ten-point card (Ten or court) with the Ace of "
         "its suit.")
POST_TEN_ACE_11 = clause(
    "pp.post.ten-ace-11", "A two-card Ten-Ace counts its points, 11 (the Ace counts 1).", "conjectural", C150,
    note="Cotton counts the Ace as 1 (“two Tens and an Ace” make 21) and says nothing of a two-card Ten-Ace. "
         "The cotton-1674 ruleset's choice.")
POST_NONE = clause(
    "pp.post.none", "If no player still in holds a Post, the best trump card takes the Post dish.", "conjectural",
    seed("Pair"),
    note="Neither source says; we follow the rule for the Pair dish when nobody holds a Pair.")
POST_NONE_CARRY = clause(
    "pp.post.none-carry", "If no player still in holds a Post, the Post dish stays on the table for the next "
    "deal.", "conjectural", seed("Vying"),
    note="Neither source says; we follow the rule for a deal that everyone passes.")

# -- Trumps, the Seat and the vyes -----------------------------------------------------------------------------
TRUMP_SUIT_COUNT = clause(
    "pp.trump.suit-count", "The trump suit is the suit with the most points over all the cards dealt, folded "
    "hands included (court cards 10, the Ace 11).", "reconstructed", seed("Trump Suit"),
    note="The modern account calls this the usual rule; Cotton says only that there is a trump.")
TRUMP_ABSENT = clause(
    "pp.trump.absent", "Should that suit be missing from every hand still in, trumps are the suit of the best "
    "Post shown.", "reconstructed", seed("Trump Suit"), note="Cotton does not say.")
TRUMP_BEST_POST = clause(
    "pp.trump.best-post", "The trump suit is the suit of the best Post shown.", "reconstructed", seed("Trump Suit"),
    seed("Seat & Vyes"), note="The modern account gives this as a custom of some players only, beside its usual counting.")
TRUMP_TURN_UP = clause(
    "pp.trump.turn-up", "After the third card is dealt, the next card of the pack is turned up, and its suit is "
    "trumps.", "conjectural", C150, RUFF115,
    note="Cotton's only word on trumps at Post and Pair is a comparison: the Ace of trumps is best “as at Ruff "
         "and Honours”. At Ruff the uppermost card of the stock is turned up “and that is Trumps” (p. 115). "
         "Reading the comparison as covering how trumps are found, not only their order, is ours.")
TRUMP_TURN_UP_ABSENT = clause(
    "pp.trump.turn-up-absent", "Should no player still in hold a card of the turned-up suit, trumps are counted "
    "as by the usual rule (most points over all the cards dealt).", "conjectural", seed("Trump Suit"),
    note="Neither source says; we fall back on the modern account's usual rule, as when the counted suit is missing.")
TRUMP_NO_POST = clause(
    "pp.trump.no-post", "If no Post is shown, the trump suit is counted as by the usual rule (most points over "
    "all the cards dealt).", "conjectural", seed("Trump Suit"),
    note="Neither source says; we fall back on the modern account's usual rule.")
TRUMP_ORDER = clause(
    "pp.trump.order", "The Ace of trumps is the best card, then the King, and so down to the Two.", "attested",
    C150, seed("Seat & Vyes"))
TRUMP_TIE = clause(
    "pp.trump.tie", "If two suits tie on points, the one held by the eldest player still in wins (his highest "
    "card of the tied suits decides; if he holds equal cards of both, Spades, Hearts, Diamonds, Clubs).", "conjectural", C151,
    note="Neither source says; we extend Cotton's rule that the eldest hand carries ties.")
TRUMP_TIE_SUIT_ORDER = clause(
    "pp.trump.tie-suit-order", "If two suits tie on points, Spades beat Hearts, Hearts beat Diamonds, and "
    "Diamonds beat Clubs.", "conjectural", seed("Trump Suit"),
    note="Neither source says; a fixed order (as in later games) is the plainest tie-break.")
SEAT_BEST_TRUMP = clause(
    "pp.seat.best-trump", "The Seat stakes and the vyes go to the player still in who holds the best trump "
    "card.", "reconstructed", seed("Seat & Vyes"), seed("Trump Suit"),
    note="Cotton says the players may “shew the best Card for it” but does not name the stakes it wins.")
SEAT_NO_TRUMP = clause(
    "pp.seat.no-trump", "If no player still in holds a trump and no Post is shown, the trump passes to the suit "
    "with the most points that a player still in holds.", "conjectural", seed("Trump Suit"),
    note="Neither source says; we keep the modern account's counting and skip the suits nobody can show.")


# -- Options and rulesets ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PostAndPairOptions(Options):
    """Every interpretive choice of Post and Pair; the defaults are the ``reconstruction`` ruleset."""

    GAME = "post-and-pair"

    trump: str = option("suit-count", choices=("suit-count", "best-post", "turn-up"), clause=TRUMP_SUIT_COUNT,
                        help="most points over all the cards dealt (the modern account's usual rule), the best "
                             "Post's suit (a custom it reports of some players), or a card turned up after the deal "
                             "(our reading of Cotton's “as at Ruff and Honours”)",
                        label="How the trump suit is found",
                        words={"suit-count": "the suit with the most points among all the cards dealt",
                               "best-post": "the suit of the best Post shown",
                               "turn-up": "a card turned up after the deal"})
    post_over_21: str = option("two-highest", choices=("two-highest", "twenty-and-a-half"), clause=POST_OVER_21,
                               help="the two highest: our reading of the modern account; 20½: a count it reports of some players, which no period text mentions",
                               label="Three cards of one suit counting over 21",
                               words={"two-highest": "count their two highest cards",
                                      "twenty-and-a-half": "count 20½"})
    ten_ace: str = option("21", choices=("21", "11"), clause=POST_TEN_ACE,
                          help="21: the modern account's (any ten-point card with the Ace is our reading of its Ten); 11: our reading of Cotton, who counts the Ace one",
                          label="A two-card Post of a ten-point card and its Ace",
                          words={"21": "counts 21", "11": "counts its points, 11"})
    pair_rank: str = option("points", choices=("points", "rank", "sort"), clause=PAIR_BEST,
                            help="Aces then points: the modern account's; the order of the cards: our filling from the "
                                 "order Cotton gives the trumps; not at all: a literal reading of his last paragraph, "
                                 "which sits badly with his best Pair",
                            label="How one Pair beats another",
                            words={"points": "Aces highest, then by points (Tens and court cards equal)",
                                   "rank": "by the order of the cards, Ace, King, Queen down to Two",
                                   "sort": "not at all: the eldest hand with a Pair wins"})
    dealer_pass: str = option("double", choices=("double", "play-out", "choice"), clause=VYE_DEALER_DOUBLE,
                              help="Cotton lets the dealer play it out or double it; the modern account makes doubling the rule; what playing out means is our reading",
                              label="When nobody vyes",
                              words={"double": "the stakes lie over and the next deal's stakes double them",
                                     "play-out": "the hands still in are shown for the stakes already down",
                                     "choice": "the dealer chooses one or the other"})
    no_post: str = option("best-trump", choices=("best-trump", "carry"), clause=POST_NONE,
                          help="neither source says: the best trump (as for the Pair dish) or kept for the next deal (as when everyone passes) are our readings",
                          label="When nobody shows a Post, the Post dish",
                          words={"best-trump": "goes to the best trump", "carry": "stays for the next deal"})
    trump_tie: str = option("eldest", choices=("eldest", "suit-order"), clause=TRUMP_TIE,
                            help="neither source says: the eldest's suit extends Cotton's rule that the eldest carries "
                                 "ties; a fixed order of suits is the plainest tie-break; both our readings",
                            label="Two suits equal on points for trumps",
                            words={"eldest": "the eldest player's suit wins",
                                   "suit-order": "Spades, then Hearts, then Diamonds, then Clubs"})
    vye_max: int = option(3, range=(1, 100), clause=VYE_LIMIT, help="Cotton sets no limit; a limit keeps a deal finite, and its size is our choice",
                          label="Most counters in one vye or raise")
    revyes: int = option(3, range=(0, 20), clause=VYE_LIMIT, help="Cotton sets no limit; a limit keeps a deal finite, and its size is our choice",
                         label="Raises (re-vyes) allowed in one deal")
    odd: str = option("box", choices=("box", "eldest"), clause=SETTLE_ODD_BOX,
                      help="to the box: the modern account's, and one of the two customs Cotton gives at Gleek; to the eldest: the other",
                      label="Counters left over when the stakes are shared",
                      words={"box": "go to the box (whoever provided the cards)",
                             "eldest": "go to the eldest hand still in"})
    deals: int = option(1, range=(1, 1000), clause=DEAL_ROTATE, help="neither source says how many deals make a game: the number is our choice, and the deal passing to the left our reading",
                        label="Deals in the game")


RECONSTRUCTION = Preset(
    "reconstruction", PostAndPairOptions(), "reconstructed",
    (seed("Playing Rules"), seed("Vying"), seed("Settlement"), seed("Trump Suit"), C150, C151),
    "The modern account's full rules: trumps by counting every card dealt, Pairs by points, the dealer's pass "
    "doubles the stakes.",
    (DEAL_ROTATE, POST_NONE, STAKE_ALONE, STAKE_NONE, VYE_LIMIT, VYE_ROLES),
    title="The modern account's full rules")
COTTON_1674 = Preset(
    "cotton-1674",
    PostAndPairOptions(trump="best-post", ten_ace="11", pair_rank="rank", dealer_pass="choice"), "attested",
    (C150, C151),
    "Cotton's five paragraphs: the dealer may play it out or double it. The many gaps he leaves are filled, "
    "each filling marked in its clause: most from the modern account (how trumps are found: the best Post's "
    "suit; what a Post is; the vying), some by our choice (Pairs by the order of the cards, a two-card Ten-Ace "
    "counts 11).",
    (DEAL_ROTATE, PAIR_NONE_TRUMP, PAIR_RANK_ORDER, POST_FLUSH, POST_NONE, POST_TEN_ACE_11, POST_THREE_BEATS_TWO,
     SEAT_BEST_TRUMP, SETTLE_ODD_BOX, SETTLE_PART_EQUAL, SHOWDOWN_FOLDED, SHOWDOWN_ORDER, SHOWDOWN_PAIR_ROYAL_VYES, STAKE_ABANDON,
     STAKE_ALONE, STAKE_NONE, STAKE_SUM, TRUMP_BEST_POST, TRUMP_NO_POST, TRUMP_TIE, VYE_DEALER, VYE_DEALER_DOUBLE,
     VYE_DEALER_PLAY_OUT, VYE_LIMIT, VYE_MATCH, VYE_ONE_CHANCE, VYE_ROLES, VYE_UNMATCHED),
    title="Cotton's rules (1674), gaps filled")
PRESETS = {p.name: p for p in (RECONSTRUCTION, COTTON_1674)}


def preset_name(options: PostAndPairOptions) -> str | None:
    """The preset whose rules ``options`` follow (ignoring the number of deals), or ``None`` for a custom mix."""
    rules = _RULES(options)
    for p in PRESETS.values():
        if type(options) is type(p.options) and _RULES(p.options) == rules:
            return p.name
    return None


# The options a preset fixes (all but the number of deals), as one tuple.
_RULES = operator.attrgetter(*(s.name for s in PostAndPairOptions.specs() if s.name != "deals"))
