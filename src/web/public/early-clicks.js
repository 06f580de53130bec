// Holds a tap on a button before the app has hydrated the page; lib/held-clicks.ts replays it.
(function () {
  var held = null;
  function hold(event) {
    var button = event.target && event.target.closest ? event.target.closest("button") : null;
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
