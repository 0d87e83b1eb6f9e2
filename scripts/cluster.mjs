#!/usr/bin/env node
// Runs two API instances on two ports against one PostgreSQL and one Redis, as a load balancer would
// see them in production. `npm run cluster` builds first. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dostava';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ports = (process.env.CLUSTER_PORTS ?? '3001,3002').split(',').map(Number);

// Every instance must sign with the same key: kept beside the data, made once.
const dataDir = path.join(root, 'data', 'cluster');
mkdirSync(dataDir, { recursive: true });
const secretFile = path.join(dataDir, 'jwt-secret');
if (!existsSync(secretFile))
  writeFileSync(secretFile, randomBytes(48).toString('base64url'), { mode: 0o600 });
const jwtSecret = process.env.JWT_SECRET ?? readFileSync(secretFile, 'utf8').trim();

async function ensureDatabase() {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '')}"`);
  await client.end();
}

async function healthy(port) {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`instance on ${port} did not become healthy`);
}

const children = [];
function start(port, seed) {
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DRAIN_SECONDS: process.env.DRAIN_SECONDS ?? '0',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JWT_SECRET: jwtSecret,
      SEED: seed ? '1' : '0',
      DATA_DIR: dataDir,
    },
  });
  children.push(child);
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`instance on ${port} exited (${code}); stopping the cluster`);
      stop();
    }
  });
}

let stopping = false;
function stop() {
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

await ensureDatabase();
// The first instance migrates and seeds; the others start on the ready database.
const [first, ...rest] = ports;
start(first, true);
await healthy(first);
for (const port of rest) start(port, false);
await Promise.all(rest.map(healthy));
console.log(
  `\nDostava cluster: ${ports.map((p) => `http://localhost:${p}`).join('  ')}  (PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}, Redis ${redisUrl})`,
);
