import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
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
        for (const suffix of modules) {
          const found = [...chunks].find(([, chunk]) => chunk.facadeModuleId?.endsWith(suffix));
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

export default defineConfig({
  plugins: [react(), sizeReport()],
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
