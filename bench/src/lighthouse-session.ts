/**
 * A signed-in browser for Lighthouse's audit of a page of the patient area (issue 26): a patient
 * with a few of today's medications, and their refresh cookie and session hint put into the
 * audited Chromium through the DevTools protocol, as signing in would have left them. Lighthouse
 * keeps cookies between runs (it clears storage, not cookies), and each run opens a new tab with
 * no token of its own, so each asks for one with the cookie as a new tab or an emailed link does.
 */
import { call } from './scenarios.ts';
import type { TendServer } from './server.ts';

const MEDICATIONS = 6;
const TIMES_OF_DAY = ['day', 'afternoon', 'night'] as const;

type CookieParam = {
  name: string;
  value: string;
  url: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax';
};

/** The cookies a sign-in answer sets, as the DevTools protocol takes them. */
function cookiesOf(response: Response, baseUrl: string): CookieParam[] {
  return response.headers.getSetCookie().map((header) => {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    const attribute = (key: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${key.toLowerCase()}=`))?.split('=')[1];
    const has = (key: string) => attributes.some((a) => a.toLowerCase() === key.toLowerCase());
    const path = attribute('Path') ?? '/';
    return {
      name,
      value,
      url: new URL(path, baseUrl).href,
      path,
      httpOnly: has('HttpOnly'),
      secure: has('Secure'),
      sameSite: attribute('SameSite') === 'Strict' ? 'Strict' : 'Lax',
    };
  });
}

/** Sends one DevTools protocol command to the browser and waits for its answer. */
async function sendToBrowser(chromePort: number, method: string, params: unknown): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${chromePort}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => {
        socket.send(JSON.stringify({ id: 1, method, params }));
      });
      socket.addEventListener('message', (event) => {
        const answer = JSON.parse(String(event.data)) as {
          id?: number;
          error?: { message: string };
        };
        if (answer.id !== 1) return;
        if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
        else resolve();
      });
      socket.addEventListener('error', () => reject(new Error(`${method}: the browser hung up`)));
    });
  } finally {
    socket.close();
  }
}

/** Registers and signs in a patient with today's medications, and signs the browser in as them. */
export async function signInBrowser(app: TendServer, chromePort: number): Promise<void> {
  const email = 'bench-lighthouse@example.org';
  const password = 'bench passphrase 2026';
  await call(app, 'POST', '/api/v1/auth/register', 201, {
    body: { email, firstname: 'Lina', lastname: 'Bench', password, userType: 'patient' },
  });
  const response = await fetch(`${app.baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const session = (await response.json()) as { accessToken?: string };
  if (response.status !== 200 || !session.accessToken) {
    throw new Error(`sign-in for Lighthouse answered ${response.status}`);
  }
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < MEDICATIONS; i++) {
    await call(app, 'POST', '/api/v1/medications', 201, {
      token: session.accessToken,
      body: {
        name: `Medication ${i + 1}`,
        dosage: `${(i + 1) * 5} mg`,
        startdate: today,
        timefrequency: TIMES_OF_DAY[i % TIMES_OF_DAY.length],
      },
    });
  }
  await sendToBrowser(chromePort, 'Storage.setCookies', {
    cookies: cookiesOf(response, app.baseUrl),
  });
}
