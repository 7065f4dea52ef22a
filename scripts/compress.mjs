// Writes NAME.br (brotli, quality 11) and NAME.gz (gzip -9) beside every text
// asset and the wasm in a built folder, so that the server can send them as
// they are (the simulator's --dist, nginx's brotli_static and gzip_static).
// A compressed copy that is not smaller than its file is not written, and a
// stale one is removed. `config.json` is left alone: deployments edit it after
// the build, and a copy made before the edit would be served in its place.
//
// Usage: node scripts/compress.mjs [DIR]   (DIR defaults to $TRUNK_STAGING_DIR)

import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const EXTENSIONS = new Set(['.wasm', '.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt']);
const EDITED_AFTER_BUILD = new Set(['config.json']);

/** The files below `dir` (recursively) that get compressed copies. */
function assets(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && EXTENSIONS.has(path.extname(entry.name)))
    .filter((entry) => !EDITED_AFTER_BUILD.has(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

function brotli(bytes, file) {
  const mode = file.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT;
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: mode,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** Writes `copy` if it is smaller than the original, else removes a stale one; its size, or null. */
function writeIfSmaller(copyPath, copy, rawSize) {
  if (copy.length < rawSize) {
    writeFileSync(copyPath, copy);
    return copy.length;
  }
  rmSync(copyPath, { force: true });
  return null;
}

/** Compresses every asset below `dir`: [{file, raw, br, gz}], sizes in bytes (null: not written). */
export function compressFolder(dir) {
  return assets(dir).map((file) => {
    const bytes = readFileSync(file);
    return {
      file: path.relative(dir, file),
      raw: bytes.length,
      br: writeIfSmaller(`${file}.br`, brotli(bytes, file), bytes.length),
      gz: writeIfSmaller(`${file}.gz`, gzipSync(bytes, { level: 9 }), bytes.length),
    };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error('compress: give the built folder, or run as a Trunk hook');
    process.exit(2);
  }
  const sizes = compressFolder(dir);
  const total = (key) => sizes.reduce((sum, s) => sum + (s[key] ?? s.raw), 0);
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  console.log(
    `compress: ${sizes.length} files in ${dir}: ${kb(total('raw'))} raw, ${kb(total('br'))} brotli, ${kb(total('gz'))} gzip`,
  );
}
