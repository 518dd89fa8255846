// Build-time compression: after Vite writes dist/, every text asset gets a brotli (.br) and a gzip
// (.gz) sibling, so the server sends compressed bytes without compressing per request
// (@fastify/static `preCompressed`, api/src/web-app.ts). Only siblings smaller than the original
// are kept.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : entry.isFile() ? [full] : [];
  });
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file of `dir`. */
export async function precompressDir(dir: string): Promise<number> {
  const files = listFiles(dir).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    files.map(async (file) => {
      const source = readFileSync(file);
      const [br, gzipped] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gz(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < source.length) writeFileSync(`${file}.br`, br);
      if (gzipped.length < source.length) writeFileSync(`${file}.gz`, gzipped);
    }),
  );
  return files.length;
}

export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'reclaim-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
