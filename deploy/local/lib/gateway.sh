# shellcheck shell=bash source-path=SCRIPTDIR
# The local gateway: nginx from Debian's packages, run with its own prefix under .run/nginx
# (own config, pid, temp dirs; logs in .run/logs/gateway-*.log). The system nginx service and
# /etc/nginx are never used or touched.
#
# The configuration is generated at every start from nginx.conf.template, routes.tsv (path -> service)
# and services.tsv (service -> port). Listens on 127.0.0.1:${GATEWAY_PORT:-8080}.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

GATEWAY_NAME=gateway
NGINX_DIR="$SR_RUN/nginx"
NGINX_CONF="$NGINX_DIR/nginx.conf"
NGINX_TEMPLATE="$SR_LOCAL_DIR/nginx.conf.template"
ROUTES_FILE="$SR_LOCAL_DIR/routes.tsv"
# Exact routes the gateway answers from its cache for GATEWAY_CACHE_SECONDS (nginx.conf.template, sr_scripts): the
# public scripts every page view of a shop loads. Their answers depend on the URL, the host and Accept-Encoding only.
GATEWAY_CACHED_PATHS=(/sidebar.js)
GATEWAY_CACHE_SECONDS="${GATEWAY_CACHE_SECONDS:-5}"

_nginx_install() {
  command -v nginx >/dev/null 2>&1 && return 0
  [[ $EUID -eq 0 ]] || die "nginx is not installed and we are not root: apt-get install -y nginx-light (or nginx)"
  command -v apt-get >/dev/null 2>&1 || die "nginx is not installed and apt-get is not available"
  log "Installing nginx from Debian's packages (the system service is not started)"
  export DEBIAN_FRONTEND=noninteractive
  # Keep the package's postinst from starting the system nginx service (standard policy-rc.d
  # mechanism); only when no policy is in place already, and removed again right after.
  local policy=/usr/sbin/policy-rc.d made_policy=""
  if [[ ! -e "$policy" ]]; then
    printf '#!/bin/sh\n# temporary, written by shopreviews deploy/local/lib/gateway.sh\nexit 101\n' >"$policy"
    chmod 755 "$policy"
    made_policy=yes
  fi
  local ok=""
  local pkg
  for pkg in nginx-light nginx; do
    if apt-get install -y --no-install-recommends "$pkg" >>"$SR_LOGS/apt.log" 2>&1; then ok=yes; break; fi
  done
  if [[ -z "$ok" ]]; then
    apt-get update >>"$SR_LOGS/apt.log" 2>&1 || true
    for pkg in nginx-light nginx; do
      if apt-get install -y --no-install-recommends "$pkg" >>"$SR_LOGS/apt.log" 2>&1; then ok=yes; break; fi
    done
  fi
  [[ -n "$made_policy" ]] && rm -f "$policy"
  [[ -n "$ok" ]] || { show_log_tail "$SR_LOGS/apt.log"; die "could not install nginx (see $SR_LOGS/apt.log)"; }
  command -v nginx >/dev/null 2>&1 || die "nginx still not found after installing it"
}

