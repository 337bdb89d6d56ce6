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
GLEEK93 = cite("cotton1674", "p. 93")    # ch. VII, Gleek: the youngest doubles a passed Ruff
RUFF115 = cite("cotton1674", "p. 115")   # ch. XI, Ruff and Honours: the turned-up card is trumps


def seed(section: str):
    """A citation of the modern account by section name."""
    return cite("seed-postpair", section)


# -- Staking and the deal ------------------------------------------------------------------------------------
STAKE_POST = clause(
    "pp.stake.post", "Before any card is dealt each player stakes at Post.", "attested", C150,
    note="Cotton: “You must first stake at Post”. He names no amount and no dish: see pp.stake.one-counter.")
STAKE_PAIR = clause(
    "pp.stake.pair", "Next each player stakes at Pair; then two cards each are dealt.", "attested", C150,
    note="The order of the stakes and the two-card deal are Cotton's; the amount is not (pp.stake.one-counter).")
STAKE_SEAT = clause(
    "pp.stake.seat", "On his two cards each player stakes at the Seat; then the third card is dealt.", "attested", C150,
    note="Cotton: stake at the Seat on two cards, then deal the third. The amount is not his (pp.stake.one-counter).")
STAKE_SUM = clause(
    "pp.stake.one-counter", "Each of the three stakes is one counter. The Post and Pair stakes go into two "
    "dishes in the middle of the table; the Seat stake lies in front of its player.", "reconstructed", seed("Deal & staking"),
    note="The filling of Cotton's staking sentence: one counter a stake, and a dish each for Post and Pair, come "
         "from the modern account (in its section Deal & staking); Cotton gives neither.")
STAKE_ABANDON = clause(
    "pp.stake.abandon", "A player may abandon his two cards instead of staking the Seat; he loses his Post and "
    "Pair stakes and takes no further part in the deal.", "reconstructed", seed("Deal & staking"),
    note="Rests on the modern account alone (in its section Deal & staking); Cotton says nothing of giving up before "
         "the Seat.")
STAKE_ALONE = clause(
    "pp.stake.alone", "If only one player stakes the Seat, he takes every stake on the table unseen.", "conjectural",
    seed("Settlement"),
    note="No source covers a lone staker. The choice treats him like a vye nobody answers, which Cotton's “bring him "
         "to submission” supports by analogy.")
STAKE_NONE = clause(
    "pp.stake.none", "If nobody stakes the Seat, the stakes stay on the table for the next deal.", "conjectural",
    seed("Vying"),
    note="No source covers it; treated like the deal nobody vyes, whose stakes Cotton lets the dealer “double”.")
DEAL_ROTATE = clause(
    "pp.deal.rotate", "Seats are numbered from the eldest hand (left of the dealer) to the dealer; the deal "
    "passes to the left, so the eldest hand deals next.", "conjectural", C150,
    note="Cotton names the eldest hand and the dealer but not how the deal passes; the usual left-hand rotation is "
         "assumed.")

# -- Vying ---------------------------------------------------------------------------------------------------
VYE_ELDEST_PASS = clause(
    "pp.vye.eldest-pass", "The eldest hand may pass and come in again if anyone vyes.", "attested",
    C150, seed("Vying"),
    note="Davies's “Some Elders, for re-uies, passe” is listed as a period parallel: his elders pass in hope of a "
         "re-vye. Whether it is the privilege Cotton states, neither text says; the attested status rests on "
         "Cotton's sentence.")
VYE_ONE_CHANCE = clause(
    "pp.vye.one-chance", "Each player after the eldest gets a single turn to vye; one who declines is out of "
    "the deal and forfeits his stakes.", "reconstructed", seed("Vying"),
    note="Cotton gives only the eldest hand's right to pass and come in again; that the others get one chance is the "
         "modern account's (in its section Vying).")
VYE_DEALER = clause(
    "pp.vye.dealer", "When every player before the dealer has passed or dropped, the dealer may vye; then only "
    "the eldest hand may answer him.", "reconstructed", seed("Vying"), C150,
    note="The modern account's reading of Cotton's sentence on the dealer (the dealer vyes, the eldest alone may "
         "answer). Cotton's words admit other readings.")
