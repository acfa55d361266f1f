import { BlockList } from 'node:net';
import type { FastifyRequest } from 'fastify';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Whether a request comes from this machine and from no one else: the socket's own address
 * (never X-Forwarded-For, which the client writes) is a loopback one, and it carries no forwarding
 * header at all, since a reverse proxy on the same machine connects from loopback on behalf of
 * anyone. What /metrics answers without METRICS_TOKEN, what the full API document and the health
 * details are shown to: an operator or a developer on the machine itself.
 */
export function isLocalUnforwarded(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const local = loopback.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
  return local && !request.headers['x-forwarded-for'] && !request.headers.forwarded;
}