# Generates the upstream blocks (one per service used in routes.tsv) and the location blocks.
_gateway_render() {
  local routes upstreams="" locations="" svc port match path upstream target _name _module _db
  routes="$(grep -v '^[[:space:]]*#' "$ROUTES_FILE" | awk -F'\t' 'NF >= 3 {print $1, $2, $3, $4}')"
  [[ -n "$routes" ]] || die "no routes in $ROUTES_FILE"
  local used
  used="$(awk '{print $3}' <<<"$routes" | awk '!seen[$0]++')"
  for svc in $used; do
    port="$(service_port "$svc")"
    [[ -n "$port" ]] || die "routes.tsv names service '$svc' that services.tsv does not list"
    upstream="${svc//-/_}"
    upstreams+="    upstream $upstream {"$'\n'
    # One instance: never marked failed (a restart would otherwise answer 502 for fail_timeout). Several
    # (up --replicas): an instance that refuses a connection is skipped for 5 s, and the request goes to the next
    # one (proxy_next_upstream's default "error timeout"; a request already sent is never repeated elsewhere).
    local replicas; replicas="$(suite_replicas)"
    while read -r _name _module port _db; do
      if (( replicas == 1 )); then
        upstreams+="        server 127.0.0.1:$port max_fails=0;"$'\n'
      else
        upstreams+="        server 127.0.0.1:$port max_fails=1 fail_timeout=5s;"$'\n'
      fi
    done < <(service_instances | awk -v s="$svc" '$2 == s')
    upstreams+="        keepalive 16;"$'\n'
    upstreams+="        keepalive_timeout 60s;"$'\n'
    upstreams+="    }"$'\n'
  done
  while read -r match path svc target; do
    [[ "$path" == /* ]] || die "routes.tsv: path '$path' must start with /"
    [[ "$path" =~ ^[A-Za-z0-9._~/-]+$ ]] || die "routes.tsv: path '$path' has characters not allowed here"
    case "$path" in /admin/*|/q/*|/admin|/q) die "routes.tsv: $path must never be routed";; esac
    upstream="${svc//-/_}"
    if [[ -n "$target" ]]; then
      # An upstream path: exact routes only, and only the OpenAPI document or one file of Swagger UI, so no
      # rewrite can open anything else under /q/ (health, metrics). The client's query is dropped (trailing ?).
      [[ "$match" == exact ]] || die "routes.tsv: an upstream path needs match exact ($path)"
      [[ "$target" =~ ^/q/(openapi\.json|swagger-ui/([A-Za-z0-9_-][A-Za-z0-9._-]*)?)$ ]] \
        || die "routes.tsv: upstream '$target' of $path is not the OpenAPI document or a Swagger UI file"
      locations+="        location = $path { rewrite ^ $target? break; proxy_pass http://$upstream; }"$'\n'
      continue
    fi
    case "$match" in
      exact)  if _gateway_cached "$path"; then
                locations+="        location = $path { $(_gateway_cache_directives) proxy_pass http://$upstream; }"$'\n'
              else
                locations+="        location = $path { proxy_pass http://$upstream; }"$'\n'
              fi ;;
      prefix) [[ "$path" == */ ]] || die "routes.tsv: prefix path '$path' must end with /"
              locations+="        location ^~ $path { proxy_pass http://$upstream; }"$'\n' ;;
      *)      die "routes.tsv: match must be exact or prefix, got '$match'" ;;
    esac
  done <<<"$routes"
  mkdir -p "$NGINX_DIR/temp"
  local tmp="$NGINX_CONF.tmp"
  UPSTREAMS="$upstreams" LOCATIONS="$locations" NGINX_DIR="$NGINX_DIR" LOG_DIR="$SR_LOGS" \
  LISTEN="127.0.0.1:$GATEWAY_PORT" awk '
    {
      gsub(/@NGINX_DIR@/, ENVIRON["NGINX_DIR"]); gsub(/@LOG_DIR@/, ENVIRON["LOG_DIR"]); gsub(/@LISTEN@/, ENVIRON["LISTEN"])
      if ($0 ~ /^@UPSTREAMS@$/) { printf "%s", ENVIRON["UPSTREAMS"]; next }
      if ($0 ~ /^@LOCATIONS@$/) { printf "%s", ENVIRON["LOCATIONS"]; next }
      print
    }' "$NGINX_TEMPLATE" >"$tmp"
  mv "$tmp" "$NGINX_CONF"
}

# GATEWAY_CACHE_SECONDS=0 turns the cache off (bench/run's A/B of it).
_gateway_cached() {
  local p
  [[ "$GATEWAY_CACHE_SECONDS" != 0 ]] || return 1
  for p in "${GATEWAY_CACHED_PATHS[@]}"; do [[ "$p" == "$1" ]] && return 0; done
  return 1
}

