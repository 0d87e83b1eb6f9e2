import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type Plugin,
  type Rolldown,
} from 'vite';

/**
 * The first JS each key page needs: its entry chunk (the app's `src/main.tsx`, or the sign-in page's
 * own `src/sign-in.tsx`), its static imports, and the lazy chunks of the route modules that render the
 * page (with their static imports). Printed after every production build so bundle growth is visible
 * in review; `SIZE_DETAIL=/sign-in` adds the files and packages of one page.
 */
const PAGES: Record<string, { entry: string; modules: string[] }> = {
  '/sign-in': { entry: 'src/sign-in.tsx', modules: ['packages/shared/src/i18n/bs-public.ts'] },
  '/t/<token>': { entry: 'src/tracking.tsx', modules: [] },
  '/': {
    entry: 'src/main.tsx',
    modules: [
      'packages/shared/src/i18n/bs.ts',
      'src/app/layouts/dashboard-layout.tsx',
      'src/app/routes/dashboard/dashboard-page.tsx',
    ],
  },
  '/restaurants': {
    entry: 'src/main.tsx',
    modules: [
      'packages/shared/src/i18n/bs.ts',
      'src/app/layouts/dashboard-layout.tsx',
      'src/app/routes/restaurants/restaurants-page.tsx',
    ],
  },
};
const SIGN_IN_BUDGET_KB = 150;
/** The customer's tracking page, opened from an SMS on a phone (decision 0037). */
const TRACKING_BUDGET_KB = 80;
const BUDGETS: Record<string, number> = { '/sign-in': SIGN_IN_BUDGET_KB, '/t/<token>': TRACKING_BUDGET_KB };

interface ChunkInfo {
  code: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  modules: Record<string, { renderedLength: number; code?: string | null }>;
}

function sizeReport(): Plugin {
  return {
    name: 'dostava-size-report',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') chunks.set(fileName, output);
      }
      const collect = (fileName: string, seen: Set<string>) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) collect(imported, seen);
      };
      const gz = (fileName: string) => gzipSync(chunks.get(fileName)?.code ?? '').length;
      const lines = ['', 'First-load JS (gzip):'];
      const report: Record<string, { kb: number; files: number }> = {};
      for (const [page, { entry, modules }] of Object.entries(PAGES)) {
        const files = new Set<string>();
        const holds = (chunk: ChunkInfo | undefined) =>
          Object.keys(chunk?.modules ?? {}).some((id) => id.endsWith(entry));
        // With `strictExecutionOrder` the entry chunk is a facade that starts the chunk holding it.
        const entryChunk = [...chunks].find(
          ([, chunk]) =>
            chunk.isEntry &&
            (chunk.facadeModuleId?.endsWith(entry) ||
              holds(chunk) ||
              chunk.imports.some((file) => holds(chunks.get(file)))),
        );
        if (!entryChunk) continue; // the other build's page
        collect(entryChunk[0], files);
        for (const suffix of modules) {
          const found =
            [...chunks].find(([, chunk]) => chunk.facadeModuleId?.endsWith(suffix)) ??
            [...chunks].find(([, chunk]) => Object.keys(chunk.modules).some((id) => id.endsWith(suffix)));
          if (found) collect(found[0], files);
          else lines.push(`  (no chunk found for ${suffix})`);
        }
        const total = [...files].reduce((sum, file) => sum + gz(file), 0);
        const kb = total / 1024;
        report[page] = { kb, files: files.size };
        const budget = BUDGETS[page];
        const flag = budget !== undefined && kb > budget ? `  OVER BUDGET (${budget} KB)` : '';
        lines.push(`  ${page.padEnd(14)} ${kb.toFixed(1).padStart(7)} KB in ${files.size} files${flag}`);
        if (process.env.SIZE_DETAIL === page) {
          for (const file of [...files].sort((a, b) => gz(b) - gz(a)))
            lines.push(`    ${(gz(file) / 1024).toFixed(1).padStart(7)} KB  ${file}`);
          const byPackage = new Map<string, string>();
          for (const file of files) {
            for (const [id, info] of Object.entries(chunks.get(file)?.modules ?? {})) {
              const name = process.env.SIZE_FILES
                ? id.replace(/^.*node_modules\//, '')
                : (id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ??
                  id.replace(/^.*\/(apps|packages)\//, '$1/'));
              byPackage.set(name, `${byPackage.get(name) ?? ''}${info.code ?? ''}`);
            }
          }
          const sizes = [...byPackage].map(([name, code]) => [name, gzipSync(code).length] as const);
          const top = sizes.sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.SIZE_TOP ?? 25));
          for (const [name, size] of top)
            lines.push(`      ${(size / 1024).toFixed(1).padStart(7)} KB gz~ ${name}`);
        }
      }
      console.log(lines.join('\n'));
      // `npm run bench` puts the same figures in its results.
      const out = fileURLToPath(new URL('../../.bench/', import.meta.url));
      mkdirSync(out, { recursive: true });
      const file = `${out}first-load.json`;
      const earlier = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
      writeFileSync(file, JSON.stringify({ ...earlier, ...report }, null, 2));
    },
  };
}

