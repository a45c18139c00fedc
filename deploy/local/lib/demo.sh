# shellcheck shell=bash source-path=SCRIPTDIR
# The demo webshop of the local suite, seeded once through partner-service's admin API
# (POST /admin/partner-tokens, POST /admin/webshops with the operator token) and remembered in
# .run/demo.env. Seeded again when that webshop no longer authenticates (e.g. after down --purge).

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

PARTNER_ADMIN_URL="${PARTNER_ADMIN_URL:-http://127.0.0.1:$((8081 + SR_PORT_OFFSET))}"

DEMO_WEBSHOP_JSON='{"name":"Demo Shop","url":"https://demo-shop.example","main_language":"en","languages":["en","nl"],"domains":["demo-shop.example"],"address":{"street":"Main Street","housenumber":"1","postalcode":"1000 AA","city":"Amsterdam","country":"Netherlands"},"logo":"https://demo-shop.example/logo.png"}'

# Flat JSON field readers (the admin answers are flat objects).
json_str() { sed -n "s/.*\"$2\"[[:space:]]*:[[:space:]]*\"\([^\"]*\)\".*/\1/p" <<<"$1" | head -n1; }
json_num() { sed -n "s/.*\"$2\"[[:space:]]*:[[:space:]]*\([0-9][0-9]*\).*/\1/p" <<<"$1" | head -n1; }
json_success() { [[ "$1" =~ \"status\"[[:space:]]*:[[:space:]]*\"success\" ]]; }

# admin_post PATH JSON -> answer body on stdout; returns 1 (with a warning) unless 200.
admin_post() {
  local path="$1" data="$2" out code
  out="$(mktemp)"
  code="$(curl -s -o "$out" -w '%{http_code}' --max-time 30 -X POST "$PARTNER_ADMIN_URL$path" \
           -H "Authorization: Bearer $OPERATOR_TOKEN" -H 'Content-Type: application/json' --data "$data" || true)"
  if [[ "$code" != 200 ]]; then
    warn "POST $PARTNER_ADMIN_URL$path answered ${code:-nothing}: $(head -c 500 "$out")"
    rm -f "$out"
    return 1
  fi
  cat "$out"
  rm -f "$out"
}

# demo_authenticates BASE_URL: the webshop of WEBSHOP_ID/WEBSHOP_CODE is known with that code.
demo_authenticates() {
  local body
  body="$(curl -s --max-time 10 "$1/api/1.0/webshop.json?id=$WEBSHOP_ID&code=$WEBSHOP_CODE" || true)"
  json_success "$body"
}

# seed_demo BASE_URL DEMO_ENV_FILE: sets PARTNER_TOKEN WEBSHOP_ID WEBSHOP_CODE WEBSHOP_PUBLIC_CODE.
# Needs OPERATOR_TOKEN (services_load_secrets).
seed_demo() {
  local base="$1" file="$2" key value body
  log "Demo webshop"
  PARTNER_TOKEN="" WEBSHOP_ID="" WEBSHOP_CODE="" WEBSHOP_PUBLIC_CODE=""
  if [[ -f "$file" ]]; then
    while IFS='=' read -r key value; do
      case "$key" in PARTNER_TOKEN|WEBSHOP_ID|WEBSHOP_CODE|WEBSHOP_PUBLIC_CODE) printf -v "$key" '%s' "$value" ;; esac
    done <"$file"
    if [[ -n "$WEBSHOP_ID" && -n "$WEBSHOP_CODE" ]] && demo_authenticates "$base"; then
      info "already seeded: webshop $WEBSHOP_ID authenticates (remembered in $file)"
      return 0
    fi
    info "the remembered demo webshop ${WEBSHOP_ID:-?} no longer authenticates: seeding again"
  fi
  body="$(admin_post /admin/partner-tokens '{"partner":"demo-partner"}')" || die "could not create the demo partner token"
  PARTNER_TOKEN="$(json_str "$body" token)"
  [[ -n "$PARTNER_TOKEN" ]] || die "no token in the answer of POST /admin/partner-tokens: $body"
  body="$(admin_post /admin/webshops "$DEMO_WEBSHOP_JSON")" || die "could not create the demo webshop"
  WEBSHOP_ID="$(json_num "$body" webshop_id)"
  WEBSHOP_CODE="$(json_str "$body" code)"
  WEBSHOP_PUBLIC_CODE="$(json_str "$body" public_code)"
  [[ -n "$WEBSHOP_ID" && -n "$WEBSHOP_CODE" && -n "$WEBSHOP_PUBLIC_CODE" ]] \
    || die "unexpected answer of POST /admin/webshops: $body"
  write_private "$file" <<EOF
# Demo data seeded by deploy/local/up (reused while the webshop authenticates).
PARTNER_TOKEN=$PARTNER_TOKEN
WEBSHOP_ID=$WEBSHOP_ID
WEBSHOP_CODE=$WEBSHOP_CODE
WEBSHOP_PUBLIC_CODE=$WEBSHOP_PUBLIC_CODE
EOF
  info "seeded webshop $WEBSHOP_ID (partner demo-partner)"
  local deadline=$((SECONDS + 30))
  until demo_authenticates "$base"; do
    if (( SECONDS >= deadline )); then
      warn "webshop $WEBSHOP_ID does not authenticate through $base/api/1.0/webshop.json yet"
      break
    fi
    sleep 1
  done
}

# wait_demo_known BASE_URL: the other services learn webshops over Kafka (topic webshops);
# waits up to 30 s until ratings-service accepts the demo webshop's id/code.
wait_demo_known() {
  local base="$1" deadline=$((SECONDS + 30))
  until json_success "$(curl -s --max-time 5 "$base/api/1.0/ratings_summary.json?id=$WEBSHOP_ID&code=$WEBSHOP_CODE" || true)"; do
    if (( SECONDS >= deadline )); then
      warn "ratings-service does not accept webshop $WEBSHOP_ID yet (the webshops topic may still be on its way)"
      return 0
    fi
    sleep 1
  done
  info "webshop $WEBSHOP_ID known to ratings-service"
}

DEMO_OWNER_EMAIL="owner@demo-shop.example"

# demo_owner_signs_in BASE_URL: the demo owner signs in to the dashboard with DEMO_OWNER_PASSWORD.
demo_owner_signs_in() {
  local code
  code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -X POST "$1/dashboard/api/partner/account/session" \
           -H 'X-Dashboard-Request: 1' -H 'Content-Type: application/json' \
           --data "{\"email\":\"$DEMO_OWNER_EMAIL\",\"password\":\"$DEMO_OWNER_PASSWORD\"}" || true)"
  [[ "$code" == 200 ]]
}

# seed_demo_owner BASE_URL MAIL_URL DEMO_ENV_FILE: the demo webshop's owner on the dashboard, through the real path
# (the operator's invitation, the mailed link read from GreenMail, the password set on the dashboard's API). Sets
# DEMO_OWNER_PASSWORD and remembers it in the demo file. Needs WEBSHOP_ID (seed_demo) and OPERATOR_TOKEN.
seed_demo_owner() {
  local base="$1" mail="$2" file="$3" token="" deadline
  log "Demo shop owner (dashboard)"
  DEMO_OWNER_PASSWORD="$(sed -n 's/^DEMO_OWNER_PASSWORD=//p' "$file" 2>/dev/null | head -n1)"
  if [[ -n "$DEMO_OWNER_PASSWORD" ]] && demo_owner_signs_in "$base"; then
    info "already set up: $DEMO_OWNER_EMAIL signs in"
    return 0
  fi
  DEMO_OWNER_PASSWORD="$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  admin_post /admin/owners "{\"webshop_id\":\"$WEBSHOP_ID\",\"email\":\"$DEMO_OWNER_EMAIL\"}" >/dev/null \
    || { warn "could not invite the demo owner"; return 0; }
  deadline=$((SECONDS + 30))
  while [[ -z "$token" ]] && (( SECONDS < deadline )); do
    token="$(curl -s --max-time 10 "$mail/api/user/$DEMO_OWNER_EMAIL/messages/" | grep -o '#password=[0-9a-f]*' | tail -n1 | cut -d= -f2 || true)"
    [[ -n "$token" ]] || sleep 1
  done
  [[ -n "$token" ]] || { warn "no invitation mail for $DEMO_OWNER_EMAIL"; return 0; }
  curl -s -o /dev/null --max-time 10 -X POST "$base/dashboard/api/partner/account/password" -H 'X-Dashboard-Request: 1' \
    -H 'Content-Type: application/json' --data "{\"token\":\"$token\",\"password\":\"$DEMO_OWNER_PASSWORD\"}" || true
  grep -v '^DEMO_OWNER_PASSWORD=' "$file" >"$file.tmp" || true
  echo "DEMO_OWNER_PASSWORD=$DEMO_OWNER_PASSWORD" >>"$file.tmp"
  write_private "$file" <"$file.tmp"
  rm -f "$file.tmp"
  if demo_owner_signs_in "$base"; then info "$DEMO_OWNER_EMAIL can sign in"; else warn "$DEMO_OWNER_EMAIL cannot sign in yet"; fi
}
