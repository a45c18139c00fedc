// The operator console: one page, no build step. Every call goes to /operator/api/<service>/..., where each service
// checks the signed session cookie itself; changes carry the X-Operator-Request header (CSRF). Text from the API is
// only ever set as textContent, never as HTML.
'use strict';
(function () {
  var SERVICES = ['partner', 'invitations', 'ratings', 'webhooks', 'embed'];
  var T = {
    en: {
      title: 'Operator console', signIn: 'Sign in', name: 'Name', password: 'Password', code: 'Code from your authenticator app',
      signOut: 'Sign out', language: 'Language', shops: 'Shops', moderation: 'Moderation', pipeline: 'Pipeline', audit: 'Audit log',
      partners: 'Partners', operators: 'Operators', search: 'Search', searchShops: 'Name, domain or id', id: 'Id', shop: 'Shop',
      domains: 'Domains', state: 'State', active: 'active', deactivated: 'deactivated', approved: 'approved', notApproved: 'not approved',
      replies: 'Reply access', languages: 'Languages', actions: 'Actions', approve: 'Approve', deactivate: 'Deactivate',
      reactivate: 'Reactivate', grant: 'Grant reply access', revoke: 'Revoke', revokeReplies: 'Revoke reply access', save: 'Save', none: 'Nothing here.',
      quarantined: 'Quarantined', held: 'Held', reported: 'Reported', reportBy: 'Reported by', hidden: 'Hidden', review: 'Review', rating: 'Rating', reason: 'Reason', created: 'Created',
      publish: 'Publish', hide: 'Hide with reason', remove: 'Delete', publicReason: 'Public reason', context: 'Other reviews',
      service: 'Service', channel: 'Channel', pending: 'Pending', oldest: 'Oldest', letters: 'Dead letters', replay: 'Replay', discard: 'Discard', repair: 'Repair', applyRepair: 'Apply the corrected record', correctedRecord: 'Corrected record',
      payload: 'Payload', error: 'Error', at: 'When', actor: 'Who', action: 'What', subject: 'Subject', before: 'Before', after: 'After',
      partner: 'Partner', issue: 'Issue token', revoked: 'Revoked', shopsCreated: 'Shops created', role: 'Role', createOperator: 'Create operator',
      shownOnce: 'Shown only now, copy it:', done: 'Done.', confirmDeactivate: 'Deactivate this shop? Its API, widgets and invitations stop.',
      confirmDelete: 'Delete this review for good?', signedInAs: 'Signed in as', reviewsOf: 'Reviews of this shop', byReviewer: 'By the same reviewer',
      text: 'Text', find: 'Find', failingHooks: 'Failing webhook endpoints', retrying: 'Retrying', dead: 'Given up',
      since: 'Failing since', failedSends: 'Invitations that could not be sent', count: 'Count', newest: 'Newest',
      apikeys: 'API keys', createKey: 'Create API key', lastUsed: 'Last used',
      ownerEmail: 'Owner e-mail', inviteOwner: 'Invite owner of',
      keyUse: 'A script trades it for a 10-minute session: POST /operator/api/partner/api-keys/token with Authorization: Bearer <key>.',
      importedFrom: 'Imported from {source}'
    },
    nl: {
      title: 'Beheerconsole', signIn: 'Inloggen', name: 'Naam', password: 'Wachtwoord', code: 'Code uit je authenticator-app',
      signOut: 'Uitloggen', language: 'Taal', shops: 'Winkels', moderation: 'Moderatie', pipeline: 'Pijplijn', audit: 'Auditlog',
      partners: 'Partners', operators: 'Beheerders', search: 'Zoeken', searchShops: 'Naam, domein of id', id: 'Id', shop: 'Winkel',
      domains: 'Domeinen', state: 'Status', active: 'actief', deactivated: 'gedeactiveerd', approved: 'goedgekeurd', notApproved: 'niet goedgekeurd',
      replies: 'Reageren', languages: 'Talen', actions: 'Acties', approve: 'Goedkeuren', deactivate: 'Deactiveren',
      reactivate: 'Heractiveren', grant: 'Reageren toestaan', revoke: 'Intrekken', revokeReplies: 'Reageren intrekken', save: 'Opslaan', none: 'Niets te tonen.',
      quarantined: 'In quarantaine', held: 'Wachtend', reported: 'Gemeld', reportBy: 'Gemeld door', hidden: 'Verborgen', review: 'Review', rating: 'Score', reason: 'Reden', created: 'Gemaakt',
      publish: 'Publiceren', hide: 'Verbergen met reden', remove: 'Verwijderen', publicReason: 'Openbare reden', context: 'Andere reviews',
      service: 'Dienst', channel: 'Kanaal', pending: 'Open', oldest: 'Oudste', letters: 'Dode brieven', replay: 'Opnieuw verwerken', discard: 'Weggooien', repair: 'Herstellen', applyRepair: 'Verbeterd record verwerken', correctedRecord: 'Verbeterd record',
      payload: 'Inhoud', error: 'Fout', at: 'Wanneer', actor: 'Wie', action: 'Wat', subject: 'Onderwerp', before: 'Voor', after: 'Na',
      partner: 'Partner', issue: 'Token uitgeven', revoked: 'Ingetrokken', shopsCreated: 'Aangemaakte winkels', role: 'Rol', createOperator: 'Beheerder aanmaken',
      shownOnce: 'Alleen nu zichtbaar, kopieer het:', done: 'Klaar.', confirmDeactivate: 'Deze winkel deactiveren? API, widgets en uitnodigingen stoppen.',
      confirmDelete: 'Deze review definitief verwijderen?', signedInAs: 'Ingelogd als', reviewsOf: 'Reviews van deze winkel', byReviewer: 'Van dezelfde reviewer',
      text: 'Tekst', find: 'Zoeken', failingHooks: 'Falende webhook-adressen', retrying: 'Opnieuw proberen', dead: 'Opgegeven',
      since: 'Faalt sinds', failedSends: 'Uitnodigingen die niet verstuurd konden worden', count: 'Aantal', newest: 'Nieuwste',
      apikeys: 'API-sleutels', createKey: 'API-sleutel aanmaken', lastUsed: 'Laatst gebruikt',
      ownerEmail: 'E-mail eigenaar', inviteOwner: 'Eigenaar uitnodigen voor',
      keyUse: 'Een script ruilt hem voor een sessie van 10 minuten: POST /operator/api/partner/api-keys/token met Authorization: Bearer <sleutel>.',
      importedFrom: 'Geïmporteerd van {source}'
    }
  };
  var lang = pickLanguage();
  var me = null;
  var main = document.getElementById('main');

  function pickLanguage() {
    var asked = new URLSearchParams(location.search).get('lang') || localStorage.getItem('sr-console-lang')
      || (navigator.language || 'en').slice(0, 2);
    return T[asked] ? asked : 'en';
  }
  function t(key) { return T[lang][key] || T.en[key] || key; }

  var P = window.SrPages;
  var el = P.el, say = P.say, tag = P.tag;
  // A 401 outside sign-in itself means the session ended: back to the sign-in form.
  var api = P.client('/operator/api/', 'X-Operator-Request', function (path) { if (path !== 'partner/session') showSignIn(); });
  function act(method, path, body, then) {
    return api(method, path, body).then(function (json) { say(json.message || t('done')); if (then) then(json); })
      .catch(function (e) { say(e.message); });
  }
  function table(caption, headings, rows) { return P.table(caption, headings, rows, t('none')); }
  function when(iso) { return P.when(iso, lang); }
  function page(titleKey) {
    main.replaceChildren(el('h1', { text: t(titleKey) }));
    document.title = t(titleKey) + ' · ' + t('title');
    return main;
  }

  // --- sign-in -----------------------------------------------------------------------------------------------
  function showSignIn(message, name) {
    me = null;
    document.getElementById('nav').hidden = true;
    document.getElementById('sign-out').hidden = true;
    document.getElementById('me').textContent = '';
    var form = el('form', { 'class': 'card signin', novalidate: true },
      el('h1', { text: t('signIn') }),
      message ? el('p', { 'class': 'error', role: 'alert', text: message }) : null,
      el('label', { 'for': 'f-name', text: t('name') }), el('input', { id: 'f-name', name: 'name', autocomplete: 'username', required: true, value: name || '' }),
      el('label', { 'for': 'f-password', text: t('password') }),
      el('input', { id: 'f-password', name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
      el('label', { 'for': 'f-code', text: t('code') }),
      el('input', { id: 'f-code', name: 'code', inputmode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}', maxlength: '6', required: true }),
      el('button', { type: 'submit', text: t('signIn') }));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      api('POST', 'partner/session', { name: form.name.value, password: form.password.value, code: form.code.value })
        .then(start).catch(function (e) { showSignIn(e.message, form.name.value); });
    });
    main.replaceChildren(form);
    (name ? form.password : form.name).focus();
  }

  function start() {
    return api('GET', 'partner/session').then(function (json) {
      me = json.data;
      document.getElementById('me').textContent = t('signedInAs') + ' ' + me.name + ' (' + me.role + ')';
      document.getElementById('sign-out').hidden = false;
      drawNav();
      route();
    }).catch(function (e) { if (e.status !== 401) say(e.message); showSignIn(); });
  }

  function drawNav() {
    var views = ['shops', 'moderation', 'pipeline', 'audit'];
    if (me.role === 'admin') views.push('partners', 'operators', 'apikeys');
    var current = (location.hash || '#shops').slice(1).split('/')[0];
    var nav = document.getElementById('nav');
    nav.replaceChildren(el('ul', {}, views.map(function (v) {
      return el('li', {}, el('a', { href: '#' + v, 'aria-current': v === current ? 'page' : false, text: t(v) }));
    })));
    nav.hidden = false;
  }

  function route() {
    if (!me) return;
    drawNav();
    var view = (location.hash || '#shops').slice(1).split('/')[0];
    var draw = { shops: shops, moderation: moderation, pipeline: pipeline, audit: audit, partners: partners, operators: operators,
      apikeys: apikeys }[view] || shops;
    draw();
    main.focus();
  }

  // --- shops -------------------------------------------------------------------------------------------------
  function shops(query) {
    var root = page('shops');
    var input = el('input', { id: 'shop-q', type: 'search', value: query || '' });
    var form = el('form', { 'class': 'inline', role: 'search' },
      el('div', {}, el('label', { 'for': 'shop-q', text: t('searchShops') }), input), el('button', { type: 'submit', text: t('search') }));
    var results = el('div', {});
    form.addEventListener('submit', function (event) { event.preventDefault(); load(input.value); });
    root.append(form, results);
    var newest = P.latestOnly();
    function load(q) {
      newest(api('GET', 'partner/webshops?q=' + encodeURIComponent(q))).then(function (json) {
        results.replaceChildren(table(t('shops'), [t('id'), t('shop'), t('domains'), t('state'), t('replies'), t('languages'), t('actions')],
          json.webshops.map(shopRow)));
      }).catch(function (e) { say(e.message); });
    }
    function shopRow(s) {
      var admin = me.role === 'admin';
      var post = function (suffix) { return function () { act('POST', 'partner/webshops/' + s.webshop_id + '/' + suffix, undefined, function () { load(input.value); }); }; };
      var languages = el('input', { 'aria-label': t('languages') + ' ' + s.name, value: s.languages.join(','), size: '10', disabled: !admin });
      return [String(s.webshop_id), el('span', {}, el('strong', { text: s.name }), el('br'), el('span', { 'class': 'muted', text: s.url })),
        s.domains.join(', '),
        el('span', {}, tag(s.active, t('active'), t('deactivated')), ' ', tag(s.approved, t('approved'), t('notApproved'))),
        tag(s.reply_access, '✓', '✗'),
        el('span', { 'class': 'actions' }, languages, admin ? el('button', { type: 'button', 'class': 'secondary', text: t('save'), onclick: function () {
          act('PUT', 'partner/webshops/' + s.webshop_id + '/languages', { languages: languages.value.split(',').map(function (l) { return l.trim(); }).filter(Boolean) }, function () { load(input.value); });
        } }) : null),
        admin ? el('span', { 'class': 'actions' },
          s.approved ? null : el('button', { type: 'button', text: t('approve'), onclick: post('approve') }),
          s.active ? el('button', { type: 'button', 'class': 'danger', text: t('deactivate') + ' ' + s.name, onclick: function () { if (confirm(t('confirmDeactivate'))) post('deactivate')(); } })
            : el('button', { type: 'button', text: t('reactivate') + ' ' + s.name, onclick: post('reactivate') }),
          el('button', { type: 'button', 'class': 'secondary', text: s.reply_access ? t('revokeReplies') : t('grant'), onclick: post(s.reply_access ? 'reply-access/revoke' : 'reply-access') }),
          ownerInvite(s))
          : ''];
    }
    load(query || '');
  }
  // An address gets a mailed link to set a dashboard password for this shop (partner-service owner/).
  function ownerInvite(s) {
    var email = el('input', { type: 'email', 'aria-label': t('ownerEmail') + ' ' + s.name, placeholder: t('ownerEmail'), size: '18' });
    return el('span', { 'class': 'actions' }, email, el('button', { type: 'button', 'class': 'secondary', text: t('inviteOwner') + ' ' + s.name,
      onclick: function () { act('POST', 'partner/owners', { webshop_id: String(s.webshop_id), email: email.value }, function () { email.value = ''; }); } }));
  }

  // --- moderation --------------------------------------------------------------------------------------------
  function moderation() {
    var root = page('moderation');
    var state = el('select', { id: 'mod-state' }, ['quarantined', 'held', 'reported', 'hidden'].map(function (s) { return el('option', { value: s, text: t(s) }); }));
    var list = el('div', {});
    var detail = el('div', {});
    root.append(el('form', { 'class': 'inline' }, el('div', {}, el('label', { 'for': 'mod-state', text: t('state') }), state)), list, detail);
    state.addEventListener('change', load);
    var newest = P.latestOnly();
    function load() {
      newest(api('GET', 'ratings/moderation?state=' + state.value)).then(function (json) {
        list.replaceChildren(table(t(state.value) + (json.counts ? ' (' + (json.counts[state.value] || 0) + ')' : ''),
          [t('id'), t('shop'), t('rating'), t('review'), t('reason'), t('created'), t('actions')],
          (json.reviews || []).map(function (r) {
            return [String(r.review_id), String(r.webshop_id), String(r.rating) + '/5',
              el('span', {}, el('strong', { text: r.name || '' }), imported(r), el('br'), r.comment || ''),
              // a shop owner's (or later a visitor's) report is the reason a reported review is here
              r.report ? el('span', {}, el('strong', { text: t('reportBy') + ' ' + (r.report.reporter || r.report.source) + ': ' }), r.report.reason) : r.reason || '',
              when(r.created),
              reviewActions(r)];
          })));
      }).catch(function (e) { say(e.message); });
    }
    function reviewActions(r) {
      var reason = el('input', { 'aria-label': t('publicReason') + ' ' + r.review_id, placeholder: t('publicReason'), maxlength: '300' });
      var base = 'ratings/reviews/' + r.review_id + '/';
      return el('span', { 'class': 'actions' },
        el('button', { type: 'button', text: t('publish') + ' ' + r.review_id, onclick: function () { act('POST', base + 'publish', undefined, load); } }),
        reason,
        el('button', { type: 'button', 'class': 'secondary', text: t('hide') + ' ' + r.review_id, onclick: function () { act('POST', base + 'hide', { reason: reason.value }, load); } }),
        el('button', { type: 'button', 'class': 'danger', text: t('remove') + ' ' + r.review_id, onclick: function () { if (confirm(t('confirmDelete'))) act('POST', base + 'delete', undefined, load); } }),
        el('button', { type: 'button', 'class': 'secondary', text: t('context') + ' ' + r.review_id, onclick: function () { context(r.review_id); } }));
    }
    function context(id) {
      api('GET', 'ratings/reviews/' + id).then(function (json) {
        var d = json.data || json;
        var rows = function (items) { return (items || []).map(function (o) { return [String(o.id || o.review_id), String(o.webshop_id || ''), String(o.rating), el('span', {}, o.state || '', imported(o)), when(o.created)]; }); };
        var heads = [t('id'), t('shop'), t('rating'), t('state'), t('created')];
        detail.replaceChildren(el('h2', { text: t('context') + ' · ' + id }), table(t('reviewsOf'), heads, rows(d.shop_reviews)),
          table(t('byReviewer'), heads, rows(d.reviewer_reviews)));
      }).catch(function (e) { say(e.message); });
    }
    load();
  }
  /** The label of a review a shop imported from another provider (import_source; null for our own reviews). */
  function imported(r) {
    return r.import_source ? [' ', el('span', { 'class': 'tag imported', text: t('importedFrom').replace('{source}', r.import_source) })] : null;
  }

  // --- pipeline ----------------------------------------------------------------------------------------------
  function pipeline() {
    var root = page('pipeline');
    var summary = el('div', {});
    var letters = el('div', {});
    var hooks = el('div', {});
    var sends = el('div', {});
    root.append(summary, letters, hooks, sends);
    api('GET', 'webhooks/failing-endpoints?limit=100').then(function (j) {
      hooks.replaceChildren(table(t('failingHooks'), [t('shop'), 'Endpoint', 'Topic', t('retrying'), t('dead'), t('since'), t('error')],
        j.endpoints.map(function (e) {
          return [String(e.webshop_id), e.endpoint, e.topic, String(e.retrying), String(e.dead), when(e.failing_since),
            (e.last_status_code ? 'HTTP ' + e.last_status_code + ' ' : '') + (e.last_error || '')];
        })));
    }).catch(function (e) { hooks.replaceChildren(el('p', { 'class': 'error', text: e.message })); });
    api('GET', 'invitations/send-failures?limit=100').then(function (j) {
      sends.replaceChildren(table(t('failedSends') + ' (' + j.total + ')', [t('shop'), t('reason'), t('count'), t('oldest'), t('newest')],
        j.failures.map(function (f) { return [String(f.webshop_id), f.reason, String(f.count), when(f.oldest), when(f.newest)]; })));
    }).catch(function (e) { sends.replaceChildren(el('p', { 'class': 'error', text: e.message })); });
    Promise.all(SERVICES.map(function (s) { return api('GET', s + '/pipeline').then(function (j) { return j.data; }).catch(function () { return { service: s, channels: [] }; }); }))
      .then(function (all) {
        var rows = [];
        all.forEach(function (b) { b.channels.forEach(function (c) { rows.push([b.service, c.channel, c.topic, String(c.pending), when(c.oldest)]); }); });
        summary.replaceChildren(table(t('pending'), [t('service'), t('channel'), 'Topic', t('pending'), t('oldest')], rows));
      });
    Promise.all(SERVICES.map(function (s) {
      return api('GET', s + '/dead-letters?state=pending&limit=100').then(function (j) { return j.dead_letters.map(function (d) { d.service = s; return d; }); }).catch(function () { return []; });
    })).then(function (lists) {
      var all = [].concat.apply([], lists);
      letters.replaceChildren(table(t('letters'), [t('service'), t('id'), t('channel'), t('reason'), t('payload'), t('created'), t('actions')],
        all.map(function (d) {
          var base = d.service + '/dead-letters/' + d.id + '/';
          return [d.service, String(d.id), d.channel, el('span', {}, d.reason, el('br'), el('span', { 'class': 'muted', text: d.error || '' })),
            el('pre', { text: d.payload == null ? '' : d.payload }), when(d.created_at),
            me.role === 'admin' ? el('span', { 'class': 'actions' },
              el('button', { type: 'button', text: t('replay') + ' ' + d.service + ' ' + d.id, onclick: function () { act('POST', base + 'replay', undefined, pipeline); } }),
              el('button', { type: 'button', text: t('repair') + ' ' + d.service + ' ' + d.id, onclick: function (event) { repairForm(event.target, d, base); } }),
              el('button', { type: 'button', 'class': 'danger', text: t('discard') + ' ' + d.service + ' ' + d.id, onclick: function () { act('POST', base + 'discard', undefined, pipeline); } })) : ''];
        })));
    });
  }

  // A record no handler could apply, corrected by hand (a wrong field, a value out of range) and applied once.
  function repairForm(button, d, base) {
    var id = 'repair-' + d.service + '-' + d.id;
    if (document.getElementById(id)) { document.getElementById(id).focus(); return; }
    var area = el('textarea', { id: id, rows: '8', cols: '60' });
    area.value = d.payload == null ? '' : d.payload;
    var form = el('form', { 'class': 'repair' }, el('label', { 'for': id, text: t('correctedRecord') + ' ' + d.service + ' ' + d.id }), area,
      el('button', { type: 'submit', text: t('applyRepair') }));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      act('POST', base + 'repair', { payload: area.value }, pipeline);
    });
    button.parentNode.append(form);
    area.focus();
  }

  // --- audit log ---------------------------------------------------------------------------------------------
  function audit() {
    var root = page('audit');
    var input = el('input', { id: 'audit-q', type: 'search' });
    var results = el('div', {});
    var form = el('form', { 'class': 'inline', role: 'search' }, el('div', {}, el('label', { 'for': 'audit-q', text: t('text') }), input),
      el('button', { type: 'submit', text: t('find') }));
    form.addEventListener('submit', function (event) { event.preventDefault(); load(); });
    root.append(form, results);
    var newest = P.latestOnly();
    function load() {
      newest(Promise.all(SERVICES.map(function (s) {
        return api('GET', s + '/audit?limit=200&q=' + encodeURIComponent(input.value)).then(function (j) { return j.entries; }).catch(function () { return []; });
      }))).then(function (lists) {
        var all = [].concat.apply([], lists).sort(function (a, b) { return a.at < b.at ? 1 : a.at > b.at ? -1 : 0; });
        results.replaceChildren(table(t('audit'), [t('at'), t('service'), t('actor'), t('action'), t('subject'), t('before'), t('after')],
          all.map(function (e) { return [when(e.at), e.service, e.actor, e.action, e.subject, el('pre', { text: e.before || '' }), el('pre', { text: e.after || '' })]; })));
      });
    }
    load();
  }

  // --- partners and operators (admin) ------------------------------------------------------------------------
  function partners() {
    var root = page('partners');
    var name = el('input', { id: 'partner-name', maxlength: '255' });
    var shown = el('div', {});
    var list = el('div', {});
    var form = el('form', { 'class': 'inline' }, el('div', {}, el('label', { 'for': 'partner-name', text: t('partner') }), name), el('button', { type: 'submit', text: t('issue') }));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      act('POST', 'partner/partner-tokens', { partner: name.value }, function (json) {
        shown.replaceChildren(el('p', { 'class': 'card' }, t('shownOnce') + ' ', el('code', { text: json.data.token })));
        load();
      });
    });
    root.append(form, shown, list);
    var newest = P.latestOnly();
    function load() {
      newest(api('GET', 'partner/partner-tokens')).then(function (json) {
        list.replaceChildren(table(t('partners'), [t('id'), t('partner'), t('created'), t('revoked'), t('shopsCreated'), t('actions')],
          json.partner_tokens.map(function (p) {
            return [String(p.id), p.partner, when(p.created_at), when(p.revoked_at), p.webshop_ids.join(', '),
              p.revoked_at ? '' : el('button', { type: 'button', 'class': 'danger', text: t('revoke') + ' ' + p.id, onclick: function () { act('POST', 'partner/partner-tokens/' + p.id + '/revoke', undefined, load); } })];
          })));
      }).catch(function (e) { list.replaceChildren(el('p', { 'class': 'error', text: e.message })); });
    }
    load();
  }

  function operators() {
    var root = page('operators');
    var name = el('input', { id: 'op-name', maxlength: '64', autocomplete: 'off' });
    var role = el('select', { id: 'op-role' }, el('option', { value: 'moderator', text: 'moderator' }), el('option', { value: 'admin', text: 'admin' }));
    var password = el('input', { id: 'op-password', type: 'password', autocomplete: 'new-password', minlength: '12' });
    var shown = el('div', {});
    var list = el('div', {});
    var form = el('form', { 'class': 'inline' },
      el('div', {}, el('label', { 'for': 'op-name', text: t('name') }), name), el('div', {}, el('label', { 'for': 'op-role', text: t('role') }), role),
      el('div', {}, el('label', { 'for': 'op-password', text: t('password') }), password), el('button', { type: 'submit', text: t('createOperator') }));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      act('POST', 'partner/operators', { name: name.value, role: role.value, password: password.value }, function (json) {
        shown.replaceChildren(el('p', { 'class': 'card' }, t('shownOnce') + ' ', el('code', { text: json.data.otpauth_uri })));
        load();
      });
    });
    root.append(form, shown, list);
    var newest = P.latestOnly();
    function load() {
      newest(api('GET', 'partner/operators')).then(function (json) {
        list.replaceChildren(table(t('operators'), [t('name'), t('role'), t('state'), t('created'), t('actions')],
          json.operators.map(function (o) {
            return [o.name, o.role, tag(o.active, t('active'), t('deactivated')), when(o.created_at),
              o.active && o.name !== me.name ? el('button', { type: 'button', 'class': 'danger', text: t('deactivate') + ' ' + o.name, onclick: function () { act('POST', 'partner/operators/' + encodeURIComponent(o.name) + '/deactivate', undefined, load); } }) : ''];
          })));
      }).catch(function (e) { list.replaceChildren(el('p', { 'class': 'error', text: e.message })); });
    }
    load();
  }

  function apikeys() {
    var root = page('apikeys');
    var name = el('input', { id: 'key-name', maxlength: '64', autocomplete: 'off' });
    var role = el('select', { id: 'key-role' }, el('option', { value: 'moderator', text: 'moderator' }), el('option', { value: 'admin', text: 'admin' }));
    var shown = el('div', {});
    var list = el('div', {});
    var form = el('form', { 'class': 'inline' },
      el('div', {}, el('label', { 'for': 'key-name', text: t('name') }), name), el('div', {}, el('label', { 'for': 'key-role', text: t('role') }), role),
      el('button', { type: 'submit', text: t('createKey') }));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      act('POST', 'partner/api-keys', { name: name.value, role: role.value }, function (json) {
        shown.replaceChildren(el('p', { 'class': 'card' }, t('shownOnce') + ' ', el('code', { text: json.data.key })), el('p', { 'class': 'muted', text: t('keyUse') }));
        load();
      });
    });
    root.append(form, shown, list);
    var newest = P.latestOnly();
    function load() {
      newest(api('GET', 'partner/api-keys')).then(function (json) {
        list.replaceChildren(table(t('apikeys'), [t('name'), t('role'), t('created'), t('lastUsed'), t('revoked'), t('actions')],
          json.api_keys.map(function (k) {
            return [k.name, k.role, when(k.created_at), when(k.last_used_at), when(k.revoked_at),
              k.revoked_at ? '' : el('button', { type: 'button', 'class': 'danger', text: t('revoke') + ' ' + k.name, onclick: function () { act('POST', 'partner/api-keys/' + k.id + '/revoke', undefined, load); } })];
          })));
      }).catch(function (e) { list.replaceChildren(el('p', { 'class': 'error', text: e.message })); });
    }
    load();
  }

  // --- start -------------------------------------------------------------------------------------------------
  function applyLanguage() {
    document.documentElement.lang = lang;
    document.getElementById('lang').value = lang;
    document.getElementById('title').textContent = t('title');
    document.getElementById('lang-label').textContent = t('language');
    document.getElementById('sign-out').textContent = t('signOut');
  }
  document.getElementById('lang').addEventListener('change', function (event) {
    lang = event.target.value;
    localStorage.setItem('sr-console-lang', lang);
    applyLanguage();
    if (me) { document.getElementById('me').textContent = t('signedInAs') + ' ' + me.name + ' (' + me.role + ')'; route(); } else showSignIn();
  });
  document.getElementById('sign-out').addEventListener('click', function () {
    api('DELETE', 'partner/session').finally(function () { showSignIn(); });
  });
  window.addEventListener('hashchange', route);
  applyLanguage();
  start();
})();
