#!/usr/bin/env bash
# Starts Debian's PostgreSQL on 127.0.0.1 (no systemd here) and prints a connection URL for a superuser role
# `swx` (the tests create one database per test file with it).
#
#   bash scripts/postgres.sh            the test cluster `swx` on port 55432: fsync, synchronous_commit and
#                                       full_page_writes off, fast and not crash-safe
#   bash scripts/postgres.sh --durable  the cluster `swxdurable` on port 55433 with PostgreSQL's durable
#                                       defaults (all three on): the one published benchmark figures use
set -euo pipefail
ver=$(ls /usr/lib/postgresql | sort -n | tail -1)
if [ "${1:-}" = "--durable" ]; then
  cluster=swxdurable port="${PGPORT_DURABLE:-55433}" durability=on
else
  cluster=swx port="${PGPORT_TEST:-55432}" durability=off
fi
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$ver $cluster$"; then
  pg_createcluster "$ver" "$cluster" -p "$port" -- --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  conf="/etc/postgresql/$ver/$cluster/postgresql.conf"
  {
    echo "listen_addresses = '127.0.0.1'"
    echo "max_connections = 300"
    echo "fsync = $durability"
    echo "synchronous_commit = $durability"
    echo "full_page_writes = $durability"
  } >> "$conf"
fi
pg_ctlcluster "$ver" "$cluster" start >/dev/null 2>&1 || true
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p "$port" -q && break
  sleep 0.5
done
su postgres -c "psql -p $port -qtAc \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname='swx') THEN CREATE ROLE swx LOGIN SUPERUSER PASSWORD 'swx'; END IF; END \\\$\\\$;\"" >/dev/null
echo "postgres://swx:swx@127.0.0.1:$port/postgres"
