# shellcheck shell=bash source-path=SCRIPTDIR
# Shared helpers for the local run scripts (sourced, never executed).
#
# Layout (both folders are git-ignored):
#   deploy/local/.run/          all state: PID files, generated configs, data, secrets, logs
#   deploy/local/.run/logs/     one log file per process
#   deploy/local/.cache/        downloaded artifacts (Kafka libs, GreenMail jar)

[[ -n "${_SR_COMMON_LOADED:-}" ]] && return 0
_SR_COMMON_LOADED=1

SR_LOCAL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SR_ROOT="$(cd "$SR_LOCAL_DIR/../.." && pwd)"
# SR_RUN may be set to run a second, separate state (deploy/local/restore-drill runs its suite in .run/drill/suite).
SR_RUN="${SR_RUN:-$SR_LOCAL_DIR/.run}"
SR_CACHE="$SR_LOCAL_DIR/.cache"
SR_LOGS="$SR_RUN/logs"
SR_PIDS="$SR_RUN/pids"

# SR_PORT_OFFSET=N moves every port of the suite (gateway, services, Kafka, GreenMail) up by N, so a second checkout's
# suite (e.g. an e2e run, SR_PORT_OFFSET=3000; not 2000: fetch refuses the gateway port 10080) can run beside the developer's; 0 by default. The test instances of
# deploy/local/test keep their fixed ports.
SR_PORT_OFFSET="${SR_PORT_OFFSET:-0}"
[[ "$SR_PORT_OFFSET" =~ ^[0-9]{1,4}$ ]] || { echo "ERROR: SR_PORT_OFFSET must be a number below 10000" >&2; exit 2; }
GATEWAY_PORT="${GATEWAY_PORT:-$((8080 + SR_PORT_OFFSET))}"

mkdir -p "$SR_RUN" "$SR_CACHE" "$SR_LOGS" "$SR_PIDS"

# ---------------------------------------------------------------- the services (services.tsv)

SERVICES_FILE="$SR_LOCAL_DIR/services.tsv"

# SR_STATE names a set of suite data apart from the developer's: SR_STATE=e2e (deploy/local/e2e) runs the suite on
# the databases e2e_<name> and a Kafka data directory of its own, so the tests never meet what a developer's suite
# left behind (and never touch it). Empty: the developer's suite.
SR_STATE="${SR_STATE:-}"
[[ -z "$SR_STATE" || "$SR_STATE" =~ ^[a-z][a-z0-9]{0,15}$ ]] || { echo "ERROR: SR_STATE must be a short lower-case name" >&2; exit 2; }
SR_DB_PREFIX="${SR_STATE:+${SR_STATE}_}"
# shellcheck disable=SC2034 # read by the scripts that source this file (up, down)
SR_KAFKA_DATA="$SR_RUN/kafka-${SR_STATE:+$SR_STATE-}data"

# Prints "service port database" for each service of services.tsv (the database with SR_STATE's prefix).
services_table() {
  grep -v '^[[:space:]]*#' "$SERVICES_FILE" | awk -F'\t' -v prefix="$SR_DB_PREFIX" -v offset="$SR_PORT_OFFSET" 'NF >= 3 {print $1, $2 + offset, prefix $3}'
}

service_port() {
  services_table | awk -v s="$1" '$1 == s {print $2; exit}'
}

# Replicas (deploy/local/up --replicas N, 1-3): N instances of every service on the same database, Kafka user and
# consumer groups, behind the gateway. Instance 1 is named after its module and listens on its services.tsv port;
# instance k > 1 is <module>-k on that port + 10 * (k - 1). The count is kept in .run/replicas, so the gateway,
# status and down see the instances `up` started.
SR_REPLICAS_FILE="$SR_RUN/replicas"
# shellcheck disable=SC2034 # read by the scripts that source this file
SR_MAX_REPLICAS=3
suite_replicas() {
  local n; n="$(cat "$SR_REPLICAS_FILE" 2>/dev/null || true)"
  [[ "$n" =~ ^[1-3]$ ]] && printf '%s' "$n" || printf 1
}

# service_instances [N]: one line per instance of every service, "instance module port database" (N: suite_replicas).
service_instances() {
  local n="${1:-$(suite_replicas)}" svc port db k
  while read -r svc port db; do
    printf '%s %s %s %s\n' "$svc" "$svc" "$port" "$db"
    for ((k = 2; k <= n; k++)); do printf '%s-%s %s %s %s\n' "$svc" "$k" "$svc" "$((port + 10 * (k - 1)))" "$db"; done
  done < <(services_table)
}

