# shellcheck shell=bash source-path=SCRIPTDIR
# PostgreSQL helpers (sourced).
#
# The local suite uses the machine's PostgreSQL server (Debian's postgresql packages, cluster "main")
# at 127.0.0.1:5432. These helpers never stop a server they did not start: when pg_ensure has to
# start a cluster it records that in .run/postgres.started, and only then does `down` stop it.
#
# Service databases: one per service, each owned by a LOGIN role of the same name whose password
# equals the name. That is for LOCAL DEVELOPMENT ONLY; production gets its database credentials
# from secrets (Kubernetes Secrets / the operator-managed cluster), never from these scripts.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

PG_HOST="${PG_HOST:-127.0.0.1}"
PG_PORT="${PG_PORT:-5432}"
PG_STARTED_FILE="$SR_RUN/postgres.started"
# The databases of the running suite, from services.tsv (database = role = password, local only).
mapfile -t SR_SERVICE_DBS < <(services_table | awk '{print $3}')

_PG_ADMIN_MODE=""

# Runs psql as the superuser: over TCP as postgres when that works without a password (trust, as
# on the project's machines), else over the Unix socket as the postgres OS user (peer auth, root only).
pg_admin_psql() {
  if [[ -z "$_PG_ADMIN_MODE" ]]; then
    if psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -w -d postgres -Atqc 'select 1' >/dev/null 2>&1; then
      _PG_ADMIN_MODE=tcp
    elif [[ $EUID -eq 0 ]] && command -v runuser >/dev/null 2>&1 \
         && runuser -u postgres -- psql -p "$PG_PORT" -d postgres -Atqc 'select 1' >/dev/null 2>&1; then
      _PG_ADMIN_MODE=peer
    else
      die "cannot connect to PostgreSQL at $PG_HOST:$PG_PORT as user postgres (trust auth for 127.0.0.1 expected)"
    fi
  fi
  if [[ "$_PG_ADMIN_MODE" == tcp ]]; then
    psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -w -d postgres -v ON_ERROR_STOP=1 -Atq "$@"
  else
    runuser -u postgres -- psql -p "$PG_PORT" -d postgres -v ON_ERROR_STOP=1 -Atq "$@"
  fi
}

# First cluster line of pg_lsclusters on our port: "<ver> <name> <port> <status> ...".
_pg_cluster_line() {
  pg_lsclusters -h 2>/dev/null | awk -v p="$PG_PORT" '$3 == p {print; exit}'
}

# After our own `apt-get install postgresql`: make the new cluster behave like the project's
# machines (trust for local connections) so tests can create their databases as postgres.
_pg_trust_local() {
  local ver="$1" hba="/etc/postgresql/$1/main/pg_hba.conf"
  [[ -f "$hba" ]] || return 0
  info "configuring trust authentication for local connections in $hba (local development only)"
  cp "$hba" "$hba.orig-shopreviews"
  cat >"$hba" <<'EOF'
# Written by shopreviews deploy/local (local development only): trust local connections.
local   all   all                 trust
host    all   all   127.0.0.1/32  trust
host    all   all   ::1/128       trust
EOF
  chown postgres:postgres "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$ver" main reload >/dev/null 2>&1 || true
}

_pg_install() {
  [[ $EUID -eq 0 ]] || die "PostgreSQL is not installed and we are not root: install it (apt-get install -y postgresql) and run again"
  command -v apt-get >/dev/null 2>&1 || die "PostgreSQL is not installed and apt-get is not available: install PostgreSQL 15+ yourself"
  log "Installing PostgreSQL (apt-get install -y postgresql)"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y postgresql >>"$SR_LOGS/apt.log" 2>&1; then
    apt-get update >>"$SR_LOGS/apt.log" 2>&1 || true
    apt-get install -y postgresql >>"$SR_LOGS/apt.log" 2>&1 \
      || { show_log_tail "$SR_LOGS/apt.log"; die "apt-get install postgresql failed (see $SR_LOGS/apt.log)"; }
  fi
  echo yes >"$SR_RUN/postgres.installed"
}