VYE_DEALER_DOUBLE = clause(
    "pp.vye.dealer-pass-double", "Doubling when nobody vyes pays nothing out: the stakes lie over to the next "
    "deal, where the fresh stakes double them. (Under the reading where a dealer who passes doubles, he does this.)", "reconstructed",
    seed("Vying"), C150, GLEEK93,
    note="Cotton offers doubling as one of the dealer's two choices; the modern account makes it the rule. Davies's "
         "“Doubles it” names the same move. What doubling means has period support from Cotton's Gleek (p. 93): when "
         "the eldest and second hand pass the Ruff “the youngest hath power to double it, and then it is to be plaid for the "
         "next deal”, which is what the engine does.")
VYE_DEALER_PLAY_OUT = clause(
    "pp.vye.dealer-play-out", "Playing it out when nobody vyes means showing the hands still in for the stakes "
    "already down, with no vyes. (Under the reading where a dealer who passes has the hands played out, he does this.)", "conjectural", C150,
    note="Our reading of “play it out”: the hands still in are shown for the stakes already down. By then only the "
         "eldest hand and the dealer are still in: each player between them, having declined his one chance to vye "
         "(pp.vye.one-chance), is out, and his stakes go to the winners with the rest. Davies's “shares” may point "
         "instead to dividing the stakes.")
VYE_DEALER_CHOICE = clause(
    "pp.vye.dealer-choice", "If nobody vyes, the dealer may play it out or double it, as he chooses.", "attested", C150,
    note="Only the choice is attested: “the Dealer may play it out, or double it”. What the two branches mean is "
         "filled by pp.vye.dealer-play-out (conjectural) and pp.vye.dealer-pass-double (reconstructed), each with "
         "its own citation.")
VYE_MATCH = clause(
    "pp.vye.match", "Once a player has vyed, each player still in must in turn match the vye, re-vye (raise "
    "it) or fold; vying ends when every player still in has matched the last vye.", "reconstructed", seed("Vying"), C151,
    GLEEK92,
    note="Cotton's Post and Pair defines the vye but not the answering of it; the modern account gives match, re-vye "
         "and fold. Davies's “Vy, and re•uy” shows that re-vying was part of the game, and Cotton's Gleek (p. 92) "
         "has all three answers for the Ruff: “I'le see it”, “I'le see it and revie it”, “I'le not meddle with it”. "
         "We keep the label reconstructed: the Gleek passage describes a sister game, and no period text sets out "
         "the round of answers for Post and Pair itself.")
VYE_LIMIT = clause(
    "pp.vye.limit", "A vye or re-vye is one counter or more, up to a set limit (three by default), and a "
    "deal allows a set number of re-vyes (three by default).", "conjectural",
    C151,
    note="No source sets a limit: Cotton's vye is “what you please to adventure”, and Davies has players vye “ten "
         "times”. The limit exists so that a deal ends; both numbers are options.")
VYE_ROLES = clause(
    "pp.vye.roles", "If the eldest hand or the dealer abandoned, his part in the vying passes to the first or "
    "the last player who staked the Seat.", "conjectural", seed("Vying"),
    note="No source covers an eldest hand or dealer who has abandoned; the role passes to the nearest player still "
         "in.")
VYE_UNMATCHED = clause(
    "pp.vye.unmatched", "A vye that nobody matches wins every stake on the table unseen.", "reconstructed",
    seed("Settlement"), C151,
    note="Cotton's bold vye 'bring[s] him to submission' and Jewel's player “shoulde winne al by vicinge”; that the "
         "unanswered vye takes every stake unseen is stated only by the modern account.")

# -- Parting or showing -----------------------------------------------------------------------------------------
SETTLE_PART = clause(
    "pp.settle.part-stakes", "By agreement, the players still in at the end may divide the stakes instead of "
    "showing their cards.", "attested", C151, seed("Settlement"),
    note="Cotton: “according to agreement” those that keep in “may divide the stakes, or shew the best Card for it”; "
         "Davies: “others part Stakes, that to lose are loth”. Neither says how the stakes are shared or what one "
         "player's refusal does: see pp.settle.part-equal.")
SETTLE_PART_EQUAL = clause(
    "pp.settle.part-equal", "Parting divides the stakes in equal shares and needs every player still in: if any "
    "of them will not part, the cards are shown.", "reconstructed", seed("Settlement"), C151,
    note="Equal shares, and the show forced by any one player who will not part, are the modern account's (in its "
         "section Settlement). Cotton's “according to agreement” implies that parting needs consent but not that one "
         "refusal decides it.")
