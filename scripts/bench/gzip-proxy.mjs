// A compressing reverse proxy for measurements only: serves the server at --target with gzip on text
// answers, to show what `/` costs once the production server compresses (it does not yet; see
// docs/performance/front-end.md). Websocket upgrades are passed through.
//
//   node scripts/bench/gzip-proxy.mjs --target http://127.0.0.1:8080 --port 8090
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const target = new URL(option('target', 'http://127.0.0.1:8080'));
const port = Number(option('port', 8090));

const server = http.createServer((request, response) => {
  const headers = { ...request.headers, host: target.host };
  delete headers['accept-encoding'];
  const forward = http.request(
    { host: target.hostname, port: target.port, path: request.url, method: request.method, headers },
    (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      const compressible = /javascript|json|css|html|svg|text/.test(type);
      const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (!compressible || !accepts) {
        response.writeHead(answer.statusCode, answer.headers);
        answer.pipe(response);
        return;
      }
      const outgoing = { ...answer.headers, 'content-encoding': 'gzip', vary: 'accept-encoding' };
      delete outgoing['content-length'];
      response.writeHead(answer.statusCode, outgoing);
      answer.pipe(zlib.createGzip({ level: 6 })).pipe(response);
    },
  );
  forward.on('error', () => response.destroy());
  request.pipe(forward);
});
server.on('upgrade', (request, socket, head) => {
  const upstream = net.connect(Number(target.port), target.hostname, () => {
    upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n`);
    for (let i = 0; i < request.rawHeaders.length; i += 2)
      upstream.write(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}\r\n`);
    upstream.write('\r\n');
    upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
});
server.listen(port, '127.0.0.1', () =>
  console.log(`gzip proxy on http://127.0.0.1:${port} -> ${target.origin}`),
);
