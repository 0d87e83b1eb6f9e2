// node scripts/cpuprofile-top.mjs <file.cpuprofile> [--window S] [--top N]
// The heaviest functions and packages of a V8 CPU profile (`node --cpu-prof`): self time by function,
// self time by package (or file of this repository), and time including callees by function.
// `--window S` keeps the last S seconds but the final half second (the load, not the start-up and
// not the shutdown).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!file) {
  console.error('usage: node scripts/cpuprofile-top.mjs <file.cpuprofile> [--window S] [--top N]');
  process.exit(2);
}
const windowUs = option('--window', 0) * 1e6;
const top = option('--top', 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);

const times = [];
let now = profile.startTime;
for (const delta of profile.timeDeltas) {
  now += delta;
  times.push(now);
}
const end = (times.at(-1) ?? now) - 500_000;
const selfById = new Map();
profile.samples.forEach((id, i) => {
  if (windowUs && (times[i] < end - windowUs || times[i] > end)) return;
  selfById.set(id, (selfById.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfById.values()].reduce((a, b) => a + b, 0);

/** node_modules/<package>, node:<module>, apps/… or packages/… of this repository, else (native). */
const where = (url) => {
  if (!url) return '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url;
  return url.match(/\/((?:apps|packages)\/.*)$/)?.[1] ?? url;
};
const add = (map, key, t) => map.set(key, (map.get(key) ?? 0) + t);
const byFunction = new Map();
const byPackage = new Map();
const inclusive = new Map();
for (const [id, t] of selfById) {
  const frame = nodes.get(id).callFrame;
  add(byFunction, `${frame.functionName || '(anonymous)'}  ${where(frame.url)}:${frame.lineNumber + 1}`, t);
  add(byPackage, where(frame.url), t);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const f = nodes.get(at).callFrame;
    const key = `${f.functionName || '(anonymous)'}  ${where(f.url)}`;
    if (!f.functionName || seen.has(key)) continue;
    seen.add(key);
    add(inclusive, key, t);
  }
}
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${key}`);
  }
};
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
print('self time by function', byFunction);
print('self time by package', byPackage);
print('time with callees by function', inclusive);