SETTLE_ODD_BOX = clause(
    "pp.settle.odd-to-box", "When the stakes are parted, counters that do not divide evenly are given to the "
    "box (whoever provided the cards and counters).", "reconstructed", seed("Odd counters"), GLEEK91,
    note="For Post and Pair the rule is the modern account's (in its section Odd counters). Cotton's Gleek (p. 91) "
         "supports it from a sister game: odd money in buying the stock is claimed by the eldest hand “usually”, “or "
         "else it is given to the box” (the engine offers the first custom as an option). The literary passages show "
         "why a box is a party at all: the butler warms the cards and tells out the counters (Earle) or lets "
         "counters out (Jonson), and the butler's box draws in everything when play runs long (Davies).")
SETTLE_ODD_ELDEST = clause(
    "pp.settle.odd-to-eldest", "When the stakes are parted, counters that do not divide evenly go to the eldest "
    "hand still in.", "conjectural", GLEEK91,
    note="No Post and Pair source says. Cotton's Gleek (p. 91): “the eldest hand usually claims it, or else it is "
         "given to the box”; this option carries the first custom over to the parting of stakes.")
SHOWDOWN_ORDER = clause(
    "pp.showdown.order", "At a show the Pair dish is decided first, the Post dish next, and the Seat with the vyes last.", "reconstructed",
    seed("Settlement"), C151,
    note="Cotton names the Pair and the Post (“he who hath the best Pair or the best Post is the winner”) "
         "but not the order.")
SHOWDOWN_FOLDED = clause(
    "pp.showdown.folded", "A player who abandoned, dropped or folded wins nothing, though his cards still count "
    "towards the trump suit.", "reconstructed", seed("Trump Suit"),
    note="The modern account counts folded hands towards the trump suit and passes the Seat and vyes over a folded "
         "holder of the best trump; the engine lets a folded hand win no stake at all.")
SHOWDOWN_PAIR_ROYAL = clause(
    "pp.showdown.pair-royal", "A Pair-royal (three of a rank) wins the Post, the Pair and the Seat.", "attested", C150,
    note="Cotton: “a Pair-royal wins all, both Post, Pair, and Seat”. The vyes are a separate, reconstructed clause "
         "(pp.showdown.pair-royal-vyes).")
SHOWDOWN_PAIR_ROYAL_VYES = clause(
    "pp.showdown.pair-royal-vyes", "The Pair-royal takes the vyes as well.", "reconstructed", seed("Pair-royal"),
    note="Cotton's list of what a Pair-royal wins stops at the Seat; the modern account (in its section Pair-royal) "
         "gives it the vyes too.")
SHOWDOWN_PAIR_ROYAL_ACES = clause(
    "pp.showdown.pair-royal-aces", "Three Aces are the best Pair-royal and cannot be beaten.", "reconstructed",
    seed("Pair-royal"), note="The modern account ranks three Aces highest. Cotton says only that the Ace (of trumps) "
                             "is the best card.")
SHOWDOWN_PAIR_ROYAL_POINTS = clause(
    "pp.showdown.pair-royal-points", "Other Pair-royals rank by their points (court cards 10), so three "
    "Kings, Queens, Knaves and Tens are equal.", "reconstructed", seed("Pair-royal"),
    note="How Pair-royals rank below three Aces is the modern account's (by points, courts equal to Tens); Cotton is "
         "silent.")
SHOWDOWN_ELDER = clause(
    "pp.showdown.elder-wins-ties", "Where the cards fall in several hands of the same sort, as Pairs or "
    "Pair-royals, the eldest hand carries it.", "attested", C151,
    note="Cotton: “where the Cards fall in several hands of the same sort, as a Pair or Pair-Royal, and so forth, "
         "the eldest hand carries it”. He does not say that the hands must also be equal. The engine applies the "
         "rule only between hands equal under the ranking in use, and a ledger line whose tie exists only because "
         "courts count ten (two Knaves against two Kings) cites that reconstructed ranking, not this clause. The "
         "literal reading is set out in the note on the elder hand.")

# -- The Pair dish ----------------------------------------------------------------------------------------------
PAIR_BEST = clause(
    "pp.pair.best", "The best Pair takes the Pair dish: Aces make the highest Pair, and any other Pair is "
    "valued by its points, court cards counting 10.", "reconstructed", seed("Pair"), C151,
    note="That the best Pair wins is Cotton's; how Pairs rank (Aces, then by points) is the modern account's.")
