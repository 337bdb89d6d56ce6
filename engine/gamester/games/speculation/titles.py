"""Short titles of Speculation's rules, the words a reader sees where a rule is linked (the live table, the
printed examples, the quiz). The statements themselves are in :mod:`.rules`."""

from ...clauses import set_titles

TITLES = {
    "spec.deal.no-looking": "nobody looks at their cards",
    "spec.deal.three": "three cards each",
    "spec.deal.turn-up": "the turn-up names trumps",
    "spec.game.deals": "how many deals make a game",
    "spec.pack.full": "the whole pack",
    "spec.pack.ranking": "the Ace is highest",
    "spec.pack.short": "a pack of 32",
    "spec.penalty.knave-five": "a Knave or a Five costs one",
    "spec.penalty.peek": "looking costs a counter and the pool",
    "spec.penalty.peek-action": "looking at your cards",
    "spec.play.buyer-left": "after a sale the buyer's left turns",
    "spec.play.chief": "a new best trump",
    "spec.play.order": "who turns first",
    "spec.play.round": "turning goes round",
    "spec.players.limit": "how many may play",
    "spec.sale.auction": "selling to the best offer",
    "spec.sale.auction-order": "the order of bids",
    "spec.sale.best": "selling the best trump",
    "spec.sale.hand": "selling a whole hand",
    "spec.sale.hand-shown": "a hand sold is turned at once",
    "spec.sale.unturned-card": "selling a card unseen",
    "spec.settle.carry": "a pool not taken is carried",
    "spec.stake.pool": "the stakes for the pool",
    "spec.turnup.court": "a court-card turn-up ends the deal",
    "spec.turnup.court-pool": "a court-card turn-up: the pool stays",
    "spec.turnup.no-later-sale": "no sale once turned",
    "spec.turnup.sale": "selling the turn-up",
    "spec.variant.spare-hand": "a spare hand",
    "spec.variant.spare-order": "the spare hand is dealt last",
    "spec.variant.turnup-pool": "the turn-up belongs to the pool",
    "spec.win.best-trump": "the best trump takes the pool",
}

set_titles(TITLES)
