#!/usr/bin/env bash
# Start, stop and check the local infrastructure (PostgreSQL, Redis, Kafka, ClickHouse).
# See --help and deploy/local/README.md.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

usage() {
  cat <<EOF
Usage: deploy/local/infra.sh start|stop|status|restart [component...]

Components: ${QUIRE_COMPONENTS[*]} (default: all)

  start    start what is not running and wait until each component answers
           (idempotent; creates the PostgreSQL databases and the ClickHouse
           database '$QUIRE_CLICKHOUSE_DATABASE' when missing)
  stop     stop and wait until each process is gone (data is kept)
  status   one line per component; exit status 1 if any requested one is down
  restart  stop, then start

All servers listen on 127.0.0.1 only:
  postgres    ${QUIRE_PG_PORT}  (QUIRE_PG_PORT)   user/password $QUIRE_PG_USER/$QUIRE_PG_PASSWORD (superuser)
  redis       ${QUIRE_REDIS_PORT}  (QUIRE_REDIS_PORT)
  kafka       ${QUIRE_KAFKA_PORT}  (QUIRE_KAFKA_PORT), controller ${QUIRE_KAFKA_CONTROLLER_PORT} (QUIRE_KAFKA_CONTROLLER_PORT)
  clickhouse  HTTP ${QUIRE_CLICKHOUSE_HTTP_PORT} (QUIRE_CLICKHOUSE_HTTP_PORT), native ${QUIRE_CLICKHOUSE_TCP_PORT} (QUIRE_CLICKHOUSE_TCP_PORT)

State, configs, pid files and logs: \$QUIRE_INFRA_DIR (now: $QUIRE_INFRA_DIR)
Timeouts: QUIRE_START_TIMEOUT=${QUIRE_START_TIMEOUT}s, QUIRE_STOP_TIMEOUT=${QUIRE_STOP_TIMEOUT}s
Install the binaries first with deploy/local/install.sh.
EOF
}

# ---------------------------------------------------------------- paths ----

PG_DIR="$QUIRE_INFRA_DIR/postgres"
PG_DATA="$PG_DIR/data"
PG_LOG="$PG_DIR/postgres.log"
PG_PID="$PG_DIR/postgres.pid"
PG_BIN="$(pg_bindir)"
QUIRE_PG_OS_USER="${QUIRE_PG_OS_USER:-postgres}"

REDIS_DIR="$QUIRE_INFRA_DIR/redis"
REDIS_CONF="$REDIS_DIR/redis.conf"
REDIS_PID="$REDIS_DIR/redis.pid"
REDIS_LOG="$REDIS_DIR/redis.log"

KAFKA_DIR="$QUIRE_INFRA_DIR/kafka"
KAFKA_LIBS="$KAFKA_DIR/libs"
KAFKA_DATA="$KAFKA_DIR/data"
KAFKA_CONF="$KAFKA_DIR/config/server.properties"
KAFKA_LOG4J="$KAFKA_DIR/config/log4j.properties"
KAFKA_TOOLS_LOG4J="$KAFKA_DIR/config/tools-log4j.properties"
KAFKA_PID="$KAFKA_DIR/kafka.pid"
KAFKA_LOGS="$KAFKA_DIR/logs"
KAFKA_HEAP_OPTS="${QUIRE_KAFKA_HEAP_OPTS:--Xms256m -Xmx1g}"
# C1-only JIT: about 1 s faster start-up on 2 cores; plenty for a dev/test broker.
KAFKA_JVM_OPTS="${QUIRE_KAFKA_JVM_OPTS:--XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:TieredStopAtLevel=1}"
# Class-data-sharing archive of the broker's classes (written when the first
# broker exits, used by later starts: about 1.5 s faster). 0 disables it.
KAFKA_CDS="${QUIRE_KAFKA_CDS:-1}"

CH_DIR="$QUIRE_INFRA_DIR/clickhouse"
CH_CONF="$CH_DIR/config/config.xml"
CH_USERS="$CH_DIR/config/users.xml"
CH_PID="$CH_DIR/clickhouse.pid"
CH_LOGS="$CH_DIR/log"

# ------------------------------------------------------------- helpers ----

