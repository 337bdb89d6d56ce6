"""Last counter's own rules, each test a worked example (replace them with the game's, citing the sources)."""

from gamester import get_game


def test_the_toss_decides_who_takes_first_and_the_last_counter_wins():
    spec = get_game("last-counter")
    firsts = set()
    for seed in range(20):
        state = spec.new_state(spec.default_options(), 2, seed)
        firsts.add(state.current_player())
        spec.play_bots(state, ())
        rec = state.to_record()
        last = rec["takes"][-1][0]
        assert rec["net"][last] == spec.default_options().stake and sum(rec["net"]) == 0
    assert firsts == {0, 1}
