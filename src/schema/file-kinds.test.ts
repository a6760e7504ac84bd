import { describe, expect, it } from 'vitest';
import { acceptedKinds, acceptMessage, bytesAccepted, nameAccepted } from './file-kinds';

const head = (s: string | number[]) => new Uint8Array(typeof s === 'string' ? [...s].map((c) => c.charCodeAt(0)) : s);

describe('file kinds a field accepts', () => {
  it('reads extend.accept, ignoring what it does not know', () => {
    expect(acceptedKinds({ accept: ['pdf'] })?.map((k) => k.label)).toEqual(['PDF']);
    expect(acceptedKinds({ accept: ['nope'] })).toBeNull();
    expect(acceptedKinds({})).toBeNull();
    expect(acceptMessage('商业计划书', acceptedKinds({ accept: ['pdf', 'office'] })!)).toBe('「商业计划书」只能上传PDF、Office文档文件');
  });

  it('judges a name by its extension and a file by its first bytes', () => {
    const pdf = acceptedKinds({ accept: ['pdf'] })!;
    expect(nameAccepted(pdf, '计划书.PDF')).toBe(true);
    expect(nameAccepted(pdf, '计划书.docx')).toBe(false);
    expect(bytesAccepted(pdf, head('%PDF-1.7\n'))).toBe(true);
    expect(bytesAccepted(pdf, head('<html>%PDF-'))).toBe(false);
    expect(bytesAccepted(acceptedKinds({ accept: ['image'] })!, head([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe(true);
  });
});
