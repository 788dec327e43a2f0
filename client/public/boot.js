// The first 'Loading...' (index.html, painted before the app's code arrives) in the language the app
// will start in: the one chosen on this device, else the browser's (platform/locales/load.ts, startLocale).
// A classic script of its own: the Content-Security-Policy allows no inline script.
/* global document */
(function () {
  var chosen = null;
  try {
    chosen = localStorage.getItem("trapline.locale");
  } catch {
    // no storage: the browser's languages decide
  }
  var tags = chosen ? [chosen] : navigator.languages || [navigator.language || ""];
  for (var i = 0; i < tags.length; i++) {
    var language = String(tags[i]).toLowerCase().split("-")[0];
    if (language === "en") return;
    if (language === "es") {
      document.documentElement.lang = "es-US";
      var boot = document.querySelector(".boot");
      var text = boot && boot.querySelector("p");
      if (boot) boot.setAttribute("aria-label", "Cargando");
      if (text) text.textContent = "Cargando...";
      return;
    }
  }
})();