main_port() {
  case "$1" in
    postgres) echo "$QUIRE_PG_PORT" ;;
    redis) echo "$QUIRE_REDIS_PORT" ;;
    kafka) echo "$QUIRE_KAFKA_PORT" ;;
    clickhouse) echo "$QUIRE_CLICKHOUSE_HTTP_PORT" ;;
  esac
}

# The ports a component binds (to detect conflicts before starting it).
all_ports() {
  case "$1" in
    postgres) echo "$QUIRE_PG_PORT" ;;
    redis) echo "$QUIRE_REDIS_PORT" ;;
    kafka) echo "$QUIRE_KAFKA_PORT $QUIRE_KAFKA_CONTROLLER_PORT" ;;
    clickhouse) echo "$QUIRE_CLICKHOUSE_HTTP_PORT $QUIRE_CLICKHOUSE_TCP_PORT" ;;
  esac
}

logs_of() {
  case "$1" in
    postgres) echo "$PG_LOG" ;;
    redis) echo "$REDIS_LOG" ;;
    kafka) echo "$KAFKA_LOGS/kafka.out $KAFKA_LOGS/server.log" ;;
    clickhouse) echo "$CH_LOGS/stdout.log $CH_LOGS/clickhouse-server.err.log" ;;
  esac
}

# Pid of the component's server process if it is running (from our pid file).
comp_pid() {
  local pid=""
  case "$1" in
    postgres)
      pid="$(read_pid "$PG_DATA/postmaster.pid")"
      pid_matches "$pid" "$PG_DATA" || pid="$(read_pid "$PG_PID")"
      pid_matches "$pid" "$PG_DATA" || pid=""
      ;;
    redis)
      pid="$(read_pid "$REDIS_PID")"
      pid_matches "$pid" "redis-server" || pid=""
      ;;
    kafka)
      pid="$(read_pid "$KAFKA_PID")"
      pid_matches "$pid" "$KAFKA_CONF" || pid=""
      ;;
    clickhouse)
      pid="$(read_pid "$CH_PID")"
      pid_matches "$pid" "$CH_CONF" || pid=""
      ;;
  esac
  printf '%s' "$pid"
}

# Run a command detached from this shell (own session, no inherited stdio),
# writing the pid of the exec'd program to $1. Output goes to $2.
spawn() {
  local pidfile="$1" out="$2"
  shift 2
  rm -f "$pidfile"
  # The inner bash closes inherited descriptors above 2 (a caller waiting for
  # a pipe to close must not hang on our daemons), writes its own pid, then
  # execs the server: same pid.
  # shellcheck disable=SC2016
  setsid bash -c '
    for fd in /proc/self/fd/*; do
      fd="${fd##*/}"
      if ((fd > 2)) && [[ -e "/proc/self/fd/$fd" ]]; then eval "exec $fd>&-"; fi
    done
    echo "$$" >"$0"
    exec "$@"' "$pidfile" "$@" </dev/null >>"$out" 2>&1 &
  local _
  for _ in $(seq 1 50); do
    [[ -s "$pidfile" ]] && return 0
    sleep 0.05
  done
  die "could not start: $*"
}

# Report a missing prerequisite (printed by the *_check functions).
missing() {
  printf 'ERROR: %s; run deploy/local/install.sh %s\n' "$1" "$2" >&2
  return 1
}

# ------------------------------------------------------------ postgres ----

as_pg_user() {
  if is_root; then
    (cd "$PG_DIR" && runuser -u "$QUIRE_PG_OS_USER" -- "$@")
  else
    (cd "$PG_DIR" && "$@")
  fi
}

pg_psql() {
  PGPASSWORD="$QUIRE_PG_PASSWORD" PGCONNECT_TIMEOUT=3 \
    "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$QUIRE_HOST" -p "$QUIRE_PG_PORT" -U "$QUIRE_PG_USER" "$@"
}

postgres_check() {
  [[ -n "$PG_BIN" && -x "$PG_BIN/postgres" && -x "$PG_BIN/initdb" && -x "$PG_BIN/psql" ]] ||
    missing "PostgreSQL binaries not found" postgres
}