PAIR_RANK_ORDER = clause(
    "pp.pair.rank-order", "Pairs and Pair-royals rank by the order of the cards: Ace, King, Queen, Knave, Ten "
    "... Two.", "conjectural", C150, C151,
    note="Fills Cotton's silence on how Pairs rank with the only order he gives ('The Ace of Trumps, as at Ruff and "
         "Honours, is the best Card of all, and so of the rest in order'), which names the trumps, but by its "
         "reference to Ruff and Honours (p. 116, where the Ace is the highest in every suit) may hold for all "
         "cards; the clause applies it to cards of any suit. The ruleset called Cotton's rules (1674), gaps filled, "
         "chooses it.")
PAIR_SAME_SORT = clause(
    "pp.pair.same-sort", "Pairs are not ranked: any two Pairs, or any two Pair-royals, are of the same sort, and the "
    "eldest hand among them carries it.", "conjectural", C151,
    note="The literal reading of Cotton's last paragraph: hands “of the same sort, as a Pair or Pair-Royal” go to "
         "the eldest, with no ranking among them. Against it stands his “best Pair” (p. 151), which implies a "
         "ranking; hence an option, not either ruleset's choice.")
PAIR_NONE_TRUMP = clause(
    "pp.pair.none-trump", "Without a Pair among the players still in, the Pair dish goes to the holder of the best trump.", "reconstructed",
    seed("Pair"), note="The modern account gives the Pair stake to the best trump when nobody holds a Pair; Cotton "
                       "is silent.")

# -- The Post dish ----------------------------------------------------------------------------------------------
POST_FLUSH = clause(
    "pp.post.flush", "Two or three cards of a suit whose points (courts 10, Ace 1) come to no more than 21 make "
    "a Post; the best Post takes the Post dish, and the best of all is 21, two ten-point cards and the Ace.", "reconstructed",
    seed("Post Pool"), C150, cite("davies1605", "image 61"),
    note="Cotton gives only the best Post (21: two Tens and an Ace). That a Post is two or three cards of one suit "
         "is the modern account's. Davies's “Flush is ore•boren oft by a better Flush” shows flushes outranking one "
         "another in the game, without saying that a Post is one. That court "
         "cards count ten is the modern account's; Cotton's sum needs only the Tens and the Ace.")
POST_THREE_BEATS_TWO = clause(
    "pp.post.three-beats-two", "A Post of three cards outranks every Post of two, whatever the points.", "reconstructed",
    seed("Post Pool"),
    note="The modern account's rule (in its section Post Pool); Cotton does not compare two- and three-card Posts.")
POST_OVER_21 = clause(
    "pp.post.over-21", "Three cards of one suit making more than 21 count as a three-card Post of their two "
    "highest cards.", "reconstructed", seed("Post Pool"),
    note="The modern account's treatment of a flush over 21 (count the two highest); our reading that it still ranks "
         "as a three-card Post.")
POST_OVER_21_HALF = clause(
    "pp.post.over-21-half", "Three cards of one suit making more than 21 count as a three-card Post of 20½.", "reconstructed",
    seed("Post Pool"), note="The modern account reports that some players counted a flush over 21 as 20½; no period "
                            "text mentions it. An option.")
POST_TEN_ACE = clause(
    "pp.post.ten-ace", "A two-card Post of a ten-point card and the Ace (a Ten-Ace) counts 21.", "reconstructed",
    seed("Post Pool"),
    note="The modern account lets a two-card Ten and Ace count 21, which makes the Ace worth 11; we read any "
         "ten-point card (Ten or court) with the Ace of its suit. Cotton's 21 is “two Tens and an Ace”, with the Ace "
         "at one.")
POST_TEN_ACE_11 = clause(
    "pp.post.ten-ace-11", "A two-card Ten-Ace counts its points, 11 (the Ace counts 1).", "conjectural", C150,
    note="Cotton counts the Ace as 1 (“two Tens and an Ace” make 21) and says nothing of a two-card Ten-Ace. "
         "The ruleset called Cotton's rules (1674), gaps filled, chooses it.")
POST_NONE = clause(
    "pp.post.none", "If no player still in holds a Post, the best trump card takes the Post dish.", "conjectural",
    seed("Pair"),
    note="No source says what becomes of the Post stake when nobody holds a Post; this follows the modern account's "
         "rule for the Pair stake.")
