"""The smallest game that meets the contract (tests/engine/test_contract.py), as one module: High Card.

Each player stakes one counter in the pot and is dealt one card; the highest card takes the pot (ties: the elder
hand, the seat after the dealer). The deal passes to the left for as many deals as there are players. Each seat
in turn says ``show`` (its only action), so that the game has moves to replay. Not a game of Cotton's: a fixture
for the contract, registered only inside the test (:func:`install`, :func:`uninstall`), never by ``import
gamester``. What a real game package splits into modules (rules, state, bots, narrate, table) is here in one.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from gamester import clauses, registry
from gamester.cards import FULL_PACK, shuffled
from gamester.clauses import cite, clause
from gamester.html import ledger_html
from gamester.ledger import Ledger
from gamester.options import Options, Preset, option
from gamester.registry import GameSite, GameSpec
from gamester.state import TERMINAL, Outcome, RandomBot, State
from gamester.table import Seat, Table

SRC = cite("cotton1674", "p. 1")
STAKE = clause("hc.stake", "Each player stakes one counter in the pot.", "conjectural", SRC, note="a fixture")
BEST = clause("hc.best", "The highest card takes the pot; of equal cards the elder's.", "conjectural", SRC,
              note="a fixture")


@dataclass(frozen=True)
class HighCardOptions(Options):
    GAME = "high-card"
    aces: str = option("high", choices=("high", "low"), help="whether Aces rank above Kings or below Twos",
                       clause=BEST)


class HighCardState(State):
    game, title, player_range = "high-card", "High Card", (2, 6)

    def __init__(self, options: HighCardOptions, players: int, seed: int) -> None:
        super().__init__(options, players, seed)
        self.ledger, self.deals = Ledger(), []
        self._deal()

    def _deal(self) -> None:
        dealer = len(self.deals) % self.players
        cards = shuffled(FULL_PACK, self.rng)[: self.players]
        self.deals.append({"dealer": dealer, "eldest": (dealer + 1) % self.players, "hands": [str(c) for c in cards],
                           "shown": 0, "ledger": []})
        self.cards = cards

    @property
    def phase(self) -> str:
        return "over" if self.is_terminal() else "showing"

    def current_player(self) -> int:
        d = self.deals[-1]
        return TERMINAL if d["shown"] == self.players else (d["eldest"] + d["shown"]) % self.players

    def _legal(self) -> list[str]:
        return ["show"]

    def _apply(self, action: str) -> None:
        d = self.deals[-1]
        d["shown"] += 1
        if d["shown"] < self.players:
            return
        low = self.options.aces == "low"
        order = [(d["eldest"] + k) % self.players for k in range(self.players)]  # eldest first: he wins ties
        best = max(order, key=lambda s: (-1 if low and self.cards[s].rank.text == "A" else self.cards[s].rank.index,
                                         -order.index(s)))
        before = len(self.ledger.to_json())
        for s in order:
            self.ledger.pay(s, "pot", 1, "pot", STAKE, "the stake")
        self.ledger.pay("pot", best, self.players, "pot", BEST, "the highest card")
        d["ledger"] = self.ledger.to_json()[before:]
        if len(self.deals) < self.players:
            self._deal()

    def outcome(self) -> Outcome:
        net = self.ledger.net(self.players)
        pot = self.ledger.balance("pot")
        over = self.is_terminal()
        return Outcome(tuple(net), "counter", Outcome.ahead(net) if over else (), over,
                       elsewhere=(("the pot", pot),) if pot else ())

    def dealer_and_eldest(self) -> tuple[int, int]:
        return self.deals[-1]["dealer"], self.deals[-1]["eldest"]

    def held(self) -> list[list]:
        return [[c] for c in self.cards]

    def view(self, seat: int | None = None) -> dict:
        return self.common_view(seat)

    def summary(self) -> dict:
        deals = [{k: v for k, v in d.items() if k != "shown"} for d in self.deals]
        return {"deals": deals, "ledger": self.ledger.to_json(), "net": self.returns()}


def result_html(record: dict, players: int, base: str, passages: dict | None, *, deal: int | None = None,
                compact: bool = False, end: str = "") -> str:
    return end + "".join(ledger_html(d["ledger"], players, None, base, passages, deal=i)
                         for i, d in enumerate(record["deals"]))


def table(state: HighCardState, seat: int | None = None, *, analysis: dict | None = None) -> Table:
    roles = state.roles()
    return Table("High Card", seats=[Seat(i, roles=[roles[str(i)]] if str(i) in roles else [], hidden=1)
                                     for i in range(state.players)])


def _play(options: HighCardOptions, *, players: int, seed: int, bots: tuple[str, ...] = ()) -> tuple[dict, str]:
    state = SPEC.play_bots(HighCardState(options, SPEC.seats(players), seed), bots)
    return state.to_record(), f"net {state.returns()}"


SPEC = GameSpec(
    name="high-card", title="High Card", options=HighCardOptions, default_preset="aces-high",
    presets={"aces-high": Preset("aces-high", HighCardOptions(), "conjectural", (SRC,), "Aces rank highest"),
             "aces-low": Preset("aces-low", HighCardOptions(aces="low"), "conjectural", (SRC,), "Aces rank lowest")},
    players=HighCardState.player_range, new_state=HighCardState, bots={"random": RandomBot},
    commands={"play": registry.Command(_play, (registry.Param.players(*HighCardState.player_range),
                                               registry.Param.seed(), registry.Param.bots()))},
    clause_prefix="hc.",
    site=GameSite(page="high-card/", narrator=SimpleNamespace(result_html=result_html), table=table))

_CLAUSES = [clauses.get_clause(c) for c in (STAKE, BEST)]


def install() -> None:
    registry._GAMES[SPEC.name] = SPEC
    for c in _CLAUSES:
        clauses._REGISTRY[c.id] = c


def uninstall() -> None:
    registry._GAMES.pop(SPEC.name, None)
    for c in _CLAUSES:
        clauses._REGISTRY.pop(c.id, None)


uninstall()  # registered only while a test asks for it
