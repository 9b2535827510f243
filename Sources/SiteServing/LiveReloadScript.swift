/// The script `runway serve` adds to every HTML page it serves: it listens to the server's events,
/// reloads the page when the site changed, swaps stylesheets when only they changed, and shows the
/// build's errors over the last good page until a good build clears them, and a good build's
/// warnings in a panel at the foot of the page that the writer can hide; told `closed` (the server
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
            appendLines(overlay, problems, "runway-problem");
            document.body.appendChild(overlay);
          }
          const warningsID = "runway-warnings";
          function showWarnings(warnings) {
            document.getElementById(warningsID)?.remove();
            if (warnings.length === 0) return;
            const panel = document.createElement("section");
            panel.id = warningsID;
            panel.setAttribute("role", "status");
            panel.setAttribute("aria-label", "runway warnings");
            panel.style.cssText = "position:fixed;left:0;right:0;bottom:0;z-index:2147483646;max-height:40vh;overflow:auto;" +
              "padding:0.75rem 1rem;background:rgba(20,20,20,0.94);color:#fff;font:13px/1.5 ui-monospace,monospace;white-space:pre-wrap";
            const header = document.createElement("div");
            header.style.cssText = "display:flex;gap:1rem;align-items:center;margin-bottom:0.5rem;font:600 14px system-ui,sans-serif;color:#ffd166";
            const title = document.createElement("span");
            title.textContent = "runway: the page was built with " + warnings.length + (warnings.length === 1 ? " warning" : " warnings");
            const hide = document.createElement("button");
            hide.type = "button";
            hide.textContent = "Hide";
            hide.addEventListener("click", () => panel.remove());
            header.append(title, hide);
            panel.appendChild(header);
            appendLines(panel, warnings, "runway-warning");
            document.body.appendChild(panel);
          }
          // One line of text per diagnostic, each `file:line:col: severity: message`.
          function appendLines(parent, lines, className) {
            for (const text of lines) {
              const line = document.createElement("div");
              line.className = className;
              line.textContent = text;
              parent.appendChild(line);
            }
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
            events.addEventListener("warnings", (event) => showWarnings(JSON.parse(event.data)));
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
