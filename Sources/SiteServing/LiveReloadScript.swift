/// The script `runway serve` adds to every HTML page it serves: it listens to the server's events,
/// reloads the page when the site changed, swaps stylesheets when only they changed, and shows the
/// build's errors over the last good page until a good build clears them; told `closed` (the server
/// keeps a bounded number of listeners), it stops listening.
enum LiveReloadScript {
    static let path = "/_runway/live.js"
    static let eventsPath = "/_runway/events"
    static let tag = "<script src=\"\(path)\"></script>"

    static let source = #"""
        (() => {
          const id = "runway-overlay";
          function clearOverlay() {
            document.getElementById(id)?.remove();
          }
          function showOverlay(problems) {
            clearOverlay();
            const overlay = document.createElement("div");
            overlay.id = id;
            overlay.setAttribute("role", "alert");
            overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;" +
              "background:rgba(20,20,20,0.92);color:#fff;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
            const title = document.createElement("h2");
            title.textContent = "runway: the build failed; this is the last good page";
            title.style.cssText = "margin:0 0 1rem;font:600 16px system-ui,sans-serif;color:#ff6b6b";
            overlay.appendChild(title);
            for (const problem of problems) {
              const line = document.createElement("div");
              line.className = "runway-problem";
              line.textContent = problem;
              overlay.appendChild(line);
            }
            document.body.appendChild(overlay);
          }
          let events = null;
          function listen() {
            events = new EventSource("/_runway/events");
            events.addEventListener("reload", () => location.reload());
            events.addEventListener("stylesheets", () => {
              clearOverlay();
              for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
                const url = new URL(link.href);
                url.searchParams.set("runway", Date.now());
                link.href = url.href;
              }
            });
            events.addEventListener("failure", (event) => showOverlay(JSON.parse(event.data)));
            // The server ended this page's stream to make room for newer pages: stop reconnecting.
            events.addEventListener("closed", () => events.close());
          }
          listen();
          // A page the browser keeps for Back (its back-forward cache) holds no connection: a
          // browser opens six at most to one server, and the seventh page would wait for one.
          addEventListener("pagehide", () => events.close());
          addEventListener("pageshow", (event) => { if (event.persisted) listen(); });
        })();

        """#
}
