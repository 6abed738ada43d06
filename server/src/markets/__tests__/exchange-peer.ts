import fs from 'node:fs';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * Frames in Binance's combined trade-stream format (`{"stream":"btcusdt@trade","data":{"e":"trade",...}}`),
 * written to the exchange's published format (no internet here to record live ones): BTCUSDT and ETHUSDT,
 * consecutive trade ids per symbol, prices with the exchange's eight decimals.
 */
export const recordedFrames: string[] = fs
  .readFileSync(path.join(__dirname, '..', 'feed', 'fixtures', 'binance-trades.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');

/**
 * The recorded frames moved in time so that their last trade happened `now`, spacing kept: a live feed, as
 * the stale rule reads each tick's trade time (an hours-old recording would be stale on arrival).
 */
export function recordedFramesNow(now = Date.now()): string[] {
  const frames = recordedFrames.map((frame) => JSON.parse(frame) as { data: { T: number; E: number } });
  const shift = now - Math.max(...frames.map((frame) => frame.data.T));
  return frames.map((frame) =>
    JSON.stringify({ ...frame, data: { ...frame.data, T: frame.data.T + shift, E: frame.data.E + shift } }),
  );
}

/**
 * A local stand-in for the exchange on 127.0.0.1: records each connection's request path and every message
 * the client sends (subscription requests), answers them like the exchange (`{"result":null,"id":n}`), and
 * lets the test send frames, go silent, or drop the connection.
 */
export class ExchangePeer {
  readonly paths: string[] = [];
  readonly requests: { method: string; params: string[]; id: number }[] = [];
  private readonly server: WebSocketServer;
  private readonly sockets: WebSocket[] = [];

  private constructor(server: WebSocketServer) {
    this.server = server;
    server.on('connection', (socket, request) => {
      this.paths.push(request.url ?? '');
      this.sockets.push(socket);
      socket.on('message', (data) => {
        const request = JSON.parse(data.toString()) as { method: string; params: string[]; id: number };
        this.requests.push(request);
        socket.send(JSON.stringify({ result: null, id: request.id }));
      });
    });
  }

  static async start(): Promise<ExchangePeer> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    return new ExchangePeer(server);
  }

  get url(): string {
    const address = this.server.address() as { port: number };
    return `ws://127.0.0.1:${address.port}/stream`;
  }

  get connections(): number {
    return this.paths.length;
  }

  /** The connection the client holds now. */
  get current(): WebSocket {
    return this.sockets.at(-1)!;
  }

  send(frame: string | Buffer | object): void {
    this.current.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  /** Drops the connection without a closing handshake, like a network failure. */
  drop(): void {
    this.current.terminate();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A Binance trade frame. */
export function tradeFrame(symbol: string, id: number, price: unknown, time = Date.now()): object {
  return {
    stream: `${symbol.toLowerCase()}@trade`,
    data: {
      e: 'trade',
      E: time + 1,
      s: symbol.toUpperCase(),
      t: id,
      p: price,
      q: '0.01000000',
      T: time,
      m: false,
      M: true,
    },
  };
}

export async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
