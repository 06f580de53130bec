// A tap on a button of a page the server rendered, made before the app has loaded and hydrated it
// (a phone on a slow network sees the page seconds before its JavaScript runs), is held here and
// handed to the app, which replays it once the button works (lib/held-clicks.ts; issue 43), instead
// of being lost. Links and forms with an action work without the app and are left alone. A classic
// script in public/ (CSP script-src 'self'), loaded with `defer` before the app's module script.
(function () {
  var held = null;
  function hold(event) {
    var target = event.target;
    var button = target && target.closest ? target.closest("button") : null;
    var root = document.getElementById("root");
    if (!button || !root || !root.contains(button) || button.disabled) return;
    if (button.type === "submit" && button.form && button.form.hasAttribute("action")) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
  }
  document.addEventListener("click", hold, true);
  window.__heldClicks = {
    release: function () {
      document.removeEventListener("click", hold, true);
      var button = held;
      held = null;
      return button;
    },
  };
})();
