/**
 * Scale-out as deployed (docs/k8s/sc-migrate-proxy.yaml): stateless replicas behind the platform's load
 * balancer, which routes new connections to replicas whose /readyz answers 200. Here two `sc-migrate proxy`
 * child processes behind a small TCP balancer on 127.0.0.1 that polls readiness like a Service's endpoints
 * controller; one replica is stopped (SIGTERM) under load, and no request is lost.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { parse as load } from 'yaml';
import { describe, expect, it } from 'vitest';
import { configFor } from './helpers';
import type { ProxyProcess } from './process';
import { processSuite } from './suite';
import { sendJson, until } from './upstream';

const suite = processSuite();

/** A round-robin TCP balancer over the replicas that answered /readyz with 200 at the last poll (every 50 ms). */
async function balancer(ports: number[]) {
  const ready = new Map<number, boolean>(ports.map((p) => [p, true]));
  const poll = setInterval(() => {
    for (const port of ports) {
      http
        .get({ host: '127.0.0.1', port, path: '/readyz', agent: false, timeout: 500 }, (res) => {
          ready.set(port, res.statusCode === 200);
          res.resume();
        })
        .on('error', () => ready.set(port, false));
    }
  }, 50);
  let next = 0;
  const server = net.createServer((client) => {
    // What the client sent, kept until a replica answers: a connection refused, or reset before any answer
    // (a replica that just stopped listening or closed a connection it had not read yet), is tried again on
    // the next replica, as load balancers do for a reset before the response.
    const sent: Buffer[] = [];
    let backend: net.Socket | null = null;
    client.on('data', (d: Buffer) => {
      sent.push(d);
      if (backend && !backend.connecting) backend.write(d);
    });
    client.once('error', () => backend?.destroy());
    client.once('close', () => backend?.destroy());
    const attempt = (left: number[]) => {
      const port = left[next++ % Math.max(1, left.length)];
      if (port === undefined) return client.destroy();
      let answered = false;
      const b = (backend = net.connect(port, '127.0.0.1'));
      b.once('connect', () => {
        for (const d of sent) b.write(d);
      });
      b.on('data', (d: Buffer) => {
        answered = true;
        client.write(d);
      });
      b.once('end', () => (answered ? client.end() : undefined));
      b.once('error', () => undefined);
      b.once('close', () => {
        if (answered) client.destroy();
        else if (!client.destroyed) attempt(left.filter((p) => p !== port));
      });
    };
    attempt(ports.filter((p) => ready.get(p)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    ready,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(poll);
        server.close(() => resolve());
      }),
  };
}

function get(port: number, p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: p, agent: false }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('scale-out', () => {
  it('the Kubernetes manifest runs replicas behind a Service, scaled on CPU, out of rotation before they drain', () => {
    const text = fs.readFileSync(path.resolve(__dirname, '../../docs/k8s/sc-migrate-proxy.yaml'), 'utf8');
    const objects = text
      .split(/^---$/m)
      .map((d) => load(d) as Record<string, any>) // eslint-disable-line @typescript-eslint/no-explicit-any
      .filter(Boolean);
    const kind = (k: string) => objects.find((o) => o.kind === k)!;
    const deployment = kind('Deployment');
    const hpa = kind('HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: deployment.metadata.name });
    expect(hpa.spec.metrics[0].resource).toMatchObject({ name: 'cpu', target: { type: 'Utilization' } });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(kind('Service').spec.selector).toEqual(deployment.spec.selector.matchLabels);
    const pod = deployment.spec.template.spec;
    const container = pod.containers[0];
    expect(container.resources.requests.cpu).toBeDefined(); // the HPA's utilization is a share of the request
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    const args: string[] = container.args;
    expect(args[args.indexOf('--host') + 1]).toBe('0.0.0.0');
    const config = JSON.parse(kind('ConfigMap').data['sc-migrate.config.json']);
    expect(config.shim.publicUrl).toMatch(/^https?:\/\//); // bound to 0.0.0.0, the proxy needs it to start
    const drain = Number(/^(\d+)s$/.exec(args[args.indexOf('--drain-timeout') + 1]!)![1]);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(drain + 5);
  });

  it('loses no request when a replica is stopped under load', async () => {
    const up = await suite.upstream((_req, res) => setTimeout(() => sendJson(res, 200, { ok: true }), 30));
    const config = configFor(up.url, { publicUrl: 'http://sc-proxy.example.test' });
    const replicas: ProxyProcess[] = [];
    for (let i = 0; i < 2; i++) {
      replicas.push(await suite.proxy(config, ['--drain-timeout', '5s']));
    }
    const lb = await balancer(replicas.map((r) => r.port));
    suite.defer(() => lb.close());

    const results: number[] = [];
    const errors: string[] = [];
    let running = true;
    const client = async () => {
      while (running) {
        await get(lb.port, '/api/results/r1/').then(
          (r) => results.push(r.status),
          (e: Error) => errors.push(e.message),
        );
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await until(() => results.length >= 40, 10_000);
    replicas[0]!.child.kill('SIGTERM');
    await until(() => lb.ready.get(replicas[0]!.port) === false, 5000);
    const atStop = results.length;
    await until(() => results.length >= atStop + 60, 10_000);
    running = false;
    await Promise.all(clients);

    expect(errors).toEqual([]);
    expect(new Set(results)).toEqual(new Set([200]));
    expect(await replicas[0]!.exited).toBe(0);
    expect(replicas[0]!.logs.find((l) => l.msg === 'stopped')).toMatchObject({ drained: true });
    await until(() => replicas[0]!.requests().length + replicas[1]!.requests().length === results.length);
    expect(replicas[0]!.requests().length).toBeGreaterThan(5);
  });
});
