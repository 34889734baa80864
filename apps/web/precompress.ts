import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// Text formats and the one font format that is not compressed already (woff and woff2 are).
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ttf|otf|ico)$/i;
// Below this a compressed copy saves next to nothing (index.html is just above it).
const MIN_BYTES = 256;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

// Writes `file.br` (brotli, best quality) and `file.gz` (gzip, level 9) beside every compressible file
// of the build, so the server sends them as they are (@fastify/static `preCompressed`) and never
// compresses a static file per request. A variant that is not smaller than the file is not written;
// the server then sends the file itself.
export async function precompressDir(dir: string): Promise<{ files: number; raw: number; br: number; gz: number }> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (data.length < MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            [constants.BROTLI_PARAM_MODE]: /\.(ttf|otf|ico)$/i.test(file)
              ? constants.BROTLI_MODE_FONT
              : constants.BROTLI_MODE_TEXT,
          },
        }),
        gz(data, { level: 9 }),
      ]);
      totals.files += 1;
      totals.raw += data.length;
      if (br.length < data.length) {
        await writeFile(`${file}.br`, br);
        totals.br += br.length;
      }
      if (gzipped.length < data.length) {
        await writeFile(`${file}.gz`, gzipped);
        totals.gz += gzipped.length;
      }
    }),
  );
  return totals;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  let logger: Logger | undefined;
  return {
    name: 'lyceum:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    // After every file (public ones included) is on disk.
    async closeBundle() {
      const t = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
      logger?.info(`precompressed ${t.files} files: ${kb(t.raw)} → ${kb(t.br)} brotli, ${kb(t.gz)} gzip`);
    },
  };
}
