// The baselines `npm run bench` compares the service with, each in its own process like the
// service: `node bench/bare.js <mode> <port> <file>`.
//   express: a bare Express 5 app answering every GET with the bytes and headers in <file> (JSON:
//            {headers, body}), the framework's floor for the JSON route;
//   http:    node:http answering the same, the platform's floor;
//   sharp:   node:http answering every GET with `sharp(svg).png()` of the SVG in <file>, raw
//            sharp with its defaults, the floor for the PNG route.
// Plain JavaScript, so no loader stands between node and the code measured.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [mode, portText, file] = process.argv.slice(2);
const port = Number(portText);

let handler;
if (mode === 'express' || mode === 'http') {
  const { headers, body: text } = JSON.parse(readFileSync(file, 'utf8'));
  const body = Buffer.from(text, 'utf8');
  if (mode === 'express') {
    const { default: express } = await import('express');
    const app = express();
    app.set('etag', false);
    app.disable('x-powered-by');
    app.get('/api/v1/games/:game/maps/:seed', (_req, res) => {
      res.set(headers);
      res.send(body);
    });
    handler = app;
  } else {
    const list = Object.entries(headers);
    handler = (_req, res) => {
      for (const [k, v] of list) res.setHeader(k, v);
      res.setHeader('Content-Length', body.length);
      res.end(body);
    };
  }
} else if (mode === 'sharp') {
  const { default: sharp } = await import('sharp');
  const svg = readFileSync(file);
  handler = (_req, res) => {
    sharp(svg)
      .png()
      .toBuffer()
      .then((png) => {
        res.setHeader('Content-Type', 'image/png');
        res.end(png);
      });
  };
} else {
  throw new Error(`unknown mode ${mode}`);
}

const server = createServer(handler);
server.keepAliveTimeout = 5000;
server.listen(port, '127.0.0.1');
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
