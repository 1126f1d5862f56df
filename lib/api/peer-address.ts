import http from 'node:http';
import https from 'node:https';

/**
 * The address of the connection a request came in on. Next's route handlers see only headers (Next fills
 * `x-forwarded-for` from the socket only when the client did not send one, so a client can forge it).
 * At start-up this hook stamps every incoming request with its socket's address under a private
 * header, overwriting whatever a client sent under that name; `clientIp` reads it only once the hook is
 * installed in this process.
 */
export const PEER_ADDRESS_HEADER = 'x-vsg-peer-address';

const INSTALLED = Symbol.for('vsg.peerAddressHook');
type Flagged = { [INSTALLED]?: boolean };

function patch(proto: { emit: (event: string | symbol, ...args: unknown[]) => boolean }): void {
  const original = proto.emit;
  proto.emit = function emit(this: unknown, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const req = args[0] as http.IncomingMessage;
      const address = req.socket?.remoteAddress;
      if (address) req.headers[PEER_ADDRESS_HEADER] = address;
      else delete req.headers[PEER_ADDRESS_HEADER];
    }
    return original.call(this, event, ...args);
  };
}

/** Installs the hook once per process (idempotent). */
export function installPeerAddressHook(): void {
  const g = globalThis as Flagged;
  if (g[INSTALLED]) return;
  g[INSTALLED] = true;
  patch(http.Server.prototype as unknown as Parameters<typeof patch>[0]);
  if (https.Server.prototype.emit === http.Server.prototype.emit) return;
  patch(https.Server.prototype as unknown as Parameters<typeof patch>[0]);
}

export function peerAddressHookInstalled(): boolean {
  return (globalThis as Flagged)[INSTALLED] === true;
}
