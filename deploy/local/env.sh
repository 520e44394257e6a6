#!/usr/bin/env bash
# Print the environment for connecting to the local infrastructure.
# Usage: eval "$(deploy/local/env.sh)"
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

case "${1:-}" in
  -h | --help)
    cat <<EOF
Usage: eval "\$(deploy/local/env.sh)"

Prints export lines for the servers run by deploy/local/infra.sh:
  DATABASE_URL_IDENTITY, DATABASE_URL_CONTENT, DATABASE_URL_SITES,
  DATABASE_URL_SPECS, DATABASE_URL_INSIGHTS, DATABASE_URL_WEBHOOKS, DATABASE_URL_READER, REDIS_URL, KAFKA_BROKERS,
  CLICKHOUSE_URL, CLICKHOUSE_DATABASE
Honors QUIRE_PG_PORT, QUIRE_REDIS_PORT, QUIRE_KAFKA_PORT, QUIRE_CLICKHOUSE_HTTP_PORT.
EOF
    exit 0
    ;;
  "") ;;
  *)
    die "unexpected argument: $1 (try --help)"
    ;;
esac

pg="postgres://$QUIRE_PG_USER:$QUIRE_PG_PASSWORD@$QUIRE_HOST:$QUIRE_PG_PORT"
for db in "${QUIRE_PG_DATABASES[@]}"; do
  name="${db#quire_}"
  printf "export DATABASE_URL_%s='%s/%s'\n" "${name^^}" "$pg" "$db"
done
printf "export REDIS_URL='redis://%s:%s'\n" "$QUIRE_HOST" "$QUIRE_REDIS_PORT"
printf "export KAFKA_BROKERS='%s:%s'\n" "$QUIRE_HOST" "$QUIRE_KAFKA_PORT"
printf "export CLICKHOUSE_URL='http://%s:%s'\n" "$QUIRE_HOST" "$QUIRE_CLICKHOUSE_HTTP_PORT"
printf "export CLICKHOUSE_DATABASE='%s'\n" "$QUIRE_CLICKHOUSE_DATABASE"