postgres_launch() {
  mkdir -p "$PG_DIR"
  if is_root; then
    if ! id -u "$QUIRE_PG_OS_USER" >/dev/null 2>&1; then
      say "postgres: creating system user $QUIRE_PG_OS_USER (postgres refuses to run as root)"
      useradd --system --user-group --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin "$QUIRE_PG_OS_USER"
    fi
    chown -R "$QUIRE_PG_OS_USER:" "$PG_DIR"
    if ! runuser -u "$QUIRE_PG_OS_USER" -- test -w "$PG_DIR"; then
      die "OS user $QUIRE_PG_OS_USER cannot write $PG_DIR (a parent directory is not world-searchable?);" \
        "set QUIRE_INFRA_DIR to a directory it can reach, e.g. /var/tmp/quire-infra"
    fi
  fi
  if [[ ! -s "$PG_DATA/PG_VERSION" ]]; then
    say "postgres: initdb $PG_DATA"
    rm -rf "$PG_DIR/data.init"
    printf '%s\n' "$QUIRE_PG_PASSWORD" >"$PG_DIR/.pwfile"
    chmod 600 "$PG_DIR/.pwfile"
    is_root && chown "$QUIRE_PG_OS_USER:" "$PG_DIR/.pwfile"
    if ! as_pg_user "$PG_BIN/initdb" -D "$PG_DIR/data.init" -U "$QUIRE_PG_USER" --pwfile="$PG_DIR/.pwfile" \
      --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 \
      >"$PG_DIR/initdb.log" 2>&1; then
      log_tail "$PG_DIR/initdb.log"
      die "postgres: initdb failed"
    fi
    rm -f "$PG_DIR/.pwfile"
    printf "\ninclude_if_exists = 'quire.conf'\n" >>"$PG_DIR/data.init/postgresql.conf"
    rm -rf "$PG_DATA"
    mv "$PG_DIR/data.init" "$PG_DATA"
  fi
  # Rewritten on every start so port changes apply. Data is disposable:
  # durability is traded for speed (fsync off).
  cat >"$PG_DATA/quire.conf" <<EOF
# Written by deploy/local/infra.sh on every start; edits are lost.
listen_addresses = '$QUIRE_HOST'
port = $QUIRE_PG_PORT
unix_socket_directories = ''
max_connections = 200
shared_buffers = 128MB
fsync = off
synchronous_commit = off
full_page_writes = off
timezone = 'UTC'
log_timezone = 'UTC'
log_line_prefix = '%m [%p] %q%u@%d '
EOF
  is_root && chown "$QUIRE_PG_OS_USER:" "$PG_DATA/quire.conf"
  # Not running (checked by the caller), so a postmaster.pid left by a crash or a
  # reboot is stale; its pid may belong to another process by now.
  rm -f "$PG_DATA/postmaster.pid"
  # Run the postmaster directly (not via pg_ctl) so that we know its pid at once.
  local as_user=()
  if is_root; then
    as_user=(setpriv --reuid="$QUIRE_PG_OS_USER" --regid="$(id -g "$QUIRE_PG_OS_USER")" --init-groups)
  fi
  spawn "$PG_PID" "$PG_LOG" "${as_user[@]}" "$PG_BIN/postgres" -D "$PG_DATA"
}

postgres_ready() {
  [[ -n "$PG_BIN" ]] || return 1
  "$PG_BIN/pg_isready" -q -h "$QUIRE_HOST" -p "$QUIRE_PG_PORT" -t 2 &&
    pg_psql -d postgres -Atc 'SELECT 1' >/dev/null 2>&1
}

postgres_post() {
  local list db
  list="$(printf "'%s'," "${QUIRE_PG_DATABASES[@]}")"
  if ! pg_psql -d postgres <<EOF; then
SELECT format('CREATE DATABASE %I', d)
  FROM unnest(ARRAY[${list%,}]::text[]) AS d
 WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = d)
\gexec
EOF
    printf 'ERROR: postgres: could not create the databases\n' >&2
    return 1
  fi
  for db in "${QUIRE_PG_DATABASES[@]}"; do
    if ! pg_psql -d "$db" -Atc 'SELECT 1' >/dev/null; then
      printf 'ERROR: postgres: cannot connect to database %s\n' "$db" >&2
      return 1
    fi
  done
}

