import { expect, test } from './fixtures';

test('the preview sends the CSP, the page runs under it, and a violation would be caught', async ({ page, request, csp }) => {
  const res = await request.get('/');
  const policy = res.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).toContain("object-src 'none'");
  // Assets are referenced relatively, so the built site works from any directory.
  const html = await res.text();
  expect(html).toMatch(/src="\.\/assets\//);
  expect(html).not.toMatch(/(src|href)="\/assets\//);

  await page.goto('/');
  await expect(page.getByText(/^core \d/)).toBeVisible(); // WASM compiled under the policy
  // The watcher sees what the policy blocks: an inline script, provoked here on purpose.
  csp.allow.push(/inline|script-src/);
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__ran = true';
    document.body.appendChild(s);
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp.join(' '))).toContain('script-src');
  expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran === true)).toBe(false);
});
