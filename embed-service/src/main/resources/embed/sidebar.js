/* shop reviews sidebar: plain JavaScript, no framework. Page variables: see spec 4.12 and API-NOTES.md. */
(function (w, d, C) {
  'use strict';
  if (w.__serviceSidebar) { return; }
  w.__serviceSidebar = true;
  var ISO3 = { nld: 'nl', eng: 'en', deu: 'de', fra: 'fr', spa: 'es', ita: 'it' };
  var MOBILE = ['none', 'top_bar', 'top', 'top_left', 'top_right', 'top_manual', 'bottom', 'bottom_left', 'bottom_right', 'bottom_manual'];
  var me = d.currentScript || last(d.querySelectorAll('script[src*="/sidebar.js"]'));
  var base = me && me.src ? me.src.replace(/\/sidebar\.js.*$/, '') : '';

  function last(list) { return list.length ? list[list.length - 1] : null; }
  function pv(name, def) {
    var x = w[name];
    return x === undefined || x === null || String(x).trim() === '' ? def : String(x).trim().toLowerCase();
  }
  function one(val, allowed, def) { return allowed.indexOf(val) >= 0 ? val : def; }
  function top(t) {
    var m = /^(\d{1,5})(px)?$/.exec(t);
    if (m) { return m[1] + 'px'; }
    m = /^(\d{1,3}(\.\d+)?)%$/.exec(t);
    return m && +m[1] <= 100 ? m[1] + '%' : null;
  }
  function candidates(mode) {
    if (mode === 'html') { return [d.documentElement.getAttribute('lang') || '']; }
    if (mode === 'browser') { return (navigator.languages || [navigator.language || '']).slice(); }
    if (mode === 'url') {
      var q = /[?&](?:lang|language)=([a-z]{2})\b/i.exec(location.search);
      return (q ? [q[1]] : []).concat(location.pathname.split('/'), [location.hostname.split('.')[0]]);
    }
    return [];
  }
  function language(setting) {
    var wanted = ISO3[setting] || (/^[a-z]{2}$/.test(setting) ? setting : null);
    if (!wanted && setting) {
      var c = candidates(setting);
      for (var i = 0; i < c.length && !wanted; i++) {
        var m = /^([a-z]{2})(?:[-_][a-z0-9]+)?$/i.exec(String(c[i]));
        if (m && C.texts[m[1].toLowerCase()]) { wanted = m[1].toLowerCase(); }
      }
    }
    return wanted && C.texts[wanted] && C.langs.indexOf(wanted) >= 0 ? wanted : (C.texts[C.main] ? C.main : 'en');
  }

  // The owner's dashboard settings (S) apply where the page sets no variable; a wrong page value falls back to them.
  var S = C.settings;
  var o = {
    sidebar: pv('_service_sidebar', String(S.sidebar)) !== 'false',
    position: one(pv('_service_sidebar_position', S.position), ['left', 'right'], S.position),
    top: top(pv('_service_sidebar_top', S.top)) || top(S.top) || '300px',
    theme: one(pv('_service_sidebar_theme', S.theme), ['dark', 'light'], S.theme),
    mobile: one(pv('_service_mobile', S.mobile), MOBILE, S.mobile),
    tab: one(pv('_service_mobile_tab', S.mobile_tab), ['left', 'center', 'right'], S.mobile_tab),
    tooltip: pv('_service_tooltip', String(S.tooltip)) !== 'false'
  };
  o.lang = language(pv('_service_language', S.language));
  var T = C.texts[o.lang];
  // a function as replacement: a '$&' in a shop's name or a moderator's reason is text, not a pattern
  function t(key, arg) { return String(T[key]).replace('%s', function () { return arg === undefined ? '' : String(arg); }); }

  function h(tag, attrs, kids) {
    var e = d.createElement(tag);
    for (var k in attrs || {}) {
      if (k === 'text') { e.textContent = attrs[k]; } else if (k.slice(0, 2) === 'on') { e.addEventListener(k.slice(2), attrs[k]); } else if (attrs[k] !== null && attrs[k] !== false) { e.setAttribute(k, attrs[k]); }
    }
    (kids || []).forEach(function (c) { if (c) { e.appendChild(typeof c === 'string' ? d.createTextNode(c) : c); } });
    return e;
  }
  function count() { return C.amount + ' ' + t(C.amount === 1 ? 'reviewOne' : 'reviews'); }
  function score() { return '\u2605 ' + C.score + ' ' + t('outOf5'); }

  var host, root, dialog, opener, tip;
  var CSS = ':host{all:initial}*{box-sizing:border-box;font-family:Arial,Helvetica,sans-serif;line-height:1.4}' +
    '.tab,.bar,.mtab{position:fixed;z-index:2147483000;border:0;cursor:pointer;font-size:14px;margin:0}' +
    '.tab{top:var(--top);writing-mode:vertical-rl;padding:12px 8px}.left .tab{left:0;border-radius:0 6px 6px 0}.right .tab{right:0;border-radius:6px 0 0 6px}' +
    '.dark .tab,.dark .bar,.dark .mtab{background:#1f2933;color:#fff}.light .tab,.light .bar,.light .mtab{background:#fff;color:#1f2933;border:1px solid #52606d}' +
    '.m{display:none}@media (max-width:767px){.tab{display:none}.m{display:block}}' +
    '.bar{top:0;left:0;right:0;height:40px;width:100%;text-align:center}.mtab{padding:8px 12px;border-radius:6px}' +
    '.v-top{top:0}.v-bottom{bottom:0}.v-mtop{top:var(--service-mobile-offset,0px)}.v-mbottom{bottom:var(--service-mobile-offset,0px)}' +
    '.h-left{left:8px}.h-right{right:8px}.h-center{left:50%;transform:translateX(-50%)}' +
    '.ov{position:fixed;top:0;left:0;right:0;bottom:0;background:rgba(0,0,0,.55);display:flex;align-items:flex-start;padding-top:4vh;justify-content:center;z-index:2147483001}' +
    '.dlg{background:#fff;color:#1f2933;width:calc(100% - 24px);max-width:480px;max-height:92vh;overflow:auto;border-radius:8px;padding:20px;position:relative;font-size:15px}' +
    'h2{font-size:20px;margin:0 40px 8px 0}h3{font-size:16px;margin:16px 0 6px}p,ul{margin:6px 0}ul{padding-left:18px}' +
    '.x{position:absolute;top:10px;right:10px;background:#e4e7eb;color:#1f2933;border:0;border-radius:4px;font-size:18px;width:32px;height:32px;cursor:pointer}' +
    '.b{background:#0b5cad;color:#fff;border:0;border-radius:4px;padding:10px 14px;margin:12px 8px 0 0;cursor:pointer;font-size:15px;text-decoration:none;display:inline-block}.s{background:#e4e7eb;color:#1f2933}' +
    'label{display:block;margin-top:10px;font-size:14px}select,input,textarea{display:block;width:100%;margin-top:4px;padding:8px;font-size:15px;border:1px solid #52606d;border-radius:4px;color:#1f2933;background:#fff}' +
    '.tip{position:fixed;background:#1f2933;color:#fff;padding:8px 10px;border-radius:4px;font-size:13px;max-width:280px;z-index:2147483002;pointer-events:none}' +
    '.err{color:#b00020}.note{font-size:13px;color:#3e4c59}.rv{border-top:1px solid #cbd2d9;padding-top:8px;margin-top:8px}' +
    ':focus-visible{outline:3px solid #b45309;outline-offset:2px}';

  function mount() {
    host = h('div', { id: 'service-sidebar', 'data-position': o.position, 'data-theme': o.theme, 'data-mobile': o.mobile,
      'data-mobile-tab': o.mobile === 'top_bar' ? '' : o.tab, 'data-lang': o.lang, 'data-tooltip': String(o.tooltip), 'data-sidebar': String(o.sidebar) });
    host.style.cssText = 'position:fixed;top:0;left:0;width:0;height:0;overflow:visible;z-index:2147483000';
    root = host.attachShadow({ mode: 'open' });
    root.appendChild(h('style', { text: CSS }));
    var wrap = h('div', { 'class': 'w ' + o.position + ' ' + o.theme, style: '--top:' + o.top }, []);
    if (o.sidebar) {
      var label = t('sidebarLabel', C.name);
      var shown = '\u2605 ' + C.score + ' \u00b7 ' + t('tab');
      wrap.appendChild(h('button', { 'class': 'tab', type: 'button', 'aria-label': shown + ' \u2014 ' + label + ': ' + score() + ', ' + count(),
        onclick: function () { open('popup'); } }, [shown]));
      if (o.mobile !== 'none') {
        var cls, m = o.mobile;
        if (m === 'top_bar') {
          cls = 'bar';
        } else {
          var v = m.indexOf('top') === 0 ? 'top' : 'bottom';
          var side = /_left$/.test(m) ? 'left' : /_right$/.test(m) ? 'right' : o.tab;
          cls = 'mtab v-' + (/_manual$/.test(m) ? 'm' + v : v) + ' h-' + side;
        }
        wrap.appendChild(h('div', { 'class': 'm' }, [h('button', { 'class': cls, type: 'button', 'aria-label': score() + ' \u00b7 ' + count() + ' \u2014 ' + label,
          onclick: function () { open('popup'); } }, [score() + ' \u00b7 ' + count()])]));
      }
    }
    root.appendChild(wrap);
    d.body.appendChild(host);
  }

  function stars(n) { return '\u2605\u2605\u2605\u2605\u2605'.slice(0, n) + '\u2606\u2606\u2606\u2606\u2606'.slice(0, 5 - n); }
  // an imported review names its provider and is never shown as verified by us (text nodes only: no markup from data)
  function label(r) { return r.importedFrom ? ' \u00b7 ' + t('importedFrom', r.importedFrom) : r.verified ? ' \u00b7 ' + t('verified') : ''; }
  function reviewList(n) {
    if (!C.reviews.length) { return [h('p', { text: t('noReviews') })]; }
    return C.reviews.slice(0, n).map(function (r) {
      return h('div', { 'class': 'rv' }, [
        h('p', {}, [h('span', { 'aria-label': r.rating + ' ' + t('outOf5') + ' ' + t('stars'), text: stars(r.rating) }), ' ' + r.name + ' \u00b7 ' + r.date + label(r)]),
        r.hidden ? h('p', { 'class': 'note', text: t('hiddenBy', r.hidden) }) : r.comment ? h('p', { text: r.comment }) : null,
        r.reaction ? h('p', { 'class': 'note', text: t('shopReply') + ': ' + r.reaction }) : null]);
    });
  }
  function badges() {
    return C.badges.length ? h('ul', {}, C.badges.map(function (b) { return h('li', { text: t('badge' + b.charAt(0).toUpperCase() + b.slice(1)) }); })) : null;
  }
  var SUBS = ['shippingtime', 'customerservice', 'pricequality', 'aftersale'];

  function content(kind, data) {
    var id = 'service-dlg-title';
    if (kind === 'popup' || kind === 'reviews') {
      var kids = [h('h2', { id: id, text: C.name }), h('p', { text: score() + ' \u00b7 ' + count() })];
      if (kind === 'popup') {
        kids.push(h('h3', { text: t('keyPoints') }), h('ul', {}, SUBS.map(function (s) { return h('li', { text: t(s) + ': ' + C.sub[s] }); })), badges(),
          h('h3', { text: t('details') }), C.address ? h('p', { text: C.address }) : null,
          C.url ? h('p', {}, [h('a', { href: C.url, target: '_blank', rel: 'noopener', text: C.url })]) : null);
      }
      kids.push(h('h3', { text: t('latestReviews') }));
      kids = kids.concat(reviewList(kind === 'popup' ? 2 : 5));
      kids.push(h('p', {}, [h('a', { 'class': 'b', href: C.page + o.lang, target: '_blank', rel: 'noopener', text: t('allReviews') }),
        h('button', { 'class': 'b s', type: 'button', text: t('writeReview'), onclick: function () { open('add'); } })]));
      kids.push(h('p', {}, [h('a', { href: C.page + 'transparency?lang=' + o.lang, target: '_blank', rel: 'noopener', text: t('howChecked') })]));
      return kids;
    }
    var consent = kind === 'consent';
    var msg = h('p', { 'class': 'err', role: 'alert' });
    var fields = [select('overall', 'rating')].concat(SUBS.map(function (s) { return select(s, s); }),
      [field(t('comment'), h('textarea', { name: 'comment', rows: '4', maxlength: '5000' })),
        field(t('yourName'), h('input', { name: 'name', type: 'text', required: 'required', maxlength: '100', autocomplete: 'given-name', value: data && data.firstName || '' })),
        consent && data.email ? null : field(t('yourEmail'), h('input', { name: 'email', type: 'email', required: 'required', maxlength: '254', autocomplete: 'email' }))]);
    var form = h('form', { novalidate: 'novalidate', onsubmit: function (e) { e.preventDefault(); send(form, msg, kind, data, 'review_written'); } },
      fields.concat([msg, h('button', { 'class': 'b', type: 'submit', text: t('send') }),
        consent ? h('button', { 'class': 'b s', type: 'button', text: t('askLater'), onclick: function () { send(form, msg, kind, data, 'ask_later'); } }) : null]));
    return [h('h2', { id: id, text: consent ? t('consentTitle') : t('addReviewTitle', C.name) }),
      consent ? h('p', { text: t('consentText', C.name) }) : null, form, consent ? h('p', { 'class': 'note', text: t('consentNote') }) : null];
  }
  var seq = 0;
  function field(label, input) { var fid = 'service-f' + (++seq); input.id = fid; return h('div', {}, [h('label', { 'for': fid, text: label }), input]); }
  function select(key, name) {
    var opts = [h('option', { value: '', text: t('choose') })];
    for (var i = 5; i >= 1; i--) { opts.push(h('option', { value: String(i), text: i + ' ' + stars(i) })); }
    return field(t(key), h('select', { name: name, required: 'required' }, opts));
  }
  function send(form, msg, kind, data, choice) {
    var f = form.elements, body, path;
    function val(n) { return f[n] ? f[n].value.trim() : ''; }
    function num(n) { return parseInt(val(n), 10) || 0; }
    var review = { rating: num('rating'), ratings: {}, comment: val('comment'), name: val('name'), email: val('email') || (data && data.email) || '' };
    SUBS.forEach(function (s) { review.ratings[s] = num(s); });
    if (choice === 'review_written') {
      var ok = review.rating && review.name && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(review.email);
      SUBS.forEach(function (s) { ok = ok && review.ratings[s]; });
      if (!ok) { msg.textContent = t('incomplete'); return; }
    }
    if (kind === 'consent') {
      path = '/consent';
      body = { order_number: data.orderNumber, email: data.email || review.email || null, first_name: data.firstName || null,
        invite_delay: data.inviteDelay, choice: choice, language: o.lang, review: choice === 'review_written' ? review : null };
      if (data.signature !== undefined) { body.signature = data.signature; body.order_data = data.signed; }
    } else {
      path = '/reviews';
      review.language = o.lang;
      body = review;
    }
    Array.prototype.forEach.call(form.querySelectorAll('button'), function (b) { b.disabled = true; });
    fetch(base + '/embed/' + C.id + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) {
        if (!r.ok) { throw r.status; }
        var done = h('p', { role: 'status', 'class': 'done', tabindex: '-1', text: choice === 'ask_later' ? t('laterThanks') : t('thanks') });
        done.style.minHeight = form.offsetHeight + 'px';
        form.parentNode.replaceChild(done, form);
        done.focus();
      })
      .catch(function (status) {
        msg.textContent = status === 400 ? t('incomplete') : t('failed');
        Array.prototype.forEach.call(form.querySelectorAll('button'), function (b) { b.disabled = false; });
      });
  }

  function focusables() {
    return Array.prototype.filter.call(dialog.querySelectorAll('a[href],button:not([disabled]),select,input,textarea,[tabindex="0"]'), function (e) { return e.offsetParent !== null || e === d.activeElement; });
  }
  function open(kind, data) {
    if (dialog) { close(); }
    hideTip();
    opener = opener || d.activeElement;
    var box = h('div', { 'class': 'dlg', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'service-dlg-title', 'data-kind': kind },
      [h('button', { 'class': 'x', type: 'button', 'aria-label': t('close'), text: '\u00d7', onclick: close })].concat(content(kind, data)));
    dialog = h('div', { 'class': 'ov', onclick: function (e) { if (e.target === dialog) { close(); } } }, [box]);
    dialog.addEventListener('keydown', function (e) {
      if (e.key === 'Escape') { e.preventDefault(); close(); return; }
      if (e.key !== 'Tab') { return; }
      var list = focusables(), first = list[0], end = list[list.length - 1], now = root.activeElement;
      if (e.shiftKey && (now === first || !box.contains(now))) { e.preventDefault(); end.focus(); } else if (!e.shiftKey && (now === end || !box.contains(now))) { e.preventDefault(); first.focus(); }
    });
    root.appendChild(dialog);
    var list = focusables();
    (list[1] || list[0]).focus();
  }
  function close() {
    if (!dialog) { return; }
    root.removeChild(dialog);
    dialog = null;
    if (opener && opener.focus && opener !== d.body) { opener.focus(); }
    opener = null;
  }

  var KINDS = { servicePopup: 'popup', serviceReviews: 'reviews', serviceAddReview: 'add' };
  var SEL = '.servicePopup,.serviceReviews,.serviceAddReview';
  function marked(e) { return e.target && e.target.closest ? e.target.closest(SEL) : null; }
  function kindOf(el) { for (var c in KINDS) { if (el.classList.contains(c)) { return KINDS[c]; } } return 'popup'; }
  function showTip(el) {
    hideTip();
    var r = el.getBoundingClientRect();
    tip = h('div', { 'class': 'tip', role: 'tooltip' }, [h('div', { text: C.name }), h('div', { text: score() + ' \u00b7 ' + count() }), badges()]);
    tip.style.left = Math.max(4, Math.min(r.left, w.innerWidth - 290)) + 'px';
    tip.style.top = (r.bottom + 140 < w.innerHeight ? r.bottom + 6 : Math.max(4, r.top - 130)) + 'px';
    root.appendChild(tip);
  }
  function hideTip() { if (tip) { root.removeChild(tip); tip = null; } }

  var ENT = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'", '#39': "'", '#039': "'", '#x27': "'" };
  function scalar(v) { return typeof v === 'string' || typeof v === 'number' && isFinite(v); }
  function parsed(el) {
    var type = (el.getAttribute('type') || '').trim().toLowerCase(), text = el.textContent.trim();
    if (el.tagName !== 'SCRIPT' || type && type !== 'application/json') { return null; }
    try { return JSON.parse(text); } catch (e) {
      try { return JSON.parse(text.replace(/&(quot|amp|lt|gt|apos|#0?39|#x27);/gi, function (m, x) { return ENT[x.toLowerCase()]; })); } catch (f) { return null; }
    }
  }
  function orderOf(j) {
    if (!j || typeof j !== 'object' || !scalar(j.webshopId) || String(j.webshopId).trim() !== String(C.id) || !scalar(j.orderNumber) || !String(j.orderNumber).trim()) { return null; }
    var delay = j.inviteDelay === undefined || j.inviteDelay === null ? 5 : j.inviteDelay, signed = {};
    var order = { orderNumber: String(j.orderNumber).trim(), email: typeof j.email === 'string' ? j.email.trim() : '', firstName: typeof j.firstName === 'string' ? j.firstName.trim() : '',
      inviteDelay: scalar(delay) && /^\d{1,3}$/.test(String(delay).trim()) && +delay <= 365 ? +delay : 5 };
    if (j.signature !== undefined && j.signature !== null) {
      Object.keys(j).forEach(function (k) { if (k !== 'signature') { signed[k] = j[k]; } });
      order.signature = String(j.signature);
      order.signed = signed;
    }
    return order;
  }
  function orderData() {
    for (var i = 0, el, order; i < 3; i++) {
      el = d.getElementById(['service', 'webwinkelkeur', 'trustprofile'][i] + '_order_completed');
      if ((order = el && orderOf(parsed(el)))) { return order; }
    }
    return null;
  }

  function start() {
    mount();
    d.addEventListener('click', function (e) { var el = marked(e); if (el) { e.preventDefault(); opener = el; open(kindOf(el)); } });
    if (o.tooltip) {
      d.addEventListener('mouseover', function (e) { var el = marked(e); if (el) { showTip(el); } });
      d.addEventListener('focusin', function (e) { var el = marked(e); if (el) { showTip(el); } });
      d.addEventListener('mouseout', function (e) { if (marked(e)) { hideTip(); } });
      d.addEventListener('focusout', function (e) { if (marked(e)) { hideTip(); } });
    }
    var order = orderData();
    if (order) { open('consent', order); }
  }
  if (d.readyState === 'loading') { d.addEventListener('DOMContentLoaded', start); } else { start(); }
})(window, document, /*CONFIG*/null);
