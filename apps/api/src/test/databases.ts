import pg from 'pg';

/** A new database on the PostgreSQL server at `serverUrl`, empty or a copy of `template`; its URL. */
export async function createServerDatabase(serverUrl: string, name: string, template?: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a test's database, closing whatever is still connected to it. */
export async function dropServerDatabase(serverUrl: string, name: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
  } finally {
    await c.end();
  }
}
