import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { slug } from '../../scripts/docs-schema-render';

/**
 * Every relative link and image of README.md and docs/**.md names a file that exists, and an
 * anchor into a Markdown file names one of its headings. External links are not fetched.
 */
const root = path.resolve(__dirname, '../..');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const at = path.join(dir, e.name);
    return e.isDirectory() ? markdownFiles(at) : e.name.endsWith('.md') ? [at] : [];
  });
}

/** The text outside fenced code blocks and code spans, where links are links. */
const prose = (text: string) => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');

/** Link and image targets: `[text](target)`, `![alt](src)`, `[id]: target`, `<img src>`, `<a href>`. */
function linkTargets(text: string): string[] {
  const body = prose(text);
  return [
    ...[...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)/g)].map((m) => m[1]),
    ...[...body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]),
    ...[...body.matchAll(/<(?:img|a)\b[^>]*\s(?:src|href)=["']([^"']+)["']/g)].map((m) => m[1]),
  ];
}

/** GitHub's anchors of a Markdown file: its headings (a repeated one gets -1, -2…) and explicit ids. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  for (const m of text.matchAll(/<a\s+(?:id|name)=["']([^"']+)["']/g)) anchors.add(m[1]);
  return anchors;
}

/** What is wrong with the links of one file (`file` absolute), one line each. */
function brokenLinks(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // http:, mailto:, …
    const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
    const clean = decodeURIComponent(pathPart.split('?')[0]);
    if (!clean) {
      if (anchor && !anchorsOf(text).has(anchor.toLowerCase())) problems.push(`${target}: no such heading here`);
      continue;
    }
    const resolved = clean.startsWith('/') ? path.join(root, clean) : path.resolve(path.dirname(file), clean);
    if (!fs.existsSync(resolved)) { problems.push(`${target}: no such file`); continue; }
    if (anchor && resolved.endsWith('.md') && !anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor.toLowerCase())) {
      problems.push(`${target}: no heading #${anchor} in ${path.relative(root, resolved)}`);
    }
  }
  return problems;
}

describe('documentation links', () => {
  const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];

  it('README.md and docs/**/*.md link only to files, images and headings that exist', () => {
    const problems = files.flatMap((f) => brokenLinks(f, fs.readFileSync(f, 'utf8')).map((p) => `${path.relative(root, f)}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('reads the links of every file (the check is not vacuous)', () => {
    expect(files.map((f) => path.relative(root, f))).toEqual(expect.arrayContaining(['README.md', 'docs/testing.md', 'docs/schema-reference.md']));
    expect(linkTargets(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).length).toBeGreaterThan(3);
  });
});

describe('brokenLinks', () => {
  const doc = path.join(root, 'docs', 'example.md');

  it('names a missing file, a missing image, a missing heading and a missing anchor of its own', () => {
    const text = [
      '# Example', '',
      'See [testing](testing.md), [gone](gone.md), [readme](../README.md), [site](https://example.org/x.md).',
      '![shot](images/nowhere.png) <img src="shots/none.png">',
      '[testing, no such part](testing.md#no-such-heading) [here](#example) [not here](#elsewhere)',
      '[ref]: ./missing-too.md',
      '```', '[in code](also-missing.md)', '```', 'and `[span](span-missing.md)`',
    ].join('\n');
    expect(brokenLinks(doc, text)).toEqual([
      'gone.md: no such file',
      'images/nowhere.png: no such file',
      'testing.md#no-such-heading: no heading #no-such-heading in docs/testing.md',
      '#elsewhere: no such heading here',
      './missing-too.md: no such file',
      'shots/none.png: no such file',
    ]);
  });

  it("GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered", () => {
    const anchors = anchorsOf('# Backups\n## Several instances\n## Retrying a write (Idempotency-Key)\n## fields[].dict\n## 使用 手册\n# Backups');
    expect([...anchors]).toEqual(['backups', 'several-instances', 'retrying-a-write-idempotency-key', 'fieldsdict', '使用-手册', 'backups-1']);
  });
});
