import { spawn } from 'node:child_process';

/**
 * Run a journey client as a child process, asynchronously (the servers it talks to run in the test's process),
 * bounded in time: killed after 20 s. Its environment is PATH, the journey's client credentials, the host
 * redirects (`SC_JOURNEY_HOSTS`, read by redirect.cjs and sitecustomize.py) and `env`; nothing else of the test's.
 */
export function runJourneyClient(cmd: string, args: string[], cwd: string, hosts: Record<string, string>, env: NodeJS.ProcessEnv = {}): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { PATH: process.env.PATH, SC_CLIENT_ID: 'journey-client', SC_CLIENT_SECRET: 'journey-secret', SC_JOURNEY_HOSTS: JSON.stringify(hosts), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, out });
    });
  });
}
