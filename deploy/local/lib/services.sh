# shellcheck shell=bash source-path=SCRIPTDIR
# The five Quarkus services, run from their packaged jars (<module>/target/quarkus-app/quarkus-run.jar)
# with `java $SR_JAVA_OPTS -jar` (JVM flags: see SR_JAVA_OPTS below). Modules, ports and databases:
# deploy/local/services.tsv.
#
# Secrets (OPERATOR_TOKEN, LINK_SIGNING_KEY, SECRET_ENCRYPTION_KEY) are generated once with
# `openssl rand -hex 32` into .run/secrets.env (mode 600) and reused, so tokens and signed links
# stay valid across restarts. Local only: production takes them from Kubernetes Secrets.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

SR_SECRETS="$SR_RUN/secrets.env"
SERVICE_READY_TIMEOUT="${SERVICE_READY_TIMEOUT:-120}"
SUITE_KAFKA_BOOTSTRAP="${SUITE_KAFKA_BOOTSTRAP:-127.0.0.1:9092}"
SUITE_SMTP_PORT="${SUITE_SMTP_PORT:-2525}"
# JVM flags of every service (override with SR_JAVA_OPTS=...): the serial collector (what the JVM picks by itself
# in a container of under 2 CPUs or 1792 MB) and a heap sized for these services, so a service stays small in RSS.
# The initial heap would otherwise be 1/64 of the machine (the whole 160 MB here) though a service's live set is
# ~30 MB: start at 48 MB and give back what a load peak took (free ratios), and return the native memory the JIT
# compilers freed to the system every 5 s (glibc keeps it otherwise).
SR_JAVA_OPTS="${SR_JAVA_OPTS:--XX:+UseSerialGC -Xms48m -Xmx160m -XX:MinHeapFreeRatio=20 -XX:MaxHeapFreeRatio=40 -XX:TrimNativeHeapInterval=5000 -Xss512k -XX:ReservedCodeCacheSize=64m -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true}"

# TrimNativeHeapInterval came with 17.0.9: leave it out on an older JVM rather than fail to start.
if [[ "$SR_JAVA_OPTS" == *TrimNativeHeapInterval* ]] && ! java -XX:TrimNativeHeapInterval=5000 -version >/dev/null 2>&1; then
  SR_JAVA_OPTS="$(sed -E 's/ ?-XX:TrimNativeHeapInterval=[0-9]+//' <<<"$SR_JAVA_OPTS")"
fi

service_jar() { printf '%s/%s/target/quarkus-app/quarkus-run.jar' "$SR_ROOT" "$1"; }

_random_hex() {
  if command -v openssl >/dev/null 2>&1; then
    openssl rand -hex 32
  else
    od -An -N32 -tx1 /dev/urandom | tr -d ' \n'
  fi
}

# Creates .run/secrets.env once; loads OPERATOR_TOKEN, LINK_SIGNING_KEY, SECRET_ENCRYPTION_KEY.
services_load_secrets() {
  if [[ ! -s "$SR_SECRETS" ]]; then
    info "generating local secrets into $SR_SECRETS (mode 600)"
    write_private "$SR_SECRETS" <<EOF
# Local development secrets of the shopreviews suite, generated once by deploy/local/up.
# Delete this file (and the service databases: deploy/local/down --purge) to start over.
OPERATOR_TOKEN=$(_random_hex)
LINK_SIGNING_KEY=$(_random_hex)
SECRET_ENCRYPTION_KEY=$(_random_hex)
EOF
  fi
  chmod 600 "$SR_SECRETS"
  local key value
  while IFS='=' read -r key value; do
    case "$key" in
      OPERATOR_TOKEN|LINK_SIGNING_KEY|SECRET_ENCRYPTION_KEY) printf -v "$key" '%s' "$value" ;;
    esac
  done <"$SR_SECRETS"
  [[ -n "${OPERATOR_TOKEN:-}" && -n "${LINK_SIGNING_KEY:-}" && -n "${SECRET_ENCRYPTION_KEY:-}" ]] \
    || die "$SR_SECRETS is incomplete: delete it to regenerate"
}

