"""Invites off the happy path (issue 43): a stale reply code, a new invite, a new invite opened in the tab that had
the old one, an invite opened again once used, a friend's name with odd characters."""
from __future__ import annotations

from playwright.sync_api import expect
from test_friends import TIMEOUT, Q, guest_url

DIALOG_INVITE = "#dlg-friends [data-seat-row='{seat}'] [data-invite]"


def host_dialog(warm_contexts, site):
    host = warm_contexts.page()
    host.goto(f"{site}{Q}")
    host.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass", timeout=60_000)
    host.get_by_role("button", name="New game").click()
    host.locator("[data-action='host-table']").click()
    host.wait_for_function("() => document.querySelectorAll('#dlg-friends [data-invite]').length === 2", timeout=TIMEOUT)
    return host


def reply_for(guest, invite: str) -> str:
    guest.goto(guest_url(invite))
    guest.wait_for_selector("[data-reply]", timeout=TIMEOUT)
    return guest.get_attribute("[data-reply]", "data-reply")


def test_a_stale_reply_is_refused_at_once_and_the_new_invite_connects(warm_contexts, site):
    host = host_dialog(warm_contexts, site)
    old_invite = host.get_attribute(DIALOG_INVITE.format(seat=1), "data-invite")
    guest = warm_contexts.page(locale="de-CH")
    old_reply = reply_for(guest, old_invite)
    # the host makes a new invite for seat 1: the old link's reply no longer fits
    host.click("#dlg-friends [data-seat-row='1'] [data-action='new-invite']")
    host.wait_for_function("(old) => (e => e && e.dataset.invite !== old)(document.querySelector("
                           "\"#dlg-friends [data-seat-row='1'] [data-invite]\"))", arg=old_invite, timeout=TIMEOUT)
    host.fill("#dlg-friends [data-reply-input]", old_reply)
    host.click("#dlg-friends [data-action='accept-reply']")
    expect(host.locator("#toast")).to_contain_text("answers an older invite for Friend 1", timeout=5000)
    assert host.get_attribute("#dlg-friends [data-seat-row='1'] [data-status]", "data-status") == "invite"
    # the friend opens the newest invite: its reply connects the seat
    new_invite = host.get_attribute(DIALOG_INVITE.format(seat=1), "data-invite")
    guest2 = warm_contexts.page(locale="fr-CH")
    host.fill("#dlg-friends [data-reply-input]", reply_for(guest2, new_invite))
    host.click("#dlg-friends [data-action='accept-reply']")
    host.wait_for_selector("#dlg-friends [data-seat-row='1'] [data-status='here']", timeout=TIMEOUT)
    # the friend's phone reloads the tab: the invite it joined with works once, and its page says so at once
    guest2.reload()
    guest2.wait_for_selector("#dlg-join .fr-status[data-status='used']", timeout=TIMEOUT)
    expect(guest2.locator("#dlg-join .fr-status")).to_contain_text("nouvelle invitation")
    host.locator("#dlg-friends").get_by_role("button", name="Cancel").click()


RAW_HELLO = """([seat, name]) => { const g = window.__jassPeer;
  g.link.send(JSON.stringify({v: PEER_V, type: 'hello', seq: g.seq++, seat, names: [name]})); }"""


def test_odd_names_are_cleaned_told_apart_and_a_name_that_comes_late_reaches_every_table(warm_contexts, site):
    """Issue 43: a friend's name padded with odd characters (a right-to-left override, zero-width and hundreds of
    spaces, sent straight over the channel) is cleaned where it enters: the host's New invite for that seat still
    works; a second friend with the same name is told apart; a name changed during the game reaches the host's table
    and the other friend's."""
    from test_friends import open_table

    from engine.peer import PEER_VERSION
    hello = RAW_HELLO.replace("PEER_V", str(PEER_VERSION))
    host, (g1, g2), _ = open_table(warm_contexts, site, hands=1)
    g1.evaluate(hello, [1, "\u202eLea\u200b" + " " * 200 + "x"])
    host.wait_for_function("() => window.__jass.view().players[1].name === 'Lea x'", timeout=TIMEOUT)
    g2.evaluate(hello, [2, "lea X"])
    host.wait_for_function("() => window.__jass.view().players[2].name === 'lea X (2)'", timeout=TIMEOUT)
    g2.wait_for_function("() => window.__jass.view().players[1].name === 'Lea x'", timeout=TIMEOUT)
    g1.wait_for_function("() => window.__jass.view().players[2].name === 'lea X (2)'", timeout=TIMEOUT)
    expect(host.locator("#mirror [data-seat='1']")).to_contain_text("Lea x")
    # the seat can be invited again (the padded name made the invite throw before)
    g1.close()
    host.wait_for_selector("#friends-bar [data-away='1'] [data-action='new-invite']", timeout=TIMEOUT)
    old = host.get_attribute("#friends-bar [data-away='1'] [data-invite]", "data-invite")
    host.click("#friends-bar [data-away='1'] [data-action='new-invite']")
    host.wait_for_function("(old) => (e => e && e.dataset.invite !== old)(document.querySelector("
                           "\"#friends-bar [data-away='1'] [data-invite]\"))", arg=old, timeout=TIMEOUT)


