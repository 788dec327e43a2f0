// The first 'Loading...' (index.html, painted before the app's code arrives) in the language the app
// will start in: the one chosen on this device, else the browser's (platform/locales/load.ts, startLocale).
// The service worker writes the chosen one on index.html's root element (src/sw.ts); storage is not read
// here, since a page's first synchronous read of it blocks the main thread (platform/deviceStore.ts).
// A classic script of its own: the Content-Security-Policy allows no inline script.
/* global document */
(function () {
  var chosen = document.documentElement.getAttribute("data-locale");
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
