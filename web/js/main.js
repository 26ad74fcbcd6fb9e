// Wiring only: builds the modules, connects the DOM controls to the controller, starts the engine.
import { renderHandButtons, updateToolbar } from "./ui/a11y.js";
import { Animator } from "./table/anim.js";
import { Boot, onLoadProgress, timing } from "./boot.js";
import { EngineBridge } from "./engine/bridge.js";
import { Choreographer } from "./game/choreo.js";
import { Controller } from "./game/controller.js";
import * as dialogs from "./ui/dialogs.js";
import { setTutorialAction } from "./learn/howto.js";
import { Input } from "./table/input.js";
import { installLab } from "./hooks/lab-hook.js";
import { installLanguage } from "./i18n/language.js";
import { installMirror } from "./table/mirror.js";
import { Renderer } from "./table/renderer.js";
import { installSave } from "./saves/save.js";
import { installSettings, onPrefChange } from "./ui/settings.js";
import { relabelHandover } from "./ui/handover.js";
import { loadSettings, SPEED_NAMES, urlOverrides } from "./ui/storage.js";
import { store } from "./game/store.js";
import { installTestHook } from "./hooks/testhook.js";
import { installToolbar } from "./ui/toolbar.js";
import { Tutorial } from "./learn/tutorial.js";
import { Guest } from "./peer/guest.js";
import { Host } from "./peer/host.js";
import { inviteCodeOf } from "./peer/invite.js";
import { installStunSetting } from "./peer/rtc.js";
import { isFramed, refuseFramed } from "./ui/framed.js";
import { $ } from "./ui/dom.js";

const settings = loadSettings();
const session = { ...settings, ...urlOverrides() };   // URL overrides last for this visit only

const canvas = $("#table");
const renderer = new Renderer(canvas);
const anim = new Animator(renderer);
installMirror(renderer);
anim.setSpeed(session.speed);
const bridge = new EngineBridge({ onProgress: onLoadProgress, onDead: (reason) => controller.recover(reason) });
const boot = new Boot();
const choreo = new Choreographer({ renderer, anim });
const controller = new Controller({ bridge, choreo, anim, renderer, settings, session, fatal: (m) => boot.fatal(m) });
boot.controller = controller;

const input = new Input({
  canvas, renderer, handButtons: $("#hand-buttons"),
  onPlay: (card) => controller.play(card), onPeek: (on) => controller.setPeek(on), onNotNow: (i) => controller.notNow(i),
  isBlocked: () => store.ui.phase !== "play" || store.ui.handover != null, onGoOn: () => choreo.sweep(),
  mayWait: (card) => controller.mayKeep(card),
});
controller.on("hintCard", (i) => input.select(i, true));   // focus on the hinted card: Enter plays it
const tutorial = new Tutorial({ controller });
setTutorialAction(() => tutorial.start());

await installLanguage(() => { dialogs.fillSpeedSelect($("#speed"), session.speed); renderHandButtons(); relabelHandover(); renderer.relayout(); });
if (isFramed()) await refuseFramed();   // inside another site's frame: a link to the game's own tab, and nothing else
renderer.relayout();   // the catalog is in: the card faces are painted ahead, in idle time, with its indices
dialogs.fillSpeedSelect($("#speed"), session.speed);
installToolbar();
$("#speed").addEventListener("change", (e) => controller.setSpeed(e.target.value));
onPrefChange(() => updateToolbar());   // hints at a table of people (and the undo, which follows the table)
installSettings({
  speedNames: SPEED_NAMES,
  speed: { get: () => session.speed, set: (v) => { controller.setSpeed(v); $("#speed").value = v; } },
});
$("#btn-new").addEventListener("click", () => controller.openNewGame());
$("#btn-sheet").addEventListener("click", () => store.view && dialogs.showSheet(store.view, store.history));
$("#btn-last").addEventListener("click", () => controller.setPeek(!store.ui.peek));
$("#btn-hint").addEventListener("click", () => controller.hint());
$("#btn-retry").addEventListener("click", () => boot.start());
$("#btn-reset").addEventListener("click", () => boot.resetSettings());
$("#btn-continue").addEventListener("click", () => controller.continueOn());
for (const b of document.querySelectorAll("[data-close]")) b.addEventListener("click", () => b.closest("dialog").close());
for (const d of document.querySelectorAll("dialog")) d.addEventListener("close", updateToolbar);
$("#hand-buttons").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-card]");
  if (b) controller.play(b.dataset.card);
});

installStunSetting();
const joinCode = inviteCodeOf(location.hash);
if (joinCode) {   // a friend's page: the host's game only
  const guest = new Guest({ controller, settings: session });
  boot.joinInstead = () => guest.ready();
  guest.join(joinCode);
}
// a new invite opened in a tab that already has the game (only #join= changes): the page starts again at it
window.addEventListener("hashchange", () => {
  const code = inviteCodeOf(location.hash);
  if (code && code !== joinCode) location.reload();
});
if (!joinCode) {
  const host = new Host({ controller, settings: session });
  // the New game form's length and name (not yet applied) come along into the friends dialog
  $("[data-action='host-table']").addEventListener("click", () => {
    const hands = $("#ng-hands")?.value, name = $("#ng-name")?.value, game = $("#ng-game")?.value;
    $("#dlg-new").close();
    host.open({ hands, name, game });
  });
}
installSave({ controller, boot });
installTestHook({ bridge, renderer, canvas, timing, controller });
installLab({ controller });
boot.start();