# The service's jit column of services.tsv (c1, tiered or lean; tiered when the column is missing).
service_jit() {
  grep -v '^[[:space:]]*#' "$SERVICES_FILE" | awk -F'\t' -v s="$1" '$1 == s {print ($4 == "" ? "tiered" : $4); exit}'
}

# ---------------------------------------------------------------- output

log()  { printf '==> %s\n' "$*"; }
info() { printf '    %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die()  { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# Prints the last lines of a log file to stderr (used when something fails to start).
show_log_tail() {
  local file="$1" lines="${2:-25}"
  [[ -f "$file" ]] || return 0
  printf -- '---- last %s lines of %s ----\n' "$lines" "$file" >&2
  tail -n "$lines" "$file" >&2 || true
  printf -- '----\n' >&2
}

# ---------------------------------------------------------------- tools

# Maven: the project's wrapper when present, else a system mvn.
sr_mvn() {
  if [[ -x "$SR_ROOT/mvnw" ]]; then
    "$SR_ROOT/mvnw" "$@"
  elif command -v mvn >/dev/null 2>&1; then
    mvn "$@"
  else
    die "neither $SR_ROOT/mvnw nor mvn found: Maven is needed to fetch artifacts"
  fi
}

require_java() {
  local java="${SR_JAVA:-java}" v
  command -v "$java" >/dev/null 2>&1 || die "$java not found: install a JDK 17 or newer (apt-get install -y openjdk-17-jdk-headless)"
  v="$("$java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')"
  if ! [[ "${v%%.*}" =~ ^[0-9]+$ ]] || (( ${v%%.*} < 17 )); then
    die "Java 17 or newer is needed (found '$v' from $java)"
  fi
}

# ---------------------------------------------------------------- ports

# True when something accepts TCP connections on 127.0.0.1:PORT.
port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Who listens on a port (for error messages), or nothing.
port_owner() {
  command -v ss >/dev/null 2>&1 || return 0
  ss -ltnpH "sport = :$1" 2>/dev/null | grep -o 'users:(([^)]*' | head -n1 | sed 's/users:((//' || true
}

# wait_port PORT TIMEOUT_SECONDS NAME LOGFILE [PID]
# Waits until the port answers; fails early when PID dies.
wait_port() {
  local port="$1" timeout="$2" name="$3" logfile="$4" pid="${5:-}"
  local deadline=$((SECONDS + timeout))
  while ! port_open "$port"; do
    if [[ -n "$pid" ]] && ! kill -0 "$pid" 2>/dev/null; then
      show_log_tail "$logfile"
      die "$name exited during startup (see $logfile)"
    fi
    if (( SECONDS >= deadline )); then
      show_log_tail "$logfile"
      die "$name did not open port $port within ${timeout}s (see $logfile)"
    fi
    sleep 0.5
  done
}

# ---------------------------------------------------------------- processes

pidfile_of() { printf '%s/%s.pid' "$SR_PIDS" "$1"; }
logfile_of() { printf '%s/%s.log' "$SR_LOGS" "$1"; }

# Prints the PID recorded for NAME when that process is alive; returns 1 otherwise.
running_pid() {
  local f pid
  f="$(pidfile_of "$1")"
  [[ -f "$f" ]] || return 1
  pid="$(cat "$f" 2>/dev/null || true)"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  # Guard against a recycled PID: every process started here names a path of this checkout
  # (jar, config or prefix) on its command line.
  if [[ -r "/proc/$pid/cmdline" ]] && ! tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF "$SR_ROOT/"; then
    return 1
  fi
  printf '%s' "$pid"
}

# start_bg NAME WORKDIR CMD...  -> starts CMD detached (own session) with output in the log file,
# records its PID. Environment variables set by the caller are inherited.
start_bg() {
  local name="$1" workdir="$2"; shift 2
  local logfile; logfile="$(logfile_of "$name")"
  mkdir -p "$workdir"
  {
    printf '\n===== %s starting %s =====\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$name"
  } >>"$logfile"
  # setsid: the process gets its own session, so it survives the script (and its terminal) ending.
  # fd 9 is the lock of up/down/test: the long-lived process must not inherit it.
  ( cd "$workdir" && exec setsid "$@" </dev/null >>"$logfile" 2>&1 9>&- ) &
  local pid=$!
  printf '%s\n' "$pid" >"$(pidfile_of "$name")"
  printf '%s' "$pid"
}

# stop_pid NAME [GRACE_SECONDS]: TERM, wait, then KILL. Only the PID from our PID file.
stop_pid() {
  local name="$1" grace="${2:-20}" pid
  if ! pid="$(running_pid "$name")"; then
    rm -f "$(pidfile_of "$name")"
    return 0
  fi
  info "stopping $name (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  local deadline=$((SECONDS + grace))
  while kill -0 "$pid" 2>/dev/null; do
    if (( SECONDS >= deadline )); then
      warn "$name (pid $pid) still running after ${grace}s: sending KILL"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.5
      break
    fi
    sleep 0.3
  done
  rm -f "$(pidfile_of "$name")"
}

# proc_status NAME PORT [EXTRA]: one status line for a process started by these scripts.
proc_status() {
  local name="$1" port="$2" extra="${3:-}" pid
  if pid="$(running_pid "$name")"; then
    if port_open "$port"; then
      printf '  %-22s running   pid %-8s 127.0.0.1:%-6s %s\n' "$name" "$pid" "$port" "$extra"
    else
      printf '  %-22s starting  pid %-8s 127.0.0.1:%-6s (port not open yet)\n' "$name" "$pid" "$port"
    fi
  elif port_open "$port"; then
    printf '  %-22s FOREIGN   port %s is used by a process not started here (%s)\n' "$name" "$port" "$(port_owner "$port")"
  else
    printf '  %-22s stopped\n' "$name"
  fi
}

# stop_pids GRACE NAME...: like stop_pid for several processes at once (TERM all, then wait).
stop_pids() {
  local grace="$1"; shift
  local name pid pending=()
  for name in "$@"; do
    if pid="$(running_pid "$name")"; then
      info "stopping $name (pid $pid)"
      kill -TERM "$pid" 2>/dev/null || true
      pending+=("$name:$pid")
    else
      rm -f "$(pidfile_of "$name")"
    fi
  done
  local deadline=$((SECONDS + grace)) item still
  while (( ${#pending[@]} )); do
    still=()
    for item in "${pending[@]}"; do
      kill -0 "${item#*:}" 2>/dev/null && still+=("$item")
    done
    pending=("${still[@]+"${still[@]}"}")
    (( ${#pending[@]} )) || break
    if (( SECONDS >= deadline )); then
      for item in "${pending[@]}"; do
        warn "${item%%:*} (pid ${item#*:}) still running after ${grace}s: sending KILL"
        kill -KILL "${item#*:}" 2>/dev/null || true
      done
      sleep 0.5
      break
    fi
    sleep 0.3
  done
  for name in "$@"; do rm -f "$(pidfile_of "$name")"; done
}

# ---------------------------------------------------------------- misc

# sr_lock NAME WHAT: one run of up/down at a time in this checkout, on file descriptor 9.
sr_lock() {
  exec 9>"$SR_RUN/$1.lock"
  flock -n 9 || die "another deploy/local/$2 is running (lock $SR_RUN/$1.lock)"
}

# The test instances use fixed ports (19092, 12525, 18025) for the whole machine, so test runs of any
# checkout take turns: a second run waits (up to SR_TEST_LOCK_WAIT seconds, default 45 min) for the first.
SR_TEST_LOCK="${SR_TEST_LOCK:-/tmp/shopreviews-deploy-local-test.lock}"
sr_test_lock_wait() {
  exec 9>>"$SR_TEST_LOCK"
  if ! flock -n 9; then
    log "Another deploy/local/test runs on this machine: waiting for it (lock $SR_TEST_LOCK)"
    flock -w "${SR_TEST_LOCK_WAIT:-2700}" 9 || die "gave up waiting for the other test run"
  fi
}

# True when a deploy/local/test run holds the machine-wide test lock.
sr_test_running() {
  ! (exec 8>>"$SR_TEST_LOCK" && flock -n 8)
}

# Writes a file readable by the owner only.
write_private() {
  local file="$1"
  ( umask 077 && cat >"$file" )
  chmod 600 "$file"
}
