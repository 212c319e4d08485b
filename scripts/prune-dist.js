#!/usr/bin/env node
// Removes compiled files in dist/ whose TypeScript source no longer exists. tsc never deletes old output, so a
// module moved into a folder (`frontends/graphql.ts` → `frontends/graphql/index.ts`) would leave `graphql.js`
// behind, and Node resolves the file before the folder. Only outputs without a source are touched, so builds
// running at the same time (the tests build the CLI in parallel) never remove each other's files.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

// The repository's root: this script's parent folder, or the first argument (the tests give a folder of their own).
const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));
const dist = path.join(root, 'dist');
const OUTPUT = /\.(?:js|js\.map|d\.ts|d\.ts\.map)$/;

function walk(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full);
    else if (OUTPUT.test(e.name)) {
      const stem = path.relative(dist, full).replace(OUTPUT, '');
      const source = path.join(root, stem);
      if (!fs.existsSync(`${source}.ts`) && !fs.existsSync(`${source}.tsx`)) {
        try {
          fs.unlinkSync(full);
        } catch {
          // removed by a build running at the same time
        }
      }
    }
  }
}

walk(dist);
