// What the operator console and the shop dashboard share (partner-service resources/web/, served under each page's
// own path): DOM nodes built from text only (never HTML), the status line, tables, dates, tags and the JSON client
// that adds the page's CSRF header to every change. No build step, no dependencies.
'use strict';
window.SrPages = (function () {
  function el(tag, attrs) {
    var node = document.createElement(tag);
    // A <pre> scrolls when its text is long (a dead letter's payload, an audit entry): keyboard users reach it too.
    if (tag === 'pre') node.tabIndex = 0;
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') node.textContent = attrs[k];
      else if (k === 'style') node.style.cssText = attrs[k];  // CSSOM: the pages' CSP admits no style attributes
      else if (k.slice(0, 2) === 'on') node.addEventListener(k.slice(2), attrs[k]);
      else if (attrs[k] !== false && attrs[k] != null) node.setAttribute(k, attrs[k] === true ? '' : attrs[k]);
    });
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }
  function append(node, child) {
    if (child == null || child === false) return;
    if (Array.isArray(child)) { child.forEach(function (c) { append(node, c); }); return; }
    node.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
  /** A message in the page's polite live region (#status), gone after 6 s. */
  function say(message) {
    var status = document.getElementById('status');
    status.textContent = message;
    clearTimeout(say.timer);
    say.timer = setTimeout(function () { status.textContent = ''; }, 6000);
  }
  /** A captioned table, or "caption: none" when there are no rows; rowClass(i) may name a class per row. */
  function table(caption, headings, rows, none, rowClass) {
    if (!rows.length) return el('p', { 'class': 'muted' }, caption + ': ' + none);
    return el('table', {}, el('caption', { text: caption }),
      el('thead', {}, el('tr', {}, headings.map(function (h) { return el('th', { scope: 'col', text: h }); }))),
      el('tbody', {}, rows.map(function (cells, i) {
        return el('tr', { 'class': rowClass ? rowClass(i) : false }, cells.map(function (c) { return el('td', {}, c); }));
      })));
  }
  function when(iso, lang) { return iso ? new Date(iso).toLocaleString(lang) : ''; }
  function tag(on, yes, no) { return el('span', { 'class': 'tag ' + (on ? 'on' : 'off') }, on ? yes : no); }
  /**
   * A JSON client for {prefix}{path}: every change carries {csrfHeader}: 1; an error answer (HTTP or an envelope with
   * status error) rejects with its message; signedOut(path) runs on a 401.
   */
  function client(prefix, csrfHeader, signedOut) {
    return function (method, path, body, type) {
      var options = { method: method, credentials: 'same-origin', headers: { 'Accept': 'application/json' } };
      if (method !== 'GET') options.headers[csrfHeader] = '1';
      if (body !== undefined) {
        options.headers['Content-Type'] = type || 'application/json';
        options.body = type ? body : JSON.stringify(body);
      }
      return fetch(prefix + path, options).then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (json) {
          if (response.status === 401) signedOut(path);
          if (!response.ok || json.status === 'error') {
            var e = new Error(json.message || ('HTTP ' + response.status)); e.status = response.status; e.body = json; throw e;
          }
          return json;
        });
      });
    };
  }
  /**
   * For a view that reloads: with newest = latestOnly(), newest(request) settles like request only while no later
   * request went through newest; an older answer arriving late is dropped (a late unfiltered list must not replace a
   * search).
   */
  function latestOnly() {
    var last = 0;
    return function (request) {
      var mine = ++last;
      return new Promise(function (resolve, reject) {
        request.then(function (v) { if (mine === last) resolve(v); }, function (e) { if (mine === last) reject(e); });
      });
    };
  }
  return { el: el, say: say, table: table, when: when, tag: tag, client: client, latestOnly: latestOnly };
})();