# Fails clearly when a service module does not exist yet.
services_check_modules() {
  local svc _p _d missing=()
  while read -r svc _p _d; do
    [[ -f "$SR_ROOT/$svc/pom.xml" ]] || missing+=("$svc")
  done < <(services_table)
  if (( ${#missing[@]} )); then
    die "module(s) without a pom.xml yet: ${missing[*]} (the service is not written yet).
       Start only the infrastructure with: deploy/local/up --infra-only"
  fi
}

# Prints why a build is needed (empty when every jar exists and is newer than its sources).
services_build_reason() {
  local svc _p _d jar newer
  while read -r svc _p _d; do
    jar="$(service_jar "$svc")"
    if [[ ! -f "$jar" ]]; then
      printf '%s has no packaged jar (%s)' "$svc" "${jar#"$SR_ROOT/"}"
      return 0
    fi
    local sources=("$SR_ROOT/pom.xml" "$SR_ROOT/$svc/pom.xml")
    [[ -d "$SR_ROOT/$svc/src/main" ]] && sources+=("$SR_ROOT/$svc/src/main")
    [[ -f "$SR_ROOT/common/pom.xml" ]] && sources+=("$SR_ROOT/common/pom.xml")
    [[ -d "$SR_ROOT/common/src/main" ]] && sources+=("$SR_ROOT/common/src/main")
    newer="$(find "${sources[@]}" -type f -newer "$jar" -print -quit 2>/dev/null || true)"
    if [[ -n "$newer" ]]; then
      printf '%s jar is older than %s' "$svc" "${newer#"$SR_ROOT/"}"
      return 0
    fi
  done < <(services_table)
}

# Packages all modules: ./mvnw -B -q -DskipTests package (output also in .run/logs/build.log).
services_build() {
  local reason="${1:-forced with --build}"
  log "Building the services ($reason)"
  info "./mvnw -B -q -DskipTests package -Dquarkus.package.jar.appcds.enabled=true  (log: $SR_LOGS/build.log)"
  # With an AppCDS archive (target/quarkus-app/app-cds.jsa) per service: its classes load from a mapped archive.
  if ! (cd "$SR_ROOT" && ./mvnw -B -q -DskipTests package -Dquarkus.package.jar.appcds.enabled=true) 2>&1 | tee "$SR_LOGS/build.log"; then
    die "the build failed (see $SR_LOGS/build.log)"
  fi
  local svc _p _d
  while read -r svc _p _d; do
    [[ -f "$(service_jar "$svc")" ]] || die "the build did not produce $(service_jar "$svc") (is $svc a Quarkus module with packaging jar?)"
  done < <(services_table)
  info "build done"
}

_jar_stamp() { stat -c %Y "$1" 2>/dev/null || echo 0; }

# service_start NAME PORT DATABASE: starts one service (no wait); restarts it when its jar changed.
service_start() {
  local svc="$1" port="$2" db="$3" jar pid stamp_file
  jar="$(service_jar "$svc")"
  stamp_file="$SR_RUN/services/$svc.jar-stamp"
  [[ -f "$jar" ]] || die "$jar is missing: build first (deploy/local/up --build)"
  if pid="$(running_pid "$svc")"; then
    if [[ "$(cat "$stamp_file" 2>/dev/null || true)" == "$(_jar_stamp "$jar")" ]]; then
      info "$svc already running (pid $pid, port $port)"
      return 0
    fi
    info "$svc: jar rebuilt since start, restarting"
    stop_pid "$svc" 20
  fi
  if port_open "$port"; then
    die "port $port is already in use by another process ($(port_owner "$port")): cannot start $svc"
  fi
  mkdir -p "$SR_RUN/services/$svc"
  # The working directory is the packaged target/quarkus-app: Quarkus reads .env and config/ from it (the build
  # puts neither there, so nothing from the source tree leaks in), and an AppCDS archive only loads with the
  # class path it was made with, the relative quarkus-run.jar. -Dsr.local.app-dir names this checkout on the
  # command line, which running_pid's recycled-PID guard looks for. Everything else comes from these variables.
  local appdir cds=()
  appdir="$(dirname "$jar")"
  [[ -f "$appdir/app-cds.jsa" ]] && cds=(-XX:SharedArchiveFile=app-cds.jsa)
  pid="$(start_bg "$svc" "$appdir" env \
      MALLOC_ARENA_MAX=2 \
      QUARKUS_HTTP_HOST=127.0.0.1 \
      QUARKUS_HTTP_PORT="$port" \
      DB_HOST=127.0.0.1 DB_PORT=5432 DB_NAME="$db" DB_USER="$db" DB_PASSWORD="$db" \
      KAFKA_BOOTSTRAP_SERVERS="$SUITE_KAFKA_BOOTSTRAP" \
      SMTP_HOST=127.0.0.1 SMTP_PORT="$SUITE_SMTP_PORT" \
      PUBLIC_BASE_URL="http://127.0.0.1:$GATEWAY_PORT" \
      OPERATOR_TOKEN="$OPERATOR_TOKEN" \
      LINK_SIGNING_KEY="$LINK_SIGNING_KEY" \
      SECRET_ENCRYPTION_KEY="$SECRET_ENCRYPTION_KEY" \
      WEBHOOK_ALLOW_LOOPBACK=true \
      java $SR_JAVA_OPTS "${cds[@]}" -Dsr.local.app-dir="$appdir" -jar quarkus-run.jar)"  # SR_JAVA_OPTS: word splitting intended
  _jar_stamp "$jar" >"$stamp_file"
  info "$svc started (pid $pid, port $port, log $(logfile_of "$svc"))"
}

# service_wait_ready NAME PORT: waits for /q/health/ready = 200.
service_wait_ready() {
  local svc="$1" port="$2" logfile pid code body=""
  logfile="$(logfile_of "$svc")"
  local deadline=$((SECONDS + SERVICE_READY_TIMEOUT))
  while :; do
    code="$(curl -s -o "$SR_RUN/services/$svc.health" -w '%{http_code}' --max-time 5 "http://127.0.0.1:$port/q/health/ready" 2>/dev/null || true)"
    [[ "$code" == 200 ]] && break
    if ! pid="$(running_pid "$svc")"; then
      show_log_tail "$logfile" 40
      die "$svc exited during startup: see its log $logfile"
    fi
    if (( SECONDS >= deadline )); then
      body="$(head -c 600 "$SR_RUN/services/$svc.health" 2>/dev/null || true)"
      show_log_tail "$logfile" 40
      die "$svc (pid $pid) not ready after ${SERVICE_READY_TIMEOUT}s: http://127.0.0.1:$port/q/health/ready answered '${code:-nothing}' ${body}
       see its log: $logfile"
    fi
    sleep 1
  done
  info "$svc ready on http://127.0.0.1:$port"
}

# Starts all five (in parallel: the JVMs boot together), then waits for each to be ready.
services_start_all() {
  log "Services (ready check: /q/health/ready, timeout ${SERVICE_READY_TIMEOUT}s each)"
  require_java
  services_load_secrets
  local svc port db missing=()
  while read -r svc port db; do
    [[ -f "$(service_jar "$svc")" ]] || missing+=("${svc}/target/quarkus-app/quarkus-run.jar")
  done < <(services_table)
  (( ${#missing[@]} == 0 )) || die "packaged jar(s) missing: ${missing[*]}
       build them: deploy/local/up --build (runs ./mvnw -B -q -DskipTests package)"
  while read -r svc port db; do
    service_start "$svc" "$port" "$db"
  done < <(services_table)
  while read -r svc port db; do
    service_wait_ready "$svc" "$port"
  done < <(services_table)
}

# Stops the five at once (TERM, KILL after 20 s).
services_stop_all() {
  local names=() svc _p _d
  while read -r svc _p _d; do names+=("$svc"); done < <(services_table)
  stop_pids 20 "${names[@]}"
}

services_status() {
  local svc port _d code
  while read -r svc port _d; do
    code=""
    if running_pid "$svc" >/dev/null; then
      code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 3 "http://127.0.0.1:$port/q/health/ready" 2>/dev/null || true)"
      case "$code" in 200) code="ready" ;; *) code="not ready (health: ${code:-no answer})" ;; esac
    fi
    proc_status "$svc" "$port" "$code"
  done < <(services_table)
}