/** Text files worth compressing; images and fonts (woff2 is brotli already) are not. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the extra round of negotiation costs. */
const PRECOMPRESS_MIN_BYTES = 256;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every compressible file of the
 * build, once, so the API serves them by content negotiation without compressing per request (see
 * docs/decisions/0012-web-delivery.md). A copy that does not come out smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  return {
    name: 'dostava-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The second build finds the first one's copies already written.
      const files = walk(outDir).filter(
        (file) =>
          COMPRESSIBLE.test(file) &&
          statSync(file).size >= PRECOMPRESS_MIN_BYTES &&
          !(existsSync(`${file}.br`) && statSync(`${file}.br`).mtimeMs >= statSync(file).mtimeMs),
      );
      await Promise.all(
        files.map(async (file) => {
          const source = readFileSync(file);
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) writeFileSync(`${file}.br`, br);
          if (gzipped.length < source.length) writeFileSync(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

/**
 * Fewer, larger chunks for the app's first screen. Left to the automatic splitting, MUI's components
 * were spread over some fifty chunks, each shared by another set of screens; the dashboard's first
 * load was sixty files, fetched six at a time over HTTP/1.1 once the entry had run, several round
 * trips in a row. MUI's core (every screen uses it, the entry does already) is one chunk that
 * index.html preloads beside the entry; zod is one chunk, the screens with a form or a filter share it.
 * Not in these groups: React (the entry), MUI X (charts, data grid, date pickers: their screens only).
 */
const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  {
    // Its own chunk, so that MUI's and the entry's do not import each other (a cycle between chunks
    // that evaluates a module before the one it needs).
    name: 'react',
    test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/,
    includeDependenciesRecursively: false,
  },
  {
    name: 'mui',
    test: /node_modules[\\/](?:@mui[\\/](?:material|system|utils|styled-engine|private-theming)|@emotion|@popperjs|@babel[\\/]runtime|react-transition-group|dom-helpers|react-is|prop-types|hoist-non-react-statics|stylis)[\\/]/,
    // Only these packages: what they import besides (React) stays where it is.
    includeDependenciesRecursively: false,
  },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, includeDependenciesRecursively: false },
];

/**
 * What the home screen needs after the entry, fetched with the entry: index.html preloads the layout
 * (every screen of the app renders inside it), the dashboard's route module (the home screen of all
 * but the dispatcher) and the default language's catalogue, with the chunks they import. Otherwise
 * these start only once the entry has been fetched and run, a second wave of requests (and Roboto,
 * below). Another
 * screen loads the dashboard's few KB without needing them; a visitor reading English loads the
 * Bosnian catalogue as well (about 11 KB gzip), once, cached for a year.
 */
const HOME_MODULES = [
  'src/app/layouts/dashboard-layout.tsx',
  'src/app/routes/dashboard/dashboard-page.tsx',
  'packages/shared/src/i18n/bs.ts',
];

/**
 * Roboto's Latin files in the theme's weights: the browser asks for a font only once text that needs
 * it has been laid out, so the figures were drawn in the fallback font and drawn again when Roboto
 * came (a later largest paint). The Latin Extended files (č, ć, đ, š, ž) are left to the browser.
 */
const FONT_PRELOADS = /(?:^|\/)roboto-latin-(?:400|500|700)-normal-[\w-]+\.woff2$/;

function preloadHome(): Plugin {
  return {
    name: 'dostava-preload-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = new Map<string, Rolldown.OutputChunk>();
        for (const output of Object.values(ctx.bundle ?? {}))
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file) || html.includes(`/${file}"`)) return;
          files.add(file);
          for (const imported of chunks.get(file)?.imports ?? []) add(imported);
        };
        for (const module of HOME_MODULES) {
          const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(module));
          if (chunk) add(chunk.fileName);
        }
        const fonts = Object.values(ctx.bundle ?? {})
          .map((output) => output.fileName)
          .filter((file) => FONT_PRELOADS.test(file));
        return [
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...fonts.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * React's development build is several times larger and slower; a `NODE_ENV=development` left in the
 * shell (the README's default for the API) must never ship it. The build script sets production, and
 * this refuses a build that somehow is not.
 */
function productionOnly(): Plugin {
  return {
    name: 'dostava-production-only',
    apply: 'build',
    configResolved(config) {
      if (!config.isProduction) {
        throw new Error(
          `vite build must run with NODE_ENV=production (got ${process.env.NODE_ENV}); use npm run build.`,
        );
      }
    },
  };
}

/**
 * /sign-in is its own page (sign-in.html); the API serves it at that path, and this does the same for
 * the dev and preview servers.
 */
function signInPage(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url === '/sign-in' || req.url?.startsWith('/sign-in?'))
      req.url = req.url.replace('/sign-in', '/sign-in.html');
    // The customer's tracking page (tracking.html) at /t/<token>.
    else if (req.url?.startsWith('/t/')) req.url = '/tracking.html';
    next();
  };
  return {
    name: 'dostava-sign-in-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * Two builds into one dist: the app (index.html) and the sign-in page (sign-in.html, `--mode
 * sign-in`), run one after the other by `npm run build`. Built alone, the sign-in page's first load is
 * one file rather than thirty chunks shared with the app (about 8 KB gzip less, and what keeps it in
 * budget); the price is that the app fetches React and MUI once more after signing in.
 */
export default defineConfig(({ mode }) => {
  // `--mode tracking-ssr`: the tracking page's server render (src/tracking-ssr.tsx), one self-contained
  // module for the API (dist/ssr, which the API never serves as a file).
  if (mode === 'tracking-ssr') {
    return {
      plugins: [productionOnly(), react()],
      publicDir: false,
      // React's production server renderer only (the development one is dead code then).
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      resolve: { conditions: ['source', ...defaultServerConditions] },
      ssr: { noExternal: true, resolve: { conditions: ['source', ...defaultServerConditions] } },
      build: {
        ssr: 'src/tracking-ssr.tsx',
        outDir: 'dist/ssr',
        emptyOutDir: true,
        sourcemap: false,
        rolldownOptions: { output: { entryFileNames: 'tracking-ssr.js' } },
      },
    };
  }
  // `--mode tracking` builds the customer's tracking page (tracking.html) alone, the same way.
  const tracking = mode === 'tracking';
  const signIn = mode === 'sign-in' || tracking;
  return {
    plugins: [
      productionOnly(),
      react(),
      signInPage(),
      sizeReport(),
      precompress(),
      ...(signIn ? [] : [preloadHome()]),
    ],
    resolve: {
      // `source` first: @dostava/shared is consumed as TypeScript source, no prior build needed.
      conditions: ['source', ...defaultClientConditions],
    },
    server: {
      proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
    },
    preview: {
      proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
    },
    build: {
      outDir: 'dist',
      // The sign-in build comes second and adds to the app's.
      emptyOutDir: !signIn,
      sourcemap: false,
      chunkSizeWarningLimit: 1200,
      rolldownOptions: {
        input: fileURLToPath(
          new URL(tracking ? 'tracking.html' : signIn ? 'sign-in.html' : 'index.html', import.meta.url),
        ),
        output: signIn ? {} : { codeSplitting: { groups: CHUNK_GROUPS } },
      },
    },
  };
});