def test_a_new_invite_in_the_friends_tab_joins_it_and_new_game_asks_before_leaving(warm_contexts, site):
    """Issue 43 (majors 5 and 7): a friend's New game asks before it leaves the host's table (and staying keeps it);
    a new invite opened in the tab that had the old table (only #join= changes) joins the new one; a friend's page
    offers no hint (the host's engine holds the game)."""
    from test_friends import open_table, play_until
    host, (g1, g2), _ = open_table(warm_contexts, site, hands=1)
    play_until(host, [g1, g2], lambda: g1.evaluate("() => window.__jass.view().to_play === 1"))
    assert g1.locator("#btn-hint").is_disabled()
    g1.get_by_role("button", name="Neue Partie").click()
    g1.wait_for_selector("#dlg-leave[open]", timeout=TIMEOUT)
    g1.click("#btn-stay")
    assert g1.evaluate("() => window.__jassPeer.status") == "playing" and "#join=" in g1.url
    # the friend's page drops; the host's new invite is opened in the same tab
    g1.evaluate("() => window.__jassPeer.link.close()")
    host.wait_for_selector("#friends-bar [data-away='1'] [data-invite]", timeout=TIMEOUT)
    invite = host.get_attribute("#friends-bar [data-away='1'] [data-invite]", "data-invite")
    g1.evaluate("(u) => { location.hash = new URL(u).hash; }", invite)
    g1.wait_for_function("(c) => location.hash.endsWith(c) && document.querySelector('[data-reply]')",
                         arg=invite.split("#join=")[1], timeout=TIMEOUT)
    host.fill("#friends-bar [data-reply-input]", g1.get_attribute("[data-reply]", "data-reply"))
    host.click("#friends-bar [data-action='accept-reply']")
    g1.wait_for_function("() => window.__jass.view()?.phase === 'play' && document.body.dataset.seat === '1'",
                         timeout=TIMEOUT)
    # leaving for good: asked, then the page is one of its own
    g1.get_by_role("button", name="Neue Partie").click()
    g1.click("#btn-leave")
    g1.wait_for_function("() => !location.hash.includes('join') && !document.body.dataset.guest", timeout=TIMEOUT)


def test_the_game_settings_from_new_game_reach_the_friends_dialog_the_invite_and_the_game(warm_contexts, site):
    """Issue 43 (major 9): the hands and the host's name chosen in New game are the friends dialog's (which has its
    own hands choice); the invite says them, and the game is played with them."""
    host = warm_contexts.page()
    host.goto(f"{site}{Q}")
    host.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass", timeout=60_000)
    host.get_by_role("button", name="New game").click()
    host.locator("#ng-hands").select_option("3")
    host.locator("#ng-name").fill("Ueli")
    host.locator("[data-action='host-table']").click()
    host.wait_for_function("() => document.querySelectorAll('#dlg-friends [data-invite]').length === 2", timeout=TIMEOUT)
    assert host.input_value("#fr-hands") == "3" and host.input_value("#fr-name") == "Ueli"
    host.locator("#fr-hands").select_option("6")   # changed here: the invites say it at once
    host.wait_for_function("() => window.__jassPeer.hands() === 6")
    guest = warm_contexts.page(locale="it-CH")
    reply = reply_for(guest, host.get_attribute(DIALOG_INVITE.format(seat=1), "data-invite"))
    expect(guest.locator("#dlg-join [data-join-seat='0']")).to_contain_text("Ueli")
    host.fill("#dlg-friends [data-reply-input]", reply)
    host.click("#dlg-friends [data-action='accept-reply']")
    host.wait_for_selector("#dlg-friends [data-seat-row='1'] [data-status='here']", timeout=TIMEOUT)
    host.click("[data-action='start-table']")
    guest.wait_for_function("() => window.__jass.view()?.phase === 'play'", timeout=TIMEOUT)
    assert guest.evaluate("() => window.__jass.view().hands_total") == 6
    assert host.evaluate("() => window.__jass.view().players[0].name") == "Ueli"


def test_a_damaged_invite_is_no_dead_end(warm_contexts, site):
    guest = warm_contexts.page()
    guest.goto(f"{site}{Q}#join=AAAAnotacode")
    guest.wait_for_selector("#dlg-join[open] #btn-join-own", timeout=60_000)
    expect(guest.locator("#dlg-join")).to_contain_text("damaged or incomplete")
    guest.click("#btn-join-own")
    guest.wait_for_function("() => !location.hash && document.body.dataset.phase === 'play' && !document.body.dataset.guest",
                            timeout=60_000)