POST_NONE_CARRY = clause(
    "pp.post.none-carry", "If no player still in holds a Post, the Post dish stays on the table for the next "
    "deal.", "conjectural", seed("Vying"),
    note="No source says; the alternative leaves the Post stake for the next deal, like a deal that everyone passes.")

# -- Trumps, the Seat and the vyes -----------------------------------------------------------------------------
TRUMP_SUIT_COUNT = clause(
    "pp.trump.suit-count", "The trump suit is the suit with the most points over all the cards dealt, folded "
    "hands included (court cards 10, the Ace 11).", "reconstructed", seed("Trump Suit"),
    note="Cotton assumes a trump suit ('The Ace of Trumps, as at Ruff and Honours, is the best Card of all') without "
         "saying how it is found; counting points over every card dealt is what the modern account calls the usual "
         "rule.")
TRUMP_ABSENT = clause(
    "pp.trump.absent", "Should that suit be missing from every hand still in, trumps are the suit of the best "
    "Post shown.", "reconstructed", seed("Trump Suit"), note="The modern account's fallback when no player still in "
                                                             "holds the counted suit.")
TRUMP_BEST_POST = clause(
    "pp.trump.best-post", "The trump suit is the suit of the best Post shown.", "reconstructed", seed("Trump Suit"),
    seed("Seat & Vyes"), note="The modern account says that sometimes the best Post decided the trump suit. The "
                              "ruleset called Cotton's rules (1674), gaps filled, uses it to fill Cotton's silence: a "
                              "modern custom, not Cotton's "
                              "(his “as at Ruff and Honours” may point to a turned-up card instead; see the editorial note on it).")
TRUMP_TURN_UP = clause(
    "pp.trump.turn-up", "After the third card is dealt, the next card of the pack is turned up, and its suit is "
    "trumps.", "conjectural", C150, RUFF115,
    note="Our reading of Cotton's “as at Ruff and Honours”: at Ruff the uppermost card of the stock “is turn'd up, "
         "and that is Trumps” (p. 115). Cotton's comparison may concern only the order of the cards; nothing in his "
         "Post and Pair says a card is turned up.")
TRUMP_TURN_UP_ABSENT = clause(
    "pp.trump.turn-up-absent", "Should no player still in hold a card of the turned-up suit, trumps are counted "
    "as by the usual rule (most points over all the cards dealt).", "conjectural", seed("Trump Suit"),
    note="No source says what happens when nobody still in holds the turned-up suit; the engine counts trumps as the "
         "modern account usually does.")
TRUMP_NO_POST = clause(
    "pp.trump.no-post", "If no Post is shown, the trump suit is counted as by the usual rule (most points over "
    "all the cards dealt).", "conjectural", seed("Trump Suit"),
    note="No source says how trumps are found under the best-Post rule when nobody shows a Post; the engine falls "
         "back on counting.")
TRUMP_ORDER = clause(
    "pp.trump.order", "The Ace of trumps is the best card, then the King, and so down to the Two.", "attested",
    C150, seed("Seat & Vyes"))
TRUMP_TIE = clause(
    "pp.trump.tie", "If two suits tie on points, the one held by the eldest player still in wins (his highest "
    "card of the tied suits decides; if he holds equal cards of both, Spades, Hearts, Diamonds, Clubs).", "conjectural", C151,
    note="No source says how equal suits are separated; this extends Cotton's rule that the eldest hand carries ties.")
TRUMP_TIE_SUIT_ORDER = clause(
    "pp.trump.tie-suit-order", "If two suits tie on points, Spades beat Hearts, Hearts beat Diamonds, and "
    "Diamonds beat Clubs.", "conjectural", seed("Trump Suit"),
    note="No source says; a fixed order of suits, as in later games, is offered as the alternative tie-break.")
SEAT_BEST_TRUMP = clause(
    "pp.seat.best-trump", "The Seat stakes and the vyes go to the player still in who holds the best trump "
    "card.", "reconstructed", seed("Seat & Vyes"), seed("Trump Suit"),
    note="Cotton's players may “shew the best Card for it”; that the best trump takes the Seat and the vyes is the "
         "modern account's.")
SEAT_NO_TRUMP = clause(
    "pp.seat.no-trump", "If no player still in holds a trump and no Post is shown, the trump passes to the suit "
    "with the most points that a player still in holds.", "conjectural", seed("Trump Suit"),
    note="No source covers a deal in which nobody still in holds a trump; the engine counts again among the suits "
         "that can be shown.")


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
