import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';

/**
 * The deployment files (deploy/) cannot be built here: these machines have Docker's client but no engine.
 * So they are checked against the cluster test they mirror: the same haproxy configuration (which haproxy
 * itself validates with the compose file's addresses), the same shape (PostgreSQL, two named instances
 * trusting one proxy hop, the balancer in front), and the server image's promises (non-root, health check,
 * the server bundle deployed with production dependencies only).
 */
const deploy = path.resolve(__dirname, '..', '..', 'deploy');

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  command?: string[];
  healthcheck?: unknown;
  ports?: string[];
}

const compose = parse(fs.readFileSync(path.join(deploy, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

test('compose runs two named instances of the server image on one durable PostgreSQL', () => {
  const { postgres } = compose.services;
  expect(postgres?.command).toEqual(expect.arrayContaining(['fsync=on', 'synchronous_commit=on']));
  expect(postgres?.healthcheck).toBeDefined();
  const names = new Set<string>();
  for (const name of ['server-a', 'server-b']) {
    const server = compose.services[name]!;
    expect(server.build).toEqual({ context: '..', dockerfile: 'deploy/server.Dockerfile' });
    const env = server.environment!;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/swx:.*@postgres:5432\/swx$/);
    expect(env.TRUST_PROXY).toBe('1');
    expect(env.IDENTITY_ENCRYPTION_KEY).toMatch(/IDENTITY_ENCRYPTION_KEY:\?/);
    expect(server.volumes).toContain('uploads:/var/lib/swx');
    names.add(env.INSTANCE_NAME!);
  }
  expect(names).toEqual(new Set(['a', 'b']));
});

test('the balancer uses the haproxy configuration the cluster test runs, and haproxy accepts it', () => {
  const balancer = compose.services.balancer!;
  expect(balancer.volumes).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
  const env = balancer.environment!;
  expect(env).toEqual({
    SWX_BIND: '0.0.0.0:8080',
    SWX_SERVER_A: 'server-a:8080',
    SWX_SERVER_B: 'server-b:8080',
    // The back office's networks: every network unless the operator names them.
    SWX_STAFF_CIDRS: '${SWX_STAFF_CIDRS:-0.0.0.0/0 ::/0}',
  });
  const stack = fs.readFileSync(path.join(__dirname, 'stack.ts'), 'utf8');
  expect(stack).toContain("path.join(repoRoot, 'deploy', 'haproxy.cfg')");
  // haproxy -c exits non-zero on an invalid configuration.
  execFileSync('haproxy', ['-c', '-q', '-f', path.join(deploy, 'haproxy.cfg')], {
    env: { ...process.env, ...env, SWX_STAFF_CIDRS: '10.0.0.0/8 192.168.0.0/16' },
  });
});

test('the server image runs the deployed bundle as a non-root user, with a health check on /healthz', () => {
  const dockerfile = fs.readFileSync(path.join(deploy, 'server.Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  expect(stages).toHaveLength(2);
  const [build, runtime] = stages as [string, string];
  expect(build).toContain('pnpm install --frozen-lockfile');
  expect(build).toContain('pnpm --filter @swx/server deploy --prod /app/server');
  expect(runtime).toMatch(/^USER node$/m);
  expect(runtime).toMatch(/HEALTHCHECK[\s\S]*\/healthz/);
  expect(runtime).toMatch(/^CMD \["node", "dist\/main.js"\]$/m);
  expect(runtime).toMatch(/WEB_ROOT=\/app\/web/);
  // The port the balancer's addresses name.
  expect(runtime).toMatch(/PORT=8080/);
});
