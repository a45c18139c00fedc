# shellcheck shell=bash source-path=SCRIPTDIR
# The five Quarkus services, run from their packaged jars (<module>/target/<module>-runner.jar, one jar each)
# with `java $SR_JAVA_OPTS -jar` (JVM flags: see SR_JAVA_OPTS below) and a trained AppCDS archive (see
# service_start). Modules, ports and databases:
# deploy/local/services.tsv.
#
# Secrets (OPERATOR_TOKEN, LINK_SIGNING_KEY, SECRET_ENCRYPTION_KEY) are generated once with
# `openssl rand -hex 32` into .run/secrets.env (mode 600) and reused, so tokens and signed links
# stay valid across restarts. Local only: production takes them from Kubernetes Secrets.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/kafka.sh"

SR_SECRETS="$SR_RUN/secrets.env"
SERVICE_READY_TIMEOUT="${SERVICE_READY_TIMEOUT:-120}"
SUITE_KAFKA_BOOTSTRAP="${SUITE_KAFKA_BOOTSTRAP:-127.0.0.1:$((9092 + SR_PORT_OFFSET))}"
SUITE_SMTP_PORT="${SUITE_SMTP_PORT:-$((2525 + SR_PORT_OFFSET))}"
# The PostgreSQL server the services use: lib/postgres.sh's PG_HOST/PG_PORT (127.0.0.1:5432 unless set, e.g. by
# deploy/local/restore-drill, which runs the suite on a throw-away cluster of its own).
SUITE_DB_HOST="${PG_HOST:-127.0.0.1}"
SUITE_DB_PORT="${PG_PORT:-5432}"
# JVM flags of every service (override with SR_JAVA_OPTS=...): deploy/jvm.options, the image's too (one flag a line;
# why each: deploy/local/README.md, "Services' environment").
SR_JAVA_OPTS="${SR_JAVA_OPTS:-$(sed -e 's/#.*//' "$SR_ROOT/deploy/jvm.options" | tr -s ' \n' ' ')}"
# Each service's compilers, the jit column of services.tsv (SR_JIT=c1|tiered|lean overrides it for all five; the
# variables below can be overridden to compare flags): c1 runs only the C1 compiler: 18-29 MB less RSS after the
# load benchmarks (no profiled code, no profiles in metaspace) and a start with no C2 thread competing for the two
# cores, for services whose requests wait on PostgreSQL, Kafka or HTTP (partner, webhooks, embed). tiered keeps C2
# where the CPU is the limit (ratings.json reads: half the speed with C1 only; invitations.json adds: ~25 % slower),
# with C1's profiling thresholds at 5 x their defaults: thousands of methods a start or a request runs a few hundred
# times stay interpreted instead of compiled with profiles (code cache 26 -> 21 MB, ~10 MB less RSS after a load).
# lean: the same with C1's invocation thresholds at 25 x (ratings-service): code cache ~18 MB, another ~16 MB less RSS
# after a load, for a start that may be ~5-10 % later (measured within the noise) and a slower first 15 s of load.
# c1 also takes C1's thresholds at 5 x (as tiered): a smaller code cache, 4-5 MB less RSS after the sidebar benchmarks.
SR_JIT_C1_OPTS="${SR_JIT_C1_OPTS-"-XX:TieredStopAtLevel=1 -XX:Tier3InvocationThreshold=1000 -XX:Tier3MinInvocationThreshold=500 -XX:Tier3CompileThreshold=10000 -XX:Tier3BackEdgeThreshold=300000"}"
SR_JIT_TIERED_OPTS="${SR_JIT_TIERED_OPTS-"-XX:Tier3InvocationThreshold=1000 -XX:Tier3MinInvocationThreshold=500 -XX:Tier3CompileThreshold=10000 -XX:Tier3BackEdgeThreshold=300000"}"
SR_JIT_LEAN_OPTS="${SR_JIT_LEAN_OPTS-"-XX:Tier3InvocationThreshold=5000 -XX:Tier3MinInvocationThreshold=2500 -XX:Tier3CompileThreshold=50000 -XX:Tier3BackEdgeThreshold=300000"}"
# The services' java launcher: SR_JAVA=/usr/lib/jvm/<jdk>/bin/java runs them on another JDK (17 or newer). On JDK 25
# or newer their class archive is an AOT cache (JEP 483/514/515: classes loaded and linked, plus method profiles),
# written by the same training start; before 25 a dynamic AppCDS archive (deploy/local/README, "Class archives").
SR_JAVA="${SR_JAVA:-java}"
# How long a service in its training start may take to stop: it writes its class archive (~110 MB) on the way out.
SERVICE_TRAINING_STOP_TIMEOUT="${SERVICE_TRAINING_STOP_TIMEOUT:-120}"

