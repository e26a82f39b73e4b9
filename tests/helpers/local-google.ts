import type { RunningServer } from '../../server/index.ts';

/** What a browser holds after opening the local Google stand-in's chooser. */
export interface Chooser {
  status: number;
  html: string;
  headers: Headers;
  /** The Cookie header a browser would send back (name=value pairs). */
  cookie: string;
  /** The CSRF token the chooser's forms carry. */
  csrf: string;
}

function cookiePairs(headers: Headers, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split('; ').filter(Boolean)) {
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  for (const line of headers.getSetCookie()) {
    const first = line.split(';', 1)[0] ?? '';
    const eq = first.indexOf('=');
    if (eq > 0) jar.set(first.slice(0, eq), first.slice(eq + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** GET /authorize?provider=google…, following its redirect to the chooser as a browser would. */
export async function openChooser(
  server: RunningServer,
  query: Record<string, string>,
  cookie = '',
): Promise<Chooser> {
  const params = new URLSearchParams({ provider: 'google', ...query });
  const start = await fetch(`${server.url}/auth/v1/authorize?${params.toString()}`, {
    redirect: 'manual',
  });
  const location = start.headers.get('location');
  if (start.status !== 302 || !location) {
    return {
      status: start.status,
      html: await start.text(),
      headers: start.headers,
      cookie,
      csrf: '',
    };
  }
  const page = await fetch(new URL(location, server.url), {
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
  });
  const html = await page.text();
  const csrf = /name="csrf" value="([^"]*)"/.exec(html)?.[1] ?? '';
  return {
    status: page.status,
    html,
    headers: page.headers,
    cookie: cookiePairs(page.headers, cookie),
    csrf,
  };
}

/** Submits the chooser's form the way the page itself would (same origin, with its cookie). */
export async function chooseAccount(
  server: RunningServer,
  chooser: Pick<Chooser, 'cookie' | 'csrf'>,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ response: Response; cookie: string; location: URL | null }> {
  const response = await fetch(`${server.url}/auth/v1/authorize/local-google`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.url,
      'sec-fetch-site': 'same-origin',
      ...(chooser.cookie ? { cookie: chooser.cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams({ csrf: chooser.csrf, ...fields }).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  return {
    response,
    cookie: cookiePairs(response.headers, chooser.cookie),
    location: location ? new URL(location) : null,
  };
}
