# shellcheck shell=bash disable=SC2034 # settings are used by the scripts that source this
# Shared settings and helpers for deploy/local/*.sh. Sourced, never executed.
#
# Every setting can be overridden from the environment; see README.md.

QUIRE_LOCAL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
QUIRE_REPO_DIR="$(cd "$QUIRE_LOCAL_DIR/../.." && pwd)"

QUIRE_INFRA_DIR="${QUIRE_INFRA_DIR:-$QUIRE_REPO_DIR/.infra}"
# Make it absolute (daemons get it in their config files).
case "$QUIRE_INFRA_DIR" in
  /*) ;;
  *) QUIRE_INFRA_DIR="$PWD/$QUIRE_INFRA_DIR" ;;
esac

QUIRE_HOST=127.0.0.1
# Every default port is below Linux's ephemeral range (32768-60999, ip_local_port_range): there an
# outgoing connection may hold the port when a server (re)starts, and the start fails "address in use".
QUIRE_PG_PORT="${QUIRE_PG_PORT:-25432}"
QUIRE_PG_USER=quire
QUIRE_PG_PASSWORD=quire
QUIRE_PG_DATABASES=(quire_identity quire_content quire_sites quire_specs quire_insights quire_webhooks quire_reader)
QUIRE_REDIS_PORT="${QUIRE_REDIS_PORT:-26379}"
QUIRE_KAFKA_PORT="${QUIRE_KAFKA_PORT:-27092}"
QUIRE_KAFKA_CONTROLLER_PORT="${QUIRE_KAFKA_CONTROLLER_PORT:-27093}"
QUIRE_CLICKHOUSE_HTTP_PORT="${QUIRE_CLICKHOUSE_HTTP_PORT:-27123}"
QUIRE_CLICKHOUSE_TCP_PORT="${QUIRE_CLICKHOUSE_TCP_PORT:-27000}"
QUIRE_CLICKHOUSE_DATABASE=quire

# Seconds to wait for a component to become ready / to exit.
QUIRE_START_TIMEOUT="${QUIRE_START_TIMEOUT:-120}"
QUIRE_STOP_TIMEOUT="${QUIRE_STOP_TIMEOUT:-60}"

QUIRE_COMPONENTS=(postgres redis kafka clickhouse)

say() { printf '==> %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die() {
  printf 'ERROR: %s\n' "$*" >&2
  exit 1
}

# Milliseconds since the epoch (for timings).
now_ms() { date +%s%3N; }
# Format a duration given two now_ms values.
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fs", (b - a) / 1000 }'; }

is_root() { [[ "$(id -u)" -eq 0 ]]; }

# Print the last lines of each given log file to stderr.
log_tail() {
  local f
  for f in "$@"; do
    if [[ -s "$f" ]]; then
      printf -- '----- last lines of %s -----\n' "$f" >&2
      tail -n 40 "$f" >&2
    fi
  done
}

# True if something accepts TCP connections on 127.0.0.1:$1.
port_open() {
  # shellcheck disable=SC2016
  timeout 2 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1"' _ "$1" 2>/dev/null
}

# True if process $1 exists and has not exited. An exited process whose parent
# has not reaped it yet (a zombie: our daemons are reparented to pid 1, which
# may reap late) holds no ports or locks any more, so it counts as gone.
proc_alive() {
  local stat
  [[ "$1" =~ ^[0-9]+$ ]] || return 1
  stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
  stat="${stat##*) }"
  [[ -n "$stat" && "${stat:0:1}" != "Z" && "${stat:0:1}" != "X" ]]
}

# True if process $1 exists and its command line contains $2.
pid_matches() {
  local pid="$1" needle="$2" cmd
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  [[ -r "/proc/$pid/cmdline" ]] || return 1
  cmd="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" || return 1
  [[ "$cmd" == *"$needle"* ]]
}

# Read a pid from a pid file (first line), empty if none.
read_pid() {
  [[ -r "$1" ]] || return 0
  head -n 1 "$1" 2>/dev/null | tr -dc '0-9'
}

# Newest PostgreSQL bin directory (Debian layout), or $QUIRE_PG_BINDIR.
pg_bindir() {
  if [[ -n "${QUIRE_PG_BINDIR:-}" ]]; then
    printf '%s\n' "$QUIRE_PG_BINDIR"
    return 0
  fi
  local d
  d="$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)"
  if [[ -n "$d" && -x "$d/pg_ctl" ]]; then
    printf '%s\n' "$d"
  elif command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
  fi
}

# The clickhouse-server command (Debian ships /usr/bin/clickhouse-server).
clickhouse_bin() {
  if command -v clickhouse-server >/dev/null 2>&1; then
    command -v clickhouse-server
  elif [[ -x /usr/sbin/clickhouse-server ]]; then
    echo /usr/sbin/clickhouse-server
  fi
}
