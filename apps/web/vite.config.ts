import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * The first JS each key page needs: the entry chunk, its static imports, and the lazy chunks of the
 * route modules that render the page (with their static imports). Printed after every production build
 * so bundle growth is visible in review.
 */
const PAGES: Record<string, string[]> = {
  '/sign-in': ['src/app/routes/auth/sign-in-page.tsx'],
  '/': ['src/app/layouts/dashboard-layout.tsx', 'src/app/routes/dashboard/dashboard-page.tsx'],
  '/restaurants': ['src/app/layouts/dashboard-layout.tsx', 'src/app/routes/restaurants/restaurants-page.tsx'],
};
const SIGN_IN_BUDGET_KB = 150;
/** Loaded before the first render on every page: the default language's catalogue (lib/i18n.ts). */
const EVERY_PAGE = ['packages/shared/src/i18n/bs.ts'];

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
      const entry = [...chunks].find(([, chunk]) => chunk.isEntry)?.[0];
      if (!entry) return;
      const gz = (fileName: string) => gzipSync(chunks.get(fileName)?.code ?? '').length;
      const lines = ['', 'First-load JS (gzip):'];
      const report: Record<string, { kb: number; files: number }> = {};
      for (const [page, modules] of Object.entries(PAGES)) {
        const files = new Set<string>();
        collect(entry, files);
        for (const suffix of [...EVERY_PAGE, ...modules]) {
          const found =
            [...chunks].find(([, chunk]) => chunk.facadeModuleId?.endsWith(suffix)) ??
            [...chunks].find(([, chunk]) => Object.keys(chunk.modules).some((id) => id.endsWith(suffix)));
          if (found) collect(found[0], files);
          else lines.push(`  (no chunk found for ${suffix})`);
        }
        const total = [...files].reduce((sum, file) => sum + gz(file), 0);
        const kb = total / 1024;
        report[page] = { kb, files: files.size };
        const flag =
          page === '/sign-in' && kb > SIGN_IN_BUDGET_KB ? `  OVER BUDGET (${SIGN_IN_BUDGET_KB} KB)` : '';
        lines.push(`  ${page.padEnd(14)} ${kb.toFixed(1).padStart(7)} KB in ${files.size} files${flag}`);
        if (process.env.SIZE_DETAIL === page) {
          const byPackage = new Map<string, number>();
          for (const file of files) {
            for (const [id, info] of Object.entries(chunks.get(file)?.modules ?? {})) {
              const name = process.env.SIZE_FILES
                ? id.replace(/^.*node_modules\//, '')
                : (id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ??
                  id.replace(/^.*\/(apps|packages)\//, '$1/'));
              byPackage.set(name, (byPackage.get(name) ?? 0) + (info.code ? gzipSync(info.code).length : 0));
            }
          }
          const top = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.SIZE_TOP ?? 25));
          for (const [name, size] of top)
            lines.push(`      ${(size / 1024).toFixed(1).padStart(7)} KB gz~ ${name}`);
        }
      }
      console.log(lines.join('\n'));
      // `npm run bench` puts the same figures in its results.
      const out = fileURLToPath(new URL('../../.bench/', import.meta.url));
      mkdirSync(out, { recursive: true });
      writeFileSync(`${out}first-load.json`, JSON.stringify(report, null, 2));
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
      const files = walk(outDir).filter(
        (file) => COMPRESSIBLE.test(file) && statSync(file).size >= PRECOMPRESS_MIN_BYTES,
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

export default defineConfig({
  plugins: [productionOnly(), react(), sizeReport(), precompress()],
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
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
});