# TrimNativeHeapInterval came with 17.0.9: leave it out on an older JVM rather than fail to start.
if [[ "$SR_JAVA_OPTS" == *TrimNativeHeapInterval* ]] && ! "$SR_JAVA" -XX:TrimNativeHeapInterval=5000 -version >/dev/null 2>&1; then
  SR_JAVA_OPTS="$(sed -E 's/ ?-XX:TrimNativeHeapInterval=[0-9]+//' <<<"$SR_JAVA_OPTS")"
fi

# _jit_opts NAME: the JVM flags of the service's jit mode (SR_JIT, else its services.tsv column).
_jit_opts() {
  case "${SR_JIT:-$(service_jit "$1")}" in
    c1) printf '%s' "$SR_JIT_C1_OPTS" ;;
    tiered) printf '%s' "$SR_JIT_TIERED_OPTS" ;;
    lean) printf '%s' "$SR_JIT_LEAN_OPTS" ;;
    *) return 1 ;;
  esac
}

service_jar() { printf '%s/%s/target/%s-runner.jar' "$SR_ROOT" "$1" "$1"; }

# The feature release of $SR_JAVA (17, 25, ...), asked once (0 when it does not run).
_SR_JAVA_FEATURE="$("$SR_JAVA" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')"
_java_feature() { printf '%s' "${_SR_JAVA_FEATURE:-0}"; }
# Whether $SR_JAVA writes and reads AOT caches (JDK 25+: -XX:AOTCacheOutput with one training run).
_aot_cache() { (( $(_java_feature) >= 25 )); }
# Flags only JDK 25+ knows, after $SR_JAVA_OPTS: compact object headers (JEP 519; 8-byte headers, smaller heap).
SR_JAVA25_OPTS="${SR_JAVA25_OPTS-"-XX:+UseCompactObjectHeaders"}"
_jdk_opts() { if _aot_cache; then printf '%s' "$SR_JAVA25_OPTS"; fi; }

# The service's class archive, written by its training start (service_start) next to the jar: an AOT cache of this
# JDK (<module>-runner.jdk25.aot) on JDK 25+, else the AppCDS archive <module>-runner.jsa.
service_archive() {
  if _aot_cache; then
    printf '%s/%s/target/%s-runner.jdk%s.aot' "$SR_ROOT" "$1" "$1" "$(_java_feature)"
  else
    printf '%s/%s/target/%s-runner.jsa' "$SR_ROOT" "$1" "$1"
  fi
}
# The JVM flags that read ($1 = use), check ($1 = check: map it or fail) or write ($1 = train) the class archive
# file $2 (a relative name).
_archive_flags() {
  case "$1:$(_aot_cache && echo aot || echo cds)" in
    use:aot) printf '%s\n' "-XX:AOTCache=$2" ;;
    use:cds) printf '%s\n' "-XX:SharedArchiveFile=$2" ;;
    check:aot) printf '%s\n' "-XX:AOTCache=$2" -XX:AOTMode=on ;;
    check:cds) printf '%s\n' "-XX:SharedArchiveFile=$2" -Xshare:on ;;
    # -Xlog: the dump's warnings about each class it skips (thousands) stay out of the log.
    train:aot) printf '%s\n' "-XX:AOTCacheOutput=$2" -Xlog:aot*=off -Xlog:cds*=off ;;
    train:cds) printf '%s\n' "-XX:ArchiveClassesAtExit=$2" -Xlog:cds=off -Xlog:cds+dynamic=off ;;
  esac
}
_training_mark() { printf '%s/services/%s.training' "$SR_RUN" "$1"; }

