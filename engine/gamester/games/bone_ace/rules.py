"""Bone-Ace (Cotton 1674, ch. XV): the rule clauses (each with its source and status), the options and the
named rulesets.

Cotton's chapter is three short paragraphs. What they state is ``attested``; every gap the engine must fill is a
clause of its own, ``conjectural`` (no account in the edition states the rules of Bone-Ace or of One and Thirty
beyond Cotton), with a note saying what the choice leans on; where a reader might choose otherwise the choice is an
option, and the presets combine them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...clauses import cite, clause
from ...errors import RulesetError
from ...options import Options, Preset, option

GAME = "bone-ace"
BONE = "bone"    # the dish for the Bone (one half of the stake)
POT = "game"     # the dish for the Game (the other half)

C129 = cite("cotton1674", "p. 129")
C129_30 = cite("cotton1674", "pp. 129-130")
C130 = cite("cotton1674", "p. 130")
COSTLY = cite("cotton1674", "pp. 125-128")   # ch. XIV, Costly-Colours: counting to one and thirty
COSTLY128 = cite("cotton1674", "p. 128")      # its worked example: 'the Knave turn'd up makes five and twenty'
CRIB107 = cite("cotton1674", "p. 107")        # ch. IX, Cribbage: 'King and five' among the fifteens
POST150 = cite("cotton1674", "p. 150")        # ch. XXIII, Post and Pair: one and twenty is 'two Tens and an Ace'
WIT139 = cite("cotton1674", "p. 139")         # ch. XVII, Wit and Reason: 'an Ace for one and thirty'
PICKET80 = cite("cotton1674", "p. 80")        # ch. VI, Picket: the Ace 'wins all other Cards, and goes for eleven'
C1687 = cite("cotton1687", "p. 92")           # the 1687 reprint, ch. XIV: the sentence the 1674 text loses a word of

A, J = "attested", "conjectural"

# -- the players and the deal ------------------------------------------------------------------------------------
PLAYERS = clause(
    "ba.players.many", "Seven or eight play at once, or as many as the cards permit.", A, C129)
PLAYERS_BOUND = clause(
    "ba.players.bound", "The engine deals to 2 to 17 players: three cards each must come out of the 52, and a "
    "stock must be left to draw from (17 players leave one card).", J, C129,
    note="Cotton's 'as many as the Cards will permit' sets no number. Three cards each is the deal; with more "
         "than 17 players the pack cannot give them. Two is the fewest a contest needs.")
PACK = clause(
    "ba.pack.full", "The game is played with the whole pack of 52 cards.", J, C129_30,
    note="Cotton names no pack; the Ace of Diamonds, 'three Tens' and play by seven or eight imply a full one.")
LIFT = clause(
    "ba.lift.least", "Each player lifts a card for the deal; the least deals, which makes the dealer youngest "
    "hand.", A, C129)
LIFT_ORDER = clause(
    "ba.lift.order", "In the lift the Ace is the least card, then Two, Three and up to the King, as the Aces rank "
    "for the Bone when they count one; players who tie for the least lift again.", J, C129,
    note="Cotton says only that the least deals. The edition gives the Ace one value in each ruleset: where it "
         "counts one and ranks below the Two for the Bone, it is also the least card in the lift. A fresh lift "
         "among the tied is our choice.")
LIFT_ACE_HIGH = clause(
    "ba.lift.ace-high", "In the lift the Two is the least card and the Ace the greatest, as the Aces rank for the "
    "Bone when they are high; players who tie for the least lift again.", J, C129,
    note="The other reading, for a ruleset whose Aces are high for the Bone: the Ace keeps that place in the lift. "
         "Cotton says only that the least deals; a fresh lift among the tied is our choice.")
DEAL = clause(
    "ba.deal.two-and-one", "The dealer gives each player in turn, eldest first, two cards face down and turns up "
    "the third.", A, C129)
ELDEST = clause(
    "ba.deal.eldest", "The eldest hand is the player on the dealer's left, the first to be dealt to.", J, C129,
    note="Cotton's 'first hand' is dealt to first and the dealer is youngest; that the first hand sits on the "
         "dealer's left, and play goes round to the left, is the common usage, not stated.")
NEXT_DEAL = clause(
    "ba.deal.next", "In a game of several deals the deal passes to the left, and every deal is staked afresh.",
    J, C129, note="Cotton describes a single deal; what follows it is our choice.")
# -- the stake ---------------------------------------------------------------------------------------------------
STAKE = clause(
    "ba.stake.halves", "One half of the stake is for the Bone, the other half remains for the Game.", A, C129_30)
STAKE_AMOUNT = clause(
    "ba.stake.amount", "Each player stakes the same number of counters before the deal.", J,
    C129_30, note="Cotton names no amount and does not say who stakes; an equal stake from every player is the "
                  "usual way of a round game such as Post and Pair.")
SPLIT_EACH = clause(
    "ba.stake.each-halves", "Each player lays half his stake on the Bone's dish and half on the Game's; of an odd "
    "stake the odd counter goes to the Game.", J, C129_30,
    note="One reading of Cotton's 'one half of the Stake': every stake is halved. His 'the other remaining for the "
         "Game' is read as the remainder, so an odd counter lies with the Game.")
SPLIT_POOL = clause(
    "ba.stake.pooled", "All the stakes make one heap, which is halved: one half to the Bone, the rest to the "
    "Game; an odd counter goes to the Game.", J, C129_30,
    note="The other reading: 'the Stake' is everything staked. It differs from halving each stake only when the "
         "stakes are odd; the odd counter stays with the Game, as 'the other remaining' suggests.")
# -- the Bone ----------------------------------------------------------------------------------------------------
BONE_BIGGEST = clause(
    "ba.bone.biggest", "He that has the biggest card carries the Bone: one half of the stake.", A, C129_30)
BONE_ACE = clause(
    "ba.bone.bone-ace", "The Ace of Diamonds is the Bone-Ace and wins all other cards whatever.", A, C130)
BONE_TURNED = clause(
    "ba.bone.turned-cards", "The Bone is decided on the cards turned up, one a player.", J, C129_30,
    note="Cotton does not say which cards are compared. His rule for three of a sort names cards 'turn'd up', so "
         "the turned card is the likeliest reading; the other reading compares all three.")
BONE_ALL = clause(
    "ba.bone.all-cards", "The Bone is decided on all three cards each player was dealt, shown for the purpose.", J,
    C129_30, note="The other reading of 'He that hath the biggest Card': any card he holds.")
RANK_ACE_HIGH = clause(
    "ba.bone.ace-high", "The cards rank Ace (highest), King, Queen, Knave, Ten and down to the Two; the "
    "Bone-Ace above them all.", J, C130, PICKET80,
    note="Cotton gives only the Bone-Ace's place. Aces are high at his Ruff and Honours ('where note the Ace is "
         "the highest', p. 116), and at Picket the Ace 'wins all other Cards, and goes for eleven' (p. 80), the "
         "words Bone-Ace uses of the Bone-Ace. This reading takes the Aces high for the Bone; a ruleset that does "
         "counts an Ace eleven and lets it lift high, so that the Ace has one value throughout.")
RANK_KING_HIGH = clause(
    "ba.bone.king-high", "The cards rank King (highest), Queen, Knave, Ten and down to the Two, the Aces lowest; "
    "the Bone-Ace above them all.", J, C130, POST150, WIT139,
    note="Where Cotton's book adds the cards' values together toward one and twenty or one and thirty, an Ace "
         "counts one (Post and Pair, p. 150; Wit and Reason, p. 139), and in the lift for Bone-Ace 'the least deals'; read "
         "with that value, the Ace is the least card for the Bone too, and only the Ace of Diamonds is lifted out "
         "of that place, which would explain why Cotton needs to name it. The book points both ways: at Picket an "
         "Ace 'goes for eleven' (p. 80), the other reading's value.")
BONE_TIE = clause(
    "ba.bone.tie", "Of equal biggest cards (two Kings, say), the eldest's wins.", J, C129_30,
    note="Cotton names no suit order; the eldest wins ties at Post and Pair and wins three of a sort here.")
THREE = clause(
    "ba.bone.three-of-a-sort", "If three of a sort (three Kings, three Queens, three Tens ...) are turned up, the "
    "eldest hand wins the Bone.", A, C129_30, C1687,
    note="The 1674 transcription marks a letter and a word it could not read ('thre• 〈◊〉,'); the 1687 reprint "
         "prints the sentence whole, 'now if there be three Kings, three Queens, three Tens, &c. turn'd up, the "
         "eldeſt hand wins it' (ch. XIV, p. 92), and the example 'three Kings' is supplied from it. Whose eldest hand is meant, "
         "the sentence does not say in either edition.")
THREE_HOLDER = clause(
    "ba.bone.three-eldest-holder", "Of three of a sort turned up, the eldest of the players who turned them wins "
    "the Bone; of two such sets, the higher.", J, C129_30,
    note="One reading of 'the eldest hand wins it': the eldest of those holding the three.")
THREE_TABLE = clause(
    "ba.bone.three-eldest-hand", "When three of a sort are turned up the eldest hand at the table wins the Bone, "
    "whether or not he turned one of them.", J, C129_30,
    note="The other reading: 'the eldest hand' as Cotton uses it elsewhere, the first hand of the deal.")
BONE_OVER_THREE = clause(
    "ba.bone.bone-ace-first", "A Bone-Ace in play wins the Bone even against three of a sort.", J, C130,
    note="Cotton's 'wins all other Cards whatever' is read as overriding the rule for three of a sort.")
THREE_OVER_BONE = clause(
    "ba.bone.three-first", "Three of a sort turned up win the Bone even against the Bone-Ace.", J, C130,
    note="The other reading: the Bone-Ace beats every other card, but three of a sort are a set, not a card.")
# -- the Game: one and thirty ------------------------------------------------------------------------------------
NEAREST = clause(
    "ba.game.nearest", "After the Bone, the nearest to one and thirty wins the Game: the other half of the stake.",
    A, C130)
AT_ONCE = clause(
    "ba.game.thirty-one", "He that turns up or draws to one and thirty wins the Game immediately.", A, C130)
TURNED_TIE = clause(
    "ba.game.thirty-one-tie", "When more than one player is dealt one and thirty, the eldest of them wins.", J, C130,
    note="Cotton does not say; the eldest wins ties throughout the engine's reading of this chapter.")
PIPS = clause(
    "ba.count.pips", "Toward one and thirty the Twos to Tens count their pips.", J, C130, COSTLY,
    note="Bone-Ace gives no count; Cotton's Costly-Colours, played to one and thirty in the same book, counts "
         "its cards by their pips in its worked example (5, 7, 8, 9, 2: twelve, twenty, twenty nine, thirty one).")
COURTS = clause(
    "ba.count.courts", "The King, Queen and Knave count ten each.", J, C130, COSTLY128, CRIB107,
    note="Bone-Ace gives no count, but the chapters of Cotton's book that the edition transcribes count a court "
         "card ten wherever they count one: in the worked example of Costly-Colours 'that fifteen and the Knave "
         "turn'd up makes five and twenty' (p. 128), and among the fifteens of Cribbage is 'King and five' "
         "(p. 107).")
ACE_EITHER = clause(
    "ba.count.ace-either", "An Ace counts one or eleven, whichever serves the holder better.", J, C130,
    note="Not Cotton's count: where his book adds the cards' values together toward one and twenty or one and "
         "thirty an Ace counts one (Post and Pair, p. 150; Wit and Reason, p. 139), and at Picket eleven (p. 80), and no chapter the "
         "edition transcribes lets the holder choose. It is offered as an option for comparison; no named ruleset "
         "uses it.")
ACE_ONE = clause(
    "ba.count.ace-one", "An Ace counts one.", J, C130, POST150, WIT139,
    note="The count where Cotton's book adds the cards' values together: at Post one and twenty is 'two "
         "Tens and an Ace' (p. 150), and at Wit and Reason, when the count stands at thirty, the other player "
         "'hath an Ace for one and thirty' (p. 139). At Picket the book values an Ace eleven (p. 80), the other "
         "reading's count. Bone-Ace itself gives no count, so the clause is a reading, not attested.")
ACE_ELEVEN = clause(
    "ba.count.ace-eleven", "An Ace counts eleven.", J, C130, PICKET80,
    note="The other reading, for a ruleset whose Aces are high for the Bone and in the lift. Cotton's Picket values "
         "an Ace so: the cards count their spots, 'the Ace only excepted, which wins all other Cards, and goes for "
         "eleven' (p. 80). Picket is not played toward one and thirty, so this is a parallel, not Bone-Ace's rule.")
DRAW_TURN = clause(
    "ba.draw.in-turn", "To 'draw' is to take cards from the stock: each player in turn, eldest first, takes one "
    "card at a time as long as he likes, and stands, or passes one and thirty and is out of the Game.", J, C130,
    note="Cotton says only 'draws to one and thirty'. This is how One and Thirty, which the modern Post and Pair "
         "account groups with Bone-Ace, is usually described; no account in the edition states it.")
DRAW_ROUND = clause(
    "ba.draw.by-rounds", "Drawing goes round the table one card a round: each player still in draws one card or "
    "stands (for good) until every player has stood or passed one and thirty.", J, C130,
    note="Another reading of 'draws': a card a round, so that each decides on what the others have drawn.")
FACE_UP = clause(
    "ba.draw.face-up", "Drawn cards are given face up, like the turned-up card; the first two stay face down.", J,
    C130, note="Cotton's 'turns up or draws' sets the drawn card beside the one turned up.")
OVER = clause(
    "ba.draw.over", "A player who passes one and thirty is out of the Game.", J, C130,
    note="Implied by 'the nearest to one and thirty' rather than stated: Costly-Colours too counts nearest "
         "'without making out'.")
STOCK_OUT = clause(
    "ba.draw.stock-out", "When the stock is spent, the players yet to draw stand on what they have.", J, C129,
    note="Cotton's 'as many as the Cards will permit' meets the case where they do not; no source says.")
LAST_LEFT = clause(
    "ba.game.last-left", "When every other player has passed one and thirty, the one left wins the Game without "
    "drawing.", J, C130, note="The nearest to one and thirty among those still in; there is nothing left to draw "
                             "for.")
TIE_ELDEST = clause(
    "ba.game.tie-eldest", "Of players equally near one and thirty, the eldest wins the Game.", J, C130,
    note="Cotton gives the eldest the Bone on three of a sort; the eldest's privilege settles ties here too.")
TIE_DIVIDE = clause(
    "ba.game.tie-divide", "Players equally near one and thirty divide the Game; the odd counters go one each to "
    "the eldest of them first.", J, C130, note="The other reading of a tie: they share.")
DEALS = clause(
    "ba.game.deals", "A sitting is a number of deals (one by default, or one deal by each player); every deal's "
    "stake is won in that deal.", J, C129, note="Cotton describes one deal; both halves of the stake are always "
                                                "won, so nothing is carried.")

# -- options and presets -----------------------------------------------------------------------------------------
MAX_PLAYERS = 17


@dataclass(frozen=True)
class BoneAceOptions(Options):
    GAME = GAME
    stake: int = option(2, range=(1, 20), help="Cotton halves the stake between the Bone and the Game but names no amount and does not say who stakes: an equal stake from each player is our reading, and the number our choice",
                        clause=STAKE_AMOUNT, label="Counters each player stakes")
    split: str = option("each", choices=("each", "pooled"),
                        help="two readings of Cotton's half of the stake: each stake halved (an odd counter to the Game), or all the stakes together",
                        clause=SPLIT_EACH, label="Halving the stakes between the Bone and the Game",
                        words={"each": "each player's stake is halved",
                               "pooled": "all the stakes together are halved"})
    bone_cards: str = option("turned", choices=("turned", "all-three"),
                             help="Cotton does not say which cards are compared: the turned-up card is our likelier reading (his rule for three of a sort speaks of cards turned up), all three the other",
                             clause=BONE_TURNED, label="The Bone goes to the biggest card",
                             words={"turned": "among the cards turned up", "all-three": "among all three cards"})
    rank: str = option("king-high", choices=("king-high", "ace-high"),
                       help="Cotton does not rank the cards for the Bone: Aces lowest, as where his book counts an Ace one, or above the Kings, as at his Picket; the Bone-Ace beats all either way",
                       clause=RANK_KING_HIGH, label="For the Bone, an Ace (but the Bone-Ace) is",
                       words={"king-high": "the lowest card", "ace-high": "above the Kings"})
    three: str = option("eldest-holder", choices=("eldest-holder", "eldest-hand"),
                        help="two readings of Cotton's rule that the eldest hand wins three of a sort: the eldest of those who turned them, or the eldest hand at the table",
                        clause=THREE_HOLDER, label="Three of a rank turned up: the Bone goes to",
                        words={"eldest-holder": "the eldest of the players who turned them",
                               "eldest-hand": "the eldest hand"})
    bone_ace: str = option("beats-three", choices=("beats-three", "below-three"),
                           help="whether Cotton's Bone-Ace, which beats every other card, also beats his three of a sort: our reading, either way", clause=BONE_OVER_THREE,
                           label="The Bone-Ace against three of a rank",
                           words={"beats-three": "beats them", "below-three": "is beaten by them"})
    ace: str = option("one", choices=("one", "eleven", "one-or-eleven"),
                      help="Cotton does not say: one, as where his book adds cards together (Post and Pair, Wit and Reason), is our reading; eleven, or either, the others", clause=ACE_ONE,
                      label="An Ace counts toward one and thirty",
                      words={"one": "1", "eleven": "11", "one-or-eleven": "11, or 1 if 11 would go past 31"})
    draw: str = option("in-turn", choices=("in-turn", "by-rounds"),
                       help="Cotton says only that each draws to one and thirty: as many cards as he likes in his turn, or one card a round, are both our readings (no account in the edition says how)", clause=DRAW_TURN,
                       label="Drawing cards",
                       words={"in-turn": "as many as you like in your turn", "by-rounds": "one card a round"})
    tie: str = option("eldest", choices=("eldest", "divide"),
                      help="Cotton does not say: the eldest, extending his rule for three of a sort (our reading), or a share", clause=TIE_ELDEST,
                      label="Players equally near one and thirty",
                      words={"eldest": "the eldest of them wins the Game", "divide": "they share the Game"})
    deals: int = option(1, range=(0, 50), help="Cotton describes one deal; several, or one dealt by each player in turn (0), are our addition", clause=DEALS,
                        label="Deals in the sitting", words={0: "each player deals once"})


COTTON = BoneAceOptions()
PRESETS = {
    "cotton-1674": Preset(
        "cotton-1674", COTTON, A, (C129, C129_30, C130),
        "Cotton's three paragraphs, filled as little as possible and with the counts where he adds the cards "
        "together: an Ace counts one (so it is the least card in the lift and for the Bone, where the Bone-Ace alone "
        "is above all), courts ten; the Bone on the turned-up cards, three of a sort to the eldest of their holders, each player "
        "drawing in turn to one and thirty, ties to the eldest.",
        (PLAYERS_BOUND, PACK, LIFT_ORDER, ELDEST, STAKE_AMOUNT, SPLIT_EACH, BONE_TURNED, RANK_KING_HIGH, BONE_TIE,
         THREE_HOLDER, BONE_OVER_THREE, PIPS, COURTS, ACE_ONE, DRAW_TURN, FACE_UP, OVER, STOCK_OUT, LAST_LEFT,
         TIE_ELDEST, TURNED_TIE, DEALS), title="Cotton's rules (1674), gaps filled"),
    "other-reading": Preset(
        "other-reading", BoneAceOptions(split="pooled", bone_cards="all-three", rank="ace-high",
                                        three="eldest-hand", bone_ace="below-three", ace="eleven", draw="by-rounds",
                                        tie="divide"),
        A, (C129, C129_30, C130),
        "The same paragraphs read the other way at every gap: the Aces high throughout, as at Cotton's Picket "
        "(greatest in the lift, above the Kings for the Bone, eleven toward one and thirty), the Bone on all three cards, three of a sort to the "
        "eldest hand and above the Bone-Ace, the stakes pooled, drawing one card a round, and ties divided.",
        (PLAYERS_BOUND, PACK, LIFT_ACE_HIGH, ELDEST, STAKE_AMOUNT, SPLIT_POOL, BONE_ALL, RANK_ACE_HIGH, BONE_TIE,
         THREE_TABLE, THREE_OVER_BONE, PIPS, COURTS, ACE_ELEVEN, DRAW_ROUND, FACE_UP, OVER, STOCK_OUT, LAST_LEFT,
         TIE_DIVIDE, TURNED_TIE, DEALS), title="Cotton's rules, read the other way"),
}


def check_players(players: Any) -> int:
    """``players`` if the pack deals to that many (ba.players.bound), else :class:`RulesetError`."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise RulesetError(f"Bone-Ace is for 2 to {MAX_PLAYERS} players (three cards each from 52), not "
                           f"{str(players)[:40]!r}")
    return players


# -- what the cards are worth --------------------------------------------------------------------------------------
def is_bone_ace(card: Any) -> bool:
    return str(card) == "AD"


def bone_value(card: Any, rank: str) -> int:
    """A card's place for the Bone: higher is bigger; the Bone-Ace above all."""
    if is_bone_ace(card):
        return 100
    r = card.rank.text
    i = card.rank.index  # 2 -> 0 ... A -> 12
    if r == "A" and rank == "king-high":
        return -1
    return i


def pips(card: Any) -> int:
    """What a card counts toward one and thirty, an Ace as one."""
    r = card.rank.text
    if r == "A":
        return 1
    if r in ("J", "Q", "K"):
        return 10
    return int(r)


def total(cards: list[Any], ace: str) -> int:
    """The count of ``cards`` toward one and thirty under the option ``ace``: with one-or-eleven, each Ace counts
    eleven as long as that does not pass one and thirty (Ace, Ace and Nine make 31), the count nearest 31."""
    t = sum(pips(c) for c in cards)
    aces = sum(1 for c in cards if c.rank.text == "A")
    if ace == "eleven":
        return t + 10 * aces
    if ace == "one-or-eleven":
        while aces and t + 10 <= 31:
            t, aces = t + 10, aces - 1
    return t
