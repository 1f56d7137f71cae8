/** A reader of GET /api/v1/events over real HTTP for the integration tests. */
export interface Frame {
  id?: string;
  event: string;
  data: string;
}

export interface TestStream {
  status: number;
  /** The response body, for a refused stream. */
  body: string;
  /** The next frame; rejects when none arrives by the deadline or the stream ends first. */
  next(deadlineMs?: number): Promise<Frame>;
  /** Resolves when the server ends the stream; rejects past the deadline. */
  ended(deadlineMs?: number): Promise<void>;
  close(): void;
}

function parseFrame(block: string): Frame | null {
  const frame: Frame = { event: 'message', data: '' };
  let hasData = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') frame.id = value;
    else if (field === 'event') frame.event = value;
    else if (field === 'data') {
      frame.data = hasData ? `${frame.data}\n${value}` : value;
      hasData = true;
    }
  }
  return hasData ? frame : null;
}

export async function openTestStream(
  baseUrl: string,
  token: string | null,
  lastEventId?: string,
): Promise<TestStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${baseUrl}/api/v1/events`, { headers, signal: controller.signal });
  if (!response.ok || !response.body) {
    return {
      status: response.status,
      body: await response.text(),
      next: () => Promise.reject(new Error(`stream refused: ${response.status}`)),
      ended: () => Promise.resolve(),
      close: () => {},
    };
  }

  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  let done = false;
  const notify = () => waiters.splice(0).forEach((w) => w());
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame = parseFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (frame) frames.push(frame);
          notify();
        }
      }
    } catch {
      // Aborted by close(): the stream simply ends.
    }
    done = true;
    notify();
  })();

  const waitFor = async (ready: () => boolean, deadlineMs: number, what: string) => {
    const deadline = Date.now() + deadlineMs;
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${deadlineMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  return {
    status: response.status,
    body: '',
    async next(deadlineMs = 5000) {
      await waitFor(() => frames.length > 0 || done, deadlineMs, 'event');
      const frame = frames.shift();
      if (!frame) throw new Error('the stream ended');
      return frame;
    },
    async ended(deadlineMs = 5000) {
      await waitFor(() => done, deadlineMs, 'end of stream');
    },
    close: () => controller.abort(),
  };
}
