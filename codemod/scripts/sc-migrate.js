// Codemod CLI (jssg) step of the sc-migrate package: runs `sc-migrate run` once over the target.
//
// The transform is called for every file of the target; the first call runs sc-migrate as a child process
// (capability child_process) and records that it did in the step's shared state, so later calls do nothing.
// sc-migrate writes the files itself (atomically, refusing files with uncommitted changes), or with the Codemod
// CLI's --dry-run prints the unified diff and writes nothing. The child's output goes straight to the terminal.
import { spawn } from 'child_process';
import { acquireLock, getState, setState } from 'codemod:workflow';

/** The sc-migrate release this package runs when it is not inside an sc-migrate installation. */
const VERSION = '0.1.0';
const STATE = 'sc-migrate-run';

/** The package folder, from the Codemod CLI's own command line (`-w <package>` or `--workflow=<file>`). */
function packageDir(argv) {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    let value = null;
    if (a === '-w' || a === '--workflow') value = argv[i + 1];
    else if (a.startsWith('--workflow=')) value = a.slice('--workflow='.length);
    if (value) {
      const dir = /\.ya?ml$/.test(value) ? value.replace(/[\\/]?[^\\/]*$/, '') || '.' : value;
      // Relative to the Codemod CLI's working directory; sc-migrate runs in the target.
      return /^([\\/]|[A-Za-z]:)/.test(dir) ? dir : `${process.cwd()}/${dir}`;
    }
  }
  return null;
}

/** sc-migrate's arguments for the workflow's params, the Codemod CLI's flags and its dry-run mode. */
export function scMigrateArgs(options, argv) {
  const params = options.params || {};
  const args = ['run', '.'];
  if (options.dryRun) args.push('--dry');
  if (params.config) args.push('--config', String(params.config));
  if (params.environment) args.push('--env', String(params.environment));
  if (params.only) args.push('--only', String(params.only));
  // The Codemod CLI checked the tree already; --allow-dirty there means: write anyway, also outside git.
  if (argv.includes('--allow-dirty')) args.push('--allow-dirty', '--yes');
  return args;
}

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

export default async function transform(_root, options) {
  const release = acquireLock(STATE);
  try {
    if (getState(STATE) !== undefined) return null;
    const argv = typeof process !== 'undefined' ? process.argv : [];
    const args = scMigrateArgs(options, argv);
    const dir = packageDir(argv);
    // Inside an sc-migrate checkout or installation, its own build; else the npm release of this version.
    const code = dir
      ? await run('node', [`${dir}/scripts/launch.cjs`, VERSION, ...args], options.targetDir)
      : await run('npx', ['--yes', `sc-migrate@${VERSION}`, ...args], options.targetDir);
    setState(STATE, code, false);
    if (code !== 0) throw new Error(`sc-migrate run exited with code ${code} (see its output above)`);
    return null;
  } finally {
    release();
  }
}