# A TOTP secret (RFC 6238): 20 random bytes in base32, as authenticator apps take it.
_random_totp_secret() { head -c 20 /dev/urandom | base32 | tr -d '=\n'; }

_random_hex() {
  if command -v openssl >/dev/null 2>&1; then
    openssl rand -hex 32
  else
    od -An -N32 -tx1 /dev/urandom | tr -d ' \n'
  fi
}

# Creates .run/secrets.env once (and adds a key a later version needs); loads OPERATOR_TOKEN, LINK_SIGNING_KEY,
# SECRET_ENCRYPTION_KEY, PRIVACY_SESSION_KEY, OPERATOR_SESSION_KEY, DASHBOARD_SESSION_KEY, OPERATOR_BOOTSTRAP_PASSWORD, OPERATOR_BOOTSTRAP_TOTP.
services_load_secrets() {
  if [[ ! -s "$SR_SECRETS" ]]; then
    info "generating local secrets into $SR_SECRETS (mode 600)"
    write_private "$SR_SECRETS" <<EOF
# Local development secrets of the shopreviews suite, generated once by deploy/local/up.
# Delete this file (and the service databases: deploy/local/down --purge) to start over.
OPERATOR_TOKEN=$(_random_hex)
LINK_SIGNING_KEY=$(_random_hex)
SECRET_ENCRYPTION_KEY=$(_random_hex)
PRIVACY_SESSION_KEY=$(_random_hex)
OPERATOR_SESSION_KEY=$(_random_hex)
DASHBOARD_SESSION_KEY=$(_random_hex)
OPERATOR_BOOTSTRAP_PASSWORD=$(_random_hex)
OPERATOR_BOOTSTRAP_TOTP=$(_random_totp_secret)
EOF
  fi
  chmod 600 "$SR_SECRETS"
  grep -q '^PRIVACY_SESSION_KEY=' "$SR_SECRETS" || echo "PRIVACY_SESSION_KEY=$(_random_hex)" >>"$SR_SECRETS"
  grep -q '^OPERATOR_SESSION_KEY=' "$SR_SECRETS" || echo "OPERATOR_SESSION_KEY=$(_random_hex)" >>"$SR_SECRETS"
  grep -q '^DASHBOARD_SESSION_KEY=' "$SR_SECRETS" || echo "DASHBOARD_SESSION_KEY=$(_random_hex)" >>"$SR_SECRETS"
  grep -q '^OPERATOR_BOOTSTRAP_PASSWORD=' "$SR_SECRETS" || echo "OPERATOR_BOOTSTRAP_PASSWORD=$(_random_hex)" >>"$SR_SECRETS"
  grep -q '^OPERATOR_BOOTSTRAP_TOTP=' "$SR_SECRETS" || echo "OPERATOR_BOOTSTRAP_TOTP=$(_random_totp_secret)" >>"$SR_SECRETS"
  local key value
  while IFS='=' read -r key value; do
    case "$key" in
      OPERATOR_TOKEN|LINK_SIGNING_KEY|SECRET_ENCRYPTION_KEY|PRIVACY_SESSION_KEY|OPERATOR_SESSION_KEY|DASHBOARD_SESSION_KEY|OPERATOR_BOOTSTRAP_PASSWORD|OPERATOR_BOOTSTRAP_TOTP) printf -v "$key" '%s' "$value" ;;
    esac
  done <"$SR_SECRETS"
  [[ -n "${OPERATOR_TOKEN:-}" && -n "${LINK_SIGNING_KEY:-}" && -n "${SECRET_ENCRYPTION_KEY:-}" \
     && -n "${PRIVACY_SESSION_KEY:-}" && -n "${OPERATOR_SESSION_KEY:-}" && -n "${DASHBOARD_SESSION_KEY:-}" && -n "${OPERATOR_BOOTSTRAP_PASSWORD:-}" \
     && -n "${OPERATOR_BOOTSTRAP_TOTP:-}" ]] \
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
  info "./mvnw -B -q -DskipTests package  (log: $SR_LOGS/build.log)"
  if ! (cd "$SR_ROOT" && ./mvnw -B -q -DskipTests package) 2>&1 | tee "$SR_LOGS/build.log"; then
    die "the build failed (see $SR_LOGS/build.log)"
  fi
  local svc _p _d
  while read -r svc _p _d; do
    [[ -f "$(service_jar "$svc")" ]] || die "the build did not produce $(service_jar "$svc") (is $svc a Quarkus module with packaging jar?)"
  done < <(services_table)
  info "build done"
}

