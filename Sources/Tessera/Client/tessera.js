// Tessera's client: fragment links and forms, swapped in place. No framework, no inline code.
// Without JavaScript every link and form works by full page loads; this only makes them faster.
//
// - <a href="/page?x=2" data-tessera-fragment="/page/_/list?x=2"> fetches the fragment and
//   replaces the element with the same id. With data-tessera-append it appends the fragment's
//   [data-items] children to the component's [data-items] and swaps its [data-more] ("load more"),
//   moves focus to the first new item, and, with data-tessera-history="/page?through=3", puts that
//   address in the location bar (replaceState), so reload, Back and Forward show the same items.
// - A post form inside a component ([data-component]) that posts to that component's page (its
//   address, or one below it) is sent in place, as is any form marked data-tessera-fragment;
//   data-tessera-fragment="off" sends a form the plain way. In place, it posts with the
//   X-Tessera-Fragment and X-CSRF-Token headers; each top-level element of the answer with an id
//   replaces the element with that id (the updated component and any other tagged fragments).
//   X-Tessera-Target names the component the form sits in: when this page does not show the
//   component that answers (a confirmation page posting to a list's action), the server answers
//   as to a plain post — a success navigates, a refusal sends the whole page, which replaces
//   this one's body (X-Tessera-Page). X-Tessera-Redirect navigates, on this site only; an answer
//   that matches nothing on the page loads the page again. A refusal (400) puts "Error: " before
//   the page's title.
// - After a swap, focus goes, in this order, to: a refused form's error summary
//   ([data-tessera-error-summary], also focused when a page loads with one); the first field
//   marked aria-invalid; an element
//   marked data-tessera-focus (the server's choice: a new comment, the message box); the control
//   that was used, if it is still there; the notice ([role=status]); the component's first control.
//   The notice's text is read out through a polite live region.
// - Every form, enhanced or not, refuses a second submit while the first is in flight (the server
//   also ignores a repeated _once token).
// - A lazy component's placeholder ([data-tessera-lazy]) loads its fragment when it scrolls near.
// - Live components ([data-tessera-live-since]) are followed on one event stream per page; each
//   update is morphed into the page, keeping what is being typed, focus, scroll and open details.
// - In development, a "Components" toggle outlines each component with its load time and SQL count.
// - A <meta name="tessera-dev-events"> page listens to the dev server and reloads on change.
(function () {
  "use strict";

  // MARK: - Announcements

  var live = document.createElement("div");
  live.className = "visually-hidden";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("data-tessera-live", "");
  (document.querySelector("main") || document.body).appendChild(live);

  function announce(text) {
    text = (text || "").replace(/\s+/g, " ").trim();
    if (!text) { return; }
    live.textContent = "";
    window.requestAnimationFrame(function () { live.textContent = text; });
  }

  // MARK: - Focus

  var controls = "a[href], button, input:not([type=hidden]), textarea, select, [tabindex]";

  function focusOn(element) {
    if (!element) { return; }
    if (!element.matches(controls)) { element.setAttribute("tabindex", "-1"); }
    element.focus({ preventScroll: false });
  }

  function first(nodes, selector) {
    for (var i = 0; i < nodes.length; i++) {
      if (nodes[i].matches(selector)) { return nodes[i]; }
      var found = nodes[i].querySelector(selector);
      if (found) { return found; }
    }
    return null;
  }

  /// The control in `nodes` that stands where `used` (a submit button of a form posting to
  /// `action`) stood: same form address, same label.
  function sameControl(nodes, action, used) {
    if (!used) { return null; }
    var label = (used.textContent || used.value || "").trim();
    var result = null;
    nodes.forEach(function (node) {
      if (result) { return; }
      node.querySelectorAll("form").forEach(function (form) {
        if (result || form.action !== action) { return; }
        form.querySelectorAll("button, input[type=submit]").forEach(function (button) {
          if (!result && (button.textContent || button.value || "").trim() === label) { result = button; }
        });
      });
    });
    return result;
  }

  function afterSwap(nodes, action, used, focus) {
    if (!nodes.length) { return; }
    var notice = first(nodes, "[role=status], [role=alert]");
    var named = focus ? document.getElementById(focus) : null;
    var target = first(nodes, "[data-tessera-error-summary]") || first(nodes, "[aria-invalid=true]") || named || first(nodes, "[data-tessera-focus]") ||
      sameControl(nodes, action, used) || notice || nodes[0].querySelector(controls) || nodes[0];
    focusOn(target);
    if (notice) { announce(notice.textContent); }
  }

  // MARK: - Fragments

  function parse(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    return Array.prototype.filter.call(template.content.children, function (node) { return node.id; });
  }

  function swap(nodes) {
    var swapped = nodes.filter(function (node) {
      var current = document.getElementById(node.id);
      if (current) { current.replaceWith(node); }
      return Boolean(current);
    });
    follow();
    return swapped;
  }

  function append(component, fresh, link) {
    var items = component.querySelector("[data-items]");
    var freshItems = fresh.querySelector("[data-items]");
    if (!items || !freshItems) { component.replaceWith(fresh); afterSwap([fresh]); return; }
    var added = Array.prototype.slice.call(freshItems.children);
    added.forEach(function (item) { items.appendChild(item); });
    var more = component.querySelector("[data-more]");
    var freshMore = fresh.querySelector("[data-more]");
    if (more && freshMore) { more.replaceWith(freshMore); } else if (more) { more.remove(); }
    var history = link.getAttribute("data-tessera-history");
    if (history) { window.history.replaceState(window.history.state, "", history); }
    follow();
    if (added.length) { focusOn(added[0].querySelector("a[href], button") || added[0]); }
    announce(added.length === 1 ? "1 more item loaded." : added.length + " more items loaded.");
  }

  function request(url, options) {
    options.headers = options.headers || {};
    options.headers["X-Tessera-Fragment"] = "1";
    options.credentials = "same-origin";
    return fetch(url, options);
  }

  // Only this site's addresses are followed; anything else goes to the home page.
  function sameOrigin(location) {
    var target = new URL(location, window.location.href);
    return target.origin === window.location.origin ? target.href : "/";
  }

  function busy(element, on) {
    element.setAttribute("aria-busy", on ? "true" : "false");
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-tessera-fragment]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
    var component = link.closest("[data-component]");
    event.preventDefault();
    if (link.getAttribute("aria-busy") === "true") { return; }
    busy(link, true);
    request(link.getAttribute("data-tessera-fragment"), { method: "GET" })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.text();
      })
      .then(function (html) {
        var nodes = parse(html);
        if (link.hasAttribute("data-tessera-append") && component && nodes[0]) {
          append(component, nodes[0], link);
        } else {
          afterSwap(swap(nodes));
        }
      })
      .catch(function () { window.location.assign(link.href); });
  });

  // MARK: - Forms

  /// Whether `form` is sent in place: marked so, or a post form inside a component that posts to
  /// the component's page or below it (its [data-src] fragment address names the page before
  /// "/_/"; below the home page is anywhere on the site); never when marked
  /// data-tessera-fragment="off" or aimed at another window.
  function postsInPlace(form) {
    var mark = form.getAttribute("data-tessera-fragment");
    if (mark === "off") { return false; }
    if (mark !== null) { return true; }
    if ((form.getAttribute("method") || "").toLowerCase() !== "post" || form.getAttribute("target")) { return false; }
    var component = form.closest("[data-component][data-src]");
    if (!component) { return false; }
    var page = new URL(component.getAttribute("data-src"), window.location.href).pathname.split("/_/")[0] || "/";
    var action = new URL(form.action, window.location.href);
    if (action.origin !== window.location.origin) { return false; }
    return page === "/" || action.pathname === page || action.pathname.indexOf(page + "/") === 0;
  }

  var refusedPrefix = "Error: ";

  /// Shows a whole page the server sent instead of fragments (the form's page does not show
  /// the component that answered): its title and body replace this page's.
  function showPage(html, refused) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    document.title = fresh.title;
    document.body.replaceWith(fresh.body);
    (document.querySelector("main") || document.body).appendChild(live);
    markTitle(refused);
    focusOn(document.querySelector("[data-tessera-error-summary]") || document.querySelector("[aria-invalid=true]") || document.body);
  }

  function markTitle(refused) {
    var marked = document.title.indexOf(refusedPrefix) === 0;
    if (refused && !marked) { document.title = refusedPrefix + document.title; }
    if (!refused && marked) { document.title = document.title.slice(refusedPrefix.length); }
  }

  // A page that arrives refused (a plain post's 400) reads its error summary first.
  focusOn(document.querySelector("[data-tessera-error-summary]"));

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || event.defaultPrevented) { return; }
    // One submission at a time: a double-click or a second Enter waits for the first.
    if (form.getAttribute("data-tessera-sending") === "true") { event.preventDefault(); return; }
    form.setAttribute("data-tessera-sending", "true");
    if (!postsInPlace(form)) { return; }
    event.preventDefault();
    var token = form.querySelector("input[name=_csrf]");
    var multipart = (form.getAttribute("enctype") || "").indexOf("multipart") === 0;
    var data = new FormData(form);
    var used = event.submitter;
    if (used && used.name) { data.append(used.name, used.value); }
    var body = multipart ? data : new URLSearchParams(data);
    var action = used && used.hasAttribute("formaction") ? used.formAction : form.action;
    busy(form, true);
    var headers = { "X-CSRF-Token": token ? token.value : "" };
    var holder = form.closest("[data-component]");
    if (holder && holder.id) { headers["X-Tessera-Target"] = holder.id; }
    if (streamID) { headers["X-Tessera-Stream"] = streamID; }
    request(action, { method: "POST", body: body, headers: headers })
      .then(function (response) {
        var location = response.headers.get("X-Tessera-Redirect");
        if (location) { window.location.assign(sameOrigin(location)); return; }
        if (!response.ok && response.status !== 400) { throw new Error(String(response.status)); }
        return response.text().then(function (html) {
          busy(form, false);
          form.removeAttribute("data-tessera-sending");
          if (response.headers.get("X-Tessera-Page")) { showPage(html, response.status === 400); return; }
          var swapped = swap(parse(html));
          if (!swapped.length) { window.location.assign(window.location.href); return; }
          markTitle(response.status === 400);
          afterSwap(swapped, action, used, response.headers.get("X-Tessera-Focus"));
        });
      })
      .catch(function () {
        busy(form, false);
        if (action !== form.action) { form.action = action; }
        HTMLFormElement.prototype.submit.call(form);
      });
  });

  // A page restored from the back-forward cache may hold a form marked as sending.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-tessera-sending]").forEach(function (form) {
      form.removeAttribute("data-tessera-sending");
      busy(form, false);
    });
  });

  // MARK: - Lazy components

  // A lazy component's placeholder ([data-tessera-lazy]) holds a plain link to its fragment; when
  // it scrolls within 300px of the viewport its fragment is fetched and swapped in. On failure the
  // link stays, and still works.
  function loadLazy(placeholder) {
    if (placeholder.getAttribute("aria-busy") === "true") { return; }
    busy(placeholder, true);
    request(placeholder.getAttribute("data-src"), { method: "GET" })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.text();
      })
      .then(function (html) {
        swap(parse(html));
        if (overlayOn) { showOverlay(true); }
      })
      .catch(function () { busy(placeholder, false); });
  }

  var lazy = document.querySelectorAll("[data-tessera-lazy][data-src]");
  if (lazy.length && window.IntersectionObserver) {
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) { return; }
        observer.unobserve(entry.target);
        loadLazy(entry.target);
      });
    }, { rootMargin: "300px 0px" });
    lazy.forEach(function (element) { observer.observe(element); });
  } else {
    lazy.forEach(loadLazy);
  }

  // MARK: - Live components

  // A live component (Component.live) carries data-tessera-live-since: the data generation it was
  // rendered at. The page follows all of them on one stream, /_tessera/live?since=G&f=URL&f=URL
  // (G the oldest). An "update" event holds a component's whole element, morphed into the page's
  // copy; a "gone" one names a component this viewer may no longer see, which stops being
  // followed. The browser reconnects by itself with the last event's id, and the server catches
  // up from it. The stream is opened again whenever a swap changes which components are shown.
  // A refused stream (a 429: this viewer holds too many open; a 503) is opened again later,
  // waiting twice as long after each refusal, up to five minutes.
  var stream = null;
  var streamID = null;
  var followed = null;
  var refusals = 0;

  function follow() {
    if (!window.EventSource) { return; }
    var since = null;
    var urls = [];
    document.querySelectorAll("[data-tessera-live-since][data-src]").forEach(function (element) {
      var value = Number(element.getAttribute("data-tessera-live-since"));
      if (since === null || value < since) { since = value; }
      urls.push(element.getAttribute("data-src"));
    });
    var key = urls.join(" ");
    if (key === followed) { return; }
    followed = key;
    if (stream) { stream.close(); stream = null; }
    streamID = null;
    if (!urls.length) { return; }
    stream = new EventSource("/_tessera/live?since=" + since + urls.map(function (url) {
      return "&f=" + encodeURIComponent(url);
    }).join(""));
    // Named on this tab's posts, so what an action answers with is not sent again.
    stream.addEventListener("stream", function (event) { streamID = event.data; refusals = 0; });
    var opened = stream;
    stream.addEventListener("error", function () {
      if (opened !== stream || opened.readyState !== 2) { return; }  // 2: CLOSED, the browser gave up
      stream = null;
      refusals += 1;
      window.setTimeout(function () {
        if (stream === null) { followed = null; follow(); }
      }, Math.min(300000, 2500 * Math.pow(2, refusals)));
    });
    stream.addEventListener("update", function (event) {
      var fresh = parse(event.data)[0];
      var current = fresh && document.getElementById(fresh.id);
      if (current) { morph(current, fresh); }
    });
    stream.addEventListener("gone", function (event) {
      document.querySelectorAll("[data-tessera-live-since]").forEach(function (element) {
        if (element.getAttribute("data-src") === event.data) { element.removeAttribute("data-tessera-live-since"); }
      });
      follow();
    });
  }

  // Brings `from` (in the page) to match `to` in place. A field keeps its value, caret and
  // selection (its value attribute and a textarea's text are left alone), a <details> keeps
  // whether it is open, a form being sent is not touched, and the focused element keeps the
  // attributes the script gave it (a tabindex that holds focus on a new comment). Children with
  // a key (their id, or their first child's: <li><article id="comment-3">) are matched by key,
  // wherever they moved; the others by position and tag.
  function key(node) {
    if (node.nodeType !== 1) { return ""; }
    return node.id || (node.firstElementChild && node.firstElementChild.id ? "#" + node.firstElementChild.id : "");
  }

  function morph(from, to) {
    if (from.nodeType !== to.nodeType || from.nodeName !== to.nodeName) { from.replaceWith(to); return; }
    if (from.nodeType !== 1) {
      if (from.nodeValue !== to.nodeValue) { from.nodeValue = to.nodeValue; }
      return;
    }
    if (from.hasAttribute("data-tessera-sending")) { return; }
    var keep = from.matches("input, textarea, select") ? "value" : from.nodeName === "DETAILS" ? "open" : "";
    var focused = from === document.activeElement;
    Array.prototype.slice.call(from.attributes).forEach(function (attribute) {
      if (!focused && attribute.name !== keep && !to.hasAttribute(attribute.name)) { from.removeAttribute(attribute.name); }
    });
    Array.prototype.slice.call(to.attributes).forEach(function (attribute) {
      if (attribute.name !== keep && from.getAttribute(attribute.name) !== attribute.value) {
        from.setAttribute(attribute.name, attribute.value);
      }
    });
    if (from.nodeName !== "TEXTAREA") { morphChildren(from, to); }
  }

  function morphChildren(from, to) {
    var keyed = {};
    for (var child = from.firstElementChild; child; child = child.nextElementSibling) {
      if (key(child)) { keyed[key(child)] = child; }
    }
    var cursor = from.firstChild;
    Array.prototype.slice.call(to.childNodes).forEach(function (node) {
      var match = null;
      var wanted = key(node);
      if (wanted && keyed[wanted]) {
        match = keyed[wanted];
        delete keyed[wanted];
      } else if (!wanted && cursor && !key(cursor) && cursor.nodeType === node.nodeType && cursor.nodeName === node.nodeName) {
        match = cursor;
      }
      if (!match) {
        from.insertBefore(node, cursor);
        return;
      }
      if (match === cursor) { cursor = cursor.nextSibling; } else { from.insertBefore(match, cursor); }
      morph(match, node);
    });
    while (cursor) {
      var next = cursor.nextSibling;
      from.removeChild(cursor);
      cursor = next;
    }
  }

  follow();

  // MARK: - Dev overlay

  // In development each component's root carries data-tessera-ms, -sql and -budget. A small
  // toggle outlines every component with its name, load time and SQL count; one over its query
  // budget is outlined in red. Production pages carry no such attributes, so nothing shows.
  var overlayOn = false;

  function showOverlay(on) {
    document.querySelectorAll("[data-component][data-tessera-sql]").forEach(function (component) {
      var label = component.querySelector(":scope > [data-tessera-overlay-label]");
      if (!on) {
        component.style.outline = "";
        if (label) { label.remove(); }
        return;
      }
      var sql = Number(component.getAttribute("data-tessera-sql"));
      var budget = Number(component.getAttribute("data-tessera-budget"));
      var over = sql > budget;
      component.style.outline = over ? "3px solid #c0392b" : "2px dashed #2d6cdf";
      component.style.outlineOffset = "2px";
      if (!label) {
        label = document.createElement("span");
        label.setAttribute("data-tessera-overlay-label", "");
        label.style.display = "inline-block";
        label.style.font = "12px/1.4 monospace";
        label.style.padding = "1px 6px";
        label.style.color = "#fff";
        component.insertBefore(label, component.firstChild);
      }
      label.style.background = over ? "#c0392b" : "#2d6cdf";
      if (over) { label.setAttribute("data-tessera-over-budget", ""); } else { label.removeAttribute("data-tessera-over-budget"); }
      label.textContent = component.getAttribute("data-component") + " · " + component.getAttribute("data-tessera-ms") +
        " ms · " + sql + " SQL" + (over ? " (over budget " + budget + ")" : "");
    });
  }

  if (document.querySelector("[data-component][data-tessera-sql]")) {
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.textContent = "Components";
    toggle.setAttribute("data-tessera-overlay-toggle", "");
    toggle.setAttribute("aria-pressed", "false");
    toggle.style.position = "fixed";
    toggle.style.right = "12px";
    toggle.style.bottom = "12px";
    toggle.style.zIndex = "2147483647";
    toggle.style.font = "12px/1.4 monospace";
    toggle.addEventListener("click", function () {
      overlayOn = !overlayOn;
      toggle.setAttribute("aria-pressed", String(overlayOn));
      showOverlay(overlayOn);
    });
    document.body.appendChild(toggle);
  }

  // MARK: - Development

  var dev = document.querySelector("meta[name=tessera-dev-events]");
  if (dev && window.EventSource) {
    new EventSource(dev.getAttribute("content")).addEventListener("reload", function () { window.location.reload(); });
  }
})();
