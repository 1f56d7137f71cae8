import { expect, expectAccessible, test } from '../fixtures.ts';

// The check every test runs on every page it visits (fixtures.ts), shown to catch what it must.
test.describe('the accessibility check', () => {
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><title>Check</title></head><body>${body}</body></html>`;

  test('passes a page with nothing wrong', async ({ page: tab }) => {
    await tab.setContent(page('<main><h1>Today</h1><p>Nothing is due.</p></main>'));
    await expectAccessible(tab);
  });

  test('fails a page with an unlabelled image and text too faint to read, naming both', async ({
    page: tab,
  }) => {
    await tab.setContent(
      page(
        '<main><h1>Today</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
          '<p style="color:#eee;background:#fff">Take one tablet</p></main>',
      ),
    );
    const failure = await expectAccessible(tab).then(
      () => null,
      (error: unknown) => String(error),
    );
    expect(failure).toContain('image-alt');
    expect(failure).toContain('color-contrast');
  });
});