_jar_stamp() { stat -c %Y "$1" 2>/dev/null || echo 0; }

# service_env PORT DATABASE SERVICE: the environment a service of the local suite runs with, one NAME=value per
# line (after services_load_secrets). The jars run in the prod profile, whose console logs are JSON (for a cluster's
# log collector): _PROD_QUARKUS_LOG_CONSOLE_JSON_ENABLED=false keeps .run/logs/<service>.log as readable text lines.
# Traces go to OTEL_EXPORTER_OTLP_ENDPOINT when `up` runs with it set (empty: not recorded, context still travels).
# Kafka: the service's own broker user (SCRAM-SHA-512, kafka/acls.txt), passed as deploy/k8s passes it: KAFKA_*
# variables that Quarkus hands to the Kafka clients as the kafka.* properties they name.
service_env() {
  printf '%s\n' MALLOC_ARENA_MAX=2 QUARKUS_HTTP_HOST=127.0.0.1 "QUARKUS_HTTP_PORT=$1" _PROD_QUARKUS_LOG_CONSOLE_JSON_ENABLED=false \
    "DB_HOST=$SUITE_DB_HOST" "DB_PORT=$SUITE_DB_PORT" "DB_NAME=$2" "DB_USER=$2" "DB_PASSWORD=$2" \
    "KAFKA_BOOTSTRAP_SERVERS=$SUITE_KAFKA_BOOTSTRAP" SMTP_HOST=127.0.0.1 "SMTP_PORT=$SUITE_SMTP_PORT" \
    "PUBLIC_BASE_URL=http://127.0.0.1:$GATEWAY_PORT" "OPERATOR_TOKEN=$OPERATOR_TOKEN" \
    "LINK_SIGNING_KEY=$LINK_SIGNING_KEY" "SECRET_ENCRYPTION_KEY=$SECRET_ENCRYPTION_KEY" \
    "PRIVACY_SESSION_KEY=$PRIVACY_SESSION_KEY" "OPERATOR_SESSION_KEY=$OPERATOR_SESSION_KEY" \
    "DASHBOARD_SESSION_KEY=$DASHBOARD_SESSION_KEY" \
    OPERATOR_BOOTSTRAP_NAME=operator "OPERATOR_BOOTSTRAP_PASSWORD=$OPERATOR_BOOTSTRAP_PASSWORD" \
    "OPERATOR_BOOTSTRAP_TOTP=$OPERATOR_BOOTSTRAP_TOTP" WEBHOOK_ALLOW_LOOPBACK=true \
    KAFKA_SECURITY_PROTOCOL=SASL_PLAINTEXT KAFKA_SASL_MECHANISM=SCRAM-SHA-512 \
    "KAFKA_SASL_JAAS_CONFIG=$(kafka_jaas "$3" "$(kafka_password kafka "$3")")" \
    "OTEL_EXPORTER_OTLP_ENDPOINT=${OTEL_EXPORTER_OTLP_ENDPOINT:-}"
}

