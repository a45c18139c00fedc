# shellcheck shell=bash
# Shared helpers of bench/run and bench/faults (sourced). Everything talks to 127.0.0.1 only.

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$BENCH_DIR/.." && pwd)"
LOCAL="$REPO/deploy/local"
RUN_DIR="$LOCAL/.run"
WORK="$BENCH_DIR/.work"          # git-ignored scratch (see bench/.gitignore)
mkdir -p "$WORK" "$BENCH_DIR/results"

PARTNER_ADMIN="http://127.0.0.1:8081"
KAFKA="127.0.0.1:9092"
# The suite's broker takes SASL only: the bench tools connect as its admin (deploy/local/lib/kafka.sh).
export KAFKA_CLIENT_CONFIG="$RUN_DIR/kafka/admin-client.properties"
SERVICES=(partner-service:8081 invitations-service:8082 ratings-service:8083 webhooks-service:8084 embed-service:8085)
KAFKA_CP="$LOCAL/.cache/kafka-libs/*"
SUITE_STARTED_HERE=""
BG_PIDS=()

say()  { printf '==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
fail() { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# Flat JSON readers (the answers we parse are flat or we only need one field).
jstr() { sed -n "s/.*\"$2\"[[:space:]]*:[[:space:]]*\"\([^\"]*\)\".*/\1/p" <<<"$1" | head -n1; }
jnum() { sed -n "s/.*\"$2\"[[:space:]]*:[[:space:]]*\([0-9][0-9]*\).*/\1/p" <<<"$1" | head -n1; }

# median of the numbers given as arguments
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {if (NR==0) print "nan"; else if (NR%2) print a[(NR+1)/2]; else printf "%.2f\n", (a[NR/2]+a[NR/2+1])/2}'; }
# ratio A/B in percent, one decimal
pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (b+0 == 0) print "nan"; else printf "%.1f", 100*a/b }'; }
# PASS when "$1 $2 $3" holds numerically (op: ge / le)
verdict() { awk -v a="$1" -v op="$2" -v b="$3" 'BEGIN { ok = (op == "ge") ? (a+0 >= b+0) : (a+0 <= b+0); if (a == "nan") ok = 0; print ok ? "PASS" : "MISS" }'; }

ready_code() { curl -s -o /dev/null -w '%{http_code}' --max-time 3 "http://127.0.0.1:$1/q/health/ready" 2>/dev/null || true; }

suite_ready() {
  [[ -f "$RUN_DIR/suite.env" ]] || return 1
  local s
  for s in "${SERVICES[@]}"; do [[ "$(ready_code "${s#*:}")" == 200 ]] || return 1; done
  [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 3 http://127.0.0.1:8080/nothing-here || true)" == 404 ]]
}

# restart_service NAME PORT [MODULE]: deploy/local's own stop + start (same jar and environment as `up`), waits until
# ready. MODULE names the service of a replica instance (NAME <module>-2).
restart_service() {
  ( # shellcheck disable=SC1091
    source "$LOCAL/lib/services.sh"
    services_load_secrets
    db="$(services_table | awk -v s="${3:-$1}" '$1 == s {print $3}')"
    stop_pid "$1" 20
    service_start "$1" "$2" "$db" "${3:-$1}"
    service_wait_ready "$1" "$2" ) >>"$WORK/restarts.log" 2>&1
}

# Uses the running suite of this checkout, or starts it (deploy/local/up) and remembers to stop it.
# A service that runs but is not ready (e.g. its connection pool is exhausted) is restarted, and said so.
ensure_suite() {
  local s pid
  if [[ -f "$RUN_DIR/suite.env" ]]; then
    for s in "${SERVICES[@]}"; do
      pid="$(cat "$RUN_DIR/pids/${s%%:*}.pid" 2>/dev/null || true)"
      if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && [[ "$(ready_code "${s#*:}")" != 200 ]]; then
        note "${s%%:*} runs (pid $pid) but is not ready: $(curl -s --max-time 3 "http://127.0.0.1:${s#*:}/q/health/ready" | tr -d '\n ' | head -c 200) -- restarting it"
        restart_service "${s%%:*}" "${s#*:}" || fail "could not restart ${s%%:*} (log $WORK/restarts.log)"
      fi
    done
  fi
  if suite_ready; then
    note "using the running suite ($RUN_DIR/suite.env)"
  else
    say "Starting the suite: deploy/local/up ${UP_ARGS:-}"
    # shellcheck disable=SC2086
    "$LOCAL/up" ${UP_ARGS:-} >"$WORK/up.log" 2>&1 || { tail -30 "$WORK/up.log" >&2; fail "deploy/local/up failed (log $WORK/up.log)"; }
    SUITE_STARTED_HERE=yes
    suite_ready || fail "the suite is not ready after deploy/local/up"
  fi
  set -a; # shellcheck disable=SC1091
  . "$RUN_DIR/suite.env"; set +a
}

stop_suite_if_started() {
  if [[ -n "$SUITE_STARTED_HERE" && -z "${KEEP_SUITE:-}" ]]; then
    say "Stopping the suite we started (deploy/local/down)"
    "$LOCAL/down" >"$WORK/down.log" 2>&1 || note "deploy/local/down failed (log $WORK/down.log)"
  fi
}

# PostgreSQL's autovacuum keeps the queue tables (webhook_delivery, invitation, outbox_event) and their partial indexes
# free of dead entries; without it the delivery claim reads ever more dead index entries (benchmark 5 fell from
# ~1,000/s to ~150/s here). Some machine images switch it off (this one: /etc/postgresql/15/main/conf.d/90-ci.conf);
# production runs it (it is PostgreSQL's default). For the run we switch it on and restore the setting at the end.
AUTOVACUUM_NOTE="autovacuum was on (PostgreSQL's default)"
_AUTOVACUUM_RESTORE=""
pg_super() { psql -Atq -h 127.0.0.1 -U postgres -d postgres -v ON_ERROR_STOP=1 "$@"; }

autovacuum_on_for_run() {
  [[ "$(pg_super -c 'show autovacuum' 2>/dev/null || true)" == off ]] || return 0
  if [[ -n "${BENCH_AUTOVACUUM_AS_IS:-}" ]]; then   # to measure the server as it is configured
    AUTOVACUUM_NOTE="autovacuum was OFF on this server and left off (BENCH_AUTOVACUUM_AS_IS)"
    note "$AUTOVACUUM_NOTE"; return 0
  fi
  # what postgresql.auto.conf said before (empty: nothing), so that the restore puts exactly that back
  local before
  before="$(pg_super -c "select setting from pg_file_settings where name = 'autovacuum' and sourcefile like '%postgresql.auto.conf' order by seqno desc limit 1")"
  if pg_super -c 'alter system set autovacuum = on' -c 'select pg_reload_conf()' >/dev/null 2>&1; then
    _AUTOVACUUM_RESTORE="${before:-reset}"
    AUTOVACUUM_NOTE="autovacuum was OFF on this server (machine configuration); switched on for the run (ALTER SYSTEM), restored afterwards"
    note "PostgreSQL autovacuum is off on this server: switched on for the run, restored at the end"
  else
    AUTOVACUUM_NOTE="autovacuum was OFF on this server and could not be switched on: queue benchmarks (4, 5) read dead index entries"
    note "WARNING: $AUTOVACUUM_NOTE"
  fi
}

autovacuum_restore() {
  [[ -n "$_AUTOVACUUM_RESTORE" ]] || return 0
  if [[ "$_AUTOVACUUM_RESTORE" == reset ]]; then
    pg_super -c 'alter system reset autovacuum' -c 'select pg_reload_conf()' >/dev/null 2>&1 || true
  else
    pg_super -c "alter system set autovacuum = '$_AUTOVACUUM_RESTORE'" -c 'select pg_reload_conf()' >/dev/null 2>&1 || true
  fi
  _AUTOVACUUM_RESTORE=""
}

# cpu_busy_pct SECONDS: share of all cores' time spent busy (not idle, not iowait) over the next SECONDS.
cpu_busy_pct() {
  local a b
  a="$(awk '/^cpu / {print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat)"
  sleep "$1"
  b="$(awk '/^cpu / {print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat)"
  awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " "); t = y[2] - x[2]; print (t > 0) ? int(100 * (y[1] - x[1]) / t) : 0 }'
}

# cpu_probe_ms: how long one core takes for a fixed piece of work (an awk loop; median of five, in ms). Taken
# before the load benchmarks and again before the start times (6), it shows whether the cores still run at the speed
# they had at the beginning: on this shared virtual machine a fixed loop once took 33 % longer a minute after the
# load benchmarks than two minutes later, with nothing of ours busy.
cpu_probe_ms() {
  local t0 runs=()
  for _ in 1 2 3 4 5; do
    t0="$(date +%s%N)"
    awk 'BEGIN { for (i = 0; i < 10000000; i++) s += i }'
    runs+=("$(( ($(date +%s%N) - t0) / 1000000 ))")
  done
  printf '%s\n' "${runs[@]}" | sort -n | sed -n 3p
}

# settle MAX_SECONDS PROBE_MS: waits until the machine is quiet -- no autovacuum worker running, the cores less
# than 25 % busy in two 2-s windows in a row and cpu_probe_ms at most 15 % above PROBE_MS (its value before the
# load) -- or MAX_SECONDS passed. Prints "<seconds waited> <settled|not-settled> <last busy %> <autovacuum
# workers> <last probe ms>". Start times are measured on a settled machine: right after the load benchmarks
# PostgreSQL vacuums the rows they added, and the cores may run slower for a while; a start measured then measures
# those.
settle() {
  local max="$1" base="$2" t0=$SECONDS quiet=0 busy=0 workers=0 probe=-
  while (( SECONDS - t0 < max )); do
    workers="$(pg_super -c "select count(*) from pg_stat_activity where backend_type = 'autovacuum worker'" 2>/dev/null || echo 0)"
    busy="$(cpu_busy_pct 2)"
    if (( workers == 0 && busy < 25 )); then
      quiet=$((quiet + 1))
      if (( quiet >= 2 )); then
        probe="$(cpu_probe_ms)"
        (( probe * 100 <= base * 115 )) && { echo "$((SECONDS - t0)) settled $busy $workers $probe"; return 0; }
        sleep 5
      fi
    else
      quiet=0
    fi
  done
  echo "$((SECONDS - t0)) not-settled $busy $workers $probe"
}

# quiet_cores MAX_SECONDS: waits until the cores are less than 25 % busy in two 2-s windows in a row (the consumers
# of an earlier run's events have caught up), at most MAX_SECONDS; prints the seconds waited, with "+" when it gave up.
quiet_cores() {
  local t0=$SECONDS quiet=0
  while (( SECONDS - t0 < $1 )); do
    if (( $(cpu_busy_pct 2) < 25 )); then quiet=$((quiet + 1)); (( quiet >= 2 )) && { echo "$((SECONDS - t0))"; return 0; }
    else quiet=0; fi
  done
  echo "$((SECONDS - t0))+"
}

# Java classpath of the Vert.x tools (vertx-web + vertx-pg-client at the Quarkus 3.37.1 version).
vertx_cp() {
  local cp_file="$WORK/vertx-cp.txt"
  if [[ ! -s "$cp_file" || "$BENCH_DIR/raw-ratings/pom.xml" -nt "$cp_file" ]]; then
    (cd "$BENCH_DIR/raw-ratings" && "$REPO/mvnw" -B -q -f pom.xml dependency:build-classpath -Dmdep.outputFile="$cp_file") \
      >"$WORK/cp.log" 2>&1 || { cat "$WORK/cp.log" >&2; fail "could not resolve the Vert.x classpath"; }
  fi
  cat "$cp_file"
}

# Compiles the single-file tools once (faster and steadier than the source launcher at every start).
compile_tools() {
  local cp; cp="$(vertx_cp)"
  mkdir -p "$WORK/classes"
  if [[ ! -f "$WORK/classes/.stamp" ]] || [[ -n "$(find "$BENCH_DIR/tools" "$BENCH_DIR/raw-ratings" -name '*.java' -newer "$WORK/classes/.stamp")" ]]; then
    javac -nowarn -d "$WORK/classes" -cp "$cp:$KAFKA_CP" "$BENCH_DIR"/tools/*.java "$BENCH_DIR"/raw-ratings/RawRatings.java \
      >"$WORK/javac.log" 2>&1 || { cat "$WORK/javac.log" >&2; fail "compiling bench tools failed"; }
    touch "$WORK/classes/.stamp"
  fi
  TOOLS_CP="$WORK/classes:$cp:$KAFKA_CP"
}

# bg NAME CMD... : starts a helper process of ours in the background, remembers its PID for cleanup.
bg() {
  local name="$1"; shift
  "$@" >"$WORK/$name.log" 2>&1 &
  local pid=$!
  BG_PIDS+=("$pid")
  echo "$pid" >"$WORK/$name.pid"
}

stop_bg() {  # stop_bg NAME
  local f="$WORK/$1.pid" pid
  [[ -f "$f" ]] || return 0
  pid="$(cat "$f")"
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$f"
}

cleanup_bg() {
  local pid
  for pid in "${BG_PIDS[@]+"${BG_PIDS[@]}"}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${BG_PIDS[@]+"${BG_PIDS[@]}"}"; do wait "$pid" 2>/dev/null || true; done
}

wait_port() {  # wait_port PORT SECONDS
  local deadline=$((SECONDS + $2))
  until (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; do
    (( SECONDS < deadline )) || return 1
    sleep 0.2
  done
}

# Creates a fresh webshop for this run through partner-service's admin API; sets SHOP_ID SHOP_CODE SHOP_PUBLIC.
# Waits (bounded) until the other services learned it over the webshops topic.
new_webshop() {
  local label="$1" body
  body="$(curl -s --max-time 30 -X POST "$PARTNER_ADMIN/admin/webshops" -H "Authorization: Bearer $OPERATOR_TOKEN" \
    -H 'Content-Type: application/json' \
    --data "{\"name\":\"Bench $label\",\"url\":\"https://bench-$label.example\",\"main_language\":\"en\",\"languages\":[\"en\"],\"domains\":[\"bench-$label.example\"],\"address\":{\"street\":\"Bench Street\",\"housenumber\":\"1\",\"postalcode\":\"1000 AA\",\"city\":\"Amsterdam\",\"country\":\"Netherlands\"},\"logo\":\"https://bench-$label.example/logo.png\"}")"
  SHOP_ID="$(jnum "$body" webshop_id)"; SHOP_CODE="$(jstr "$body" code)"
  [[ -n "$SHOP_ID" && -n "$SHOP_CODE" ]] || fail "could not create a bench webshop: $body"
  local deadline=$((SECONDS + 60)) q="id=$SHOP_ID&code=$SHOP_CODE"
  until [[ "$(curl -s --max-time 5 "$BASE_URL/api/1.0/ratings_summary.json?$q")" == *'"success"'* \
        && "$(curl -s --max-time 5 "$BASE_URL/api/1.0/invitations.json?$q")" == *'"success"'* \
        && "$(curl -s --max-time 5 "$BASE_URL/api/1.0/webhooks/list.json?$q")" == *'"success"'* \
        && "$(curl -s --max-time 5 "$BASE_URL/sidebar.js?id=$SHOP_ID&c=1" | wc -c)" -gt 1000 ]]; do
    (( SECONDS < deadline )) || fail "webshop $SHOP_ID not known to every service after 60 s"
    sleep 0.5
  done
  note "webshop $SHOP_ID created and known to every service"
}

# subscribe URL TOPIC RECEIVER_PORT : subscribes, registers the secret with our receiver; sets WEBHOOK_ID
subscribe() {
  local body
  body="$(curl -s --max-time 10 -X POST "$BASE_URL/api/1.0/webhook.json?id=$SHOP_ID&code=$SHOP_CODE" \
    -H 'Content-Type: application/json' --data "{\"url\":\"$1\",\"topic\":\"$2\"}")"
  WEBHOOK_ID="$(jnum "$body" webhook_id)"
  WEBHOOK_SECRET="$(jstr "$body" secret)"
  [[ -n "$WEBHOOK_ID" && -n "$WEBHOOK_SECRET" ]] || fail "subscribing $1 failed: $body"
  curl -s --max-time 5 "http://127.0.0.1:$3/_secret?webhook_id=$WEBHOOK_ID&secret=$WEBHOOK_SECRET" >/dev/null
}

# produce COUNT RATE TAG OUTFILE : ReviewSubmitted events for SHOP_ID to reviews.submitted
produce() {
  java -cp "$TOOLS_CP" ReviewProducer "$KAFKA" "$SHOP_ID" "$1" "$2" "$3" "$4" 2>"$WORK/producer-$3.err"
}

# lines_since FILE OFFSET: the file from byte OFFSET on (a poll of one run's lines reads only those, not every earlier
# run's: the receiver's file grows to 100,000 lines and more)
lines_since() { tail -c "+$(( $2 + 1 ))" "$1" 2>/dev/null; }

# distinct reviews of TAG seen by the receiver (topic reviews.created, valid X-Hash); from byte HOOKS_FROM of the file
# on (default 0; set it to the file's size before a run)
received_distinct() {  # received_distinct FILE TAG
  lines_since "$1" "${HOOKS_FROM:-0}" \
    | awk -v t="$2" '$2 == "reviews.created" && $5 == "ok" && index($7, t "_n") == 1 {s[$7]=1} END {print length(s)}' || echo 0
}

# waits (bounded) until the receiver saw WANT distinct reviews of TAG; prints the count
await_received() {  # await_received FILE TAG WANT SECONDS
  local deadline=$((SECONDS + $4)) n=0
  while :; do
    n="$(received_distinct "$1" "$2")"
    (( n >= $3 || SECONDS >= deadline )) && break
    sleep 0.5
  done
  echo "$n"
}

ratings_total() {
  jnum "$(curl -s --max-time 10 "$BASE_URL/api/1.0/ratings.json?id=$SHOP_ID&code=$SHOP_CODE&limit=1")" total
}

await_ratings_total() {  # await_ratings_total WANT SECONDS
  local deadline=$((SECONDS + $2)) n=0
  while :; do
    n="$(ratings_total)"; n="${n:-0}"
    (( n >= $1 || SECONDS >= deadline )) && break
    sleep 0.5
  done
  echo "$n"
}

# cpu_snapshot FILE: the time and every process's CPU time so far (clock ticks), summed per component: a service
# instance or Kafka (by its PID file), PostgreSQL, the gateway (nginx), everything else (load generators, tools).
cpu_snapshot() {
  local f owners="$WORK/cpu-owners.tmp"
  for f in "$RUN_DIR"/pids/*.pid; do printf '%s %s\n' "$(cat "$f" 2>/dev/null)" "$(basename "$f" .pid)"; done >"$owners"
  # Through cat: a process that ends while the files are read must not end the reading (mawk stops at a file it
  # cannot open), nor the benchmark (cat's non-zero exit failed the pipeline under pipefail: benchmark 5 stopped the
  # whole run when a producer JVM ended during a snapshot). Each stat line starts with its PID.
  { date +%s%N
    { cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk -v owners="$owners" '
      BEGIN { while ((getline l < owners) > 0) { split(l, o, " "); who[o[1]] = o[2] } }
      { pid = $1; line = $0; comm = line; sub(/^[^(]*\(/, "", comm); sub(/\).*/, "", comm); sub(/^.*\) /, "", line)
        split(line, f, " "); w = (pid in who) ? who[pid] : (comm == "postgres") ? "postgresql" : (comm == "nginx") ? "gateway" : "other"
        t[w] += f[12] + f[13] }
      END { for (w in t) print w, t[w] }'
    # the machine as a whole (every process, short-lived ones such as the load generators' JVMs included): busy ticks
    awk '$1 == "cpu" { print "(machine)", $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; } >"$1"
}

# cpu_report BEFORE AFTER: per component, the share of one core it used between the two snapshots ("name 85 %;" ...,
# largest first, then the total of the processes that ran through both snapshots out of nproc x 100 % (ALL) and the
# machine's own busy share from /proc/stat (MACHINE: also the processes that started or ended in between).
cpu_report() {
  awk -v hz="$(getconf CLK_TCK)" -v cores="$(nproc)" '
    FNR == 1 { if (FNR == NR) t0 = $1; else t1 = $1; next }
    FNR == NR { b[$1] = $2; next }
    $1 == "(machine)" { m = $2 - b[$1]; next }
    { d = $2 - b[$1]; if (d > 0) u[$1] = d }
    END { s = (t1 - t0) / 1e9; for (w in u) { total += u[w]; printf "%s %.0f %%\n", w, 100 * u[w] / hz / s }
          printf "ALL %.0f %% of %d00 %%\n", 100 * total / hz / s, cores
          if (m != "") printf "MACHINE %.0f %% of %d00 %%\n", 100 * m / hz / s, cores }' "$1" "$2" | sort -k2 -n -r | tr '\n' ';'
}