# ---------------------------------------------------------------- redis ----

redis_check() {
  local ok=0
  command -v redis-server >/dev/null 2>&1 || missing "redis-server not found" redis || ok=1
  command -v redis-cli >/dev/null 2>&1 || missing "redis-cli not found" redis || ok=1
  return "$ok"
}

redis_launch() {
  mkdir -p "$REDIS_DIR/data"
  cat >"$REDIS_CONF" <<EOF
# Written by deploy/local/infra.sh on every start; edits are lost.
bind $QUIRE_HOST
port $QUIRE_REDIS_PORT
protected-mode yes
daemonize no
supervised no
logfile "$REDIS_LOG"
loglevel notice
dir "$REDIS_DIR/data"
save ""
appendonly no
databases 16
EOF
  spawn "$REDIS_PID" "$REDIS_LOG" redis-server "$REDIS_CONF"
}

redis_ready() {
  [[ "$(timeout 3 redis-cli -h "$QUIRE_HOST" -p "$QUIRE_REDIS_PORT" ping 2>/dev/null)" == "PONG" ]]
}

redis_post() { :; }

# ---------------------------------------------------------------- kafka ----

# The JVM command line shared by the broker and the storage tool.
kafka_jvm() {
  local heap opts
  read -r -a heap <<<"$KAFKA_HEAP_OPTS"
  read -r -a opts <<<"$KAFKA_JVM_OPTS"
  KAFKA_JVM=(java "${heap[@]}" "${opts[@]}" -XX:+ExitOnOutOfMemoryError
    -Djava.awt.headless=true -Djava.net.preferIPv4Stack=true
    -Dkafka.logs.dir="$KAFKA_LOGS" -Dlog4j.configuration="file:$KAFKA_LOG4J"
    -cp "$KAFKA_LIBS/*")
}

kafka_write_config() {
  mkdir -p "$KAFKA_DIR/config" "$KAFKA_DATA" "$KAFKA_LOGS"
  cat >"$KAFKA_CONF" <<EOF
# Written by deploy/local/infra.sh on every start; edits are lost.
# Single-node KRaft: broker and controller in one process.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$QUIRE_HOST:$QUIRE_KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$QUIRE_HOST:$QUIRE_KAFKA_PORT,CONTROLLER://$QUIRE_HOST:$QUIRE_KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$QUIRE_HOST:$QUIRE_KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$KAFKA_DATA
num.partitions=4
auto.create.topics.enable=true
delete.topic.enable=true
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
group.initial.rebalance.delay.ms=0
log.cleaner.dedupe.buffer.size=2097152
num.network.threads=2
num.io.threads=4
num.recovery.threads.per.data.dir=2
log.retention.hours=168
EOF
  cat >"$KAFKA_LOG4J" <<'EOF'
# Written by deploy/local/infra.sh on every start; edits are lost.
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.RollingFileAppender
log4j.appender.file.File=${kafka.logs.dir}/server.log
log4j.appender.file.MaxFileSize=20MB
log4j.appender.file.MaxBackupIndex=2
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.kafka.log.LogCleaner=WARN
log4j.logger.state.change.logger=WARN
EOF
  cat >"$KAFKA_TOOLS_LOG4J" <<'EOF'
# For Kafka command-line tools (java -Dlog4j.configuration=file:<this>): warnings to stderr.
log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
EOF
}

kafka_check() {
  local ok=0
  command -v java >/dev/null 2>&1 || missing "java not found" kafka || ok=1
  compgen -G "$KAFKA_LIBS/kafka_2.13-*.jar" >/dev/null || missing "Kafka jars missing in $KAFKA_LIBS" kafka || ok=1
  return "$ok"
}

