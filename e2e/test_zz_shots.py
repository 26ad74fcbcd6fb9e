from playwright.sync_api import expect
from test_friends import open_table, play_until


def test_shots(warm_contexts, site):
    host, (g1, g2), _ = open_table(warm_contexts, site, hands=2)
    play_until(host, [g1, g2], lambda: sum(host.evaluate("() => window.__jass.view().counts")) <= 30)
    g1.click("#btn-react"); g1.screenshot(path="/tmp/shots/g1-menu.png")
    g1.click("#react-menu [data-reaction='well_played']")
    expect(host.locator("#log p").last).to_contain_text("Bea", timeout=10000)
    host.screenshot(path="/tmp/shots/host-react.png")
    g2.wait_for_function("() => document.querySelector('#log').textContent.includes('Bea')")
    g2.screenshot(path="/tmp/shots/g2-react.png")
    g1.close()
    g2.wait_for_selector("#mirror [data-seat='1'][data-away='true']", state="attached")
    g2.screenshot(path="/tmp/shots/g2-away.png")
    host.screenshot(path="/tmp/shots/host-away.png")
