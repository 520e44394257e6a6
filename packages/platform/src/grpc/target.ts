import { isIP } from 'node:net';

/**
 * A gRPC address setting as grpc-js takes it. One `host:port` (or `dns:///host:port`, which
 * grpc-js resolves to every address the name has: a headless Kubernetes Service, a scaled compose
 * service) stays as it is; a comma-separated list of IP addresses `10.0.0.1:9082,10.0.0.2:9082`
 * becomes grpc-js's fixed-list target `ipv4:…`. The channel balances round robin over them and
 * leaves out an address whose connection fails until it connects again.
 */
export function grpcTarget(address: string): string {
  const parts = address
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length <= 1) return parts[0] ?? address;
  const families = new Set(parts.map((p) => isIP(hostOf(p))));
  if (families.size === 1 && families.has(4)) return `ipv4:${parts.join(',')}`;
  if (families.size === 1 && families.has(6)) return `ipv6:${parts.join(',')}`;
  throw new Error(
    `"${address}": a list of gRPC addresses must be IP addresses of one family; for host names give one DNS name that resolves to every copy (dns:///name:port)`,
  );
}

/** Whether a gRPC address setting is one grpcTarget takes (for config validation). */
export function isGrpcAddress(address: string): boolean {
  if (/^dns:(\/\/[^/\s]*\/)?[^:\s,/]+:\d{1,5}$/.test(address)) return true;
  if (!/^(\[[0-9a-fA-F:.]+\]|[^:\s,[\]]+):\d{1,5}(,(\[[0-9a-fA-F:.]+\]|[^:\s,[\]]+):\d{1,5})*$/.test(address)) return false;
  try {
    grpcTarget(address);
    return true;
  } catch {
    return false;
  }
}

function hostOf(hostPort: string): string {
  const host = hostPort.slice(0, hostPort.lastIndexOf(':'));
  return host.startsWith('[') ? host.slice(1, -1) : host;
}
