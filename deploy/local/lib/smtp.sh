# shellcheck shell=bash source-path=SCRIPTDIR
# SMTP sink: GreenMail standalone (com.icegreen:greenmail-standalone from Maven Central) as a real process.
#
# It accepts every mail on its SMTP port (no authentication, nothing is delivered anywhere) and
# exposes a REST API + Swagger UI on its API port:
#   read the mails sent to an address:  GET http://127.0.0.1:<api-port>/api/user/<email>/messages/
#       e.g. curl http://127.0.0.1:8025/api/user/alice@example.com/messages/
#       (JSON array: subject, contentType, mimeMessage = the raw message; 400 "User ... not found"
#        while no mail reached that address yet)
#   list addresses that received mail: GET  http://127.0.0.1:<api-port>/api/user
#   delete all mails:                   POST http://127.0.0.1:<api-port>/api/mail/purge
#   readiness:                          GET  http://127.0.0.1:<api-port>/api/service/readiness
#   web UI (Swagger, try the calls):    http://127.0.0.1:<api-port>/
# Mails live in memory only: a restart empties the mailbox.
#
# Instances: running suite "greenmail" SMTP 2525 / API 8025; test run "greenmail-test" SMTP 12525 / API 18025.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

GREENMAIL_VERSION="${GREENMAIL_VERSION:-2.1.13}"
GREENMAIL_JAR="$SR_CACHE/greenmail/greenmail-standalone-$GREENMAIL_VERSION.jar"

# greenmail_mail_url API_PORT [EMAIL]: the URL that returns the mails of EMAIL.
greenmail_mail_url() {
  printf 'http://127.0.0.1:%s/api/user/%s/messages/' "$1" "${2:-<email>}"
}

greenmail_fetch() {
  [[ -f "$GREENMAIL_JAR" ]] && return 0
  log "Fetching GreenMail standalone $GREENMAIL_VERSION from Maven Central"
  mkdir -p "$(dirname "$GREENMAIL_JAR")"
  if ! sr_mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
        -Dartifact="com.icegreen:greenmail-standalone:$GREENMAIL_VERSION" \
        -DoutputDirectory="$(dirname "$GREENMAIL_JAR")" >"$SR_LOGS/greenmail-fetch.log" 2>&1; then
    show_log_tail "$SR_LOGS/greenmail-fetch.log"
    die "could not fetch GreenMail (see $SR_LOGS/greenmail-fetch.log)"
  fi
  [[ -f "$GREENMAIL_JAR" ]] || die "$GREENMAIL_JAR missing after fetch"
}

# greenmail_start NAME SMTP_PORT API_PORT
greenmail_start() {
  local name="$1" smtp="$2" api="$3" logfile pid
  logfile="$(logfile_of "$name")"
  require_java
  log "GreenMail '$name': SMTP 127.0.0.1:$smtp, REST API http://127.0.0.1:$api/"
  if pid="$(running_pid "$name")"; then
    wait_port "$smtp" 60 "GreenMail '$name'" "$logfile" "$pid"
    wait_port "$api" 60 "GreenMail '$name' API" "$logfile" "$pid"
    info "already running (pid $pid)"
    return 0
  fi
  local p
  for p in "$smtp" "$api"; do
    if port_open "$p"; then
      die "port $p is already in use by another process ($(port_owner "$p")): not starting GreenMail '$name'"
    fi
  done
  greenmail_fetch
  pid="$(start_bg "$name" "$SR_RUN/$name" java -Xmx128m -XX:+UseSerialGC -Djava.awt.headless=true \
        -Dgreenmail.smtp.hostname=127.0.0.1 -Dgreenmail.smtp.port="$smtp" \
        -Dgreenmail.auth.disabled \
        -Dgreenmail.api.hostname=127.0.0.1 -Dgreenmail.api.port="$api" \
        -jar "$GREENMAIL_JAR")"
  info "started pid $pid, log $logfile"
  wait_port "$smtp" 60 "GreenMail '$name'" "$logfile" "$pid"
  wait_port "$api" 60 "GreenMail '$name' API" "$logfile" "$pid"
  local deadline=$((SECONDS + 30))
  until curl -fsS -o /dev/null "http://127.0.0.1:$api/api/service/readiness" 2>/dev/null; do
    (( SECONDS < deadline )) || { show_log_tail "$logfile"; die "GreenMail '$name' API not ready (see $logfile)"; }
    sleep 0.5
  done
  info "ready; read mails: $(greenmail_mail_url "$api")"
}

greenmail_stop() {
  stop_pid "$1" 20
}

greenmail_status() {
  local name="$1" smtp="$2" api="$3"
  proc_status "$name" "$smtp" "mails: $(greenmail_mail_url "$api")"
}

# greenmail_selfcheck SMTP_PORT API_PORT: sends one mail over SMTP (curl smtp://) and reads it back.
greenmail_selfcheck() {
  local smtp="$1" api="$2" to="selfcheck-$RANDOM@shopreviews.local" tmp
  tmp="$(mktemp)"
  printf 'From: noreply@shopreviews.local\r\nTo: %s\r\nSubject: GreenMail self-check\r\n\r\nhello\r\n' "$to" >"$tmp"
  curl -fsS --url "smtp://127.0.0.1:$smtp" --mail-from noreply@shopreviews.local --mail-rcpt "$to" \
       --upload-file "$tmp" || { rm -f "$tmp"; die "sending a mail to GreenMail on port $smtp failed"; }
  rm -f "$tmp"
  local body
  body="$(curl -fsS "$(greenmail_mail_url "$api" "$to")")" || die "reading mail back from GreenMail API failed"
  [[ "$body" == *'GreenMail self-check'* ]] || die "GreenMail API did not return the mail sent to $to: $body"
  info "mail self-check ok: $(greenmail_mail_url "$api" "$to")"
}
