import { isIP } from 'node:net';

/**
 * Whether the server may send to a push subscription's endpoint (issue 38): https, no
 * credentials, a host on the allowed list (`*.example.com` for its subdomains), on port 443
 * unless the list names the port. An address is never allowed, so a subscription cannot make
 * the server call into its own network (docs/security.md, "Reminders"). web-push follows no
 * redirects, so the host checked is the host called.
 */
export function pushEndpointAllowed(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0 || host.endsWith('.')) return false;
  const port = url.port || '443';
  return allowedHosts.some((entry) => {
    const [name = '', entryPort = '443'] = entry.split(':');
    if (entryPort !== port) return false;
    if (name.startsWith('*.')) return host.endsWith(name.slice(1)) && host.length > name.length - 1;
    return host === name;
  });
}

/** The endpoint's host alone, for logs: the whole URL is a capability (it delivers to the device). */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '(invalid)';
  }
}
