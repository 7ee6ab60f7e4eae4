// The CMA base URL rule: https, or plain http only to this machine (the emulator, a local proxy),
// so that the API token is never sent in clear over a network.

export const DEFAULT_BASE_URL = 'https://site-api.datocms.com';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type BaseUrlCheck = { ok: true; baseUrl: string } | { ok: false; message: string };

/** Validates and normalises (no trailing slash) a base URL. */
export function checkBaseUrl(value: string): BaseUrlCheck {
  const checked = checkApiUrl(value, DEFAULT_BASE_URL);
  return checked.ok ? { ok: true, baseUrl: checked.url } : checked;
}

/**
 * The rule of every address the token is sent to (the CMA's, the CDA's): https or loopback http, no credentials,
 * query or fragment. `url` is normalised without a trailing slash; `example` is named when `value` is no URL at all.
 */
export function checkApiUrl(value: string, example: string): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { ok: false, message: `"${value}" is not a valid URL (expected e.g. ${example}).` };
  }
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    return { ok: false, message: `"${value}" must use https (plain http is only allowed for 127.0.0.1, localhost or [::1]).` };
  }
  if (url.username || url.password || url.search || url.hash) {
    return { ok: false, message: `"${value}" must not contain credentials, a query or a fragment.` };
  }
  return { ok: true, url: url.origin + url.pathname.replace(/\/+$/, '') };
}
