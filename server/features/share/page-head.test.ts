import { describe, expect, it } from 'vitest';
import { absoluteUrl, clip, fillHead, genericHead, headTags, SITE_NAME } from './page-head';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Generic."
    />
    <title>Build. Learn. Earn. Thrive.</title>
    <script src="/theme-init.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('page head (issue 26)', () => {
  it('escapes every value, so a title cannot close the tag or open a script', () => {
    const tags = headTags({
      title: `"><script>alert('x')</script> & Co`,
      description: `It's <b>bold</b> "quoted"`,
      url: 'https://blet.ng/jobs/1?a="b"',
      image: 'https://cdn.example/x.png?"onerror=1',
    });
    expect(tags).not.toMatch(/<script>|<b>/);
    expect(tags).toContain('content="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co"');
    expect(tags).toContain(
      `<title>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co · ${SITE_NAME}</title>`,
    );
    expect(tags).toContain('content="It&#39;s &lt;b&gt;bold&lt;/b&gt; &quot;quoted&quot;"');
    expect(tags).toContain('href="https://blet.ng/jobs/1?a=&quot;b&quot;"');
    expect(tags).toContain('<meta property="og:image" content="https://cdn.example/x.png?&quot;onerror=1" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it("replaces index.html's title and description with one set of tags before </head>", () => {
    const html = fillHead(INDEX, { title: 'Backend engineer', description: 'Lagos', url: 'https://blet.ng/jobs/1' });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<title>Backend engineer · ${SITE_NAME}</title>`);
    expect(html).toContain('<meta property="og:title" content="Backend engineer" />');
    expect(html).toContain('<meta property="og:url" content="https://blet.ng/jobs/1" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<script src="/theme-init.js"></script>');
  });

  it("gives other pages the site's own title", () => {
    const html = fillHead(INDEX, genericHead('https://blet.ng/auth'));
    expect(html).toContain(`<title>${SITE_NAME}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${SITE_NAME}" />`);
  });

  it('folds control characters and cuts long text at a word', () => {
    expect(clip('a\u0000b\n\n c', 50)).toBe('a b c');
    const cut = clip('word '.repeat(100), 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).toMatch(/word…$/);
  });

  it('makes paths absolute on the public origin and keeps absolute URLs', () => {
    expect(absoluteUrl('https://blet.ng', '/uploads/a.webp')).toBe('https://blet.ng/uploads/a.webp');
    expect(absoluteUrl('https://blet.ng', 'uploads/a.webp')).toBe('https://blet.ng/uploads/a.webp');
    expect(absoluteUrl('https://blet.ng', 'https://cdn.example/a.webp')).toBe('https://cdn.example/a.webp');
  });
});
