#!/usr/bin/env node
// Runs sc-migrate for the Codemod package: `node launch.cjs <version> <sc-migrate args…>`.
// The CLI is, in order: $SC_MIGRATE_CLI (a main.js), the build of the sc-migrate checkout or npm installation
// this package sits in (../dist/cli/main.js), else `npx --yes sc-migrate@<version>` from the npm registry.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const [version, ...args] = process.argv.slice(2);
const local = [process.env.SC_MIGRATE_CLI, path.join(__dirname, '..', '..', 'dist', 'cli', 'main.js')].find((f) => f && fs.existsSync(f));
const [command, commandArgs] = local
  ? [process.execPath, [local, ...args]]
  : [process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--yes', `sc-migrate@${version}`, ...args]];
const r = spawnSync(command, commandArgs, { stdio: 'inherit' });
if (r.error) {
  process.stderr.write(`sc-migrate (Codemod package): cannot run ${command}: ${r.error.message}\n`);
  process.exit(2);
}
process.exit(r.status ?? 1);
