#!/usr/bin/env bash
# PostgreSQL 15 compatibility check (issue 2): the bootstrap, migrations and seed applied to an
# empty database on Debian's PostgreSQL 15 must give the same schema and data as the embedded 17,
# and a second start-up must apply nothing.
# Needs: apt-get install -y postgresql-15 (the server binaries in /usr/lib/postgresql/15/bin).
# Uses a throwaway cluster in /tmp on port PG15_PORT (default 61722) and a throwaway embedded 17
# in .data-pg15-ref on port PG17_PORT (default 61723); SDV_PORT_OFFSET moves both defaults.
# Exit 0 = same result.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PGBIN="${PG15_BIN:-/usr/lib/postgresql/15/bin}"
OFFSET="${SDV_PORT_OFFSET:-0}"
PORT="${PG15_PORT:-$((61722 + OFFSET))}"
REF_PORT="${PG17_PORT:-$((61723 + OFFSET))}"
TSX="$ROOT/node_modules/.bin/tsx"

if [[ ! -x "$PGBIN/postgres" ]]; then
  echo "Không thấy PostgreSQL 15 ($PGBIN). Cài: apt-get install -y postgresql-15" >&2
  exit 2
fi

WORK="$(mktemp -d /tmp/sdv-pg15.XXXXXX)"
chmod 755 "$WORK"
mkdir "$WORK/data"
chown postgres:postgres "$WORK/data" 2>/dev/null || true
as_pg() { if [[ "$(id -un)" == "root" ]]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }

cleanup() {
  as_pg "'$PGBIN/pg_ctl' -D '$WORK/data' stop -m fast" >/dev/null 2>&1 || true
  rm -rf "$WORK" "$ROOT/.data-pg15-ref"
}
trap cleanup EXIT

echo "▶ PostgreSQL 15: cụm tạm trong $WORK, cổng $PORT"
# The cluster's own superuser is supabase_admin, as on Supabase: bootstrap.sql makes `postgres` the
# non-superuser role that applies migrations and seed (docs/architecture.md#the-platform-mirror).
as_pg "'$PGBIN/initdb' -D '$WORK/data' -U supabase_admin --auth=trust --encoding=UTF8 --locale=C.UTF-8" >/dev/null
as_pg "'$PGBIN/pg_ctl' -D '$WORK/data' -l '$WORK/data/server.log' -w -o \"-p $PORT -k '$WORK/data' -c listen_addresses=127.0.0.1 -c wal_level=logical -c timezone=UTC\" start" >/dev/null
as_pg "'$PGBIN/createdb' -h 127.0.0.1 -p $PORT -U supabase_admin sdv"
URL="postgres://supabase_admin@127.0.0.1:$PORT/sdv"

cd "$ROOT"
echo "▶ Lần 1 trên PostgreSQL 15 (bootstrap + migrations + seed)"
DATABASE_URL="$URL" "$TSX" scripts/lib/apply-database.ts > "$WORK/pg15-first.json" 2> "$WORK/pg15-first.log" || { cat "$WORK/pg15-first.log" >&2; exit 1; }
echo "▶ Lần 2 trên PostgreSQL 15 (không được áp dụng lại gì)"
DATABASE_URL="$URL" "$TSX" scripts/lib/apply-database.ts > "$WORK/pg15-second.json" 2> "$WORK/pg15-second.log" || { cat "$WORK/pg15-second.log" >&2; exit 1; }
echo "▶ Tham chiếu: PostgreSQL 17 nhúng, mới (.data-pg15-ref, cổng $REF_PORT)"
rm -rf "$ROOT/.data-pg15-ref"
env -u DATABASE_URL SDV_DATA_DIR=.data-pg15-ref DB_PORT="$REF_PORT" "$TSX" scripts/lib/apply-database.ts > "$WORK/pg17.json" 2> "$WORK/pg17.log" || { cat "$WORK/pg17.log" >&2; exit 1; }

node - "$WORK/pg15-first.json" "$WORK/pg15-second.json" "$WORK/pg17.json" <<'NODE'
const fs = require('node:fs');
const [first, second, ref] = process.argv.slice(2).map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
let failed = false;
const fail = (msg) => { failed = true; console.error(`✗ ${msg}`); };
console.log(`  PostgreSQL ${first.server_version}: ${first.applied} migration, seed=${first.seeded}`);
console.log(`  PostgreSQL ${ref.server_version}: ${ref.applied} migration, seed=${ref.seeded}`);
if (!first.seeded) fail('lần 1 trên PG15 không chạy seed');
if (second.applied !== 0 || second.seeded) fail(`lần 2 trên PG15 áp dụng lại ${second.applied} migration (seed=${second.seeded})`);
if (first.applied !== ref.applied) fail(`số migration khác nhau: PG15 ${first.applied}, PG17 ${ref.applied}`);
for (const [name, value] of Object.entries(ref.schema)) {
  const other = first.schema[name];
  if (!other) { fail(`thiếu phần ${name} trên PG15`); continue; }
  if (other.rows !== value.rows || other.md5 !== value.md5) {
    fail(`${name}: PG15 ${other.rows} dòng (${other.md5}) ≠ PG17 ${value.rows} dòng (${value.md5})`);
  }
}
for (const [table, n] of Object.entries(ref.counts)) {
  if (first.counts[table] !== n) fail(`bảng ${table}: PG15 ${first.counts[table]} dòng ≠ PG17 ${n} dòng`);
}
if (failed) process.exit(1);
console.log(`✓ PostgreSQL 15 cho cùng kết quả với PostgreSQL 17 (${Object.keys(ref.schema).length} phần lược đồ, ${Object.keys(ref.counts).length} bảng), lần chạy thứ hai không áp dụng lại gì.`);
NODE
