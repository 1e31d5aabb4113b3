import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p));

export const nginxInstalled = Boolean(NGINX);

/**
 * deploy/nginx.conf as the cluster runs it: the same file, with only what a deployment sets
 * swapped for this machine's (the app nodes' addresses, the port, the access log and the built
 * client's folder). A line of the file that these patterns no longer find fails the start, so the
 * tested file and the deployed one cannot drift apart.
 */
export function renderSiteConf(opts: { port: number; nodes: string[]; dir: string; clientDir: string }): string {
  let conf = readFileSync(resolve('deploy/nginx.conf'), 'utf8');
  const swap = (pattern: RegExp, to: (n: number) => string) => {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf no longer has ${pattern}`);
    conf = conf.replace(pattern, (_m, n: string | undefined) => to(Number(n)));
  };
  swap(/server app(\d):3000/g, (n) => {
    const node = opts.nodes[n - 1];
    // A deployment with fewer nodes than the file names: the missing one is marked down.
    return node ? `server ${node}` : `server ${opts.nodes[0]!} down`;
  });
  swap(/listen 80;/, () => `listen 127.0.0.1:${opts.port};`);
  swap(/\/var\/log\/nginx\/access\.log/, () => join(opts.dir, 'access.log'));
  swap(/root \/srv\/blet\/client;/, () => `root ${resolve(opts.clientDir)};`);
  return conf;
}

export interface RunningNginx {
  url: string;
  /** Each request nginx answered: its path, status and the app node's address that served it. */
  served(): Array<{ request: string; status: number; upstream: string }>;
  stop(): Promise<void>;
}

/** Debian's nginx in the foreground, on `port`, with its files in `dir`: no root paths touched. */
export async function startNginx(opts: {
  port: number;
  nodes: string[];
  dir: string;
  clientDir: string;
}): Promise<RunningNginx> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)');
  mkdirSync(opts.dir, { recursive: true });
  // Its workers run as nobody when started by root: they write temp files and logs here.
  chmodSync(opts.dir, 0o777);
  writeFileSync(join(opts.dir, 'site.conf'), renderSiteConf(opts));
  const temp = (name: string) => `${name}_temp_path ${join(opts.dir, name)};`;
  writeFileSync(
    join(opts.dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes auto;',
      `pid ${join(opts.dir, 'nginx.pid')};`,
      `error_log ${join(opts.dir, 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${temp(t)}`),
      `  include ${join(opts.dir, 'site.conf')};`,
      '}',
    ].join('\n'),
  );
  const args = ['-p', opts.dir, '-c', join(opts.dir, 'nginx.conf')];
  const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  const url = `http://127.0.0.1:${opts.port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    if (
      await fetch(`${url}/api/health/live`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (i > 100) throw new Error(`nginx did not answer on ${url}: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    served() {
      const log = existsSync(join(opts.dir, 'access.log')) ? readFileSync(join(opts.dir, 'access.log'), 'utf8') : '';
      return log
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const m = /"([^"]*)" (\d+) .* upstream=(\S+)/.exec(line);
          return { request: m?.[1] ?? line, status: Number(m?.[2]), upstream: m?.[3] ?? '-' };
        });
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGQUIT');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