kafka_launch() {
  kafka_write_config
  kafka_jvm
  if [[ ! -s "$KAFKA_DATA/meta.properties" ]]; then
    local id
    if [[ -s "$KAFKA_DIR/cluster.id" ]]; then
      id="$(cat "$KAFKA_DIR/cluster.id")"
    else
      id="$("${KAFKA_JVM[@]}" kafka.tools.StorageTool random-uuid 2>>"$KAFKA_LOGS/format.log" | tail -n 1)"
      [[ "$id" =~ ^[A-Za-z0-9_-]{22}$ ]] || die "kafka: could not generate a cluster id (see $KAFKA_LOGS/format.log)"
      printf '%s\n' "$id" >"$KAFKA_DIR/cluster.id"
    fi
    say "kafka: formatting storage $KAFKA_DATA (cluster id $id)"
    if ! "${KAFKA_JVM[@]}" kafka.tools.StorageTool format -t "$id" -c "$KAFKA_CONF" --ignore-formatted \
      >>"$KAFKA_LOGS/format.log" 2>&1; then
      log_tail "$KAFKA_LOGS/format.log"
      die "kafka: storage format failed"
    fi
  fi
  local cds=() stamp
  stamp="$(find "$KAFKA_LIBS" -maxdepth 1 -name '.installed-*' -printf '%f\n' | head -n 1)"
  if [[ "$KAFKA_CDS" == 1 && -n "$stamp" ]]; then
    # The archive is only valid for these jars and this JVM build.
    local java_id jsa
    java_id="$(j="$(readlink -f "$(command -v java)")" && printf '%s %s' "$j" "$(stat -c '%Y' "$j")" | cksum | cut -d' ' -f1)"
    jsa="$KAFKA_DIR/cds/broker${stamp#.installed}-$java_id.jsa"
    mkdir -p "$KAFKA_DIR/cds"
    if [[ -s "$jsa" ]]; then
      cds=(-XX:SharedArchiveFile="$jsa" -Xlog:cds=off)
    else
      find "$KAFKA_DIR/cds" -maxdepth 1 -name 'broker-*.jsa' -delete
      cds=(-XX:ArchiveClassesAtExit="$jsa" -Xlog:cds=off)
    fi
  fi
  printf '\n===== %s starting kafka =====\n' "$(date -u +%FT%TZ)" >>"$KAFKA_LOGS/kafka.out"
  spawn "$KAFKA_PID" "$KAFKA_LOGS/kafka.out" "${KAFKA_JVM[@]}" "${cds[@]}" kafka.Kafka "$KAFKA_CONF"
}

# kafka_request REQUEST N: send one raw request (printf format) to the PLAINTEXT
# listener and print the first N bytes of the answer as decimal numbers.
kafka_request() {
  # shellcheck disable=SC2016
  timeout 3 bash -c '
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf "$2" >&3
    head -c "$3" <&3
  ' _ "$QUIRE_KAFKA_PORT" "$1" "$2" 2>/dev/null | od -An -v -tu1 | tr -s ' \n' ' '
}

