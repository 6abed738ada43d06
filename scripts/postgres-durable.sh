#!/usr/bin/env bash
# Starts a second PostgreSQL cluster on 127.0.0.1 with durable settings (PostgreSQL's defaults: fsync on,
# synchronous_commit on, full_page_writes on), for benchmarks whose figures must hold for real money. The test
# cluster of scripts/postgres.sh trades durability for speed and is not used for published figures.
# Prints a connection URL for a superuser role `swx`.
set -euo pipefail
ver=$(ls /usr/lib/postgresql | sort -n | tail -1)
port="${PGPORT_DURABLE:-55433}"
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$ver swxdurable$"; then
  pg_createcluster "$ver" swxdurable -p "$port" -- --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  conf="/etc/postgresql/$ver/swxdurable/postgresql.conf"
  {
    echo "listen_addresses = '127.0.0.1'"
    echo "max_connections = 300"
    echo "fsync = on"
    echo "synchronous_commit = on"
    echo "full_page_writes = on"
  } >> "$conf"
fi
pg_ctlcluster "$ver" swxdurable start >/dev/null 2>&1 || true
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p "$port" -q && break
  sleep 0.5
done
su postgres -c "psql -p $port -qtAc \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname='swx') THEN CREATE ROLE swx LOGIN SUPERUSER PASSWORD 'swx'; END IF; END \\\$\\\$;\"" >/dev/null
echo "postgres://swx:swx@127.0.0.1:$port/postgres"
