#!/usr/bin/env node
// Precompressed copies of the site's big files, for static hosts that serve
// them as they are (nginx gzip_static / brotli_static, Netlify, Cloudflare
// Pages; README.md, "Hosting"): FILE.gz (gzip -9, no name, no time) and
// FILE.br (brotli, quality 11), next to FILE. Node's own zlib, so the build
// needs no Python package for brotli. A copy that would not be smaller than
// the file is not written (and an old one is removed).
//
//   node tools/precompress.mjs FILE...
//
// Prints one JSON object: file -> {raw, gz, br} (bytes; null where skipped).
import { readFileSync, writeFileSync, renameSync, rmSync } from "node:fs";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";

const out = {};
for (const file of process.argv.slice(2)) {
  const raw = readFileSync(file);
  const copies = {
    gz: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_LGWIN]: 24,
      },
    }),
  };
  out[file] = { raw: raw.length };
  for (const [ext, data] of Object.entries(copies)) {
    if (data.length < raw.length * 0.95) {
      writeFileSync(`${file}.${ext}.tmp`, data);
      renameSync(`${file}.${ext}.tmp`, `${file}.${ext}`);
      out[file][ext] = data.length;
    } else {
      rmSync(`${file}.${ext}`, { force: true });
      out[file][ext] = null;
    }
  }
}
process.stdout.write(JSON.stringify(out) + "\n");
