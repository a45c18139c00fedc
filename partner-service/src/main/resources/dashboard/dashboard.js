// The shop dashboard: one page, no build step (docs/dashboard.md). Every call goes to /dashboard/api/<service>/...,
// where each service checks the signed session cookie itself; changes carry the X-Dashboard-Request header (CSRF).
// Text from the API is only ever set as textContent, never as HTML. After sign-in the page only ever moves to its
// own views (#overview, #reviews, ...): there is no "next" address to follow, so nothing can redirect elsewhere.
'use strict';
(function () {
  var VIEWS = ['overview', 'reviews', 'invitations', 'integration', 'connect', 'webhooks', 'settings'];
  var TOPICS = ['reviews.created', 'reviews.updated', 'reviews.deleted'];
  var WIDGET_LAYOUTS = ['new_default', 'new_badges', 'new_button-text', 'new_button-stars', 'new_button_logo',
    'new_button_logo-score', 'new_button_logo-sm', 'new_balloon'];
  var WIDGET_LANGUAGES = ['nld', 'eng', 'deu', 'fra', 'spa', 'ita'];
  var T = {
    en: {
      title: 'Dashboard', signIn: 'Sign in', email: 'E-mail address', password: 'Password', newPassword: 'New password (at least 12 characters)',
      code: 'Code from your authenticator app (if turned on)', signOut: 'Sign out', language: 'Language', webshop: 'Webshop',
      forgot: 'Forgot your password?', sendLink: 'Mail me a link', back: 'Back to sign-in', setPassword: 'Set password',
      overview: 'Overview', reviews: 'Reviews', invitations: 'Invitations', integration: 'Integration', connect: 'Connect your shop', webhooks: 'Webhooks', settings: 'Settings',
      average: 'Average', amount: 'Reviews', subRatings: 'Sub-ratings', shippingtime: 'Shipping time', customerservice: 'Customer service',
      pricequality: 'Price/quality', aftersale: 'After sale', byWeek: 'Weeks', byMonth: 'Months', ratingsOverTime: 'Ratings over time',
      outcomes: 'Invitation outcomes', sent: 'Sent', opened: 'Opened link', reviewed: 'Reviewed', opted_out: 'Opted out', failed: 'Failed',
      none: 'Nothing here.', search: 'Search', text: 'Text or name', rating: 'Rating', any: 'Any', verified: 'Verified', replied: 'Replied',
      yes: 'Yes', no: 'No', from: 'From', to: 'To', filter: 'Filter', more: 'Show more', date: 'Date', reviewer: 'Reviewer', review: 'Review',
      reply: 'Reply', notify: 'E-mail the reviewer', sendReply: 'Send reply', report: 'Ask the operator to look at this review',
      reason: 'Reason (required)', sendReport: 'Send to the operator', reported: 'Reported', hidden: 'Hidden', quarantine: 'In quarantine',
      status: 'Status', order: 'Order', name: 'Name', delay: 'Delay (days)', products: 'Products', add: 'Add invitation',
      csv: 'Upload a CSV of orders', csvHelp: 'Columns: email, order, name, language, delay, products (products as sku|name;sku|name). First row: the column names.',
      file: 'CSV file', check: 'Check the file', importRows: 'Add the valid rows', preview: 'Preview', line: 'Line', message: 'Message',
      progress: 'Progress', download: 'Download the result', valid: 'valid', invalid: 'with errors', added: 'added',
      id: 'Webshop id', publicCode: 'Public code', apiCode: 'API code', apiCodeHidden: 'Shown only once, after a new one is made. Keep it on your server.',
      rotate: 'Make a new API code', rotateConfirm: 'Type "rotate" to confirm: the current code stops working everywhere.',
      shownOnce: 'Your new API code, shown only now. Copy it:', sidebar: 'Sidebar and tooltips', sidebarHelp: 'Paste before </body> of every page. The saved settings apply wherever the snippet sets no variable; the snippet writes only what differs from them.', saveSidebar: 'Save as this shop\'s sidebar settings',
      popup: 'Consent pop-up on the order-completion page', popupHelp: 'Together with the sidebar script, on the thank-you page; fill in the order\'s values.',
      widget: 'Widget', layout: 'Layout', theme: 'Theme', color: 'Colour', show: 'Show reviews', view: 'View', width: 'Width', widthAmount: 'Width amount',
      height: 'Height (px)', interval: 'Interval (ms)', light: 'light', dark: 'dark', slider: 'slider', list: 'list', auto: 'auto', manual: 'manual',
      snippet: 'Code to paste', copy: 'Copy', copied: 'Copied.', position: 'Position', left: 'left', right: 'right',
      subscriptions: 'Subscriptions', url: 'Address (https)', topic: 'Event', subscribe: 'Subscribe', unsubscribe: 'Unsubscribe',
      secretOnce: 'Secret for the X-Hash signature, shown only now:', deliveries: 'Deliveries', attempts: 'Attempts', response: 'Response',
      redeliver: 'Deliver again', testEvent: 'Send a test event', created: 'Created', languages: 'Languages', saveLanguages: 'Save languages',
      replyAccess: 'Reply access', granted: 'granted', notGranted: 'not granted (ask the operator)', secondFactor: 'Second factor (TOTP)',
      turnOn: 'Turn on', confirmCode: 'Code from the app', confirm: 'Confirm', totpSecret: 'Load this secret into your authenticator app:',
      currentPassword: 'Current password', currentCode: 'Current code (when the second factor is on)', turnOff: 'Turn off',
      totpHelp: 'Turning on, replacing or turning off the second factor needs your current password and, while it is on, a current code.',
      sessionsTitle: 'Signed-in sessions', sessionsHelp: 'Where your account is signed in now. Ending a session signs that browser out; your other sessions go on.',
      sessionClient: 'Browser', sessionOpened: 'Signed in', sessionExpires: 'Expires', sessionThis: 'this browser', sessionEnd: 'End session',
      sessionEndLabel: 'End session of {client}, signed in {when}', sessionAction: 'Action',
      active: 'active', deactivated: 'deactivated by the operator', signedInAs: 'Signed in as', done: 'Done.', previous: 'Previous', next: 'Next',
      defaults: 'Invitation defaults', senderName: 'Sender name', save: 'Save', reminderDays: 'Reminder after (days, 0 = none)', replyTo: 'Reply-to address',
      mailTexts: 'E-mail texts', mailKind: 'E-mail', invitationMail: 'Invitation', reminderMail: 'Reminder', mailLanguage: 'Language',
      subject: 'Subject', htmlPart: 'HTML part', textPart: 'Plain-text part', builtIn: 'Use the built-in text', ownText: 'own text',
      builtInText: 'built-in text', variables: 'Variables:', noShop: 'Your account manages no webshop yet.', shopDefault: 'webshop default', period: 'Period', figures: 'figures',
      exportTitle: 'Take your reviews along', exportJson: 'Download all reviews (JSON)', exportCsv: 'Download all reviews (CSV)',
      exportHint: 'Every review that is not deleted, in the API\'s ratings.json shape; the CSV opens in a spreadsheet.',
      importedFrom: 'Imported from {source}', importTitle: 'Import reviews from another provider', importSource: 'Source (the provider\'s name)',
      importHelp: 'A CSV file with the column names in its first row. Required: source_review_id, created (YYYY-MM-DD), name, language, rating (1-5); optional: email, country, shippingtime, customerservice, pricequality, aftersale, comment, verified_purchase. Imported reviews are published at once, labelled with their source and never shown as verified; importing the same file again adds nothing.',
      importLimits: 'One import takes at most 500 reviews and 1 MB: a larger file is checked and imported in parts.',
      importRun: 'Import the reviews', wouldImport: '{n} reviews would be imported from {source}.', importedCount: '{n} reviews imported from {source}.',
      alreadyImported: 'Imported before, skipped:', rowErrors: 'Nothing was imported. Correct the file and check it again:',
      partFailed: 'Part {part} of {parts} was not imported; the parts before it were. Importing the file again skips the reviews already there.',
      parts: '{parts} parts',
      connectIntro: 'WooCommerce and Shopify can send their orders here themselves, without a plugin: every completed (WooCommerce) or fulfilled (Shopify) order becomes an invitation, with your default delay, once per order.',
      woocommerce: 'WooCommerce', shopify: 'Shopify', deliveryUrl: 'Delivery URL', secret: 'Secret', notConnected: 'Not connected.',
      connectedSince: 'Connected, secret changed {when}.', lastDelivery: 'Last delivery: {when}.', noDelivery: 'No delivery received yet.',
      makeSecret: 'Make a secret', newSecret: 'Make a new secret', disconnect: 'Disconnect', shopifySecret: 'Shopify\'s signing secret', saveSecret: 'Save secret',
      wooSteps: ['Make a secret here (the button below) and keep this page open.', 'In WordPress go to WooCommerce → Settings → Advanced → Webhooks → Add webhook.',
        'Name: Shop reviews. Status: Active. Topic: Order updated.', 'Delivery URL: the address below. Secret: the secret below. API version: the newest (WP REST API Integration v3).',
        'Save. WooCommerce sends a test delivery (a ping); it must succeed.'],
      shopifySteps: ['In Shopify go to Settings → Notifications → Webhooks (at the bottom) → Create webhook.',
        'Event: Order fulfillment. Format: JSON. URL: the address below. Webhook API version: the newest. Save.',
        'Shopify shows "Your webhooks will be signed with" and a key under the list: copy that key into the field below and save it.',
        'Test orders (Shopify\'s "Send test notification" and the Bogus Gateway) are answered but never invite anyone.']
    },
    nl: {
      title: 'Dashboard', signIn: 'Inloggen', email: 'E-mailadres', password: 'Wachtwoord', newPassword: 'Nieuw wachtwoord (minstens 12 tekens)',
      code: 'Code uit je authenticator-app (als aangezet)', signOut: 'Uitloggen', language: 'Taal', webshop: 'Webwinkel',
      forgot: 'Wachtwoord vergeten?', sendLink: 'Stuur me een link', back: 'Terug naar inloggen', setPassword: 'Wachtwoord instellen',
      overview: 'Overzicht', reviews: 'Reviews', invitations: 'Uitnodigingen', integration: 'Integratie', connect: 'Winkel koppelen', webhooks: 'Webhooks', settings: 'Instellingen',
      average: 'Gemiddelde', amount: 'Reviews', subRatings: 'Deelscores', shippingtime: 'Levertijd', customerservice: 'Klantenservice',
      pricequality: 'Prijs/kwaliteit', aftersale: 'Na aankoop', byWeek: 'Weken', byMonth: 'Maanden', ratingsOverTime: 'Scores door de tijd',
      outcomes: 'Resultaat van uitnodigingen', sent: 'Verstuurd', opened: 'Link geopend', reviewed: 'Review geschreven', opted_out: 'Afgemeld', failed: 'Mislukt',
      none: 'Niets te tonen.', search: 'Zoeken', text: 'Tekst of naam', rating: 'Score', any: 'Alle', verified: 'Geverifieerd', replied: 'Beantwoord',
      yes: 'Ja', no: 'Nee', from: 'Van', to: 'Tot', filter: 'Filteren', more: 'Meer tonen', date: 'Datum', reviewer: 'Reviewer', review: 'Review',
      reply: 'Reactie', notify: 'Mail de reviewer', sendReply: 'Reactie plaatsen', report: 'Vraag de beheerder naar deze review te kijken',
      reason: 'Reden (verplicht)', sendReport: 'Naar de beheerder sturen', reported: 'Gemeld', hidden: 'Verborgen', quarantine: 'In quarantaine',
      status: 'Status', order: 'Bestelling', name: 'Naam', delay: 'Vertraging (dagen)', products: 'Producten', add: 'Uitnodiging toevoegen',
      csv: 'CSV met bestellingen uploaden', csvHelp: 'Kolommen: email, order, name, language, delay, products (products als sku|naam;sku|naam). Eerste rij: de kolomnamen.',
      file: 'CSV-bestand', check: 'Bestand controleren', importRows: 'Geldige rijen toevoegen', preview: 'Voorbeeld', line: 'Regel', message: 'Melding',
      progress: 'Voortgang', download: 'Resultaat downloaden', valid: 'geldig', invalid: 'met fouten', added: 'toegevoegd',
      id: 'Webwinkel-id', publicCode: 'Publieke code', apiCode: 'API-code', apiCodeHidden: 'Alleen eenmalig zichtbaar, na het maken van een nieuwe. Bewaar hem op je server.',
      rotate: 'Nieuwe API-code maken', rotateConfirm: 'Typ "rotate" om te bevestigen: de huidige code werkt dan nergens meer.',
      shownOnce: 'Je nieuwe API-code, alleen nu zichtbaar. Kopieer hem:', sidebar: 'Zijbalk en tooltips', sidebarHelp: 'Plak voor </body> op elke pagina. De opgeslagen instellingen gelden waar het fragment geen variabele zet; het fragment schrijft alleen wat daarvan afwijkt.', saveSidebar: 'Opslaan als zijbalkinstellingen van deze winkel',
      popup: 'Toestemmingspop-up op de bedankpagina', popupHelp: 'Samen met het zijbalkscript op de bedankpagina; vul de gegevens van de bestelling in.',
      widget: 'Widget', layout: 'Indeling', theme: 'Thema', color: 'Kleur', show: 'Reviews tonen', view: 'Weergave', width: 'Breedte', widthAmount: 'Breedtemaat',
      height: 'Hoogte (px)', interval: 'Interval (ms)', light: 'licht', dark: 'donker', slider: 'slider', list: 'lijst', auto: 'automatisch', manual: 'handmatig',
      snippet: 'Code om te plakken', copy: 'Kopiëren', copied: 'Gekopieerd.', position: 'Positie', left: 'links', right: 'rechts',
      subscriptions: 'Abonnementen', url: 'Adres (https)', topic: 'Gebeurtenis', subscribe: 'Abonneren', unsubscribe: 'Opzeggen',
      secretOnce: 'Geheim voor de X-Hash-handtekening, alleen nu zichtbaar:', deliveries: 'Afleveringen', attempts: 'Pogingen', response: 'Antwoord',
      redeliver: 'Opnieuw afleveren', testEvent: 'Testgebeurtenis sturen', created: 'Gemaakt', languages: 'Talen', saveLanguages: 'Talen opslaan',
      replyAccess: 'Reageren op reviews', granted: 'toegestaan', notGranted: 'niet toegestaan (vraag de beheerder)', secondFactor: 'Tweede factor (TOTP)',
      turnOn: 'Aanzetten', confirmCode: 'Code uit de app', confirm: 'Bevestigen', totpSecret: 'Laad dit geheim in je authenticator-app:',
      currentPassword: 'Huidig wachtwoord', currentCode: 'Huidige code (als de tweede factor aan staat)', turnOff: 'Uitzetten',
      totpHelp: 'Voor aanzetten, vervangen of uitzetten van de tweede factor zijn je huidige wachtwoord en, als hij aan staat, een huidige code nodig.',
      sessionsTitle: 'Aangemelde sessies', sessionsHelp: 'Waar je account nu is aangemeld. Een sessie beëindigen meldt die browser af; je andere sessies blijven werken.',
      sessionClient: 'Browser', sessionOpened: 'Aangemeld', sessionExpires: 'Verloopt', sessionThis: 'deze browser', sessionEnd: 'Sessie beëindigen',
      sessionEndLabel: 'Sessie beëindigen van {client}, aangemeld {when}', sessionAction: 'Actie',
      active: 'actief', deactivated: 'gedeactiveerd door de beheerder', signedInAs: 'Ingelogd als', done: 'Klaar.', previous: 'Vorige', next: 'Volgende',
      defaults: 'Standaarden voor uitnodigingen', senderName: 'Naam afzender', save: 'Opslaan', reminderDays: 'Herinnering na (dagen, 0 = geen)', replyTo: 'Antwoordadres',
      mailTexts: 'E-mailteksten', mailKind: 'E-mail', invitationMail: 'Uitnodiging', reminderMail: 'Herinnering', mailLanguage: 'Taal',
      subject: 'Onderwerp', htmlPart: 'HTML-deel', textPart: 'Tekstdeel', builtIn: 'Standaardtekst gebruiken', ownText: 'eigen tekst',
      builtInText: 'standaardtekst', variables: 'Variabelen:', noShop: 'Je account beheert nog geen webwinkel.', shopDefault: 'standaard van de winkel', period: 'Periode', figures: 'cijfers',
      exportTitle: 'Neem je reviews mee', exportJson: 'Alle reviews downloaden (JSON)', exportCsv: 'Alle reviews downloaden (CSV)',
      exportHint: 'Elke review die niet verwijderd is, in de vorm van ratings.json van de API; de CSV opent in een spreadsheet.',
      importedFrom: 'Geïmporteerd van {source}', importTitle: 'Reviews importeren van een andere aanbieder', importSource: 'Bron (de naam van de aanbieder)',
      importHelp: 'Een CSV-bestand met de kolomnamen in de eerste rij. Verplicht: source_review_id, created (JJJJ-MM-DD), name, language, rating (1-5); optioneel: email, country, shippingtime, customerservice, pricequality, aftersale, comment, verified_purchase. Geïmporteerde reviews worden meteen gepubliceerd, met hun bron erbij en nooit als geverifieerd; hetzelfde bestand nog eens importeren voegt niets toe.',
      importLimits: 'Eén import neemt hoogstens 500 reviews en 1 MB: een groter bestand wordt in delen gecontroleerd en geïmporteerd.',
      importRun: 'Reviews importeren', wouldImport: '{n} reviews worden geïmporteerd van {source}.', importedCount: '{n} reviews geïmporteerd van {source}.',
      alreadyImported: 'Eerder geïmporteerd, overgeslagen:', rowErrors: 'Er is niets geïmporteerd. Verbeter het bestand en controleer het opnieuw:',
      partFailed: 'Deel {part} van {parts} is niet geïmporteerd; de delen ervoor wel. Het bestand opnieuw importeren slaat de reviews over die er al zijn.',
      parts: '{parts} delen',
      connectIntro: 'WooCommerce en Shopify kunnen hun bestellingen zelf hierheen sturen, zonder plug-in: elke afgeronde (WooCommerce) of verzonden (Shopify) bestelling wordt een uitnodiging, met je standaardvertraging, één keer per bestelling.',
      woocommerce: 'WooCommerce', shopify: 'Shopify', deliveryUrl: 'Bezorg-URL', secret: 'Geheim', notConnected: 'Niet gekoppeld.',
      connectedSince: 'Gekoppeld, geheim gewijzigd {when}.', lastDelivery: 'Laatste levering: {when}.', noDelivery: 'Nog geen levering ontvangen.',
      makeSecret: 'Geheim maken', newSecret: 'Nieuw geheim maken', disconnect: 'Ontkoppelen', shopifySecret: 'Ondertekeningsgeheim van Shopify', saveSecret: 'Geheim opslaan',
      wooSteps: ['Maak hier een geheim (de knop hieronder) en laat deze pagina open.', 'Ga in WordPress naar WooCommerce → Instellingen → Geavanceerd → Webhooks → Webhook toevoegen.',
        'Naam: Shop reviews. Status: Actief. Onderwerp: Bestelling bijgewerkt.', 'Bezorg-URL: het adres hieronder. Geheim: het geheim hieronder. API-versie: de nieuwste (WP REST API Integration v3).',
        'Opslaan. WooCommerce stuurt een testlevering (een ping); die moet lukken.'],
      shopifySteps: ['Ga in Shopify naar Instellingen → Meldingen → Webhooks (onderaan) → Webhook maken.',
        'Gebeurtenis: Orderafhandeling. Indeling: JSON. URL: het adres hieronder. Webhook-API-versie: de nieuwste. Opslaan.',
        'Shopify toont "Je webhooks worden ondertekend met" en een sleutel onder de lijst: kopieer die sleutel naar het veld hieronder en sla hem op.',
        'Testbestellingen ("Testmelding verzenden" van Shopify en de Bogus Gateway) worden beantwoord maar nodigen niemand uit.']
    }
  };
  var LANGUAGE_CODES = ['nl', 'en', 'de', 'fr', 'es', 'it'];
  var lang = pickLanguage();
  var me = null;
  var shop = null;
  var main = document.getElementById('main');

  function pickLanguage() {
    var asked = new URLSearchParams(location.search).get('lang') || localStorage.getItem('sr-dashboard-lang')
      || (navigator.language || 'en').slice(0, 2);
    return T[asked] ? asked : 'en';
  }
  function t(key) { return T[lang][key] || T.en[key] || key; }
  /** A text with its {name} places filled in (as text: the values come from files and the API). */
  function tf(key, values) { return t(key).replace(/\{(\w+)\}/g, function (m, name) { return values[name] == null ? m : String(values[name]); }); }

  var P = window.SrPages;
  var el = P.el, say = P.say, tag = P.tag;
  function svg(tag, attrs) {
    var node = document.createElementNS('http://www.w3.org/2000/svg', tag);
    Object.keys(attrs || {}).forEach(function (k) { if (k === 'text') node.textContent = attrs[k]; else node.setAttribute(k, attrs[k]); });
    return node;
  }
  function field(id, label, input) { input.id = id; return el('div', {}, el('label', { 'for': id, text: label }), input); }
  function select(values, chosen, labels) {
    return el('select', {}, values.map(function (v, i) {
      return el('option', { value: v, selected: v === chosen, text: labels ? labels[i] : v });
    }));
  }
  // A 401 outside the account's own calls means the session ended: back to the sign-in form.
  var request = P.client('/dashboard/api/', 'X-Dashboard-Request', function (path) {
    if (path.indexOf('partner/account/') !== 0) showSignIn();
  });
  function api(method, path, body) { return request(method, path, body); }
  function shopPath(service, rest) { return service + '/webshops/' + shop + (rest || ''); }
  function act(method, path, body, then) {
    return api(method, path, body).then(function (json) { say(json.message || t('done')); if (then) then(json); })
      .catch(function (e) { say(e.message); });
  }
  function table(caption, headings, rows, rowClass) { return P.table(caption, headings, rows, t('none'), rowClass); }
  function when(iso) { return P.when(iso, lang); }
  function day(iso) { return iso ? new Date(iso).toLocaleDateString(lang) : ''; }
  function stars(n) { return el('span', { 'class': 'stars', 'aria-label': n + '/5' }, '★★★★★'.slice(0, n) + '☆☆☆☆☆'.slice(0, 5 - n)); }
  function page(titleKey) {
    main.replaceChildren(el('h1', { text: t(titleKey) }));
    document.title = t(titleKey) + ' · ' + t('title');
    return main;
  }
  function copyBox(id, label, value) {
    var area = el('textarea', { id: id, 'class': 'code', readonly: true, rows: String(Math.min(14, value.split('\n').length + 1)) });
    area.value = value;
    return el('div', {}, el('label', { 'for': id, text: label }), area,
      el('button', { type: 'button', 'class': 'secondary', text: t('copy'), onclick: function () {
        area.select();
        (navigator.clipboard ? navigator.clipboard.writeText(value) : Promise.reject()).then(function () { say(t('copied')); })
          .catch(function () { document.execCommand('copy'); say(t('copied')); });
      } }));
  }

  // --- signing in, passwords -----------------------------------------------------------------------------------
  function signedOutChrome() {
    me = null;
    ['nav', 'sign-out', 'shop', 'shop-label'].forEach(function (id) { document.getElementById(id).hidden = true; });
    document.getElementById('me').textContent = '';
  }

  function showSignIn(message, email) {
    signedOutChrome();
    var form = el('form', { 'class': 'card signin', novalidate: true },
      el('h1', { text: t('signIn') }),
      message ? el('p', { 'class': 'error', role: 'alert', text: message }) : null,
      el('label', { 'for': 'f-email', text: t('email') }),
      el('input', { id: 'f-email', name: 'email', type: 'email', autocomplete: 'username', required: true, value: email || '' }),
      el('label', { 'for': 'f-password', text: t('password') }),
      el('input', { id: 'f-password', name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
      el('label', { 'for': 'f-code', text: t('code') }),
      el('input', { id: 'f-code', name: 'code', inputmode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}', maxlength: '6' }),
      el('button', { type: 'submit', text: t('signIn') }),
      el('p', {}, el('a', { href: '#reset', text: t('forgot') })));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      api('POST', 'partner/account/session', { email: form.email.value, password: form.password.value, code: form.code.value || null })
        .then(function () { history.replaceState(null, '', location.pathname + location.search + '#overview'); return start(); })
        .catch(function (e) { showSignIn(e.message, form.email.value); });
    });
    main.replaceChildren(form);
    (email ? form.password : form.email).focus();
  }

  function showReset() {
    signedOutChrome();
    var form = el('form', { 'class': 'card signin', novalidate: true }, el('h1', { text: t('forgot') }),
      el('label', { 'for': 'r-email', text: t('email') }),
      el('input', { id: 'r-email', name: 'email', type: 'email', autocomplete: 'username', required: true }),
      el('button', { type: 'submit', text: t('sendLink') }), el('p', {}, el('a', { href: '#', text: t('back') })));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      act('POST', 'partner/account/password-reset', { email: form.email.value });
    });
    main.replaceChildren(form);
    form.email.focus();
  }

  function showSetPassword(token) {
    signedOutChrome();
    // The token leaves the address bar at once: it is not kept in history or shown over a shoulder.
    history.replaceState(null, '', location.pathname + location.search + '#set-password');
    var form = el('form', { 'class': 'card signin', novalidate: true }, el('h1', { text: t('setPassword') }),
      el('label', { 'for': 'p-password', text: t('newPassword') }),
      el('input', { id: 'p-password', name: 'password', type: 'password', autocomplete: 'new-password', required: true, minlength: '12' }),
      el('button', { type: 'submit', text: t('setPassword') }));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      api('POST', 'partner/account/password', { token: token, password: form.password.value })
        .then(function (json) { history.replaceState(null, '', location.pathname + location.search); showSignIn(); say(json.message); })
        .catch(function (e) { say(e.message); var p = form.querySelector('.error') || el('p', { 'class': 'error', role: 'alert' }); p.textContent = e.message; form.insertBefore(p, form.children[1]); });
    });
    main.replaceChildren(form);
    form.password.focus();
  }

  function start() {
    return api('GET', 'partner/account/session').then(function (json) {
      me = json.data;
      document.getElementById('me').textContent = t('signedInAs') + ' ' + me.email;
      document.getElementById('sign-out').hidden = false;
      var picker = document.getElementById('shop');
      var remembered = Number(sessionStorage.getItem('sr-dashboard-shop'));
      shop = me.webshops.some(function (s) { return s.id === remembered; }) ? remembered : (me.webshops[0] || {}).id;
      picker.replaceChildren.apply(picker, me.webshops.map(function (s) {
        return el('option', { value: String(s.id), selected: s.id === shop, text: s.name + ' (' + s.id + ')' });
      }));
      picker.hidden = document.getElementById('shop-label').hidden = me.webshops.length < 2;
      route();
    }).catch(function (e) { if (e.status !== 401) say(e.message); showSignIn(); });
  }

  function drawNav(current) {
    var nav = document.getElementById('nav');
    nav.replaceChildren(el('ul', {}, VIEWS.map(function (v) {
      return el('li', {}, el('a', { href: '#' + v, 'aria-current': v === current ? 'page' : false, text: t(v) }));
    })));
    nav.hidden = false;
  }

  function route() {
    var hash = location.hash.slice(1);
    if (hash.indexOf('password=') === 0) { showSetPassword(decodeURIComponent(hash.slice('password='.length))); return; }
    if (hash === 'reset') { showReset(); return; }
    if (!me) { start(); return; }
    if (!shop) { page('title').append(el('p', { text: t('noShop') })); return; }
    var view = VIEWS.indexOf(hash) >= 0 ? hash : 'overview';
    drawNav(view);
    ({ overview: overview, reviews: reviews, invitations: invitations, integration: integration, connect: connect,
      webhooks: webhooks, settings: settings })[view]();
    main.focus();
  }

  // --- overview ------------------------------------------------------------------------------------------------
  function overview(by) {
    by = by || 'month';
    var root = page('overview');
    var switcher = el('div', { 'class': 'actions', role: 'group', 'aria-label': t('ratingsOverTime') },
      ['week', 'month'].map(function (b) {
        return el('button', { type: 'button', 'class': b === by ? '' : 'secondary', 'aria-pressed': String(b === by),
          text: t(b === 'week' ? 'byWeek' : 'byMonth'), onclick: function () { overview(b); } });
      }));
    var figures = el('div', {}), ratingChart = el('div', {}), outcomeChart = el('div', {});
    root.append(figures, el('h2', { text: t('ratingsOverTime') }), switcher, ratingChart, el('h2', { text: t('outcomes') }), outcomeChart);
    api('GET', shopPath('ratings', '/overview?by=' + by)).then(function (json) {
      var d = json.data || json;
      var subs = d.sub_ratings || {};
      figures.replaceChildren(el('div', { 'class': 'grid' },
        card(t('average'), d.average == null ? '–' : Number(d.average).toFixed(1) + ' / 5'),
        card(t('amount'), String(d.amount || 0)),
        ['shippingtime', 'customerservice', 'pricequality', 'aftersale'].map(function (k) {
          return card(t(k), subs[k] == null ? '–' : Number(subs[k]).toFixed(1));
        })));
      ratingChart.replaceChildren(barChart(t('ratingsOverTime'), d.series || [], [{ key: 'amount', label: t('amount'), color: '#0b57d0' }],
        function (p) { return p.average == null ? '' : Number(p.average).toFixed(1); }));
    }).catch(function (e) { figures.replaceChildren(el('p', { 'class': 'error', text: e.message })); });
    // invitations-service counts what became of the invitations of each period; embed-service, which serves the
    // review form, counts the links opened (by the period the link was mailed): merged by period.
    Promise.all([api('GET', shopPath('invitations', '/invitations/outcomes?by=' + by)),
      api('GET', shopPath('embed', '/link-opens?by=' + by)).catch(function () { return { series: [] }; })]).then(function (answers) {
      var opened = {};
      (answers[1].series || []).forEach(function (p) { opened[p.period] = p.opened; });
      var series = (answers[0].series || []).map(function (p) { return Object.assign({}, p, { opened: opened[p.period] || 0 }); });
      var colors = { sent: '#0b57d0', opened: '#5b6b00', reviewed: '#0d652d', opted_out: '#8a5a00', failed: '#b3261e' };
      outcomeChart.replaceChildren(barChart(t('outcomes'), series, Object.keys(colors).map(function (k) {
        return { key: k, label: t(k), color: colors[k] };
      })));
    }).catch(function (e) { outcomeChart.replaceChildren(el('p', { 'class': 'error', text: e.message })); });
  }
  function card(label, value) { return el('div', { 'class': 'card' }, el('p', { 'class': 'muted', text: label }), el('p', { 'class': 'figure', text: value })); }

  /** Grouped bars per period, drawn as SVG, with a legend and a table of the same figures for screen readers. */
  function barChart(title, series, bars, note) {
    var width = 760, height = 220, left = 34, bottom = 34, top = 14;
    // at least 2, even: the three grid lines (0, half, max) are then whole numbers
    var max = Math.max(2, Math.max.apply(null, series.map(function (p) {
      return Math.max.apply(null, bars.map(function (b) { return p[b.key] || 0; }));
    })));
    max += max % 2;
    var chart = svg('svg', { 'class': 'chart', viewBox: '0 0 ' + width + ' ' + height, role: 'img', 'aria-label': title });
    chart.appendChild(svg('title', { text: title }));
    var slot = (width - left - 8) / Math.max(1, series.length);
    var barWidth = Math.max(2, (slot - 4) / bars.length);
    [0, 0.5, 1].forEach(function (f) {
      var y = top + (height - top - bottom) * (1 - f);
      chart.appendChild(svg('line', { x1: left, x2: width - 4, y1: y, y2: y, stroke: '#dde1e7' }));
      chart.appendChild(svg('text', { x: 2, y: y + 4, text: String(Math.round(max * f)) }));
    });
    series.forEach(function (p, i) {
      bars.forEach(function (b, j) {
        var value = p[b.key] || 0;
        var h = (height - top - bottom) * value / max;
        chart.appendChild(svg('rect', { x: left + i * slot + 2 + j * barWidth, y: height - bottom - h, width: barWidth - 1, height: h, fill: b.color }));
      });
      if (series.length <= 13 || i % 2 === 0) {
        chart.appendChild(svg('text', { x: left + i * slot + 2, y: height - bottom + 14, text: String(p.period).slice(2, 10) }));
      }
      var extra = note ? note(p) : '';
      if (extra) chart.appendChild(svg('text', { x: left + i * slot + 2, y: height - 4, text: extra }));
    });
    var legend = el('ul', { 'class': 'legend' }, bars.map(function (b) {
      return el('li', {}, el('span', { style: 'background:' + b.color }), b.label);
    }));
    var figures = el('details', {}, el('summary', { text: title + ' (' + t('figures') + ')' }),
      table(title, [t('period')].concat(bars.map(function (b) { return b.label; })), series.map(function (p) {
        return [String(p.period)].concat(bars.map(function (b) { return String(p[b.key] || 0); }));
      })));
    return el('div', {}, chart, legend, figures);
  }

  // --- reviews -------------------------------------------------------------------------------------------------
  /** Every review of the shop as a download (ratings GET …/export): plain links, the session cookie goes along. */
  function reviewExport() {
    var base = '/dashboard/api/' + shopPath('ratings', '/export?format=');
    return el('section', { 'aria-labelledby': 'rv-export-title' },
      el('h2', { id: 'rv-export-title', text: t('exportTitle') }),
      el('p', { 'class': 'muted', text: t('exportHint') }),
      el('p', {},
        el('a', { href: base + 'json', download: '', text: t('exportJson') }), ' ',
        el('a', { href: base + 'csv', download: '', text: t('exportCsv') })));
  }

  function reviews() {
    var root = page('reviews');
    var form = el('form', { 'class': 'inline', role: 'search' },
      field('rv-q', t('text'), el('input', { type: 'search', name: 'q' })),
      field('rv-rating', t('rating'), select(['', '1', '2', '3', '4', '5'], '', [t('any'), '1', '2', '3', '4', '5'])),
      field('rv-verified', t('verified'), select(['', 'true', 'false'], '', [t('any'), t('yes'), t('no')])),
      field('rv-replied', t('replied'), select(['', 'true', 'false'], '', [t('any'), t('yes'), t('no')])),
      field('rv-language', t('language'), select([''].concat(LANGUAGE_CODES), '', [t('any')].concat(LANGUAGE_CODES))),
      field('rv-from', t('from'), el('input', { type: 'date' })),
      field('rv-to', t('to'), el('input', { type: 'date' })),
      el('button', { type: 'submit', text: t('filter') }));
    var list = el('div', {});
    var more = el('button', { type: 'button', 'class': 'secondary', hidden: true, text: t('more') });
    root.append(form, reviewImport(function () { load(null); }), reviewExport(), list, more);
    var next = null;
    function query(after) {
      var params = new URLSearchParams();
      [['q', 'rv-q'], ['rating', 'rv-rating'], ['verified', 'rv-verified'], ['replied', 'rv-replied'], ['language', 'rv-language'],
        ['from', 'rv-from'], ['to', 'rv-to']].forEach(function (pair) {
        var value = document.getElementById(pair[1]).value.trim();
        if (value) params.set(pair[0], value);
      });
      if (after) params.set('after', after);
      return params.toString();
    }
    var newest = P.latestOnly();
    function load(after) {
      newest(api('GET', shopPath('ratings', '/reviews?' + query(after)))).then(function (json) {
        var d = json.data || json;
        if (!after) list.replaceChildren(el('p', { 'class': 'muted', text: (d.total == null ? '' : d.total + ' ' + t('reviews').toLowerCase()) }));
        (d.items || []).forEach(function (r) { list.appendChild(reviewCard(r)); });
        next = d.next || null;
        more.hidden = !next;
      }).catch(function (e) { say(e.message); });
    }
    form.addEventListener('submit', function (event) { event.preventDefault(); load(null); });
    more.addEventListener('click', function () { load(next); });
    load(null);
  }

  function reviewCard(r) {
    var id = r.id;
    // An imported review is labelled with its source and never shown as verified: we did not collect it.
    var state = [r.import_source ? el('span', { 'class': 'tag imported', text: tf('importedFrom', { source: r.import_source }) }) : null,
      r.verified && !r.import_source ? tag(true, t('verified'), '') : null, r.reported ? tag(false, '', t('reported')) : null,
      r.hidden || r.hidden_reason ? tag(false, '', t('hidden')) : null, r.quarantine ? tag(false, '', t('quarantine')) : null];
    var reply = el('textarea', { id: 'reply-' + id, rows: '3', maxlength: '5000' });
    var notify = el('input', { id: 'notify-' + id, type: 'checkbox' });
    var reason = el('textarea', { id: 'reason-' + id, rows: '2', maxlength: '1000' });
    return el('article', { 'class': 'card', 'aria-labelledby': 'rv-title-' + id },
      el('h2', { id: 'rv-title-' + id }, stars(r.rating), ' ', r.name || '', ' · ', day(r.created)),
      el('p', {}, state, ' ', el('span', { 'class': 'muted', text: (r.language || '') + ' #' + id })),
      el('p', { text: r.comment || '' }),
      r.reply ? el('blockquote', {}, el('strong', { text: t('reply') + ': ' }), r.reply) : null,
      el('details', {}, el('summary', { text: t('reply') }),
        el('form', { onsubmit: function (event) {
          event.preventDefault();
          act('POST', shopPath('ratings', '/reviews/' + id + '/reply'), { reply: reply.value, notify: notify.checked });
        } }, el('label', { 'for': 'reply-' + id, text: t('reply') }), reply,
          el('p', {}, notify, ' ', el('label', { 'for': 'notify-' + id, style: 'display:inline', text: t('notify') })),
          el('button', { type: 'submit', text: t('sendReply') + ' ' + id }))),
      r.reported ? null : el('details', {}, el('summary', { text: t('report') }),
        el('form', { onsubmit: function (event) {
          event.preventDefault();
          act('POST', shopPath('ratings', '/reviews/' + id + '/report'), { reason: reason.value });
        } }, el('label', { 'for': 'reason-' + id, text: t('reason') }), reason,
          el('button', { type: 'submit', 'class': 'secondary', text: t('sendReport') + ' ' + id }))));
  }

  // --- review import ---------------------------------------------------------------------------------------------
  var IMPORT_ROWS = 500;              // ImportRequest.MAX_ROWS: reviews per import
  var IMPORT_BYTES = 900 * 1024;      // under the services' 1 MB body limit, with room for the header row

  /**
   * Reviews from another provider as CSV (ratings POST …/imports): a dry run of every part first (counts, reviews
   * imported before, each row's problem), then the import. A file over one import's limits is cut into parts at
   * record boundaries, each with the header row; "row N" in the service's messages is renumbered to the file's rows.
   */
  function reviewImport(whenDone) {
    var source = el('input', { name: 'source', required: true, maxlength: '64', pattern: '[A-Za-z0-9 ._\\-]{1,64}', autocomplete: 'off' });
    var file = el('input', { type: 'file', name: 'file', accept: '.csv,text/csv', required: true });
    var checkButton = el('button', { type: 'submit', text: t('check') });
    var importButton = el('button', { type: 'button', hidden: true, text: t('importRun') });
    var bar = el('progress', { id: 'import-progress', max: '1', value: '0', hidden: true });
    var barLabel = el('label', { 'for': 'import-progress', hidden: true, text: t('progress') });
    var output = el('div', { id: 'import-result', 'aria-live': 'polite' });
    var checked = null;  // { source, parts } of the last successful dry run
    var form = el('form', { 'class': 'inline' }, field('import-source', t('importSource'), source), field('import-file', t('file'), file),
      checkButton, importButton);
    function forget() { checked = null; importButton.hidden = true; }
    source.addEventListener('input', forget);
    file.addEventListener('change', forget);
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      forget();
      var name = source.value.trim();
      output.replaceChildren();
      readCsv(file.files[0]).then(function (content) {
        var parts = importParts(content);
        return sendParts(name, parts, true, function () {}).then(function (sum) {
          if (sum.errors.length) {
            output.replaceChildren(el('div', { 'class': 'error', role: 'alert' }, el('p', { text: t('rowErrors') }),
              el('ul', {}, sum.errors.map(function (m) { return el('li', { text: m }); }))));
            return;
          }
          output.replaceChildren(el('p', { text: tf('wouldImport', { n: sum.imported, source: name })
            + (parts.length > 1 ? ' (' + tf('parts', { parts: parts.length }) + ')' : '') }), alreadyList(sum.already));
          if (sum.imported > 0) {
            checked = { source: name, parts: parts };
            importButton.hidden = false;
          }
        });
      }).catch(function (e) { output.replaceChildren(el('p', { 'class': 'error', role: 'alert', text: e.message })); });
    });
    importButton.addEventListener('click', function () {
      if (!checked) return;
      var run = checked;
      forget();
      bar.max = String(run.parts.length); bar.value = 0; bar.hidden = barLabel.hidden = run.parts.length < 2;
      output.replaceChildren();
      sendParts(run.source, run.parts, false, function (done) { bar.value = done; }).then(function (sum) {
        var failed = sum.errors.length ? el('div', { 'class': 'error', role: 'alert' },
          el('p', { text: tf('partFailed', { part: sum.failedPart, parts: run.parts.length }) }),
          el('ul', {}, sum.errors.map(function (m) { return el('li', { text: m }); }))) : null;
        output.replaceChildren(el('p', { text: tf('importedCount', { n: sum.imported, source: run.source }) }), alreadyList(sum.already), failed);
        whenDone();
      }).catch(function (e) { output.replaceChildren(el('p', { 'class': 'error', role: 'alert', text: e.message })); });
    });
    return el('details', { 'class': 'card', id: 'review-import' }, el('summary', { text: t('importTitle') }),
      el('p', { 'class': 'muted', text: t('importHelp') }), el('p', { 'class': 'muted', text: t('importLimits') }),
      form, barLabel, bar, output);
  }
  function alreadyList(ids) {
    return ids.length ? el('p', {}, el('strong', { text: t('alreadyImported') + ' ' }), ids.join(', ')) : null;
  }

  /**
   * Sends each part in turn; answers { imported, already, errors, failedPart }. A dry run checks every part (the same
   * header problem in each is reported once); an import stops at the first part refused.
   */
  function sendParts(sourceName, parts, dryRun, progress) {
    var sum = { imported: 0, already: [], errors: [], failedPart: 0 };
    return parts.reduce(function (chain, part, index) {
      return chain.then(function () {
        if (!dryRun && sum.errors.length) return null;
        var path = shopPath('ratings', '/imports?source=' + encodeURIComponent(sourceName) + '&dry_run=' + dryRun);
        return request('POST', path, part.body, 'text/csv').then(function (json) {
          var d = json.data || json;
          sum.imported += d.imported || 0;
          sum.already = sum.already.concat(d.already_imported || []);
          progress(index + 1);
        }, function (e) {
          if (e.status === 401) throw e;
          sum.failedPart = sum.failedPart || index + 1;
          rowProblems(e.message, part.offset).forEach(function (m) { if (sum.errors.indexOf(m) < 0) sum.errors.push(m); });
        });
      });
    }, Promise.resolve()).then(function () { return sum; });
  }

  /** "Invalid reviews, nothing was imported: row 2: …; row 5: …." as one line per row, numbered as in the file. */
  function rowProblems(message, offset) {
    var text = String(message || '').replace(/\brow (\d+)(?=:| has)/g, function (m, n) { return 'row ' + (Number(n) + offset); });
    var prefix = 'Invalid reviews, nothing was imported: ';
    if (text.indexOf(prefix) !== 0) return [text];
    return text.slice(prefix.length).replace(/\.$/, '').split(/; (?=row \d+|and \d+ more rows)/);
  }

  /**
   * The file cut into parts of at most IMPORT_ROWS records and IMPORT_BYTES, each { body, offset } with the header
   * row first; offset = the data rows in the parts before. Records as the service reads them (RFC 4180: a quoted
   * field may hold separators and line breaks; CR, LF or CRLF end a record; blank lines are skipped).
   */
  function importParts(content) {
    var text = content.charAt(0) === '\uFEFF' ? content.slice(1) : content;
    var firstLine = text.split(/\r\n|\r|\n/, 1)[0];
    var separator = firstLine.indexOf(';') >= 0 && firstLine.indexOf(',') < 0 ? ';' : ',';
    var records = [], start = 0, quoted = false, fieldLength = 0;
    for (var i = 0; i < text.length; i++) {
      var c = text.charAt(i);
      if (quoted) {
        if (c === '"' && text.charAt(i + 1) === '"') { i++; fieldLength++; } else if (c === '"') quoted = false; else fieldLength++;
      } else if (c === '"' && fieldLength === 0) {
        quoted = true;
      } else if (c === separator) {
        fieldLength = 0;
      } else if (c === '\n' || c === '\r') {
        if (i > start) records.push(text.slice(start, i));
        if (c === '\r' && text.charAt(i + 1) === '\n') i++;
        start = i + 1; fieldLength = 0;
      } else {
        fieldLength++;
      }
    }
    if (start < text.length) records.push(text.slice(start));
    if (records.length < 2) return [{ body: content, offset: 0 }];
    var header = records[0], encoder = new TextEncoder();
    var headerBytes = encoder.encode(header).length + 1;
    var parts = [], current = [], bytes = headerBytes, offset = 0;
    records.slice(1).forEach(function (record) {
      var size = encoder.encode(record).length + 1;
      if (current.length && (current.length === IMPORT_ROWS || bytes + size > IMPORT_BYTES)) {
        parts.push({ body: header + '\n' + current.join('\n') + '\n', offset: offset });
        offset += current.length; current = []; bytes = headerBytes;
      }
      current.push(record); bytes += size;
    });
    parts.push({ body: header + '\n' + current.join('\n') + '\n', offset: offset });
    return parts;
  }

  // --- invitations ---------------------------------------------------------------------------------------------
  function invitations() {
    var root = page('invitations');
    var addForm = el('form', { 'class': 'inline' },
      field('in-email', t('email'), el('input', { type: 'email', name: 'email', required: true })),
      field('in-order', t('order'), el('input', { name: 'order', required: true, maxlength: '100' })),
      field('in-name', t('name'), el('input', { name: 'customer_name', maxlength: '200' })),
      field('in-language', t('language'), select(LANGUAGE_CODES, 'en')),
      field('in-delay', t('delay'), el('input', { type: 'number', name: 'delay', min: '0', max: '90', value: '3' })),
      el('button', { type: 'submit', text: t('add') }));
    addForm.addEventListener('submit', function (event) {
      event.preventDefault();
      act('POST', shopPath('invitations', '/invitations'), { email: val('in-email'), order: val('in-order'),
        customer_name: val('in-name'), language: val('in-language'), delay: Number(val('in-delay')) }, function () { loadList(null); });
    });
    var list = el('div', {});
    var more = el('button', { type: 'button', 'class': 'secondary', hidden: true, text: t('more') });
    root.append(addForm, el('h2', { text: t('csv') }), csvUpload(function () { loadList(null); }), list, more);
    var next = null;
    var newest = P.latestOnly();
    function loadList(after) {
      newest(api('GET', shopPath('invitations', '/invitations' + (after ? '?after=' + encodeURIComponent(after) : '')))).then(function (json) {
        var d = json.data || json;
        var rows = (d.items || []).map(function (i) {
          return [i.email || '', i.order || '', i.customer_name || '', tag(i.status !== 'failed', i.status, i.status),
            i.failure_reason || '', when(i.send_at || i.created)];
        });
        var tableNode = table(t('invitations'), [t('email'), t('order'), t('name'), t('status'), t('message'), t('date')], rows);
        if (after) { var body = list.querySelector('tbody'); if (body && tableNode.querySelector('tbody')) body.append.apply(body, Array.from(tableNode.querySelector('tbody').children)); }
        else list.replaceChildren(tableNode);
        next = d.next || null;
        more.hidden = !next;
      }).catch(function (e) { say(e.message); });
    }
    more.addEventListener('click', function () { loadList(next); });
    loadList(null);
  }
  function val(id) { return document.getElementById(id).value.trim(); }

  /**
   * A CSV file's text as the services read one (common CsvText): UTF-16 with a byte order mark, else UTF-8, else
   * Windows-1252 (Excel's CSV in Western Europe), so a spreadsheet's accented names arrive intact.
   */
  function readCsv(file) {
    return file.arrayBuffer().then(function (buffer) {
      var bytes = new Uint8Array(buffer);
      if (bytes.length >= 2 && ((bytes[0] === 0xFF && bytes[1] === 0xFE) || (bytes[0] === 0xFE && bytes[1] === 0xFF))) {
        return new TextDecoder(bytes[0] === 0xFF ? 'utf-16le' : 'utf-16be').decode(bytes);
      }
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch (notUtf8) {
        return new TextDecoder('windows-1252').decode(bytes);
      }
    });
  }

  /** CSV of orders: checked first (nothing stored), then the valid rows added in batches with a progress bar. */
  function csvUpload(whenDone) {
    var file = el('input', { type: 'file', accept: '.csv,text/csv' });
    var checkButton = el('button', { type: 'button', text: t('check') });
    var importButton = el('button', { type: 'button', hidden: true, text: t('importRows') });
    var bar = el('progress', { id: 'csv-progress', max: '1', value: '0', hidden: true });
    var barLabel = el('label', { 'for': 'csv-progress', hidden: true, text: t('progress') });
    var output = el('div', { 'aria-live': 'polite' });
    var text = null;
    var starts = [];  // the line each record starts on (from the check): batches end at record boundaries
    checkButton.addEventListener('click', function () {
      if (!file.files.length) { say(t('file')); return; }
      readCsv(file.files[0]).then(function (content) {
        text = content;
        return request('POST', shopPath('invitations', '/invitations/csv?dry_run=true'), content, 'text/csv');
      }).then(function (json) {
        var d = json.data || json;
        starts = (d.rows || []).map(function (r) { return r.line; });
        output.replaceChildren(resultTable(t('preview'), d.rows || []),
          el('p', { text: (d.valid || 0) + ' ' + t('valid') + ', ' + (d.invalid || 0) + ' ' + t('invalid') }));
        importButton.hidden = !(d.valid > 0);
      }).catch(function (e) { output.replaceChildren(el('p', { 'class': 'error', role: 'alert', text: e.message })); });
    });
    importButton.addEventListener('click', function () {
      // Lines as the service counts them (CRLF or LF); a quoted field may span lines, so a batch is cut only where a
      // record starts, and each batch repeats the header.
      var lines = text.split(/\r?\n/);
      var header = lines[0];
      var batches = [];
      for (var i = 0; i < starts.length; i += 10) {
        var first = starts[i];
        var end = i + 10 < starts.length ? starts[i + 10] - 1 : lines.length;
        batches.push({ first: first, body: lines.slice(first - 1, end).join('\n') });
      }
      var results = [];
      bar.max = String(batches.length); bar.value = 0; bar.hidden = barLabel.hidden = false; importButton.hidden = true;
      batches.reduce(function (chain, batch, index) {
        return chain.then(function () {
          return request('POST', shopPath('invitations', '/invitations/csv?dry_run=false'), header + '\n' + batch.body + '\n', 'text/csv')
            .then(function (json) {
              var d = json.data || json;
              // a batch's line 2 is the file's line batch.first
              (d.rows || []).forEach(function (r) { r.line = batch.first + (r.line || 2) - 2; results.push(r); });
              bar.value = index + 1;
            });
        });
      }, Promise.resolve()).then(function () {
        var added = results.filter(function (r) { return r.status === 'added'; }).length;
        output.replaceChildren(el('p', { text: added + ' ' + t('added') }), resultTable(t('csv'), results), downloadLink(results));
        whenDone();
      }).catch(function (e) { output.appendChild(el('p', { 'class': 'error', role: 'alert', text: e.message })); });
    });
    return el('div', { 'class': 'card' }, el('p', { 'class': 'muted', text: t('csvHelp') }),
      el('div', { 'class': 'inline' }, field('csv-file', t('file'), file), checkButton, importButton), barLabel, bar, output);
  }
  function resultTable(caption, rows) {
    return table(caption, [t('line'), t('email'), t('order'), t('status'), t('message')], rows.map(function (r) {
      return [String(r.line), r.email || '', r.order || '', r.status, r.message || ''];
    }), function (i) { return rows[i].status === 'error' ? 'row-error' : ''; });
  }
  function downloadLink(rows) {
    // A cell that starts with = + - @ is prefixed with ' so a spreadsheet never runs it as a formula.
    var cell = function (v) { var s = String(v == null ? '' : v); if (/^[=+\-@\t\r]/.test(s)) s = "'" + s; return '"' + s.replace(/"/g, '""') + '"'; };
    var csv = ['line,email,order,status,message'].concat(rows.map(function (r) {
      return [r.line, r.email, r.order, r.status, r.message].map(cell).join(',');
    })).join('\r\n') + '\r\n';
    return el('a', { href: URL.createObjectURL(new Blob([csv], { type: 'text/csv' })), download: 'invitations-result.csv', text: t('download') });
  }

  // --- integration ---------------------------------------------------------------------------------------------
  function integration() {
    var root = page('integration');
    api('GET', shopPath('partner')).then(function (json) {
      var s = json.data;
      var base = location.origin;
      var codeArea = el('div', {}, el('p', { 'class': 'muted', text: t('apiCodeHidden') }));
      var confirmInput = el('input', { id: 'rotate-confirm', autocomplete: 'off' });
      var rotateForm = el('form', { 'class': 'inline' }, el('div', {}, el('label', { 'for': 'rotate-confirm', text: t('rotateConfirm') }), confirmInput),
        el('button', { type: 'submit', 'class': 'danger', text: t('rotate') }));
      rotateForm.addEventListener('submit', function (event) {
        event.preventDefault();
        api('POST', shopPath('partner', '/code'), { confirm: confirmInput.value }).then(function (answer) {
          confirmInput.value = '';
          codeArea.replaceChildren(copyBox('new-code', t('shownOnce'), answer.data.code));
          say(answer.message);
        }).catch(function (e) { say(e.message); });
      });
      root.append(el('dl', { 'class': 'card' }, el('dt', { text: t('id') }), el('dd', { text: String(s.id) }),
        el('dt', { text: t('publicCode') }), el('dd', { text: s.public_code }),
        el('dt', { text: t('status') }), el('dd', {}, tag(s.active, t('active'), t('deactivated')))),
      el('h2', { text: t('apiCode') }), codeArea, rotateForm,
      el('h2', { text: t('sidebar') }), sidebarSnippet(base, s.id),
      el('h2', { text: t('popup') }), el('p', { 'class': 'muted', text: t('popupHelp') }),
      copyBox('popup-code', t('snippet'), '<script type="application/json" id="service_order_completed">\n'
        + JSON.stringify({ webshopId: s.id, orderNumber: 'ORDER-NUMBER', email: 'customer@example.com', firstName: 'Name', inviteDelay: 5 }, null, 2)
        + '\n</script>'),
      el('h2', { text: t('widget') }), widgetConfigurator(base, s));
    }).catch(function (e) { say(e.message); });
  }

  /**
   * The loader of spec 4.12 with every page variable it reads, starting from the shop's saved sidebar settings (embed
   * GET …/sidebar); a variable equal to the saved setting is not written. "Save" stores the chosen values as the
   * shop's settings (embed PUT …/sidebar), which sidebar.js applies where a page sets no variable.
   */
  function sidebarSnippet(base, id) {
    var VARIABLES = {
      _service_sidebar: ['sidebar', ['true', 'false']],
      _service_sidebar_position: ['position', ['left', 'right']],
      _service_sidebar_top: ['top', null],
      _service_sidebar_theme: ['theme', ['dark', 'light']],
      _service_mobile: ['mobile', ['top_bar', 'none', 'top', 'top_left', 'top_right', 'top_manual', 'bottom', 'bottom_left', 'bottom_right', 'bottom_manual']],
      _service_mobile_tab: ['mobile_tab', ['left', 'center', 'right']],
      _service_tooltip: ['tooltip', ['true', 'false']],
      _service_language: ['language', ['', 'nld', 'eng', 'deu', 'fra', 'spa', 'ita', 'url', 'html', 'browser']]
    };
    var saved = { sidebar: 'true', position: 'left', top: '300', theme: 'dark', mobile: 'top_bar', mobile_tab: 'left', tooltip: 'true', language: '' };
    var inputs = {};
    var box = el('div', {});
    var root = el('div', {}, el('p', { 'class': 'muted', text: t('sidebarHelp') }));
    function savedValue(name) { return saved[VARIABLES[name][0]]; }
    function draw() {
      var lines = Object.keys(inputs).filter(function (name) {
        return inputs[name].value.trim() !== savedValue(name);
      }).map(function (name) {
        var value = inputs[name].value.trim();
        if (name === '_service_sidebar_top' && !/^[0-9]{1,4}(px|%)?$/.test(value)) value = savedValue(name);
        return '  var ' + name + ' = ' + (value === 'true' || value === 'false' ? value : "'" + value + "'") + ';\n';
      });
      box.replaceChildren(copyBox('sidebar-code', t('snippet'), '<script>\n' + lines.join('')
        + '  (function (d, id) {\n'
        + '    var w = 600000, c = Math.floor((Date.now() + Math.sin(id) * w) / w);\n'
        + '    var s = d.createElement(\'script\'); s.async = true;\n'
        + '    s.src = \'' + base + '/sidebar.js?id=\' + id + \'&c=\' + c;\n'
        + '    var f = d.getElementsByTagName(\'script\')[0]; f.parentNode.insertBefore(s, f);\n'
        + '  })(document, ' + id + ');\n'
        + '</script>'));
    }
    function chosen() {
      var settings = {};
      Object.keys(inputs).forEach(function (name) {
        var key = VARIABLES[name][0];
        var value = inputs[name].value.trim();
        settings[key] = key === 'sidebar' || key === 'tooltip' ? value === 'true' : value;
      });
      return settings;
    }
    function build() {
      Object.keys(VARIABLES).forEach(function (name) {
        var values = VARIABLES[name][1];
        inputs[name] = values ? select(values, savedValue(name), values.map(function (v) { return v === '' ? t('shopDefault') : v; }))
          : el('input', { value: savedValue(name), maxlength: '7' });
        inputs[name].addEventListener('change', draw);
      });
      var save = el('button', { type: 'button', text: t('saveSidebar') });
      save.addEventListener('click', function () {
        api('PUT', shopPath('embed', '/sidebar'), chosen()).then(function (json) {
          Object.keys(saved).forEach(function (key) { saved[key] = String(json[key]); });
          draw();
          say(json.message);
        }).catch(function (e) { say(e.message); });
      });
      root.append(el('div', { 'class': 'inline' }, Object.keys(inputs).map(function (name) { return field('sb' + name, name, inputs[name]); })),
        save, box);
      draw();
    }
    api('GET', shopPath('embed', '/sidebar')).then(function (json) {
      Object.keys(saved).forEach(function (key) { saved[key] = String(json[key]); });
    }).catch(function (e) { say(e.message); }).then(build);
    return root;
  }

  /** Every layout, theme, colour and language of the widget (spec 4.15); the preview is the real widget. */
  function widgetConfigurator(base, s) {
    var inputs = {
      layout: select(WIDGET_LAYOUTS, 'new_default'), theme: select(['light', 'dark'], 'light', [t('light'), t('dark')]),
      color: el('input', { type: 'color', value: '#336699' }), show: select(['yes', 'no'], 'yes', [t('yes'), t('no')]),
      view: select(['slider', 'list'], 'slider', [t('slider'), t('list')]), amount: select(['1', '2', '3', '4', '5', '6'], '3'),
      width: select(['auto', 'manual'], 'auto', [t('auto'), t('manual')]), width_amount: el('input', { value: '300px', maxlength: '10' }),
      height: el('input', { type: 'number', min: '50', max: '2000', value: '300' }),
      interval: el('input', { type: 'number', min: '1000', max: '60000', step: '500', value: '5000' }),
      language: select(WIDGET_LANGUAGES, lang === 'nl' ? 'nld' : 'eng')
    };
    var labels = { layout: t('layout'), theme: t('theme'), color: t('color'), show: t('show'), view: t('view'), amount: t('amount'),
      width: t('width'), width_amount: t('widthAmount'), height: t('height'), interval: t('interval'), language: t('language') };
    var preview = el('div', { 'class': 'preview' });
    var code = el('div', {});
    function src() {
      var p = new URLSearchParams({ id: String(s.id) });
      Object.keys(inputs).forEach(function (k) { p.set(k, inputs[k].value); });
      return base + '/webshops/widget_html?' + p.toString();
    }
    function draw() {
      // The spec: the iframe's width and height equal width_amount and height.
      var width = /^[0-9]{1,4}(px|%)?$/.test(inputs.width_amount.value.trim()) ? inputs.width_amount.value.trim() : '300px';
      var height = String(Math.max(50, Math.min(2000, Number(inputs.height.value) || 300)));
      var html = '<iframe src="' + src().replace(/&/g, '&amp;') + '" width="' + width + '" height="' + height
        + '" style="border:0" title="Reviews of ' + String(s.name).replace(/[<>"&]/g, '') + '" loading="lazy"></iframe>';
      var frame = el('iframe', { src: src(), width: width, height: height, style: 'border:0', title: t('preview') + ' ' + t('widget') });
      preview.replaceChildren(frame);
      code.replaceChildren(copyBox('widget-code', t('snippet'), html));
    }
    Object.keys(inputs).forEach(function (k) { inputs[k].addEventListener('change', draw); });
    draw();
    return el('div', {}, el('div', { 'class': 'inline' }, Object.keys(inputs).map(function (k) {
      return field('w-' + k, labels[k], inputs[k]);
    })), el('h3', { text: t('preview') }), preview, code);
  }

  // --- connect your shop (invitations-service: shop-platform webhooks) -------------------------------------------
  function connect() {
    var root = page('connect');
    root.append(el('p', { text: t('connectIntro') }));
    var boxes = {};
    ['woocommerce', 'shopify'].forEach(function (p) {
      boxes[p] = el('div', {});
      var steps = t(p === 'woocommerce' ? 'wooSteps' : 'shopifySteps');
      root.append(el('section', { 'class': 'card', 'aria-labelledby': 'connect-' + p },
        el('h2', { id: 'connect-' + p, text: t(p) }),
        el('ol', {}, steps.map(function (step) { return el('li', { text: step }); })), boxes[p]));
    });
    function draw(v) {
      var box = boxes[v.platform];
      if (!box) return;
      var state = v.connected
        ? el('p', {}, tf('connectedSince', { when: when(v.updated) }) + ' ' + (v.last_delivery ? tf('lastDelivery', { when: when(v.last_delivery) }) : t('noDelivery')))
        : el('p', { text: t('notConnected') });
      var parts = [state, copyBox('connect-' + v.platform + '-url', t('deliveryUrl'), v.url)];
      if (v.platform === 'woocommerce') {
        if (v.connected) parts.push(copyBox('connect-woocommerce-secret', t('secret'), v.secret));
        parts.push(el('button', { type: 'button', 'class': v.connected ? 'secondary' : '', text: t(v.connected ? 'newSecret' : 'makeSecret'),
          onclick: function () { act('POST', shopPath('invitations', '/shop-platforms/woocommerce/secret'), undefined, function (json) { draw(json.platform); }); } }));
      } else {
        var input = el('input', { type: 'text', autocomplete: 'off', spellcheck: 'false', maxlength: '200', value: v.secret || '' });
        var form = el('form', { 'class': 'inline' }, field('connect-shopify-secret', t('shopifySecret'), input),
          el('button', { type: 'submit', text: t('saveSecret') }));
        form.addEventListener('submit', function (event) {
          event.preventDefault();
          act('PUT', shopPath('invitations', '/shop-platforms/shopify/secret'), { secret: input.value }, function (json) { draw(json.platform); });
        });
        parts.push(form);
      }
      if (v.connected) {
        parts.push(el('button', { type: 'button', 'class': 'danger', text: t('disconnect') + ' ' + t(v.platform),
          onclick: function () { act('DELETE', shopPath('invitations', '/shop-platforms/' + v.platform), undefined, function (json) { draw(json.platform); }); } }));
      }
      box.replaceChildren.apply(box, parts);
    }
    api('GET', shopPath('invitations', '/shop-platforms')).then(function (json) {
      (json.platforms || []).forEach(draw);
    }).catch(function (e) { say(e.message); });
  }

  // --- webhooks ------------------------------------------------------------------------------------------------
  function webhooks() {
    var root = page('webhooks');
    var url = el('input', { type: 'url', required: true, maxlength: '2000' });
    var topic = select(TOPICS, TOPICS[0]);
    var secretArea = el('div', {});
    var form = el('form', { 'class': 'inline' }, field('wh-url', t('url'), url), field('wh-topic', t('topic'), topic),
      el('button', { type: 'submit', text: t('subscribe') }));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      api('POST', shopPath('webhooks', '/subscriptions'), { url: url.value, topic: topic.value }).then(function (json) {
        var d = json.data || json;
        if (d.secret) secretArea.replaceChildren(copyBox('wh-secret', t('secretOnce'), d.secret));
        say(json.message || t('done'));
        load();
      }).catch(function (e) { say(e.message); });
    });
    var testTopic = select(TOPICS, TOPICS[0]);
    var testForm = el('form', { 'class': 'inline' }, field('wh-test-topic', t('topic'), testTopic),
      el('button', { type: 'submit', 'class': 'secondary', text: t('testEvent') }));
    testForm.addEventListener('submit', function (event) {
      event.preventDefault();
      act('POST', shopPath('webhooks', '/test'), { topic: testTopic.value }, function () { setTimeout(load, 1500); });
    });
    var subscriptions = el('div', {}), deliveries = el('div', {});
    root.append(form, secretArea, subscriptions, testForm, deliveries);
    var newestSubscriptions = P.latestOnly(), newestDeliveries = P.latestOnly();
    function load() {
      newestSubscriptions(api('GET', shopPath('webhooks', '/subscriptions'))).then(function (json) {
        var d = json.data || json;
        subscriptions.replaceChildren(table(t('subscriptions'), [t('url'), t('topic'), t('created'), ''], (d.items || []).map(function (s) {
          return [s.url, s.topic, when(s.created), el('button', { type: 'button', 'class': 'danger', text: t('unsubscribe') + ' ' + s.topic,
            onclick: function () { act('DELETE', shopPath('webhooks', '/subscriptions/' + s.id), undefined, load); } })];
        })));
      }).catch(function (e) { say(e.message); });
      newestDeliveries(api('GET', shopPath('webhooks', '/deliveries'))).then(function (json) {
        var d = json.data || json;
        deliveries.replaceChildren(table(t('deliveries'), [t('date'), t('topic'), t('url'), t('status'), t('response'), t('attempts'), ''],
          (d.items || []).map(function (x) {
            return [when(x.last_attempt || x.created), x.topic, x.url, x.status, x.response_code == null ? '' : String(x.response_code),
              String(x.attempts == null ? '' : x.attempts), el('button', { type: 'button', 'class': 'secondary', text: t('redeliver') + ' ' + x.id,
                onclick: function () { act('POST', shopPath('webhooks', '/deliveries/' + x.id + '/redeliver'), undefined, function () { setTimeout(load, 1500); }); } })];
          })));
      }).catch(function (e) { say(e.message); });
    }
    load();
  }

  // --- settings ------------------------------------------------------------------------------------------------
  function settings() {
    var root = page('settings');
    api('GET', shopPath('partner')).then(function (json) {
      var s = json.data;
      var boxes = LANGUAGE_CODES.map(function (code) {
        return el('label', {}, el('input', { type: 'checkbox', value: code, checked: s.languages.indexOf(code) >= 0 }), ' ' + code);
      });
      var form = el('form', {}, el('fieldset', { 'class': 'checks' }, el('legend', { text: t('languages') }), boxes),
        el('button', { type: 'submit', text: t('saveLanguages') }));
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        var chosen = Array.from(form.querySelectorAll('input:checked')).map(function (b) { return b.value; });
        act('PUT', shopPath('partner', '/languages'), { languages: chosen });
      });
      root.append(form, el('h2', { text: t('defaults') }), invitationDefaults(),
        el('h2', { text: t('mailTexts') }), mailTemplates(),
        el('h2', { text: t('replyAccess') }), el('p', {}, tag(s.reply_access, t('granted'), t('notGranted'))),
        el('h2', { text: t('secondFactor') }), secondFactor(),
        el('h2', { text: t('sessionsTitle') }), openSessions());
    }).catch(function (e) { say(e.message); });
  }

  // The owner's open sessions, each with a button that ends it in every service; ending this browser's signs out here.
  function openSessions() {
    var box = el('div', {});
    function load() {
      api('GET', 'partner/account/sessions').then(function (json) {
        box.replaceChildren(el('p', { text: t('sessionsHelp') }), table(t('sessionsTitle'),
          [t('sessionClient'), t('sessionOpened'), t('sessionExpires'), t('sessionAction')], json.data.map(function (s) {
            var end = el('button', { type: 'button', 'class': 'danger', text: t('sessionEnd'),
              'aria-label': tf('sessionEndLabel', { client: s.client, when: when(s.opened_at) }), onclick: function () {
                act('POST', 'partner/account/sessions/' + encodeURIComponent(s.id) + '/end', undefined, function () {
                  if (s.current) { history.replaceState(null, '', location.pathname + location.search); showSignIn(); } else load();
                });
              } });
            return [s.client + (s.current ? ' (' + t('sessionThis') + ')' : ''), when(s.opened_at), when(s.expires_at), end];
          })));
      }).catch(function (e) { box.replaceChildren(el('p', { 'class': 'error', text: e.message })); });
    }
    load();
    return box;
  }

  /**
   * The delay an invitation without one gets, the name its e-mail comes from, the days until its one reminder and the
   * Reply-To address (invitations-service).
   */
  function invitationDefaults() {
    var delay = el('input', { type: 'number', min: '0', max: '365', step: '1' });
    var sender = el('input', { maxlength: '100', autocomplete: 'organization' });
    var reminder = el('input', { type: 'number', min: '0', max: '60', step: '1' });
    var replyTo = el('input', { type: 'email', maxlength: '254', autocomplete: 'email' });
    var form = el('form', { 'class': 'inline' }, field('def-delay', t('delay'), delay), field('def-sender', t('senderName'), sender),
      field('def-reminder', t('reminderDays'), reminder), field('def-reply-to', t('replyTo'), replyTo),
      el('button', { type: 'submit', text: t('save') }));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      act('PUT', shopPath('invitations', '/settings'), { default_delay: delay.value === '' ? null : Number(delay.value),
        sender_name: sender.value.trim() || null, reminder_days: reminder.value === '' ? 0 : Number(reminder.value),
        reply_to: replyTo.value.trim() || null });
    });
    api('GET', shopPath('invitations', '/settings')).then(function (json) {
      delay.value = json.default_delay == null ? '' : String(json.default_delay);
      sender.value = json.sender_name || '';
      reminder.value = String(json.reminder_days || 0);
      replyTo.value = json.reply_to || '';
    }).catch(function (e) { form.appendChild(el('p', { 'class': 'error', text: e.message })); });
    return form;
  }

  /**
   * The shop's own e-mail texts per kind and language (invitations-service templates): load, preview with sample data
   * (shown as text: the page's CSP renders no mail HTML), save, or go back to the built-in text.
   */
  function mailTemplates() {
    var kind = select(['invitation', 'reminder'], 'invitation', [t('invitationMail'), t('reminderMail')]);
    var language = select(['nl', 'en', 'de', 'fr', 'es', 'it'], lang === 'nl' ? 'nl' : 'en');
    var state = el('p', { 'class': 'muted' });
    var subject = el('input', { maxlength: '200' });
    var html = el('textarea', { 'class': 'code', rows: '12', maxlength: '50000' });
    var text = el('textarea', { 'class': 'code', rows: '8', maxlength: '20000' });
    var output = el('div', {});
    function path() { return shopPath('invitations', '/templates/' + kind.value + '/' + language.value); }
    function body() { return { subject: subject.value, html: html.value, text: text.value }; }
    function show(json) {
      subject.value = json.subject; html.value = json.html; text.value = json.text;
      state.textContent = (json.custom ? t('ownText') : t('builtInText')) + ' · ' + t('variables') + ' '
        + (json.variables || []).map(function (v) { return '{' + v + '}'; }).join(' ');
      output.replaceChildren();
    }
    // Switching kind or language quickly: only the last choice's text may fill the form it will be saved from.
    var newest = P.latestOnly();
    function load() { newest(api('GET', path())).then(show).catch(function (e) { say(e.message); }); }
    kind.addEventListener('change', load);
    language.addEventListener('change', load);
    var form = el('form', {}, el('div', { 'class': 'inline' }, field('tpl-kind', t('mailKind'), kind),
      field('tpl-language', t('mailLanguage'), language)), state, field('tpl-subject', t('subject'), subject),
      field('tpl-html', t('htmlPart'), html), field('tpl-text', t('textPart'), text),
      el('div', { 'class': 'inline' }, el('button', { type: 'submit', text: t('save') }),
        el('button', { type: 'button', 'class': 'secondary', text: t('preview'), onclick: function () {
          api('POST', path() + '/preview', body()).then(function (json) {
            output.replaceChildren(el('h3', { text: t('preview') + ': ' + json.subject }),
              el('pre', { 'class': 'preview', text: json.html }), el('pre', { 'class': 'preview', text: json.text }));
          }).catch(function (e) { say(e.message); });
        } }),
        el('button', { type: 'button', 'class': 'danger', text: t('builtIn'), onclick: function () {
          act('DELETE', path(), undefined, show);
        } })), output);
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      act('PUT', path(), body(), show);
    });
    load();
    return form;
  }

  // A new, replaced or removed second factor needs the current password and, while one is on, a current code.
  function secondFactor() {
    var box = el('div', {});
    var password = el('input', { type: 'password', autocomplete: 'current-password', required: true });
    var current = el('input', { inputmode: 'numeric', maxlength: '6', pattern: '[0-9]{6}', autocomplete: 'one-time-code' });
    function credentials() { return { password: password.value, code: current.value || null }; }
    var off = el('button', { type: 'button', 'class': 'danger', text: t('turnOff') });
    var form = el('form', {}, el('p', { text: t('totpHelp') }), field('totp-password', t('currentPassword'), password),
      field('totp-current', t('currentCode'), current),
      el('div', { 'class': 'inline' }, el('button', { type: 'submit', 'class': 'secondary', text: t('turnOn') }), off));
    off.addEventListener('click', function () {
      if (!form.reportValidity()) return;
      act('POST', 'partner/account/totp/off', credentials(), function () { box.replaceChildren(el('p', { text: t('done') })); });
    });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      api('POST', 'partner/account/totp', credentials()).then(function (json) {
        var codeInput = el('input', { inputmode: 'numeric', maxlength: '6', pattern: '[0-9]{6}' });
        var confirmForm = el('form', { 'class': 'inline' }, field('totp-code', t('confirmCode'), codeInput), el('button', { type: 'submit', text: t('confirm') }));
        confirmForm.addEventListener('submit', function (event) {
          event.preventDefault();
          act('POST', 'partner/account/totp/confirm', { code: codeInput.value }, function () { box.replaceChildren(el('p', { text: t('done') })); });
        });
        box.replaceChildren(copyBox('totp-secret', t('totpSecret'), json.data.secret), confirmForm);
      }).catch(function (e) { say(e.message); });
    });
    box.append(form);
    return box;
  }

  // --- chrome --------------------------------------------------------------------------------------------------
  function applyLanguage() {
    document.documentElement.lang = lang;
    document.getElementById('lang').value = lang;
    document.getElementById('title').textContent = t('title');
    document.getElementById('lang-label').textContent = t('language');
    document.getElementById('shop-label').textContent = t('webshop');
    document.getElementById('sign-out').textContent = t('signOut');
  }
  document.getElementById('lang').addEventListener('change', function (event) {
    lang = T[event.target.value] ? event.target.value : 'en';
    localStorage.setItem('sr-dashboard-lang', lang);
    applyLanguage();
    if (me) { document.getElementById('me').textContent = t('signedInAs') + ' ' + me.email; route(); } else route();
  });
  document.getElementById('shop').addEventListener('change', function (event) {
    shop = Number(event.target.value);
    sessionStorage.setItem('sr-dashboard-shop', String(shop));
    route();
  });
  document.getElementById('sign-out').addEventListener('click', function () {
    api('DELETE', 'partner/account/session').catch(function () { return null; }).then(function () { history.replaceState(null, '', location.pathname + location.search); showSignIn(); });
  });
  window.addEventListener('hashchange', route);
  applyLanguage();
  route();
})();
