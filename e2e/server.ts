import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface StaticSite {
  /** The page URL, e.g. http://127.0.0.1:PORT/some/sub/path/ */
  url: string;
  origin: string;
  /** Every path the server was asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves `dir` under `prefix` on loopback and answers 404 everywhere else, so a test proves
 * the built site works from a sub-path (no absolute `/assets/...` URL would load).
 * `headers` are added to every file served: a host's own policy, such as a
 * `content-security-policy` that blocks workers.
 */
export async function serveStatic(dir: string, prefix = '/demos/shardscope/', headers: Record<string, string> = {}): Promise<StaticSite> {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir}/index.html is missing: run npm run build first`);
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end('not under the site prefix');
      return;
    }
    const rel = path.slice(prefix.length) || 'index.html';
    const file = normalize(join(dir, rel));
    if (!file.startsWith(normalize(dir)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: origin + prefix,
    origin,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
