// Tessera's client: fragment links and forms, swapped in place. No framework, no inline code.
// Without JavaScript every link and form works by full page loads; this only makes them faster.
//
// - <a href="/page?x=2" data-tessera-fragment="/page/_/list?x=2"> fetches the fragment and
//   replaces the element with the same id. With data-tessera-append it appends the fragment's
//   [data-items] children to the component's [data-items] and swaps its [data-more] ("load more").
// - <form data-tessera-fragment> posts with the X-Tessera-Fragment and X-CSRF-Token headers; each
//   top-level element of the answer with an id replaces the element with that id (the updated
//   component and any other tagged fragments). X-Tessera-Redirect navigates, on this site only.
// - A <meta name="tessera-dev-events"> page listens to the dev server and reloads on change.
(function () {
  "use strict";

  function parse(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    return Array.prototype.filter.call(template.content.children, function (node) { return node.id; });
  }

  function swap(nodes) {
    nodes.forEach(function (node) {
      var current = document.getElementById(node.id);
      if (current) { current.replaceWith(node); }
    });
    return nodes;
  }

  function append(component, fresh) {
    var items = component.querySelector("[data-items]");
    var freshItems = fresh.querySelector("[data-items]");
    if (!items || !freshItems) { component.replaceWith(fresh); return; }
    while (freshItems.firstChild) { items.appendChild(freshItems.firstChild); }
    var more = component.querySelector("[data-more]");
    var freshMore = fresh.querySelector("[data-more]");
    if (more && freshMore) { more.replaceWith(freshMore); } else if (more) { more.remove(); }
    var focusable = items.lastElementChild && items.lastElementChild.querySelector("a, button");
    if (focusable) { focusable.focus({ preventScroll: true }); }
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
    busy(link, true);
    request(link.getAttribute("data-tessera-fragment"), { method: "GET" })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.text();
      })
      .then(function (html) {
        var nodes = parse(html);
        if (link.hasAttribute("data-tessera-append") && component && nodes[0]) {
          append(component, nodes[0]);
        } else {
          swap(nodes);
        }
      })
      .catch(function () { window.location.assign(link.href); });
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-tessera-fragment]") || event.defaultPrevented) { return; }
    event.preventDefault();
    var token = form.querySelector("input[name=_csrf]");
    var multipart = (form.getAttribute("enctype") || "").indexOf("multipart") === 0;
    var data = new FormData(form);
    if (event.submitter && event.submitter.name) { data.append(event.submitter.name, event.submitter.value); }
    var body = multipart ? data : new URLSearchParams(data);
    var action = event.submitter && event.submitter.hasAttribute("formaction") ? event.submitter.formAction : form.action;
    busy(form, true);
    request(action, { method: "POST", body: body, headers: { "X-CSRF-Token": token ? token.value : "" } })
      .then(function (response) {
        var location = response.headers.get("X-Tessera-Redirect");
        if (location) { window.location.assign(sameOrigin(location)); return; }
        if (!response.ok && response.status !== 400) { throw new Error(String(response.status)); }
        return response.text().then(function (html) {
          var nodes = swap(parse(html));
          var invalid = nodes.length && nodes[0].querySelector("[aria-invalid=true]");
          if (invalid) { invalid.focus(); }
        });
      })
      .catch(function () {
        busy(form, false);
        if (action !== form.action) { form.action = action; }
        HTMLFormElement.prototype.submit.call(form);
      });
  });

  var dev = document.querySelector("meta[name=tessera-dev-events]");
  if (dev && window.EventSource) {
    new EventSource(dev.getAttribute("content")).addEventListener("reload", function () { window.location.reload(); });
  }
})();