# Ready when a Metadata (v1) request lists >= 1 broker: the broker is
# registered, unfenced and processing requests.
kafka_ready() {
  local b
  # size=25 | api_key=3 (Metadata) | version=1 | correlation_id=1 | client_id="quire-infra" | topics=[] (count 0)
  read -r -a b <<<"$(kafka_request '\x00\x00\x00\x19\x00\x03\x00\x01\x00\x00\x00\x01\x00\x0bquire-infra\x00\x00\x00\x00' 12)"
  ((${#b[@]} == 12)) || return 1
  ((b[4] == 0 && b[5] == 0 && b[6] == 0 && b[7] == 1)) || return 1 # correlation id
  (((b[8] << 24) + (b[9] << 16) + (b[10] << 8) + b[11] > 0))        # broker count
}

# Wait until the group coordinator answers (the first FindCoordinator creates
# __consumer_offsets; after a restart the coordinator must load it), so that
# consumers joining right after 'start' do not see COORDINATOR_NOT_AVAILABLE.
kafka_post() {
  local b deadline
  deadline=$(($(date +%s) + QUIRE_START_TIMEOUT))
  while :; do
    # size=34 | api_key=10 (FindCoordinator) | version=0 | correlation_id=2 | client_id | key="quire-infra"
    read -r -a b <<<"$(kafka_request '\x00\x00\x00\x22\x00\x0a\x00\x00\x00\x00\x00\x02\x00\x0bquire-infra\x00\x0bquire-infra' 10)"
    # answer: size(4) correlation_id(4) error_code(2)
    if ((${#b[@]} == 10 && b[7] == 2 && b[8] == 0 && b[9] == 0)); then
      return 0
    fi
    if (($(date +%s) >= deadline)); then
      printf 'ERROR: kafka: group coordinator not available after %ss\n' "$QUIRE_START_TIMEOUT" >&2
      return 1
    fi
    sleep 0.2
  done
}

# -------------------------------------------------------------- clickhouse ----

clickhouse_write_config() {
  mkdir -p "$CH_DIR/config" "$CH_DIR/data" "$CH_DIR/tmp" "$CH_DIR/user_files" "$CH_DIR/format_schemas" "$CH_LOGS"
  cat >"$CH_CONF" <<EOF
<?xml version="1.0"?>
<!-- Written by deploy/local/infra.sh on every start; edits are lost. -->
<yandex>
    <logger>
        <level>information</level>
        <log>$CH_LOGS/clickhouse-server.log</log>
        <errorlog>$CH_LOGS/clickhouse-server.err.log</errorlog>
        <size>100M</size>
        <count>3</count>
    </logger>
    <listen_host>$QUIRE_HOST</listen_host>
    <http_port>$QUIRE_CLICKHOUSE_HTTP_PORT</http_port>
    <tcp_port>$QUIRE_CLICKHOUSE_TCP_PORT</tcp_port>
    <!-- No interserver_http_port / https_port / tcp_port_secure: those servers stay off. -->
    <max_connections>1024</max_connections>
    <keep_alive_timeout>3</keep_alive_timeout>
    <max_concurrent_queries>100</max_concurrent_queries>
    <uncompressed_cache_size>268435456</uncompressed_cache_size>
    <mark_cache_size>268435456</mark_cache_size>
    <path>$CH_DIR/data/</path>
    <tmp_path>$CH_DIR/tmp/</tmp_path>
    <user_files_path>$CH_DIR/user_files/</user_files_path>
    <format_schema_path>$CH_DIR/format_schemas/</format_schema_path>
    <users_config>$CH_USERS</users_config>
    <default_profile>default</default_profile>
    <default_database>default</default_database>
    <timezone>UTC</timezone>
    <umask>022</umask>
    <mlock_executable>false</mlock_executable>
    <builtin_dictionaries_reload_interval>3600</builtin_dictionaries_reload_interval>
    <max_session_timeout>3600</max_session_timeout>
    <default_session_timeout>60</default_session_timeout>
    <query_log>
        <database>system</database>
        <table>query_log</table>
        <partition_by>toYYYYMM(event_date)</partition_by>
        <flush_interval_milliseconds>7500</flush_interval_milliseconds>
    </query_log>
    <max_table_size_to_drop>0</max_table_size_to_drop>
    <max_partition_size_to_drop>0</max_partition_size_to_drop>
</yandex>
EOF
  cat >"$CH_USERS" <<'EOF'
<?xml version="1.0"?>
<!-- Written by deploy/local/infra.sh on every start; edits are lost. -->
<yandex>
    <profiles>
        <default>
            <max_memory_usage>4000000000</max_memory_usage>
            <use_uncompressed_cache>0</use_uncompressed_cache>
            <load_balancing>random</load_balancing>
        </default>
        <!-- Read-only queries. readonly=2 (not 1) so that a query may still pass
             limits such as max_execution_time / max_result_rows as settings. -->
        <readonly>
            <readonly>2</readonly>
        </readonly>
    </profiles>
    <users>
        <!-- Local development only: no password, loopback only. -->
        <default>
            <password></password>
            <networks>
                <ip>::1</ip>
                <ip>127.0.0.1</ip>
            </networks>
            <profile>default</profile>
            <quota>default</quota>
        </default>
        <readonly>
            <password></password>
            <networks>
                <ip>::1</ip>
                <ip>127.0.0.1</ip>
            </networks>
            <profile>readonly</profile>
            <quota>default</quota>
        </readonly>
    </users>
    <quotas>
        <default>
            <interval>
                <duration>3600</duration>
                <queries>0</queries>
                <errors>0</errors>
                <result_rows>0</result_rows>
                <read_rows>0</read_rows>
                <execution_time>0</execution_time>
            </interval>
        </default>
    </quotas>
</yandex>
EOF
}

clickhouse_check() {
  local ok=0
  [[ -n "$(clickhouse_bin)" ]] || missing "clickhouse-server not found" clickhouse || ok=1
  command -v curl >/dev/null 2>&1 || missing "curl not found" clickhouse || ok=1
  return "$ok"
}

clickhouse_launch() {
  local bin
  bin="$(clickhouse_bin)"
  clickhouse_write_config
  printf '\n===== %s starting clickhouse =====\n' "$(date -u +%FT%TZ)" >>"$CH_LOGS/stdout.log"
  spawn "$CH_PID" "$CH_LOGS/stdout.log" "$bin" --config-file="$CH_CONF"
}

ch_url() { printf 'http://%s:%s/' "$QUIRE_HOST" "$QUIRE_CLICKHOUSE_HTTP_PORT"; }

clickhouse_ready() {
  [[ "$(curl -s -m 3 "$(ch_url)ping" 2>/dev/null)" == "Ok." ]]
}

clickhouse_post() {
  local out
  if ! out="$(curl -sS -m 30 -w '\n%{http_code}' --data-binary \
    "CREATE DATABASE IF NOT EXISTS $QUIRE_CLICKHOUSE_DATABASE" "$(ch_url)")"; then
    printf 'ERROR: clickhouse: CREATE DATABASE request failed\n' >&2
    return 1
  fi
  if [[ "${out##*$'\n'}" != "200" ]]; then
    printf 'ERROR: clickhouse: CREATE DATABASE failed: %s\n' "${out%$'\n'*}" >&2
    return 1
  fi
}

# -------------------------------------------------------------- actions ----

stop_signal() {
  case "$1" in
    postgres) echo INT ;; # fast shutdown
    *) echo TERM ;;
  esac
}

kill_signal() {
  case "$1" in
    postgres) echo QUIT ;; # immediate shutdown (lets the postmaster clean up children)
    *) echo KILL ;;
  esac
}

do_start() {
  local c pid port failed=0
  local -A t0=() started=()
  local pending=()
  # Check every prerequisite before starting anything.
  for c in "$@"; do
    [[ -n "$(comp_pid "$c")" ]] || "${c}_check" || failed=1
  done
  ((failed == 0)) || return 1
  for c in "$@"; do
    t0[$c]="$(now_ms)"
    pid="$(comp_pid "$c")"
    if [[ -n "$pid" ]]; then
      started[$c]=0
    else
      for port in $(all_ports "$c"); do
        if port_open "$port"; then
          printf 'ERROR: %s: 127.0.0.1:%s is already in use by another process (not ours: no pid in %s)\n' \
            "$c" "$port" "$QUIRE_INFRA_DIR" >&2
          failed=1
          continue 2
        fi
      done
      say "$c: starting"
      "${c}_launch"
      started[$c]=1
    fi
    pending+=("$c")
  done

  local deadline next
  deadline=$(($(date +%s) + QUIRE_START_TIMEOUT))
  while ((${#pending[@]} > 0)); do
    next=()
    for c in "${pending[@]}"; do
      if "${c}_ready"; then
        if ! "${c}_post"; then
          # shellcheck disable=SC2046
          log_tail $(logs_of "$c")
          failed=1
          continue
        fi
        if ((started[$c])); then
          say "$c: ready on 127.0.0.1:$(main_port "$c") (pid $(comp_pid "$c"), $(elapsed "${t0[$c]}" "$(now_ms)"))"
        else
          say "$c: already running on 127.0.0.1:$(main_port "$c") (pid $(comp_pid "$c"))"
        fi
      elif [[ -z "$(comp_pid "$c")" ]]; then
        printf 'ERROR: %s: the server process exited during start-up\n' "$c" >&2
        # shellcheck disable=SC2046
        log_tail $(logs_of "$c")
        failed=1
      elif (($(date +%s) >= deadline)); then
        printf 'ERROR: %s: not ready after %ss (pid %s still running; QUIRE_START_TIMEOUT)\n' \
          "$c" "$QUIRE_START_TIMEOUT" "$(comp_pid "$c")" >&2
        # shellcheck disable=SC2046
        log_tail $(logs_of "$c")
        failed=1
      else
        next+=("$c")
      fi
    done
    pending=("${next[@]}")
    ((${#pending[@]} == 0)) || sleep 0.2
  done
  return "$failed"
}

do_stop() {
  local c pid
  local -A t0=() pids=() killed=()
  local pending=()
  for c in "$@"; do
    pid="$(comp_pid "$c")"
    if [[ -z "$pid" ]]; then
      say "$c: not running"
      continue
    fi
    t0[$c]="$(now_ms)"
    pids[$c]="$pid"
    killed[$c]=0
    say "$c: stopping (pid $pid)"
    kill -s "$(stop_signal "$c")" "$pid" 2>/dev/null || true
    pending+=("$c")
  done

  local deadline next
  deadline=$(($(date +%s) + QUIRE_STOP_TIMEOUT))
  while ((${#pending[@]} > 0)); do
    next=()
    for c in "${pending[@]}"; do
      if ! proc_alive "${pids[$c]}"; then
        say "$c: stopped ($(elapsed "${t0[$c]}" "$(now_ms)"))"
        case "$c" in
          postgres) rm -f "$PG_PID" ;;
          redis) rm -f "$REDIS_PID" ;;
          kafka) rm -f "$KAFKA_PID" ;;
          clickhouse) rm -f "$CH_PID" ;;
        esac
        continue
      fi
      if (($(date +%s) >= deadline)) && ((killed[$c] == 0)); then
        warn "$c: still running after ${QUIRE_STOP_TIMEOUT}s; sending SIG$(kill_signal "$c")"
        kill -s "$(kill_signal "$c")" "${pids[$c]}" 2>/dev/null || true
        killed[$c]=1
        deadline=$(($(date +%s) + 15))
      elif (($(date +%s) >= deadline)); then
        die "$c: pid ${pids[$c]} does not exit"
      fi
      next+=("$c")
    done
    pending=("${next[@]}")
    ((${#pending[@]} == 0)) || sleep 0.1
  done
}

do_status() {
  local c pid port down=0 state detail
  for c in "$@"; do
    pid="$(comp_pid "$c")"
    port="$(main_port "$c")"
    if [[ -n "$pid" ]] && "${c}_ready"; then
      state=up
      detail="127.0.0.1:$port pid $pid"
    elif [[ -n "$pid" ]]; then
      state=down
      detail="pid $pid running but not answering on 127.0.0.1:$port"
      down=1
    elif port_open "$port"; then
      state=down
      detail="127.0.0.1:$port is used by a process not started from $QUIRE_INFRA_DIR"
      down=1
    else
      state=down
      detail="not running"
      down=1
    fi
    printf '%-10s %-4s %s\n' "$c" "$state" "$detail"
  done
  return "$down"
}

# ----------------------------------------------------------------- main ----

main() {
  local action="${1:-}"
  case "$action" in
    -h | --help | help)
      usage
      return 0
      ;;
    start | stop | status | restart) shift ;;
    "")
      usage >&2
      return 2
      ;;
    *)
      die "unknown action: $action (try --help)"
      ;;
  esac
  local comps=() c known
  for c in "$@"; do
    case "$c" in
      -h | --help)
        usage
        return 0
        ;;
    esac
    known=0
    for k in "${QUIRE_COMPONENTS[@]}"; do [[ "$c" == "$k" ]] && known=1; done
    ((known)) || die "unknown component: $c (expected: ${QUIRE_COMPONENTS[*]}; try --help)"
    comps+=("$c")
  done
  ((${#comps[@]} > 0)) || comps=("${QUIRE_COMPONENTS[@]}")

  case "$action" in
    start)
      mkdir -p "$QUIRE_INFRA_DIR"
      do_start "${comps[@]}"
      ;;
    stop) do_stop "${comps[@]}" ;;
    status) do_status "${comps[@]}" ;;
    restart)
      do_stop "${comps[@]}"
      do_start "${comps[@]}"
      ;;
  esac
}

main "$@"
