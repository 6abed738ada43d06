export {
  SocketClient,
  type SocketClientOptions,
  type SocketState,
  type WebSocketFactory,
} from './socket-client';