# service_start NAME PORT DATABASE [MODULE]: starts one instance of a service (no wait); restarts it when its jar
# changed. MODULE (default NAME) names the service of a replica instance (<module>-2, see service_instances).
service_start() {
  local svc="$1" port="$2" db="$3" module="${4:-$1}" jar pid stamp_file
  jar="$(service_jar "$module")"
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
  service_migrate "$module" "$db" "$jar"
  # The working directory is the module's target/: Quarkus reads .env and config/ from it (the build puts neither
  # there, so nothing from the source tree leaks in), and an AppCDS archive only loads with the class path it was
  # written with, the relative <module>-runner.jar. -Dsr.local.app-dir names this checkout on the command line,
  # which running_pid's recycled-PID guard looks for. Everything else comes from these variables.
  local appdir archive jit_opts cds=()
  appdir="$(dirname "$jar")"
  jit_opts="$(_jit_opts "$module")" || die "services.tsv: unknown jit '$(service_jit "$module")' for $module (c1, tiered or lean)"
  archive="$(service_archive "$module")"
  [[ "$svc" == "$module" ]] && rm -f "$(_training_mark "$svc")"
  if [[ "${SR_CLASS_ARCHIVES:-on}" == off ]]; then
    :  # a one-off suite (deploy/local/e2e's own): no training start, whose archive only speeds up later starts
  elif [[ -f "$archive" && "$archive" -nt "$jar" ]]; then
    # ~18,000 classes come parsed and verified from the mapped archive: ready in ~2 s instead of ~3.5 s.
    mapfile -t cds < <(_archive_flags use "$(basename "$archive")")
  elif [[ -f "$archive.none" && "$archive.none" -nt "$jar" ]] || [[ "$svc" != "$module" ]]; then
    :  # no archive for this jar (services_finish_training warned), or a replica: only instance 1 trains one
  else
    # Training start (first start of a new jar): the JVM writes every class it loaded into the archive when it
    # exits (dynamic AppCDS, JDK 13+, or an AOT cache, JDK 25+); services_finish_training stops it once it is
    # ready and starts it again. Into .part first, so a start that is killed midway leaves no half archive behind.
    mapfile -t cds < <(_archive_flags train "$(basename "$archive").part")
    rm -f "$archive" "$archive.part" "$archive.none"
    : >"$(_training_mark "$svc")"
    info "$svc: first start of this jar, trains its class archive ($(basename "$archive"))"
  fi
  local environment
  mapfile -t environment < <(service_env "$port" "$db" "$module")
  # shellcheck disable=SC2046,SC2086 # the *_OPTS and _jdk_opts are flag lists: word splitting intended
  pid="$(start_bg "$svc" "$appdir" env "${environment[@]}" \
      "$SR_JAVA" $SR_JAVA_OPTS $(_jdk_opts) $jit_opts "${cds[@]}" -Dsr.local.app-dir="$appdir" -jar "$(basename "$jar")")"  # *_OPTS: word splitting intended
  _jar_stamp "$jar" >"$stamp_file"
  info "$svc started (pid $pid, port $port, log $(logfile_of "$svc"))"
}