# Ensures a PostgreSQL cluster answers on PG_PORT; starts it (and records that) when it is down.
pg_ensure() {
  log "PostgreSQL on $PG_HOST:$PG_PORT"
  if ! command -v pg_lsclusters >/dev/null 2>&1; then
    if command -v psql >/dev/null 2>&1 && port_open "$PG_PORT"; then
      info "running (not a Debian-managed cluster)"
      pg_admin_psql -c 'select 1' >/dev/null
      return 0
    fi
    _pg_install
  fi
  local line ver name status installed_now=""
  line="$(_pg_cluster_line)"
  if [[ -z "$line" ]] && port_open "$PG_PORT"; then
    # A server on PG_PORT that Debian does not manage (e.g. restore-drill's own cluster): used as it is.
    info "running (not a Debian-managed cluster)"
    pg_admin_psql -c 'select 1' >/dev/null
    return 0
  fi
  if [[ -z "$line" ]]; then
    if pg_lsclusters -h 2>/dev/null | grep -q .; then
      die "no PostgreSQL cluster uses port $PG_PORT (clusters: $(pg_lsclusters -h | awk '{print $1"/"$2":"$3}' | tr '\n' ' '))"
    fi
    # Packages present but no cluster at all: create the default one.
    [[ $EUID -eq 0 ]] || die "PostgreSQL has no cluster and we are not root to create one (pg_createcluster)"
    ver="$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -n1)"
    [[ -n "$ver" ]] || die "PostgreSQL binaries not found under /usr/lib/postgresql"
    info "creating cluster $ver/main on port $PG_PORT"
    pg_createcluster -p "$PG_PORT" "$ver" main >>"$SR_LOGS/apt.log" 2>&1 || die "pg_createcluster failed (see $SR_LOGS/apt.log)"
    installed_now=yes
    line="$(_pg_cluster_line)"
  fi
  read -r ver name _ status _ <<<"$line"
  if [[ -f "$SR_RUN/postgres.installed" && ! -f "$SR_RUN/postgres.configured" ]]; then
    installed_now=yes
  fi
  if [[ -n "$installed_now" ]]; then
    _pg_trust_local "$ver"
    echo yes >"$SR_RUN/postgres.configured"
  fi
  if [[ "$status" != online* ]]; then
    [[ $EUID -eq 0 ]] || die "PostgreSQL cluster $ver/$name is $status; start it: pg_ctlcluster --skip-systemctl-redirect $ver $name start"
    info "cluster $ver/$name is $status: starting it"
    pg_ctlcluster --skip-systemctl-redirect "$ver" "$name" start \
      || die "could not start PostgreSQL $ver/$name (see /var/log/postgresql/postgresql-$ver-$name.log)"
    printf '%s %s\n' "$ver" "$name" >"$PG_STARTED_FILE"
  else
    info "cluster $ver/$name is online"
  fi
  local deadline=$((SECONDS + 30))
  until port_open "$PG_PORT"; do
    (( SECONDS < deadline )) || die "PostgreSQL does not answer on port $PG_PORT"
    sleep 0.5
  done
  pg_admin_psql -c 'select 1' >/dev/null
}

# The services keep their queues in PostgreSQL (webhook_delivery, invitation, outbox_event): rows change state
# constantly and only (auto)vacuum removes the dead index entries the claims would otherwise read again and again.
# We do not change a server we do not own; we say so.
pg_warn_if_autovacuum_off() {
  [[ "$(pg_admin_psql -c 'show autovacuum')" == off ]] || return 0
  warn "PostgreSQL runs with autovacuum = off ($(pg_admin_psql -c "select coalesce(sourcefile, source) from pg_settings where name = 'autovacuum'")).
         The queue tables then keep their dead index entries, and query plans made for empty tables stay.
         Switch it on (PostgreSQL's default): psql -U postgres -c 'alter system set autovacuum = on' -c 'select pg_reload_conf()'"
}

# Stops PostgreSQL only when pg_ensure started it (recorded in .run/postgres.started).
pg_stop_if_started() {
  [[ -f "$PG_STARTED_FILE" ]] || return 0
  local ver name
  read -r ver name <"$PG_STARTED_FILE"
  info "stopping PostgreSQL $ver/$name (it was started by these scripts)"
  pg_ctlcluster --skip-systemctl-redirect "$ver" "$name" stop || warn "could not stop PostgreSQL $ver/$name"
  rm -f "$PG_STARTED_FILE"
}

_pg_ident_ok() { [[ "$1" =~ ^[a-z_][a-z0-9_]*$ ]] || die "invalid PostgreSQL identifier '$1'"; }

# pg_ensure_db NAME [OWNER [PASSWORD]]: creates a LOGIN role and a database owned by it when missing.
# Defaults: owner = password = NAME (local development only).
pg_ensure_db() {
  local db="$1" owner="${2:-$1}" password="${3:-${2:-$1}}"
  _pg_ident_ok "$db"; _pg_ident_ok "$owner"
  local pw_sql="${password//\'/\'\'}"
  if [[ "$(pg_admin_psql -c "select 1 from pg_roles where rolname = '$owner'")" != 1 ]]; then
    pg_admin_psql -c "create role \"$owner\" login password '$pw_sql'" >/dev/null
    info "created role $owner"
  else
    pg_admin_psql -c "alter role \"$owner\" login password '$pw_sql'" >/dev/null
  fi
  if [[ "$(pg_admin_psql -c "select 1 from pg_database where datname = '$db'")" != 1 ]]; then
    pg_admin_psql -c "create database \"$db\" owner \"$owner\" encoding 'UTF8' template template0" >/dev/null
    info "created database $db (owner $owner)"
  else
    # Tables created by another role (e.g. a service once started without DB_USER) break Flyway later.
    local foreign
    foreign="$(pg_admin_psql -d "$db" -c "select count(*) from pg_tables where schemaname = 'public' and tableowner <> '$owner'")"
    if [[ "$foreign" != 0 ]]; then
      warn "database $db has $foreign table(s) in schema public not owned by $owner: the service cannot migrate it.
         Start it over with: deploy/local/down --purge (drops the suite's databases)"
    fi
  fi
}

# pg_drop_db NAME: drops a database, disconnecting its sessions.
pg_drop_db() {
  _pg_ident_ok "$1"
  pg_admin_psql -c "drop database if exists \"$1\" with (force)" >/dev/null
}

# pg_drop_role NAME
pg_drop_role() {
  _pg_ident_ok "$1"
  pg_admin_psql -c "drop role if exists \"$1\"" >/dev/null
}

# The five service databases of the running suite.
pg_ensure_service_dbs() {
  local db
  for db in "${SR_SERVICE_DBS[@]}"; do
    pg_ensure_db "$db"
  done
  info "databases ready: ${SR_SERVICE_DBS[*]} (role = password = database name; local only)"
}
