import { describe, expect, it } from 'vitest';
import { errorPage } from '@/server/http/error-page';

describe('the HTML error page', () => {
  it('escapes its title and message and allows no script', async () => {
    const page = errorPage(400, 'Bad <b>link</b>', `Client "x" & 'y' <script>alert(1)</script>`);
    const html = await page.text();
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('<title>Bad &lt;b&gt;link&lt;/b&gt;</title>');
    expect(html).toContain('Client &quot;x&quot; &amp; &#39;y&#39; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