# service_migrate NAME DATABASE JAR: applies the jar's schema migrations (Flyway, db/common and db/migration) with
# a plain JVM, dev.shopreviews.common.migration.Migrate, before the service starts: the services carry no Flyway,
# JDBC driver or pool of their own (~900 classes, ~9 MB RSS less each); deploy/k8s runs the same main as each pod's
# init container. Skipped when this jar already migrated this database and its history still holds what it did
# (a rebuilt jar or a recreated database migrates again).
service_migrate() {
  local svc="$1" db="$2" jar="$3" mark log applied
  mark="$SR_RUN/services/$svc.migrated"
  log="$SR_LOGS/$svc-migrate.log"
  applied="$(_migrations_applied "$db")"
  [[ -n "$applied" && "$(cat "$mark" 2>/dev/null || true)" == "$(_jar_stamp "$jar") $db $applied" ]] && return 0
  info "$svc: applying its schema migrations to database $db (log $log)"
  if ! (cd "$(dirname "$jar")" && env DB_HOST="$SUITE_DB_HOST" DB_PORT="$SUITE_DB_PORT" DB_NAME="$db" DB_USER="$db" DB_PASSWORD="$db" \
        "$SR_JAVA" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx128m -cp "$(basename "$jar")" \
        dev.shopreviews.common.migration.Migrate) >"$log" 2>&1; then
    show_log_tail "$log" 20
    die "$svc: the schema migration of database $db failed (log $log)"
  fi
  printf '%s %s %s\n' "$(_jar_stamp "$jar")" "$db" "$(_migrations_applied "$db")" >"$mark"
}

# How many migrations the database's Flyway history records as applied (empty when it has no history yet).
_migrations_applied() {
  PGPASSWORD="$1" psql -h "$SUITE_DB_HOST" -p "$SUITE_DB_PORT" -U "$1" -d "$1" -w -Atqc \
    'select count(*) from flyway_schema_history where success' 2>/dev/null || true
}