# A 200 is kept GATEWAY_CACHE_SECONDS whatever its Cache-Control says (that is for browsers: 10 minutes); one request
# per URL fills an empty entry while the others wait for it; the answer says whether it came from the cache. The
# service's only Vary is Accept-Encoding: the request's Accept-Encoding is part of the key instead, which finds an
# entry in one lookup (nginx's Vary support reads a first entry, then the variant's).
_gateway_cache_directives() {
  [[ "$GATEWAY_CACHE_SECONDS" =~ ^[0-9]+$ ]] || die "GATEWAY_CACHE_SECONDS must be a number of seconds"
  printf '%s ' "proxy_cache sr_scripts;" "proxy_cache_key \"\$sr_proto://\$sr_host\$request_uri \$http_accept_encoding\";" \
    "proxy_cache_valid 200 ${GATEWAY_CACHE_SECONDS}s;" "proxy_ignore_headers Cache-Control Expires Vary;" \
    "proxy_cache_lock on;" "add_header X-Cache \$upstream_cache_status always;"
}

_nginx() {
  nginx -p "$NGINX_DIR/" -c "$NGINX_CONF" -e "$SR_LOGS/gateway-error.log" "$@"
}

_gateway_pid() {
  local pid
  [[ -f "$NGINX_DIR/nginx.pid" ]] || return 1
  pid="$(cat "$NGINX_DIR/nginx.pid" 2>/dev/null || true)"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  printf '%s' "$pid"
}

# Starts the gateway, or reloads it with a freshly generated configuration when it runs already.
gateway_start() {
  log "Gateway (nginx) on http://127.0.0.1:$GATEWAY_PORT"
  _nginx_install
  _gateway_render
  if ! _nginx -t >"$SR_LOGS/gateway-configtest.log" 2>&1; then
    cat "$SR_LOGS/gateway-configtest.log" >&2
    die "generated nginx configuration is invalid: $NGINX_CONF"
  fi
  local pid
  if pid="$(_gateway_pid)"; then
    _nginx -s reload
    info "already running (pid $pid): configuration regenerated and reloaded"
  else
    if port_open "$GATEWAY_PORT"; then
      die "port $GATEWAY_PORT is already in use by another process ($(port_owner "$GATEWAY_PORT")); set GATEWAY_PORT to use another"
    fi
    _nginx 9>&- </dev/null || { show_log_tail "$SR_LOGS/gateway-error.log"; die "nginx did not start (see $SR_LOGS/gateway-error.log)"; }
    local deadline=$((SECONDS + 10))
    until pid="$(_gateway_pid)" && port_open "$GATEWAY_PORT"; do
      (( SECONDS < deadline )) || { show_log_tail "$SR_LOGS/gateway-error.log"; die "nginx did not open port $GATEWAY_PORT (see $SR_LOGS/gateway-error.log)"; }
      sleep 0.2
    done
    info "started pid $pid (config $NGINX_CONF, logs $SR_LOGS/gateway-*.log)"
  fi
  # Keep the PID in the common place too, so status/down treat it like everything else.
  printf '%s\n' "$pid" >"$(pidfile_of "$GATEWAY_NAME")"
}

gateway_stop() {
  local pid
  if pid="$(_gateway_pid)"; then
    printf '%s\n' "$pid" >"$(pidfile_of "$GATEWAY_NAME")"
  fi
  stop_pid "$GATEWAY_NAME" 20
  rm -f "$NGINX_DIR/nginx.pid"
}

gateway_status() {
  local pid
  if pid="$(_gateway_pid)"; then
    printf '%s\n' "$pid" >"$(pidfile_of "$GATEWAY_NAME")"
  fi
  proc_status "$GATEWAY_NAME" "$GATEWAY_PORT" "http://127.0.0.1:$GATEWAY_PORT/"
}