# service_wait_ready NAME PORT: waits for /q/health/ready = 200 (the database), then for /q/health/group/kafka = 200
# (every channel has its broker and partitions; no longer part of readiness, docs/operations.md "Observability"), so
# a suite reported ready consumes at once, as before.
service_wait_ready() {
  local svc="$1" port="$2" logfile pid code body="" path
  logfile="$(logfile_of "$svc")"
  local deadline=$((SECONDS + SERVICE_READY_TIMEOUT))
  while :; do
    path=/q/health/ready
    code="$(curl -s -o "$SR_RUN/services/$svc.health" -w '%{http_code}' --max-time 5 "http://127.0.0.1:$port$path" 2>/dev/null || true)"
    if [[ "$code" == 200 ]]; then
      path=/q/health/group/kafka
      code="$(curl -s -o "$SR_RUN/services/$svc.health" -w '%{http_code}' --max-time 5 "http://127.0.0.1:$port$path" 2>/dev/null || true)"
      [[ "$code" == 200 ]] && break
    fi
    if ! pid="$(running_pid "$svc")"; then
      show_log_tail "$logfile" 40
      die "$svc exited during startup: see its log $logfile"
    fi
    if (( SECONDS >= deadline )); then
      body="$(head -c 600 "$SR_RUN/services/$svc.health" 2>/dev/null || true)"
      show_log_tail "$logfile" 40
      die "$svc (pid $pid) not ready after ${SERVICE_READY_TIMEOUT}s: http://127.0.0.1:$port$path answered '${code:-nothing}' ${body}
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
    [[ -f "$(service_jar "$svc")" ]] || missing+=("${svc}/target/${svc}-runner.jar")
  done < <(services_table)
  (( ${#missing[@]} == 0 )) || die "packaged jar(s) missing: ${missing[*]}
       build them: deploy/local/up --build (runs ./mvnw -B -q -DskipTests package)"
  while read -r svc port db; do
    service_start "$svc" "$port" "$db"
  done < <(services_table)
  while read -r svc port db; do
    service_wait_ready "$svc" "$port"
  done < <(services_table)
  services_finish_training
  services_start_replicas
}

# Instances 2..N of every service (up --replicas N), started once instance 1 wrote its class archive; instances
# beyond N that still run from an earlier `up --replicas` are stopped.
services_start_replicas() {
  local name svc port db extra=()
  while read -r name svc port db; do
    [[ "$name" == "$svc" ]] || service_start "$name" "$port" "$db" "$svc"
  done < <(service_instances)
  while read -r name svc port db; do
    [[ "$name" == "$svc" ]] || service_wait_ready "$name" "$port"
  done < <(service_instances)
  while read -r name svc port db; do
    [[ "$name" == "$svc" ]] || grep -q "^$name " < <(service_instances) || extra+=("$name")
  done < <(service_instances "$SR_MAX_REPLICAS")
  (( ${#extra[@]} == 0 )) || stop_pids 20 "${extra[@]}"
}

# _archive_loads NAME FILE: the JVM maps FILE with the service's jar and checks its checksums. A truncated archive
# (a disk that filled up, a stop that ran out of time) would otherwise crash every start of the service (SIGBUS).
_archive_loads() {
  local jar; jar="$(service_jar "$1")"
  # The subshell waits for java itself (no exec), so the shell's "Aborted" notice of a crash goes to /dev/null too.
  local flags; mapfile -t flags < <(_archive_flags check "$(basename "$2")")
  # With the services' flags: an AOT cache only loads with the object layout (e.g. compact headers) it was made with.
  # shellcheck disable=SC2046,SC2086 # flag lists: word splitting intended
  (cd "$(dirname "$jar")" && "$SR_JAVA" $SR_JAVA_OPTS $(_jdk_opts) "${flags[@]}" -XX:+VerifySharedSpaces \
      -XX:ErrorFile="$SR_LOGS/$1-archive-check-hs_err.log" -cp "$(basename "$jar")" -version >/dev/null 2>&1
   rc=$?; exit "$rc") 2>/dev/null
}

# Services in their training start (see service_start) are ready: stop them together, which writes their class
# archives, and start them again from the archives. Once per build; a failed training only costs the speed-up.
services_finish_training() {
  local svc port db names=()
  while read -r svc port db; do
    [[ -f "$(_training_mark "$svc")" ]] && names+=("$svc")
  done < <(services_table)
  (( ${#names[@]} )) || return 0
  info "writing the class archives of ${names[*]} (stopping them; up to ${SERVICE_TRAINING_STOP_TIMEOUT}s)"
  stop_pids "$SERVICE_TRAINING_STOP_TIMEOUT" "${names[@]}"
  local archive
  for svc in "${names[@]}"; do
    rm -f "$(_training_mark "$svc")"
    archive="$(service_archive "$svc")"
    if [[ -s "$archive.part" ]] && _archive_loads "$svc" "$archive.part"; then
      mv -f "$archive.part" "$archive"
    else
      rm -f "$archive.part"
      warn "$svc wrote no usable class archive: it starts without one (slower) until the next build"
      : >"$archive.none"
    fi
  done
  while read -r svc port db; do
    if [[ " ${names[*]} " == *" $svc "* ]]; then service_start "$svc" "$port" "$db"; fi
  done < <(services_table)
  while read -r svc port db; do
    if [[ " ${names[*]} " == *" $svc "* ]]; then service_wait_ready "$svc" "$port"; fi
  done < <(services_table)
}

# Stops every instance of the five at once (TERM, KILL after 20 s).
services_stop_all() {
  local names=() name _s _p _d
  while read -r name _s _p _d; do names+=("$name"); done < <(service_instances "$SR_MAX_REPLICAS")
  stop_pids 20 "${names[@]}"
}

services_status() {
  local svc port _m _d code
  while read -r svc _m port _d; do
    code=""
    if running_pid "$svc" >/dev/null; then
      code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 3 "http://127.0.0.1:$port/q/health/ready" 2>/dev/null || true)"
      case "$code" in 200) code="ready" ;; *) code="not ready (health: ${code:-no answer})" ;; esac
    fi
    proc_status "$svc" "$port" "$code"
  done < <(service_instances)
}
